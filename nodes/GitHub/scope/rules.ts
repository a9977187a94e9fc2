import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { graphqlBoundProblem, graphqlDocumentWrites } from './graphqlDocument';
import { assertGraphqlConfined } from './graphql';
import type { RepositoryList } from './repositories';
import type { ScopeVerdict } from '../../shared/scope';
import { ALLOW, isLeftOutNote, isReading, leftOutNote, normalizePath, pathOnly, readOnlyRefusal, requestValues, ListRefusal, valueNamed } from '../../shared/scope';
import { allowedRepositoriesText, parseRepositoryList, repositoryRefusal } from './repositories';
import type { GitHubScopedRequest, GitHubTarget, NewRepositoryPlace } from './classify';
import { classifyGitHubRequest, confinableSearch } from './classify';
import { isIssuedProof } from './proofs';
import { assertConfinedQuery, fullNameOf, searchResultAllowed, SEARCH_RESULT_REPOSITORY } from './search';

export type { GitHubScopedRequest } from './classify';

/**
 * What a list of repositories - the credential's scope or the node's "Allowed Repositories",
 * the same rules for both - lets through, by what the request touches (classify.ts):
 * - a repository (/repos/OWNER/NAME/…, a star): it must be allowed; a fork, template copy or
 *   transfer must land on an allowed repository too (no owner given: the account's); deleting the
 *   repository itself needs an owner/name entry for it (OWNER/* is not enough); issues named
 *   by ID (sub-issues, blocking issues) only with a proof that they were read from that repository by number;
 * - a new repository: its owner/name must be allowed;
 * - an organization (members, invitations, secrets, rulesets, teams, webhooks, alerts, the
 *   organization itself): only with an OWNER/* entry for it, because it reaches every repository;
 * - another account's profile: only with an OWNER/* entry for that login;
 * - the account's own profile and organizations, the rate limit, meta: read;
 * - the GitHub Advisory Database (global advisories), public data of no repository: read;
 * - lists of repositories, of invitations and of notifications, and searches of issues, code,
 *   commits and repositories (the query confined by repo:, or user:/org: for an OWNER/* entry):
 *   results outside the list are dropped;
 * - a notification thread or a repository invitation, named by ID: its repository is looked up
 *   and must be allowed; marking every notification read is refused;
 * - gists: the account's own gist lists may be read, nothing else;
 * - GraphQL: with a proof of a node operation, or a query that stays inside an allowed repository;
 * - a name given twice with different values (query and body) is refused;
 * - anything else is refused with a message naming the endpoint, because its target is unknown.
 * A read-only credential allows no method but GET (and GraphQL queries).
 */

export interface GitHubScope {
	repositories?: RepositoryList;
	readOnly: boolean;
}

export const CREDENTIAL_SOURCE = "the credential's scope";
export const NODE_SOURCE = 'the node\'s "Allowed Repositories"';

export function githubScopeOf(credentials: ICredentialDataDecryptedObject): GitHubScope {
	return {
		repositories: parseRepositoryList(credentials.allowedRepositories, CREDENTIAL_SOURCE, 'Allowed Repositories'),
		readOnly: credentials.accessLevel === 'readOnly',
	};
}

/** Reads the checks need; each answers owner/name, or undefined when it cannot be told. */
export interface GitHubLookups {
	/** Login of the token's account. */
	login(): Promise<string>;
	/** Repository of a notification thread of the account. */
	threadRepository?(threadId: string): Promise<string | undefined>;
	/** Repository of a pending invitation of the account. */
	invitationRepository?(invitationId: string): Promise<string | undefined>;
}

export async function checkGitHubRequest(
	scope: GitHubScope,
	request: GitHubScopedRequest,
	lookups: GitHubLookups,
): Promise<ScopeVerdict> {
	const { method, path } = request;
	const { hasQuery } = normalizePath(path);
	const target = classifyGitHubRequest(request);
	const graphql = target.kind === 'graphql';
	if (graphql && Object.keys(request.qs ?? {}).length && (scope.readOnly || scope.repositories)) {
		// The server may read variables or an operation name from the URL too, where the check would not see them.
		throw new ListRefusal(
			`Refused: a GraphQL request with query parameters (${Object.keys(request.qs ?? {}).join(', ')}) cannot be checked against the credential's scope.`,
			'Give query, variables and operationName in the body only (the API Call node\'s GraphQL mode does).',
		);
	}
	if (graphql && scope.readOnly && method === 'POST') {
		// A document too deep to read is refused as such, not taken for a write.
		const bound = graphqlBoundProblem(graphqlQueryOf(request.body));
		if (bound) {
			throw new ListRefusal(
				`Refused: the GraphQL query ${bound}, so whether it changes data was not checked for the read-only credential.`,
				'Send a smaller query: fewer or shallower selections and fragments, or split it into several requests.',
			);
		}
	}
	// GraphQL reads are POSTs too: its document says whether it writes (GET is not GitHub's way to send it).
	const writes = graphql ? method !== 'POST' || graphqlDocumentWrites(graphqlQueryOf(request.body)) : !isReading(method);
	if (scope.readOnly && writes) {
		throw readOnlyRefusal(method, path, 'GET requests and GraphQL queries.');
	}
	const list = scope.repositories;
	if (!list) return ALLOW;
	if (hasQuery) {
		throw new ListRefusal(
			`Refused: "${pathOnly(path)}…" carries a fragment (#…) or a query string of its own, which cannot be checked against ${listName(list)}. ${allowedRepositoriesText(list)}`,
			'Give query parameters in "Query Parameters" (an API Call node also takes them after "?" in the endpoint), and no "#…".',
		);
	}
	return await verdictFor(target, request, list, lookups);
}

