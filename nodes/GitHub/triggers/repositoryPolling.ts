import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../shared/apiClient';
import { headerValue } from '../../shared/rateLimit';
import { PageGuard } from '../../shared/paging';
import { repositoryProof } from '../scope';
import { pathSegment } from '../../../credentials/requestGuard';
import type { GitHubClient } from '../transport';
import { nextLink } from '../transport/link';
import type { RepositorySourceName, TriggerDefinition } from './events';
import type { Delivery, TriggerItem, UserFilterValues } from './matching';
import { itemsForDelivery } from './matching';

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

const PAGE_SIZE = 100;
/** Entry keys kept per list so a restart emits nothing twice (ties at the cursor second and beyond). */
export const REMEMBERED_KEYS = 300;
/** Issues and pull requests whose last-seen state is kept, to tell an edit from a close or a comment. */
export const REMEMBERED_STATES = 1000;
/** Entries before the cursor that a `since` answer may repeat before `since` moves up (costing one request). */
export const SINCE_SLACK = 50;
/** Repositories polled at the same time (well under GitHub's concurrency limits). */
const REPOSITORIES_AT_ONCE = 4;
/** ETags kept per node (one per list URL): every list of MAX_OWNER_REPOSITORIES repositories and the owner's pages. */
const REMEMBERED_ETAGS = 1200;
/**
 * Repositories "All Repositories of the Owner" may expand to. Each is asked once per list and poll
 * (304s included), and GitHub's secondary limit allows about 900 REST requests a minute.
 */
export const MAX_OWNER_REPOSITORIES = 100;
const STAR_MEDIA_TYPE = 'application/vnd.github.star+json';

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
	/** The credential's Allowed Repositories the pages were filtered with ('' = none). */
	scope: string;
}

export interface RepositoryPollRequest {
	rows: TriggerDefinition[];
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
}

interface TimedDelivery {
	delivery: Delivery;
	/** GitHub time of the change, to order items and to pick the latest in manual runs. */
	time: number;
}

function time(value: unknown): number {
	const parsed = Date.parse(String(value ?? ''));
	return Number.isNaN(parsed) ? 0 : parsed;
}

