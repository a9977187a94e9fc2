import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import type { PollRun, RepositoryName } from './pollRun';
import { asList, PAGE_SIZE, repositoryPath, requestKey } from './pollRun';

/** Pages a whole-list read asks at most: 1,000 labels or milestones per repository. */
export const MAX_WHOLE_LIST_PAGES = 10;

export interface ListPage {
	request: ApiRequest;
	/** Undefined for a 304: the page holds what it held when its ETag was kept. */
	response?: ApiResponse;
	/** What a 200 answered (none for a 304). */
	entries: IDataObject[];
	/** The keys of the page's entries (for a 304, as remembered). */
	keys: string[];
}

/**
 * Every page of a list without a time order to stop at (labels, milestones), each asked with the
 * ETag of its own last answer, so an idle list costs no rate limit: page by page up to the first
 * one that is not full (a full last page is followed by one more ask, where a new entry would land).
 * `knownPages` are the keys each page held at its kept ETag (a page without is asked in full). Stops at
 * MAX_WHOLE_LIST_PAGES; `truncated` says a page past the bound may hold more.
 */
export async function readEveryPage(
	run: PollRun,
	repository: RepositoryName,
	path: string,
	qs: IDataObject,
	conditional: boolean,
	knownPages: string[][] | undefined,
	keyOf: (entry: IDataObject) => string,
): Promise<{ pages: ListPage[]; truncated: boolean }> {
	const pageLimit = new PageLimit('GitHub');
	const pages: ListPage[] = [];
	for (let number = 1; number <= MAX_WHOLE_LIST_PAGES; number++) {
		const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, path), qs: { ...qs, per_page: PAGE_SIZE, page: number } };
		pageLimit.admit(requestKey(request));
		const remembered = knownPages?.[number - 1];
		const response = await run.get(request, repository, conditional && remembered !== undefined);
		const entries = response ? asList(response.body) : [];
		const keys = response ? entries.map(keyOf) : remembered!;
		pages.push({ request, response, entries, keys });
		if (keys.length < PAGE_SIZE) return { pages, truncated: false };
	}
	return { pages, truncated: true };
}
