import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { cpus, totalmem } from 'os';
import { join } from 'path';
import nock from 'nock';
import type { IDataObject, INode } from 'n8n-workflow';

import { BenchGitHub, BenchTrello, forwardOrigin } from './fakes';
import type { Arrival } from './fakes';
import { baseLoadErrors, baseNodeTypes, benchNode, inputAnd, N8N_HOST_DIR, runBenchWorkflow } from './harness';
import type { ChartSeries } from './report';
import { rateChartSvg, ratio, seconds, table } from './report';

const ROOT = join(__dirname, '..');
const OURS = 'n8n-nodes-github-trello';
const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const sections: Array<{ title: string; body: string }> = [];
const notes: string[] = [];
const report = (title: string, body: string) => sections.push({ title, body });

function theirsAvailable(type: string): string | undefined {
	if (!N8N_HOST_DIR) return 'the n8n install (scripts/n8n-host.sh) is not available';
	if (!baseNodeTypes().has(`n8n-nodes-base.${type}`)) return `n8n's node did not load in-process: ${JSON.stringify(baseLoadErrors)}`;
	return undefined;
}

beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect(/^127\.0\.0\.1/);
});

afterAll(() => {
	nock.cleanAll();
	nock.restore();
});

// ---------------------------------------------------------------------------------------------
// 1. Trello under its rate limit
// ---------------------------------------------------------------------------------------------
describe('1. 300 Create Card items under Trello’s 100 requests / 10 s per token', () => {
	const trello = new BenchTrello();
	const KEY = 'benchTrelloKey0123456789abcdef';
	const LIST = '5f2b8c1e9d3a4b0012a1c010';
	const ITEMS = 300;
	const MINIMUM_MS = (ITEMS / 10) * 1000;
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
			'1. Trello: 300 Create Card items in one execution, fake enforcing 100 requests / 10 s per token',
			table(['Node (settings)', 'Failed items', 'Cards created (duplicates)', 'Requests (429s)', 'Wall time', 'Wall ÷ 30 s minimum', 'Outcome'], rows) +
				'\n\nFailed items = input items for which no card was created. The 30 s minimum is 300 requests at 10 req/s; a sliding 10 s window lets the first 100 go at once, so ~20 s is possible in theory.\n\n![Requests per second over time, ours vs n8n’s Trello node](bench/rate-limit-chart.svg)',
		);
		if (series.length) writeFileSync(join(ROOT, 'bench', 'rate-limit-chart.svg'), rateChartSvg(series, 10, '300 Create Card requests against Trello’s 100 req / 10 s per-token limit'));
	});

	async function measure(label: string, token: string, node: INode, credentials: Record<string, IDataObject>) {
		trello.accounts.push({ apiKey: KEY, apiToken: token });
		const started = Date.now();
		const run = await runBenchWorkflow(inputAnd(node, input), credentials as never);
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
			ratio(wall / MINIMUM_MS),
			outcome,
		]);
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
			rows.push([label, 'not measured', '', '', '', '', unavailable]);
			return;
		}
		const token = tokenPrefix.padEnd(64, '0');
		await measure(label, token, theirs(settings), theirCredentials(token));
	});
});

afterAll(() => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as IDataObject;
	const version = (dir: string, name: string) => {
		try {
			return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
		} catch {
			return 'not installed';
		}
	};
	const header = [
		'# Benchmarks',
		'',
		`Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Every figure below comes from that one run; compare the ratios and the two columns, not the absolute times, which depend on the machine.`,
		'',
		`- Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${process.platform} ${process.arch}`,
		`- Node ${process.version}; ${pkg.name} ${String(pkg.version)}; in-process runs through n8n-core ${version(ROOT, 'n8n-core')} / n8n-workflow ${version(ROOT, 'n8n-workflow')}`,
		`- n8n's own nodes: n8n-nodes-base ${N8N_HOST_DIR ? version(N8N_HOST_DIR, 'n8n-nodes-base') : 'not available'} from n8n ${N8N_HOST_DIR ? version(N8N_HOST_DIR, 'n8n') : 'not available'} (the install prepared by \`scripts/n8n-host.sh\`), loaded into the same process and run through the same n8n-core workflow executor`,
		'- Reproduce: `npm run bench` (runs `bash scripts/bench.sh`: builds `dist/`, then `npx jest --config bench/jest.config.js --runInBand`)',
		'- Fakes: loopback HTTP servers from `test/fakes/` (Trello with its 100 requests / 10 s per-token sliding window and 429 `API_TOKEN_LIMIT_EXCEEDED`; GitHub with `x-ratelimit-*` primary limit and secondary-limit 403 with `retry-after`). n8n’s Trello node has `https://api.trello.com` fixed, so its requests are forwarded to the same fake by nock (the fake answers; nock relays status, body and headers).',
	];
	const text = [...header, '', ...sections.flatMap((s) => [`## ${s.title}`, '', s.body, '']), ...(notes.length ? ['## Notes', '', ...notes.map((n) => `- ${n}`), ''] : [])].join('\n');
	writeFileSync(join(ROOT, 'BENCHMARKS.md'), text);
	if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, text);
	void execFileSync;
});