function iso(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Short stable digest of what an edit changes (FNV-1a). */
function digest(value: unknown): string {
	const text = JSON.stringify(value);
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(36);
}

function remember(list: string[] | undefined, keys: string[], limit = REMEMBERED_KEYS): string[] {
	const kept = [...(list ?? []).filter((key) => !keys.includes(key)), ...keys];
	return kept.slice(-limit);
}

/** The `repository` part of a delivery, as far as a list answer tells it. */
function repositoryPayload(repository: RepositoryName): IDataObject {
	return {
		name: repository.repo,
		full_name: `${repository.owner}/${repository.repo}`,
		owner: { login: repository.owner },
	};
}

class PollRun {
	readonly items: TriggerItem[] = [];
	/** Items this run may still emit. */
	budget: number;

	constructor(
		readonly client: GitHubClient,
		readonly state: RepositoryPollState,
		readonly request: RepositoryPollRequest,
	) {
		this.budget = request.maxItems > 0 ? request.maxItems : Infinity;
	}

	get now(): number {
		return (this.request.now ?? Date.now)();
	}

	/** GitHub's present time as last measured: the local clock corrected by GitHub's Date. */
	get githubNow(): number {
		return this.now + (this.state.clockOffset ?? 0);
	}

	position(repository: RepositoryName, list: RepositorySourceName): ListPosition | undefined {
		return this.state.lists?.[listKey(repository, list)];
	}

	setPosition(repository: RepositoryName, list: RepositorySourceName, position: ListPosition): void {
		if (this.request.manual) return;
		this.state.lists = { ...this.state.lists, [listKey(repository, list)]: position };
	}

	/**
	 * One request; with `conditional`, sent with the ETag remembered for its URL. Returns undefined
	 * for a 304 (nothing changed since that answer). The ETag is stored by `keepEtag` only once
	 * everything the answer held was taken.
	 */
	async get(request: ApiRequest, repository: RepositoryName | undefined, conditional: boolean): Promise<ApiResponse | undefined> {
		const url = requestKey(request);
		const etag = conditional && !this.request.manual ? this.state.etags?.[url] : undefined;
		const response = await this.client.send({
			...request,
			headers: { ...request.headers, ...(etag ? { 'If-None-Match': etag } : {}) },
			acceptStatus: [...(request.acceptStatus ?? []), 304],
		});
		this.noteClock(response, repository);
		return response.statusCode === 304 ? undefined : response;
	}

	keepEtag(request: ApiRequest, response: ApiResponse): void {
		const etag = headerValue(response.headers, 'etag');
		if (!etag || this.request.manual) return;
		const url = requestKey(request);
		const etags = { ...this.state.etags };
		delete etags[url];
		etags[url] = etag;
		const urls = Object.keys(etags);
		for (const old of urls.slice(0, Math.max(0, urls.length - REMEMBERED_ETAGS))) delete etags[old];
		this.state.etags = etags;
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

	/** Follows rel="next" from an answer already read, under the shared paging guard. */
	async *nextPages(first: ApiResponse, request: ApiRequest, guard: PageGuard): AsyncGenerator<ApiResponse> {
		let response = first;
		for (;;) {
			const link = nextLink(linkHeader(response));
			if (!link) return;
			guard.admit(new URL(link, await this.client.baseUrl()).href);
			response = await this.client.send(await this.client.requestForLink(link, request));
			yield response;
		}
	}

	/** Matches deliveries against the chosen rows and keeps the items (oldest first). */
	emit(deliveries: TimedDelivery[]): number {
		let count = 0;
		for (const { delivery } of [...deliveries].sort((a, b) => a.time - b.time)) {
			const items = itemsForDelivery(this.request.rows, delivery, { filters: this.request.filters, repositories: [] });
			this.items.push(...items);
			count += items.length;
		}
		return count;
	}
}

function linkHeader(response: ApiResponse): string | undefined {
	const value = response.headers.link;
	return Array.isArray(value) ? value.join(', ') : value;
}

function repositoryKey(repository: RepositoryName): string {
	return `${repository.owner}/${repository.repo}`.toLowerCase();
}

function listKey(repository: RepositoryName, list: RepositorySourceName): string {
	return `${repositoryKey(repository)}:${list}`;
}

function requestKey(request: ApiRequest): string {
	const query = Object.entries(request.qs ?? {})
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([name, value]) => `${name}=${String(value)}`)
		.join('&');
	return `${request.path}?${query}`;
}

function repositoryPath(repository: RepositoryName, rest: string): string {
	return `/repos/${pathSegment(repository.owner)}/${pathSegment(repository.repo)}${rest}`;
}

function asList(body: unknown): IDataObject[] {
	return Array.isArray(body) ? (body as IDataObject[]) : [];
}

/**
 * A list with entries in time order, read with `since`: issues and comments, sorted by update
 * time ascending. Each entry is taken once per update (key = id@updated_at).
 */
interface SinceList {
	kind: 'since';
	path: string;
	qs: IDataObject;
	deliveries: (entry: IDataObject, repository: RepositoryName, position: ListPosition, from: number) => TimedDelivery[];
	keyOf: (entry: IDataObject) => string;
}

/** A newest-first list without `since` (forks, releases, workflow runs), read until entries older than the cursor. */
interface NewestFirstList {
	kind: 'newestFirst';
	path: string;
	qs: IDataObject;
	timeOf: (entry: IDataObject) => unknown;
	keyOf: (entry: IDataObject) => string;
	/** Entries that are no event yet (a draft release). */
	wanted?: (entry: IDataObject) => boolean;
	delivery: (entry: IDataObject, repository: RepositoryName) => Delivery;
}

interface RefList {
	kind: 'refs';
	namespace: 'tags' | 'heads';
}

interface StarList {
	kind: 'stars';
}

/** Read along with another list (reviews, with the issues list). */
interface FollowingList {
	kind: 'following';
}

type ListDefinition = SinceList | NewestFirstList | RefList | StarList | FollowingList;

/** What makes an issue or pull request "updated": the fields GitHub's edited/labeled/assigned actions concern. */
function issueState(issue: IDataObject): { state: string; draft: boolean; content: string } {
	const names = (list: unknown, field: string) =>
		asList(list)
			.map((entry) => String(entry[field] ?? ''))
			.sort();
	return {
		state: String(issue.state ?? ''),
		draft: issue.draft === true,
		content: digest([issue.title, issue.body, names(issue.labels, 'name'), names(issue.assignees, 'login'), issue.milestone ? (issue.milestone as IDataObject).number : null]),
	};
}

/** Not a bare number: JavaScript orders integer keys numerically, and the oldest-seen are dropped first. */
function stateKey(issue: IDataObject): string {
	return `#${String(issue.number)}`;
}

function encodeState(state: { state: string; draft: boolean; content: string }): string {
	return `${state.state}|${state.draft ? 1 : 0}|${state.content}`;
}

function decodeState(text: string | undefined): { state: string; draft: boolean; content: string } | undefined {
	if (!text) return undefined;
	const [state, draft, content] = text.split('|');
	return { state, draft: draft === '1', content };
}

/** The pull_request object of a delivery, from the issue-shaped entry the issues list gives. */
function pullRequestPayload(issue: IDataObject): IDataObject {
	const { pull_request: links, ...fields } = issue;
	const mergedAt = (links as IDataObject | undefined)?.merged_at ?? null;
	return {
		...fields,
		...(links as IDataObject),
		url: (links as IDataObject | undefined)?.url ?? fields.url,
		html_url: (links as IDataObject | undefined)?.html_url ?? fields.html_url,
		draft: issue.draft === true,
		merged: mergedAt !== null,
		merged_at: mergedAt,
	};
}

/**
 * The actions a webhook would have sent for this issue or pull request since it was last seen:
 * opened (created after the cursor), closed, reopened, ready_for_review / converted_to_draft,
 * edited (title, body, labels, assignees or milestone changed).
 */
function issueActions(issue: IDataObject, before: ReturnType<typeof decodeState>, from: number): string[] {
	const now = issueState(issue);
	const isNew = !before && time(issue.created_at) >= from;
	if (isNew) return now.state === 'closed' ? ['opened', 'closed'] : ['opened'];
	const actions: string[] = [];
	if (before) {
		if (before.draft && !now.draft) actions.push('ready_for_review');
		if (!before.draft && now.draft) actions.push('converted_to_draft');
		if (before.content !== now.content) actions.push('edited');
		if (before.state !== 'closed' && now.state === 'closed') actions.push('closed');
		if (before.state === 'closed' && now.state !== 'closed') actions.push('reopened');
		return actions;
	}
	// Not seen before (older than what is remembered): the close time tells whether it was just closed.
	if (now.state === 'closed' && time(issue.closed_at) >= from) return ['closed'];
	return ['edited'];
}

const ISSUES: SinceList = {
	kind: 'since',
	path: '/issues',
	qs: { state: 'all', sort: 'updated', direction: 'asc' },
	keyOf: (issue) => `${String(issue.id)}@${String(issue.updated_at)}`,
	deliveries: (issue, repository, position, from) => {
		const known = position.known ?? (position.known = {});
		const number = stateKey(issue);
		const before = decodeState(known[number]);
		delete known[number];
		known[number] = encodeState(issueState(issue));
		const isPull = Boolean(issue.pull_request);
		return issueActions(issue, before, from).map((action) => ({
			time: time(action === 'opened' ? issue.created_at : action === 'closed' ? (issue.closed_at ?? issue.updated_at) : issue.updated_at),
			delivery: {
				event: isPull ? 'pull_request' : 'issues',
				deliveryId: null,
				payload: isPull
					? { action, number: issue.number, pull_request: pullRequestPayload(issue), repository: repositoryPayload(repository) }
					: { action, issue, repository: repositoryPayload(repository) },
			},
		}));
	},
};

function issueNumberFrom(url: unknown): number | undefined {
	const match = /\/(\d+)$/.exec(String(url ?? ''));
	return match ? Number(match[1]) : undefined;
}

/** Comments: only their creation is an event, so the key is the id whatever its later edits. */
const ISSUE_COMMENTS: SinceList = {
	kind: 'since',
	path: '/issues/comments',
	qs: { sort: 'updated', direction: 'asc' },
	keyOf: (comment) => `comment:${String(comment.id)}`,
	deliveries: (comment, repository, _position, from) =>
		time(comment.created_at) < from
			? []
			: [
					{
						time: time(comment.created_at),
						delivery: {
							event: 'issue_comment',
							deliveryId: null,
							payload: {
								action: 'created',
								issue: { url: comment.issue_url, number: issueNumberFrom(comment.issue_url) },
								comment,
								repository: repositoryPayload(repository),
							},
						},
					},
				],
};

const REVIEW_COMMENTS: SinceList = {
	...ISSUE_COMMENTS,
	path: '/pulls/comments',
	keyOf: (comment) => `reviewComment:${String(comment.id)}`,
	deliveries: (comment, repository, _position, from) =>
		time(comment.created_at) < from
			? []
			: [
					{
						time: time(comment.created_at),
						delivery: {
							event: 'pull_request_review_comment',
							deliveryId: null,
							payload: {
								action: 'created',
								comment,
								pull_request: { url: comment.pull_request_url, number: issueNumberFrom(comment.pull_request_url) },
								repository: repositoryPayload(repository),
							},
						},
					},
				],
};

const LISTS: Record<RepositorySourceName, ListDefinition> = {
	issues: ISSUES,
	issueComments: ISSUE_COMMENTS,
	reviewComments: REVIEW_COMMENTS,
	forks: {
		kind: 'newestFirst',
		path: '/forks',
		qs: { sort: 'newest' },
		timeOf: (fork) => fork.created_at,
		keyOf: (fork) => String(fork.id),
		delivery: (forkee, repository) => ({ event: 'fork', deliveryId: null, payload: { forkee, repository: repositoryPayload(repository) } }),
	},
	releases: {
		kind: 'newestFirst',
		path: '/releases',
		qs: {},
		timeOf: (release) => release.published_at,
		keyOf: (release) => String(release.id),
		wanted: (release) => release.draft !== true && Boolean(release.published_at),
		delivery: (release, repository) => ({
			event: 'release',
			deliveryId: null,
			payload: { action: 'published', release, repository: repositoryPayload(repository) },
		}),
	},
	workflowRuns: {
		kind: 'newestFirst',
		path: '/actions/runs',
		qs: { status: 'completed' },
		timeOf: (run) => run.updated_at,
		// A re-run completes again under the same id.
		keyOf: (run) => `${String(run.id)}#${String(run.run_attempt ?? 1)}`,
		delivery: (run, repository) => ({
			event: 'workflow_run',
			deliveryId: null,
			payload: {
				action: 'completed',
				workflow_run: run,
				workflow: { id: run.workflow_id, name: run.name, path: run.path },
				repository: repositoryPayload(repository),
			},
		}),
	},
	reviews: { kind: 'following' },
	// Read for all repositories at once, by pollDiscussions.
	discussions: { kind: 'following' },
	tags: { kind: 'refs', namespace: 'tags' },
	branches: { kind: 'refs', namespace: 'heads' },
	stars: { kind: 'stars' },
};

// Lists whose answer is wrapped in an object.
const ITEMS_KEY: Partial<Record<RepositorySourceName, string>> = { workflowRuns: 'workflow_runs' };

function entriesOf(list: RepositorySourceName, body: unknown): IDataObject[] {
	const key = ITEMS_KEY[list];
	return asList(key ? (body as IDataObject | null)?.[key] : body);
}

/** The first poll of a list: where it starts (GitHub's Date), and what it already holds. */
function startPosition(run: PollRun, response: ApiResponse, entries: IDataObject[], timeOf: (entry: IDataObject) => unknown, keyOf: (entry: IDataObject) => string): ListPosition {
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
function advancedCursor(at: number, entryTime: number, serverNow: number): number {
	return Math.max(at, Math.min(entryTime, serverNow || Infinity));
}

async function pollSinceList(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: SinceList): Promise<void> {
	const path = repositoryPath(repository, list.path);
	const position = run.position(repository, name);
	if (!position?.at || run.request.manual) {
		// Start: the most recently updated entries (their states are the baseline for edits).
		const request: ApiRequest = { method: 'GET', path, qs: { ...list.qs, direction: 'desc', per_page: PAGE_SIZE } };
		const response = (await run.get(request, repository, false))!;
		const entries = asList(response.body);
		if (run.request.manual) {
			const latest = entries.flatMap((entry) => list.deliveries(entry, repository, {}, 0));
			run.emit(latest.sort((a, b) => b.time - a.time).slice(0, 1));
			return;
		}
		const start = startPosition(run, response, [...entries].reverse(), (entry) => entry.updated_at, list.keyOf);
		if (name === 'issues') {
			const known: Record<string, string> = {};
			for (const issue of [...entries].reverse()) known[stateKey(issue)] = encodeState(issueState(issue));
			start.known = known;
		}
		run.setPosition(repository, name, start);
		// The request later polls repeat, sent now: its ETag makes the next idle poll free.
		return await pollSinceList(run, repository, name, list);
	}
	let at = time(position.at);
	const from = at;
	let recent = position.recent ?? [];
	const known = { ...position.known };
	const working: ListPosition = { ...position, known };
	// `since` stays put while the cursor moves, so the URL and its ETag stay valid: a poll right
	// after a change is free too. One second early: GitHub's filter is by whole seconds.
	const since = position.since ?? iso(Math.max(0, at - 1000));
	const request: ApiRequest = { method: 'GET', path, qs: { ...list.qs, since, per_page: PAGE_SIZE } };
	const first = await run.get(request, repository, true);
	if (!first) return;
	const serverNow = run.serverTime(first);
	const guard = new PageGuard('GitHub');
	guard.admit(requestKey(request));
	let complete = true;
	let taken = 0;
	const ahead: string[] = [];
	const updatedPulls: IDataObject[] = [];
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, guard);
	})();
	walk: for await (const page of pages) {
		for (const entry of asList(page.body)) {
			const key = list.keyOf(entry);
			const entryTime = time(entry.updated_at);
			if (entryTime < at) {
				taken++;
				continue;
			}
			if (recent.includes(key)) {
				// Dated past the cursor (a clock fault): its key must outlive newer ones.
				if (entryTime > at) ahead.push(key);
				continue;
			}
			if (run.budget <= 0) {
				complete = false;
				break walk;
			}
			run.budget -= run.emit(list.deliveries(entry, repository, working, from));
			if (entry.pull_request) updatedPulls.push(entry);
			at = advancedCursor(at, entryTime, serverNow);
			recent = remember(recent, [key]);
		}
	}
	if (name === 'issues' && listsFor(run.request.rows).includes('reviews')) {
		recent = await pollReviews(run, repository, updatedPulls, from, recent);
	}
	if (complete) run.keepEtag(request, first);
	// Once the answer is mostly what was taken before, `since` moves up to the cursor.
	const nextSince = taken >= SINCE_SLACK ? iso(Math.max(0, at - 1000)) : since;
	run.setPosition(repository, name, { ...working, at: iso(at), since: nextSince, recent: remember(recent, ahead), known: trimKnown(working.known) });
}

