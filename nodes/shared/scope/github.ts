import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { graphqlDocumentWrites } from './graphqlDocument';
import { assertGraphqlConfined } from './githubGraphql';
import type { RepositoryList, ScopeVerdict } from './index';
import {
	ALLOW,
	allowedRepositoriesText,
	isReading,
	normalizePath,
	parseRepositoryList,
	pathOnly,
	readOnlyRefusal,
	repositoryRefusal,
	requestValues,
	ScopeRefusal,
	valueNamed,
} from './index';

/**
 * What a GitHub credential's scope lets through, decided from the request alone:
 * - /repos/OWNER/NAME/… and /user/starred/OWNER/NAME: the repository must be allowed;
 * - search (issues, code, commits, repositories): the query must be confined to allowed
 *   repositories (repo: qualifiers, or user:/org: for an owner/* entry), results are filtered too;
 * - lists of repositories (the account's, a user's, an organization's, starred ones, a GitHub App
 *   installation's) and notifications: results outside the scope are dropped;
 * - forking, copying a template or transferring an allowed repository: where the new repository
 *   lands (organization, owner or new_owner, else the account / name) must be allowed too;
 * - a name given twice with different values (query and body) is refused;
 * - creating a repository: its owner/name must be allowed;
 * - organization webhooks: only for an owner/* entry;
 * - gists (not tied to a repository): the account's own gist lists may be read; every gist
 *   write and every other gist read is refused;
 * - GraphQL: with a proof from `projectProof`, `projectOwnerProof` or `repositoryProof` (the
 *   node's Projects v2 and Discussions operations, whose documents are fixed), or a query that
 *   stays inside an allowed repository (see githubGraphql.ts); read-only allows no operation but
 *   queries;
 * - the account-level reads below;
 * - everything else is refused, because its target cannot be checked.
 */

export const GITHUB_ACCOUNT_READS = ['/user', '/user/orgs', '/rate_limit', '/meta'];

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

export interface GitHubScopedRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: unknown;
	scopeProof?: object;
}

/** Issued by `projectProof` once a Projects v2 change was checked; the transport accepts nothing else for GraphQL. */
export class ScopeProof {
	private constructor(readonly what: string) {}

	static issue(what: string): ScopeProof {
		const proof = new ScopeProof(what);
		issued.add(proof);
		return proof;
	}
}

const issued = new WeakSet<ScopeProof>();

export interface GitHubLookups {
	/** Login of the token's account. */
	login(): Promise<string>;
}

/**
 * POST /repos/OWNER/NAME/<kind> requests that create a repository elsewhere, and the names
 * giving its owner and name (an owner not given is the signed-in account; a name not given,
 * the source's).
 */
const NEW_REPOSITORY = new Map<string, { owner: string; name: string; ownerRequired?: boolean }>([
	['forks', { owner: 'organization', name: 'name' }],
	['generate', { owner: 'owner', name: 'name' }],
	['transfer', { owner: 'new_owner', name: 'new_name', ownerRequired: true }],
]);

const SEARCH_RESULT_REPOSITORY: Record<string, (item: IDataObject) => string | undefined> = {
	issues: (item) => repositoryFromApiUrl(item.repository_url),
	code: (item) => fullNameOf(item.repository),
	commits: (item) => fullNameOf(item.repository),
	repositories: (item) => stringOf(item.full_name),
};

