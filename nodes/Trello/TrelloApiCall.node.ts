import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { forEachItem, pairsToObject, readJson, toItems } from '../shared/items';
import { MAX_RATE_LIMIT_WAIT_OPTION, retryBoundsFrom } from '../shared/options';
import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import type { TrelloAuthentication } from './transport';
import { TrelloClient } from './transport';

export class TrelloApiCall implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit API Call',
		name: 'trelloApiCall',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["method"] + " " + $parameter["endpoint"]}}',
		description: 'Call any Trello REST endpoint with the connected account',
		defaults: { name: 'Trello Toolkit API Call' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: [
			TRELLO_AUTHENTICATION_PROPERTY,
			{
				displayName: 'Method',
				name: 'method',
				type: 'options',
				options: ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ name: m, value: m })),
				default: 'GET',
				description: 'HTTP method of the Trello REST endpoint',
			},
			{
				displayName: 'Endpoint',
				name: 'endpoint',
				type: 'string',
				default: '',
				required: true,
				placeholder: '/1/boards/{id}/cards',
				description: 'Path of the Trello REST endpoint, starting with /1/. Full URLs are refused.',
			},
			{
				displayName: 'Query Parameters',
				name: 'queryParameters',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				placeholder: 'Add Query Parameter',
				options: [
					{
						name: 'parameter',
						displayName: 'Parameter',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
			{
				displayName: 'Body (JSON)',
				name: 'body',
				type: 'json',
				default: '',
				displayOptions: { show: { method: ['POST', 'PUT', 'DELETE'] } },
				description: 'JSON request body, e.g. {"name": "New card", "idList": "…"}',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [MAX_RATE_LIMIT_WAIT_OPTION],
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		let client: TrelloClient | undefined;
		return await forEachItem(
			this,
			'Trello',
			async (i) => {
				const options = this.getNodeParameter('options', i, {}) as IDataObject;
				client = new TrelloClient(
					this,
					this.getNodeParameter('authentication', i) as TrelloAuthentication,
					retryBoundsFrom(options.maxRateLimitWait),
				);
				const method = this.getNodeParameter('method', i) as 'GET';
				const path = String(this.getNodeParameter('endpoint', i)).trim();
				const qs = pairsToObject(
					this.getNodeParameter('queryParameters.parameter', i, []) as Array<{ name: string; value: string }>,
				);
				const body = method === 'GET' ? undefined : readJson(this, 'body', 'Body (JSON)', i);
				const result = await client.request({ method, path, qs, body });
				return toItems(result, i);
			},
			async () => (client ? await client.secrets() : []),
		);
	}
}
