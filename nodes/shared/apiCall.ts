import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { ApiClient, ApiRequest, ApiResponse } from './apiClient';
import type { ServiceName } from './errors';
import { ServiceAnswerError } from './errors';
import { fileTextKind, hiddenTextFound } from './hiddenText';
import { forEachItem, pairsToObject, readJson, toItems } from './items';
import { assertPlainParameter, MAX_RATE_LIMIT_WAIT_OPTION, readOptions } from './options';
import { percentDecoded } from './percentDecoding';
import type { Audience } from './secretWrites';
import { refuseSecretWrites, SECRETS_IN_WRITES_OPTION } from './secretWrites';
import {
	fileNameFromDisposition,
	formBody,
	inputFile,
	isReadable,
	MAX_DOWNLOAD_SIZE_OPTION,
	parseAnswer,
	readBody,
	saveDownload,
	sizeOf,
	UploadBody,
} from './transfer';
import type { MultipartPart } from './uploads';
import { binaryFileBody, multipartBody } from './uploads';

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
	/**
	 * Runs the item another way than a REST request (GitHub: its GraphQL mode) and returns its
	 * items, or undefined for the REST request built from Method, Endpoint and Body.
	 */
	run?: (ctx: IExecuteFunctions, itemIndex: number, client: Client, options: IDataObject) => Promise<INodeExecutionData[] | undefined>;
	/**
	 * Sends the request the service's own way (GitHub: following every page) and returns the
	 * output, or undefined to have it sent as one request answered in the chosen Response Format.
	 */
	send?: (ctx: IExecuteFunctions, itemIndex: number, client: Client, request: ApiRequest) => Promise<unknown>;
	/** Who can read what a write to this path publishes; asked only when its body holds a secret. */
	audience?: (ctx: IExecuteFunctions, client: Client, request: ApiRequest) => Promise<{ audience: Audience; place: string }>;
}

type BodyContentType = 'json' | 'form' | 'multipart' | 'binary';
type ResponseFormat = 'autodetect' | 'json' | 'text' | 'file';

/** Content types whose body the scope checks could not read; the JSON body sends them. */
const STRUCTURED_CONTENT_TYPES = /^(application\/(json|x-www-form-urlencoded)|multipart\/)|\+json$/i;

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

/**
 * The API Call node's properties, in the order the form shows them.
 * Long: the whole form read top to bottom as data; split, one form would be scattered over files.
 */
