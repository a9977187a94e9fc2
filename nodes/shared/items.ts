import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceName } from './errors';
import { toNodeError } from './errors';
import { redactKnownSecrets } from '../../credentials/redact';

/** One output item per array element, or one item for an object; every item paired to its input. */
export function toItems(body: unknown, itemIndex: number): INodeExecutionData[] {
	const pairedItem = { item: itemIndex };
	if (Array.isArray(body)) {
		return body.map((entry) => ({ json: asObject(entry), pairedItem }));
	}
	return [{ json: asObject(body), pairedItem }];
}

function asObject(value: unknown): IDataObject {
	if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	if (value === undefined || value === null || value === '') return { success: true };
	return { value: value as IDataObject[keyof IDataObject] };
}

/** Name/value rows of a fixedCollection as an object. */
export function pairsToObject(rows: Array<{ name?: string; value?: unknown }> | undefined): IDataObject {
	const result: IDataObject = {};
	for (const row of rows ?? []) {
		if (row.name) result[row.name] = row.value as IDataObject[keyof IDataObject];
	}
	return result;
}

/** A JSON parameter given as text or object; bad JSON is a NodeOperationError naming the parameter. */
export function readJson(
	ctx: IExecuteFunctions,
	parameter: string,
	displayName: string,
	itemIndex: number,
): IDataObject | IDataObject[] | undefined {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '') as unknown;
	if (raw === '' || raw === undefined || raw === null) return undefined;
	if (typeof raw === 'object') return raw as IDataObject;
	try {
		return JSON.parse(String(raw)) as IDataObject;
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `The "${displayName}" parameter is not valid JSON`, {
			itemIndex,
			description: `Fix the JSON in "${displayName}" (${(error as Error).message}).`,
		});
	}
}

/**
 * Runs `handler` once per input item. A failure becomes n8n's error for that service; with
 * "Continue On Fail" it is an output item (paired to its input) and the run goes on.
 */
/**
 * n8n logs and stores an error with its node, the service's answer and its messages: known
 * secrets (the credential's, a secret parameter's value) are replaced in all of them.
 */
function withoutSecrets(error: Error, secrets: string[]): void {
	const fields = error as unknown as Record<string, unknown>;
	for (const key of new Set([...Object.keys(fields), 'message', 'description', 'stack'])) {
		if (fields[key] !== undefined) fields[key] = redactKnownSecrets(fields[key], secrets);
	}
}

export async function forEachItem(
	ctx: IExecuteFunctions,
	service: ServiceName,
	handler: (itemIndex: number) => Promise<INodeExecutionData[]>,
	secretsFor: () => Promise<string[]> = async () => [],
): Promise<INodeExecutionData[][]> {
	const output: INodeExecutionData[] = [];
	const count = ctx.getInputData().length;
	for (let i = 0; i < count; i++) {
		try {
			output.push(...(await handler(i)));
		} catch (error) {
			const secrets = await secretsFor().catch(() => []);
			const nodeError = toNodeError(ctx.getNode(), service, error, secrets);
			withoutSecrets(nodeError, secrets);
			if (ctx.continueOnFail()) {
				output.push({
					json: { error: nodeError.message, description: nodeError.description ?? null },
					pairedItem: { item: i },
				});
				continue;
			}
			if (nodeError instanceof NodeOperationError || 'context' in nodeError) {
				(nodeError as { context: IDataObject }).context ??= {};
				(nodeError as { context: IDataObject }).context.itemIndex ??= i;
			}
			throw nodeError;
		}
	}
	return [output];
}
