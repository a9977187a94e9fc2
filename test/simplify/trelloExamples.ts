import type { IDataObject } from 'n8n-workflow';

import contract from '../contracts/trello-contract.json';

/**
 * Trello publishes its objects as OpenAPI schemas (kept in test/contracts/trello-contract.json),
 * not as example objects. An example here is the schema filled in: every property present, with
 * a value of its type (ids of 24 hex characters, dates as ISO strings, one element per array).
 */

type Schema = { $ref?: string; type?: string; format?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; oneOf?: Schema[]; anyOf?: Schema[]; allOf?: Schema[]; pattern?: string };

const schemas = (contract as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;

function resolve(schema: Schema, seen: Set<string>): Schema | undefined {
	if (!schema.$ref) return schema;
	const name = schema.$ref.split('/').pop() as string;
	if (seen.has(name)) return undefined;
	seen.add(name);
	return schemas[name];
}

function fill(input: Schema, name: string, seen: Set<string>, depth: number): unknown {
	const schema = resolve(input, new Set(seen));
	if (!schema) return null;
	const refName = input.$ref?.split('/').pop();
	const inner = refName ? new Set([...seen, refName]) : seen;
	const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema.allOf?.[0];
	if (variant) return fill(variant, name, inner, depth);
	if (schema.enum?.length) return schema.enum[0];
	if (refName === 'TrelloID' || schema.pattern === '^[0-9a-fA-F]{24}$') return '5abbe4b7ddc1b351ef961414';
	if (schema.properties || schema.type === 'object') {
		if (depth > 3) return {};
		const out: IDataObject = {};
		for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = fill(child, key, inner, depth + 1) as IDataObject[keyof IDataObject];
		return out;
	}
	if (schema.type === 'array') return schema.items && depth <= 3 ? [fill(schema.items, name, inner, depth + 1)] : [];
	if (schema.type === 'boolean') return false;
	if (schema.type === 'number' || schema.type === 'integer') return 16384;
	if (schema.format === 'date-time' || /^date/i.test(name)) return '2024-04-24T12:34:56.789Z';
	if (schema.format === 'uri' || /url$/i.test(name)) return `https://trello.com/c/AbCd1234/${name}`;
	return `${name} text`;
}

export function trelloExample(schemaName: string): IDataObject {
	const schema = schemas[schemaName];
	if (!schema) throw new Error(`The Trello contract has no schema "${schemaName}"`);
	return fill({ $ref: `#/components/schemas/${schemaName}` }, schemaName, new Set(), 0) as IDataObject;
}
