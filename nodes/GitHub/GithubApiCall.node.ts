import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import type { ApiCallService } from '../shared/apiCall';
import { toolVariant } from '../shared/rowEngine';
import { apiCallProperties, assertNoConflictingRows, executeApiCall, nameValueRows } from '../shared/apiCall';
import { pairsToObject } from '../shared/items';
import { HIDDEN_TEXT_FOUND_NOTE } from '../shared/hiddenText';
import { assertPlainParameter, retryBoundsFrom } from '../shared/options';
import { writeAudience } from './audience';
import { downloadLimitFrom } from '../shared/transfer';
import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import { GRAPHQL_PROPERTIES, MODE_PROPERTY, restOnly, runGraphqlCall } from './graphqlCall';
import type { GitHubAuthentication } from './transport';
import { GITHUB_MEDIA_TYPE, GitHubClient } from './transport';

/** GitHub's own media types: application/vnd.github+json, application/vnd.github.raw+json, …diff, …v3.raw. */
const GITHUB_MEDIA_TYPE_PATTERN = /^application\/vnd\.github(\.[a-z0-9.-]+)?(\+[a-z0-9-]+)?$/i;

const GITHUB_API_CALL: ApiCallService<GitHubClient> = {
	service: 'GitHub',
	methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
	endpoint: {
		placeholder: '/repos/{owner}/{repo}/collaborators/{username}',
		description: 'Path of the REST endpoint on the credential’s GitHub server, starting with "/". Full URLs are refused.',
	},
	bodyExample: '{"permission": "push"}',
	afterEndpoint: [
		{
			displayName: 'Accept',
			name: 'accept',
			type: 'string',
			default: GITHUB_MEDIA_TYPE,
			description:
				"Media type GitHub answers with (the Accept header). The default is GitHub's JSON; its raw variant (vnd.github.raw) returns file contents as they are.",
		},
	],
	afterQuery: [nameValueRows('headers', 'Headers', { name: 'header', displayName: 'Header' })],
	afterBody: [
		{
			displayName: 'Follow All Pages',
			name: 'followAllPages',
			type: 'boolean',
			default: false,
			displayOptions: { show: { method: ['GET'] } },
			description: 'Whether to follow the Link header through every page and return one item per element',
		},
		{
			displayName: 'Items Property',
			name: 'itemsProperty',
			type: 'string',
			default: '',
			displayOptions: { show: { method: ['GET'], followAllPages: [true] } },
			placeholder: 'items',
			description:
				'For endpoints that wrap their list in an object (search: items, workflow runs: workflow_runs). Leave empty for plain lists.',
		},
	],
	createClient: (ctx, itemIndex, options) =>
		new GitHubClient(
			ctx,
			ctx.getNodeParameter('authentication', itemIndex) as GitHubAuthentication,
			retryBoundsFrom(options.maxRateLimitWait),
		).withDownloadLimit(downloadLimitFrom(options.maxDownloadSizeMb)),
	run: runGraphqlCall,
	audience: async (_ctx, client, request) => await writeAudience(client, request),
	prepare: (ctx, i, request) => {
		const acceptParameter = ctx.getNodeParameter('accept', i, GITHUB_MEDIA_TYPE);
		assertPlainParameter(ctx, acceptParameter, 'Accept', i);
		const accept = String(acceptParameter).trim() || GITHUB_MEDIA_TYPE;
		if (!GITHUB_MEDIA_TYPE_PATTERN.test(accept)) {
			throw new NodeOperationError(ctx.getNode(), `The "Accept" parameter "${accept}" is not a GitHub media type`, {
				itemIndex: i,
				description: `Set "Accept" to ${GITHUB_MEDIA_TYPE} (or another application/vnd.github… type such as application/vnd.github.raw+json).`,
			});
		}
		const headerRows = ctx.getNodeParameter('headers.header', i, []) as Array<{ name: string; value: string }>;
		assertNoConflictingRows(ctx, headerRows, 'Headers', i);
		const headers = pairsToObject(headerRows) as Record<string, string>;
		for (const name of Object.keys(headers)) {
			if (name.toLowerCase() === 'accept') delete headers[name];
			if (name.toLowerCase() === 'authorization') {
				throw new NodeOperationError(ctx.getNode(), 'The "Headers" parameter may not set Authorization', {
					itemIndex: i,
					description: 'Remove the Authorization header: the selected credential authenticates the request.',
				});
			}
		}
		headers.Accept = accept;
		return { ...request, headers };
	},
	send: async (ctx, i, client, request) => {
		if (request.method !== 'GET' || !ctx.getNodeParameter('followAllPages', i, false)) return undefined;
		const itemsProperty = ctx.getNodeParameter('itemsProperty', i, '');
		assertPlainParameter(ctx, itemsProperty, 'Items Property', i);
		const itemsKey = String(itemsProperty).trim() || undefined;
		return await client.paginate(request, { returnAll: true, itemsKey });
	},
};

/** Credential, API (REST or GraphQL), then the settings of the chosen API; Options serve both. */
function githubApiCallProperties() {
	const [authentication, ...rest] = restOnly(apiCallProperties(GITHUB_AUTHENTICATION_PROPERTY, GITHUB_API_CALL));
	const options = rest.pop()!;
	return [authentication, MODE_PROPERTY, ...rest, ...GRAPHQL_PROPERTIES, options];
}

// File and class follow the type name 'githubApiCall' (n8n's file-name rule), which saved workflows use.
export class GithubApiCall implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'GitHub Toolkit API Call',
		name: 'githubApiCall',
		icon: { light: 'file:github.svg', dark: 'file:github.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["mode"] === "graphql" ? "GraphQL" : $parameter["method"] + " " + $parameter["endpoint"]}}',
		// n8n runs a tool from the node's own description (replacements are for the editor only),
		// so the text a model needs is the description itself.
		description: `Sends one request to a GitHub REST path relative to the credential's API server (e.g. /repos/OWNER/NAME/issues?state=open; never a full URL) with the HTTP method set on this node, and returns the JSON answer; a GET only reads, other methods change or delete data. Refused before sending when the path is outside the credential's scope or the credential is read-only; the message says what is allowed. In GraphQL mode (set on the node) it sends a GraphQL query instead; with a credential limited to repositories, only queries that start at repository(owner:, name:) of an allowed repository pass. A text answer (a file read with the raw media type, a diff) comes in "value". ${HIDDEN_TEXT_FOUND_NOTE}`,
		defaults: { name: 'GitHub Toolkit API Call' },
		// A new tool node is named by what it does (n8n names it after defaults.name, as it has no operation).
		usableAsTool: toolVariant({ defaults: { name: 'Call the GitHub REST API' } }),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: GITHUB_CREDENTIALS,
		properties: githubApiCallProperties(),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeApiCall(this, GITHUB_API_CALL);
	}
}