export async function checkGitHubRequest(
	scope: GitHubScope,
	request: GitHubScopedRequest,
	lookups: GitHubLookups,
): Promise<ScopeVerdict> {
	const { method, path } = request;
	const { segments, hasQuery } = normalizePath(path);
	const route = segments.join('/');
	if (route === 'graphql' && Object.keys(request.qs ?? {}).length && (scope.readOnly || scope.repositories)) {
		// The server may read variables or an operation name from the URL too, where the check would not see them.
		throw new ScopeRefusal(
			`Refused: a GraphQL request with query parameters (${Object.keys(request.qs ?? {}).join(', ')}) cannot be checked against the credential's scope.`,
			'Give query, variables and operationName in the body only (the API Call node\'s GraphQL mode does).',
		);
	}
	// GraphQL reads are POSTs too: its document says whether it writes (GET is not GitHub's way to send it).
	const writes = route === 'graphql' ? method !== 'POST' || graphqlDocumentWrites(graphqlQueryOf(request.body)) : !isReading(method);
	if (scope.readOnly && writes) {
		throw readOnlyRefusal(method, path, 'GET requests and GraphQL queries.');
	}
	const list = scope.repositories;
	if (!list) return ALLOW;
	if (hasQuery) {
		throw new ScopeRefusal(
			`Refused: "${pathOnly(path)}…" carries a fragment (#…) or a query string of its own, which cannot be checked against the credential's repository scope. ${allowedRepositoriesText(list)}`,
			'Give query parameters in "Query Parameters" (an API Call node also takes them after "?" in the endpoint), and no "#…".',
		);
	}
	const reading = isReading(method);
	const [first, second, third, fourth] = segments;

	if ((first === 'repos' && segments.length >= 3) || (first === 'user' && second === 'starred' && segments.length === 4)) {
		const [owner, repo] = first === 'repos' ? [second, third] : [third, fourth];
		if (!list.allows(owner, repo)) throw repositoryRefusal(owner, repo, list);
		const target = method === 'POST' && first === 'repos' && segments.length === 4 ? NEW_REPOSITORY.get(fourth.toLowerCase()) : undefined;
		if (target) {
			// A fork, template copy or transfer puts the repository somewhere else: that place must be allowed too.
			const values = requestValues(request.qs, request.body, allowedRepositoriesText(list));
			const given = (name: string): string | undefined => {
				const value = valueNamed(values, name);
				if (value === undefined || value === null || value === '') return undefined;
				if (typeof value === 'string') return value;
				throw new ScopeRefusal(
					`Refused: "${name}" must be a name, got ${Array.isArray(value) ? 'a list' : typeof value}. ${allowedRepositoriesText(list)}`,
					`Give "${name}" as one name.`,
				);
			};
			let newOwner = given(target.owner);
			if (newOwner === undefined && target.ownerRequired) {
				throw new ScopeRefusal(
					`Refused: "${target.owner}" is missing, so where the repository goes cannot be checked. ${allowedRepositoriesText(list)}`,
					`Give "${target.owner}": an owner of the allowed repositories.`,
				);
			}
			newOwner ??= await lookups.login();
			const newName = given(target.name) ?? repo;
			if (!list.allows(newOwner, newName)) throw repositoryRefusal(newOwner, newName, list);
		}
		return ALLOW;
	}
	if (reading && GITHUB_ACCOUNT_READS.includes(`/${route}`)) return ALLOW;
	if (route === 'graphql') {
		if (request.scopeProof instanceof ScopeProof && issued.has(request.scopeProof)) return ALLOW;
		if (method !== 'POST') {
			throw new ScopeRefusal(
				`Refused: GraphQL is sent with POST, and ${method.toUpperCase()} /graphql cannot be checked against the credential's repository scope. ${allowedRepositoriesText(list)}`,
				'Send GraphQL with the API Call node\'s GraphQL mode.',
			);
		}
		assertGraphqlConfined(request.body, list);
		return ALLOW;
	}
	if (first === 'search' && reading && segments.length === 2 && SEARCH_RESULT_REPOSITORY[second]) {
		assertConfinedQuery(String(request.qs?.q ?? ''), list);
		const repositoryOf = SEARCH_RESULT_REPOSITORY[second];
		return { filter: (body) => keepAllowed(body, list, repositoryOf) };
	}
	if (reading && (route === 'user/repos' || route === 'user/starred' || (segments.length === 3 && (first === 'users' || first === 'orgs') && third === 'repos'))) {
		return { filter: (body) => keepAllowed(body, list, (item) => stringOf(item.full_name)) };
	}
	if (reading && route === 'installation/repositories') {
		return { filter: (body) => keepAllowed(body, list, (item) => stringOf(item.full_name), 'repositories') };
	}
	if (reading && route === 'notifications') {
		return { filter: (body) => keepAllowed(body, list, (item) => fullNameOf(item.repository)) };
	}
	if (method === 'POST' && (route === 'user/repos' || (first === 'orgs' && third === 'repos' && segments.length === 3))) {
		const owner = first === 'user' ? await lookups.login() : second;
		const name = stringOf(valueNamed(requestValues(request.qs, request.body, allowedRepositoriesText(list)), 'name')) ?? '';
		if (!list.allows(owner, name)) throw repositoryRefusal(owner, name, list);
		return ALLOW;
	}
	if (first === 'orgs' && third === 'hooks') {
		if (list.coversOwner(second)) return ALLOW;
		throw new ScopeRefusal(
			`Refused: an organization webhook on "${second}" reaches every repository of it, and ${list.source} does not cover ${second}/*. ${allowedRepositoriesText(list)}`,
			'Use repository webhooks for the allowed repositories, or add OWNER/* to the scope.',
		);
	}
	if (first === 'gists' || (first === 'users' && third === 'gists')) {
		if (reading && route === 'gists') return ALLOW;
		if (reading && first === 'users' && segments.length === 3 && second.toLowerCase() === (await lookups.login()).toLowerCase()) return ALLOW;
		throw new ScopeRefusal(
			`Refused: gists belong to no repository, so while ${list.source === CREDENTIAL_SOURCE ? 'the credential is limited to repositories' : `${list.source} is set`} only the account's own gist list can be read (GET /gists, GET /users/<own login>/gists); ${method.toUpperCase()} ${pathOnly(path)} is not allowed. ${allowedRepositoriesText(list)}`,
			'Use a credential without repository scope for gists.',
		);
	}
	throw new ScopeRefusal(
		`Refused: ${method.toUpperCase()} ${pathOnly(path)} cannot be checked against the credential's repository scope. ${allowedRepositoriesText(list)} Paths that can be used: /repos/OWNER/NAME/… for those repositories, search with repo: qualifiers, and the account reads ${GITHUB_ACCOUNT_READS.join(', ')}.`,
		'Call a path under /repos/OWNER/NAME/ of an allowed repository.',
	);
}

