import type { IDataObject } from 'n8n-workflow';

import type { RepositoryList } from './repositories';
import { allowedRepositoriesText } from './repositories';
import { ListRefusal } from '../../shared/scope';
import { percentDecoded } from '../../shared/percentDecoding';

/**
 * Search under a repository scope: a query must be confined to allowed repositories (repo:
 * qualifiers, or user:/org: for an owner/* entry), and results are filtered by their repository.
 */

export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const fullNameOf = (repository: unknown): string | undefined => stringOf((repository as IDataObject | undefined)?.full_name);

function repositoryFromApiUrl(url: unknown): string | undefined {
	const match = /\/repos\/([^/]+)\/([^/]+)$/.exec(String(url ?? ''));
	const [owner, repo] = match ? [percentDecoded(match[1]), percentDecoded(match[2])] : [];
	// A broken % escape names no repository: the result is dropped.
	return owner === undefined || repo === undefined ? undefined : `${owner}/${repo}`;
}

/** Search areas whose results name their repository, and where they name it. */
export const SEARCH_RESULT_REPOSITORY: Record<string, (item: IDataObject) => string | undefined> = {
	issues: (item) => repositoryFromApiUrl(item.repository_url),
	code: (item) => fullNameOf(item.repository),
	commits: (item) => fullNameOf(item.repository),
	repositories: (item) => stringOf(item.full_name),
};

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

export function assertConfinedQuery(query: string, list: RepositoryList): void {
	const problem = searchQueryProblem(query, list);
	if (problem) {
		throw new ListRefusal(
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

