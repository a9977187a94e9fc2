import type { IDataObject, INode } from 'n8n-workflow';

import { BenchGitHub, BenchTrello, forwardOrigin } from '../fakes';
import { singleNodeWorkflow } from '../../test/harness/workflow';
import { benchNode, runBenchWorkflow } from '../harness';
import { table } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 3. Request economy
// ---------------------------------------------------------------------------------------------
describe('3. Requests needed to list 1,000 issues, commits and cards', () => {
	const report = section('Request economy: listing 1,000 objects with Return All and with Limit 150');
	const github = new BenchGitHub();
	const trello = new BenchTrello();
	const TOKEN = 'ghp_economyToken0123456789abcdefABCDEF';
	const KEY = 'benchTrelloKey0123456789abcdef';
	const TRELLO_TOKEN = 'economy'.padEnd(64, '0');
	const BOARD = '5f2b8c1e9d3a4b0012a1b001';
	const LIST = '5f2b8c1e9d3a4b0012a1c010';
	const N = 1000;
	const rows: Array<Array<string | number>> = [];

	beforeAll(async () => {
		github.tokens.add(TOKEN);
		github.remaining = github.limit = 1_000_000;
		github.issues = Array.from({ length: N }, (_, i) => ({ number: N - i, title: `Issue ${N - i}` }));
		github.commits = Array.from({ length: N }, (_, i) => ({ sha: (i + 1).toString(16).padStart(40, '0') }));
		trello.accounts.push({ apiKey: KEY, apiToken: TRELLO_TOKEN });
		trello.cards = Array.from({ length: N }, (_, i) => ({ id: '5f2b8c1e' + i.toString(16).padStart(16, '0'), name: `Card ${i}`, idList: LIST, pos: i }));
		await Promise.all([github.start(), trello.start()]);
		forwardOrigin('https://api.trello.com', () => trello.baseUrl);
	});
	afterAll(async () => {
		await Promise.all([github.stop(), trello.stop()]);
		const atMinimum = rows.every((row) => String(row[3]).startsWith(`${row[2]} (`));
		goals.push(['Request economy: the minimum number of requests, never past the limit', atMinimum ? 'every row at the minimum' : 'some rows above the minimum', atMinimum ? 'met' : 'not met']);
		report(
			table(['What', 'Setting', 'Minimum requests', 'Ours: requests (items)', 'n8n: requests (items)'], rows) +
				'\n\nGitHub pages hold at most 100 items (`per_page` above 100 is capped), so the minimum is ⌈N/100⌉. Trello answers `GET /1/lists/{id}/cards` and `GET /1/boards/{id}/cards` with every card in one response (or the first `limit`), so one request is the minimum. "not offered" = the node has no such operation.',
		);
	});

	async function requestsFor(server: BenchGitHub | BenchTrello, node: INode, credentials: Record<string, IDataObject>) {
		const from = server.arrivals.length;
		const run = await runBenchWorkflow(singleNodeWorkflow(node, [{}]), credentials as never);
		const error = run.error(node.name);
		if (error) return `failed: ${error.message.slice(0, 60)}`;
		return `${server.arrivals.length - from} (${run.json(node.name).length})`;
	}

	const ourGitHub = (parameters: IDataObject) =>
		requestsFor(
			github,
			benchNode('GitHub', `${OURS}.gitHub`, { authentication: 'accessToken', owner: rl('octo', 'name'), repository: rl('hello', 'name'), additionalFields: {}, ...parameters }, { githubAccessTokenApi: 'cred' }),
			{ githubAccessTokenApi: { server: github.apiUrl, accessToken: TOKEN } },
		);
	const theirGitHub = (parameters: IDataObject) =>
		theirsAvailable('github') ??
		requestsFor(
			github,
			benchNode('GitHub', 'n8n-nodes-base.github', { authentication: 'accessToken', owner: rl('octo', 'name'), repository: rl('hello', 'name'), ...parameters }, { githubApi: 'cred' }, { typeVersion: 1.1 }),
			{ githubApi: { server: github.baseUrl, user: '', accessToken: TOKEN } },
		);
	const ourTrello = (parameters: IDataObject) =>
		requestsFor(trello, benchNode('Trello', `${OURS}.trello`, { authentication: 'keyToken', ...parameters }, { trelloKeyTokenApi: 'cred' }), {
			trelloKeyTokenApi: { apiKey: KEY, apiToken: TRELLO_TOKEN, apiBaseUrl: trello.baseUrl },
		});
	const theirTrello = (parameters: IDataObject) =>
		theirsAvailable('trello') ??
		requestsFor(trello, benchNode('Trello', 'n8n-nodes-base.trello', parameters, { trelloApi: 'cred' }), { trelloApi: { apiKey: KEY, apiToken: TRELLO_TOKEN, oauthSecret: '' } });

	for (const [setting, page] of [
		['Return All', { returnAll: true }],
		['Limit 150', { returnAll: false, limit: 150 }],
	] as Array<[string, IDataObject]>) {
		const wanted = page.returnAll ? N : 150;
		it(`issues, ${setting}`, async () => {
			rows.push([
				'1,000 issues of a repository',
				setting,
				Math.ceil(wanted / 100),
				await ourGitHub({ resource: 'issue', operation: 'list', ...page }),
				await theirGitHub({ resource: 'repository', operation: 'getIssues', getRepositoryIssuesFilters: {}, ...page }),
			]);
		});
		it(`commits, ${setting}`, async () => {
			rows.push(['1,000 commits of a repository', setting, Math.ceil(wanted / 100), await ourGitHub({ resource: 'commit', operation: 'list', ...page }), 'not offered']);
		});
		it(`list cards, ${setting}`, async () => {
			rows.push([
				'1,000 cards of a Trello list',
				setting,
				1,
				await ourTrello({ resource: 'list', operation: 'getCards', list: rl(LIST), ...page }),
				await theirTrello({ resource: 'list', operation: 'getCards', id: LIST, additionalFields: {}, ...page }),
			]);
		});
		it(`board cards, ${setting}`, async () => {
			rows.push(['1,000 cards of a Trello board', setting, 1, await ourTrello({ resource: 'board', operation: 'getCards', board: rl(BOARD), ...page }), 'not offered']);
		});
	}
});
