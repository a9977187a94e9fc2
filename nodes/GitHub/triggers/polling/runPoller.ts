import type { IDataObject } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { PageLimit } from '../../../shared/paging';
import { isBeyondSkew } from '../../../shared/pollClock';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { GitHubClient } from '../../transport';
import type { PollerName } from '../events';
import type { PolledItem } from '../matching';
import type { ProjectPollPosition } from './projectItems';
import { pollProjectItems } from './projectItems';

/**
 * Where a poller stopped. Time-ordered sources keep the newest timestamp seen and the ids
 * at exactly that timestamp (GitHub's timestamps have one-second resolution, so two objects
 * can share one); the subscriber list has no timestamps and keeps every id instead.
 */
interface PollPosition extends IDataObject {
	/** What the position belongs to; a different trigger or repository starts afresh. */
	key: string;
	at?: string;
	seen?: string[];
	ids?: string[];
	/** Ids of the latest entries reported (time-ordered sources), never reported again. */
	recent?: string[];
}

export interface PollState extends IDataObject {
	position?: PollPosition;
}

interface PollRequest {
	poller: PollerName;
	triggerName: string;
	owner?: string;
	repository?: string;
	onlyParticipating?: boolean;
	/** Notification reasons wanted (GitHub's thread `reason`); empty = every reason. */
	reasons?: readonly string[];
	/** Project Item Changed: the project, and the fields whose changes count (empty = every field). */
	project?: { owner: string; number: number; fields: readonly string[] };
	/** Manual test runs show the latest item and leave the position alone. */
	manual: boolean;
}

/**
 * Pollers that read the signed-in account (GET /gists, /user/repos, /notifications). GitHub
 * answers them only for a user's token: a GitHub App installation token has no account of its own.
 */
export const ACCOUNT_POLLERS: ReadonlySet<PollerName> = new Set<PollerName>(['gists', 'userRepositories', 'mentions', 'notifications']);

/** What a poller reads from the node's parameters besides its own state. */
export type PollerInput = 'repository' | 'project' | 'notifications';

/** The node parameters each poller reads: the repository (New Watcher), the project, the account's notifications. */
export const POLLER_INPUTS: Record<PollerName, readonly PollerInput[]> = {
	gists: [],
	userRepositories: [],
	watchers: ['repository'],
	mentions: ['notifications'],
	notifications: ['notifications'],
	projectItems: ['project'],
};

const BEGINNING = '1970-01-01T00:00:00Z';
const PAGE_SIZE = 100;

function time(value: unknown): number {
	const parsed = Date.parse(String(value ?? ''));
	return Number.isNaN(parsed) ? 0 : parsed;
}