/**
 * A submitted review changes its pull request's update time, so the pull requests the issues walk
 * found updated are the ones whose reviews are read (one request each). Returns the keys kept.
 */
async function pollReviews(run: PollRun, repository: RepositoryName, pulls: IDataObject[], from: number, recent: string[]): Promise<string[]> {
	let kept = recent;
	for (const pull of pulls) {
		const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/pulls/${pathSegment(String(pull.number))}/reviews`), qs: { per_page: PAGE_SIZE } };
		const first = (await run.get(request, repository, false))!;
		const guard = new PageGuard('GitHub');
		guard.admit(requestKey(request));
		const reviews = asList(first.body);
		for await (const page of run.nextPages(first, request, guard)) reviews.push(...asList(page.body));
		const fresh = reviews.filter(
			(review) => review.submitted_at && String(review.state) !== 'PENDING' && time(review.submitted_at) >= from && !kept.includes(`review:${String(review.id)}`),
		);
		run.budget -= run.emit(
			fresh.map((review) => ({
				time: time(review.submitted_at),
				delivery: {
					event: 'pull_request_review',
					deliveryId: null,
					// The list says APPROVED; deliveries say approved.
					payload: {
						action: 'submitted',
						review: { ...review, state: String(review.state).toLowerCase() },
						pull_request: pullRequestPayload(pull),
						repository: repositoryPayload(repository),
					},
				},
			})),
		);
		kept = remember(kept, fresh.map((review) => `review:${String(review.id)}`));
	}
	return kept;
}

function trimKnown(known: Record<string, string> | undefined): Record<string, string> | undefined {
	if (!known) return undefined;
	const entries = Object.entries(known);
	return Object.fromEntries(entries.slice(-REMEMBERED_STATES));
}

async function pollNewestFirstList(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: NewestFirstList): Promise<void> {
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, list.path), qs: { ...list.qs, per_page: PAGE_SIZE } };
	const wanted = (entry: IDataObject) => list.wanted?.(entry) ?? true;
	const position = run.position(repository, name);
	if (!position?.at || run.request.manual) {
		const response = (await run.get(request, repository, false))!;
		const entries = entriesOf(name, response.body).filter(wanted);
		if (run.request.manual) {
			const latest = [...entries].sort((a, b) => time(list.timeOf(b)) - time(list.timeOf(a)))[0];
			if (latest) run.emit([{ time: time(list.timeOf(latest)), delivery: list.delivery(latest, repository) }]);
			return;
		}
		run.setPosition(repository, name, startPosition(run, response, entries, list.timeOf, list.keyOf));
		run.keepEtag(request, response);
		return;
	}
	const first = await run.get(request, repository, true);
	if (!first) return;
	let at = time(position.at);
	const serverNow = run.serverTime(first);
	const guard = new PageGuard('GitHub');
	guard.admit(requestKey(request));
	const collected: IDataObject[] = [];
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, guard);
	})();
	for await (const page of pages) {
		const entries = entriesOf(name, page.body);
		collected.push(...entries);
		// Newest first: a page reaching back before the cursor is the last one needed.
		if (entries.length < PAGE_SIZE || entries.some((entry) => wanted(entry) && time(list.timeOf(entry)) < at)) break;
	}
	let recent = position.recent ?? [];
	const fresh = collected
		.filter((entry) => wanted(entry) && time(list.timeOf(entry)) >= at && !recent.includes(list.keyOf(entry)))
		.sort((a, b) => time(list.timeOf(a)) - time(list.timeOf(b)));
	const taken = fresh.slice(0, Math.max(0, Math.min(fresh.length, run.budget)));
	for (const entry of taken) {
		run.budget -= run.emit([{ time: time(list.timeOf(entry)), delivery: list.delivery(entry, repository) }]);
		at = advancedCursor(at, time(list.timeOf(entry)), serverNow);
		recent = remember(recent, [list.keyOf(entry)]);
	}
	if (taken.length === fresh.length) run.keepEtag(request, first);
	run.setPosition(repository, name, { ...position, at: iso(at), recent });
}

/** The commits a branch gained, from GitHub's comparison of its old and new head. */
async function branchCommits(run: PollRun, repository: RepositoryName, before: string, after: string): Promise<IDataObject[]> {
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/compare/${pathSegment(`${before}...${after}`)}`), qs: { per_page: PAGE_SIZE } };
	const first = (await run.get(request, repository, false))!;
	const guard = new PageGuard('GitHub');
	guard.admit(requestKey(request));
	const commits = asList((first.body as IDataObject | null)?.commits);
	for await (const page of run.nextPages(first, request, guard)) commits.push(...asList((page.body as IDataObject | null)?.commits));
	return commits;
}

