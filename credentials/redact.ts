/**
 * Removes secrets from anything that may reach an output item, an error or a log line.
 * Known secret values are replaced wherever they appear; well-known secret carriers
 * (query parameters, Authorization headers, OAuth parameters) are masked by pattern too.
 */

export const REDACTED = '[redacted]';

const SECRET_QUERY_PARAMETERS =
	/([?&](?:key|token|access_token|client_secret|oauth_token|oauth_signature|oauth_consumer_key|secret)=)[^&#\s"'<>;,]+/gi;
const AUTHORIZATION_VALUES = /\b(Bearer|token|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
const OAUTH_HEADER_PARAMETERS = /\b(oauth_[a-z_]+)="[^"]*"/gi;
const GITHUB_TOKENS = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g;
/** Signed JSON Web Tokens (a GitHub App's sign-in JWT): header and payload both start with {" encoded. */
const JSON_WEB_TOKENS = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const PEM_BLOCKS = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g;

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Parts shorter than this are not searched for alone (they could match ordinary text). */
const MIN_PART = 16;

/** The pieces of a secret that give it away on their own: a JWT's segments and pairs, a key's base64 lines and body. */
function secretParts(secret: string): string[] {
	const parts = [secret];
	if (JWT_SHAPE.test(secret)) {
		const [header, payload, signature] = secret.split('.');
		parts.push(header, payload, signature, `${header}.${payload}`, `${payload}.${signature}`);
	}
	if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(secret)) {
		const lines = secret.split(/\r?\n|\\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('-----'));
		parts.push(...lines, lines.join(''), secret.replace(/\r?\n/g, '\\n'), secret.replace(/\n/g, '\r\n'));
	}
	return parts.filter((part) => part.length >= MIN_PART || part === secret);
}

/**
 * Every form in which a secret can appear in text: the secret and its parts, each as is, with
 * dots as %2E or %2e, and URL-encoded (upper- or lower-case hex). Longest first.
 */
export function secretForms(secrets: Iterable<string>): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < 4) continue;
		for (const part of secretParts(secret)) {
			const encoded = encodeURIComponent(part);
			for (const form of [part, encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())]) {
				forms.add(form);
				forms.add(form.split('.').join('%2E'));
				forms.add(form.split('.').join('%2e'));
			}
		}
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
	let result = text;
	for (const form of secretForms(secrets)) result = result.split(form).join(REDACTED);
	return result
		.replace(SECRET_QUERY_PARAMETERS, `$1${REDACTED}`)
		.replace(AUTHORIZATION_VALUES, `$1 ${REDACTED}`)
		.replace(OAUTH_HEADER_PARAMETERS, `$1="${REDACTED}"`)
		.replace(GITHUB_TOKENS, REDACTED)
		.replace(JSON_WEB_TOKENS, REDACTED)
		.replace(PEM_BLOCKS, REDACTED);
}

/** Terminal control sequences (colours, cursor moves: ESC [ … final byte) that a terminal shows as nothing. */
export const ANSI_SEQUENCES = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * Text with the credential's secrets replaced also where terminal control sequences sit inside
 * them (`ghp_ab\u001b[31mcd…`): a terminal, or a reader that strips them, shows the secret whole.
 * The stretch from the secret's first to its last character goes, sequences included.
 */
export function redactAcrossAnsi(text: string, secrets: string[]): string {
	if (!text.includes('\u001b')) return text;
	const origin: number[] = [];
	let shown = '';
	let from = 0;
	for (const sequence of text.matchAll(ANSI_SEQUENCES)) {
		for (let at = from; at < sequence.index; at++) origin.push(at);
		shown += text.slice(from, sequence.index);
		from = sequence.index + sequence[0].length;
	}
	for (let at = from; at < text.length; at++) origin.push(at);
	shown += text.slice(from);
	const spans: Array<[number, number]> = [];
	for (const form of secretForms(secrets)) {
		for (let at = shown.indexOf(form); at !== -1; at = shown.indexOf(form, at + form.length)) {
			spans.push([origin[at], origin[at + form.length - 1] + 1]);
		}
	}
	// Overlapping finds are one stretch.
	const merged: Array<[number, number]> = [];
	for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
		const last = merged[merged.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else merged.push([start, end]);
	}
	let result = '';
	let kept = 0;
	for (const [start, end] of merged) {
		result += text.slice(kept, start) + REDACTED;
		kept = end;
	}
	return result + text.slice(kept);
}