export function apiCallProperties<Client extends ApiClient>(
	authentication: INodeProperties,
	service: ApiCallService<Client>,
): INodeProperties[] {
	const withBody = service.methods.filter((m) => m !== 'GET');
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
			displayName: 'Body Content Type',
			name: 'bodyContentType',
			type: 'options',
			options: [
				{ name: 'Binary File', value: 'binary', description: 'The bytes of a binary property of the input item' },
				{ name: 'Form URL-Encoded', value: 'form', description: 'Fields as application/x-www-form-urlencoded' },
				{ name: 'JSON', value: 'json' },
				{ name: 'Multipart Form', value: 'multipart', description: 'Fields and files as multipart/form-data' },
			],
			default: 'json',
			displayOptions: { show: { method: withBody } },
		},
		{
			displayName: 'Body (JSON)',
			name: 'body',
			type: 'json',
			default: '',
			displayOptions: { show: { method: withBody, bodyContentType: ['json'] } },
			description: `JSON request body, e.g. ${service.bodyExample}`,
		},
		{
			...nameValueRows('formFields', 'Form Fields', { name: 'field', displayName: 'Field' }),
			displayOptions: { show: { method: withBody, bodyContentType: ['form', 'multipart'] } },
		},
		{
			displayName: 'Form Files',
			name: 'formFiles',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			default: {},
			placeholder: 'Add File',
			displayOptions: { show: { method: withBody, bodyContentType: ['multipart'] } },
			options: [
				{
					name: 'file',
					displayName: 'File',
					values: [
						{ displayName: 'Field Name', name: 'name', type: 'string', default: 'file' },
						{
							displayName: 'Input Binary Field',
							name: 'binaryPropertyName',
							type: 'string',
							default: 'data',
							description: 'Binary property of the input item whose file is sent in this field',
						},
					],
				},
			],
		},
		{
			displayName: 'Input Binary Field',
			name: 'inputBinaryField',
			type: 'string',
			default: 'data',
			displayOptions: { show: { method: withBody, bodyContentType: ['binary'] } },
			description: 'Binary property of the input item whose bytes are the body',
		},
		{
			displayName: 'Content Type',
			name: 'contentType',
			type: 'string',
			default: '',
			placeholder: 'e.g. application/zip',
			displayOptions: { show: { method: withBody, bodyContentType: ['binary'] } },
			description: 'Content-Type header of the body. Empty: the MIME type of the binary data.',
		},
		...(service.afterBody ?? []),
		{
			displayName: 'Response Format',
			name: 'responseFormat',
			type: 'options',
			options: [
				{ name: 'Autodetect', value: 'autodetect', description: 'JSON, text (also any answer with a charset) or a file, by the answer’s content type' },
				{ name: 'File', value: 'file', description: 'The answer as binary data' },
				{ name: 'JSON', value: 'json' },
				{ name: 'Text', value: 'text' },
			],
			default: 'autodetect',
		},
		{
			displayName: 'Output Binary Field',
			name: 'outputBinaryField',
			type: 'string',
			default: 'data',
			displayOptions: { show: { responseFormat: ['autodetect', 'file'] } },
			description: 'Binary property the file goes to when the answer is a file',
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
				...(service.options ?? []),
				...(service.audience ? [SECRETS_IN_WRITES_OPTION] : []),
				MAX_DOWNLOAD_SIZE_OPTION,
				MAX_RATE_LIMIT_WAIT_OPTION,
			],
		},
	];
}

/**
 * A name given twice with different values would be sent as one of them only (or both), while
 * checks read the other: refused as bad input. Names differing only in case count as one.
 */
export function assertNoConflictingRows(
	ctx: IExecuteFunctions,
	rows: Array<{ name?: string; value?: unknown }> | undefined,
	displayName: string,
	itemIndex: number,
): void {
	const seen = new Map<string, { name: string; value: string }>();
	for (const row of rows ?? []) {
		if (!row.name) continue;
		if (typeof row.name !== 'string') {
			throw new NodeOperationError(ctx.getNode(), `The "${displayName}" parameter has a name that is not text`, {
				itemIndex,
				description: `Give each name in "${displayName}" as text.`,
			});
		}
		assertPlainParameter(ctx, row.value, displayName, itemIndex, row.name);
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
			const options = readOptions(ctx, i);
			const itemClient = service.createClient(ctx, i, options);
			client = itemClient;
			const ownItems = service.run ? await service.run(ctx, i, itemClient, options) : undefined;
			if (ownItems) return ownItems;
			const method = ctx.getNodeParameter('method', i) as IHttpRequestMethods;
			const rows = ctx.getNodeParameter('queryParameters.parameter', i, []) as Array<{ name: string; value: string }>;
			assertNoConflictingRows(ctx, rows, 'Query Parameters', i);
			const endpoint = ctx.getNodeParameter('endpoint', i) as unknown;
			assertPlainParameter(ctx, endpoint, 'Endpoint', i);
			const { path, qs } = withPathQuery(ctx, i, String(endpoint).trim(), pairsToObject(rows));
			const body = method === 'GET' ? undefined : await requestBody(ctx, i);
			let request: ApiRequest = { method, path, qs, body };
			if (service.prepare) request = service.prepare(ctx, i, request);
			const audience = service.audience;
			if (audience && method !== 'GET' && method !== 'HEAD') {
				const form = request.body instanceof UploadBody ? request.body.fields : request.body;
				await refuseSecretWrites({
					ctx,
					itemIndex: i,
					values: [
						{ field: 'Endpoint', value: request.path },
						{ field: 'Query Parameters', value: request.qs },
						...(Buffer.isBuffer(form) ? [] : [{ field: 'Body', value: form }]),
					],
					ownSecrets: await itemClient.secrets(),
					setting: options.secretsInWrites,
					audience: async () => await audience(ctx, itemClient, request),
				});
			}
			const output = service.send ? await service.send(ctx, i, itemClient, request) : undefined;
			if (output !== undefined) return toItems(output, i);
			const headers = { ...request.headers };
			if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept')) headers.Accept = 'application/json';
			const response = await itemClient.send({ ...request, headers, encoding: 'stream' });
			return await answerItems(ctx, i, service.service, request.path, response, Boolean(options.fullResponse));
		},
		async () => (client ? await client.secrets() : []),
	);
}

