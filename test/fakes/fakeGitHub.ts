import type { FakeReply, FakeRequest } from './server';
import { FakeHttpServer } from './server';

/**
 * GitHub as far as the nodes care: Bearer tokens, x-ratelimit-* headers on every answer,
 * Link-header paging, and switchable primary / secondary limit refusals.
 */
export class FakeGitHub extends FakeHttpServer {
	readonly tokens = new Set<string>();
	/** Prefix the API is served under: '' for github.com, '/api/v3' for Enterprise Server. */
	constructor(readonly apiPrefix = '') {
		super();
	}

	limit = 5000;
	remaining = 5000;
	resetAt = Math.floor(Date.now() / 1000) + 3600;
	/** Answer the next N requests with a secondary-limit 403 and this retry-after. */
	secondaryLimitRefusals = 0;
	secondaryRetryAfterSeconds = 1;

	get apiUrl(): string {
		return this.baseUrl + this.apiPrefix;
	}

	on(method: string, path: string, handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>): this {
		return super.on(method, this.apiPrefix + path, handler);
	}

	protected gate(request: FakeRequest): FakeReply | undefined {
		const auth = request.headers.authorization ?? '';
		const token = /^Bearer (.+)$/.exec(auth)?.[1];
		if (!token || !this.tokens.has(token)) {
			return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
		}
		if (this.secondaryLimitRefusals > 0) {
			this.secondaryLimitRefusals--;
			return {
				status: 403,
				headers: { 'retry-after': String(this.secondaryRetryAfterSeconds) },
				body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
			};
		}
		const now = Math.floor(Date.now() / 1000);
		if (now >= this.resetAt) {
			this.remaining = this.limit;
			this.resetAt = now + 3600;
		}
		if (this.remaining <= 0) {
			return { status: 403, body: { message: 'API rate limit exceeded for user.' } };
		}
		this.remaining--;
		return undefined;
	}

	protected commonHeaders(): Record<string, string> {
		return {
			'x-ratelimit-limit': String(this.limit),
			'x-ratelimit-remaining': String(this.remaining),
			'x-ratelimit-used': String(this.limit - this.remaining),
			'x-ratelimit-reset': String(this.resetAt),
			'x-ratelimit-resource': 'core',
		};
	}

	/** Serves `items` with GitHub's page/per_page semantics and an absolute Link header. */
	paged(request: FakeRequest, items: unknown[]): FakeReply {
		const perPage = Math.min(100, Number(request.query.per_page ?? 30));
		const page = Number(request.query.page ?? 1);
		const slice = items.slice((page - 1) * perPage, page * perPage);
		const headers: Record<string, string> = {};
		if (page * perPage < items.length) {
			const next = new URL(this.baseUrl + request.path);
			for (const [k, v] of Object.entries(request.query)) next.searchParams.set(k, v);
			next.searchParams.set('page', String(page + 1));
			headers.link = `<${next.toString()}>; rel="next"`;
		}
		return { body: slice, headers };
	}
}
