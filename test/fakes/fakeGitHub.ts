import { createPublicKey, randomBytes, verify } from 'crypto';

import type { FakeReply, FakeRequest } from './server';
import { FakeHttpServer } from './server';

export interface FakeInstallation {
	id: number;
	account: string;
	type: 'Organization' | 'User';
}

/** Routes a GitHub App signs into with its JWT rather than an installation token. */
const APP_ROUTES = /^\/(app(\/.*)?|orgs\/[^/]+\/installation|users\/[^/]+\/installation|repos\/[^/]+\/[^/]+\/installation)$/;

/** An OAuth app (or GitHub App) whose user-to-server tokens expire and are refreshed. */
export interface FakeOAuthApp {
	clientId: string;
	clientSecret: string;
}

/** The web root's token endpoint (github.com/login/oauth/access_token, https://HOST/login/oauth/access_token). */
const OAUTH_TOKEN_PATH = '/login/oauth/access_token';

export interface FakeRun {
	id: number;
	workflow: string;
	ref: string;
	createdAt: number;
	/** How often the run was shown, by ID or in a list. */
	looks: number;
}

export interface FakeActionsOptions {
	/**
	 * A dispatched run shows as in progress this many times (by ID or in a list), then completed: counted
	 * in looks rather than seconds, so how many requests a node needs does not depend on the machine's speed.
	 */
	completeAfterLooks: number;
	conclusion?: string;
	/** Workflows whose dispatch answers 204 without run details, as older Enterprise Server versions do. */
	withoutRunDetails?: string[];
	/** Workflows whose runs never complete. */
	neverComplete?: string[];
}

