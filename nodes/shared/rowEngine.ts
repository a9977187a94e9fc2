import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../credentials/requestGuard';
import type { FieldSet } from './simplify';
import type { ApiRequest } from './apiClient';
import type { UploadBody } from './transfer';
import { authoredFields, outputProperties } from './simplify';
import { shareRepeatedProperties } from './sharedProperties';

/**
 * Operations as data. One row per operation drives three things: the node's UI (resource,
 * operation and field properties), the request (method, path, query, body) and the tests
 * (each row is exercised against its fixture). Rows that need more than one request supply a
 * `handler`; everything else is generic.
 */

type FieldLocation = 'path' | 'query' | 'body' | 'none';

export interface RowField {
	/** Parameter name in the node; also the API field name unless `apiName` is given. */
	name: string;
	displayName: string;
	type: INodeProperties['type'];
	/** Where the value goes in the request; 'none' = read by a handler only. */
	in: FieldLocation;
	apiName?: string;
	required?: boolean;
	default?: INodeProperties['default'];
	/** Written for people and for AI agents choosing arguments. */
	description: string;
	options?: INodePropertyOptions[];
	placeholder?: string;
	/** Optional fields are grouped under "Additional Fields" / "Filters". */
	optional?: boolean;
	/** Any further UI settings (resource locator modes, typeOptions, displayOptions within the operation). */
	ui?: Partial<INodeProperties>;
	/** Path values that may hold "/" (branch names, file paths) keep it between encoded segments. */
	keepSlashes?: boolean;
	/**
	 * What the value names for the node allowlist check (GitHub: 'owner' or 'repository';
	 * a repository locator also accepts "owner/name" and repository URLs).
	 */
	identifies?: string;
	/** Only digits are accepted (issue and pull request numbers, run ids). */
	integer?: boolean;
	/** Numbers separated by commas or line breaks (team ids); each one is checked like `integer`. */
	integerList?: boolean;
	/** A json field whose value is a list of objects (e.g. a review's line comments) rather than one object. */
	jsonList?: boolean;
	/** Only narrows what another field's picker offers (a board to pick a card from): no argument of the operation. */
	pickerOnly?: boolean;
	/** A secret (an Actions secret's value): no message ever shows it, whatever was given. */
	secret?: boolean;
	/** Turns the UI value into the API value (e.g. comma list → array). Empty results are dropped. */
	toApi?: (value: unknown) => unknown;
}

/** A spec item, by the spec's own wording: a pre-built tool step or a generic API-call endpoint (its purpose). */
interface SpecTag {
	kind: 'toolStep' | 'endpoint';
	name: string;
}

interface PagingSpec {
	/** Property wrapping the list when the response is an object (GitHub search: items). */
	itemsKey?: string;
	/** Service-specific paging kind (Trello: all | limit | before). */
	kind?: string;
	maxPageSize?: number;
}

export interface OperationRow<Handler = unknown> {
	resource: string;
	operation: string;
	/** Operation name in the UI, e.g. "Create Issue". */
	name: string;
	/** Sentence shown as the action, e.g. "Create an issue". */
	action: string;
	/** Tells people and agents when to use this operation and what it returns. */
	description: string;
	method: IHttpRequestMethods;
	/** API path with {placeholders} filled from `path` fields, e.g. /repos/{owner}/{repo}/issues. */
	path: string;
	fields: RowField[];
	/** List operations get Return All / Limit and page through the transport. */
	paging?: PagingSpec;
	/** The spec's tool steps and endpoints this row implements (rows may implement more than the spec names). */
	spec?: SpecTag[];
	/** Multi-request operations (look-ups, GraphQL, binary). */
	handler?: Handler;
	/** Status codes that are answers, not failures (e.g. 404 = not starred). */
	acceptStatus?: number[];
	/** Query values every request of this row carries (e.g. closed=true for Archive Card). */
	fixedQuery?: IDataObject;
	/** Shapes a successful response into the output when the raw answer is unhelpful. */
	shapeAnswer?: (body: unknown, values: IDataObject) => unknown;
	/** Type of the objects returned (issue, card, …): the output gets Simplify and Output Fields. */
	objectType?: string;
	/**
	 * The node version from which the operation is no longer offered: nodes of earlier versions
	 * (existing workflows) keep it and run it, new nodes do not list it.
	 */
	retiredInVersion?: number;
	/** What the row does to data when its method does not tell (a GraphQL read is a POST). */
	effect?: RowEffect;
}

export interface ResourceSpec {
	name: string;
	value: string;
	description?: string;
}

const ADDITIONAL_FIELDS = 'additionalFields';