/** Whether a search result of `kind` (issues, code, commits, repositories) is from an allowed repository. */
export function searchResultAllowed(kind: string, item: IDataObject, list: RepositoryList): boolean {
	const [owner, repo] = (SEARCH_RESULT_REPOSITORY[kind]?.(item) ?? '').split('/');
	return Boolean(owner && repo && list.allows(owner, repo));
}

/** One term of a search query: a word, a phrase in quotes, or a qualifier (name:value, name:"value"). */
interface SearchTerm {
	phrase: boolean;
	text: string;
	negated: boolean;
	qualifier?: string;
	value?: string;
}

const PLAIN_SPACE = /[ \t\r\n]/;
const SCOPE_QUALIFIERS = new Set(['repo', 'org', 'user', 'owner']);

/** Index just past the phrase whose opening quote is at `open` (\" does not close it), or -1 when it never closes. */
function phraseEnd(query: string, open: number): number {
	for (let at = open + 1; at < query.length; at++) {
		if (query[at] === '\\') at++;
		else if (query[at] === '"') return at + 1;
	}
	return -1;
}

/**
 * A search query split as GitHub reads it: terms are separated by plain spaces, a phrase in
 * quotes is one term of text (a qualifier inside it is text), a qualifier may quote its value.
 * What could be read two ways - an unclosed quote, a quote inside a word, a backslash outside a
 * phrase, an unusual space - is a problem (a string) rather than a guess.
 */
function searchTerms(query: string): SearchTerm[] | string {
	if (/[^\S \t\r\n]/.test(query)) return 'uses a space character other than space, tab or line break';
	const terms: SearchTerm[] = [];
	let at = 0;
	while (at < query.length) {
		if (PLAIN_SPACE.test(query[at])) {
			at++;
			continue;
		}
		const start = at;
		let quoted = false;
		while (at < query.length && !PLAIN_SPACE.test(query[at])) {
			const char = query[at];
			if (char === '\\') return 'uses a backslash outside a phrase, which GitHub may read differently';
			if (char === '"') {
				const before = query.slice(start, at);
				// A phrase ("…", -"…") or a qualifier's quoted value (name:"…"), and nothing glued after it.
				if (quoted || !(before === '' || before === '-' || /^-?[A-Za-z_]+:$/.test(before))) {
					return 'has a quote inside a word, so where its phrase starts or ends cannot be told';
				}
				const end = phraseEnd(query, at);
				if (end === -1) return 'has a quote that is not closed, so where its phrase ends cannot be told';
				at = end;
				quoted = true;
				continue;
			}
			if (quoted) return 'has a quote inside a word, so where its phrase starts or ends cannot be told';
			at++;
		}
		const text = query.slice(start, at);
		const negated = text.startsWith('-');
		const body = negated ? text.slice(1) : text;
		const qualifier = /^([A-Za-z_]+):([\s\S]*)$/.exec(body);
		if (body.startsWith('"')) terms.push({ phrase: true, text, negated });
		else if (qualifier) {
			const value = qualifier[2].startsWith('"') ? qualifier[2].slice(1, -1).replace(/\\(.)/g, '$1') : qualifier[2];
			terms.push({ phrase: false, text, negated, qualifier: qualifier[1].toLowerCase(), value });
		} else terms.push({ phrase: false, text, negated });
	}
	return terms;
}

