import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { RepositorySourceName } from '../events';
import type { SinceList } from './issues';
import { encodeState, issueState, pullRequestPayload, stateKey } from './issues';
import type { ListPosition, PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { advancedCursor, asList, iso, listsFor, PAGE_SIZE, remember, REMEMBERED_STATES, repositoryPath, repositoryPayload, requestKey, SINCE_SLACK, startPosition, time } from './pollRun';

/**
 * The start of a list: its most recently updated entries, whose states are the baseline for edits.
 * A manual run shows the latest and records nothing (returns false); otherwise the position is set.
 */
async function startSinceList(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: SinceList, path: string): Promise<boolean> {
	const request: ApiRequest = { method: 'GET', path, qs: { ...list.qs, direction: 'desc', per_page: PAGE_SIZE } };
	const response = (await run.get(request, repository, false))!;
	const entries = asList(response.body);
	if (run.request.manual) {
		const latest = entries.flatMap((entry) => list.deliveries(entry, repository, {}, 0));
		const shown = latest.sort((a, b) => b.time - a.time).slice(0, 1);
		await list.fillIn(run, repository, shown);
		run.emit(shown);
		return false;
	}
	const start = startPosition(run, response, [...entries].reverse(), (entry) => entry.updated_at, list.keyOf);
	if (name === 'issues') {
		const known: Record<string, string> = {};
		for (const issue of [...entries].reverse()) known[stateKey(issue)] = encodeState(issueState(issue));
		start.known = known;
	}
	run.setPosition(repository, name, start);
	return true;
}

export async function pollSinceList(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: SinceList): Promise<void> {
	const path = repositoryPath(repository, list.path);
	const position = run.position(repository, name);
	if (!position?.at || run.request.manual) {
		if (!(await startSinceList(run, repository, name, list, path))) return;
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
	const pageLimit = new PageLimit('GitHub');
	pageLimit.admit(requestKey(request));
	let complete = true;
	let taken = 0;
	const ahead: string[] = [];
	const updatedPulls: IDataObject[] = [];
	// Emitted once what they are about is read (list.fillIn); counted now.
	const pending: TimedDelivery[] = [];
	const take = (deliveries: TimedDelivery[]) => {
		pending.push(...deliveries);
		run.budget -= run.matches(deliveries);
	};
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, request, pageLimit);
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
			take(list.deliveries(entry, repository, working, from));
			if (entry.pull_request) updatedPulls.push(entry);
			at = advancedCursor(at, entryTime, serverNow);
			recent = remember(recent, [key]);
		}
	}
	if (name === 'issues' && listsFor(run.request.rows).includes('reviews')) {
		recent = await pollReviews(run, repository, updatedPulls, from, recent, take);
	}
	await list.fillIn(run, repository, pending);
	run.emit(pending);
	if (complete) run.keepEtag(request, first);
	// Once the answer is mostly what was taken before, `since` moves up to the cursor.
	const nextSince = taken >= SINCE_SLACK ? iso(Math.max(0, at - 1000)) : since;
	run.setPosition(repository, name, { ...working, at: iso(at), since: nextSince, recent: remember(recent, ahead), known: trimKnown(working.known) });
}

/**
 * A submitted review changes its pull request's update time, so the pull requests the issues walk
 * found updated are the ones whose reviews are read (one request each). Returns the keys kept.
 */
async function pollReviews(run: PollRun, repository: RepositoryName, pulls: IDataObject[], from: number, recent: string[], take: (deliveries: TimedDelivery[]) => void): Promise<string[]> {
	let kept = recent;
	for (const pull of pulls) {
		const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/pulls/${pathSegment(String(pull.number))}/reviews`), qs: { per_page: PAGE_SIZE } };
		const first = (await run.get(request, repository, false))!;
		const pageLimit = new PageLimit('GitHub');
		pageLimit.admit(requestKey(request));
		const reviews = asList(first.body);
		for await (const page of run.nextPages(first, request, pageLimit)) reviews.push(...asList(page.body));
		const fresh = reviews.filter(
			(review) => review.submitted_at && String(review.state) !== 'PENDING' && time(review.submitted_at) >= from && !kept.includes(`review:${String(review.id)}`),
		);
		take(
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
