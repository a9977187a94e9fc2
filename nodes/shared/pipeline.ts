import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiClient } from './apiClient';
import type { BuiltRequest, RowField, OperationRow } from './rowEngine';
import type { OperationKeyOf } from './operationKeys';
import { findRow } from './operationKeys';
import { readLimit, readOptions } from './options';
import { buildRequest, listOf, readFieldValues, rowEffect } from './rowEngine';
import type { ServiceName } from './errors';
import { fieldTypeProblem } from './fieldTypes';
import { forEachItem, toItems } from './items';
import type { FieldSet, TrustOf } from './simplify';
import { shapeOutput } from './simplify';
import type { Audience } from './secretWrites';
import { refuseSecretWrites } from './secretWrites';

/**
 * One run of one row for one item, as the pipeline steps and a row's handler see it.
 * `Allowlist` is what the node allowlist check found (GitHub: the repository allowlist,
 * Trello: the allowed boards and their check).
 */
export interface RowRun<Row, Client, Allowlist> {
	ctx: IExecuteFunctions;
	client: Client;
	row: Row;
	/** The item's field values, locators reduced to their value, checked and resolved. */
	values: IDataObject;
	itemIndex: number;
	/** The request the row's fields describe (path, query, body already filled). */
	request: BuiltRequest;
	allowlist: Allowlist;
	/**
	 * Runs the row's request (or its paging) — optionally a changed one — and shapes the output
	 * items. `keep` drops list entries as the service returned them, before any shaping.
	 */
	generic: (request?: BuiltRequest, keep?: (raw: IDataObject) => boolean) => Promise<INodeExecutionData[]>;
	/** Shapes an answer a handler obtained itself into output items, as `generic` shapes its own. */
	respond: (body: unknown) => Promise<INodeExecutionData[]>;
}

/** What a run is before its allowlist is known (resolution and the allowlist check see this). */
export type ResolvingRun<Row, Client> = Omit<RowRun<Row, Client, never>, 'allowlist' | 'generic' | 'request' | 'respond'>;

interface PageSettings {
	returnAll: boolean;
	limit: number;
}

/** The parts of a run that differ between services; everything else is the pipeline's. */
export interface ServiceRunner<Row extends OperationRow, Client extends ApiClient, Allowlist> {
	service: ServiceName;
	rows: Row[];
	/** Clients are reused across items with the same key (authentication and retry bounds). */
	clientKey: (itemIndex: number, options: IDataObject) => string;
	createClient: (itemIndex: number, options: IDataObject) => Client;
	/** Options fields reject values outside their list (expressions included). */
	strictChoices?: boolean;
	/** Turns references in the values into what the API expects (e.g. board short link → id). */
	resolve?: (run: ResolvingRun<Row, Client>, options: IDataObject) => Promise<void>;
	/** Stops the run before any write when the row's objects are outside the node's allowlist. */
	checkAllowlist: (run: ResolvingRun<Row, Client>, options: IDataObject) => Promise<Allowlist>;
	/** Lists through the service's paging kinds. */
	paginate: (run: RowRun<Row, Client, Allowlist>, request: BuiltRequest, page: PageSettings) => Promise<unknown[]>;
	/**
	 * Last shaping step after the row's own `shapeAnswer` (the place for per-object-type output
	 * choices such as a simplified field set).
	 */
	shape?: (run: RowRun<Row, Client, Allowlist>, body: unknown) => unknown;
	/** Simplified field sets per object type (rows name theirs in `objectType`). */
	fieldSets?: Record<string, FieldSet>;
	/**
	 * Withholds what untrusted authors wrote from an answer of an object type with a field set
	 * (before it is simplified, so raw output is covered too), when the node or credential asks.
	 */
	withhold?: (run: RowRun<Row, Client, Allowlist>, fields: FieldSet, body: unknown, options: IDataObject) => Promise<unknown>;
	/** The trust label of a simplified object, from its answer as `withhold` left it (sends no request). */
	trustOf?: TrustOf;
	/** Who can read what a write puts in the row's target; asked only when its values hold a secret. */
	/** Who can read what the write leaves behind; `request` is the request as built from the row. */
	audience?: (run: ResolvingRun<Row, Client>, request: BuiltRequest) => Promise<{ audience: Audience; place: string }>;
}

type Handler<Row, Client, Allowlist> = (run: RowRun<Row, Client, Allowlist>) => Promise<INodeExecutionData[]>;

/**
 * Runs a node's rows, item by item: read the row → resolve the field values → allowlist check →
 * request or paging (or the row's handler) → shape the output → items paired to their input.
 */
