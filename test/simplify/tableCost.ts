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
 * with its own id or number. Goal: the table at most TABLE_GOAL of the items.
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

/** The documented item, LIST_SIZE times, each with its own id (and number). */
function listOf(example: IDataObject, service: Case['service']): IDataObject[] {
	return Array.from({ length: LIST_SIZE }, (_, index) => {
		if (service === 'Trello') return { ...example, id: `${String(example.id).slice(0, 20)}${String(1000 + index)}` };
		return { ...example, ...('id' in example ? { id: Number(example.id) + index } : {}), ...('number' in example ? { number: Number(example.number) + index } : {}) };
	});
}

async function charactersPerObject(entry: Case, compactTable: boolean): Promise<number> {
	const example = entry.service === 'GitHub' ? githubExample(entry.example) : trelloExample(entry.example);
	const origin = entry.service === 'GitHub' ? 'https://api.github.com' : 'https://api.trello.com';
	nock(origin).persist().get(() => true).query(true).reply(200, listOf(example, entry.service));
	resetGitHubRateLimitState();
	const parameters = { ...entry.parameters, simplify: true, returnAll: true, ...(compactTable ? { compactTable: true } : {}) };
	const run = entry.service === 'GitHub' ? await runGitHub(parameters) : await runTrello(parameters);
	nock.cleanAll();
	const output = run.json(entry.service);
	const objects = compactTable ? Number(output[0]?.count) : output.length;
	if (objects !== LIST_SIZE) throw new Error(`${entry.list}: ${objects} objects came back instead of ${LIST_SIZE}`);
	return JSON.stringify(output).length / LIST_SIZE;
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
