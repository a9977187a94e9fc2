import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiRequest, ApiResponse } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import { nextLink } from '../../transport/link';
import type { OwnerListing, OwnerPage, PollRun, RepositoryName, RepositoryPollRequest, RepositoryPollState } from './pollRun';
import { asList, linkHeader, MAX_OWNER_REPOSITORIES, PAGE_SIZE, requestKey } from './pollRun';

/**
 * Newest first: a repository created later lands on the first page, whose answer changes. Neither `pushed_at` (the last push) nor `updated_at` (the last
 * change of the repository object) moves for issues, comments, stars, releases or runs, so no
 * repository is left out of a poll by them.
 */
const OWNER_LIST_ORDER = { sort: 'created', direction: 'desc' };

function ownerPageRequest(listing: Pick<OwnerListing, 'path' | 'qs'>, page: number): ApiRequest {
	return { method: 'GET', path: listing.path, qs: { ...listing.qs, per_page: PAGE_SIZE, page } };
}

/**
 * Where an owner's repositories are listed: GET /orgs/{org}/repos, or for a user (404 there)
 * GET /users/{user}/repos, which lists public repositories only, and GET /user/repos?affiliation=owner
 * for the connected account's own. Returns the organization's first page when that was the answer.
 */
async function ownerListSource(run: PollRun, owner: string, userAccount: boolean): Promise<{ listing: Pick<OwnerListing, 'path' | 'qs'>; firstPage?: ApiResponse }> {
	const organization = { path: `/orgs/${pathSegment(owner)}/repos`, qs: { type: 'all', ...OWNER_LIST_ORDER } };
	const response = (await run.get({ ...ownerPageRequest(organization, 1), acceptStatus: [404] }, undefined, false))!;
	if (response.statusCode !== 404) return { listing: organization, firstPage: response };
	if (userAccount && (await run.client.accountLogin()).toLowerCase() === owner.toLowerCase()) {
		return { listing: { path: '/user/repos', qs: { affiliation: 'owner', ...OWNER_LIST_ORDER } } };
	}
	return { listing: { path: `/users/${pathSegment(owner)}/repos`, qs: { type: 'owner', ...OWNER_LIST_ORDER } } };
}

/**
 * The owner's repositories, read on every poll. Each page is asked with the ETag of its last
 * answer (an idle owner costs no rate limit), and one page past the last is asked too, so a
 * repository landing on a new page is seen even when the pages before it did not change. The
 * transport leaves out repositories outside the credential's scope, as from every repository list.
 * A repository seen for the first time starts its own positions (nothing from its past); one no
 * longer listed (deleted, renamed, out of scope) is forgotten.
 */
export async function ownerRepositories(run: PollRun, { owner, userAccount, node }: NonNullable<RepositoryPollRequest['allRepositoriesOf']>): Promise<RepositoryName[]> {
	const key = owner.toLowerCase();
	const stored = run.request.manual ? undefined : run.state.owners?.[key];
	const source = stored ? { listing: stored } : await ownerListSource(run, owner, userAccount);
	const scopeEntries = (await run.client.scope()).repositories?.entries.join(', ') ?? '';
	const previous = stored?.pages ?? [];
	// Kept pages hold what the scope of their time let through: another scope reads them all again.
	const reusable = (stored?.scopeEntries ?? stored?.scope) === scopeEntries ? previous : [];
	const pages: OwnerPage[] = [];
	const names = new Map<string, RepositoryName>();
	const pageLimit = new PageLimit('GitHub');
	let probing = false;
	for (let number = 1; ; number++) {
		const request = ownerPageRequest(source.listing, number);
		pageLimit.admit(requestKey(request));
		const before = reusable[number - 1];
		const response = number === 1 && source.firstPage ? source.firstPage : await run.get(request, undefined, before !== undefined);
		let page: OwnerPage;
		if (response) {
			page = { names: ownRepositoryNames(run, owner, asList(response.body)), next: Boolean(nextLink(linkHeader(response))) };
			run.keepEtag(request, response);
		} else {
			page = before;
		}
		pages.push(page);
		for (const fullName of page.names) {
			const [login, repo] = fullName.split('/');
			names.set(fullName.toLowerCase(), { owner: login, repo });
		}
		if (names.size > MAX_OWNER_REPOSITORIES) {
			throw new NodeOperationError(node, `"All Repositories of the Owner" watches at most ${MAX_OWNER_REPOSITORIES} repositories, and "${owner}" has more that this credential can read`, {
				description: `Set "Watch" to "Chosen Repositories" and pick the repositories to watch, or limit the credential's "Allowed Repositories" to at most ${MAX_OWNER_REPOSITORIES} of them.`,
			});
		}
		if (page.next) {
			probing = false;
			continue;
		}
		if (probing) break;
		probing = true;
	}
	run.later((state) => {
		for (const fullName of previous.flatMap((page) => page.names)) if (!names.has(fullName.toLowerCase())) forgetRepository(state, fullName.toLowerCase());
		state.owners = { ...state.owners, [key]: { path: source.listing.path, qs: source.listing.qs, pages, scopeEntries } };
	});
	return [...names.values()];
}

/** A repository name as GitHub allows it: letters, digits, `.`, `-`, `_`, at most 100, not `.` or `..`. */
const REPOSITORY_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

/**
 * The full names on a page of the owner's list that are the owner's own repositories with names
 * GitHub allows. Anything else (another owner's repository, `..`, a control character) is left out
 * and named in the log, so one odd entry neither stops the poll nor sends a request elsewhere.
 */
function ownRepositoryNames(run: PollRun, owner: string, entries: IDataObject[]): string[] {
	const names: string[] = [];
	const skipped: string[] = [];
	for (const entry of entries) {
		const fullName = String(entry.full_name ?? '');
		const [login, repo, ...rest] = fullName.split('/');
		if (login?.toLowerCase() === owner.toLowerCase() && repo !== undefined && rest.length === 0 && REPOSITORY_NAME.test(repo)) names.push(`${login}/${repo}`);
		else skipped.push(JSON.stringify(fullName.slice(0, 200)));
	}
	if (skipped.length) {
		run.request.warn?.(`GitHub listed ${skipped.length} repositories for "${owner}" that are not its own or whose names GitHub does not allow; they are not polled: ${skipped.join(', ')}`);
	}
	return names;
}

/** Drops a repository's positions, ETags and wait, so if it comes back it starts afresh. */
function forgetRepository(state: RepositoryPollState, fullName: string): void {
	const prefix = `/repos/${fullName}/`;
	state.lists = Object.fromEntries(Object.entries(state.lists ?? {}).filter(([key]) => !key.startsWith(`${fullName}:`)));
	state.etags = Object.fromEntries(Object.entries(state.etags ?? {}).filter(([url]) => !url.toLowerCase().startsWith(prefix)));
	state.pollAfter = Object.fromEntries(Object.entries(state.pollAfter ?? {}).filter(([key]) => key !== fullName));
}
