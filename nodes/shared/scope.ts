import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { UnsafeRequestError } from '../../credentials/requestGuard';
import { percentDecoded } from './percentDecoding';

/**
 * Scopes: which repositories or boards a credential (and, narrower, a node) may reach, and
 * whether it may write. The transport asks the service's rules (nodes/GitHub/scope,
 * nodes/Trello/scope) before every request, so no node, API call or trigger can step outside;
 * refusals name what is allowed, because an AI Agent sees only the message. What both services
 * share stays here.
 */

/** A request the service would reject as outside the scope, raised before anything is sent. */
export class ListRefusal extends UnsafeRequestError {
	constructor(message: string, hint: string) {
		super(message, hint);
		this.name = 'ListRefusal';
	}
}

/**
 * What a scope check lets through: optionally a filter that drops results outside the scope (it
 * may look objects up, e.g. the board of a webhook's card).
 */
export interface ScopeVerdict {
	filter?: (body: unknown) => unknown;
}

export const ALLOW: ScopeVerdict = {};

/**
 * Stands in a filtered list for the entries left out of it (issues of other repositories linked
 * as sub-issues, parents or dependencies), so the output says how many there were.
 */
export interface LeftOutNote {
	leftOutOfScope: number;
	note: string;
}

export function leftOutNote(count: number, what: string): LeftOutNote {
	return { leftOutOfScope: count, note: `${count} ${what} outside the allowed repositories ${count === 1 ? 'was' : 'were'} left out.` };
}

export function isLeftOutNote(value: unknown): value is LeftOutNote {
	return Boolean(value) && typeof value === 'object' && typeof (value as IDataObject).leftOutOfScope === 'number' && Object.keys(value as object).length === 2;
}

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReading(method: IHttpRequestMethods | string): boolean {
	return READING_METHODS.has(String(method).toUpperCase());
}

export function readOnlyRefusal(method: string, path: string, reads: string): ListRefusal {
	return new ListRefusal(
		`Refused: the credential is read-only, and ${method.toUpperCase()} ${pathOnly(path)} would ${method.toUpperCase() === 'DELETE' ? 'delete' : 'change'} data. Allowed: ${reads}`,
		'Use a credential with Access "Read and Write" for changes, or only read.',
	);
}

/** The path as the service will see it: tabs and line breaks dropped, dot segments resolved, segments decoded. */
interface NormalizedPath {
	segments: string[];
	/** The path carries its own query string or fragment. */
	hasQuery: boolean;
}

export function normalizePath(path: string): NormalizedPath {
	const url = new URL(`http://scope.invalid${path.startsWith('/') ? '' : '/'}${path}`);
	const segments = url.pathname
		.split('/')
		.filter((segment) => segment !== '')
		.map((segment) => percentDecoded(segment) ?? segment);
	return { segments, hasQuery: url.search !== '' || url.hash !== '' || /[?#]/.test(path) };
}

export function pathOnly(path: string): string {
	return String(path).split(/[?#]/)[0];
}

/**
 * What the checks are given instead of a body whose values they cannot read the way the service
 * will (a binary file, raw text, a list; for a service that reads JSON only, a form too). A check
 * whose verdict depends on body values refuses it (see requestValues); others let it pass.
 */
export class UnreadableBody {
	constructor(
		/** What the body is, e.g. "a binary file". */
		readonly what: string,
		/** METHOD /path, for the refusal. */
		readonly endpoint: string,
		/** The bodies the check does read. */
		readonly hint: string,
	) {}
}

/**
 * Query and body values of a request as one record, for id look-ups. A body the check cannot
 * read is refused: the service could apply values in it that the check never saw. A name given twice with
 * different values (query and body, or two spellings differing only in case) is refused: the
 * check would read one while the service may apply the other. `allowedText` ends the message.
 */
export function requestValues(qs: IDataObject | undefined, body: unknown, allowedText: string): IDataObject {
	if (body instanceof UnreadableBody) {
		throw new ListRefusal(
			`Refused: what ${body.endpoint} may reach is checked by values in its body, and its body is ${body.what}, which the check cannot read. ${allowedText}`,
			body.hint,
		);
	}
	const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
	const values: IDataObject = {};
	const firstByName = new Map<string, { name: string; value: unknown }>();
	for (const [name, value] of [...Object.entries(qs ?? {}), ...Object.entries(fromBody)]) {
		const first = firstByName.get(name.toLowerCase());
		if (!first) {
			firstByName.set(name.toLowerCase(), { name, value });
			values[name] = value as IDataObject[string];
		} else if (comparable(first.value) !== comparable(value)) {
			throw new ListRefusal(
				`Refused: "${first.name}" is given twice with different values (${JSON.stringify(comparable(first.value))} and ${JSON.stringify(comparable(value))}), and the service may apply either. ${allowedText}`,
				`Give "${first.name}" once, in "Query Parameters" or in the body.`,
			);
		}
	}
	return values;
}

function comparable(value: unknown): string {
	return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The value of `name` in `values`, whatever the case of its spelling there. */
export function valueNamed(values: IDataObject, name: string): unknown {
	const lower = name.toLowerCase();
	for (const [key, value] of Object.entries(values)) if (key.toLowerCase() === lower) return value;
	return undefined;
}

/**
 * An allowlist setting as entries. Empty (or not set) means "no limit". Anything written that
 * yields no usable entry - a lone separator, a bare host, an expression that resolved to
 * nothing - fails closed: it is an error, never "no limit".
 */
export function settingEntries(raw: unknown, written: boolean): string[] | undefined {
	const text = raw === undefined || raw === null ? '' : Array.isArray(raw) ? raw.join(',') : String(raw);
	if (text.trim() === '') return written ? [] : undefined;
	return text
		.split(/[\s,]+/)
		.map((part) => part.trim())
		.filter(Boolean);
}
