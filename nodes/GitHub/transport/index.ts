import type { ICredentialDataDecryptedObject, IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { GITHUB_API_VERSION, GITHUB_DOT_COM_API, GITHUB_MEDIA_TYPE } from '../../../credentials/githubServer';
import type { ApiRequest, ApiResponse } from '../../shared/apiClient';
import { ApiClient } from '../../shared/apiClient';
import { StatePerSecret } from '../../shared/perSecret';
import type { ApiContext } from '../../shared/context';
import { readParameter } from '../../shared/context';
import type { RetryBounds } from '../../shared/rateLimit';
import { DEFAULT_RETRY_BOUNDS } from '../../shared/rateLimit';
import { apiErrorFromResponse, ServiceAnswerError, toNodeError } from '../../shared/errors';
import { PageLimit } from '../../shared/paging';
import { redactText } from '../../../credentials/redact';
import type { ScopeVerdict } from '../../shared/scope';
import type { RepositoryList } from '../scope/repositories';
import type { GitHubLookups, GitHubScope, ScopeProof } from '../scope';
import { checkGitHubRequest, githubScopeOf } from '../scope';
import { heldInstallationTokens } from '../../../credentials/githubApp';
import { nextLink } from './link';
import type { ResourceBudget } from './rateLimit';
import { GitHubRateLimitPolicy, resourceForPath } from './rateLimit';

const ACCESS_TOKEN_CREDENTIAL_TYPE = 'githubAccessTokenApi';
const SIGN_IN_CREDENTIAL_TYPE = 'githubServerOAuth2Api';
const APP_CREDENTIAL_TYPE = 'githubServerAppApi';

export const GITHUB_CREDENTIAL_TYPES = {
	accessToken: ACCESS_TOKEN_CREDENTIAL_TYPE,
	oAuth2: SIGN_IN_CREDENTIAL_TYPE,
	githubApp: APP_CREDENTIAL_TYPE,
} as const;

export type GitHubAuthentication = keyof typeof GITHUB_CREDENTIAL_TYPES;

export { GITHUB_API_VERSION, GITHUB_MEDIA_TYPE } from '../../../credentials/githubServer';

interface PageOptions {
	returnAll: boolean;
	/** Items wanted when returnAll is false. */
	limit?: number;
	/** Property holding the items when the endpoint wraps them (search: items, runs: workflow_runs). */
	itemsKey?: string;
	/** Largest page the endpoint accepts. */
	maxPageSize?: number;
}

// Budgets are per token and shared by every node in this process.
const budgetsByToken = new StatePerSecret(() => new Map<string, ResourceBudget>());

function budgetsFor(credentials: ICredentialDataDecryptedObject) {
	// An app installation has one budget whichever of its tokens is current.
	const identity =
		String(credentials.server ?? '') +
		String(
			credentials.accessToken ??
				(credentials.oauthTokenData as IDataObject | undefined)?.access_token ??
				(credentials.appId !== undefined
					? `app:${String(credentials.appId)}:${String(credentials.installationId ?? '')}:${String(credentials.installationOwner ?? '')}`
					: ''),
		);
	return budgetsByToken.for(identity);
}

function headerText(value: unknown): string | undefined {
	if (Array.isArray(value)) return value.join(', ');
	return typeof value === 'string' ? value : undefined;
}

/** Forgets what earlier responses said about limits (tests start from a clean slate). */
export function resetGitHubRateLimitState(): void {
	budgetsByToken.clear();
}

export class GitHubClient extends ApiClient {
	protected readonly pathPrefix = '/';

	protected readonly baseUrlField = { displayName: 'GitHub Server' };

	constructor(ctx: ApiContext, authentication?: GitHubAuthentication, bounds: RetryBounds = DEFAULT_RETRY_BOUNDS) {
		const auth = authentication ?? readParameter<GitHubAuthentication>(ctx, 'authentication', 'accessToken');
		const credentialType = GITHUB_CREDENTIAL_TYPES[auth] ?? GITHUB_CREDENTIAL_TYPES.accessToken;
		super(ctx, credentialType, 'GitHub', bounds);
	}

	protected baseUrlFrom(credentials: ICredentialDataDecryptedObject): string {
		return String(credentials.server || GITHUB_DOT_COM_API).trim().replace(/\/+$/, '');
	}

	/**
	 * Release assets are uploaded to another root: uploads.github.com for api.github.com (and
	 * uploads.<name> for other api.<name> hosts), <host>/api/uploads on Enterprise Server.
	 */
	protected uploadBaseUrlFrom(credentials: ICredentialDataDecryptedObject): string | undefined {
		let api: URL;
		try {
			api = new URL(this.baseUrlFrom(credentials));
		} catch {
			return undefined;
		}
		const path = api.pathname.replace(/\/+$/, '');
		if (/\/api\/v3$/i.test(path)) return `${api.origin}${path.replace(/\/v3$/i, '/uploads')}`;
		if (!path && /^api\./i.test(api.hostname)) {
			return `${api.protocol}//uploads.${api.hostname.slice(4)}${api.port ? `:${api.port}` : ''}`;
		}
		return undefined;
	}

	/** GraphQL is at <host>/api/graphql on Enterprise Server (REST at /api/v3), at /graphql on github.com. */
	protected graphqlBaseUrlFrom(credentials: ICredentialDataDecryptedObject): string | undefined {
		return this.baseUrlFrom(credentials).replace(/(\/api)\/v3$/i, '$1');
	}

	/** `/graphql` means GitHub's GraphQL endpoint wherever it is asked for (rows, GraphQL mode, REST mode). */
	protected serverFor(request: ApiRequest): ApiRequest['server'] {
		return request.server ?? (request.path === '/graphql' ? 'graphql' : undefined);
	}

	protected defaultHeaders(): Record<string, string> {
		return {
			Accept: GITHUB_MEDIA_TYPE,
			'X-GitHub-Api-Version': GITHUB_API_VERSION,
			'User-Agent': 'n8n-nodes-github-trello',
		};
	}

	protected policyFor(request: ApiRequest, credentials: ICredentialDataDecryptedObject) {
		return new GitHubRateLimitPolicy(budgetsFor(credentials)).forResource(resourceForPath(request.path));
	}

	private login?: Promise<string>;

	private get signsInAsApp(): boolean {
		return this.credentialType === APP_CREDENTIAL_TYPE;
	}

	/** Secrets GitHub issued to this node's run (runner registration tokens). */
	private readonly issuedSecrets = new Set<string>();

	/**
	 * A secret GitHub handed out is the output's business only: from now on it is redacted like the
	 * credential's own from every error, log line and later answer of this run.
	 */
	holdIssuedSecret(value: unknown): void {
		if (typeof value === 'string' && value) this.issuedSecrets.add(value);
	}

	protected secretsFor(credentials: ICredentialDataDecryptedObject): string[] {
		const own = [...super.secretsFor(credentials), ...this.issuedSecrets];
		return this.signsInAsApp ? [...own, ...heldInstallationTokens(credentials)] : own;
	}

	/**
	 * A refused installation token (expired, revoked) is replaced by n8n, which runs the app
	 * credential's preAuthentication again and resends once. Of OAuth2 tokens only a
	 * user-to-server token that came with a refresh token can be renewed (OAuth app tokens do not expire).
	 */
	protected refreshesOnUnauthorized(credentials: ICredentialDataDecryptedObject): boolean {
		if (this.signsInAsApp) return true;
		const tokenData = credentials.oauthTokenData as IDataObject | undefined;
		return this.credentialType === SIGN_IN_CREDENTIAL_TYPE && typeof tokenData?.refresh_token === 'string' && tokenData.refresh_token !== '';
	}

	/** Whether the credential names a GitHub Enterprise Server (its REST root ends in /api/v3), which lacks some of github.com's APIs. */
	async onEnterpriseServer(): Promise<boolean> {
		return /\/api\/v3$/i.test(new URL(await this.baseUrl()).pathname.replace(/\/+$/, ''));
	}

	/** The credential's repository scope and access level. */
	async scope(): Promise<GitHubScope> {
		return githubScopeOf(await this.credentials());
	}

	/**
	 * The node's "Allowed Repositories" for the item being run (undefined: not set): every request
	 * is checked against it as against the credential's scope, by the same rules.
	 */
	narrowTo(list: RepositoryList | undefined): void {
		this.nodeList = list;
	}

	private nodeList?: RepositoryList;

	protected async scopeVerdict(request: ApiRequest, credentials: ICredentialDataDecryptedObject): Promise<ScopeVerdict> {
		const lookups = this.scopeLookups();
		const verdict = await checkGitHubRequest(githubScopeOf(credentials), request, lookups);
		if (!this.nodeList) return verdict;
		const narrowed = await checkGitHubRequest({ repositories: this.nodeList, readOnly: false }, request, lookups);
		const filters = [verdict.filter, narrowed.filter].filter((filter) => filter !== undefined);
		return filters.length ? { filter: (body) => filters.reduce((kept, filter) => filter(kept), body) } : verdict;
	}

	private readonly lookedUp = new Map<string, Promise<string | undefined>>();

	/** Reads the scope checks need (the account's login, a thread's or invitation's repository), each once per client. */
	scopeLookups(): GitHubLookups {
		const once = (key: string, read: () => Promise<string | undefined>) => {
			let answer = this.lookedUp.get(key);
			if (!answer) {
				answer = read();
				this.lookedUp.set(key, answer);
			}
			return answer;
		};
		const fullName = (value: unknown) => {
			const name = ((value ?? {}) as IDataObject).full_name;
			return typeof name === 'string' ? name : undefined;
		};
		return {
			login: async () => await this.accountLogin(),
			threadRepository: async (threadId) =>
				await once(`thread:${threadId}`, async () =>
					fullName((await this.lookup<IDataObject>(`/notifications/threads/${encodeURIComponent(threadId)}`, {}))?.repository),
				),
			invitationRepository: async (invitationId) =>
				await once(`invitation:${invitationId}`, async () => {
					// Unchecked reads (the checked list would hide the invitations a scope drops), pages of 100 up to 1,000.
					for (let page = 1; page <= 10; page++) {
						const invitations = await this.lookup<IDataObject[]>('/user/repository_invitations', { per_page: 100, page });
						if (!Array.isArray(invitations)) return undefined;
						const invitation = invitations.find((entry) => String(entry?.id) === invitationId);
						if (invitation) return fullName(invitation.repository);
						if (invitations.length < 100) return undefined;
					}
					return undefined;
				}),
		};
	}

	/** Anything a poller or handler threw outside a request, as n8n's error for this node (secrets removed). */
	async asNodeError(error: unknown): Promise<NodeApiError | NodeOperationError> {
		return toNodeError(this.ctx.getNode(), 'GitHub', error, await this.secrets());
	}

	/** Login of the token's account, read once per client (scope checks of forks, gists, new repositories). */
	async accountLogin(): Promise<string> {
		this.login ??= this.lookup<IDataObject>('/user', {}).then((user) => String(user?.login ?? ''));
		return await this.login;
	}

	protected hintFor(response: ApiResponse): string | undefined {
		if (response.statusCode === 401) {
			return this.signsInAsApp
				? 'GitHub refused the app\'s installation token: check that the app is still installed and the private key not revoked.'
				: 'The token was refused: reconnect or replace the credential.';
		}
		if (response.statusCode === 403 && this.signsInAsApp) {
			return 'The app\'s installation lacks a permission this request needs: add it under the app\'s "Permissions" and accept it on the installation.';
		}
		if (response.statusCode === 403) {
			const accepted = response.headers['x-accepted-oauth-scopes'];
			return accepted
				? `This needs the scope(s): ${String(accepted)}. Grant them to the token or OAuth app.`
				: 'The token lacks a permission this request needs (for fine-grained tokens, check the repository permissions).';
		}
		if (response.statusCode === 404)
			return 'Not found or not visible to this token: check owner, repository and the token’s access.';
		return undefined;
	}

	/**
	 * Follows Link rel="next" until `limit` items are collected or the pages end. Page size is
	 * the smallest that reaches the limit in the fewest requests.
	 */
	async paginate<T = IDataObject>(request: ApiRequest, options: PageOptions): Promise<T[]> {
		const maxPageSize = options.maxPageSize ?? 100;
		const wanted = options.returnAll ? Infinity : Math.max(0, options.limit ?? 50);
		if (wanted === 0) return [];
		const perPage = Math.min(maxPageSize, wanted);
		const collected: T[] = [];
		const pageLimit = new PageLimit('GitHub');
		pageLimit.admit('first page');
		let next: ApiRequest | undefined = {
			...request,
			qs: { ...request.qs, per_page: perPage },
		};
		while (next && collected.length < wanted) {
			const response: ApiResponse = await this.send(next);
			const body = response.body as IDataObject | IDataObject[] | null;
			const items = (options.itemsKey ? (body as IDataObject | null)?.[options.itemsKey] : body) as T[];
			if (!Array.isArray(items)) {
				throw new ServiceAnswerError(
					`GitHub answered a list request without a list${options.itemsKey ? ` in "${options.itemsKey}"` : ''}`,
					options.itemsKey
						? `Check that the endpoint wraps its list in "${options.itemsKey}".`
						: 'Check the endpoint: it should return a JSON array (for wrapped lists set the items property).',
					response,
				);
			}
			collected.push(...items);
			const link = nextLink(headerText(response.headers.link));
			if (!link || items.length === 0 || collected.length >= wanted) break;
			pageLimit.admit(new URL(link, await this.baseUrl()).href);
			next = await this.requestForLink(link, request);
		}
		return collected.slice(0, wanted);
	}

	/** A next-page link is followed only when it points back into the credential's API. */
	async requestForLink(link: string, original: ApiRequest): Promise<ApiRequest> {
		const base = new URL(await this.baseUrl());
		const target = new URL(link, base);
		const basePath = base.pathname.replace(/\/+$/, '');
		if (target.origin !== base.origin || !target.pathname.startsWith(basePath + '/')) {
			throw new ServiceAnswerError(
				'GitHub returned a next-page link outside the credential’s API host; paging stopped',
				'Check the GitHub Server field of the credential.',
			);
		}
		const qs: IDataObject = {};
		target.searchParams.forEach((value, key) => {
			qs[key] = value;
		});
		return { ...original, path: target.pathname.slice(basePath.length), qs };
	}

	/** GitHub's GraphQL endpoint: /graphql on github.com, /api/graphql on Enterprise Server. */
	async graphql<T = IDataObject>(query: string, variables: IDataObject = {}, scopeProof?: ScopeProof): Promise<T> {
		const response = await this.graphqlResponse<T>({ query, variables }, scopeProof);
		const data = response.body?.data;
		if (!data || typeof data !== 'object' || Array.isArray(data)) {
			throw new ServiceAnswerError('GitHub answered the GraphQL request without data', 'Check the GitHub Server field of the credential; try the API Call node\'s GraphQL mode to see the raw answer.', response);
		}
		return data;
	}

	/**
	 * Sends a GraphQL request (query, variables, operationName) and returns GitHub's whole answer.
	 * Without a proof the scope checks the document itself. An answer with `errors` (GitHub sends
	 * them with status 200, with or without partial `data`) is a NodeApiError with GitHub's messages.
	 */
	async graphqlResponse<T = IDataObject>(body: IDataObject, scopeProof?: ScopeProof): Promise<ApiResponse<{ data?: T }>> {
		const response = await this.send<{ data?: T; errors?: unknown }>({
			method: 'POST',
			path: '/graphql',
			body,
			scopeProof,
		});
		const errors: unknown = response.body?.errors;
		if (errors !== undefined && errors !== null && (!Array.isArray(errors) || errors.length)) await this.throwGraphqlErrors(response, errors);
		return response;
	}

	/**
	 * A GraphQL request of several aliased fields (mutations) that may each fail: GitHub answers the
	 * failed ones as null in `data` with an error whose `path` names the alias. Both come back, the
	 * messages redacted; an answer without data is a NodeApiError as in graphqlResponse.
	 */
	async graphqlPartial<T extends IDataObject>(query: string, variables: IDataObject, scopeProof: ScopeProof): Promise<{ data: Partial<T>; errors: Array<{ message: string; path: unknown[] }> }> {
		const response = await this.send<{ data?: T | null; errors?: unknown }>({ method: 'POST', path: '/graphql', body: { query, variables }, scopeProof });
		const data = response.body?.data;
		const errors: unknown = response.body?.errors;
		if (!data || typeof data !== 'object' || Array.isArray(data)) {
			if (errors !== undefined && errors !== null) await this.throwGraphqlErrors(response, errors);
			throw new ServiceAnswerError('GitHub answered the GraphQL request without data', 'Check the GitHub Server field of the credential; try the API Call node\'s GraphQL mode to see the raw answer.', response);
		}
		const secrets = await this.secrets();
		const listed = Array.isArray(errors) ? (errors as unknown[]) : errors ? [errors] : [];
		return {
			data,
			errors: listed.map((error) => ({
				message: redactText(graphqlErrorMessage(error), secrets),
				path: Array.isArray((error as { path?: unknown } | null)?.path) ? (error as { path: unknown[] }).path : [],
			})),
		};
	}

	private async throwGraphqlErrors(response: ApiResponse<unknown>, errors: unknown): Promise<never> {
		const messages = (Array.isArray(errors) ? errors : [errors]).map(graphqlErrorMessage);
		throw apiErrorFromResponse(this.ctx.getNode(), 'GitHub', { ...response, body: { message: messages.join('; ') } }, await this.secrets());
	}
}

/** Each error's message, whatever shape GitHub (or a server pretending to be it) gave. */
const graphqlErrorMessage = (error: unknown): string =>
	typeof error === 'string' ? error : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : JSON.stringify(error);
