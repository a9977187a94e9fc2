/**
 * Reading n8n's node parameters as n8n reads them (an exported workflow leaves out every parameter
 * that keeps its default) and writing them in this package's shapes.
 */
import { N8N_NODE_FACTS } from './n8nNodeFacts';
import type { Json, JsonObject } from './types';
import { NotConvertible } from './types';

export interface Locator {
	__rl: true;
	mode: string;
	value: string | number;
	cachedResultName?: string;
	cachedResultUrl?: string;
}

export const isExpression = (value: unknown): value is string => typeof value === 'string' && value.startsWith('=');

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One node's parameters with n8n's defaults for its type, version, resource and operation behind them. */
export class N8nParameters {
	readonly resource: string;
	readonly operation: string;
	private readonly defaults: Record<string, Json>;

	constructor(
		nodeName: string,
		readonly typeVersion: number,
		private readonly raw: JsonObject,
	) {
		const facts = N8N_NODE_FACTS[nodeName];
		const versionFacts = facts?.byVersion[String(typeVersion)];
		if (!versionFacts) {
			throw new NotConvertible(
				`typeVersion ${typeVersion} of n8n's ${nodeName} node is not one n8n has shipped (known: ${facts?.versions.join(', ') ?? 'none'}); open the workflow in n8n and save it again, then convert it`,
			);
		}
		this.resource = String(raw.resource ?? versionFacts.defaults?.resource ?? '');
		const defaultOperation = versionFacts.defaultOperation?.[this.resource];
		this.operation = String(raw.operation ?? defaultOperation ?? '');
		this.defaults = (versionFacts.operations?.[`${this.resource}.${this.operation}`] ?? versionFacts.parameters ?? {}) as Record<string, Json>;
		if (versionFacts.operations && !versionFacts.operations[`${this.resource}.${this.operation}`]) {
			throw new NotConvertible(`n8n's ${nodeName} node has no operation "${this.resource} → ${this.operation}" in typeVersion ${typeVersion}; check the node in n8n`);
		}
	}

	/** The parameter as n8n would read it: the saved value, else n8n's default. */
	get(name: string): Json | undefined {
		return name in this.raw ? this.raw[name] : this.defaults[name];
	}

	has(name: string): boolean {
		return name in this.raw && this.raw[name] !== undefined;
	}

	string(name: string): string {
		const value = this.get(name);
		return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
	}

	object(name: string): JsonObject {
		const value = this.get(name);
		return isObject(value) ? value : {};
	}

	/** A resource locator's value, whatever form the export holds it in (locator, plain string, expression). */
	locator(name: string): Locator {
		return readLocator(this.get(name));
	}
}

/**
 * n8n saves a locator as `{__rl, mode, value}`, older exports as a plain string or number, and some
 * with `mode: ""` or `mode: "expression"`; all read as the same value.
 */
export function readLocator(value: Json | undefined): Locator {
	if (isObject(value)) {
		const inner = value.value;
		const text = inner === undefined || inner === null ? '' : typeof inner === 'object' ? '' : (inner as string | number);
		const locator: Locator = { __rl: true, mode: typeof value.mode === 'string' ? value.mode : '', value: text };
		if (typeof value.cachedResultName === 'string') locator.cachedResultName = value.cachedResultName;
		if (typeof value.cachedResultUrl === 'string') locator.cachedResultUrl = value.cachedResultUrl;
		return locator;
	}
	if (typeof value === 'string' || typeof value === 'number') return { __rl: true, mode: '', value };
	return { __rl: true, mode: '', value: '' };
}

/**
 * A locator in one of the target's modes. A mode the target offers is kept (with its cached name);
 * anything else becomes `fallback` (by name / by ID), which takes the value as typed or as an expression.
 */
export function toLocator(source: Locator, targetModes: string[], fallback: string): Locator {
	let mode = targetModes.includes(source.mode) ? source.mode : fallback;
	if (mode === 'list' && (isExpression(source.value) || String(source.value) === '')) mode = fallback;
	const locator: Locator = { __rl: true, mode, value: typeof source.value === 'number' ? String(source.value) : source.value };
	if (mode === 'list' && source.cachedResultName) locator.cachedResultName = source.cachedResultName;
	if (mode === 'list' && source.cachedResultUrl) locator.cachedResultUrl = source.cachedResultUrl;
	return locator;
}

/** A number or text n8n kept in a plain field, as an ID locator. */
export function idLocator(value: Json | undefined): Locator {
	const locator = readLocator(value);
	return { __rl: true, mode: 'id', value: typeof locator.value === 'number' ? String(locator.value) : locator.value };
}

/** The value a locator or field contributes to a path: its text, or the expression's inside. */
function pathPiece(value: string | number): { text: string; expression: boolean } {
	const text = String(value);
	if (isExpression(text)) return { text: text.slice(1), expression: true };
	return { text: encodeURIComponent(text).replace(/%2F/gi, '/'), expression: false };
}

/**
 * A REST path built from literal segments and parameter values. When any value is an expression the
 * whole path is one expression, so n8n resolves it per item as it resolved the original fields.
 */
export function pathOf(template: string, values: Record<string, string | number>): string {
	let expression = false;
	const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
		const piece = pathPiece(values[key] ?? '');
		expression ||= piece.expression;
		return piece.text;
	});
	return expression ? `=${text}` : text;
}

/** n8n's comma-separated text and `[{label: 'x'}]` lists both become this package's comma-separated text. */
export function commaList(value: Json | undefined, key?: string): string {
	if (Array.isArray(value)) {
		return value
			.map((entry) => (isObject(entry) && key ? entry[key] : entry))
			.filter((entry) => entry !== undefined && entry !== null && entry !== '')
			.map(String)
			.join(',');
	}
	if (isObject(value) && key) return commaList([value], key);
	return value === undefined || value === null ? '' : String(value);
}

/** Only the keys that are set, so a converted node carries no empty fields n8n never sent. */
export function compact(object: Record<string, Json | undefined>): JsonObject {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== '')) as JsonObject;
}

/** Keys renamed from n8n's names to this package's (absent keys dropped, unknown keys reported). */
export function renameKeys(
	source: JsonObject,
	names: Record<string, string | null>,
	notes: string[],
	where: string,
): JsonObject {
	const out: JsonObject = {};
	for (const [key, value] of Object.entries(source)) {
		if (!(key in names)) {
			notes.push(`${where} "${key}" has no counterpart here and was left out; set it in the node's options if you need it`);
			continue;
		}
		const target = names[key];
		if (target === null) continue;
		out[target] = value;
	}
	return out;
}
