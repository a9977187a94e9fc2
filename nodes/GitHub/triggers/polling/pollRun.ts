import type { IDataObject, INode } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../../shared/apiClient';
import { rateLimitStopOf } from '../../../shared/errors';
import { headerValue, RateLimitExceededError } from '../../../shared/rateLimit';
import type { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { GitHubClient } from '../../transport';
import { nextLink } from '../../transport/link';
import type { EventRow, RepositorySourceName } from '../events';
import type { Delivery, TriggerItem, UserFilterValues } from '../matching';
import { itemsForDelivery } from '../matching';

/**
 * Repository events polled from GitHub's list endpoints, for accounts that cannot create webhooks.
 *
 * - Each list a chosen event needs is read once per repository and poll; every first page is a
 *   conditional request (If-None-Match with the ETag remembered for its URL), and GitHub does not
 *   count a 304 against the rate limit, so an idle repository costs nothing.
 * - What a list yields is shaped as the webhook delivery of the same event and matched by the
 *   trigger row's own clauses and filters (matching.ts), so items look as the webhook trigger's.
 * - Cursors are GitHub's own timestamps, ids and refs; the local clock only measures how long to
 *   wait for X-Poll-Interval, against the offset to GitHub's Date header.
 */

export const PAGE_SIZE = 100;
/** Entry keys kept per list so a restart emits nothing twice (ties at the cursor second and beyond). */
export const REMEMBERED_KEYS = 300;
/** Issues and pull requests whose last-seen state is kept, to tell an edit from a close or a comment. */
export const REMEMBERED_STATES = 1000;
/** Entries before the cursor that a `since` answer may repeat before `since` moves up (costing one request). */
export const SINCE_SLACK = 50;
/** Repositories polled at the same time (well under GitHub's concurrency limits). */
export const REPOSITORIES_AT_ONCE = 4;
/** ETags kept per node (one per list URL): every list of MAX_OWNER_REPOSITORIES repositories and the owner's pages. */
const REMEMBERED_ETAGS = 1200;
/**
 * The longest ETag kept and sent back (GitHub's are about 50 characters). A longer one would fill
 * the static data (1,200 of them) and make every later request of its URL as large; not keeping it
 * costs only that URL's conditional request.
 */
export const MAX_ETAG_LENGTH = 1024;
const usableEtag = (etag: string) => etag.length <= MAX_ETAG_LENGTH;
/**
 * Repositories "All Repositories of the Owner" may expand to. Each is asked once per list and poll
 * (304s included), and GitHub's secondary limit allows about 900 REST requests a minute.
 */
export const MAX_OWNER_REPOSITORIES = 100;
export const STAR_MEDIA_TYPE = 'application/vnd.github.star+json';

export interface RepositoryName {
	owner: string;
	repo: string;
}

/** Where one list of one repository stopped. */
export interface ListPosition extends IDataObject {
	/** GitHub time (ISO) up to which entries were taken. */
	at?: string;
	/** Keys of the entries taken most recently (newest last). */
	recent?: string[];
	/** Per object: its state as last seen (issues), or a ref's sha (tags, branches). */
	known?: Record<string, string>;
	/** The `since` sent (lists read with since); it lags behind `at` to keep one URL. */
	since?: string;
	/** Stargazers: the first page that was not full. */
	page?: number;
	/** Labels, milestones: the keys each page held at its kept ETag (what a 304 page still holds). */
	pageKeys?: string[][];
}

export interface RepositoryPollState extends IDataObject {
	lists?: Record<string, ListPosition>;
	etags?: Record<string, string>;
	/** Per repository: GitHub time (ms) before which X-Poll-Interval asks not to poll. */
	pollAfter?: Record<string, number>;
	/** Points GitHub charged for the last discussions query. */
	discussionsQueryCost?: number;
	/** GitHub's Date minus the local clock at the last answer (ms). */
	clockOffset?: number;
	/** Per owner (lower case) watched whole: where its repository list is read and what its pages held. */
	owners?: Record<string, OwnerListing>;
	/** The part of the poll (`owner/repo:list` or `discussions`) the next poll starts at: where one stopped. */
	resumeAt?: string;
	/** GitHub time (ms) of the rate limit's reset after a poll stopped at it: no poll asks before. */
	rateLimitedUntil?: number;
}

/** One page of an owner's repository list as last answered. */
export interface OwnerPage extends IDataObject {
	/** Full names of the repositories on it inside the credential's scope. */
	names: string[];
	/** Whether GitHub linked a next page. */
	next: boolean;
}

export interface OwnerListing extends IDataObject {
	/** GET /orgs/{org}/repos, /users/{user}/repos, or /user/repos for the connected account. */
	path: string;
	qs: IDataObject;
	pages: OwnerPage[];
	/** The credential scope's Allowed Repositories the pages were filtered with ('' = none). */
	scopeEntries: string;
	/** The same, as positions saved by older versions named it. */
	scope?: string;
}

export interface RepositoryPollRequest {
	rows: EventRow[];
	/** The chosen repositories (unused with allRepositoriesOf). */
	repositories: RepositoryName[];
	/** Every repository of this owner, from its repository list read on each poll. */
	allRepositoriesOf?: {
		owner: string;
		/** The credential signs in as a user, whose own private repositories only /user/repos lists. */
		userAccount: boolean;
		/** For the error above MAX_OWNER_REPOSITORIES. */
		node: INode;
	};
	filters: UserFilterValues;
	/** Items one poll emits at most; the rest follow on the next polls. 0 = no bound. */
	maxItems: number;
	/** Manual test runs: the latest matching item, positions left alone. */
	manual: boolean;
	/** The local clock, for X-Poll-Interval only (a test seam). */
	now?: () => number;
	/** Where the poll names what it left out or stopped at (the node's log). */
	warn?: (message: string) => void;
}

export interface TimedDelivery {
	delivery: Delivery;
	/** GitHub time of the change, to order items and to pick the latest in manual runs. */
	time: number;
}

export function time(value: unknown): number {
	const parsed = Date.parse(String(value ?? ''));
	return Number.isNaN(parsed) ? 0 : parsed;
}

export function iso(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Short stable digest of what an edit changes (FNV-1a). */
export function digest(value: unknown): string {
	const text = JSON.stringify(value);
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(36);
}

export function remember(list: string[] | undefined, keys: string[], limit = REMEMBERED_KEYS): string[] {
	const kept = [...(list ?? []).filter((key) => !keys.includes(key)), ...keys];
	return kept.slice(-limit);
}

/** The `repository` part of a delivery, as far as a list answer tells it. */
export function repositoryPayload(repository: RepositoryName): IDataObject {
	return {
		name: repository.repo,
		full_name: `${repository.owner}/${repository.repo}`,
		owner: { login: repository.owner },
	};
}

/** What the runs of one poll share: the client, the stored state, the request and the items it may still emit. */
export class PollShared {
	/** Items the poll may still emit. */
	budget: number;
	/**
	 * Requests two parts of this poll ask (`shareInPoll`: the pull requests, for synchronize and for a
	 * changed pull request's own id), by URL: the second is handed the first one's fresh answer
	 * instead of paying for it again; after a 304 or a failure it asks for itself. Only those are
	 * kept, so a poll holds at most one such page per repository.
	 */
	readonly answers = new Map<string, Promise<ApiResponse>>();
	/**
	 * The rate budget as the first answer that showed it used up left it (a 403 or 429 refusal, or
	 * `X-RateLimit-Remaining: 0` on any answer): from then on no part of this poll sends a request.
	 * The reset is GitHub's, so a local clock off by any amount changes nothing.
	 */
	private spent?: { limit: string; resetAt?: number };

	constructor(
		readonly client: GitHubClient,
		readonly state: RepositoryPollState,
		readonly request: RepositoryPollRequest,
	) {
		this.budget = request.maxItems > 0 ? request.maxItems : Infinity;
	}

	/** GitHub's time of the reset, once the budget was seen used up. */
	get spentUntil(): number | undefined {
		return this.spent?.resetAt;
	}

	/** Throws the rate-limit stop once the budget was seen used up: checked before every request of the poll. */
	async stopIfSpent(): Promise<void> {
		if (!this.spent) return;
		throw await this.client.asNodeError(new RateLimitExceededError(this.spent.limit, this.spent.resetAt, 0, 'spent'));
	}

	noteAnswer(response: ApiResponse): void {
		if (this.spent || headerValue(response.headers, 'x-ratelimit-remaining') !== '0') return;
		const reset = Number(headerValue(response.headers, 'x-ratelimit-reset'));
		const resource = headerValue(response.headers, 'x-ratelimit-resource') ?? 'core';
		this.spent = { limit: `GitHub primary rate limit (${resource})`, resetAt: Number.isFinite(reset) ? reset * 1000 : undefined };
	}

	noteFailure(error: unknown): void {
		const stop = rateLimitStopOf(error);
		if (stop && !this.spent) this.spent = { limit: 'GitHub rate limit', resetAt: stop.resetAt };
	}

	/** One request of the poll: none once the budget is used up, and every answer read for it. */
	async send(request: ApiRequest): Promise<ApiResponse> {
		await this.stopIfSpent();
		const response = await this.client.send(request).catch((error: unknown) => {
			this.noteFailure(error);
			throw error;
		});
		this.noteAnswer(response);
		return response;
	}
}

/** An item with the GitHub time of its change, for the order of a poll's items. */
export interface TimedItem {
	time: number;
	item: TriggerItem;
}

/**
 * One part of a poll: a list of a repository, the owner's repository list or the discussions query.
 * What it reads moves nothing yet: positions, ETags and other writes are staged here and reach the
 * node's static data by `commit`, once the poll returns the part's items; a part that failed is
 * dropped and read again on the next poll. (GitHub's clock offset and X-Poll-Interval are written at
 * once: they only say when to ask, never what was taken.)
 */
export class PollRun {
	readonly items: TimedItem[] = [];
	private readonly lists: Record<string, ListPosition> = {};
	private readonly etags: Record<string, string> = {};
	private readonly writes: Array<(state: RepositoryPollState) => void> = [];
	/** Of the poll's budget, what this part took. */
	private spent = 0;

	constructor(readonly shared: PollShared) {}

	get client(): GitHubClient {
		return this.shared.client;
	}

	/** The stored state as the poll found it (writes go through setPosition, keepEtag and later). */
	get state(): RepositoryPollState {
		return this.shared.state;
	}

	get request(): RepositoryPollRequest {
		return this.shared.request;
	}

	/** Items the whole poll may still emit. */
	get budget(): number {
		return this.shared.budget;
	}

	set budget(value: number) {
		this.spent += this.shared.budget - value;
		this.shared.budget = value;
	}

	get now(): number {
		return (this.request.now ?? Date.now)();
	}

	/** GitHub's present time as last measured: the local clock corrected by GitHub's Date. */
	get githubNow(): number {
		return this.now + (this.state.clockOffset ?? 0);
	}

	position(repository: RepositoryName, list: RepositorySourceName): ListPosition | undefined {
		const key = listKey(repository, list);
		return this.lists[key] ?? this.state.lists?.[key];
	}

	setPosition(repository: RepositoryName, list: RepositorySourceName, position: ListPosition): void {
		if (this.request.manual) return;
		this.lists[listKey(repository, list)] = position;
	}

	/** A write to the stored state that waits for the commit, like positions. */
	later(write: (state: RepositoryPollState) => void): void {
		if (!this.request.manual) this.writes.push(write);
	}

	/**
	 * One request; with `conditional`, sent with the ETag remembered for its URL. Returns undefined
	 * for a 304 (nothing changed since that answer). The ETag is stored by `keepEtag` only once
	 * everything the answer held was taken.
	 */
	async get(request: ApiRequest, repository: RepositoryName | undefined, conditional: boolean, options: { shareInPoll?: boolean } = {}): Promise<ApiResponse | undefined> {
		const url = requestKey(request);
		const share = options.shareInPoll === true && request.method === 'GET';
		const earlier = share ? await this.shared.answers.get(url)?.catch(() => undefined) : undefined;
		if (earlier && earlier.statusCode !== 304) return earlier;
		const remembered = conditional && !this.request.manual ? (this.etags[url] ?? this.state.etags?.[url]) : undefined;
		// One stored before ETags were bounded is not sent either.
		const etag = remembered !== undefined && usableEtag(remembered) ? remembered : undefined;
		const asked = this.shared.send({
			...request,
			headers: { ...request.headers, ...(etag ? { 'If-None-Match': etag } : {}) },
			acceptStatus: [...(request.acceptStatus ?? []), 304],
		});
		if (share) this.shared.answers.set(url, asked);
		const response = await asked;
		this.noteClock(response, repository);
		return response.statusCode === 304 ? undefined : response;
	}

	keepEtag(request: ApiRequest, response: ApiResponse): void {
		const etag = headerValue(response.headers, 'etag');
		if (!etag || !usableEtag(etag) || this.request.manual) return;
		const url = requestKey(request);
		delete this.etags[url];
		this.etags[url] = etag;
	}

	/** Writes what this part read into the stored state: its items are being returned. */
	commit(): void {
		if (this.request.manual) return;
		const state = this.state;
		if (Object.keys(this.lists).length) state.lists = { ...state.lists, ...this.lists };
		if (Object.keys(this.etags).length) {
			const etags = { ...state.etags };
			for (const [url, etag] of Object.entries(this.etags)) {
				delete etags[url];
				etags[url] = etag;
			}
			const urls = Object.keys(etags);
			for (const old of urls.slice(0, Math.max(0, urls.length - REMEMBERED_ETAGS))) delete etags[old];
			state.etags = etags;
		}
		for (const write of this.writes) write(state);
	}

	/** Drops what this part read: its items are not returned, so the poll's budget gets them back. */
	discard(): void {
		this.shared.budget += this.spent;
		this.spent = 0;
		this.items.length = 0;
	}

	/** GitHub's clock and X-Poll-Interval, from every answer. */
	private noteClock(response: ApiResponse, repository: RepositoryName | undefined): void {
		const date = time(headerValue(response.headers, 'date'));
		if (!date || this.request.manual) return;
		this.state.clockOffset = date - this.now;
		const interval = Number(headerValue(response.headers, 'x-poll-interval'));
		if (repository && Number.isFinite(interval) && interval > 0) {
			this.state.pollAfter = { ...this.state.pollAfter, [repositoryKey(repository)]: date + interval * 1000 };
		}
	}

	/** GitHub's time of an answer, from its Date header. */
	serverTime(response: ApiResponse): number {
		return time(headerValue(response.headers, 'date'));
	}

	/** Follows rel="next" from an answer already read, under the shared page limit. */
	async *nextPages(first: ApiResponse, request: ApiRequest, pageLimit: PageLimit): AsyncGenerator<ApiResponse> {
		let response = first;
		for (;;) {
			const link = nextLink(linkHeader(response));
			if (!link) return;
			pageLimit.admit(new URL(link, await this.client.baseUrl()).href);
			response = await this.shared.send(await this.client.requestForLink(link, request));
			yield response;
		}
	}

	/** How many items the deliveries give for the chosen rows. */
	matches(deliveries: TimedDelivery[]): number {
		return deliveries.reduce((count, { delivery }) => count + itemsForDelivery(this.request.rows, delivery, { filters: this.request.filters, repositories: [] }).length, 0);
	}

	/** Matches deliveries against the chosen rows and keeps the items with the time of their change. */
	emit(deliveries: TimedDelivery[]): number {
		let count = 0;
		for (const { delivery, time } of deliveries) {
			const items = itemsForDelivery(this.request.rows, delivery, { filters: this.request.filters, repositories: [] });
			this.items.push(...items.map((item) => ({ time, item })));
			count += items.length;
		}
		return count;
	}
}

export function linkHeader(response: ApiResponse): string | undefined {
	const value = response.headers.link;
	return Array.isArray(value) ? value.join(', ') : value;
}

export function repositoryKey(repository: RepositoryName): string {
	return `${repository.owner}/${repository.repo}`.toLowerCase();
}

export function listKey(repository: RepositoryName, list: RepositorySourceName): string {
	return `${repositoryKey(repository)}:${list}`;
}

export function requestKey(request: ApiRequest): string {
	const query = Object.entries(request.qs ?? {})
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([name, value]) => `${name}=${String(value)}`)
		.join('&');
	return `${request.path}?${query}`;
}

export function repositoryPath(repository: RepositoryName, rest: string): string {
	return `/repos/${pathSegment(repository.owner)}/${pathSegment(repository.repo)}${rest}`;
}

export function asList(body: unknown): IDataObject[] {
	return Array.isArray(body) ? (body as IDataObject[]) : [];
}


/** The first poll of a list: where it starts (GitHub's Date), and what it already holds. */
export function startPosition(run: PollRun, response: ApiResponse, entries: IDataObject[], timeOf: (entry: IDataObject) => unknown, keyOf: (entry: IDataObject) => string): ListPosition {
	const newest = Math.max(0, ...entries.map((entry) => time(timeOf(entry))));
	const at = run.serverTime(response) || newest;
	return {
		at: iso(at),
		// Entries of the start's second (or later, by a skewed writer) come again with `since`.
		recent: entries.filter((entry) => time(timeOf(entry)) >= at - 1000).map(keyOf).slice(-REMEMBERED_KEYS),
	};
}

/**
 * Cursor moves: never back, never past GitHub's present (its Date header). An entry dated later
 * (another server's clock a little ahead, or a fault) is still taken once: its key is kept.
 */
export function advancedCursor(at: number, entryTime: number, serverNow: number): number {
	return Math.max(at, Math.min(entryTime, serverNow || Infinity));
}

/** The lists the chosen events need, each once. */
export function listsFor(rows: EventRow[]): RepositorySourceName[] {
	return [...new Set(rows.flatMap((row) => row.polledFrom ?? []))];
}
