import { writeFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INode } from 'n8n-workflow';

import { BenchTrello, forwardOrigin } from '../fakes';
import { singleNodeWorkflow } from '../../test/harness/workflow';
import { benchNode, runBenchWorkflow } from '../harness';
import type { ChartSeries } from '../report';
import { rateChartSvg, ratio, seconds, table } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, PARTS_DIR, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 1. Trello under its rate limit
// ---------------------------------------------------------------------------------------------
describe('1. 300 Create Card items under Trello’s 100 requests / 10 s per token', () => {
	const trello = new BenchTrello();
	const report = section('Trello: 300 Create Card items in one execution, fake enforcing 100 requests / 10 s per token');
	const KEY = 'benchTrelloKey0123456789abcdef';
	const LIST = '5f2b8c1e9d3a4b0012a1c010';
	const ITEMS = 300;
	const MINIMUM_MS = (ITEMS / 10) * 1000;
	// A sliding window admits 100 at once, so the last 100 can start 20 s after the first.
	const WINDOW_FLOOR_MS = (ITEMS / 100 - 1) * 10_000;
	const input = Array.from({ length: ITEMS }, (_, i) => ({ name: `Card ${String(i + 1).padStart(3, '0')}` }));
	const rows: Array<Array<string | number>> = [];
	const series: ChartSeries[] = [];

	beforeAll(async () => {
		trello.enforceLimit = true;
		await trello.start();
		forwardOrigin('https://api.trello.com', () => trello.baseUrl);
	});
	afterAll(async () => {
		await trello.stop();
		report(
			table(['Node (settings)', 'Failed items', 'Cards created (duplicates)', 'Requests (429s)', 'Wall time', 'Wall ÷ 30 s minimum', 'Wall ÷ 20 s window floor', 'Outcome'], rows) +
				'\n\nFailed items = input items for which no card was created. The 30 s minimum is the issue’s yardstick (300 requests at an even 10 req/s); Trello’s window is a sliding 10 s count, so 100 requests may go at once and the true floor is 20 s (100 at 0 s, 10 s and 20 s). A ratio is only shown when every item succeeded.\n\n![Requests per second over time, ours vs n8n’s Trello node](bench/rate-limit-chart.svg)',
		);
		if (series.length) writeFileSync(join(PARTS_DIR, 'rate-limit-chart.svg'), rateChartSvg(series, 10, '300 Create Card requests against Trello’s 100 req / 10 s per-token limit'));
	});

	async function measure(label: string, token: string, node: INode, credentials: Record<string, IDataObject>) {
		trello.accounts.push({ apiKey: KEY, apiToken: token });
		const started = Date.now();
		const run = await runBenchWorkflow(singleNodeWorkflow(node, input), credentials as never);
		const wall = Date.now() - started;
		const arrivals = trello.requestsFor(token);
		const names = trello.createdNames.get(token) ?? [];
		const distinct = new Set(names).size;
		const error = run.error(node.name);
		const outputs = error ? [] : run.json(node.name);
		const errorItems = outputs.filter((item) => item.error !== undefined).length;
		const outcome = error ? `execution stopped: ${error.message.slice(0, 60)}` : errorItems ? `${errorItems} items output an error` : 'all items succeeded';
		rows.push([
			label,
			ITEMS - distinct,
			`${names.length} (${names.length - distinct})`,
			`${arrivals.length} (${arrivals.filter((a) => a.kind !== 'ok').length})`,
			seconds(wall),
			distinct === ITEMS ? ratio(wall / MINIMUM_MS) : '— (items failed)',
			distinct === ITEMS ? ratio(wall / WINDOW_FLOOR_MS) : '—',
			outcome,
		]);
		if (label.startsWith('ours')) goals.push(['Trello: 300 Create Card, 0 failed and ≤ 1.1× the 30 s minimum', `${ITEMS - distinct} failed, ${ratio(wall / MINIMUM_MS)}`, ITEMS === distinct && wall <= 1.1 * MINIMUM_MS ? 'met' : 'not met']);
		series.push({ label: `${label}: ${ITEMS - distinct} failed items, ${seconds(wall)}`, startedAt: started, arrivals });
	}

	it('ours (default settings)', async () => {
		const token = 'ours'.padEnd(64, '0');
		const node = benchNode('Trello', `${OURS}.trello`, { authentication: 'keyToken', resource: 'card', operation: 'create', list: rl(LIST), name: '={{ $json.name }}' }, { trelloKeyTokenApi: 'cred' });
		await measure('ours (default settings)', token, node, { trelloKeyTokenApi: { apiKey: KEY, apiToken: token, apiBaseUrl: trello.baseUrl } });
	});

	const theirs = (settings: Partial<INode>) =>
		benchNode('Trello', 'n8n-nodes-base.trello', { resource: 'card', operation: 'create', listId: LIST, name: '={{ $json.name }}', description: '', additionalFields: {} }, { trelloApi: 'cred' }, settings);
	const theirCredentials = (token: string) => ({ trelloApi: { apiKey: KEY, apiToken: token, oauthSecret: '' } });

	it.each<[string, string, Partial<INode>]>([
		['n8n Trello (default settings)', 'theirsdefault', {}],
		['n8n Trello (Retry On Fail: 3 tries, 1 s apart)', 'theirsretry', { retryOnFail: true }],
		['n8n Trello (On Error: continue)', 'theirscontinue', { onError: 'continueRegularOutput' }],
	])('%s', async (label, tokenPrefix, settings) => {
		const unavailable = theirsAvailable('trello');
		if (unavailable) {
			rows.push([label, 'not measured', '', '', '', '', '', unavailable]);
			return;
		}
		const token = tokenPrefix.padEnd(64, '0');
		await measure(label, token, theirs(settings), theirCredentials(token));
	});
});