/**
 * A query string written into the endpoint (what an MCP client or agent can fill when only the
 * endpoint is exposed) joins Query Parameters, so the scope checks it the same way. A name given
 * in both places is refused rather than one silently winning. A fragment stays in the path and
 * is refused by the scope.
 */
function withPathQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	endpoint: string,
	queryParameters: IDataObject,
): { path: string; qs: IDataObject } {
	const at = endpoint.indexOf('?');
	if (at < 0 || endpoint.includes('#')) return { path: endpoint, qs: queryParameters };
	const qs: IDataObject = {};
	for (const [name, value] of new URLSearchParams(endpoint.slice(at + 1))) {
		if (name in queryParameters) {
			throw new NodeOperationError(ctx.getNode(), `The query parameter "${name}" is given both in "Endpoint" and in "Query Parameters"`, {
				itemIndex,
				description: `Give "${name}" in one place only.`,
			});
		}
		const earlier = qs[name];
		qs[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value] as string[];
	}
	return { path: endpoint.slice(0, at), qs: { ...qs, ...queryParameters } };
}

/** The body the item sends, as "Body Content Type" says. */
async function requestBody(ctx: IExecuteFunctions, itemIndex: number): Promise<unknown> {
	const kind = ctx.getNodeParameter('bodyContentType', itemIndex, 'json') as BodyContentType;
	if (kind === 'json') return readJson(ctx, 'body', 'Body (JSON)', itemIndex);
	const rows = ctx.getNodeParameter('formFields.field', itemIndex, []) as Array<{ name: string; value: string }>;
	const fields = Object.fromEntries(rows.filter((row) => row.name).map((row) => [row.name, String(row.value ?? '')]));
	if (kind === 'form') return formBody(fields);
	if (kind === 'multipart') {
		const files = ctx.getNodeParameter('formFiles.file', itemIndex, []) as Array<{ name: string; binaryPropertyName: string }>;
		const parts: MultipartPart[] = Object.entries(fields).map(([field, value]) => ({ field, value }));
		for (const entry of files) {
			const file = inputFile(ctx, itemIndex, String(entry.binaryPropertyName || 'data').trim(), 'Form Files');
			parts.push({ field: String(entry.name || 'file'), file, size: await sizeOf(ctx, itemIndex, file) });
		}
		return multipartBody(parts);
	}
	const file = inputFile(ctx, itemIndex, String(ctx.getNodeParameter('inputBinaryField', itemIndex, 'data')).trim() || 'data', 'Input Binary Field');
	const contentTypeParameter = String(ctx.getNodeParameter('contentType', itemIndex, '')).trim();
	const contentType = contentTypeParameter || file.mimeType;
	if (STRUCTURED_CONTENT_TYPES.test(contentType.split(';')[0].trim())) {
		throw new NodeOperationError(ctx.getNode(), `The "Content Type" of a binary body may not be ${contentType}`, {
			itemIndex,
			description: 'Send JSON with Body Content Type "JSON" and forms with "Form URL-Encoded" or "Multipart Form", so their fields are checked like any other; for a file, set "Content Type" to its own type (e.g. application/zip).',
		});
	}
	const size = await sizeOf(ctx, itemIndex, file);
	return binaryFileBody(file, size, contentTypeParameter ? { value: contentTypeParameter, parameter: 'Content Type' } : undefined);
}

