import { createHash } from 'node:crypto';

import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { byId, repo, runGitHub } from '../githubActions/run';
import { rl, runTrello } from '../trelloActions/support';
import { githubExample } from './contextCost';
import { trelloExample } from './trelloExamples';

/**
 * What Compact Table saves an agent: the same list, read through the node once as today's
 * simplified items and once as one table, in characters per object of what a model receives (the
 * output items as JSON). Lists of LIST_SIZE objects made from the services' documented list items
 * (GitHub's @octokit/openapi examples, Trello's objects built from its OpenAPI schemas), each
 * differing from the next as objects of a real list do (VARY). Goal: the table at most TABLE_GOAL
 * of the items.
 */

export const TABLE_GOAL = 0.5;
export const LIST_SIZE = 20;

export interface TableCostRow {
	service: 'GitHub' | 'Trello';
	list: string;
	example: string;
	items: number;
	table: number;
	ratio: number;
}

const BOARD = '5abbe4b7ddc1b351ef961414';

interface Case {
	service: TableCostRow['service'];
	list: string;
	example: string;
	parameters: IDataObject;
}

const GITHUB_CASES: Case[] = [
	{ service: 'GitHub', list: 'Issue → Get Many', example: 'issue-items', parameters: { resource: 'issue', operation: 'list', ...repo() } },
	{ service: 'GitHub', list: 'Pull Request → Get Many', example: 'pull-request-simple-items', parameters: { resource: 'pullRequest', operation: 'list', ...repo() } },
	{ service: 'GitHub', list: 'Issue → Get Many Comments', example: 'issue-comment-items', parameters: { resource: 'issue', operation: 'listComments', ...repo(), issueNumber: byId('7') } },
	{ service: 'GitHub', list: 'Commit → Get Many', example: 'commit-items', parameters: { resource: 'commit', operation: 'list', ...repo() } },
	{ service: 'GitHub', list: 'Release → Get Many', example: 'release-items', parameters: { resource: 'release', operation: 'list', ...repo() } },
	{ service: 'GitHub', list: 'Repository → Get Many of Mine', example: 'minimal-repository-items', parameters: { resource: 'repository', operation: 'listMine' } },
];

const TRELLO_CASES: Case[] = [
	{ service: 'Trello', list: 'List → Get Cards', example: 'Card', parameters: { resource: 'list', operation: 'getCards', list: rl(BOARD) } },
	{ service: 'Trello', list: 'Board → Get Many', example: 'Board', parameters: { resource: 'board', operation: 'getAll' } },
	{ service: 'Trello', list: 'List → Get Many', example: 'TrelloList', parameters: { resource: 'list', operation: 'getAll', board: rl(BOARD) } },
	{ service: 'Trello', list: 'Comment → Get Many', example: 'Action', parameters: { resource: 'comment', operation: 'getAll', card: rl(BOARD) } },
	{ service: 'Trello', list: 'Checklist → Get Many on Board', example: 'Checklist', parameters: { resource: 'checklist', operation: 'getAllOnBoard', board: rl(BOARD) } },
	{ service: 'Trello', list: 'Board → Get Members', example: 'Member', parameters: { resource: 'board', operation: 'getMembers', board: rl(BOARD) } },
];

/** Hex digits that differ per object and share no prefix (ids, shas), as the services' ids do across a list. */
const hex = (seed: string, length: number) => createHash('sha1').update(seed).digest('hex').slice(0, length);
/** A date `index` hours before the documented one, in the service's own form (GitHub without, Trello with milliseconds). */
const hoursBefore = (date: unknown, index: number) => {
	const shifted = new Date(Date.parse(String(date)) - index * 3600_000).toISOString();
	return String(date).includes('.') ? shifted : shifted.replace('.000Z', 'Z');
};
const AUTHORS = ['octocat', 'hubot', 'monalisa'];
const who = (user: unknown, index: number) => ({ ...(user as IDataObject), login: AUTHORS[index % AUTHORS.length] });

/**
 * What differs between the objects of one real list, applied to the documented item: ids and numbers,
 * the URLs built from them, titles and texts, dates, shas, authors. Without it the copies would share
 * values no real list shares, and a table writing a value common to every row once would be measured
 * on copies rather than on a list.
 */
