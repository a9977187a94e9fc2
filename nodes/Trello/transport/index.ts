import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { TRELLO_API_ORIGIN } from '../../../credentials/trelloApiBase';
import type { ApiRequest, ApiResponse } from '../../shared/apiClient';
import { ApiClient } from '../../shared/apiClient';
import { StatePerSecret } from '../../shared/perSecret';
import type { ApiContext } from '../../shared/context';
import { readParameter } from '../../shared/context';
import { ServiceAnswerError, toNodeError } from '../../shared/errors';
import { PageLimit } from '../../shared/paging';
import { pathSegment } from '../../../credentials/requestGuard';
import type { UploadKind } from '../../shared/transfer';
import type { RetryBounds } from '../../shared/rateLimit';
import { DEFAULT_RETRY_BOUNDS } from '../../shared/rateLimit';
import type { TrelloWindows } from './rateLimit';
import { newTrelloWindow, TRELLO_KEY_WINDOW, TRELLO_TOKEN_WINDOW, TrelloRateLimitPolicy } from './rateLimit';
import type { ScopeVerdict } from '../../shared/scope';
import { TRELLO_ID } from '../scope/addresses';
import type { BoardList, TrelloScope } from '../scope';
import { boardListVerdict, BoardResolver, checkTrelloRequest, trelloScopeOf } from '../scope';

const KEY_TOKEN_CREDENTIAL_TYPE = 'trelloKeyTokenApi';
const SIGN_IN_CREDENTIAL_TYPE = 'trelloOAuth10aApi';

export const TRELLO_CREDENTIAL_TYPES = {
	keyToken: KEY_TOKEN_CREDENTIAL_TYPE,
	oAuth1: SIGN_IN_CREDENTIAL_TYPE,
} as const;

export type TrelloAuthentication = keyof typeof TRELLO_CREDENTIAL_TYPES;

/**
 * How an endpoint returns collections:
 * - all: everything in one response; Limit is applied here.
 * - limit: everything, or the first N with ?limit=N.
 * - before: pages of at most `maxPageSize`, older pages reached with ?before=<oldest id>.
 * - page: numbered pages of a fixed size (`maxPageSize`, Trello's 50 for card activity), ?page=0, 1, …
 */
export type TrelloPaging = 'all' | 'limit' | 'before' | 'page';

interface TrelloPageOptions {
	returnAll: boolean;
	limit?: number;
	paging: TrelloPaging;
	maxPageSize?: number;
}

/** Answers to GET /1/webhooks/{id} meaning the webhook is not the connected token's. */
const NOT_THIS_TOKENS_WEBHOOK = new Set(['400', '401', '403', '404']);

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Trello serves numbered pages 0 to 19 (1,000 card actions at 50 a page). */
const TRELLO_LAST_PAGE = 19;

const windowsByToken = new StatePerSecret(() => newTrelloWindow(TRELLO_TOKEN_WINDOW));
const windowsByKey = new StatePerSecret(() => newTrelloWindow(TRELLO_KEY_WINDOW));

function tokenOf(credentials: ICredentialDataDecryptedObject): string {
	return String(
		credentials.apiToken ?? (credentials.oauthTokenData as IDataObject | undefined)?.oauth_token ?? '',
	);
}

function keyOf(credentials: ICredentialDataDecryptedObject): string {
	return String(credentials.apiKey ?? credentials.consumerKey ?? '');
}

function windowsFor(credentials: ICredentialDataDecryptedObject): TrelloWindows {
	return {
		token: windowsByToken.for(tokenOf(credentials)),
		key: windowsByKey.for(keyOf(credentials)),
	};
}

export function resetTrelloRateLimitState(): void {
	windowsByToken.clear();
	windowsByKey.clear();
}

/**
 * Writes that put existing cards or lists on another list or board: an update naming idBoard or
 * idList (PUT), PUT …/idBoard or …/idList, POST /1/lists/{id}/moveAllCards. Creating an object in a
 * list moves nothing.
 */
const MOVING_FIELDS = ['idBoard', 'idList'];
const MOVING_PATH = /\/(idBoard|idList|moveAllCards)\/?$/i;

