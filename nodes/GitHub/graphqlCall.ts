import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../shared/errors';
import { readJson, toItems } from '../shared/items';
import { MAX_PAGES, PageLimit } from '../shared/paging';
import { parseGraphqlDocument } from './scope/graphqlDocument';
import type { GitHubClient } from './transport';

/**
 * The GraphQL mode of the GitHub API Call node: one query (with variables and an optional
 * operation name) sent to the credential's GraphQL endpoint through the same transport as REST
 * calls (host lock, scope, pacing by GitHub's graphql budget, redaction), optionally following a
 * connection's cursor from page to page.
 */

const GRAPHQL_ONLY = { show: { mode: ['graphql'] } };
const PAGING_ONLY = { show: { mode: ['graphql'], followCursor: [true] } };
const DEFAULT_MAX_PAGES = 100;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

export const MODE_PROPERTY: INodeProperties = {
	displayName: 'API',
	name: 'mode',
	type: 'options',
	options: [
		{ name: 'GraphQL', value: 'graphql', description: 'A GraphQL query to the credential’s GraphQL endpoint' },
		{ name: 'REST', value: 'rest', description: 'A request to a REST path' },
	],
	default: 'rest',
};

export const GRAPHQL_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		required: true,
		displayOptions: GRAPHQL_ONLY,
		placeholder:
			'query($owner: String!, $name: String!, $cursor: String) { repository(owner: $owner, name: $name) { issues(first: 100, after: $cursor) { nodes { number title } pageInfo { hasNextPage endCursor } } } }',
		description: 'GraphQL document to send. With a credential limited to repositories it must start at repository(owner:, name:) of an allowed one.',
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'json',
		default: '',
		displayOptions: GRAPHQL_ONLY,
		description: 'Values of the query’s variables as a JSON object, e.g. {"owner": "octo", "name": "hello"}',
	},
	{
		displayName: 'Operation Name',
		name: 'operationName',
		type: 'string',
		default: '',
		displayOptions: GRAPHQL_ONLY,
		description: 'Which operation of the document to run, when it holds more than one',
	},
	{
		displayName: 'Follow Cursor Pages',
		name: 'followCursor',
		type: 'boolean',
		default: false,
		displayOptions: GRAPHQL_ONLY,
		description: 'Whether to run the query again with each page’s endCursor until hasNextPage is false, returning one item per node of the connection',
	},
	{
		displayName: 'Connection Path',
		name: 'connectionPath',
		type: 'string',
		default: '',
		required: true,
		displayOptions: PAGING_ONLY,
		placeholder: 'repository.issues',
		description: 'Dotted path from "data" to the connection to page through; it must select nodes (or edges) and pageInfo { hasNextPage endCursor }',
	},
	{
		displayName: 'Cursor Variable',
		name: 'cursorVariable',
		type: 'string',
		default: 'cursor',
		displayOptions: PAGING_ONLY,
		description: 'Variable of the query (without $) that receives the cursor, used as after: $cursor on the connection',
	},
	{
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_PAGES },
		default: DEFAULT_MAX_PAGES,
		displayOptions: PAGING_ONLY,
		description: `Most pages to fetch for one item (at most ${MAX_PAGES}); paging stops there without an error`,
	},
];

/** REST settings shown in REST mode only; the credential and the Options stay in both modes. */
export function restOnly(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		if (property.name === 'authentication' || property.name === 'options') return property;
		const show = property.displayOptions?.show ?? {};
		return { ...property, displayOptions: { ...property.displayOptions, show: { ...show, mode: ['rest'] } } };
	});
}

