import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../../../shared/apiClient';
import { PageLimit } from '../../../shared/paging';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { EventRow, RepositorySourceName } from '../events';
import type { Delivery } from '../matching';
import type { PollRun, RepositoryName } from './pollRun';
import { asList, linkHeader, PAGE_SIZE, remember, repositoryPath, repositoryPayload, requestKey } from './pollRun';

export interface RefList {
	kind: 'refs';
	namespace: 'tags' | 'heads';
}

/** The commits a branch gained, from GitHub's comparison of its old and new head. */
async function branchCommits(run: PollRun, repository: RepositoryName, before: string, after: string): Promise<IDataObject[]> {
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/compare/${pathSegment(`${before}...${after}`)}`), qs: { per_page: PAGE_SIZE } };
	const first = (await run.get(request, repository, false))!;
	const pageLimit = new PageLimit('GitHub');
	pageLimit.admit(requestKey(request));
	const commits = asList((first.body as IDataObject | null)?.commits);
	for await (const page of run.nextPages(first, request, pageLimit)) commits.push(...asList((page.body as IDataObject | null)?.commits));
	return commits;
}

/** Commits a new branch's push lists at most (one request; more are named in the log). */
export const NEW_BRANCH_COMMITS = 100;
const NO_COMMIT = '0'.repeat(40);

/**
 * The commits of a new branch, as its push delivery lists them: those not on the default branch
 * (GitHub's comparison of the two), or the branch's history when it is the default branch itself
 * (the first push to an empty repository). At most NEW_BRANCH_COMMITS, from one request.
 */
async function newBranchCommits(run: PollRun, repository: RepositoryName, ref: string, sha: string, defaultBranch: () => Promise<string>): Promise<IDataObject[]> {
	const base = await defaultBranch();
	if (!base || base === ref) {
		const history = await run.get({ method: 'GET', path: repositoryPath(repository, '/commits'), qs: { sha, per_page: NEW_BRANCH_COMMITS } }, repository, false);
		const commits = asList(history!.body).reverse();
		if (linkHeader(history!)) run.request.warn?.(`Branch "${ref}" of ${repository.owner}/${repository.repo} is new with more than ${NEW_BRANCH_COMMITS} commits: its push lists the newest ${NEW_BRANCH_COMMITS}.`);
		return commits;
	}
	// No common history with the default branch: 404, and nothing to list.
	const request: ApiRequest = { method: 'GET', path: repositoryPath(repository, `/compare/${pathSegment(`${base}...${sha}`)}`), qs: { per_page: NEW_BRANCH_COMMITS }, acceptStatus: [404] };
	const answer = (await run.get(request, repository, false))!;
	if (answer.statusCode === 404) return [];
	const body = (answer.body ?? {}) as IDataObject;
	const commits = asList(body.commits);
	if (Number(body.total_commits ?? commits.length) > commits.length) {
		run.request.warn?.(`Branch "${ref}" of ${repository.owner}/${repository.repo} is new with ${String(body.total_commits)} commits not on "${base}": its push lists the first ${commits.length} of GitHub's comparison.`);
	}
	return commits;
}

/** A commit of the compare answer in the shape of a push delivery's commits[] entry. */
function pushCommit(commit: IDataObject, distinct: boolean): IDataObject {
	const details = (commit.commit ?? {}) as IDataObject;
	const person = (who: unknown, account: unknown) => ({
		name: (who as IDataObject | undefined)?.name,
		email: (who as IDataObject | undefined)?.email,
		...((account as IDataObject | null)?.login ? { username: (account as IDataObject).login } : {}),
	});
	return {
		id: commit.sha,
		tree_id: (details.tree as IDataObject | undefined)?.sha,
		distinct,
		message: details.message,
		timestamp: (details.committer as IDataObject | undefined)?.date ?? (details.author as IDataObject | undefined)?.date,
		url: commit.html_url,
		author: person(details.author, commit.author),
		committer: person(details.committer, commit.committer),
	};
}

/** Whether a chosen row takes `push` deliveries (New Commit, New Push): only then are the branches' commits read. */
export function pushesWanted(rows: EventRow[]): boolean {
	return rows.some((row) => row.webhook?.clauses.some((clause) => clause.event === 'push') === true);
}

