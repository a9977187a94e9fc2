import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { ApiCallService } from '../shared/apiCall';
import { toolVariant } from '../shared/rowEngine';
import { apiCallProperties, executeApiCall } from '../shared/apiCall';
import { retryBoundsFrom } from '../shared/options';
import { requestAudience } from './audience';
import { downloadLimitFrom } from '../shared/transfer';
import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import type { TrelloAuthentication } from './transport';
import { TrelloClient } from './transport';

const TRELLO_API_CALL: ApiCallService<TrelloClient> = {
	service: 'Trello',
	methods: ['GET', 'POST', 'PUT', 'DELETE'],
	endpoint: {
		placeholder: '/1/boards/{id}/cards',
		description: 'Path of the Trello REST endpoint, starting with /1/. Full URLs are refused.',
	},
	bodyExample: '{"name": "New card", "idList": "…"}',
	createClient: (ctx, itemIndex, options) =>
		new TrelloClient(
			ctx,
			ctx.getNodeParameter('authentication', itemIndex) as TrelloAuthentication,
			retryBoundsFrom(options.maxRateLimitWait),
		).withDownloadLimit(downloadLimitFrom(options.maxDownloadSizeMb)),
	audience: requestAudience,
};

export class TrelloApiCall implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit API Call',
		name: 'trelloApiCall',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["method"] + " " + $parameter["endpoint"]}}',
		// n8n runs a tool from the node's own description (replacements are for the editor only),
		// so the text a model needs is the description itself.
		description: `Sends one request to a Trello REST path relative to the credential's API server (e.g. /1/boards/BOARD_ID/cards?fields=name; never a full URL) with the HTTP method set on this node, and returns the JSON answer; a GET only reads, other methods change or delete data. Refused before sending when the path is outside the credential's scope or the credential is read-only; the message says what is allowed.`,
		defaults: { name: 'Trello Toolkit API Call' },
		// A new tool node is named by what it does (n8n names it after defaults.name, as it has no operation).
		usableAsTool: toolVariant({ defaults: { name: 'Call the Trello REST API' } }),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: apiCallProperties(TRELLO_AUTHENTICATION_PROPERTY, TRELLO_API_CALL),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeApiCall(this, TRELLO_API_CALL);
	}
}