/**
 * What the list lets through for one kind of target.
 * Long: one short case per target kind of the classifier, read side by side.
 */
async function verdictFor(target: GitHubTarget, request: GitHubScopedRequest, list: RepositoryList, lookups: GitHubLookups): Promise<ScopeVerdict> {
	const { method, path } = request;
	const endpoint = `${method.toUpperCase()} ${pathOnly(path)}`;
	const allowed = allowedRepositoriesText(list);
	const values = () => requestValues(request.qs, request.body, allowed);
	switch (target.kind) {
		case 'repository': {
			if (!list.allows(target.owner, target.repo)) throw repositoryRefusal(target.owner, target.repo, list);
			if (target.deletesRepository) assertNamedForDeletion(target.owner, target.repo, list);
			if (target.creates) await assertNewRepository(target.creates, values(), list, lookups);
			if (target.issueIdValues || target.pathIssueIds?.length) assertProvenIssues(target, values(), request.scopeProof, list);
			assertNetworkOwners(target.owner, target.repo, target.networkOwners ?? [], list);
			if (target.relatedIssues === 'timeline') return { filter: (body) => keepAllowedTimeline(body, list) };
			return target.relatedIssues ? { filter: (body) => keepAllowedIssues(body, list) } : ALLOW;
		}
		case 'newRepository':
			await assertNewRepository(target.place, values(), list, lookups);
			return ALLOW;
		case 'organization':
			if (list.coversOwner(target.org)) return ALLOW;
			throw new ListRefusal(
				`Refused: the organization "${target.org}" reaches every repository of it, and ${list.source} does not name ${target.org}/*. ${allowed}`,
				`Add ${target.org}/* to ${list.source}, or use the repository's own operation.`,
			);
		case 'user':
			if (list.coversOwner(target.login)) return ALLOW;
			throw new ListRefusal(
				`Refused: the account "${target.login}" is outside ${list.source}: an account can be read when the list names ${target.login}/*. ${allowed}`,
				'Read the signed-in account (GET /user), or add OWNER/* for that account.',
			);
		case 'account':
		case 'publicData':
			return ALLOW;
		case 'repositoryList':
			return { filter: (body) => keepAllowed(body, list, target.repositoryOf, target.itemsKey) };
		case 'search': {
			if (!confinableSearch(target.area)) {
				throw new ListRefusal(
					`Refused: searching ${target.area} reaches beyond ${list.source}, because ${target.area === 'users' ? 'people' : 'its results'} belong to no repository. ${allowed}`,
					'Search issues, code, commits or repositories with repo: qualifiers, or use a credential and node without "Allowed Repositories".',
				);
			}
			assertConfinedQuery(String(request.qs?.q ?? ''), list);
			const repositoryOf = SEARCH_RESULT_REPOSITORY[target.area];
			return { filter: (body) => keepAllowed(body, list, repositoryOf) };
		}
		case 'notifications':
			if (!target.all) return { filter: (body) => keepAllowed(body, list, (item) => fullNameOf(item.repository)) };
			throw new ListRefusal(
				`Refused: ${endpoint} marks the notifications of every repository read, which reaches beyond ${list.source}. ${allowed}`,
				'Mark the notifications of an allowed repository read (PUT /repos/OWNER/NAME/notifications, Notification → Mark Repository as Read).',
			);
		case 'notificationThread':
			await assertLookedUp(`notification thread ${target.threadId}`, await lookups.threadRepository?.(target.threadId), list);
			return ALLOW;
		case 'repositoryInvitation':
			await assertLookedUp(`invitation ${target.invitationId}`, await lookups.invitationRepository?.(target.invitationId), list);
			return ALLOW;
		case 'gist': {
			const ownLogin = target.listOf && target.listOf !== 'account' ? (await lookups.login()).toLowerCase() : undefined;
			if (target.listOf === 'account' || (ownLogin && target.listOf?.toLowerCase() === ownLogin)) return ALLOW;
			throw new ListRefusal(
				`Refused: gists belong to no repository, so while ${list.source === CREDENTIAL_SOURCE ? 'the credential is limited to repositories' : `${list.source} is set`} only the account's own gist list can be read (GET /gists, GET /users/<own login>/gists); ${endpoint} is not allowed. ${allowed}`,
				'Use a credential without repository scope for gists.',
			);
		}
		case 'graphql':
			if (isIssuedProof(request.scopeProof) && !request.scopeProof.issues) return ALLOW;
			if (method !== 'POST') {
				throw new ListRefusal(
					`Refused: GraphQL is sent with POST, and ${method.toUpperCase()} /graphql cannot be checked against ${listName(list)}. ${allowed}`,
					'Send GraphQL with the API Call node\'s GraphQL mode.',
				);
			}
			assertGraphqlConfined(request.body, list);
			return ALLOW;
		default:
			throw new ListRefusal(
				`Refused: ${endpoint} cannot be checked against ${listName(list)}. ${allowed} What it touches is not known; paths that can be used: /repos/OWNER/NAME/… for those repositories, /orgs/OWNER/… for an OWNER/* entry, search with repo: qualifiers, and the account reads /user, /user/orgs, /rate_limit, /meta.`,
				'Call a path under /repos/OWNER/NAME/ of an allowed repository (or /orgs/OWNER/… with OWNER/* in the list), search with repo: qualifiers, or read /user, /user/orgs, /rate_limit, /meta.',
			);
	}
}