/** "A, B and C": the node's resources as its description names them, so a new resource shows up there too. */
export function resourceNames(resources: ResourceSpec[]): string {
	const names = resources.map((resource) => resource.name);
	return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** A catalogue's node properties (resource, operations, fields), fields shown alike written once. */
export function describeRows(...catalogue: Parameters<typeof propertiesRowByRow>): INodeProperties[] {
	return shareRepeatedProperties(propertiesRowByRow(...catalogue));
}

/** The same properties with every row's fields its own. */
export function propertiesRowByRow(
	resources: ResourceSpec[],
	rows: OperationRow[],
	fieldSets: Record<string, FieldSet> = {},
	/** What an item's trust label means in this service, told wherever a row returns authored text. */
	trustMeaning?: string,
): INodeProperties[] {
	const labelled = (row: OperationRow) => {
		const fields = row.objectType ? fieldSets[row.objectType] : undefined;
		return trustMeaning && fields && authoredFields(fields).length ? trustMeaning : undefined;
	};
	const firstResource = resources[0].value;
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map((r) => ({ name: r.name, value: r.value, description: r.description })),
			default: firstResource,
		},
	];
	for (const resource of resources) {
		properties.push(...operationProperties(resource, rows.filter((row) => row.resource === resource.value), labelled));
	}
	for (const row of rows) {
		const show = { resource: [row.resource], operation: [row.operation] };
		const required = row.fields.filter((field) => !field.optional);
		const optional = row.fields.filter((field) => field.optional);
		for (const field of required) properties.push(fieldProperty(field, show));
		if (row.paging) properties.push(...pagingProperties(show));
		if (row.objectType && fieldSets[row.objectType]) properties.push(...outputProperties(show, row.objectType, fieldSets[row.objectType], Boolean(row.paging), labelled(row)));
		if (optional.length) {
			properties.push({
				displayName: row.paging ? 'Filters' : 'Additional Fields',
				name: ADDITIONAL_FIELDS,
				type: 'collection',
				placeholder: row.paging ? 'Add Filter' : 'Add Field',
				default: {},
				displayOptions: { show },
				options: optional
					.map((field) => fieldProperty(field))
					.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			});
		}
	}
	return properties;
}

/**
 * The resource's Operation selector. With a retired operation there are two, told apart by node
 * version (n8n's editor and node creator show the one for the node's version): the current list
 * first, then the one that older nodes keep.
 */
function operationProperties(resource: ResourceSpec, ops: OperationRow[], labelled: (row: OperationRow) => string | undefined): INodeProperties[] {
	const selector = (rows: OperationRow[], version?: IDisplayOptions['show']): INodeProperties => {
		const firstOperation = rows[0]?.operation ?? '';
		return {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value], ...version } },
			options: rows
				.map((row) => ({ name: row.name, value: row.operation, action: toolAction(row, labelled(row)), description: row.description }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: firstOperation,
		};
	};
	const retired = [...new Set(ops.map((row) => row.retiredInVersion).filter((version) => version !== undefined))];
	if (retired.length === 0) return [selector(ops)];
	if (retired.length > 1) throw new Error(`Resource "${resource.value}": operations retired in more than one version`);
	const [version] = retired;
	return [
		selector(ops.filter((row) => row.retiredInVersion === undefined), { '@version': [{ _cnd: { gte: version } }] }),
		selector(ops, { '@version': [{ _cnd: { lt: version } }] }),
	];
}

/** What a row does to the service's data, for tool descriptions; rows may say it when the method does not (GraphQL reads). */
type RowEffect = 'reads' | 'changes' | 'deletes';

export function rowEffect(row: OperationRow): RowEffect {
	if (row.effect) return row.effect;
	if (row.method === 'GET' || row.method === 'HEAD') return 'reads';
	return row.method === 'DELETE' ? 'deletes' : 'changes';
}

const EFFECT_TEXT: Record<RowEffect, string> = {
	reads: 'read-only',
	changes: 'changes data',
	deletes: 'deletes data',
};

/** A repository picker also takes "owner/name" or the repository URL (a new repository's name does not). */
const acceptsOwnerAndName = (field: RowField) => field.identifies === 'repository' && field.type === 'resourceLocator';

/**
 * The arguments a row takes, by their names in the node: the required fields, then the ones shown
 * beside them that may stay empty (options grouped under Additional Fields / Filters are left out).
 * A repository picker also takes "owner/name", so the row's owner field is not one of them.
 */
export function toolArguments(row: OperationRow): { required: string[]; optional: string[] } {
	const shown = row.fields.filter((field) => !field.optional && !field.pickerOnly);
	const namesRepository = shown.some((field) => field.required && acceptsOwnerAndName(field));
	const named = (field: RowField) => (acceptsOwnerAndName(field) ? `${field.displayName} (owner/name)` : field.displayName);
	const kept = shown.filter((field) => !(namesRepository && field.identifies === 'owner'));
	return {
		required: kept.filter((field) => field.required).map(named),
		optional: kept.filter((field) => !field.required).map(named),
	};
}