const VARY: Record<string, (example: IDataObject, index: number) => IDataObject> = {
	'issue-items': (issue, i) => {
		const number = Number(issue.number) + i;
		return { ...issue, id: Number(issue.id) + i, number, title: `${String(issue.title)} ${i + 1}`, html_url: String(issue.html_url).replace(/\d+$/, String(number)), user: who(issue.user, i), created_at: hoursBefore(issue.created_at, i), updated_at: hoursBefore(issue.updated_at, i) };
	},
	'pull-request-simple-items': (pull, i) => {
		const number = Number(pull.number) + i;
		const head = { ...(pull.head as IDataObject), ref: `topic-${i + 1}`, sha: hex(`pull ${i}`, 40) };
		return { ...pull, id: Number(pull.id) + i, number, title: `${String(pull.title)} ${i + 1}`, html_url: String(pull.html_url).replace(/\d+$/, String(number)), user: who(pull.user, i), head, created_at: hoursBefore(pull.created_at, i), updated_at: hoursBefore(pull.updated_at, i), merged_at: hoursBefore(pull.merged_at, i) };
	},
	// The comments of one issue.
	'issue-comment-items': (comment, i) => {
		const id = Number(comment.id) + i;
		return { ...comment, id, body: `${String(comment.body)} ${i + 1}`, html_url: String(comment.html_url).replace(/\d+$/, String(id)), user: who(comment.user, i), created_at: hoursBefore(comment.created_at, i), updated_at: hoursBefore(comment.updated_at, i) };
	},
	'commit-items': (commit, i) => {
		const sha = hex(`commit ${i}`, 40);
		const inner = commit.commit as IDataObject;
		return { ...commit, sha, html_url: String(commit.html_url).replace(/[0-9a-f]{40}$/, sha), author: who(commit.author, i), commit: { ...inner, message: `${String(inner.message)} ${i + 1}`, author: { ...(inner.author as IDataObject), date: hoursBefore((inner.author as IDataObject).date, i) } } };
	},
	'release-items': (release, i) => {
		const tag = `v1.0.${i}`;
		return { ...release, id: Number(release.id) + i, tag_name: tag, name: tag, html_url: String(release.html_url).replace(/[^/]+$/, tag), published_at: hoursBefore(release.published_at, i * 24) };
	},
	'minimal-repository-items': (repository, i) => {
		const fullName = `octocat/Hello-World-${i + 1}`;
		return { ...repository, id: Number(repository.id) + i, full_name: fullName, name: fullName.split('/')[1], html_url: `https://github.com/${fullName}`, description: `${String(repository.description)} ${i + 1}`, stargazers_count: 80 + i * 7, pushed_at: hoursBefore(repository.pushed_at, i * 24) };
	},
	Card: (card, i) => ({ ...card, id: hex(`card ${i}`, 24), name: `${String(card.name)} ${i + 1}`, shortUrl: `https://trello.com/c/${hex(`link ${i}`, 8)}`, due: i % 2 ? null : hoursBefore('2024-04-24T12:34:56.789Z', -i * 24) }),
	Board: (board, i) => ({ ...board, id: hex(`board ${i}`, 24), name: `${String(board.name)} ${i + 1}`, shortUrl: `https://trello.com/b/${hex(`link ${i}`, 8)}` }),
	TrelloList: (list, i) => ({ ...list, id: hex(`list ${i}`, 24), name: `${String(list.name)} ${i + 1}`, pos: 16384 * (i + 1) }),
	// The comments of one card.
	Action: (action, i) => {
		const data = action.data as IDataObject;
		return { ...action, id: hex(`action ${i}`, 24), date: hoursBefore(action.date, i), data: { ...data, text: `${String(data.text)} ${i + 1}` }, memberCreator: { ...(action.memberCreator as IDataObject), username: AUTHORS[i % AUTHORS.length] } };
	},
	// Trello's schema of a checklist holds only its id; the fields its `fields` parameter documents
	// (idBoard, idCard, name, pos) are what a board's checklists answer with.
	Checklist: (checklist, i) => ({ ...checklist, id: hex(`checklist ${i}`, 24), name: `Checklist ${i + 1}`, idBoard: hex('board 0', 24), idCard: hex(`card ${i % 7}`, 24), pos: 16384 * (i + 1) }),
	Member: (member, i) => ({ ...member, id: hex(`member ${i}`, 24), username: `${String(member.username).replace(' text', '')}${i + 1}`, fullName: `${String(member.fullName)} ${i + 1}` }),
};

/** The documented item made into a list of LIST_SIZE objects that differ as a real list's do. */
function listOf(example: IDataObject, name: string): IDataObject[] {
	return Array.from({ length: LIST_SIZE }, (_, index) => VARY[name](example, index));
}

/** The list read through the node with Simplify, as items or (Compact Table on) as one table. */
async function readList(entry: Case, compactTable: boolean): Promise<IDataObject[]> {
	const example = entry.service === 'GitHub' ? githubExample(entry.example) : trelloExample(entry.example);
	const origin = entry.service === 'GitHub' ? 'https://api.github.com' : 'https://api.trello.com';
	nock(origin).persist().get(() => true).query(true).reply(200, listOf(example, entry.example));
	resetGitHubRateLimitState();
	const parameters = { ...entry.parameters, simplify: true, returnAll: true, ...(compactTable ? { compactTable: true } : {}) };
	const run = entry.service === 'GitHub' ? await runGitHub(parameters) : await runTrello(parameters);
	nock.cleanAll();
	const output = run.json(entry.service);
	const objects = compactTable ? Number(output[0]?.count) : output.length;
	if (objects !== LIST_SIZE) throw new Error(`${entry.list}: ${objects} objects came back instead of ${LIST_SIZE}`);
	return output;
}

const charactersPerObject = async (entry: Case, compactTable: boolean) => JSON.stringify(await readList(entry, compactTable)).length / LIST_SIZE;

/** Each measured list as both outputs: the simplified items and the table (for the round trip in compactTable.test.ts). */
export async function measuredLists(): Promise<Array<{ list: string; items: IDataObject[]; table: IDataObject }>> {
	const lists = [];
	for (const entry of [...GITHUB_CASES, ...TRELLO_CASES]) {
		lists.push({ list: entry.list, items: await readList(entry, false), table: (await readList(entry, true))[0] });
	}
	return lists;
}

/** Every case, items and table measured one after the other on the same list. */
export async function tableCost(): Promise<TableCostRow[]> {
	const rows: TableCostRow[] = [];
	for (const entry of [...GITHUB_CASES, ...TRELLO_CASES]) {
		const items = await charactersPerObject(entry, false);
		const table = await charactersPerObject(entry, true);
		rows.push({ service: entry.service, list: entry.list, example: entry.example, items: Math.round(items), table: Math.round(table), ratio: table / items });
	}
	return rows;
}
