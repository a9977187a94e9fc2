import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { repositoryRefusal } from '../../scope/repositories';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import type { GitHubRowRun } from '../types';

/**
 * Likely duplicates of a title (and body) among a repository's issues, found with GitHub's issue
 * search and ranked here by the significant words they share. OR is not used: a repository scope
 * refuses it (it can widen a query beyond its repo: qualifier), so each of the most distinctive
 * title words is searched on its own and the answers are merged.
 */

/** Searches per item: GitHub allows 30 searches a minute. */
const SEARCHED_WORDS = 3;
/** Answers per search; candidates beyond them are rarely better matches. */
const PER_SEARCH = 30;
/** GitHub refuses a query over 256 characters; a word is cut well below that. */
const LONGEST_WORD = 50;

const STOP_WORDS = new Set(
	`about after again all also and any are because been before being but can cannot could did does doing done each for from get gets got had has have how into its just like may more most not now off once only other our out over same should some such than that the their them then there these they this those too under until use used using very via was way were what when where which while who why will with without would you your
	issue issues bug error problem please thanks work works working`.split(/\s+/),
);

/** A word as it is compared: lower case, a plural's "s" dropped. */
const normal = (word: string) => (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** The significant words of a text, each once, in order: a normal form mapped to the word as written (lower case). */
export function significantWords(text: string): Map<string, string> {
	const words = new Map<string, string>();
	for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
		const word = raw.slice(0, LONGEST_WORD);
		if (word.length < 3 || STOP_WORDS.has(word) || /^\p{N}+$/u.test(word)) continue;
		const key = normal(word);
		if (!words.has(key)) words.set(key, word);
	}
	return words;
}

/** The words searched: the longest (most distinctive) title words, earlier first on a tie. */
export function searchedWords(title: Map<string, string>): string[] {
	return [...title.values()]
		.map((word, index) => ({ word, index }))
		.sort((a, b) => b.word.length - a.word.length || a.index - b.index)
		.slice(0, SEARCHED_WORDS)
		.map(({ word }) => word);
}

interface Similarity {
	score: number;
	matchedWords: string[];
	reason: string;
}

/** How much of the given title (counted twice) and body a candidate's title and body share. */
function similarity(title: Map<string, string>, body: Map<string, string>, candidate: IDataObject): Similarity {
	const theirs = significantWords(`${String(candidate.title ?? '')}\n${String(candidate.body ?? '')}`);
	const fromTitle = [...title].filter(([key]) => theirs.has(key)).map(([, word]) => word);
	const bodyOnly = [...body].filter(([key]) => !title.has(key));
	const fromBody = bodyOnly.filter(([key]) => theirs.has(key)).map(([, word]) => word);
	const total = 2 * title.size + bodyOnly.length;
	const score = total ? Math.round(((2 * fromTitle.length + fromBody.length) / total) * 100) / 100 : 0;
	const parts = [
		fromTitle.length ? `${fromTitle.length} of ${title.size} title words in common (${fromTitle.join(', ')})` : '',
		fromBody.length ? `${fromBody.length} of ${bodyOnly.length} body words in common (${fromBody.join(', ')})` : '',
	].filter(Boolean);
	return { score, matchedWords: [...fromTitle, ...fromBody], reason: parts.join('; ') };
}

const failure = (input: GitHubRowRun, message: string, description: string) =>
	new NodeOperationError(input.ctx.getNode(), message, { itemIndex: input.itemIndex, description });

async function findSimilarIssues(input: GitHubRowRun) {
	const { client, values, allowlist } = input;
	const owner = String(values.owner ?? '').trim();
	const repo = String(values.repository ?? '').trim();
	// Refused here in words before any search; the transport checks every query and answer again.
	for (const list of [allowlist, (await client.scope()).repositories]) {
		if (list && !list.allows(owner, repo)) {
			const refusal = repositoryRefusal(owner, repo, list);
			throw failure(input, refusal.message, refusal.hint ?? '');
		}
	}
	const title = significantWords(String(values.title ?? ''));
	if (!title.size) {
		throw failure(input, 'The "Title" parameter has no word to search for', 'Give the title of the issue to compare, with at least one word of three letters or more that is not a common word.');
	}
	const body = significantWords(String(values.body ?? ''));
	const self = values.issueNumber === undefined || values.issueNumber === '' ? undefined : Number(values.issueNumber);
	const limit = Math.max(1, Math.min(PER_SEARCH, Number(values.maxResults ?? 5)));
	const candidates = new Map<number, IDataObject>();
	for (const word of searchedWords(title)) {
		const answer = await client.request<{ items?: IDataObject[] }>({
			method: 'GET',
			path: '/search/issues',
			qs: { q: `repo:${owner}/${repo} is:issue ${word}`, per_page: PER_SEARCH },
		});
		for (const item of answer.items ?? []) {
			const number = Number(item.number);
			if (number !== self && !item.pull_request && !candidates.has(number)) candidates.set(number, item);
		}
	}
	const ranked = [...candidates.values()]
		.map((item) => ({ item, similarity: similarity(title, body, item) }))
		.filter(({ similarity: found }) => found.score > 0)
		// Stable: equal scores keep GitHub's order (best match first, by the first word that found them).
		.sort((a, b) => b.similarity.score - a.similarity.score);
	return input.respond(ranked.slice(0, limit).map(({ item, similarity: found }) => ({ ...item, similarity: found })));
}

export const similarIssueRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'findSimilar',
		objectType: 'similarIssue',
		name: 'Find Similar',
		action: 'Find issues similar to a title',
		description:
			'Find likely duplicates of an issue among the repository’s issues (open and closed), from its title and optionally its body, before opening or triaging it. Searches GitHub for the longest words of the title (one search each, at most 3) and ranks the issues found by the significant words they share with the title (counted twice) and body. Each result has its number, title, state, URL, a score from 0 to 1, the matched words and the reason in words. Pull requests and the issue itself (Issue Number) are left out.',
		method: 'GET',
		path: '/search/issues',
		handler: findSimilarIssues,
		fields: [
			...repositoryFields().map((field) => ({ ...field, in: 'none' as const })),
			{ displayName: 'Title', name: 'title', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. Login fails with a timeout', description: 'Title of the issue to find duplicates of' },
			{ displayName: 'Body', name: 'body', type: 'string', default: '', in: 'none', optional: true, ui: { typeOptions: { rows: 4 } }, description: 'Text of the issue; its words refine the ranking (they are not searched)' },
			{ displayName: 'Issue Number', name: 'issueNumber', type: 'string', default: '', in: 'none', optional: true, integer: true, placeholder: 'e.g. 42', description: 'Number of the issue itself when it exists already, so it is not returned as its own duplicate' },
			{ displayName: 'Limit', name: 'maxResults', type: 'number', default: 5, in: 'none', optional: true, ui: { typeOptions: { minValue: 1, maxValue: 30 } }, description: 'Max number of results to return' },
		],
	},
]);