function movesObjects(request: ApiRequest): boolean {
	if (request.method === 'GET' || request.method === 'HEAD') return false;
	if (MOVING_PATH.test(request.path.split('?')[0])) return true;
	if (request.method !== 'PUT') return false;
	const body = request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as IDataObject) : {};
	return MOVING_FIELDS.some((field) => request.qs?.[field] !== undefined || body[field] !== undefined);
}

export class TrelloClient extends ApiClient {
	protected readonly pathPrefix = '/1/';

	protected readonly baseUrlField = { displayName: 'API Base URL' };

	constructor(ctx: ApiContext, authentication?: TrelloAuthentication, bounds: RetryBounds = DEFAULT_RETRY_BOUNDS) {
		const auth = authentication ?? readParameter<TrelloAuthentication>(ctx, 'authentication', 'keyToken');
		super(ctx, TRELLO_CREDENTIAL_TYPES[auth] ?? TRELLO_CREDENTIAL_TYPES.keyToken, 'Trello', bounds);
	}

	protected baseUrlFrom(credentials: ICredentialDataDecryptedObject): string {
		return String(credentials.apiBaseUrl || TRELLO_API_ORIGIN).trim().replace(/\/+$/, '');
	}

	protected defaultHeaders(): Record<string, string> {
		return { Accept: 'application/json' };
	}

	/** n8n's OAuth 1.0a signing sets the Authorization header in place of the request's headers. */
	protected signingReplacesHeaders(): boolean {
		return this.credentialType === SIGN_IN_CREDENTIAL_TYPE;
	}

	protected policyFor(_request: ApiRequest, credentials: ICredentialDataDecryptedObject) {
		return new TrelloRateLimitPolicy(windowsFor(credentials));
	}

	/** The credential's board scope and access level. */
	async scope(): Promise<TrelloScope> {
		return trelloScopeOf(await this.credentials());
	}

	/**
	 * The webhooks of the connected token, with the token in no address. Trello lists webhooks per
	 * token under the token itself (/1/tokens/{token}/webhooks); instead, the member's tokens come with
	 * their webhooks (GET /1/members/me/tokens?webhooks=true, kept to the credential's board scope by
	 * the transport), and the connected token's entry is the one whose first webhook Trello shows to
	 * it: GET /1/webhooks/{id} answers only the token that created the webhook.
	 */
	async tokenWebhooks(): Promise<IDataObject[]> {
		const response = await this.send<unknown>({ method: 'GET', path: '/1/members/me/tokens', qs: { webhooks: true } });
		// As for every list answer: null counts as empty, any other non-list is refused.
		const tokens = response.body ?? [];
		if (!Array.isArray(tokens)) {
			throw new ServiceAnswerError(
				'Trello answered /1/members/me/tokens with something other than a list of tokens',
				'Check the API Base URL of the credential.',
				response,
			);
		}
		for (const token of tokens as unknown[]) {
			const webhooks = isObject(token) && Array.isArray(token.webhooks) ? (token.webhooks as unknown[]).filter(isObject) : [];
			if (webhooks.length && (await this.createdWebhook(String(webhooks[0].id ?? '')))) return webhooks;
		}
		return [];
	}

	/** Whether the connected token created the webhook (the webhook is already in the listing: nothing new is read). */
	private async createdWebhook(id: string): Promise<boolean> {
		if (!TRELLO_ID.test(id)) return false;
		try {
			await this.lookup(`/1/webhooks/${pathSegment(id)}`, {});
			return true;
		} catch (error) {
			// "webhook does not belong to token" (or gone since): another token's entry.
			if (NOT_THIS_TOKENS_WEBHOOK.has(String((error as { httpCode?: unknown }).httpCode))) return false;
			throw toNodeError(this.ctx.getNode(), this.service, error, await this.secrets());
		}
	}

	/** Finds objects' boards for scope checks, once per object per execution. */
	boards(): BoardResolver {
		return new BoardResolver(this.ctx, this.credentialType, async (path, fields) => await this.lookup(path, { fields }));
	}

	/** Trello applies form and multipart fields as it applies a JSON body's values (file parts are files). */
	protected readonly valueBodyKinds: readonly UploadKind[] = ['json', 'form', 'multipart'];

