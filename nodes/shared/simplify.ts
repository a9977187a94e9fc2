import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { TextKind } from './hiddenText';
import { removeHiddenText } from './hiddenText';
import { isLeftOutNote } from './scope';

/**
 * Compact results: per object type, one curated field set, defined once as data and used by every
 * operation returning that type. A field is a dot path into the raw object, or a function for
 * people and labels reduced to plain names. What is kept: identifiers, numbers, URLs, state,
 * titles/names, the people and labels involved, dates, and the text an agent needs.
 */

type FieldPick = string | ((raw: IDataObject) => unknown);

export type FieldSet = Record<string, FieldPick>;

/** A field that carries text written by a person (a body, a title, a commit message): see authoredText. */
interface AuthoredPick {
	(raw: IDataObject): unknown;
	authored: TextKind;
	/** The dot path into the raw object, when the field is one. */
	path?: string;
}

function authored(kind: TextKind, pick: FieldPick): AuthoredPick {
	const read = typeof pick === 'function' ? pick : (raw: IDataObject) => valueAt(raw, pick);
	return Object.assign((raw: IDataObject) => read(raw), { authored: kind, ...(typeof pick === 'string' ? { path: pick } : {}) });
}

/** Authored Markdown (bodies, descriptions, comments): the service renders it, so HTML and links can hide text. */
export const markdownText = (pick: FieldPick): AuthoredPick => authored('markdown', pick);

/** Authored text shown as it is (titles, names, commit messages, diffs): only invisible characters can hide text. */
export const plainText = (pick: FieldPick): AuthoredPick => authored('plain', pick);

const isAuthored = (pick: FieldPick): pick is AuthoredPick => typeof pick === 'function' && 'authored' in pick;

/** The fields of a set that carry authored text, by their simplified name, with their kind. */
export function authoredFields(fields: FieldSet): Array<{ name: string; kind: TextKind; path?: string }> {
	return Object.entries(fields)
		.filter((entry): entry is [string, AuthoredPick] => isAuthored(entry[1]))
		.map(([name, pick]) => ({ name, kind: pick.authored, path: pick.path }));
}

/** Every text inside a value cleaned (lists of comments or checklist items included), with the count of what went. */
function cleanValue(value: unknown, kind: TextKind): { value: unknown; removed: number } {
	if (typeof value === 'string') {
		const cleaned = removeHiddenText(value, kind);
		return { value: cleaned.text, removed: cleaned.removed };
	}
	if (!value || typeof value !== 'object') return { value, removed: 0 };
	let removed = 0;
	const clean = (entry: unknown) => {
		const cleaned = cleanValue(entry, kind);
		removed += cleaned.removed;
		return cleaned.value;
	};
	if (Array.isArray(value)) {
		const list = value.map(clean);
		return { value: list, removed };
	}
	const out: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) out[key] = clean(entry) as IDataObject[keyof IDataObject];
	return { value: out, removed };
}

/**
 * A simplified object with hidden text removed from its authored fields; `hiddenTextRemoved`
 * counts what went when anything did (see docs/agents.md).
 */
function withoutHiddenText(fields: FieldSet, simplified: unknown): unknown {
	if (Array.isArray(simplified)) return simplified.map((entry) => withoutHiddenText(fields, entry));
	if (!simplified || typeof simplified !== 'object') return simplified;
	const out = { ...(simplified as IDataObject) };
	let removed = 0;
	for (const { name, kind } of authoredFields(fields)) {
		if (out[name] === undefined) continue;
		const cleaned = cleanValue(out[name], kind);
		out[name] = cleaned.value as IDataObject[keyof IDataObject];
		removed += cleaned.removed;
	}
	if (removed) out.hiddenTextRemoved = removed;
	return out;
}

export function valueAt(raw: unknown, path: string): unknown {
	let node = raw;
	for (const key of path.split('.')) {
		if (node === null || node === undefined || typeof node !== 'object') return undefined;
		node = (node as IDataObject)[key];
	}
	return node;
}

/** A copy of the object with the value at a dot path replaced (objects on the way copied too). */
export function withValueAt(raw: IDataObject, path: string, value: unknown): IDataObject {
	const [key, ...rest] = path.split('.');
	const copy = { ...raw };
	copy[key] = (rest.length ? withValueAt((raw[key] ?? {}) as IDataObject, rest.join('.'), value) : value) as IDataObject[keyof IDataObject];
	return copy;
}

/** The names of a list of objects (labels → their names, users → their logins). */
export const namesOf = (path: string, key: string) => (raw: IDataObject) => {
	const list = valueAt(raw, path);
	return Array.isArray(list) ? list.map((entry) => (entry && typeof entry === 'object' ? (entry as IDataObject)[key] : entry)) : undefined;
};

export function simplifyWith(fields: FieldSet, raw: unknown): unknown {
	if (Array.isArray(raw)) return raw.map((entry) => simplifyWith(fields, entry));
	if (!raw || typeof raw !== 'object' || isLeftOutNote(raw)) return raw;
	const out: IDataObject = {};
	for (const [name, pick] of Object.entries(fields)) {
		const value = typeof pick === 'function' ? pick(raw as IDataObject) : valueAt(raw, pick);
		if (value !== undefined) out[name] = value as IDataObject[keyof IDataObject];
	}
	return out;
}

/** Only the named fields (dot paths allowed) of each object. */
function pickFields(paths: string[], raw: unknown): unknown {
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
	settings: { simplify?: unknown; outputFields?: unknown; keepHiddenText?: boolean },
): unknown {
	if (!type) return body;
	const chosen = String(settings.outputFields ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
	if (chosen.length) return pickFields(chosen, body);
	if (settings.simplify === false) return body;
	const fields = fieldSets[type];
	if (!fields) return body;
	const simplified = simplifyWith(fields, body);
	return settings.keepHiddenText ? simplified : withoutHiddenText(fields, simplified);
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
