/**
 * Keeps every request on the credential's host: the caller gives a path, never a URL.
 * Refusals happen before anything is sent and name the offending input.
 */

/** C0/C1 controls (TAB included: URL parsers drop it silently), DEL, Unicode format and separator characters. */
const INVISIBLE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00ad\u2028\u2029\p{Cf}]/u;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Headers that set the connection, the target host or the identity. n8n and the credential own
 * them; letting a node set them would reroute the credential or replace it.
 */
const RESERVED_HEADERS = new Set([
	'authorization',
	'proxy-authorization',
	'cookie',
	'host',
	'connection',
	'keep-alive',
	'proxy-connection',
	'te',
	'trailer',
	'transfer-encoding',
	'upgrade',
	'content-length',
	'expect',
	'forwarded',
	'x-forwarded-for',
	'x-forwarded-host',
	'x-forwarded-proto',
	'x-http-method-override',
]);

export class UnsafeRequestError extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'UnsafeRequestError';
	}
}

/** A printable form of user input for messages: invisible characters shown as \uXXXX. */
export function visible(text: string): string {
	return text.replace(new RegExp(INVISIBLE_CHARACTERS.source, 'gu'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** True when the text holds half of a UTF-16 pair: it cannot be encoded into a URL or JSON for a service. */
export function hasLoneSurrogate(text: string): boolean {
	return LONE_SURROGATE.test(text);
}

export function assertSafePath(path: string, requiredPrefix = '/'): void {
	if (typeof path !== 'string' || path.length === 0) {
		throw new UnsafeRequestError('The endpoint is empty', `Give a path starting with "${requiredPrefix}".`);
	}
	if (INVISIBLE_CHARACTERS.test(path) || ENCODED_CONTROL.test(path)) {
		throw new UnsafeRequestError(
			`The endpoint "${visible(path)}" contains a control or invisible character (tab, line break, NUL, zero-width or direction mark)`,
			'Write the endpoint with visible characters only.',
		);
	}
	if (hasLoneSurrogate(path)) {
		throw new UnsafeRequestError(
			'The endpoint contains a broken Unicode character (half of a surrogate pair)',
			'Write the endpoint as valid text.',
		);
	}
	if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('\\')) {
		throw new UnsafeRequestError(
			`The endpoint "${path}" is a full URL; only a path on the credential's API host is allowed`,
			`Give the path alone, for example "${requiredPrefix}…", without scheme or host.`,
		);
	}
	if (!path.startsWith(requiredPrefix)) {
		throw new UnsafeRequestError(
			`The endpoint "${path}" must start with "${requiredPrefix}"`,
			`Write the endpoint as "${requiredPrefix}…".`,
		);
	}
	const pathOnly = path.split(/[?#]/)[0];
	const segments = pathOnly.split(/[/\\]/).map((segment) => safeDecode(segment));
	if (segments.some((segment) => /^[.\u3002\uff0e\uff61]{1,2}$/.test(segment.normalize('NFKC')))) {
		throw new UnsafeRequestError(
			`The endpoint "${path}" contains "." or ".." segments`,
			'Write the endpoint without relative segments.',
		);
	}
	if (segments.some((segment) => segment.includes('/') || segment.includes('\\'))) {
		throw new UnsafeRequestError(
			`The endpoint "${path}" contains an encoded slash`,
			'Write the endpoint without %2F or %5C.',
		);
	}
}

export function assertSafeHeaders(headers: Record<string, unknown> | undefined): void {
	for (const [name, value] of Object.entries(headers ?? {})) {
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
			throw new UnsafeRequestError(
				`The header name "${visible(name)}" is not a valid HTTP header name`,
				'Use letters, digits and dashes in header names.',
			);
		}
		if (RESERVED_HEADERS.has(name.toLowerCase())) {
			throw new UnsafeRequestError(
				`The header "${name}" may not be set by the node`,
				`Remove "${name}": the credential and n8n set the host, the connection and the authentication.`,
			);
		}
		if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
			throw new UnsafeRequestError(
				`The header "${name}" has a ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value} value`,
				`Give "${name}" a text value.`,
			);
		}
		const text = String(value);
		if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(text) || /[^\u0000-\u00ff]/.test(text)) {
			throw new UnsafeRequestError(
				`The header "${name}" contains a line break, control character or a character outside Latin-1`,
				'Remove line breaks and special characters from header values.',
			);
		}
	}
}

/** Query values are text, numbers or booleans (lists of them are joined by the service's own rules). */
export function assertSafeQuery(qs: Record<string, unknown> | undefined): void {
	const scalar = (value: unknown) =>
		value === undefined ||
		value === null ||
		typeof value === 'string' ||
		(typeof value === 'number' && Number.isFinite(value)) ||
		typeof value === 'boolean';
	for (const [name, value] of Object.entries(qs ?? {})) {
		const values = Array.isArray(value) ? value : [value];
		if (!values.every(scalar)) {
			throw new UnsafeRequestError(
				`The query parameter "${visible(name)}" is not text or a number`,
				`Give "${visible(name)}" a text or number value, not an object.`,
			);
		}
		if ([name, ...values].some((v) => typeof v === 'string' && hasLoneSurrogate(v))) {
			throw new UnsafeRequestError(
				`The query parameter "${visible(name)}" contains a broken Unicode character (half of a surrogate pair)`,
				`Give "${visible(name)}" valid text.`,
			);
		}
	}
}

/** Encodes a value for use as one path segment, so user input cannot add segments. */
export function pathSegment(value: string | number): string {
	const text = String(value);
	if (hasLoneSurrogate(text)) {
		throw new UnsafeRequestError(
			'A path value contains a broken Unicode character (half of a surrogate pair)',
			'Give ids and names as valid text.',
		);
	}
	return encodeURIComponent(text);
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

export function joinUrl(base: string, path: string): string {
	return base.replace(/\/+$/, '') + path;
}

/**
 * Second line behind assertSafePath: the URL as a parser reads it must stay on the base's origin,
 * under its path, with as many segments as written (no segment folded away).
 */
export function assertUrlUnderBase(url: string, base: string, requiredPrefix: string): void {
	const parsed = new URL(url);
	const root = new URL(base);
	const rootPath = root.pathname.replace(/\/+$/, '');
	const written = url.slice(base.replace(/\/+$/, '').length).split(/[?#]/)[0];
	const expectedSegments = (rootPath + written).split('/').length;
	if (
		parsed.origin !== root.origin ||
		!parsed.pathname.startsWith(rootPath + requiredPrefix) ||
		parsed.pathname.split('/').length !== expectedSegments
	) {
		throw new UnsafeRequestError(
			'The endpoint would leave the credential’s API path once parsed as a URL',
			`Write the endpoint as a plain path starting with "${requiredPrefix}".`,
		);
	}
}

export interface BaseUrlField {
	/** The credential field's label, as the form shows it. */
	displayName: string;
}

/**
 * A credential's base URL must be a plain http(s) origin with an optional path: user info would
 * replace the credential (Basic auth), a query or fragment would swallow every request path.
 */
export function checkedBaseUrl(raw: string, field: BaseUrlField): string {
	const text = raw.trim().replace(/\/+$/, '');
	const refuse = (problem: string) =>
		new UnsafeRequestError(
			`The credential field "${field.displayName}" ${problem}`,
			`Set "${field.displayName}" in the credential to a URL such as https://host or https://host/api/v3, without user name, password, "?…" or "#…".`,
		);
	if (INVISIBLE_CHARACTERS.test(text) || /\s/.test(text)) throw refuse('contains spaces or control characters');
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		throw refuse('is not a URL');
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw refuse('must start with https:// or http://');
	if (parsed.username || parsed.password || /^[a-z]+:\/\/[^/]*@/i.test(text)) {
		throw refuse('contains a user name or password');
	}
	if (text.includes('?')) throw refuse('contains a query ("?…")');
	if (text.includes('#')) throw refuse('contains a fragment ("#…")');
	if (/\/(?:\.|%2e){1,2}(?:\/|$)/i.test(text.slice(parsed.origin.length))) {
		throw refuse('contains "." or ".." segments');
	}
	return text;
}