/** A push delivery as GitHub sends one; a branch new since the last poll is `created` from no commit. */
function pushDelivery(repository: RepositoryName, ref: string, before: string | undefined, after: string, commits: IDataObject[]): Delivery {
	return {
		event: 'push',
		deliveryId: null,
		payload: {
			ref,
			before: before ?? NO_COMMIT,
			after,
			...(before === undefined ? { created: true, deleted: false, forced: false, base_ref: null } : {}),
			repository: repositoryPayload(repository),
			commits,
		},
	};
}

export async function pollRefs(run: PollRun, repository: RepositoryName, name: RepositorySourceName, list: RefList): Promise<void> {
	const prefix = `refs/${list.namespace}/`;
	const request: ApiRequest = {
		method: 'GET',
		path: repositoryPath(repository, `/git/matching-refs/${list.namespace}`),
		// An empty repository has no refs yet: 409.
		acceptStatus: [409],
	};
	const position = run.position(repository, name);
	const first = !position?.known || run.request.manual;
	const response = await run.get(request, repository, !first);
	if (!response) return;
	const refs = response.statusCode === 409 ? [] : asList(response.body);
	const heads = new Map<string, string>();
	for (const ref of refs) {
		const full = String(ref.ref ?? '');
		if (full.startsWith(prefix)) heads.set(full.slice(prefix.length), String((ref.object as IDataObject | undefined)?.sha ?? ''));
	}
	const created = (ref: string, sha: string): Delivery => ({
		event: 'create',
		deliveryId: null,
		payload: { ref, ref_type: list.namespace === 'tags' ? 'tag' : 'branch', sha, repository: repositoryPayload(repository) },
	});
	if (first) {
		if (run.request.manual) {
			const last = [...heads.keys()].sort().pop();
			if (last !== undefined) run.emit([{ time: run.serverTime(response), delivery: created(last, heads.get(last)!) }]);
			return;
		}
		run.setPosition(repository, name, { known: Object.fromEntries(heads) });
		if (response.statusCode !== 409) run.keepEtag(request, response);
		return;
	}
	const known = { ...position.known };
	let recent = position.recent ?? [];
	let complete = true;
	const commitsWanted = list.namespace === 'heads' && pushesWanted(run.request.rows);
	const branchFilter = (run.request.filters.branch ?? []).map((branch) => branch.toLowerCase());
	let defaultBranch: Promise<string> | undefined;
	const readDefaultBranch = async () => {
		defaultBranch ??= run.get({ method: 'GET', path: repositoryPath(repository, '') }, repository, false).then((about) => String((about?.body as IDataObject | null)?.default_branch ?? ''));
		return await defaultBranch;
	};
	for (const [ref, sha] of [...heads].sort(([a], [b]) => a.localeCompare(b))) {
		const before = known[ref];
		if (before === sha) continue;
		if (run.budget <= 0) {
			complete = false;
			break;
		}
		const commitsOfRef = commitsWanted && (branchFilter.length === 0 || branchFilter.includes(ref.toLowerCase()));
		if (before === undefined) run.budget -= run.emit([{ time: run.serverTime(response), delivery: created(ref, sha) }]);
		if (commitsOfRef) {
			const commits = before === undefined ? await newBranchCommits(run, repository, ref, sha, readDefaultBranch) : await branchCommits(run, repository, before, sha);
			// As in a push delivery: a commit already seen on another branch is not distinct.
			const pushed = commits.map((commit) => pushCommit(commit, !recent.includes(`commit:${String(commit.sha)}`)));
			recent = remember(recent, commits.map((commit) => `commit:${String(commit.sha)}`));
			run.budget -= run.emit([{ time: run.serverTime(response), delivery: pushDelivery(repository, `${prefix}${ref}`, before, sha, pushed) }]);
		}
		known[ref] = sha;
	}
	// Deleted refs (Branch Deleted, Tag Deleted) are forgotten, so one created again under the same name is new.
	const deleted = complete ? Object.keys(known).filter((ref) => !heads.has(ref)).sort() : [];
	for (const ref of deleted) {
		if (run.budget <= 0) {
			complete = false;
			break;
		}
		const delivery: Delivery = {
			event: 'delete',
			deliveryId: null,
			payload: { ref, ref_type: list.namespace === 'tags' ? 'tag' : 'branch', pusher_type: 'user', repository: repositoryPayload(repository) },
		};
		run.budget -= run.emit([{ time: run.serverTime(response), delivery }]);
		delete known[ref];
	}
	if (complete) run.keepEtag(request, response);
	run.setPosition(repository, name, { known, recent });
}
