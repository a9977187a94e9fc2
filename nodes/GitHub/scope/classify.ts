import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { isReading, normalizePath } from '../../shared/scope';
import { fullNameOf, SEARCH_RESULT_REPOSITORY, stringOf } from './search';

/**
 * What a GitHub request touches, told from its method, path, query and body alone. Both the
 * credential's scope and the node's "Allowed Repositories" decide on this one answer (rules.ts),
 * for catalogue rows and API calls alike; what a catalogue row touches is this answer too (rowTarget),
 * so no row declares a second vocabulary.
 */

export interface GitHubScopedRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: unknown;
	scopeProof?: object;
}

/** Where a request makes a new repository: the value names giving its owner and name (see `NEW_REPOSITORY`). */
export interface NewRepositoryPlace {
	/** The owner's value name; no value means the signed-in account, unless `ownerRequired`. */
	ownerValue?: string;
	/** An owner the path gives (POST /orgs/OWNER/repos). */
	owner?: string;
	ownerRequired?: boolean;
	nameValue: string;
	/** The name when the request gives none (a fork keeps its source's name). */
	defaultName?: string;
	/** GitHub names the new repository itself (an advisory's temporary private fork): only OWNER/* allows it. */
	namedByGitHub?: string;
	/** Body values GitHub reads the new repository's visibility from (`private`, `visibility`); public when none asks otherwise. */
	visibilityValues?: string[];
}

export type GitHubTarget =
	/**
	 * /repos/OWNER/NAME/… and /user/starred/OWNER/NAME; `creates`: a fork, template copy or transfer;
	 * issues named by ID: `issueIdValues` (body or query names), `pathIssueIds` (path segments);
	 * `relatedIssues`: a read answered with issues that may be of other repositories — 'issues' (an
	 * issue's sub-issues, parent or dependencies) or 'timeline' (its cross-referenced events);
	 * `networkOwners`: owners whose fork of the network a compare names (BASE...USER:BRANCH);
	 * `deletesRepository`: DELETE /repos/OWNER/NAME itself; `updatesRepository`: PATCH of it (its visibility among others);
	 * `hook`: one of its webhooks, whose URL receives every delivery.
	 */
	| {
			kind: 'repository';
			owner: string;
			repo: string;
			creates?: NewRepositoryPlace;
			issueIdValues?: string[];
			pathIssueIds?: string[];
			relatedIssues?: 'issues' | 'timeline';
			networkOwners?: string[];
			deletesRepository?: boolean;
			updatesRepository?: boolean;
			hook?: boolean;
	  }
	/** A new repository of the account or an organization. */
	| { kind: 'newRepository'; place: NewRepositoryPlace }
	/** Settings and data of an organization that reach every repository of it (members, invitations, secrets, rulesets, teams, webhooks, alerts). */
	| { kind: 'organization'; org: string; hook?: boolean }
	/** Another account's profile. */
	| { kind: 'user'; login: string }
	/** The signed-in account's own profile and organizations, the rate limit, the server's meta data. */
	| { kind: 'account' }
	/** Reads of GitHub's public data that belongs to no repository: the GitHub Advisory Database (global advisories). */
	| { kind: 'publicData' }
	/** Lists of repositories (or of invitations to them): results outside the scope are dropped. */
	| { kind: 'repositoryList'; itemsKey?: string; repositoryOf: (item: IDataObject) => string | undefined }
	| { kind: 'search'; area: string }
	/** The account's notifications: the list (`all` false) or marking every one read (`all` true). */
	| { kind: 'notifications'; all: boolean }
	/** One notification thread, named by ID: its repository is looked up. */
	| { kind: 'notificationThread'; threadId: string }
	/** An invitation to a repository, named by ID: its repository is looked up. */
	| { kind: 'repositoryInvitation'; invitationId: string }
	/** Gists; `listOf`: a read of the gist list of the account ('account') or of a user (login). */
	| { kind: 'gist'; listOf?: string }
	| { kind: 'graphql' }
	| { kind: 'unknown' };

export type GitHubTargetKind = GitHubTarget['kind'];