/** Why a search query could reach outside the list, or undefined when it is confined. */
export function searchQueryProblem(query: string, list: RepositoryList): string | undefined {
	const terms = searchTerms(query);
	if (typeof terms === 'string') return terms;
	let confined = false;
	for (const term of terms) {
		if (term.phrase) continue;
		// Parentheses count outside quotes only (label:"a (b)" is a value).
		const unquoted = term.text.includes('"') ? term.text.slice(0, term.text.indexOf('"')) : term.text;
		if (term.text === 'OR' || term.text === 'NOT' || /[()]/.test(unquoted)) {
			return 'uses OR, NOT or parentheses, which could reach other repositories';
		}
		if (!term.qualifier || !SCOPE_QUALIFIERS.has(term.qualifier)) continue;
		const target = term.value ?? '';
		if (!target) return `has an empty "${term.qualifier}:" qualifier`;
		if (term.negated) continue;
		if (term.qualifier === 'repo') {
			const parts = target.split('/');
			if (parts.length !== 2 || !parts[0] || !parts[1] || !list.allows(parts[0], parts[1])) return `names the repository "${target}", which is not allowed`;
		} else if (!list.coversOwner(target)) {
			return `uses "${term.qualifier}:${target}", which can reach repositories outside the allowed ones`;
		}
		confined = true;
	}
	return confined ? undefined : 'names no allowed repository (add repo:OWNER/NAME)';
}

function assertConfinedQuery(query: string, list: RepositoryList): void {
	const problem = searchQueryProblem(query, list);
	if (problem) {
		throw new ScopeRefusal(
			`Refused: the search query ${problem}. ${allowedRepositoriesText(list)}`,
			'Add repo:OWNER/NAME qualifiers for allowed repositories (user:OWNER for an OWNER/* entry), without OR, NOT or parentheses.',
		);
	}
}

/**
 * The query confined to the list: unchanged when it already names allowed repositories only,
 * else with the allowed ones appended (GitHub ORs repo: qualifiers).
 */
export function confineSearchQuery(query: string, list: RepositoryList): string {
	const terms = searchTerms(query);
	const hasQualifier =
		typeof terms !== 'string' && terms.some((term) => !term.phrase && !term.negated && term.qualifier && SCOPE_QUALIFIERS.has(term.qualifier));
	const confined = hasQualifier
		? query
		: [query, ...list.entries.map((entry) => (entry.endsWith('/*') ? `user:${entry.slice(0, -2)}` : `repo:${entry}`))]
				.filter(Boolean)
				.join(' ');
	assertConfinedQuery(confined, list);
	return confined;
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
			throw new ScopeRefusal(
				`Refused: ${project.number === undefined ? 'projects' : `project ${project.number}`} of "${project.owner}" ${project.number === undefined ? 'belong' : 'belongs'} to an owner outside ${list.source}. ${allowedRepositoriesText(list)} Projects of those owners can be used.`,
				'Choose a project owned by the owner of an allowed repository.',
			);
		}
	}
}

function graphqlQueryOf(body: unknown): unknown {
	return body && typeof body === 'object' ? (body as IDataObject).query : undefined;
}

function stringOf(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

function fullNameOf(repository: unknown): string | undefined {
	return stringOf((repository as IDataObject | undefined)?.full_name);
}

function repositoryFromApiUrl(url: unknown): string | undefined {
	const match = /\/repos\/([^/]+)\/([^/]+)$/.exec(String(url ?? ''));
	try {
		return match ? `${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}` : undefined;
	} catch {
		// A broken % escape names no repository: the result is dropped.
		return undefined;
	}
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