/**
 * n8n describes an operation used as a tool (AI Agent, MCP Server Trigger) as "<action> in
 * <node name>". The action is one sentence built from the row alone, so it cannot disagree with
 * the fields: what it does, the arguments it takes, what it returns (and what its trust label
 * means, where the objects carry authored text), whether it changes data.
 */
export function toolAction(row: OperationRow, trustMeaning?: string): string {
	const { required, optional } = toolArguments(row);
	const takes = [
		`takes ${required.length ? required.join(', ') : 'no arguments'}`,
		...(optional.length ? [`optionally ${optional.join(', ')}`] : []),
	];
	const returned = row.objectType ? (row.paging ? `a list of ${row.objectType} objects` : `the ${row.objectType}`) : 'the result';
	const returns = trustMeaning ? `${returned}${row.paging ? ', each' : ''} with ${trustMeaning}` : returned;
	return `${row.action} (${takes.join('; ')}; returns ${returns}; ${EFFECT_TEXT[rowEffect(row)]})`;
}

/**
 * How a toolkit node is offered as a tool. n8n names a new node with `makeNodeName`
 * (n8n-workflow node-helpers): `defaults.name` while `skipNameGeneration` is set, else
 * "<operation action> in <defaults.name>" for a tool. The editor builds the tool variant from the
 * node's description with `usableAsTool.replacements` spread over it, while the tool that runs
 * (and that MCP clients and AI Agents see) is built from the node's own description, replacements
 * left out. So the tool variant gets name generation and the plain actions ("Create an issue in
 * GitHub Toolkit"), and the running tool keeps the full action as its description. n8n's type
 * names only the base fields as replaceable (see toolVariant).
 */
export function toolVariantNamedByOperation(
	properties: INodeProperties[],
	rows: OperationRow[],
): INodeTypeDescription['usableAsTool'] {
	const named = properties.map((property) => {
		if (property.name !== 'operation' || !property.options) return property;
		const resource = property.displayOptions?.show?.resource?.[0];
		return {
			...property,
			options: (property.options as INodePropertyOptions[]).map((option) => ({
				...option,
				action: rows.find((row) => row.resource === resource && row.operation === option.value)?.action ?? option.action,
			})),
		};
	});
	return toolVariant({ skipNameGeneration: false, properties: named });
}

/**
 * `usableAsTool` with replacements for the editor's tool variant. n8n spreads them over the whole
 * description (n8n/dist/tool-generation/ai-tools.js, createAiTools), though its type lists only the
 * base fields.
 */
export function toolVariant(replacements: Partial<INodeTypeDescription>): INodeTypeDescription['usableAsTool'] {
	return { replacements: replacements as NonNullable<Exclude<INodeTypeDescription['usableAsTool'], true>>['replacements'] };
}

function fieldProperty(field: RowField, show?: Record<string, string[]>): INodeProperties {
	const property: INodeProperties = {
		displayName: field.displayName,
		name: field.name,
		type: field.type,
		default: startValue(field),
		description: field.description,
		...(field.required ? { required: true } : {}),
		...(field.options ? { options: field.options } : {}),
		...(field.placeholder ? { placeholder: field.placeholder } : {}),
		...field.ui,
	};
	if (show) {
		const own = field.ui?.displayOptions?.show ?? {};
		property.displayOptions = { ...field.ui?.displayOptions, show: { ...own, ...show } };
	}
	return property;
}

/**
 * What a field holds when it is shown or added. An optional number starts empty (null, which n8n's
 * number input shows as blank): adding e.g. "Milestone Number" must not send a number nobody chose.
 */
function startValue(field: RowField): INodeProperties['default'] {
	if (field.optional && field.type === 'number') return null;
	return field.default !== undefined ? field.default : defaultFor(field.type);
}

function defaultFor(type: INodeProperties['type']): INodeProperties['default'] {
	switch (type) {
		case 'boolean':
			return false;
		case 'number':
			return 0;
		case 'multiOptions':
			return [];
		case 'collection':
		case 'fixedCollection':
			return {};
		case 'resourceLocator':
			return { mode: 'list', value: '' };
		default:
			return '';
	}
}

function pagingProperties(show: Record<string, string[]>): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/**
 * Every field value of a row for one item: required fields directly, optional ones from the
 * collection; resource locators (also inside the collection) reduced to their value.
 */