/** `since` one second early: GitHub's filter is by whole seconds and must not drop ties. */
function sinceParameter(at: string): string {
	return new Date(Math.max(0, time(at) - 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface TimedSource {
	timeOf: (entry: IDataObject) => unknown;
	idOf: (entry: IDataObject) => string;
}

/** How many reported ids a position remembers. */
const RECENT_IDS = 100;

interface TimedPosition {
	at: string;
	seen: string[];
	recent?: string[];
}

/**
 * Entries newer than the position, each once, and the position after them. An entry dated
 * beyond the clock skew is ignored (it would move the position past every genuine entry to
 * come), and so is one reported before that comes back with a newer time.
 */
function advance(
	position: TimedPosition,
	entries: IDataObject[],
	source: TimedSource,
): { fresh: IDataObject[]; next: TimedPosition } {
	const start = time(position.at);
	const now = Date.now();
	const fresh: IDataObject[] = [];
	const taken = new Set<string>(position.recent ?? []);
	let at = position.at;
	let seen = [...position.seen];
	for (const entry of entries) {
		const when = time(source.timeOf(entry));
		const id = source.idOf(entry);
		if (when < start || isBeyondSkew(when, now) || taken.has(id) || (when === start && position.seen.includes(id))) continue;
		taken.add(id);
		fresh.push(entry);
	}
	for (const entry of fresh) {
		const when = time(source.timeOf(entry));
		const id = source.idOf(entry);
		if (when > time(at)) {
			at = String(source.timeOf(entry));
			seen = [id];
		} else if (when === time(at) && !seen.includes(id)) {
			seen.push(id);
		}
	}
	// Oldest first, the order they happened in.
	fresh.sort((a, b) => time(source.timeOf(a)) - time(source.timeOf(b)));
	const recent = [...(position.recent ?? []), ...fresh.map((entry) => source.idOf(entry))].slice(-RECENT_IDS);
	return { fresh, next: recent.length ? { at, seen, recent } : { at, seen } };
}

/** A list answer whose entries are all objects; anything else is named. */
function entriesOf(answer: unknown, path: string): IDataObject[] {
	if (!Array.isArray(answer)) {
		throw new ServiceAnswerError(`GitHub answered ${path} with something other than a list`, 'Check the server address in the credential.');
	}
	const odd = answer.find((entry) => entry === null || typeof entry !== 'object' || Array.isArray(entry));
	if (odd !== undefined) {
		throw new ServiceAnswerError(
			`GitHub answered ${path} with an entry that is not an object (${odd === null ? 'null' : Array.isArray(odd) ? 'a list' : typeof odd})`,
			'Check the server address in the credential; GitHub lists objects only.',
		);
	}
	return answer as IDataObject[];
}

function newestPosition(entries: IDataObject[], source: TimedSource): TimedPosition {
	const { at, seen } = advance({ at: BEGINNING, seen: [] }, entries, source).next;
	return { at, seen };
}

function newest(entries: IDataObject[], source: TimedSource): IDataObject | undefined {
	return [...entries].sort((a, b) => time(source.timeOf(b)) - time(source.timeOf(a)))[0];
}

const GISTS: TimedSource = { timeOf: (gist) => gist.created_at, idOf: (gist) => String(gist.id) };
const REPOSITORIES: TimedSource = { timeOf: (repo) => repo.created_at, idOf: (repo) => String(repo.id) };
const NOTIFICATIONS: TimedSource = {
	timeOf: (thread) => thread.updated_at,
	// A thread reappears when it has new activity; the update time makes each appearance distinct.
	idOf: (thread) => `${String(thread.id)}@${String(thread.updated_at)}`,
};

/** A polled item: no webhook delivery stands behind it, so it has no event, action or delivery id columns. */
function item(triggerName: string, payload: IDataObject): PolledItem {
	return { trigger: triggerName, payload };
}

async function pollTimed(
	state: PollState,
	key: string,
	request: PollRequest,
	source: TimedSource,
	firstPage: () => Promise<IDataObject[]>,
	since: (at: string) => Promise<IDataObject[]>,
	wanted: (entry: IDataObject) => boolean = () => true,
): Promise<IDataObject[]> {
	const position = state.position?.key === key ? state.position : undefined;
	if (request.manual || !position?.at) {
		const entries = await firstPage();
		if (request.manual) {
			const latest = newest(entries.filter((entry) => wanted(entry) && !isBeyondSkew(time(source.timeOf(entry)))), source);
			return latest ? [latest] : [];
		}
		state.position = { key, ...newestPosition(entries, source) };
		return [];
	}
	const { fresh, next } = advance({ at: position.at, seen: position.seen ?? [], recent: position.recent }, await since(position.at), source);
	state.position = { key, ...next };
	return fresh.filter(wanted);
}

/** The account's notification threads (any reason when `reasons` is empty), new or with new activity. */
async function pollNotifications(
	client: GitHubClient,
	state: PollState,
	request: PollRequest,
	name: string,
	reasons: readonly string[],
): Promise<IDataObject[]> {
	const qs = { all: true, participating: request.onlyParticipating ?? false };
	return await pollTimed(
		state,
		`${name}:${qs.participating}`,
		request,
		NOTIFICATIONS,
		async () => entriesOf(await client.request({ method: 'GET', path: '/notifications', qs: { ...qs, per_page: 50 } }), '/notifications'),
		async (at) =>
			entriesOf(
				await client.paginate(
					{ method: 'GET', path: '/notifications', qs: { ...qs, since: sinceParameter(at) } },
					{ returnAll: true, maxPageSize: 50 },
				),
				'/notifications',
			),
		(thread) => reasons.length === 0 || reasons.includes(String(thread.reason)),
	);
}

/** Newest-first listing read page by page until it reaches entries older than `at`. */
async function pagesUntil(
	client: GitHubClient,
	path: string,
	qs: IDataObject,
	timeOf: (entry: IDataObject) => unknown,
	at: string,
): Promise<IDataObject[]> {
	const collected: IDataObject[] = [];
	const pageLimit = new PageLimit('GitHub');
	for (let page = 1; ; page++) {
		pageLimit.admit(String(page));
		const entries = await client.request<IDataObject[]>({ method: 'GET', path, qs: { ...qs, per_page: PAGE_SIZE, page } });
		entriesOf(entries, path);
		pageLimit.answered(String(page), entries);
		collected.push(...entries);
		if (entries.length < PAGE_SIZE || entries.some((entry) => time(timeOf(entry)) < time(at))) break;
	}
	return collected;
}

/** Runs one poll; what goes wrong (odd answers, endless paging) is a NodeApiError naming it. */
export async function runPoller(client: GitHubClient, state: PollState, request: PollRequest): Promise<PolledItem[]> {
	try {
		return await pollOnce(client, state, request);
	} catch (error) {
		throw await client.asNodeError(error);
	}
}

async function pollOnce(client: GitHubClient, state: PollState, request: PollRequest): Promise<PolledItem[]> {
	const emit = (entries: IDataObject[]) => entries.map((entry) => item(request.triggerName, entry));
	switch (request.poller) {
		case 'gists': {
			const entries = await pollTimed(
				state,
				'gists',
				request,
				GISTS,
				async () => entriesOf(await client.request({ method: 'GET', path: '/gists', qs: { per_page: PAGE_SIZE } }), '/gists'),
				async (at) =>
					entriesOf(
						await client.paginate({ method: 'GET', path: '/gists', qs: { since: sinceParameter(at) } }, { returnAll: true }),
						'/gists',
					),
			);
			return emit(entries);
		}
		case 'userRepositories': {
			const qs = { affiliation: 'owner', sort: 'created', direction: 'desc' };
			const entries = await pollTimed(
				state,
				'userRepositories',
				request,
				REPOSITORIES,
				async () => entriesOf(await client.request({ method: 'GET', path: '/user/repos', qs: { ...qs, per_page: PAGE_SIZE } }), '/user/repos'),
				async (at) => await pagesUntil(client, '/user/repos', qs, REPOSITORIES.timeOf, at),
			);
			return emit(entries);
		}
		case 'mentions':
			return emit(await pollNotifications(client, state, request, 'mentions', ['mention']));
		case 'notifications': {
			const reasons = [...new Set(request.reasons ?? [])].sort();
			// Another choice of reasons starts from now: threads of a reason not watched before are not replayed.
			return emit(await pollNotifications(client, state, request, `notifications:${reasons.join(',')}`, reasons));
		}
		case 'projectItems': {
			const project = request.project!;
			const previous = state.position?.key === `projectItems:${project.owner.toLowerCase()}/${project.number}` ? (state.position as unknown as ProjectPollPosition) : undefined;
			const { changes, position } = await pollProjectItems(client, previous, { ...project, manual: request.manual });
			if (!request.manual) state.position = position as unknown as PollPosition;
			return emit(changes);
		}
		case 'watchers': {
			const owner = request.owner ?? '';
			const repository = request.repository ?? '';
			const key = `watchers:${owner.toLowerCase()}/${repository.toLowerCase()}`;
			const path = `/repos/${pathSegment(owner)}/${pathSegment(repository)}/subscribers`;
			const watchers = entriesOf(await client.paginate({ method: 'GET', path }, { returnAll: true }), path);
			if (request.manual) return emit(watchers.slice(-1));
			const position = state.position?.key === key ? state.position : undefined;
			const ids = watchers.map((user) => String(user.id));
			state.position = { key, ids };
			if (!position?.ids) return [];
			const known = new Set(position.ids);
			return emit(watchers.filter((user) => !known.has(String(user.id))));
		}
	}
	return [];
}
