import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { RepositorySourceName } from '../events';
import type { Delivery } from '../matching';
import type { PollRun, RepositoryName } from './pollRun';
import { asList, iso, PAGE_SIZE, REMEMBERED_STATES, repositoryPath, repositoryPayload, requestKey, time } from './pollRun';
import { listedPullRequest } from './pullRequests';

/**
 * Pushes to pull requests (the webhook's `synchronize`), told by a pull request's head commit
 * changing. GitHub lists no push events for them, so the pull request list is read as a
 * conditional request on each poll (a 304 while nothing changed, which GitHub does not count) and
 * each pull request's head sha is compared with the one last seen. All states are read: a push
 * followed by a merge or close before the next poll is still a push.
 */
export interface PullRequestHeadList {
	kind: 'pullRequestHeads';
}

/** How much older than the cursor a pull request's update time may be and still be compared. */
const UPDATE_SLACK_MS = 60_000;

function headKey(pull: IDataObject): string {
	return `#${String(pull.number)}`;
}

function headSha(pull: IDataObject): string {
	return String((pull.head as IDataObject | undefined)?.sha ?? '');
}

/**
 * The new head commit: its author's account, as the sender (a webhook names the pusher, which no
 * list tells; omitted when GitHub links no account to the commit's email, or the commit is gone),
 * and its committer date, the earliest the push can have happened.
 */
async function headCommit(run: PollRun, repository: RepositoryName, sha: string): Promise<{ author?: IDataObject; committed: number }> {
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/commits/${pathSegment(sha)}`), acceptStatus: [404, 422] };
	const response = (await run.get(request, repository, false))!;
	if (response.statusCode !== 200) return { committed: 0 };
	const body = (response.body ?? {}) as IDataObject;
	const author = body.author as IDataObject | null | undefined;
	const committer = ((body.commit as IDataObject | undefined)?.committer ?? {}) as IDataObject;
	return { author: author?.login ? author : undefined, committed: time(committer.date) };
}

export async function pollPullRequestHeads(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	// A past push cannot be told from a list: "Fetch Test Event" shows the other lists' latest.
	if (run.request.manual) return;
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, '/pulls'), qs: { state: 'all', sort: 'updated', direction: 'desc', per_page: PAGE_SIZE } };
	const position = run.position(repository, name);
	const starting = !position?.known;
	const first = await run.get(request, repository, !starting, { shareInPoll: true });
	if (!first) return;
	const pageLimit = new PageLimit('GitHub');
	pageLimit.admit(requestKey(request));
	const pages = (async function* (): AsyncGenerator<ApiResponse> {
		yield first;
		yield* run.nextPages(first, request, pageLimit);
	})();
	const known: Record<string, string> = { ...position?.known };
	const at = time(position?.at);
	const seen = new Set<string>();
	const note = (pull: IDataObject) => {
		// The most recently updated last: the oldest are dropped first.
		delete known[headKey(pull)];
		known[headKey(pull)] = headSha(pull);
	};
	let complete = true;
	walk: for await (const page of pages) {
		const pulls = asList(page.body);
		for (const pull of pulls) {
			const key = headKey(pull);
			if (seen.has(key)) continue;
			seen.add(key);
			if (starting) {
				known[key] = headSha(pull);
				continue;
			}
			if (time(pull.updated_at) < at - UPDATE_SLACK_MS) break walk;
			const before = known[key];
			const after = headSha(pull);
			if (before === after) continue;
			// Unknown and older than the cursor: its earlier head was never seen, so nothing to compare.
			if (before !== undefined && after) {
				if (run.budget <= 0) {
					complete = false;
					break walk;
				}
				const delivery: Delivery = {
					event: 'pull_request',
					deliveryId: null,
					payload: { action: 'synchronize', number: pull.number, before, after, pull_request: listedPullRequest(pull), repository: repositoryPayload(repository) },
				};
				if (run.matches([{ delivery, time: 0 }]) > 0) {
					const head = await headCommit(run, repository, after);
					if (head.author) delivery.payload.sender = head.author;
					// Lists date no push: between its commit (not before the last poll) and the pull request's update.
					const updated = time(pull.updated_at);
					run.budget -= run.emit([{ delivery, time: Math.min(updated, Math.max(head.committed, at)) || updated }]);
				}
			}
			note(pull);
		}
		// At the start, the states of the most recently updated pull requests are the baseline.
		if (starting && seen.size >= REMEMBERED_STATES) break;
	}
	if (starting) {
		// Listed newest first; kept oldest first.
		const ordered = Object.entries(known).reverse();
		run.setPosition(repository, name, { at: iso(run.serverTime(first) || run.githubNow), known: Object.fromEntries(ordered) });
		run.keepEtag(request, first);
		return;
	}
	const kept = Object.entries(known).slice(-REMEMBERED_STATES);
	run.setPosition(repository, name, { at: complete ? iso(Math.max(at, run.serverTime(first))) : (position?.at ?? iso(at)), known: Object.fromEntries(kept) });
	if (complete) run.keepEtag(request, first);
}
