import type { RepositoryList } from './repositories';
import { allowedRepositoriesText, repositoryRefusal } from './repositories';
import { ListRefusal } from '../../shared/scope';

/** Issued by the functions below once a request's target was checked; the scope accepts no other. */
export class ScopeProof {
	private constructor(
		readonly what: string,
		/** Issues named by ID (sub-issues) proven to be in `repository`. */
		readonly issues?: { owner: string; repo: string; ids: string[] },
	) {}

	static issue(what: string, issues?: ScopeProof['issues']): ScopeProof {
		const proof = new ScopeProof(what, issues);
		issued.add(proof);
		return proof;
	}
}

const issued = new WeakSet<ScopeProof>();

/** Whether `proof` was issued here (a look-alike object proves nothing). */
export function isIssuedProof(proof: unknown): proof is ScopeProof {
	return proof instanceof ScopeProof && issued.has(proof);
}

/**
 * Checks issues named by their ID (a sub-issue, the one it goes after or before) that were read
 * from `repository` by number: the request naming them is allowed where that repository is.
 */
export function issueIdsProof(
	lists: Array<RepositoryList | undefined>,
	repository: { owner: string; repo: string },
	ids: Array<string | number>,
): ScopeProof {
	assertRepository(lists, repository);
	return ScopeProof.issue(`issues of ${repository.owner}/${repository.repo}`, { ...repository, ids: ids.map(String) });
}

/**
 * Checks a Projects v2 change: the issue's repository must be allowed, and the project must
 * belong to an owner the list names (a project of another owner is outside the scope).
 */
export function projectProof(
	lists: Array<RepositoryList | undefined>,
	project: { owner: string; number: number },
	item: { owner: string; repo: string },
): ScopeProof {
	assertRepository(lists, item);
	assertProjectOwner(lists, project);
	return ScopeProof.issue(`project ${project.owner}/${project.number}`);
}

/**
 * Checks a read of an owner's projects (the project list, one project's fields or items): the
 * owner must be one the lists name. Items from repositories outside the lists are the caller's
 * to drop (see `projectItemAllowed`).
 */
export function projectOwnerProof(lists: Array<RepositoryList | undefined>, project: { owner: string; number?: number }): ScopeProof {
	assertProjectOwner(lists, project);
	return ScopeProof.issue(`projects of ${project.owner}`);
}

/**
 * Checks the creation of a project for a user or organization: a project can gather issues of
 * every repository of its owner, so, as for organization settings, the lists must name OWNER/*.
 */
export function projectCreationProof(lists: Array<RepositoryList | undefined>, owner: string): ScopeProof {
	for (const list of lists) {
		if (list && !list.coversOwner(owner)) {
			throw new ListRefusal(
				`Refused: a project of "${owner}" can hold issues of every repository of it, and ${list.source} does not name ${owner}/*. ${allowedRepositoriesText(list)}`,
				`Add ${owner}/* to ${list.source}, or create the project outside this node.`,
			);
		}
	}
	return ScopeProof.issue(`new project of ${owner}`);
}

/** Checks GraphQL documents that read or change one repository only (discussions). */
export function repositoryProof(lists: Array<RepositoryList | undefined>, repository: { owner: string; repo: string }): ScopeProof {
	assertRepository(lists, repository);
	return ScopeProof.issue(`repository ${repository.owner}/${repository.repo}`);
}

/** Whether a project item's repository (owner/name; undefined for draft issues) is inside every list. */
export function projectItemAllowed(lists: Array<RepositoryList | undefined>, repository: string | undefined): boolean {
	if (repository === undefined) return true;
	const [owner, repo] = repository.split('/');
	return lists.every((list) => !list || Boolean(owner && repo && list.allows(owner, repo)));
}

function assertRepository(lists: Array<RepositoryList | undefined>, repository: { owner: string; repo: string }): void {
	for (const list of lists) {
		if (list && !list.allows(repository.owner, repository.repo)) throw repositoryRefusal(repository.owner, repository.repo, list);
	}
}

function assertProjectOwner(lists: Array<RepositoryList | undefined>, project: { owner: string; number?: number }): void {
	for (const list of lists) {
		if (list && !list.namesOwner(project.owner)) {
			throw new ListRefusal(
				`Refused: ${project.number === undefined ? 'projects' : `project ${project.number}`} of "${project.owner}" ${project.number === undefined ? 'belong' : 'belongs'} to an owner outside ${list.source}. ${allowedRepositoriesText(list)} Projects of those owners can be used.`,
				'Choose a project owned by the owner of an allowed repository.',
			);
		}
	}
}
