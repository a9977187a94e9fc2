import { createHmac } from 'crypto';

import type { FakeReply, FakeRequest } from './server';
import { FakeHttpServer } from './server';

export interface TrelloAccount {
	apiKey: string;
	apiToken: string;
	/** For OAuth 1.0a: the consumer secret and token secret the signature is made with. */
	consumerSecret?: string;
	tokenSecret?: string;
}

function percentEncode(value: string): string {
	return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * Trello as far as the nodes care: key+token (query or OAuth header) and OAuth 1.0a HMAC-SHA1
 * signatures are checked, every answer carries x-rate-limit-api-token-* headers, and with
 * `enforceLimit` the 100 requests / 10 s per-token limit is enforced over a sliding window.
 */
export class FakeTrello extends FakeHttpServer {
	readonly accounts: TrelloAccount[] = [];
	enforceLimit = false;
	intervalMs = 10_000;
	maxPerToken = 100;
	readonly refusals: FakeRequest[] = [];
	/** When each refusal was given (Date.now()). */
	readonly refusedAt: number[] = [];
	private readonly sentAtByToken = new Map<string, number[]>();

	account(request: FakeRequest): TrelloAccount | undefined {
		const auth = request.headers.authorization ?? '';
		const oauth: Record<string, string> = {};
		for (const match of auth.matchAll(/(\w+)="([^"]*)"/g)) oauth[match[1]] = decodeURIComponent(match[2]);
		const key = oauth.oauth_consumer_key ?? request.query.key;
		const token = oauth.oauth_token ?? request.query.token;
		const account = this.accounts.find((a) => a.apiKey === key && a.apiToken === token);
		if (!account) return undefined;
		if (oauth.oauth_signature_method) {
			return this.signatureValid(request, oauth, account) ? account : undefined;
		}
		return account;
	}

	private signatureValid(request: FakeRequest, oauth: Record<string, string>, account: TrelloAccount): boolean {
		if (!account.consumerSecret || oauth.oauth_signature_method !== 'HMAC-SHA1') return false;
		const params: Array<[string, string]> = [];
		for (const [k, v] of Object.entries(request.query)) params.push([k, v]);
		for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature' && k.startsWith('oauth_')) params.push([k, v]);
		params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
		const normalized = params.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
		const base = [request.method, percentEncode(this.baseUrl + request.path), percentEncode(normalized)].join('&');
		const signingKey = `${percentEncode(account.consumerSecret)}&${percentEncode(account.tokenSecret ?? '')}`;
		const expected = createHmac('sha1', signingKey).update(base).digest('base64');
		return expected === oauth.oauth_signature;
	}

	protected gate(request: FakeRequest): FakeReply | undefined {
		if (request.method === 'HEAD') return undefined;
		const account = this.account(request);
		if (!account) return { status: 401, body: 'invalid key' };
		if (!this.enforceLimit) return undefined;
		const now = Date.now();
		const sent = (this.sentAtByToken.get(account.apiToken) ?? []).filter((t) => t > now - this.intervalMs);
		this.sentAtByToken.set(account.apiToken, sent);
		if (sent.length >= this.maxPerToken) {
			this.refusals.push(request);
			this.refusedAt.push(now);
			return {
				status: 429,
				body: { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' },
			};
		}
		sent.push(now);
		return undefined;
	}

	protected commonHeaders(request: FakeRequest): Record<string, string> {
		const account = this.accounts.find((a) => request.headers.authorization?.includes(a.apiToken) || request.query.token === a.apiToken);
		const used = account ? (this.sentAtByToken.get(account.apiToken) ?? []).filter((t) => t > Date.now() - this.intervalMs).length : 0;
		return {
			'x-rate-limit-api-token-interval-ms': String(this.intervalMs),
			'x-rate-limit-api-token-max': String(this.maxPerToken),
			'x-rate-limit-api-token-remaining': String(Math.max(0, this.maxPerToken - used)),
		};
	}
}

export interface MultipartPart {
	name: string;
	fileName?: string;
	contentType?: string;
	content: Buffer;
}

/** The parts of a multipart/form-data request, bytes kept as sent; undefined when it is not one. */
export function multipartParts(request: FakeRequest): MultipartPart[] | undefined {
	const boundary = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(request.headers['content-type'] ?? '')?.[2];
	if (!boundary) return undefined;
	const delimiter = Buffer.from(`--${boundary}`);
	const parts: MultipartPart[] = [];
	let start = request.bytes.indexOf(delimiter);
	while (start !== -1) {
		const next = request.bytes.indexOf(delimiter, start + delimiter.length);
		if (next === -1) break;
		const chunk = request.bytes.subarray(start + delimiter.length + 2, next - 2);
		const split = chunk.indexOf('\r\n\r\n');
		const head = chunk.subarray(0, split).toString('utf8');
		parts.push({
			name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
			fileName: /filename="([^"]*)"/.exec(head)?.[1],
			contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
			content: chunk.subarray(split + 4),
		});
		start = next;
	}
	return parts;
}
