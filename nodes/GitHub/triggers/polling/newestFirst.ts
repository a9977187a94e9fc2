import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import type { RepositorySourceName } from '../events';
import type { Delivery } from '../matching';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { withPullRequests } from './pullRequests';
import { advancedCursor, asList, iso, PAGE_SIZE, remember, repositoryPath, requestKey, startPosition, time } from './pollRun';

/** A newest-first list without `since` (forks, releases, workflow runs), read until entries older than the cursor. */
export interface NewestFirstList {
	kind: 'newestFirst';
	path: string;
	qs: IDataObject;
	timeOf: (entry: IDataObject) => unknown;
	keyOf: (entry: IDataObject) => string;
	/** Entries that are no event yet (a draft release). */
	wanted?: (entry: IDataObject) => boolean;
	delivery: (entry: IDataObject, repository: RepositoryName) => Delivery;
	/** Deliveries about pull requests get the pull request itself (withPullRequests). */
	aboutPullRequests?: boolean;
}

// Lists whose answer is wrapped in an object.
const ITEMS_KEY: Partial<Record<RepositorySourceName, string>> = { workflowRuns: 'workflow_runs' };

function entriesOf(list: RepositorySourceName, body: unknown): IDataObject[] {
	const key = ITEMS_KEY[list];
	return asList(key ? (body as IDataObject | null)?.[key] : body);
}

export async function pollNewestFirstList(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: NewestFirstList): Promise<void> {
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, list.path), qs: { ...list.qs, per_page: PAGE_SIZE } };
	const wanted = (entry: IDataObject) => list.wanted?.(entry) ?? true;
	const position = run.position(repository, name);
	if (!position?.at || run.request.manual) {
		const response = (await run.get(request, repository, false))!;
		const entries = entriesOf(name, response.body).filter(wanted);
		if (run.request.manual) {
			const latest = [...entries].sort((a, b) => time(list.timeOf(b)) - time(list.timeOf(a)))[0];
			if (!latest) return;
			const shown = [{ time: time(list.timeOf(latest)), delivery: list.delivery(latest, repository) }];
			if (list.aboutPullRequests) await withPullRequests(run, repository, shown);
			run.emit(shown);
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
	const pageLimit = new PageLimit('GitHub');
	pageLimit.admit(requestKey(request));
	const collected: IDataObject[] = [];
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, pageLimit);
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
	const pending: TimedDelivery[] = [];
	for (const entry of taken) {
		const deliveries = [{ time: time(list.timeOf(entry)), delivery: list.delivery(entry, repository) }];
		pending.push(...deliveries);
		run.budget -= run.matches(deliveries);
		at = advancedCursor(at, time(list.timeOf(entry)), serverNow);
		recent = remember(recent, [list.keyOf(entry)]);
	}
	if (list.aboutPullRequests) await withPullRequests(run, repository, pending);
	run.emit(pending);
	if (taken.length === fresh.length) run.keepEtag(request, first);
	run.setPosition(repository, name, { ...position, at: iso(at), recent });
}
