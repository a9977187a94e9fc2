import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageGuard } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { asList, iso, PAGE_SIZE, repositoryPath, requestKey } from './pollRun';

/**
 * The comments list names a comment's issue by its URL only; the delivery carries the issue. A new
 * comment moves its issue's update time, so the issues updated since the oldest new comment
 * (GET /repos/{o}/{r}/issues?state=all&sort=updated&direction=desc&since=…) hold them: read page by
 * page until each is found, asked only when comments were found (an idle poll asks nothing); one
 * still missing is asked by its number.
 */
export async function withCommentedIssues(run: PollRun, repository: RepositoryName, deliveries: TimedDelivery[]): Promise<void> {
	const payloads = new Map<number, IDataObject[]>();
	let oldest = Infinity;
	for (const { delivery, time } of deliveries) {
		const number = Number((delivery.payload.issue as IDataObject | undefined)?.number);
		if (!Number.isSafeInteger(number)) continue;
		payloads.set(number, [...(payloads.get(number) ?? []), delivery.payload]);
		oldest = Math.min(oldest, time);
	}
	if (payloads.size === 0) return;
	const found = new Map<number, IDataObject>();
	// One second early: `since` is compared by whole seconds.
	const request: ApiRequest = {
		method: 'GET',
		path: repositoryPath(repository, '/issues'),
		qs: { state: 'all', sort: 'updated', direction: 'desc', since: iso(Math.max(0, oldest - 1000)), per_page: PAGE_SIZE },
	};
	const first = (await run.get(request, repository, false))!;
	const guard = new PageGuard('GitHub');
	guard.admit(requestKey(request));
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, guard);
	})();
	for await (const page of pages) {
		for (const issue of asList(page.body)) if (payloads.has(Number(issue.number))) found.set(Number(issue.number), issue);
		if (found.size === payloads.size) break;
	}
	for (const number of payloads.keys()) {
		if (found.has(number)) continue;
		const single: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/issues/${pathSegment(String(number))}`) };
		found.set(number, (await run.get(single, repository, false))!.body as IDataObject);
	}
	for (const [number, list] of payloads) for (const payload of list) payload.issue = found.get(number)!;
}
