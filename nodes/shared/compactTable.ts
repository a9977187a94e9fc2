import type { IDataObject } from 'n8n-workflow';

import { isLeftOutNote } from './scope';

/**
 * Compact Table: a list as one object whose cells hold only what differs from row to row.
 *
 * - `columns` and `rows`: one array per object, values in column order, null where it has none.
 * - `same`: a column whose value is the same in every row, written once (column → value) instead
 *   of in each row.
 * - `templates`: a URL column built from another column of the row, written once as a template
 *   (column → "https://…/issues/{number}"): the URL is the template with {number} replaced by
 *   that row's number.
 * - `prefixes`: a URL column whose values all start alike: the start written once (column →
 *   "https://trello.com/c/"), each cell the rest of its URL.
 * - `count`, `more` (the list stopped at the Limit), a leftOutOfScope note's fields.
 *
 * Values stay JSON values (text with commas, quotes or line breaks, numbers, lists), so a cell
 * never splits and nothing is escaped by hand. Only URLs are shortened: ids and other text are
 * never cut, so every value comes back exactly by the three rules above (see docs/agents.md).
 */

/** A value shared by every row is written once only from this many rows on (one row has nothing to share). */
const SHARED_FROM_ROWS = 2;

type Cell = IDataObject[keyof IDataObject];

const isUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);
const sameValue = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The value of every row when all rows have the same (null included); undefined otherwise. */
function sharedValue(cells: unknown[]): { value: unknown } | undefined {
	return cells.every((cell) => sameValue(cell, cells[0])) ? { value: cells[0] } : undefined;
}

/**
 * A template "start{key}end" that gives every row's URL from its value in another column, or
 * undefined. The key's value (a number, a sha, a tag, a full name) must appear in the URL once at
 * the same place with the same text around it in every row, and the text around holds no braces.
 */
function urlTemplate(urls: unknown[], keys: Record<string, unknown[]>): string | undefined {
	if (!urls.every(isUrl)) return undefined;
	for (const [key, values] of Object.entries(keys)) {
		if (!values.every((value) => (typeof value === 'number' || typeof value === 'string') && String(value) !== '')) continue;
		const first = String(values[0]);
		const at = (urls[0] as string).lastIndexOf(first);
		if (at < 0) continue;
		const start = (urls[0] as string).slice(0, at);
		const end = (urls[0] as string).slice(at + first.length);
		if (/[{}]/.test(start + end)) continue;
		if (urls.every((url, index) => url === `${start}${String(values[index])}${end}`)) return `${start}{${key}}${end}`;
	}
	return undefined;
}

/**
 * The start every URL of a column shares, up to its last "/", "#", "?" or "=", when writing it
 * once (`"key":"start",` and the key `prefixes` itself) is shorter than writing it in every row.
 */
function urlPrefix(key: string, cells: unknown[]): string | undefined {
	const urls = cells.filter((cell) => cell !== null);
	if (urls.length < SHARED_FROM_ROWS || !urls.every(isUrl)) return undefined;
	let common = urls[0] as string;
	for (const url of urls as string[]) while (!url.startsWith(common)) common = common.slice(0, -1);
	const cut = Math.max(...['/', '#', '?', '='].map((mark) => common.lastIndexOf(mark))) + 1;
	const once = cut + key.length + '"":"",'.length + '"prefixes":{},'.length;
	return cut * urls.length > once ? common.slice(0, cut) : undefined;
}

/**
 * A list as one object (see above). Columns no object has are dropped; names an object has
 * beyond `order` (hiddenTextRemoved) follow in first-seen order.
 */
export function toTable(entries: unknown[], order: string[], more: boolean): IDataObject {
	const notes = entries.filter(isLeftOutNote);
	const objects = entries
		.filter((entry) => !isLeftOutNote(entry))
		.map((entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as IDataObject) : { value: entry as Cell }));
	const present = new Set(objects.flatMap((object) => Object.keys(object).filter((key) => object[key] !== undefined)));
	const extra = [...present].filter((key) => !order.includes(key));
	const all = [...(objects.length ? order.filter((key) => present.has(key)) : order), ...extra];
	const cellsOf = (key: string) => objects.map((object) => object[key] ?? null);
	const same: IDataObject = {};
	const templates: IDataObject = {};
	const prefixes: IDataObject = {};
	const cut: Record<string, number> = {};
	if (objects.length >= SHARED_FROM_ROWS) {
		for (const key of all) {
			const shared = sharedValue(cellsOf(key));
			if (shared) same[key] = shared.value as Cell;
		}
		const varying = all.filter((key) => !(key in same));
		// A template's placeholder names a column that stays in the rows (never itself a template).
		const sources = new Set<string>();
		for (const key of varying) {
			if (sources.has(key)) continue;
			const others = Object.fromEntries(varying.filter((other) => other !== key && !(other in templates)).map((other) => [other, cellsOf(other)]));
			const template = urlTemplate(cellsOf(key), others);
			if (!template) continue;
			templates[key] = template;
			sources.add(/\{([^}]+)\}/.exec(template)![1]);
		}
		for (const key of varying.filter((name) => !(name in templates))) {
			const prefix = urlPrefix(key, cellsOf(key));
			if (prefix) {
				prefixes[key] = prefix;
				cut[key] = prefix.length;
			}
		}
	}
	const columns = all.filter((key) => !(key in same) && !(key in templates));
	const cell = (object: IDataObject, key: string) => {
		const value = object[key] ?? null;
		return key in cut && typeof value === 'string' ? value.slice(cut[key]) : value;
	};
	const table: IDataObject = { columns };
	if (Object.keys(same).length) table.same = same;
	if (Object.keys(templates).length) table.templates = templates;
	if (Object.keys(prefixes).length) table.prefixes = prefixes;
	table.rows = objects.map((object) => columns.map((key) => cell(object, key))) as unknown as IDataObject[];
	table.count = objects.length;
	if (more) table.more = true;
	if (notes.length) {
		table.leftOutOfScope = notes.reduce((sum, note) => sum + note.leftOutOfScope, 0);
		table.note = notes.map((note) => note.note).join(' ');
	}
	return table;
}
