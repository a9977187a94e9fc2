import type { IDataObject } from 'n8n-workflow';

import type { GitHubClient } from '../transport';
import type { TriggerItem } from './matching';
import { pollDiscussions } from './polling/discussions';
import { pollList } from './polling/lists';
import { ownerRepositories } from './polling/ownerListing';
import type { RepositoryName, RepositoryPollRequest, RepositoryPollState } from './polling/pollRun';
import { listsFor, PollRun, REPOSITORIES_AT_ONCE, repositoryKey, time } from './polling/pollRun';

export type { ListPosition, OwnerListing, OwnerPage, RepositoryName, RepositoryPollRequest, RepositoryPollState } from './polling/pollRun';
export { listsFor, MAX_OWNER_REPOSITORIES, REMEMBERED_KEYS, REMEMBERED_STATES, SINCE_SLACK } from './polling/pollRun';
export { listRequest } from './polling/lists';
export { COMMENTS_READ, DISCUSSIONS_READ } from './polling/discussions';

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