/** A commit of the compare answer in the shape of a push delivery's commits[] entry. */
function pushCommit(commit: IDataObject, distinct: boolean): IDataObject {
	const details = (commit.commit ?? {}) as IDataObject;
	const person = (who: unknown, account: unknown) => ({
		name: (who as IDataObject | undefined)?.name,
		email: (who as IDataObject | undefined)?.email,
		...((account as IDataObject | null)?.login ? { username: (account as IDataObject).login } : {}),
	});
	return {
		id: commit.sha,
		tree_id: (details.tree as IDataObject | undefined)?.sha,
		distinct,
		message: details.message,
		timestamp: (details.committer as IDataObject | undefined)?.date ?? (details.author as IDataObject | undefined)?.date,
		url: commit.html_url,
		author: person(details.author, commit.author),
		committer: person(details.committer, commit.committer),
	};
}

async function pollRefs(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: RefList): Promise<void> {
	const prefix = `refs/${list.namespace}/`;
	const request: ApiRequest = {
		method: 'GET',
		path: repositoryPath(repository, `/git/matching-refs/${list.namespace}`),
		// An empty repository has no refs yet: 409.
		acceptStatus: [409],
	};
	const position = run.position(repository, name);
	const first = !position?.known || run.request.manual;
	const response = await run.get(request, repository, !first);
	if (!response) return;
	const refs = response.statusCode === 409 ? [] : asList(response.body);
	const heads = new Map<string, string>();
	for (const ref of refs) {
		const full = String(ref.ref ?? '');
		if (full.startsWith(prefix)) heads.set(full.slice(prefix.length), String((ref.object as IDataObject | undefined)?.sha ?? ''));
	}
	const created = (ref: string, sha: string): Delivery => ({
		event: 'create',
		deliveryId: null,
		payload: { ref, ref_type: list.namespace === 'tags' ? 'tag' : 'branch', sha, repository: repositoryPayload(repository) },
	});
	if (first) {
		if (run.request.manual) {
			const last = [...heads.keys()].sort().pop();
			if (last !== undefined) run.emit([{ time: 0, delivery: created(last, heads.get(last)!) }]);
			return;
		}
		run.setPosition(repository, name, { known: Object.fromEntries(heads) });
		if (response.statusCode !== 409) run.keepEtag(request, response);
		return;
	}
	const known = { ...position.known };
	let recent = position.recent ?? [];
	let complete = true;
	const commitsWanted = list.namespace === 'heads' && run.request.rows.some((row) => row.value === 'newCommit');
	const branchFilter = (run.request.filters.branch ?? []).map((branch) => branch.toLowerCase());
	for (const [ref, sha] of [...heads].sort(([a], [b]) => a.localeCompare(b))) {
		const before = known[ref];
		if (before === sha) continue;
		if (run.budget <= 0) {
			complete = false;
			break;
		}
		if (before === undefined) {
			run.budget -= run.emit([{ time: 0, delivery: created(ref, sha) }]);
		} else if (commitsWanted && (branchFilter.length === 0 || branchFilter.includes(ref.toLowerCase()))) {
			const commits = await branchCommits(run, repository, before, sha);
			// As in a push delivery: a commit already seen on another branch is not distinct.
			const pushed = commits.map((commit) => pushCommit(commit, !recent.includes(`commit:${String(commit.sha)}`)));
			recent = remember(recent, commits.map((commit) => `commit:${String(commit.sha)}`));
			run.budget -= run.emit([
				{
					time: 0,
					delivery: {
						event: 'push',
						deliveryId: null,
						payload: { ref: `${prefix}${ref}`, before, after: sha, repository: repositoryPayload(repository), commits: pushed },
					},
				},
			]);
		}
		known[ref] = sha;
	}
	// Deleted refs are forgotten, so one created again under the same name is new.
	if (complete) {
		for (const ref of Object.keys(known)) if (!heads.has(ref)) delete known[ref];
		run.keepEtag(request, response);
	}
	run.setPosition(repository, name, { known, recent });
}