/** JSON and GitHub's JSON media types; text types and GitHub's text answers (diff, patch, sha). */
const JSON_TYPES = /^application\/(json|[^;]*\+json)$/i;
const TEXT_TYPES = /^(text\/|application\/(xml|javascript|[^;]*\+xml)$|application\/vnd\.github(\.v3)?\.(diff|patch|sha|text|html)\b)/i;

/**
 * Autodetect: JSON types are parsed; text types, and any type with a charset parameter (GitHub's
 * raw media type for a text file: application/vnd.github.v3.raw; charset=utf-8), are text, as
 * n8n's HTTP Request node reads them; everything else is a file.
 */
function formatFor(mimeType: string, contentType: string): ResponseFormat {
	if (!mimeType || JSON_TYPES.test(mimeType)) return 'json';
	if (TEXT_TYPES.test(mimeType) || /;\s*charset\s*=/i.test(contentType)) return 'text';
	return 'file';
}

/** The answer as output items: parsed JSON, text, or n8n binary data named after the answer. */
async function answerItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	service: ServiceName,
	path: string,
	response: ApiResponse,
	fullResponse: boolean,
): Promise<INodeExecutionData[]> {
	const { statusCode, headers } = response;
	const wrap = (body: unknown) => (fullResponse ? { statusCode, headers, body } : body);
	// Answers the scope filtered were read already and are JSON.
	if (!isReadable(response.body)) return toItems(wrap(response.body), itemIndex);
	const contentType = String(headers['content-type'] ?? '');
	const mimeType = contentType.split(';')[0].trim().toLowerCase();
	const chosen = ctx.getNodeParameter('responseFormat', itemIndex, 'autodetect') as ResponseFormat;
	const format = chosen === 'autodetect' ? formatFor(mimeType, contentType) : chosen;
	if (format === 'file') {
		const fileName = fileNameFromDisposition(headers['content-disposition']) ?? lastSegment(path);
		const property = String(ctx.getNodeParameter('outputBinaryField', itemIndex, 'data')).trim() || 'data';
		const binary = await saveDownload(ctx, response.body, fileName, mimeType || undefined);
		return [{ json: fullResponse ? { statusCode, headers } : {}, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
	}
	const bytes = await readBody(response.body);
	if (format === 'text') {
		// Returned as stored (it may be written back); the hidden pieces it carries are counted beside it.
		const text = bytes.toString('utf8');
		// GitHub's readme endpoints answer with the README, which it renders (Markdown as a rule).
		const kind = /\/readme(?:\/|$|\?)/i.test(path) ? 'markdown' : fileTextKind(lastSegment(path));
		const found = hiddenTextFound(text, kind);
		return toItems(wrap(text), itemIndex).map((item) => ({ ...item, json: { ...item.json, ...found } }));
	}
	const parsed = parseAnswer(bytes);
	if (chosen === 'json' && typeof parsed === 'string' && parsed !== '') {
		throw new ServiceAnswerError(
			`${service} answered with ${mimeType || 'no content type'}, not JSON`,
			'Set "Response Format" to Autodetect, Text or File for this endpoint.',
			response,
		);
	}
	return toItems(wrap(parsed), itemIndex);
}

/** The file name an answer without Content-Disposition gets: the endpoint's last path segment. */
function lastSegment(path: string): string {
	const segment = path.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? 'file';
	return percentDecoded(segment) ?? segment;
}
