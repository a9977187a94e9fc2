import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import type { RepositorySourceName } from '../events';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { advancedCursor, asList, iso, linkHeader, PAGE_SIZE, remember, repositoryPath, repositoryPayload, requestKey, STAR_MEDIA_TYPE, startPosition, time } from './pollRun';

/**
 * Stargazers are listed oldest first, so new stars land on the last page. The first page that was
 * not full is asked conditionally; when it fills up, the walk goes on to the next.
 */
export async function pollStars(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const path = repositoryPath(repository, '/stargazers');
	const headers = { Accept: STAR_MEDIA_TYPE };
	const pageRequest = (page: number): ApiRequest => ({ method: 'GET', path, headers, qs: { per_page: PAGE_SIZE, page } });
	const keyOf = (star: IDataObject) => `${String((star.user as IDataObject | undefined)?.id)}@${String(star.starred_at)}`;
	const delivery = (star: IDataObject): TimedDelivery => ({
		time: time(star.starred_at),
		delivery: {
			event: 'star',
			deliveryId: null,
			payload: { action: 'created', starred_at: star.starred_at, repository: repositoryPayload(repository), sender: star.user },
		},
	});
	const position = run.position(repository, name);
	const pageLimit = new PageLimit('GitHub');
	if (!position?.at || run.request.manual) {
		const firstRequest = pageRequest(1);
		pageLimit.admit(requestKey(firstRequest));
		let response = (await run.get(firstRequest, repository, false))!;
		const last = /[?&]page=(\d+)[^>]*>\s*;\s*rel="?last/.exec(linkHeader(response) ?? '');
		let page = 1;
		if (last) {
			page = Number(last[1]);
			pageLimit.admit(requestKey(pageRequest(page)));
			response = (await run.get(pageRequest(page), repository, false))!;
		}
		const stars = asList(response.body);
		if (run.request.manual) {
			if (stars.length) run.emit([delivery(stars[stars.length - 1])]);
			return;
		}
		const start = startPosition(run, response, stars, (star) => star.starred_at, keyOf);
		if (stars.length < PAGE_SIZE) run.keepEtag(pageRequest(page), response);
		run.setPosition(repository, name, { ...start, page: stars.length >= PAGE_SIZE ? page + 1 : page });
		return;
	}
	let at = time(position.at);
	let recent = position.recent ?? [];
	let page = position.page ?? 1;
	/** The empty page just seen past the end, while the page before it is read again. */
	let emptyNext: { request: ApiRequest; response: ApiResponse } | undefined;
	for (;;) {
		const request = pageRequest(page);
		pageLimit.admit(requestKey(request));
		// Stepping back, the page before is read in full: its old ETag would hide the stars on it.
		const response = await run.get(request, repository, !emptyNext);
		if (!response) break;
		const stars = asList(response.body);
		if (stars.length === 0 && page > 1 && !emptyNext) {
			// Nothing here: either the last page was full, or stars were taken back and the list shrank.
			emptyNext = { request, response };
			page -= 1;
			continue;
		}
		const serverNow = run.serverTime(response);
		const fresh = stars.filter((star) => time(star.starred_at) >= at && !recent.includes(keyOf(star)));
		const taken = fresh.slice(0, Math.max(0, Math.min(fresh.length, run.budget)));
		for (const star of taken) {
			run.budget -= run.emit([delivery(star)]);
			at = advancedCursor(at, time(star.starred_at), serverNow);
			recent = remember(recent, [keyOf(star)]);
		}
		if (taken.length < fresh.length) break;
		if (stars.length < PAGE_SIZE) {
			run.keepEtag(request, response);
			break;
		}
		if (emptyNext) {
			// Full, and the next page was empty a moment ago: new stars land there.
			page += 1;
			run.keepEtag(emptyNext.request, emptyNext.response);
			break;
		}
		page += 1;
	}
	run.setPosition(repository, name, { at: iso(at), recent, page });
}