export async function runRows<Row extends OperationRow, Client extends ApiClient, Allowlist>(
	ctx: IExecuteFunctions,
	runner: ServiceRunner<Row, Client, Allowlist>,
): Promise<INodeExecutionData[][]> {
	const clients = new Map<string, Client>();
	let client: Client | undefined;
	/** The current item's values of secret fields (an Actions secret): kept out of every error. */
	let sensitive: string[] = [];
	return await forEachItem(
		ctx,
		runner.service,
		async (itemIndex) => {
			sensitive = [];
			const resource = ctx.getNodeParameter('resource', itemIndex) as string;
			const operation = ctx.getNodeParameter('operation', itemIndex) as string;
			// Parameters of a saved workflow may name an operation that is gone: undefined below.
			const row = findRow(runner.rows, `${resource}.${operation}` as OperationKeyOf<Row>);
			if (!row) {
				throw new NodeOperationError(ctx.getNode(), `The operation "${resource} → ${operation}" is not known`, {
					itemIndex,
					description: 'Choose a resource and operation from the lists.',
				});
			}
			const options = readOptions(ctx, itemIndex);
			const key = runner.clientKey(itemIndex, options);
			client = clients.get(key);
			if (!client) {
				client = runner.createClient(itemIndex, options);
				clients.set(key, client);
			}

			const read = readFieldValues(ctx, row, itemIndex);
			sensitive = row.fields.filter((field) => field.secret).flatMap((field) => textsIn(read[field.name]));
			const values = checkedValues(ctx, row, read, itemIndex, runner.strictChoices);
			const resolving: ResolvingRun<Row, Client> = { ctx, client, row, values, itemIndex };
			if (runner.resolve) await runner.resolve(resolving, options);
			const allowlist = await runner.checkAllowlist(resolving, options);
			const request = buildRequest(ctx, row, values, itemIndex);
			if (runner.audience && rowEffect(row) !== 'reads') {
				const audience = runner.audience;
				await refuseSecretWrites({
					ctx,
					itemIndex,
					// An Actions secret's value is meant to be a secret (it is sealed before it leaves).
					values: row.fields.filter((field) => !field.secret && !field.pickerOnly).map((field) => ({ field: field.displayName, value: values[field.name] })),
					ownSecrets: await client.secrets(),
					setting: options.secretsInWrites,
					audience: async () => await audience(resolving, request),
				});
			}

			const run: RowRun<Row, Client, Allowlist> = {
				...resolving,
				allowlist,
				request,
				generic: async (request = run.request, keep) => await generic(runner, run, request, keep),
				respond: async (body) => await respond(runner, run, body),
			};
			const handler = row.handler as Handler<Row, Client, Allowlist> | undefined;
			return handler ? await handler(run) : await run.generic();
		},
		async () => [...(client ? await client.secrets() : []), ...sensitive],
	);
}

/** Every text inside a value (a secret given as an object or a list is secret throughout). */
function textsIn(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
	if (value && typeof value === 'object') return Object.values(value).flatMap(textsIn);
	return [];
}

async function generic<Row extends OperationRow, Client extends ApiClient, Allowlist>(
	runner: ServiceRunner<Row, Client, Allowlist>,
	run: RowRun<Row, Client, Allowlist>,
	request: BuiltRequest,
	keep?: (raw: IDataObject) => boolean,
): Promise<INodeExecutionData[]> {
	const { ctx, client, row, itemIndex } = run;
	let body: unknown;
	let more = false;
	if (row.paging) {
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = readLimit(ctx, itemIndex);
		const list = await runner.paginate(run, request, { returnAll, limit });
		// A list cut at the Limit may go on; the services do not always say (a compact table tells).
		more = !returnAll && list.length >= limit;
		body = list;
	} else {
		body = (await client.send({ ...request, acceptStatus: row.acceptStatus })).body;
	}
	if (keep && Array.isArray(body)) body = body.filter((entry) => keep((entry ?? {}) as IDataObject));
	return await respond(runner, run, body, more);
}