/** POST /repos/OWNER/NAME/<kind> requests that create a repository elsewhere. */
const NEW_REPOSITORY: Record<string, Omit<NewRepositoryPlace, 'defaultName'>> = {
	forks: { ownerValue: 'organization', nameValue: 'name' },
	generate: { ownerValue: 'owner', nameValue: 'name', visibilityValues: ['private'] },
	transfer: { ownerValue: 'new_owner', nameValue: 'new_name', ownerRequired: true },
};

/** POST /repos/OWNER/NAME/security-advisories/GHSA_ID/forks: a temporary private fork in OWNER, named by GitHub. */
function advisoryFork(segments: string[]): Omit<NewRepositoryPlace, 'defaultName'> | undefined {
	const [, owner, , area, , last] = segments;
	if (segments.length !== 6 || area.toLowerCase() !== 'security-advisories' || last.toLowerCase() !== 'forks') return undefined;
	return { owner, nameValue: 'name', namedByGitHub: 'a temporary private fork of a security advisory' };
}

/** Body values that name issues by their internal ID (sub-issues), which tells nothing of their repository. */
const ISSUE_ID_VALUES = ['sub_issue_id', 'after_id', 'before_id'];

/** The body value naming the blocking issue by ID in a dependency write (…/dependencies/blocked_by). */
const DEPENDENCY_ID_VALUES = ['issue_id'];

/** Reads under /repos/OWNER/NAME/issues/N/ answered with issues that may live in other repositories. */
const RELATED_ISSUE_READS = new Set(['sub_issues', 'parent', 'dependencies/blocked_by', 'dependencies/blocking']);

/**
 * GET …/compare/BASE...HEAD: either side may be USER:BRANCH (or USER:REPO:BRANCH), a branch of
 * USER's repository in the same fork network, which is another repository than the path's.
 */
function networkOwnersOf(segments: string[]): string[] | undefined {
	if (segments[3]?.toLowerCase() !== 'compare' || segments.length < 5) return undefined;
	const owners = segments
		.slice(4)
		.join('/')
		.split(/\.{2,3}/)
		.filter((side) => side.includes(':'))
		.map((side) => side.split(':')[0]);
	return owners.length ? owners : undefined;
}

const ACCOUNT_READS = new Set(['user', 'user/orgs', 'rate_limit', 'meta']);

const invitationRepository = (item: IDataObject) => fullNameOf(item.repository);

