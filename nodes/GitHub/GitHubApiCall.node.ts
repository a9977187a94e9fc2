import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { forEachItem, pairsToObject, readJson, toItems } from '../shared/items';
import { MAX_RATE_LIMIT_WAIT_OPTION, retryBoundsFrom } from '../shared/options';
import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import type { GitHubAuthentication } from './transport';
import { GITHUB_MEDIA_TYPE, GitHubClient } from './transport';

/** GitHub's own media types: application/vnd.github+json, application/vnd.github.raw+json, …diff, …v3.raw. */
const GITHUB_MEDIA_TYPE_PATTERN = /^application\/vnd\.github(\.[a-z0-9.-]+)?(\+[a-z0-9-]+)?$/i;

export class GitHubApiCall implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'GitHub Toolkit API Call',
		name: 'githubApiCall',
		icon: { light: 'file:github.svg', dark: 'file:github.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["method"] + " " + $parameter["endpoint"]}}',
		description: 'Call any GitHub REST endpoint with the connected account',
		defaults: { name: 'GitHub Toolkit API Call' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: GITHUB_CREDENTIALS,
		properties: [
			GITHUB_AUTHENTICATION_PROPERTY,
			{
				displayName: 'Method',
				name: 'method',
				type: 'options',
				options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ name: m, value: m })),
				default: 'GET',
				description: 'HTTP method of the GitHub REST endpoint',
			},
			{
				displayName: 'Endpoint',
				name: 'endpoint',
				type: 'string',
				default: '',
				required: true,
				placeholder: '/repos/{owner}/{repo}/collaborators/{username}',
				description:
					'Path of the REST endpoint on the credential’s GitHub server, starting with "/". Full URLs are refused.',
			},
			{
				displayName: 'Accept',
				name: 'accept',
				type: 'string',
				default: GITHUB_MEDIA_TYPE,
				description:
					'GitHub media type of the response, e.g. application/vnd.github+json or application/vnd.github.raw+json',
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
				displayName: 'Headers',
				name: 'headers',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				placeholder: 'Add Header',
				options: [
					{
						name: 'header',
						displayName: 'Header',
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
				displayOptions: { show: { method: ['POST', 'PUT', 'PATCH', 'DELETE'] } },
				description: 'JSON request body, e.g. {"permission": "push"}',
			},
			{
				displayName: 'Follow All Pages',
				name: 'followAllPages',
				type: 'boolean',
				default: false,
				displayOptions: { show: { method: ['GET'] } },
				description:
					'Whether to follow the Link header through every page and return one item per element',
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
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Include Status and Headers',
						name: 'fullResponse',
						type: 'boolean',
						default: false,
						description: 'Whether to output statusCode, headers and body instead of the body alone',
					},
					MAX_RATE_LIMIT_WAIT_OPTION,
				],
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await forEachItem(this, 'GitHub', async (i) => {
				const options = this.getNodeParameter('options', i, {}) as IDataObject;
				const client = new GitHubClient(
					this,
					this.getNodeParameter('authentication', i) as GitHubAuthentication,
					retryBoundsFrom(options.maxRateLimitWait),
				);
				const method = this.getNodeParameter('method', i) as 'GET';
				const endpoint = String(this.getNodeParameter('endpoint', i)).trim();
				const accept = String(this.getNodeParameter('accept', i, GITHUB_MEDIA_TYPE)).trim() || GITHUB_MEDIA_TYPE;
				if (!GITHUB_MEDIA_TYPE_PATTERN.test(accept)) {
					throw new NodeOperationError(
						this.getNode(),
						`The "Accept" parameter "${accept}" is not a GitHub media type`,
						{
							itemIndex: i,
							description: `Set "Accept" to ${GITHUB_MEDIA_TYPE} (or another application/vnd.github… type such as application/vnd.github.raw+json).`,
						},
					);
				}
				const headerRows = this.getNodeParameter('headers.header', i, []) as Array<{ name: string; value: string }>;
				const headers = pairsToObject(headerRows) as Record<string, string>;
				for (const name of Object.keys(headers)) {
					if (name.toLowerCase() === 'accept') delete headers[name];
					if (name.toLowerCase() === 'authorization') {
						throw new NodeOperationError(this.getNode(), 'The "Headers" parameter may not set Authorization', {
							itemIndex: i,
							description: 'Remove the Authorization header: the selected credential authenticates the request.',
						});
					}
				}
				headers.Accept = accept;
				const qs = pairsToObject(
					this.getNodeParameter('queryParameters.parameter', i, []) as Array<{ name: string; value: string }>,
				);
				const body = method === 'GET' ? undefined : readJson(this, 'body', 'Body (JSON)', i);
				const request = { method, path: endpoint, qs, headers, body };

				if (method === 'GET' && this.getNodeParameter('followAllPages', i, false)) {
					const itemsKey = String(this.getNodeParameter('itemsProperty', i, '')).trim() || undefined;
					const all = await client.paginate(request, { returnAll: true, itemsKey });
					return toItems(all, i);
				}
				const response = await client.send(request);
				const result = options.fullResponse
					? { statusCode: response.statusCode, headers: response.headers, body: response.body }
					: response.body;
				return toItems(result, i);
		});
	}
}