/**
 * Stargazers are listed oldest first, so new stars land on the last page. The first page that was
 * not full is asked conditionally; when it fills up, the walk goes on to the next.
 */
async function pollStars(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const path = repositoryPath(repository, '/stargazers');
	const headers = { Accept: STAR_MEDIA_TYPE };
	const pageRequest = (page: number): ApiRequest => ({ method: 'GET', path, headers, qs: { per_page: PAGE_SIZE, page } });
	const keyOf = (star: IDataObject) => `${String((star.user as IDataObject | undefined)?.id)}@${String(star.starred_at)}`;
	const delivery = (star: IDataObject): TimedDelivery => ({
		time: time(star.starred_at),
		delivery: {
			event: 'star',
			deliveryId: null,
			payload: { action: 'created', starred_at: star.starred_at, repository: repositoryPayload(repository), sender: star.user },
		},
	});
	const position = run.position(repository, name);
	const guard = new PageGuard('GitHub');
	if (!position?.at || run.request.manual) {
		const firstRequest = pageRequest(1);
		guard.admit(requestKey(firstRequest));
		let response = (await run.get(firstRequest, repository, false))!;
		const last = /[?&]page=(\d+)[^>]*>\s*;\s*rel="?last/.exec(linkHeader(response) ?? '');
		let page = 1;
		if (last) {
			page = Number(last[1]);
			guard.admit(requestKey(pageRequest(page)));
			response = (await run.get(pageRequest(page), repository, false))!;
		}
		const stars = asList(response.body);
		if (run.request.manual) {
			if (stars.length) run.emit([delivery(stars[stars.length - 1])]);
			return;
		}
		const start = startPosition(run, response, stars, (star) => star.starred_at, keyOf);
		if (stars.length < PAGE_SIZE) run.keepEtag(pageRequest(page), response);
		run.setPosition(repository, name, { ...start, page: stars.length >= PAGE_SIZE ? page + 1 : page });
		return;
	}
	let at = time(position.at);
	let recent = position.recent ?? [];
	let page = position.page ?? 1;
	/** The empty page just seen past the end, while the page before it is read again. */
	let emptyNext: { request: ApiRequest; response: ApiResponse } | undefined;
	for (;;) {
		const request = pageRequest(page);
		guard.admit(requestKey(request));
		// Stepping back, the page before is read in full: its old ETag would hide the stars on it.
		const response = await run.get(request, repository, !emptyNext);
		if (!response) break;
		const stars = asList(response.body);
		if (stars.length === 0 && page > 1 && !emptyNext) {
			// Nothing here: either the last page was full, or stars were taken back and the list shrank.
			emptyNext = { request, response };
			page -= 1;
			continue;
		}
		const serverNow = run.serverTime(response);
		const fresh = stars.filter((star) => time(star.starred_at) >= at && !recent.includes(keyOf(star)));
		const taken = fresh.slice(0, Math.max(0, Math.min(fresh.length, run.budget)));
		for (const star of taken) {
			run.budget -= run.emit([delivery(star)]);
			at = advancedCursor(at, time(star.starred_at), serverNow);
			recent = remember(recent, [keyOf(star)]);
		}
		if (taken.length < fresh.length) break;
		if (stars.length < PAGE_SIZE) {
			run.keepEtag(request, response);
			break;
		}
		if (emptyNext) {
			// Full, and the next page was empty a moment ago: new stars land there.
			page += 1;
			run.keepEtag(emptyNext.request, emptyNext.response);
			break;
		}
		page += 1;
	}
	run.setPosition(repository, name, { at: iso(at), recent, page });
}