/** The row's output shaping, the object type's Simplify / Output Fields / Compact Table, the service's last step, items. */
async function respond<Row extends OperationRow, Client extends ApiClient, Allowlist>(
	runner: ServiceRunner<Row, Client, Allowlist>,
	run: RowRun<Row, Client, Allowlist>,
	body: unknown,
	more = false,
): Promise<INodeExecutionData[]> {
	const { ctx, row, values, itemIndex } = run;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	let shaped = row.shapeAnswer ? row.shapeAnswer(body, values) : body;
	const fields = row.objectType ? runner.fieldSets?.[row.objectType] : undefined;
	if (fields && runner.withhold) shaped = await runner.withhold(run, fields, shaped, options);
	const output = runner.fieldSets
		? shapeOutput(runner.fieldSets, row.objectType, shaped, {
				simplify: readOptional(ctx, 'simplify', itemIndex, true),
				outputFields: readOptional(ctx, 'outputFields', itemIndex, ''),
				keepHiddenText: options.removeHiddenText === false,
				// Only lists offer it; a handler's answer (respond) is a list of the row's objects too.
				compactTable: Boolean(row.paging) && readOptional(ctx, 'compactTable', itemIndex, false) === true,
				more,
				trustOf: runner.trustOf,
			})
		: shaped;
	return toItems(runner.shape ? runner.shape(run, output) : output, itemIndex);
}

/** A parameter the row may not show (it then has its default). */
function readOptional(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback: unknown): unknown {
	if (ctx.getNode().parameters[name] === undefined) return fallback;
	return ctx.getNodeParameter(name, itemIndex, fallback as never);
}

function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && ('mode' in value || '__rl' in value)) {
		return (value as { value: unknown }).value;
	}
	return value;
}

/** Locators unwrapped and trimmed, JSON parsed, integers and (when strict) choices checked. */
function checkedValues(
	ctx: IExecuteFunctions,
	row: OperationRow,
	raw: IDataObject,
	itemIndex: number,
	strictChoices = false,
): IDataObject {
	const values: IDataObject = {};
	const fail = (field: RowField, message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `The "${field.displayName}" parameter ${message}`, { itemIndex, description });
	for (const field of row.fields) {
		let value = locatorValue(raw[field.name]);
		if (value === undefined) continue;
		if (field.type === 'resourceLocator' && typeof value === 'string') value = value.trim();
		// Issue and pull request numbers are often written as GitHub shows them: "#12".
		if (field.integer && typeof value === 'string') value = value.replace(/^#\s*/, '');
		if (field.type === 'json' && typeof value === 'string') {
			const text = value.trim();
			try {
				value = text ? (JSON.parse(text) as IDataObject) : undefined;
			} catch (error) {
				throw fail(field, 'is not valid JSON', `Fix the JSON (${(error as Error).message}), e.g. {"name": "value"}.`);
			}
			if (field.jsonList) {
				if (value !== undefined && (!Array.isArray(value) || value.some((entry) => !entry || typeof entry !== 'object' || Array.isArray(entry)))) {
					throw fail(field, 'must be a JSON list of objects', 'Give a list such as [{"name": "value"}].');
				}
			} else if (value !== undefined && (typeof value !== 'object' || Array.isArray(value) || value === null)) {
				throw fail(field, 'must be a JSON object', 'Give an object such as {"name": "value"}.');
			}
		}
		const problem = fieldTypeProblem(field, value);
		if (problem) throw fail(field, problem.message, problem.description);
		if (strictChoices && field.type === 'options' && field.options && value !== '' && value !== undefined) {
			const allowed = field.options.map((option) => (option as { value: unknown }).value);
			if (!allowed.includes(value)) {
				throw fail(
					field,
					`must be one of ${allowed.join(', ')} (got "${String(value)}")`,
					`Set "${field.displayName}" to one of: ${allowed.join(', ')}.`,
				);
			}
		}
		if (strictChoices && field.type === 'multiOptions' && field.options && value !== '' && !(Array.isArray(value) && !value.length)) {
			// An expression may give the choices as text ("owner, collaborator"): each must be one of them.
			const allowed = field.options.map((option) => (option as { value: unknown }).value);
			const entries = listOf(value);
			const wrong = entries.find((entry) => !allowed.includes(entry));
			if (wrong !== undefined) {
				throw fail(field, `must be one of ${allowed.join(', ')} (got "${wrong}")`, `Set "${field.displayName}" to one or more of: ${allowed.join(', ')}.`);
			}
			value = entries;
		}
		if (field.integer && value !== '' && !/^\d+$/.test(String(value).trim())) {
			throw fail(field, `must be a number (got "${String(value)}")`, `Give the number only, e.g. 42.`);
		}
		if (field.integerList && value !== '' && listOf(value).some((entry) => !/^\d+$/.test(entry))) {
			throw fail(field, `must be numbers separated by commas (got "${String(value)}")`, 'Give the numeric IDs only, e.g. 12, 34.');
		}
		values[field.name] = value as IDataObject[keyof IDataObject];
	}
	return values;
}
