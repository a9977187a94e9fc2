import type { IDataObject } from 'n8n-workflow';

import { rateLimitStopOf } from '../../../shared/errors';
import type { GitHubClient } from '../../transport';
import type { RepositorySourceName } from '../events';
import type { TriggerItem } from '../matching';
import { pollDiscussions } from './discussions';
import { LISTS, pollList } from './lists';
import { ownerRepositories } from './ownerListing';
import type { RepositoryName, RepositoryPollRequest, RepositoryPollState, TimedItem } from './pollRun';
import { listKey, listsFor, PollRun, PollShared, REPOSITORIES_AT_ONCE, repositoryKey, time } from './pollRun';


/** One part of a poll: a list of a repository, or the discussions query of all repositories. */
interface PollPart {
	key: string;
	read: (run: PollRun) => Promise<void>;
}

const DISCUSSIONS_PART = 'discussions';

/**
 * The parts of a poll in the order they are read: every list of every repository, then the
 * discussions; rotated to start at the part where the last poll stopped (rate limit, Max Items per
 * Poll), so the parts read last get their turn too.
 */
function pollParts(repositories: RepositoryName[], lists: RepositorySourceName[], resumeAt: string | undefined): PollPart[] {
	const parts: PollPart[] = repositories.flatMap((repository) =>
		// Reviews are read with the issues list, discussions by one query for all repositories.
		lists.filter((list) => LISTS[list].kind !== 'following').map((list) => ({ key: listKey(repository, list), read: async (run: PollRun) => await pollList(run, repository, list) })),
	);
	if (lists.includes('discussions')) parts.push({ key: DISCUSSIONS_PART, read: async (run) => await pollDiscussions(run, repositories) });
	const start = parts.findIndex((part) => part.key === resumeAt);
	return start > 0 ? [...parts.slice(start), ...parts.slice(0, start)] : parts;
}

/**
 * One poll over the chosen repositories. Manual runs return the latest matching item of all
 * lists; otherwise every event since the last poll, at most maxItems, each repository's items in
 * the order their changes happened.
 *
 * A part of the poll (one list of one repository) moves its position only when the poll returns
 * its items (see PollRun). When a request fails, parts that were read with items are dropped and
 * the error is thrown: the next poll reads them again. When the client stops at GitHub's rate
 * limit, the poll ends there: the parts read so far are returned and kept, and the next poll after
 * the reset (on GitHub's clock) starts at the first part not read.
 */
export async function pollRepositories(client: GitHubClient, state: RepositoryPollState, request: RepositoryPollRequest): Promise<TriggerItem[]> {
	const shared = new PollShared(client, state, request);
	const githubNow = () => (request.now ?? Date.now)() + (state.clockOffset ?? 0);
	// After a stop at the rate limit, parts are read one at a time: the one that was stopped gets
	// the new budget first (side by side, the others' first requests could use it up every time).
	const afterRateLimit = !request.manual && state.rateLimitedUntil !== undefined;
	if (afterRateLimit) {
		if (githubNow() < state.rateLimitedUntil!) return [];
		delete state.rateLimitedUntil;
	}
	let repositories = request.repositories;
	if (request.allRepositoriesOf) {
		const listing = new PollRun(shared);
		try {
			repositories = await ownerRepositories(listing, request.allRepositoriesOf);
		} catch (error) {
			const stop = rateLimitStopOf(error);
			if (stop?.resetAt !== undefined && !request.manual) state.rateLimitedUntil = stop.resetAt;
			throw await client.asNodeError(error);
		}
		// It emits nothing: kept whatever the lists do.
		listing.commit();
	}
	// X-Poll-Interval as the poll found it (answers during the poll set it for the next one).
	const waiting = new Set(repositories.filter((repository) => githubNow() < (state.pollAfter?.[repositoryKey(repository)] ?? -Infinity)).map(repositoryKey));
	const parts = pollParts(
		request.manual ? repositories : repositories.filter((repository) => !waiting.has(repositoryKey(repository))),
		listsFor(request.rows),
		request.manual ? undefined : state.resumeAt,
	);
	const done = new Map<string, PollRun>();
	const failures: unknown[] = [];
	// A few parts at a time: 50 repositories one list after another would outlast a one-minute poll.
	const queue = [...parts];
	const workers = Array.from({ length: Math.min(afterRateLimit ? 1 : REPOSITORIES_AT_ONCE, queue.length) }, async () => {
		for (let part = queue.shift(); part && failures.length === 0 && shared.budget > 0; part = queue.shift()) {
			const run = new PollRun(shared);
			try {
				await part.read(run);
				done.set(part.key, run);
			} catch (error) {
				run.discard();
				failures.push(error);
			}
		}
	});
	await Promise.all(workers);
	const failure = failures.find((error) => !rateLimitStopOf(error));
	if (failure !== undefined) {
		// Parts that emitted nothing lose nothing by moving on; the others are read again.
		for (const run of done.values()) if (run.items.length === 0) run.commit();
		throw await client.asNodeError(failure);
	}
	for (const run of done.values()) run.commit();
	// The last answers used the budget up: the next polls wait for the reset, even with every part read.
	if (shared.spentUntil !== undefined && !request.manual) state.rateLimitedUntil = shared.spentUntil;
	const notRead = parts.find((part) => !done.has(part.key));
	if (!request.manual) {
		if (notRead) state.resumeAt = notRead.key;
		else delete state.resumeAt;
	}
	const items = ordered(parts, done, repositories);
	if (failures.length > 0) {
		const stop = rateLimitStopOf(failures[0]);
		if (stop?.resetAt !== undefined && !request.manual) state.rateLimitedUntil = stop.resetAt;
		if (items.length === 0) throw await client.asNodeError(failures[0]);
		request.warn?.(
			`${(failures[0] as Error).message} The poll returns what it read (${done.size} of ${parts.length} lists) and goes on from "${notRead?.key ?? ''}" after the reset.`,
		);
	}
	if (request.manual) {
		const newest = [...items].sort((a, b) => itemTime(b) - itemTime(a))[0];
		return newest ? [newest] : [];
	}
	return items;
}

/** The items of the parts read: repository by repository, each one's in the order its changes happened. */
function ordered(parts: PollPart[], done: Map<string, PollRun>, repositories: RepositoryName[]): TriggerItem[] {
	const rank = new Map(repositories.map((repository, index) => [repositoryKey(repository), index]));
	const rankOf = ({ item }: TimedItem) => rank.get(String((item.payload.repository as IDataObject | undefined)?.full_name ?? '').toLowerCase()) ?? repositories.length;
	const timed = parts.flatMap((part) => done.get(part.key)?.items ?? []);
	// Stable: items of one time keep the order their lists gave them.
	return timed.sort((a, b) => rankOf(a) - rankOf(b) || a.time - b.time).map(({ item }) => item);
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
		(payload.milestone as IDataObject | undefined)?.closed_at,
		(payload.milestone as IDataObject | undefined)?.created_at,
		payload.starred_at,
		(payload.commit as IDataObject | undefined)?.timestamp,
	];
	return Math.max(0, ...candidates.map(time));
}