async function pollList(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const list = LISTS[name];
	switch (list.kind) {
		case 'since':
			return await pollSinceList(run, repository, name, list);
		case 'newestFirst':
			return await pollNewestFirstList(run, repository, name, list);
		case 'refs':
			return await pollRefs(run, repository, name, list);
		case 'stars':
			return await pollStars(run, repository, name);
		case 'following':
			return;
	}
}

/**
 * Newest first: a repository created later lands on the first page, whose answer changes. Neither `pushed_at` (the last push) nor `updated_at` (the last
 * change of the repository object) moves for issues, comments, stars, releases or runs, so no
 * repository is left out of a poll by them.
 */
const OWNER_LIST_ORDER = { sort: 'created', direction: 'desc' };

function ownerPageRequest(listing: Pick<OwnerListing, 'path' | 'qs'>, page: number): ApiRequest {
	return { method: 'GET', path: listing.path, qs: { ...listing.qs, per_page: PAGE_SIZE, page } };
}

/**
 * Where an owner's repositories are listed: GET /orgs/{org}/repos, or for a user (404 there)
 * GET /users/{user}/repos, which lists public repositories only, and GET /user/repos?affiliation=owner
 * for the connected account's own. Returns the organization's first page when that was the answer.
 */
async function ownerListSource(run: PollRun, owner: string, userAccount: boolean): Promise<{ listing: Pick<OwnerListing, 'path' | 'qs'>; firstPage?: ApiResponse }> {
	const organization = { path: `/orgs/${pathSegment(owner)}/repos`, qs: { type: 'all', ...OWNER_LIST_ORDER } };
	const response = (await run.get({ ...ownerPageRequest(organization, 1), acceptStatus: [404] }, undefined, false))!;
	if (response.statusCode !== 404) return { listing: organization, firstPage: response };
	if (userAccount && (await run.client.accountLogin()).toLowerCase() === owner.toLowerCase()) {
		return { listing: { path: '/user/repos', qs: { affiliation: 'owner', ...OWNER_LIST_ORDER } } };
	}
	return { listing: { path: `/users/${pathSegment(owner)}/repos`, qs: { type: 'owner', ...OWNER_LIST_ORDER } } };
}

/**
 * The owner's repositories, read on every poll. Each page is asked with the ETag of its last
 * answer (an idle owner costs no rate limit), and one page past the last is asked too, so a
 * repository landing on a new page is seen even when the pages before it did not change. The
 * transport leaves out repositories outside the credential's scope, as from every repository list.
 * A repository seen for the first time starts its own positions (nothing from its past); one no
 * longer listed (deleted, renamed, out of scope) is forgotten.
 */
