/**
 * Keeps every request on the credential's host: the caller gives a path, never a URL.
 * Refusals happen before anything is sent and name the offending input.
 */

const CONTROL_CHARACTERS = /[\r\n\0]/;
const ENCODED_CONTROL = /%0[ad0]/i;

export class UnsafeRequestError extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'UnsafeRequestError';
	}
}

export function assertSafePath(path: string, requiredPrefix = '/'): void {
	if (typeof path !== 'string' || path.length === 0) {
		throw new UnsafeRequestError('The endpoint is empty', `Give a path starting with "${requiredPrefix}".`);
	}
	if (CONTROL_CHARACTERS.test(path) || ENCODED_CONTROL.test(path)) {
		throw new UnsafeRequestError(
			'The endpoint contains a line break or NUL character',
			'Remove line breaks from the endpoint path.',
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
	if (segments.some((segment) => segment === '..' || segment === '.')) {
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
		if (CONTROL_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(String(value ?? ''))) {
			throw new UnsafeRequestError(
				`The header "${name.replace(/[\r\n\0]/g, ' ')}" contains a line break or NUL character`,
				'Remove line breaks from header names and values.',
			);
		}
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
			throw new UnsafeRequestError(
				`The header name "${name}" is not a valid HTTP header name`,
				'Use letters, digits and dashes in header names.',
			);
		}
	}
}

/** Encodes a value for use as one path segment, so user input cannot add segments. */
export function pathSegment(value: string | number): string {
	return encodeURIComponent(String(value));
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