	/**
	 * The node's "Allowed Boards" for the item being run (undefined: not set): every request is
	 * checked against it as against the credential's scope, by the same rules.
	 */
	narrowTo(list: BoardList | undefined): void {
		this.nodeList = list;
	}

	private nodeList?: BoardList;

	protected async scopeVerdict(request: ApiRequest, credentials: ICredentialDataDecryptedObject): Promise<ScopeVerdict> {
		const resolver = this.boards();
		const verdict = await checkTrelloRequest(trelloScopeOf(credentials), request, resolver);
		const narrowed = this.nodeList ? await boardListVerdict(this.nodeList, request, resolver) : undefined;
		// Checked where the objects are now; once sent, the run asks again where they went.
		if (movesObjects(request)) resolver.forgetPlaces();
		if (!narrowed) return verdict;
		const filters = [verdict.filter, narrowed.filter].filter((filter) => filter !== undefined);
		return filters.length ? { filter: async (body) => await filters.reduce(async (kept, filter) => await filter(await kept), Promise.resolve(body)) } : verdict;
	}

	protected hintFor(response: ApiResponse): string | undefined {
		if (response.statusCode === 401)
			return 'Trello refused the credential or it cannot see this object: re-authenticate, or check the id and the account’s access to the board.';
		if (response.statusCode === 404) return 'Not found or not visible to this token: check the id (or short link) and that the account can see it.';
		return undefined;
	}

	async paginate<T = IDataObject>(request: ApiRequest, options: TrelloPageOptions): Promise<T[]> {
		const wanted = options.returnAll ? Infinity : Math.max(0, options.limit ?? 50);
		if (wanted === 0) return [];
		if (options.paging === 'all') {
			return (await this.list<T>(request)).slice(0, wanted);
		}
		if (options.paging === 'limit') {
			const qs = options.returnAll ? request.qs : { ...request.qs, limit: wanted };
			return (await this.list<T>({ ...request, qs })).slice(0, wanted);
		}
		if (options.paging === 'page') return await this.numberedPages<T>(request, wanted, options.maxPageSize ?? 50);
		const maxPageSize = options.maxPageSize ?? 1000;
		const collected: T[] = [];
		const pageLimit = new PageLimit('Trello');
		let before: string | undefined;
		while (collected.length < wanted) {
			pageLimit.admit(before ?? 'first page');
			const pageSize = Math.min(maxPageSize, wanted - collected.length);
			const qs: IDataObject = { ...request.qs, limit: pageSize };
			if (before) qs.before = before;
			const page = await this.list<T>({ ...request, qs });
			collected.push(...page);
			if (page.length < pageSize) break;
			// Ids start with their creation time, so the smallest is the oldest item of the page.
			const ids = page.map((item) => String((item as IDataObject | null)?.id ?? '')).filter(Boolean).sort();
			if (!ids.length) break;
			before = ids[0];
		}
		return collected.slice(0, wanted);
	}

	/** Pages 0, 1, … of a fixed size until a short page or enough items. */
	private async numberedPages<T>(request: ApiRequest, wanted: number, pageSize: number): Promise<T[]> {
		const collected: T[] = [];
		const pageLimit = new PageLimit('Trello');
		for (let page = 0; collected.length < wanted && page <= TRELLO_LAST_PAGE; page++) {
			pageLimit.admit(String(page));
			const items = await this.list<T>({ ...request, qs: { ...request.qs, page } });
			pageLimit.answered(String(page), items);
			collected.push(...items);
			if (items.length < pageSize) break;
		}
		return collected.slice(0, wanted);
	}

	/** A list answer; null counts as empty, any other non-list is refused. */
	private async list<T>(request: ApiRequest): Promise<T[]> {
		const response = await this.send<T[] | null>(request);
		if (response.body === null || response.body === undefined || (response.body as unknown) === '') return [];
		if (!Array.isArray(response.body)) {
			throw new ServiceAnswerError(
				`Trello answered a list request (${request.path.split('?')[0]}) without a list`,
				'Check the API Base URL of the credential: it should point at Trello’s API.',
				response,
			);
		}
		return response.body;
	}
}
