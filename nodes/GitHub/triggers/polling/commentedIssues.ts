import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { listedByNumber } from './listedByNumber';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { iso, PAGE_SIZE, repositoryPath } from './pollRun';

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
	// One second early: `since` is compared by whole seconds.
	const updatedIssues: ApiRequest = {
		method: 'GET',
		path: repositoryPath(repository, '/issues'),
		qs: { state: 'all', sort: 'updated', direction: 'desc', since: iso(Math.max(0, oldest - 1000)), per_page: PAGE_SIZE },
	};
	const found = await listedByNumber(run, repository, updatedIssues, payloads.keys(), '/issues');
	for (const [number, list] of payloads) for (const payload of list) payload.issue = found.get(number)!;
}