export function readFieldValues(ctx: IExecuteFunctions, row: OperationRow, itemIndex: number): IDataObject {
	const values: IDataObject = {};
	const optional = row.fields.some((f) => f.optional)
		? (ctx.getNodeParameter(ADDITIONAL_FIELDS, itemIndex, {}) as IDataObject)
		: {};
	for (const field of row.fields) {
		if (field.optional) {
			if (optional[field.name] === undefined) continue;
			values[field.name] =
				field.type === 'resourceLocator'
					? (ctx.getNodeParameter(`${ADDITIONAL_FIELDS}.${field.name}`, itemIndex, '', { extractValue: true }) as string)
					: optional[field.name];
			continue;
		}
		values[field.name] = readField(ctx, field, itemIndex);
	}
	return values;
}

/**
 * A field hidden by its displayOptions (e.g. "Source Branch" when starting from a SHA) is absent
 * from the node's parameters, and n8n cannot resolve it: it then takes its default.
 */
function readField(ctx: IExecuteFunctions, field: RowField, itemIndex: number): IDataObject[keyof IDataObject] {
	const fallback = startValue(field);
	if (ctx.getNode().parameters[field.name] === undefined) {
		const plain =
			fallback && typeof fallback === 'object' && !Array.isArray(fallback) && 'value' in fallback
				? (fallback as { value: unknown }).value
				: fallback;
		return plain as IDataObject[keyof IDataObject];
	}
	return ctx.getNodeParameter(field.name, itemIndex, fallback as never, {
		extractValue: field.type === 'resourceLocator',
	}) as IDataObject[keyof IDataObject];
}

export interface BuiltRequest {
	method: IHttpRequestMethods;
	path: string;
	qs: IDataObject;
	/** JSON fields, or what a handler uploads (bytes, a streamed file or form). */
	body?: IDataObject | Buffer | UploadBody;
	/** Set by handlers only (e.g. the content type of an upload). */
	headers?: Record<string, string>;
	/** Set by handlers only: the service's upload host instead of its API (see ApiRequest). */
	server?: 'uploads';
	/** Set by handlers only: the scope module's proof of what they checked (see ApiRequest). */
	scopeProof?: object;
	/** Set by handlers only: what a failure means beyond the service's words (see ApiRequest). */
	failureHint?: ApiRequest['failureHint'];
}

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0) ||
		(typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0)
	);
}

/**
 * The request a row sends for the given field values. Path values are encoded per segment so
 * user input can never add path segments; fields flagged `keepSlashes` keep their slashes.
 */
export function buildRequest(
	ctx: IExecuteFunctions,
	row: OperationRow,
	values: IDataObject,
	itemIndex: number,
): BuiltRequest {
	const qs: IDataObject = {};
	const body: IDataObject = {};
	let path = row.path;
	for (const field of row.fields) {
		const raw = values[field.name];
		const value = field.toApi && !isEmpty(raw) ? field.toApi(raw) : raw;
		const apiName = field.apiName ?? field.name;
		if (field.in === 'path') {
			const text = value === undefined || value === null ? '' : String(value).trim();
			if (!text) {
				throw new NodeOperationError(ctx.getNode(), `The "${field.displayName}" parameter is empty`, {
					itemIndex,
					description: `Give a value for "${field.displayName}".`,
				});
			}
			const parts = field.keepSlashes ? text.replace(/^\/+/, '').split('/') : [text];
			// "a//b" (or a URL: "https://…") would send an empty segment, which servers read in different ways.
			if (parts.slice(0, -1).includes('')) {
				throw new NodeOperationError(ctx.getNode(), `The "${field.displayName}" parameter has an empty part between two slashes ("//")`, {
					itemIndex,
					description: `Give "${field.displayName}" as a path such as ${field.placeholder?.replace(/^e\.g\. /, '') ?? 'a/b'}, not a URL, with one slash between parts.`,
				});
			}
			const encoded = parts.map(pathSegment).join('/');
			path = path.replace(`{${apiName}}`, encoded);
			continue;
		}
		if (isEmpty(value) && value !== false && value !== 0) {
			if (field.required && field.in !== 'none') {
				throw new NodeOperationError(ctx.getNode(), `The "${field.displayName}" parameter is empty`, {
					itemIndex,
					description: `Give a value for "${field.displayName}".`,
				});
			}
			continue;
		}
		if (field.in === 'query') qs[apiName] = value as IDataObject[keyof IDataObject];
		if (field.in === 'body') body[apiName] = value as IDataObject[keyof IDataObject];
	}
	Object.assign(qs, row.fixedQuery);
	const sendsBody = row.method !== 'GET' && row.method !== 'HEAD';
	return { method: row.method, path, qs, body: sendsBody && Object.keys(body).length ? body : undefined };
}

/** Comma- or newline-separated text (or an array) as a clean array of strings. */
export function listOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	return String(value ?? '')
		.split(/[,\n]/)
		.map((part) => part.trim())
		.filter(Boolean);
}