async function ownerRepositories(run: PollRun, { owner, userAccount, node }: NonNullable<RepositoryPollRequest['allRepositoriesOf']>): Promise<RepositoryName[]> {
	const key = owner.toLowerCase();
	const stored = run.request.manual ? undefined : run.state.owners?.[key];
	const source = stored ? { listing: stored } : await ownerListSource(run, owner, userAccount);
	const scopeEntries = (await run.client.scope()).repositories?.entries.join(', ') ?? '';
	const previous = stored?.pages ?? [];
	// Kept pages hold what the scope of their time let through: another scope reads them all again.
	const reusable = stored?.scope === scopeEntries ? previous : [];
	const pages: OwnerPage[] = [];
	const names = new Map<string, RepositoryName>();
	const guard = new PageGuard('GitHub');
	let probing = false;
	for (let number = 1; ; number++) {
		const request = ownerPageRequest(source.listing, number);
		guard.admit(requestKey(request));
		const before = reusable[number - 1];
		const response = number === 1 && source.firstPage ? source.firstPage : await run.get(request, undefined, before !== undefined);
		let page: OwnerPage;
		if (response) {
			page = { names: asList(response.body).map((entry) => String(entry.full_name ?? '')).filter((name) => name.includes('/')), next: Boolean(nextLink(linkHeader(response))) };
			run.keepEtag(request, response);
		} else {
			page = before;
		}
		pages.push(page);
		for (const fullName of page.names) {
			const [login, repo] = fullName.split('/');
			names.set(fullName.toLowerCase(), { owner: login, repo });
		}
		if (names.size > MAX_OWNER_REPOSITORIES) {
			throw new NodeOperationError(node, `"All Repositories of the Owner" watches at most ${MAX_OWNER_REPOSITORIES} repositories, and "${owner}" has more that this credential can read`, {
				description: `Set "Watch" to "Chosen Repositories" and pick the repositories to watch, or limit the credential's "Allowed Repositories" to at most ${MAX_OWNER_REPOSITORIES} of them.`,
			});
		}
		if (page.next) {
			probing = false;
			continue;
		}
		if (probing) break;
		probing = true;
	}
	if (!run.request.manual) {
		for (const fullName of previous.flatMap((page) => page.names)) if (!names.has(fullName.toLowerCase())) forgetRepository(run.state, fullName.toLowerCase());
		run.state.owners = { ...run.state.owners, [key]: { path: source.listing.path, qs: source.listing.qs, pages, scope: scopeEntries } };
	}
	return [...names.values()];
}

/** Drops a repository's positions, ETags and wait, so if it comes back it starts afresh. */
function forgetRepository(state: RepositoryPollState, fullName: string): void {
	const prefix = `/repos/${fullName}/`;
	state.lists = Object.fromEntries(Object.entries(state.lists ?? {}).filter(([key]) => !key.startsWith(`${fullName}:`)));
	state.etags = Object.fromEntries(Object.entries(state.etags ?? {}).filter(([url]) => !url.toLowerCase().startsWith(prefix)));
	state.pollAfter = Object.fromEntries(Object.entries(state.pollAfter ?? {}).filter(([key]) => key !== fullName));
}

/** The lists the chosen events need, each once. */
export function listsFor(rows: TriggerDefinition[]): RepositorySourceName[] {
	return [...new Set(rows.flatMap((row) => row.polledFrom ?? []))];
}

/**
 * One poll over the chosen repositories. Manual runs return the latest matching item of all
 * lists; otherwise every event since the last poll, oldest first per list, at most maxItems.
 */
export async function pollRepositories(client: GitHubClient, state: RepositoryPollState, request: RepositoryPollRequest): Promise<TriggerItem[]> {
	const run = new PollRun(client, state, request);
	const lists = listsFor(request.rows);
	const repositories = request.allRepositoriesOf
		? await ownerRepositories(run, request.allRepositoriesOf)
		: request.repositories;
	const pollRepository = async (repository: RepositoryName) => {
		const waitUntil = state.pollAfter?.[repositoryKey(repository)];
		if (!request.manual && waitUntil !== undefined && run.githubNow < waitUntil) return;
		for (const list of lists) {
			if (run.budget <= 0) break;
			await pollList(run, repository, list);
		}
	};
	// A few repositories at a time: 50 of them one after another would outlast a one-minute poll.
	// Each position is written in one step, so the repositories do not disturb each other's.
	const queue = [...repositories];
	const workers = Array.from({ length: Math.min(REPOSITORIES_AT_ONCE, queue.length) }, async () => {
		for (let next = queue.shift(); next; next = queue.shift()) await pollRepository(next);
	});
	await Promise.all(workers);
	if (lists.includes('discussions') && run.budget > 0) await pollDiscussions(run, repositories);
	if (request.manual) {
		const newest = [...run.items].sort((a, b) => itemTime(b) - itemTime(a))[0];
		return newest ? [newest] : [];
	}
	return run.items;
}

/** Discussions (and their comments) read per repository in the one GraphQL query of a poll. */
export const DISCUSSIONS_READ = 20;
export const COMMENTS_READ = 20;

const DISCUSSION_FIELDS = `databaseId number title body url createdAt updatedAt author { login } category { name } comments(last: ${COMMENTS_READ}) { nodes { databaseId body url createdAt updatedAt author { login } } }`;

function discussionsQuery(count: number): string {
	const variables = Array.from({ length: count }, (_, i) => `$owner${i}: String!, $name${i}: String!`).join(', ');
	const repositories = Array.from(
		{ length: count },
		(_, i) => `r${i}: repository(owner: $owner${i}, name: $name${i}) { discussions(first: ${DISCUSSIONS_READ}, orderBy: { field: UPDATED_AT, direction: DESC }) { nodes { ${DISCUSSION_FIELDS} } } }`,
	).join(' ');
	return `query PolledDiscussions(${variables}) { ${repositories} rateLimit { cost } }`;
}

