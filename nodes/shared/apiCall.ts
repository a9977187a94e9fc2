import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiClient, ApiRequest } from './apiClient';
import type { ServiceName } from './errors';
import { forEachItem, pairsToObject, readJson, toItems } from './items';
import { MAX_RATE_LIMIT_WAIT_OPTION } from './options';

/**
 * The "API Call" node of a service: method, endpoint, query parameters and JSON body sent
 * through the service's transport (host lock, pacing, redaction). Services add their own
 * settings (GitHub: Accept, headers, paging) and may change the request or how it is sent.
 */
export interface ApiCallService<Client extends ApiClient> {
	service: ServiceName;
	methods: IHttpRequestMethods[];
	endpoint: { placeholder: string; description: string };
	bodyExample: string;
	/** Settings shown right after Endpoint. */
	afterEndpoint?: INodeProperties[];
	/** Settings shown right after Query Parameters. */
	afterQuery?: INodeProperties[];
	/** Settings shown right after Body. */
	afterBody?: INodeProperties[];
	/** Entries of the Options collection besides Max Rate-Limit Wait. */
	options?: INodeProperties[];
	createClient: (ctx: IExecuteFunctions, itemIndex: number, options: IDataObject) => Client;
	/** Adds what the service's own settings ask for (e.g. headers), or refuses the item. */
	prepare?: (ctx: IExecuteFunctions, itemIndex: number, request: ApiRequest) => ApiRequest;
	/** Sends the request; by default one request whose body is the output. */
	send?: (ctx: IExecuteFunctions, itemIndex: number, client: Client, request: ApiRequest, options: IDataObject) => Promise<unknown>;
}

/** A list of name/value rows (query parameters, headers), read back with pairsToObject. */
export function nameValueRows(
	name: string,
	displayName: string,
	entry: { name: string; displayName: string },
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: `Add ${entry.displayName === 'Parameter' ? 'Query Parameter' : entry.displayName}`,
		options: [
			{
				...entry,
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

export function apiCallProperties<Client extends ApiClient>(
	authentication: INodeProperties,
	service: ApiCallService<Client>,
): INodeProperties[] {
	return [
		authentication,
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			options: service.methods.map((m) => ({ name: m, value: m })),
			default: 'GET',
			description: `HTTP method of the ${service.service} REST endpoint`,
		},
		{
			displayName: 'Endpoint',
			name: 'endpoint',
			type: 'string',
			default: '',
			required: true,
			placeholder: service.endpoint.placeholder,
			description: service.endpoint.description,
		},
		...(service.afterEndpoint ?? []),
		nameValueRows('queryParameters', 'Query Parameters', { name: 'parameter', displayName: 'Parameter' }),
		...(service.afterQuery ?? []),
		{
			displayName: 'Body (JSON)',
			name: 'body',
			type: 'json',
			default: '',
			displayOptions: { show: { method: service.methods.filter((m) => m !== 'GET') } },
			description: `JSON request body, e.g. ${service.bodyExample}`,
		},
		...(service.afterBody ?? []),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [...(service.options ?? []), MAX_RATE_LIMIT_WAIT_OPTION],
		},
	];
}

/**
 * A name given twice with different values would be sent as one of them only (or both), while
 * checks read the other: refused as bad input. Names differing only in case count as one.
 */
function assertNoConflictingRows(
	ctx: IExecuteFunctions,
	rows: Array<{ name?: string; value?: unknown }> | undefined,
	displayName: string,
	itemIndex: number,
): void {
	const seen = new Map<string, { name: string; value: string }>();
	for (const row of rows ?? []) {
		if (!row.name) continue;
		const value = String(row.value ?? '');
		const first = seen.get(row.name.toLowerCase());
		if (!first) seen.set(row.name.toLowerCase(), { name: row.name, value });
		else if (first.value !== value) {
			throw new NodeOperationError(ctx.getNode(), `The "${displayName}" parameter names "${first.name}" twice with different values`, {
				itemIndex,
				description: `Keep one "${first.name}" row in "${displayName}".`,
			});
		}
	}
}

/** Runs the API Call node: one request (or the service's way of sending it) per item. */
export async function executeApiCall<Client extends ApiClient>(
	ctx: IExecuteFunctions,
	service: ApiCallService<Client>,
): Promise<INodeExecutionData[][]> {
	let client: Client | undefined;
	return await forEachItem(
		ctx,
		service.service,
		async (i) => {
			const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
			const itemClient = service.createClient(ctx, i, options);
			client = itemClient;
			const method = ctx.getNodeParameter('method', i) as IHttpRequestMethods;
			const path = String(ctx.getNodeParameter('endpoint', i)).trim();
			const rows = ctx.getNodeParameter('queryParameters.parameter', i, []) as Array<{ name: string; value: string }>;
			assertNoConflictingRows(ctx, rows, 'Query Parameters', i);
			const qs = pairsToObject(rows);
			const body = method === 'GET' ? undefined : readJson(ctx, 'body', 'Body (JSON)', i);
			let request: ApiRequest = { method, path, qs, body };
			if (service.prepare) request = service.prepare(ctx, i, request);
			const result = service.send
				? await service.send(ctx, i, itemClient, request, options)
				: await itemClient.request(request);
			return toItems(result, i);
		},
		async () => (client ? await client.secrets() : []),
	);
}
