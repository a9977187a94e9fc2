import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { listedByNumber } from './listedByNumber';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { PAGE_SIZE, repositoryPath, time } from './pollRun';

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
	const updatedPulls: ApiRequest = { method: 'GET', path: repositoryPath(repository, '/pulls'), qs: { state: 'all', sort: 'updated', direction: 'desc', per_page: PAGE_SIZE } };
	const reachesBefore = (pulls: IDataObject[]) => {
		const last = pulls[pulls.length - 1];
		return !last || time(last.updated_at) < oldest - UPDATE_SLACK_MS;
	};
	const found = await listedByNumber(run, repository, updatedPulls, payloads.keys(), '/pulls', { pastWanted: reachesBefore, shareInPoll: true });
	for (const [number, list] of payloads) {
		for (const payload of list) {
			payload.pull_request = listedPullRequest(found.get(number)!);
			if (payload.number !== undefined) payload.number = number;
		}
	}
}