/**
 * Replaces the credential's own secret values in a response body. Only known values: the
 * pattern rules above are for error text, and would alter legitimate content (an issue body
 * saying "token …"). Returns the same object when nothing needed replacing.
 */
export function redactKnownSecrets<T>(value: T, secrets: string[]): T {
	const forms = secretForms(secrets);
	if (!forms.length || value === null || value === undefined) return value;
	if (Buffer.isBuffer(value)) return redactBytes(value, forms) as T;
	const text = JSON.stringify(value);
	// Strings are compared as they are, JSON's escapes aside: a form with a line break is searched in the text as \n.
	if (text === undefined || !forms.some((form) => text.includes(form) || text.includes(JSON.stringify(form).slice(1, -1)))) {
		return value;
	}
	const walk = (node: unknown): unknown => {
		if (typeof node === 'string') {
			let result = node;
			for (const form of forms) result = result.split(form).join(REDACTED);
			return result;
		}
		if (Array.isArray(node)) return node.map(walk);
		if (node && typeof node === 'object') {
			return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
		}
		return node;
	};
	return walk(value) as T;
}

/**
 * Response headers as output may show them: known secrets and the secret-carrier patterns
 * (a Link with access_token=, an echoed Authorization) masked.
 */
export function redactHeaders<H extends Record<string, unknown>>(headers: H, secrets: string[]): H {
	const out: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (/^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(name)) out[name] = REDACTED;
		else if (typeof value === 'string') out[name] = redactText(value, secrets);
		else if (Array.isArray(value)) out[name] = value.map((entry) => (typeof entry === 'string' ? redactText(entry, secrets) : entry));
		else out[name] = value;
	}
	return out as H;
}

/** Bytes (downloads, decoded file content) with each secret form's UTF-8 bytes replaced; the same Buffer when none occur. */
function redactBytes(bytes: Buffer, forms: string[]): Buffer {
	const needles = forms.map((form) => Buffer.from(form));
	if (!needles.some((needle) => bytes.includes(needle))) return bytes;
	const replacement = Buffer.from(REDACTED);
	let result = bytes;
	for (const needle of needles) {
		const parts: Buffer[] = [];
		let from = 0;
		for (let at = result.indexOf(needle); at !== -1; at = result.indexOf(needle, from)) {
			parts.push(result.subarray(from, at), replacement);
			from = at + needle.length;
		}
		parts.push(result.subarray(from));
		result = Buffer.concat(parts);
	}
	return result;
}

/** Deep copy of a JSON-like value with every string redacted. */
export function redactDeep<T>(value: T, secrets: Iterable<string> = []): T {
	const list = [...secrets];
	const walk = (node: unknown): unknown => {
		if (typeof node === 'string') return redactText(node, list);
		if (Array.isArray(node)) return node.map(walk);
		if (node && typeof node === 'object' && !Buffer.isBuffer(node)) {
			const out: Record<string, unknown> = {};
			for (const [key, child] of Object.entries(node)) {
				out[key] = /^(authorization|x-trello-webhook|x-hub-signature(-256)?)$/i.test(key)
					? REDACTED
					: walk(child);
			}
			return out;
		}
		return node;
	};
	return walk(value) as T;
}

const SECRET_FIELDS = new Set([
	'accessToken',
	'apiKey',
	'apiToken',
	'applicationSecret',
	'clientSecret',
	'consumerKey',
	'consumerSecret',
	'access_token',
	'refresh_token',
	'id_token',
	'oauth_token',
	'oauth_token_secret',
	'privateKey',
	// A GitHub App credential's stored installation token.
	'installationToken',
]);

/** The secret values of a credential object, to be redacted wherever they appear. */
export function secretsOf(credentials: Record<string, unknown> | undefined): string[] {
	const found: string[] = [];
	const walk = (node: unknown, key: string) => {
		if (typeof node === 'string') {
			if (SECRET_FIELDS.has(key) && node.length >= 4) found.push(node);
			return;
		}
		if (node && typeof node === 'object') {
			for (const [childKey, child] of Object.entries(node)) walk(child, childKey);
		}
	};
	walk(credentials, '');
	return found;
}