/** A fork, template copy, transfer or new repository: where it lands must be allowed too. */
async function assertNewRepository(place: NewRepositoryPlace, values: IDataObject, list: RepositoryList, lookups: GitHubLookups): Promise<void> {
	const allowed = allowedRepositoriesText(list);
	const given = (name: string): string | undefined => {
		const value = valueNamed(values, name);
		if (value === undefined || value === null || value === '') return undefined;
		if (typeof value === 'string') return value;
		throw new ListRefusal(
			`Refused: "${name}" must be a name, got ${Array.isArray(value) ? 'a list' : typeof value}. ${allowed}`,
			`Give "${name}" as one name.`,
		);
	};
	if (place.namedByGitHub && place.owner) {
		if (list.coversOwner(place.owner)) return;
		throw new ListRefusal(
			`Refused: this request creates ${place.namedByGitHub} in "${place.owner}", a repository GitHub names itself, and ${list.source} does not name ${place.owner}/*. ${allowed}`,
			`Add ${place.owner}/* to ${list.source}, or use a credential and node without "Allowed Repositories".`,
		);
	}
	let owner = place.owner ?? (place.ownerValue ? given(place.ownerValue) : undefined);
	if (owner === undefined && place.ownerRequired) {
		throw new ListRefusal(
			`Refused: "${place.ownerValue}" is missing, so where the repository goes cannot be checked. ${allowed}`,
			`Give "${place.ownerValue}": an owner of the allowed repositories.`,
		);
	}
	owner ??= await lookups.login();
	const name = given(place.nameValue) ?? place.defaultName ?? '';
	if (!list.allows(owner, name)) throw repositoryRefusal(owner, name, list);
}

/** An owner/* entry lets work happen in every repository of the owner, not delete them: deleting one needs its own entry. */
function assertNamedForDeletion(owner: string, repo: string, list: RepositoryList): void {
	const fullName = `${owner}/${repo}`;
	if (list.entries.includes(fullName.toLowerCase())) return;
	throw new ListRefusal(
		`Refused: deleting the repository "${fullName}" needs ${list.source} to name it as ${fullName}; an entry ${owner.toLowerCase()}/* allows working in its repositories, not deleting them. ${allowedRepositoriesText(list)}`,
		`Add ${fullName} to ${list.source} to allow deleting it, or delete it on GitHub.`,
	);
}

/** Issues named by ID must come with a proof that they were read from the request's repository by number. */
function assertProvenIssues(
	target: { owner: string; repo: string; issueIdValues?: string[]; pathIssueIds?: string[] },
	values: IDataObject,
	proof: unknown,
	list: RepositoryList,
): void {
	const proven = isIssuedProof(proof) ? proof.issues : undefined;
	const sameRepository =
		proven && proven.owner.toLowerCase() === target.owner.toLowerCase() && proven.repo.toLowerCase() === target.repo.toLowerCase();
	const refuse = (where: string, id: unknown) =>
		new ListRefusal(
			`Refused: ${where} names the issue with ID ${JSON.stringify(id)}, and which repository that issue is in cannot be checked against ${list.source}. ${allowedRepositoriesText(list)}`,
			'Use the GitHub node\'s Issue → Add / Remove / Reorder Sub-Issue or Add / Remove Blocked By: they take issue numbers of the same repository.',
		);
	for (const name of target.issueIdValues ?? []) {
		const id = valueNamed(values, name);
		if (id === undefined || id === null || id === '') continue;
		if (sameRepository && proven.ids.includes(String(id))) continue;
		throw refuse(`"${name}"`, id);
	}
	for (const id of target.pathIssueIds ?? []) {
		if (sameRepository && proven.ids.includes(id)) continue;
		throw refuse('the path', id);
	}
}