export function classifyGitHubRequest(request: Pick<GitHubScopedRequest, 'method' | 'path'>): GitHubTarget {
	const method = String(request.method).toUpperCase();
	const reading = isReading(method);
	const { segments } = normalizePath(request.path);
	const route = segments.join('/');
	const [first, second, third, fourth] = segments;
	const count = segments.length;

	if (first === 'repos' && count >= 3) {
		const creates = method === 'POST' && count === 4 ? NEW_REPOSITORY[fourth.toLowerCase()] : method === 'POST' ? advisoryFork(segments) : undefined;
		const ofIssue = segments[3]?.toLowerCase() === 'issues' ? segments[5]?.toLowerCase() : undefined;
		const subIssues = /^sub_issues?$/.test(ofIssue ?? '');
		// DELETE …/dependencies/blocked_by/ID names the blocking issue in the path.
		const dependencies = ofIssue === 'dependencies';
		const relation = segments.slice(5).join('/').toLowerCase();
		const relatedIssues = !reading || ofIssue === undefined ? undefined : RELATED_ISSUE_READS.has(relation) ? 'issues' : relation === 'timeline' ? 'timeline' : undefined;
		const networkOwners = networkOwnersOf(segments);
		return {
			kind: 'repository',
			owner: second,
			repo: third,
			...(creates ? { creates: { ...creates, defaultName: third } } : {}),
			...(subIssues && !reading ? { issueIdValues: ISSUE_ID_VALUES } : {}),
			...(dependencies && !reading ? { issueIdValues: DEPENDENCY_ID_VALUES, pathIssueIds: segments.slice(7) } : {}),
			...(relatedIssues ? { relatedIssues } : {}),
			...(networkOwners ? { networkOwners } : {}),
			...(method === 'DELETE' && count === 3 ? { deletesRepository: true } : {}),
			...(method === 'PATCH' && count === 3 ? { updatesRepository: true } : {}),
			...(isHook(segments.slice(3)) ? { hook: true } : {}),
		};
	}
	if (first === 'user' && second === 'starred' && count === 4) return { kind: 'repository', owner: third, repo: fourth };
	if (route === 'graphql') return { kind: 'graphql' };
	if (reading && ACCOUNT_READS.has(route)) return { kind: 'account' };
	if (reading && first === 'advisories' && count <= 2) return { kind: 'publicData' };
	if (method === 'POST' && route === 'user/repos') return { kind: 'newRepository', place: { nameValue: 'name', visibilityValues: ['private'] } };
	if (method === 'POST' && first === 'orgs' && third === 'repos' && count === 3) return { kind: 'newRepository', place: { owner: second, nameValue: 'name', visibilityValues: ['private', 'visibility'] } };
	if (reading && (route === 'user/repos' || route === 'user/starred' || (count === 3 && (first === 'users' || first === 'orgs') && third === 'repos'))) {
		return { kind: 'repositoryList', repositoryOf: (item) => stringOf(item.full_name) };
	}
	if (reading && route === 'installation/repositories') {
		return { kind: 'repositoryList', itemsKey: 'repositories', repositoryOf: (item) => stringOf(item.full_name) };
	}
	if (reading && route === 'user/repository_invitations') return { kind: 'repositoryList', repositoryOf: invitationRepository };
	if (first === 'user' && second === 'repository_invitations' && count === 3 && (method === 'PATCH' || method === 'DELETE')) {
		return { kind: 'repositoryInvitation', invitationId: third };
	}
	if (first === 'orgs' && count >= 2) return { kind: 'organization', org: second, ...(isHook(segments.slice(2)) ? { hook: true } : {}) };
	if (first === 'search' && count === 2 && reading) return { kind: 'search', area: second };
	if (route === 'notifications' && reading) return { kind: 'notifications', all: false };
	if (route === 'notifications' && method === 'PUT') return { kind: 'notifications', all: true };
	if (first === 'notifications' && second === 'threads' && count >= 3 && (count === 3 || (count === 4 && fourth === 'subscription'))) {
		return { kind: 'notificationThread', threadId: third };
	}
	if (first === 'gists') return { kind: 'gist', ...(reading && route === 'gists' ? { listOf: 'account' } : {}) };
	if (first === 'users' && third === 'gists') return { kind: 'gist', ...(reading && count === 3 ? { listOf: second } : {}) };
	if (first === 'users' && count === 2 && reading) return { kind: 'user', login: second };
	return { kind: 'unknown' };
}

/** hooks, hooks/ID or hooks/ID/config under a repository or organization. */
function isHook(rest: string[]): boolean {
	return rest[0]?.toLowerCase() === 'hooks' && rest.length <= 3 && (rest.length < 3 || rest[2].toLowerCase() === 'config');
}

/**
 * Where a classified request works, for who reads what a write leaves there (audience.ts) and
 * whose writers are trusted in what its answer holds (trustedContent.ts): a repository, a gist,
 * a repository being made, or nothing either can tell.
 */
export type GitHubPlace =
	| { repository: { owner: string; repo: string } }
	| { gist: true }
	| { newRepository: NewRepositoryPlace }
	| undefined;

export function placeOf(target: GitHubTarget): GitHubPlace {
	if (target.kind === 'repository' && target.creates?.visibilityValues) return { newRepository: target.creates };
	if (target.kind === 'repository') return { repository: { owner: target.owner, repo: target.repo } };
	if (target.kind === 'newRepository') return { newRepository: target.place };
	if (target.kind === 'gist') return { gist: true };
	return undefined;
}

/** Search areas whose results name their repository (the others cannot be confined to repositories). */
export const confinableSearch = (area: string): boolean => Boolean(SEARCH_RESULT_REPOSITORY[area]);

/**
 * What a catalogue row's request touches: its method and path classified, each placeholder standing
 * for itself (`{owner}` → `owner`). The docs' column and the tests' grouping of rows read this.
 */
export function rowTarget(row: { method: IHttpRequestMethods; path: string }): GitHubTarget {
	return classifyGitHubRequest({ method: row.method, path: row.path.replace(/\{(\w+)\}/g, '$1') });
}