/**
 * GitHub as far as the nodes care: Bearer tokens, x-ratelimit-* headers on every answer,
 * Link-header paging, switchable primary / secondary limit refusals, and GitHub App sign-in
 * (JWT checked against the app's public key, exchanged for installation tokens).
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

	private readonly apps = new Map<string, { publicKey: string; installations: FakeInstallation[] }>();
	private readonly signedInApp = new WeakMap<FakeRequest, string>();
	readonly issuedInstallationTokens: Array<{ token: string; appId: string; installationId: number }> = [];
	/** Why app JWTs were refused, in order. */
	readonly jwtRefusals: string[] = [];
	private oauthApp?: FakeOAuthApp;
	/** Refresh tokens the token endpoint takes, each once (GitHub rotates them). */
	readonly refreshTokens = new Set<string>();
	readonly issuedUserTokens: Array<{ accessToken: string; refreshToken: string }> = [];
	/** The GraphQL documents received, by the name the test gave them, with their variables. */
	readonly graphqlCalls: Array<{ document: string; variables: Record<string, unknown> }> = [];
	/** How long installation tokens issued from now on live (GitHub: one hour). */
	installationTokenLifetimeMs = 3_600_000;

	/** A GitHub App with its public key (PEM) and where it is installed. */
	addApp(appId: string, publicKeyPem: string, installations: FakeInstallation[]): this {
		this.apps.set(appId, { publicKey: publicKeyPem, installations });
		const installationOf = (predicate: (installation: FakeInstallation) => boolean) => (request: FakeRequest) => {
			const app = this.apps.get(this.signedInApp.get(request) ?? '');
			const found = app?.installations.find(predicate);
			return found ? { body: { id: found.id, account: { login: found.account, type: found.type }, app_id: Number(appId) } } : { status: 404, body: { message: 'Not Found' } };
		};
		const sameAccount = (name: string) => (installation: FakeInstallation) => installation.account.toLowerCase() === name.toLowerCase();
		this.on('GET', '/orgs/{org}/installation', (req) => installationOf((i) => i.type === 'Organization' && sameAccount(req.params.org)(i))(req))
			.on('GET', '/users/{user}/installation', (req) => installationOf((i) => i.type === 'User' && sameAccount(req.params.user)(i))(req))
			.on('GET', '/repos/{owner}/{repo}/installation', (req) => installationOf(sameAccount(req.params.owner))(req))
			.on('POST', '/app/installations/{id}/access_tokens', (req) => {
				const app = this.apps.get(this.signedInApp.get(req) ?? '');
				const installation = app?.installations.find((i) => i.id === Number(req.params.id));
				if (!installation) return { status: 404, body: { message: 'Not Found' } };
				const token = `ghs_${randomBytes(18).toString('hex')}`;
				this.tokens.add(token);
				this.issuedInstallationTokens.push({ token, appId: this.signedInApp.get(req) ?? '', installationId: installation.id });
				return {
					status: 201,
					body: { token, expires_at: new Date(Date.now() + this.installationTokenLifetimeMs).toISOString(), permissions: { issues: 'write' }, repository_selection: 'all' },
				};
			});
		return this;
	}

	/** Checks an app JWT as GitHub does: RS256 by a known app's key, issued in the past, expiring within ten minutes. */
	private appFor(request: FakeRequest): string | FakeReply {
		const refuse = (why: string): FakeReply => {
			this.jwtRefusals.push(why);
			return { status: 401, body: { message: `A JSON web token could not be decoded (${why})`, documentation_url: 'https://docs.github.com/rest' } };
		};
		const jwt = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
		const [header, payload, signature] = jwt.split('.');
		if (!header || !payload || !signature) return refuse('not a JWT');
		let claims: { iat?: number; exp?: number; iss?: number | string };
		try {
			if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return refuse('not RS256');
			claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
		} catch {
			return refuse('unreadable');
		}
		const appId = String(claims.iss ?? '');
		const app = this.apps.get(appId);
		if (!app) return refuse('unknown app');
		const signed = verify('sha256', Buffer.from(`${header}.${payload}`), createPublicKey(app.publicKey), Buffer.from(signature, 'base64url'));
		if (!signed) return refuse('signature does not match the app key');
		const now = Math.floor(Date.now() / 1000);
		if (typeof claims.iat !== 'number' || claims.iat > now + 5) return refuse('iat in the future');
		if (typeof claims.exp !== 'number' || claims.exp <= now) return refuse('expired');
		if (claims.exp - now > 600) return refuse('exp more than ten minutes ahead');
		return appId;
	}

	get apiUrl(): string {
		return this.baseUrl + this.apiPrefix;
	}

	on(method: string, path: string, handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>): this {
		return super.on(method, this.apiPrefix + path, handler);
	}

	protected gate(request: FakeRequest): FakeReply | undefined {
		// The token endpoint authenticates the client, not a token.
		if (this.oauthApp && request.path === OAUTH_TOKEN_PATH) return undefined;
		if (this.apps.size && APP_ROUTES.test(request.path.slice(this.apiPrefix.length))) {
			const app = this.appFor(request);
			if (typeof app !== 'string') return app;
			this.signedInApp.set(request, app);
			return undefined;
		}
		const auth = request.headers.authorization ?? '';
		// GitHub takes a token as `Bearer` or as the older `token` scheme (n8n's own GitHub credential sends that one).
		const token = /^(?:Bearer|token) (.+)$/.exec(auth)?.[1];
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

	/** Enterprise Server's upload root next to its API root (/api/uploads beside /api/v3), where release assets go. */
	get uploadsPrefix(): string {
		if (!/\/api\/v3$/.test(this.apiPrefix)) throw new Error('the fake serves an upload root only beside Enterprise Server\'s /api/v3');
		return this.apiPrefix.replace(/\/v3$/, '/uploads');
	}

	onUploads(method: string, path: string, handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>): this {
		return super.on(method, this.uploadsPrefix + path, handler);
	}

	/**
	 * The token endpoint refreshing user-to-server tokens as GitHub does: a form with
	 * grant_type=refresh_token and a refresh token from `refreshTokens`, the client authenticated
	 * by HTTP Basic or client_id/client_secret in the form; the refresh token is used up and a new
	 * access token (accepted from then on) and refresh token are issued. GitHub answers refusals
	 * with 200 and an `error`.
	 */
	serveOAuthRefresh(app: FakeOAuthApp): this {
		this.oauthApp = app;
		return super.on('POST', OAUTH_TOKEN_PATH, (req) => {
			const form = new URLSearchParams(req.rawBody);
			const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
			const [clientId, clientSecret] = basic
				? Buffer.from(basic, 'base64').toString().split(':')
				: [form.get('client_id'), form.get('client_secret')];
			const refuse = (error: string, description: string): FakeReply => ({ body: { error, error_description: description } });
			if (clientId !== app.clientId || clientSecret !== app.clientSecret) return refuse('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
			const refreshToken = form.get('refresh_token') ?? '';
			if (form.get('grant_type') !== 'refresh_token' || !this.refreshTokens.delete(refreshToken)) {
				return refuse('bad_refresh_token', 'The refresh token passed is incorrect or expired.');
			}
			const issued = { accessToken: `ghu_${randomBytes(18).toString('hex')}`, refreshToken: `ghr_${randomBytes(30).toString('hex')}` };
			this.tokens.add(issued.accessToken);
			this.refreshTokens.add(issued.refreshToken);
			this.issuedUserTokens.push(issued);
			return {
				body: {
					access_token: issued.accessToken,
					expires_in: 28800,
					refresh_token: issued.refreshToken,
					refresh_token_expires_in: 15811200,
					scope: '',
					token_type: 'bearer',
				},
			};
		});
	}

	/**
	 * GitHub's GraphQL endpoint (/graphql; /api/graphql on Enterprise Server) for the given
	 * documents, known by their exact text: each call is recorded in `graphqlCalls` under the
	 * document's name and answered with `{ data: answer(name, variables) }`; any other query gets
	 * GraphQL's error answer.
	 */
	serveGraphql(documents: Record<string, string>, answer: (document: string, variables: Record<string, unknown>) => unknown): this {
		const names = new Map(Object.entries(documents).map(([name, text]) => [text, name]));
		return super.on('POST', `${this.apiPrefix.replace(/\/v3$/, '')}/graphql`, (req) => {
			const { query, variables = {} } = (req.body ?? {}) as { query?: string; variables?: Record<string, unknown> };
			const document = names.get(query ?? '');
			if (!document) return { body: { errors: [{ message: 'The fake GitHub does not know this GraphQL document' }] } };
			this.graphqlCalls.push({ document, variables });
			return { body: { data: answer(document, variables) } };
		});
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

	readonly runs: FakeRun[] = [];

	/**
	 * GitHub Actions for dispatches: each dispatch starts a run (event workflow_dispatch) that is
	 * in progress for its first `completeAfterLooks` looks and then completed; the run, the workflow's
	 * runs (event, branch and created filters) and the dispatch answer (200 with run details when
	 * asked, else 204) follow GitHub's shapes.
	 */
	serveActions(owner: string, repo: string, options: FakeActionsOptions): this {
		const seconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');
		const html = (id: number) => `${this.baseUrl}/${owner}/${repo}/actions/runs/${id}`;
		const view = (run: FakeRun) => {
			run.looks++;
			const done = !options.neverComplete?.includes(run.workflow) && run.looks > options.completeAfterLooks;
			return {
				id: run.id,
				name: run.workflow,
				event: 'workflow_dispatch',
				head_branch: run.ref,
				status: done ? 'completed' : 'in_progress',
				conclusion: done ? (options.conclusion ?? 'success') : null,
				created_at: seconds(run.createdAt),
				html_url: html(run.id),
			};
		};
		return this.on('POST', `/repos/${owner}/${repo}/actions/workflows/{id}/dispatches`, (req) => {
			const body = req.body as { ref: string; return_run_details?: boolean };
			const run: FakeRun = { id: 9001 + this.runs.length, workflow: req.params.id, ref: body.ref, createdAt: Date.now(), looks: 0 };
			this.runs.push(run);
			if (!body.return_run_details || options.withoutRunDetails?.includes(run.workflow)) return { status: 204 };
			return { body: { workflow_run_id: run.id, run_url: `${this.apiUrl}/repos/${owner}/${repo}/actions/runs/${run.id}`, html_url: html(run.id) } };
		})
			.on('GET', `/repos/${owner}/${repo}/actions/runs/{id}`, (req) => {
				const run = this.runs.find((candidate) => String(candidate.id) === req.params.id);
				return run ? { body: view(run) } : { status: 404, body: { message: 'Not Found' } };
			})
			.on('GET', `/repos/${owner}/${repo}/actions/workflows/{id}/runs`, (req) => {
				const since = /^>=(.+)$/.exec(req.query.created ?? '')?.[1];
				const runs = this.runs
					.filter((run) => run.workflow === req.params.id)
					.filter((run) => !req.query.branch || run.ref === req.query.branch)
					.filter((run) => !req.query.event || req.query.event === 'workflow_dispatch')
					.filter((run) => !since || Math.floor(run.createdAt / 1000) * 1000 >= Date.parse(since))
					.reverse()
					.map(view);
				return { body: { total_count: runs.length, workflow_runs: runs } };
			});
	}
}
