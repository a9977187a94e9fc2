import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { PollRun, RepositoryName } from './pollRun';
import { asList, repositoryPath, requestKey } from './pollRun';

/**
 * The entries of a list sorted newest first, found by number: the list is read page by page
 * (never conditionally: it is asked only when a poll found changes) until every number is found or
 * `pastWanted` says a page reaches back before them; each number still missing is asked alone at
 * `{singlesPath}/{number}`. With `shareInPoll`, the list's first page is one another part of the
 * poll may read too (PollShared.answers).
 */
export async function listedByNumber(
	run: PollRun,
	repository: RepositoryName,
	list: ApiRequest,
	numbers: Iterable<number>,
	singlesPath: string,
	options: { pastWanted?: (page: IDataObject[]) => boolean; shareInPoll?: boolean } = {},
): Promise<Map<number, IDataObject>> {
	const pastWanted = options.pastWanted ?? (() => false);
	const wanted = new Set(numbers);
	const found = new Map<number, IDataObject>();
	if (wanted.size === 0) return found;
	const first = (await run.get(list, repository, false, { shareInPoll: options.shareInPoll }))!;
	const pageLimit = new PageLimit('GitHub');
	pageLimit.admit(requestKey(list));
	const pages = (async function* () {
		yield first;
		yield* run.nextPages(first, list, pageLimit);
	})();
	for await (const page of pages) {
		const entries = asList(page.body);
		for (const entry of entries) if (wanted.has(Number(entry.number))) found.set(Number(entry.number), entry);
		if (found.size === wanted.size || pastWanted(entries)) break;
	}
	for (const number of wanted) {
		if (found.has(number)) continue;
		const single: ApiRequest = { method: 'GET', path: repositoryPath(repository, `${singlesPath}/${pathSegment(String(number))}`) };
		found.set(number, (await run.get(single, repository, false))!.body as IDataObject);
	}
	return found;
}