async function assertLookedUp(what: string, repository: string | undefined, list: RepositoryList): Promise<void> {
	const [owner, repo] = (repository ?? '').split('/');
	if (!owner || !repo) {
		throw new ListRefusal(
			`Refused: the repository of ${what} could not be told, so it cannot be checked against ${list.source}. ${allowedRepositoriesText(list)}`,
			'Give the ID of one of the account\'s own, current ones, of an allowed repository.',
		);
	}
	if (!list.allows(owner, repo)) throw repositoryRefusal(owner, repo, list);
}

/** The list as messages name it ("the credential's repository scope" reads better than "the credential's scope" here). */
const listName = (list: RepositoryList) => (list.source === CREDENTIAL_SOURCE ? "the credential's repository scope" : list.source);

function graphqlQueryOf(body: unknown): unknown {
	return body && typeof body === 'object' ? (body as IDataObject).query : undefined;
}

function keepAllowed(
	body: unknown,
	list: RepositoryList,
	repositoryOf: (item: IDataObject) => string | undefined,
	itemsKey = 'items',
): unknown {
	const allowed = (item: unknown) => {
		const [owner, repo] = (repositoryOf((item ?? {}) as IDataObject) ?? '').split('/');
		return Boolean(owner && repo && list.allows(owner, repo));
	};
	if (Array.isArray(body)) return body.filter(allowed);
	if (body && typeof body === 'object' && Array.isArray((body as IDataObject)[itemsKey])) {
		const all = (body as IDataObject)[itemsKey] as unknown[];
		const items = all.filter(allowed);
		if (items.length === all.length) return body;
		// A count that included dropped results tells about repositories outside the scope.
		const { total_count: _count, ...rest } = body as IDataObject;
		return { ...rest, [itemsKey]: items };
	}
	return body;
}

/**
 * Sub-issues, a parent, blocking and blocked-by issues may live in other repositories: those are
 * left out, and one note says how many (a second list adds its count to the first list's note).
 */
function keepAllowedIssues(body: unknown, list: RepositoryList): unknown {
	const allowed = (item: unknown) => searchResultAllowed('issues', (item ?? {}) as IDataObject, list);
	if (!Array.isArray(body)) return isLeftOutNote(body) || !body || typeof body !== 'object' || allowed(body) ? body : leftOutNote(1, 'issue');
	const notes = body.filter(isLeftOutNote);
	const issues = body.filter((entry) => !isLeftOutNote(entry));
	const kept = issues.filter(allowed);
	const count = notes.reduce((sum, note) => sum + note.leftOutOfScope, issues.length - kept.length);
	return count ? [leftOutNote(count, count === 1 ? 'issue' : 'issues'), ...kept] : kept;
}

/**
 * A compare's USER:BRANCH names USER's repository in the fork network, whose name GitHub finds
 * itself: only USER/* covers it (USER being the path's owner names the path's repository).
 */
function assertNetworkOwners(owner: string, repo: string, networkOwners: string[], list: RepositoryList): void {
	for (const other of networkOwners) {
		if (other.toLowerCase() === owner.toLowerCase() || list.coversOwner(other)) continue;
		throw new ListRefusal(
			`Refused: the compare names a branch of "${other}"'s repository in the network of ${owner}/${repo}, which is outside ${list.source}: a fork can be compared when the list names ${other}/*. ${allowedRepositoriesText(list)}`,
			`Compare branches of ${owner}/${repo} itself (BASE...HEAD without "USER:"), or add ${other}/* to ${list.source}.`,
		);
	}
}

/**
 * An issue timeline's cross-referenced events carry the referencing issue (title, body) of
 * whichever repository it lives in: those of other repositories, or of none told, are left out.
 */
function keepAllowedTimeline(body: unknown, list: RepositoryList): unknown {
	if (!Array.isArray(body)) return body;
	const allowed = (entry: unknown) => {
		const source = (entry as IDataObject | null)?.source as IDataObject | undefined;
		if (!source || typeof source !== 'object') return true;
		return searchResultAllowed('issues', (source.issue ?? {}) as IDataObject, list);
	};
	const kept = body.filter(allowed);
	const count = body.length - kept.length;
	if (!count) return body;
	return [leftOutNote(count, count === 1 ? 'timeline event naming issues' : 'timeline events naming issues'), ...kept];
}
