import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageGuard } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { asList, PAGE_SIZE, repositoryPath, requestKey, time } from './pollRun';

/** How much older than its issue's update a pull request's own update time may be and still be looked for in the list. */
const UPDATE_SLACK_MS = 60_000;

/** The pull_request object of a delivery from the pull request as GitHub lists it. */
export function listedPullRequest(pull: IDataObject): IDataObject {
	return { ...pull, merged: pull.merged_at !== null && pull.merged_at !== undefined };
}

/**
 * The issues list gives a pull request as an issue: the id and node_id, no head or base.
 * Deliveries about pull requests get the pull request itself (its id, node_id, head, base, …) from
 * GET /repos/{o}/{r}/pulls?state=all&sort=updated&direction=desc, asked only when the issues walk
 * found pull requests changed (an idle poll asks nothing), page by page until each is found or the
 * list reaches back before them; one still missing is asked by its number.
 */
export async function withPullRequests(run: PollRun, repository: RepositoryName, deliveries: TimedDelivery[]): Promise<void> {
	const payloads = new Map<number, IDataObject[]>();
	let oldest = Infinity;
	for (const { delivery } of deliveries) {
		const pull = delivery.payload.pull_request as IDataObject | undefined;
		const number = Number(pull?.number);
		if (!pull || !Number.isSafeInteger(number)) continue;
		payloads.set(number, [...(payloads.get(number) ?? []), delivery.payload]);
		oldest = Math.min(oldest, time(pull.updated_at));
	}
	if (payloads.size === 0) return;
	const found = new Map<number, IDataObject>();
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, '/pulls'), qs: { state: 'all', sort: 'updated', direction: 'desc', per_page: PAGE_SIZE } };
	const first = (await run.get(request, repository, false))!;
	const guard = new PageGuard('GitHub');
	guard.admit(requestKey(request));
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, guard);
	})();
	for await (const page of pages) {
		const pulls = asList(page.body);
		for (const pull of pulls) if (payloads.has(Number(pull.number))) found.set(Number(pull.number), pull);
		const last = pulls[pulls.length - 1];
		if (found.size === payloads.size || !last || time(last.updated_at) < oldest - UPDATE_SLACK_MS) break;
	}
	for (const number of payloads.keys()) {
		if (found.has(number)) continue;
		const single: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/pulls/${pathSegment(String(number))}`) };
		found.set(number, (await run.get(single, repository, false))!.body as IDataObject);
	}
	for (const [number, list] of payloads) {
		for (const payload of list) {
			payload.pull_request = listedPullRequest(found.get(number)!);
			if (payload.number !== undefined) payload.number = number;
		}
	}
}
