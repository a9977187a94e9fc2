import { request as httpRequest } from 'http';
import nock from 'nock';

import { FakeGitHub } from '../test/fakes/fakeGitHub';
import { FakeTrello } from '../test/fakes/fakeTrello';
import type { FakeReply, FakeRequest } from '../test/fakes/server';

export interface Arrival {
	at: number;
	token: string;
	status: number;
	kind: 'ok' | 'refused' | 'primary' | 'secondary';
	askedMs?: number;
	path: string;
}

/** Trello fake that timestamps every request it gates and serves cards with Trello's list paging. */
export class BenchTrello extends FakeTrello {
	readonly arrivals: Arrival[] = [];
	readonly createdNames = new Map<string, string[]>();
	cards: Array<{ id: string; name: string; idList: string; pos: number }> = [];

	constructor() {
		super();
		this.on('POST', '/1/cards', (request) => {
			const token = this.tokenOf(request);
			const source = { ...request.query, ...((typeof request.body === 'object' && request.body) || {}) } as Record<string, string>;
			const names = this.createdNames.get(token) ?? [];
			names.push(String(source.name));
			this.createdNames.set(token, names);
			return { body: { id: '6571a0c4' + names.length.toString(16).padStart(16, '0'), name: source.name, idList: source.idList } };
		});
		const listCards = (request: FakeRequest): FakeReply => {
			let cards = this.cards;
			if (request.query.before) cards = cards.filter((c) => c.id < request.query.before);
			if (request.query.since) cards = cards.filter((c) => c.id > request.query.since);
			if (request.query.limit) {
				// Trello answers a limited request with the newest cards before the cursor.
				const limit = Math.min(1000, Number(request.query.limit));
				cards = [...cards].sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit);
			}
			return { body: cards };
		};
		this.on('GET', '/1/lists/{id}/cards', listCards);
		this.on('GET', '/1/boards/{id}/cards', listCards);
	}

	tokenOf(request: FakeRequest): string {
		const auth = request.headers.authorization ?? '';
		return /oauth_token="([^"]*)"/.exec(auth)?.[1] ?? request.query.token ?? '';
	}

	protected gate(request: FakeRequest): FakeReply | undefined {
		const reply = super.gate(request);
		this.arrivals.push({ at: Date.now(), token: this.tokenOf(request), status: reply?.status ?? 200, kind: reply ? 'refused' : 'ok', path: request.path });
		return reply;
	}

	requestsFor(token: string): Arrival[] {
		return this.arrivals.filter((a) => a.token === token);
	}
}

/**
 * GitHub fake that also accepts n8n's `token <x>` authorization (GitHub does), timestamps
 * every request with the wait a refusal asks for, and serves issues and commits.
 */
export class BenchGitHub extends FakeGitHub {
	readonly arrivals: Arrival[] = [];
	issues: unknown[] = [];
	commits: unknown[] = [];
	created: string[] = [];
	/** After this many created issues, refuse the next request with a secondary limit. */
	secondaryAfterCreated = Infinity;

	constructor() {
		super();
		this.on('POST', '/repos/{owner}/{repo}/issues', (request) => {
			const title = String((request.body as { title?: string }).title);
			this.created.push(title);
			if (this.created.length === this.secondaryAfterCreated) this.secondaryLimitRefusals = 1;
			return { status: 201, body: { number: this.created.length, title } };
		});
		this.on('GET', '/repos/{owner}/{repo}/issues', (request) => this.paged(request, this.issues));
		this.on('GET', '/repos/{owner}/{repo}/commits', (request) => this.paged(request, this.commits));
	}

	protected gate(request: FakeRequest): FakeReply | undefined {
		const auth = request.headers.authorization ?? '';
		if (auth.startsWith('token ')) request.headers.authorization = 'Bearer ' + auth.slice(6);
		const secondary = this.secondaryLimitRefusals > 0;
		const reply = super.gate(request);
		const at = Date.now();
		let kind: Arrival['kind'] = 'ok';
		let askedMs: number | undefined;
		if (reply?.status === 403 && secondary) {
			kind = 'secondary';
			askedMs = this.secondaryRetryAfterSeconds * 1000;
		} else if (reply?.status === 403) {
			kind = 'primary';
			askedMs = this.resetAt * 1000 - at;
		} else if (!reply && this.remaining === 0) {
			// This answer says x-ratelimit-remaining: 0, i.e. wait for x-ratelimit-reset.
			askedMs = this.resetAt * 1000 - at;
		}
		this.arrivals.push({ at, token: '', status: reply?.status ?? 200, kind, askedMs, path: request.path });
		return reply;
	}
}

/**
 * Forwards every request for `origin` (n8n's nodes have it fixed) to a loopback fake: nock
 * intercepts, performs the same request against the fake and answers with its status, body and headers.
 */
const forwardTargets = new Map<string, () => string>();

export function forwardOrigin(origin: string, target: () => string) {
	// One interceptor per origin for the whole run; later sections only move its target.
	const known = forwardTargets.has(origin);
	forwardTargets.set(origin, target);
	if (known) return;
	const scope = nock(origin).persist();
	for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
		scope
			.intercept(/.*/, method)
			.query(true)
			.reply(function (uri, body, callback) {
				const headers: Record<string, string> = {};
				for (const [name, value] of Object.entries(this.req.headers)) {
					if (name === 'host' || name === 'content-length') continue;
					headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
				}
				const payload = body === undefined || body === '' ? '' : typeof body === 'string' ? body : JSON.stringify(body);
				if (payload) headers['content-length'] = String(Buffer.byteLength(payload));
				const forwarded = httpRequest(forwardTargets.get(origin)!() + uri, { method, headers }, (response) => {
					const chunks: Buffer[] = [];
					response.on('data', (chunk: Buffer) => chunks.push(chunk));
					response.on('end', () => {
						const replyHeaders: Record<string, string> = {};
						for (const [name, value] of Object.entries(response.headers)) {
							if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding')
								replyHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
						}
						callback(null, [response.statusCode ?? 500, Buffer.concat(chunks).toString('utf8'), replyHeaders]);
					});
				});
				// Answer like a gateway would, so the node sees a failure instead of a hung request.
				forwarded.on('error', (error) => callback(null, [502, JSON.stringify({ message: `forwarding failed: ${error.message}` })]));
				forwarded.end(payload);
			});
	}
}
