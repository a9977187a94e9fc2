import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * Compact results: per object type, one curated field set, defined once as data and used by every
 * operation returning that type. A field is a dot path into the raw object, or a function for
 * people and labels reduced to plain names. What is kept: identifiers, numbers, URLs, state,
 * titles/names, the people and labels involved, dates, and the text an agent needs.
 */

export type FieldPick = string | ((raw: IDataObject) => unknown);

export type FieldSet = Record<string, FieldPick>;

export function valueAt(raw: unknown, path: string): unknown {
	let node = raw;
	for (const key of path.split('.')) {
		if (node === null || node === undefined || typeof node !== 'object') return undefined;
		node = (node as IDataObject)[key];
	}
	return node;
}

/** The names of a list of objects (labels → their names, users → their logins). */
export const namesOf = (path: string, key: string) => (raw: IDataObject) => {
	const list = valueAt(raw, path);
	return Array.isArray(list) ? list.map((entry) => (entry && typeof entry === 'object' ? (entry as IDataObject)[key] : entry)) : undefined;
};

export function simplifyWith(fields: FieldSet, raw: unknown): unknown {
	if (Array.isArray(raw)) return raw.map((entry) => simplifyWith(fields, entry));
	if (!raw || typeof raw !== 'object') return raw;
	const out: IDataObject = {};
	for (const [name, pick] of Object.entries(fields)) {
		const value = typeof pick === 'function' ? pick(raw as IDataObject) : valueAt(raw, pick);
		if (value !== undefined) out[name] = value as IDataObject[keyof IDataObject];
	}
	return out;
}

/** Only the named fields (dot paths allowed) of each object. */
export function pickFields(paths: string[], raw: unknown): unknown {
	if (Array.isArray(raw)) return raw.map((entry) => pickFields(paths, entry));
	if (!raw || typeof raw !== 'object') return raw;
	const out: IDataObject = {};
	for (const path of paths) {
		const value = valueAt(raw, path);
		if (value !== undefined) out[path] = value as IDataObject[keyof IDataObject];
	}
	return out;
}

/** The output a row returns under the item's settings: simplified (default), raw, or chosen fields. */
export function shapeOutput(
	fieldSets: Record<string, FieldSet>,
	type: string | undefined,
	body: unknown,
	settings: { simplify?: unknown; outputFields?: unknown },
): unknown {
	if (!type) return body;
	const chosen = String(settings.outputFields ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
	if (chosen.length) return pickFields(chosen, body);
	if (settings.simplify === false) return body;
	const fields = fieldSets[type];
	return fields ? simplifyWith(fields, body) : body;
}

/** The node properties of a row that returns objects of a type. */
export function outputProperties(show: Record<string, string[]>, type: string, fields: FieldSet): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: `Whether to return a compact ${type} (${Object.keys(fields).join(', ')}) instead of the full object from the API`,
			displayOptions: { show },
		},
		{
			displayName: 'Output Fields',
			name: 'outputFields',
			type: 'string',
			default: '',
			placeholder: 'e.g. number, title, user.login',
			description: 'Comma-separated fields of the full object to return instead (dot paths allowed). Empty = as set by Simplify.',
			displayOptions: { show },
		},
	];
}