/** GraphQL's camelCase objects in the delivery's snake_case shape. */
function discussionPayload(discussion: IDataObject): IDataObject {
	return {
		id: discussion.databaseId,
		number: discussion.number,
		title: discussion.title,
		body: discussion.body,
		html_url: discussion.url,
		created_at: discussion.createdAt,
		updated_at: discussion.updatedAt,
		user: discussion.author ?? null,
		category: discussion.category ?? null,
	};
}

function discussionCommentPayload(comment: IDataObject): IDataObject {
	return {
		id: comment.databaseId,
		body: comment.body,
		html_url: comment.url,
		created_at: comment.createdAt,
		updated_at: comment.updatedAt,
		user: comment.author ?? null,
	};
}

/**
 * New discussions and discussion comments of every chosen repository from one GraphQL query
 * (GraphQL answers are not conditional: each poll costs the query's points, kept as
 * `discussionsQueryCost`). Cursor: creation times, with the keys of what was taken.
 */
async function pollDiscussions(run: PollRun, repositories: RepositoryName[]): Promise<void> {
	if (repositories.length === 0) return;
	const lists = [(await run.client.scope()).repositories];
	const proofs = repositories.map((repository) => repositoryProof(lists, { owner: repository.owner, repo: repository.repo }));
	const variables: IDataObject = {};
	repositories.forEach((repository, i) => {
		variables[`owner${i}`] = repository.owner;
		variables[`name${i}`] = repository.repo;
	});
	const data = await run.client.graphql<IDataObject>(discussionsQuery(repositories.length), variables, proofs[0]);
	if (!run.request.manual) run.state.discussionsQueryCost = Number((data.rateLimit as IDataObject | undefined)?.cost ?? 0);
	repositories.forEach((repository, i) => {
		const discussions = asList(((data[`r${i}`] as IDataObject | null)?.discussions as IDataObject | undefined)?.nodes);
		const found: Array<TimedDelivery & { key: string }> = [];
		for (const discussion of discussions) {
			const shaped = discussionPayload(discussion);
			found.push({
				key: `discussion:${String(discussion.databaseId)}`,
				time: time(discussion.createdAt),
				delivery: { event: 'discussion', deliveryId: null, payload: { action: 'created', discussion: shaped, repository: repositoryPayload(repository) } },
			});
			for (const comment of asList((discussion.comments as IDataObject | undefined)?.nodes)) {
				found.push({
					key: `discussionComment:${String(comment.databaseId)}`,
					time: time(comment.createdAt),
					delivery: {
						event: 'discussion_comment',
						deliveryId: null,
						payload: { action: 'created', comment: discussionCommentPayload(comment), discussion: shaped, repository: repositoryPayload(repository) },
					},
				});
			}
		}
		found.sort((a, b) => a.time - b.time);
		if (run.request.manual) {
			run.emit(found.slice(-1));
			return;
		}
		const position = run.position(repository, 'discussions');
		if (!position?.at) {
			const newest = found.length ? found[found.length - 1].time : 0;
			run.setPosition(repository, 'discussions', { at: iso(newest), recent: found.filter((entry) => entry.time >= newest).map((entry) => entry.key) });
			return;
		}
		let at = time(position.at);
		let recent = position.recent ?? [];
		for (const entry of found) {
			if (entry.time < at || recent.includes(entry.key)) continue;
			if (run.budget <= 0) break;
			run.budget -= run.emit([entry]);
			at = Math.max(at, entry.time);
			recent = remember(recent, [entry.key]);
		}
		run.setPosition(repository, 'discussions', { at: iso(at), recent });
	});
}

/** When the item's event happened, as its payload tells. */
function itemTime(item: TriggerItem): number {
	const payload = item.payload;
	const candidates = [
		(payload.comment as IDataObject | undefined)?.created_at,
		(payload.discussion as IDataObject | undefined)?.created_at,
		(payload.review as IDataObject | undefined)?.submitted_at,
		(payload.issue as IDataObject | undefined)?.updated_at,
		(payload.pull_request as IDataObject | undefined)?.updated_at,
		(payload.release as IDataObject | undefined)?.published_at,
		(payload.forkee as IDataObject | undefined)?.created_at,
		(payload.workflow_run as IDataObject | undefined)?.updated_at,
		payload.starred_at,
		(payload.commit as IDataObject | undefined)?.timestamp,
	];
	return Math.max(0, ...candidates.map(time));
}

/** The request a list sends, in words (for the docs tables). */
export function listRequest(name: RepositorySourceName): string {
	const list = LISTS[name];
	const repository = '/repos/{owner}/{repo}';
	switch (list.kind) {
		case 'since':
		case 'newestFirst': {
			const query = Object.entries({ ...list.qs, ...(list.kind === 'since' ? { since: '…' } : {}) })
				.map(([key, value]) => `${key}=${String(value)}`)
				.join('&');
			return `GET ${repository}${list.path}${query ? `?${query}` : ''}`;
		}
		case 'refs':
			return list.namespace === 'heads'
				? `GET ${repository}/git/matching-refs/heads (and GET ${repository}/compare/{before}...{after} per branch that moved, for New Commit)`
				: `GET ${repository}/git/matching-refs/${list.namespace}`;
		case 'stars':
			return `GET ${repository}/stargazers (last page)`;
		case 'following':
			return name === 'discussions'
				? `POST /graphql: one query per poll for all chosen repositories (the ${DISCUSSIONS_READ} most recently updated discussions of each, with their last ${COMMENTS_READ} comments)`
				: `GET ${repository}/pulls/{number}/reviews for each pull request the issues list shows updated`;
	}
}
