import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toTable } from './compactTable';
import type { TextKind } from './hiddenText';
import { removeHiddenText } from './hiddenText';
import { isLeftOutNote } from './scope';
import type { Trust } from './trustLabel';

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
	/** The body or description of an object that has a title or name: a compact table leaves it out. */
	body?: true;
}

function authored(kind: TextKind, pick: FieldPick, body = false): AuthoredPick {
	const read = typeof pick === 'function' ? pick : (raw: IDataObject) => valueAt(raw, pick);
	return Object.assign((raw: IDataObject) => read(raw), {
		authored: kind,
		...(typeof pick === 'string' ? { path: pick } : {}),
		...(body ? { body: true as const } : {}),
	});
}

/** Authored Markdown (bodies, descriptions, comments): the service renders it, so HTML and links can hide text. */
export const markdownText = (pick: FieldPick): AuthoredPick => authored('markdown', pick);

/**
 * Authored Markdown that is the body or description of an object with a title or name (an issue's
 * body, a card's description): simplified objects keep it, a compact table leaves it out (it is
 * most of an object's characters, and one Get away). A comment's text is the comment: markdownText.
 */
export const bodyText = (pick: FieldPick): AuthoredPick => authored('markdown', pick, true);

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

/** How far an object's authored text can be trusted, told from its answer as the judge left it (see trustLabel.ts). */
export type TrustOf = (fields: FieldSet, raw: IDataObject) => Trust;

/** Each simplified object that carries authored text labelled with its trust, told from its own answer. */
function withTrust(fields: FieldSet, raw: unknown, simplified: unknown, trustOf: TrustOf): unknown {
	if (Array.isArray(raw) && Array.isArray(simplified)) return simplified.map((entry, index) => withTrust(fields, raw[index], entry, trustOf));
	if (!raw || typeof raw !== 'object' || !simplified || typeof simplified !== 'object' || isLeftOutNote(simplified)) return simplified;
	const out = simplified as IDataObject;
	const carriesText = authoredFields(fields).some(({ name }) => out[name] !== undefined && out[name] !== null && out[name] !== '');
	return carriesText ? { ...out, trust: trustOf(fields, raw as IDataObject) } : out;
}

/** How a row's output is shaped for one item: Simplify, Output Fields, hidden text, and a list as one table. */
interface OutputSettings {
	simplify?: unknown;
	outputFields?: unknown;
	keepHiddenText?: boolean;
	/** A list (an array answer) becomes one compact table (see toTable); ignored with Simplify off. */
	compactTable?: boolean;
	/** The list stopped at the row's Limit: the table says there may be more. */
	more?: boolean;
	/** Labels each simplified object with authored text (absent: no labels). */
	trustOf?: TrustOf;
}

/** The output a row returns under the item's settings: simplified (default), raw, or chosen fields. */
export function shapeOutput(fieldSets: Record<string, FieldSet>, type: string | undefined, body: unknown, settings: OutputSettings): unknown {
	if (!type) return body;
	const asTable = settings.compactTable === true && Array.isArray(body);
	const chosen = String(settings.outputFields ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
	if (chosen.length) {
		const picked = pickFields(chosen, body);
		return asTable ? toTable(picked as unknown[], chosen, settings.more === true) : picked;
	}
	if (settings.simplify === false || !fieldSets[type]) return body;
	// A table leaves bodies out before hidden text is counted, so hiddenTextRemoved counts what its cells lost.
	const fields = asTable ? tableFields(fieldSets[type]) : fieldSets[type];
	const plain = simplifyWith(fields, body);
	const simplified = settings.trustOf ? withTrust(fields, body, plain, settings.trustOf) : plain;
	const cleaned = settings.keepHiddenText ? simplified : withoutHiddenText(fields, simplified);
	return asTable ? toTable(cleaned as unknown[], Object.keys(fields), settings.more === true) : cleaned;
}

/** The fields of a set a compact table holds: all but bodies and descriptions (bodyText). */
function tableFields(fields: FieldSet): FieldSet {
	return Object.fromEntries(Object.entries(fields).filter(([, pick]) => !(isAuthored(pick) && pick.body)));
}

/** The node properties of a row that returns objects of a type (a list also gets Compact Table). */
export function outputProperties(show: Record<string, string[]>, type: string, fields: FieldSet, list = false, trustMeaning?: string): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: `Whether to return a compact ${type} (${Object.keys(fields).join(', ')}) instead of the full object from the API${trustMeaning ? `, with ${trustMeaning}` : ''}`,
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
		...(list ? [compactTableProperty(show, type, fields, Boolean(trustMeaning))] : []),
	];
}

/** Says what the table holds, from the type's field set, for people and for agents reading the node. */
function compactTableProperty(show: Record<string, string[]>, type: string, fields: FieldSet, labelled: boolean): INodeProperties {
	const columns = [...Object.keys(tableFields(fields)), ...(labelled ? ['trust'] : [])];
	const leftOut = Object.keys(fields).filter((name) => !columns.includes(name));
	return {
		displayName: 'Compact Table',
		name: 'compactTable',
		type: 'boolean',
		default: false,
		description: `Whether to return the list as one item holding a table instead of one item per ${type}, each value written once where it can be (fewer characters for an agent). Fields: ${columns.join(', ')}${leftOut.length ? ` (not ${leftOut.join(', ')}: read those with Get)` : ''}. The table: columns and rows (one per ${type}, values in column order, null where empty); same (field → the value every row has, left out of columns); templates (field → a URL template such as "https://…/issues/{number}": the URL is the template with {number} replaced by the row's number); prefixes (field → the start every URL of that field shares: the cell holds the rest); count; more: true when the list stopped at Limit. With Output Fields set, those are the fields.`,
		displayOptions: { show: { ...show, simplify: [true] } },
	};
}