function badInput(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** The item's GraphQL call, or undefined in REST mode. */
export async function runGraphqlCall(
	ctx: IExecuteFunctions,
	itemIndex: number,
	client: GitHubClient,
	options: IDataObject,
): Promise<INodeExecutionData[] | undefined> {
	if (ctx.getNodeParameter('mode', itemIndex, 'rest') !== 'graphql') return undefined;
	const query = String(ctx.getNodeParameter('query', itemIndex, '')).trim();
	if (!query) throw badInput(ctx, itemIndex, 'The "Query" parameter is empty', 'Write the GraphQL query to send, e.g. { viewer { login } }.');
	const variables = readJson(ctx, 'variables', 'Variables', itemIndex) ?? {};
	if (Array.isArray(variables) || typeof variables !== 'object') {
		throw badInput(ctx, itemIndex, 'The "Variables" parameter is not a JSON object', 'Give the variables as an object, e.g. {"owner": "octo", "name": "hello"}.');
	}
	const operationName = String(ctx.getNodeParameter('operationName', itemIndex, '')).trim();
	const body: IDataObject = { query, variables };
	if (operationName) body.operationName = operationName;

	if (!ctx.getNodeParameter('followCursor', itemIndex, false)) {
		const response = await client.graphqlResponse(body);
		const data = response.body.data ?? {};
		const { statusCode, headers } = response;
		return toItems(options.fullResponse ? { statusCode, headers, body: response.body } : data, itemIndex);
	}

	const path = String(ctx.getNodeParameter('connectionPath', itemIndex, '')).trim();
	const steps = path.split('.').map((step) => step.trim());
	if (!path || steps.some((step) => !GRAPHQL_NAME.test(step))) {
		throw badInput(ctx, itemIndex, `The "Connection Path" parameter "${path}" is not a path of field names`, 'Give the dotted path from "data" to the connection, e.g. repository.issues (aliases as written in the query).');
	}
	const cursorVariable = String(ctx.getNodeParameter('cursorVariable', itemIndex, 'cursor')).trim().replace(/^\$/, '') || 'cursor';
	assertDeclaresCursor(ctx, itemIndex, query, operationName, cursorVariable);
	const maxPages = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(ctx.getNodeParameter('maxPages', itemIndex, DEFAULT_MAX_PAGES)) || 1)));

	const pageLimit = new PageLimit('GitHub');
	const entries: unknown[] = [];
	let cursor = (variables as IDataObject)[cursorVariable] ?? null;
	for (let page = 0; page < maxPages; page++) {
		pageLimit.admit(cursor === null ? 'first page' : `cursor ${JSON.stringify(cursor)}`);
		const response = await client.graphqlResponse({ ...body, variables: { ...variables, [cursorVariable]: cursor } });
		const connection = steps.reduce<unknown>((value, step) => (value && typeof value === 'object' ? (value as IDataObject)[step] : undefined), response.body.data);
		// A parent that is null (e.g. no such issue) has no connection: nothing to return.
		if (connection === null || connection === undefined) break;
		const { nodes, edges, pageInfo } = connection as { nodes?: unknown; edges?: unknown; pageInfo?: { hasNextPage?: unknown; endCursor?: unknown } };
		const pageEntries = Array.isArray(nodes) ? nodes : Array.isArray(edges) ? edges : undefined;
		if (!pageEntries || !pageInfo || typeof pageInfo.hasNextPage !== 'boolean') {
			throw new ServiceAnswerError(
				`GitHub's answer has no connection with ${pageEntries ? 'pageInfo { hasNextPage }' : 'nodes or edges'} at "${path}"`,
				`Select nodes { … } (or edges { node { … } }) and pageInfo { hasNextPage endCursor } on the connection at "${path}", or correct "Connection Path".`,
				response,
			);
		}
		entries.push(...pageEntries);
		if (!pageInfo.hasNextPage) break;
		if (typeof pageInfo.endCursor !== 'string' || pageInfo.endCursor === '') {
			throw new ServiceAnswerError(
				`GitHub's answer says there is a next page at "${path}" but gives no endCursor`,
				'Select pageInfo { hasNextPage endCursor } on the connection.',
				response,
			);
		}
		cursor = pageInfo.endCursor;
	}
	return toItems(entries, itemIndex);
}

/** Paging needs the operation that runs to declare the cursor variable, or every page would be the first. */
function assertDeclaresCursor(ctx: IExecuteFunctions, itemIndex: number, query: string, operationName: string, cursorVariable: string): void {
	let operations;
	try {
		operations = parseGraphqlDocument(query).operations;
	} catch (error) {
		throw badInput(ctx, itemIndex, `The "Query" parameter cannot be read: ${(error as Error).message}`, 'Correct the GraphQL syntax of the query.');
	}
	const operation = operationName ? operations.find((candidate) => candidate.name === operationName) : operations.length === 1 ? operations[0] : undefined;
	if (!operation) {
		throw badInput(ctx, itemIndex, operationName ? `The query has no operation named "${operationName}"` : 'The query holds more than one operation', 'Set "Operation Name" to the operation to page through.');
	}
	if (!operation.variables.some((variable) => variable.name === cursorVariable)) {
		throw badInput(
			ctx,
			itemIndex,
			`The query does not declare the cursor variable $${cursorVariable}`,
			`Declare it (query($${cursorVariable}: String) { … }) and pass it to the connection (after: $${cursorVariable}), or set "Cursor Variable" to the variable the query uses.`,
		);
	}
}
