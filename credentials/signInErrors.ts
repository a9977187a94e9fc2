/**
 * What a failed sign-in says: the credential's own setup error, and the service's words for a
 * refused request. The credentials' sign-in raises them and the nodes' error mapping reads them;
 * this module imports nothing of the package.
 */

/** Error bodies are kept to this many characters in messages (after redaction). */
const MESSAGE_LIMIT = 500;

/**
 * A credential whose settings cannot work (unreadable key, unknown installation): the user must
 * change the named field. n8n wraps errors thrown while authenticating, so it is looked for
 * along the cause chain, and by name as well (credential and node modules may be loaded apart).
 */
export class CredentialSetupError extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'CredentialSetupError';
	}
}

/**
 * The service's own words for a failed response, whatever shape its body has: its message, the
 * specifics (GitHub's errors[] as "resource field code message", Trello's error text) and the
 * documentation link.
 */
export function serviceMessage(body: unknown): { message?: string; details?: string; documentation?: string } {
	if (typeof body === 'string') {
		const text = body.trim();
		if (!text) return {};
		try {
			return serviceMessage(JSON.parse(text));
		} catch {
			return { message: text.slice(0, MESSAGE_LIMIT) };
		}
	}
	if (Buffer.isBuffer(body)) return serviceMessage(body.toString('utf8'));
	if (!body || typeof body !== 'object') return {};
	const record = body as Record<string, unknown>;
	const message =
		typeof record.message === 'string'
			? record.message
			: typeof record.error === 'string'
				? record.error
				: undefined;
	const parts: string[] = [];
	if (typeof record.error === 'string' && record.error !== message) parts.push(record.error);
	if (Array.isArray(record.errors)) {
		for (const entry of record.errors) {
			if (typeof entry === 'string') parts.push(entry);
			else if (entry && typeof entry === 'object') {
				const e = entry as Record<string, unknown>;
				parts.push(
					[e.resource, e.field, e.code, e.message].filter((x) => typeof x === 'string').join(' '),
				);
			}
		}
	}
	const documentation = typeof record.documentation_url === 'string' ? record.documentation_url : undefined;
	return {
		message,
		details: parts.filter(Boolean).join('; ').slice(0, MESSAGE_LIMIT) || undefined,
		documentation,
	};
}
