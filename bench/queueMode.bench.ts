import { writeFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE, waitFor } from '../test/e2e/n8n';
import { QueueCluster } from '../test/queue/cluster';
import { BenchGitHub, BenchTrello } from './fakes';
import { ratio, seconds, table } from './report';
import { PARTS_DIR, QUEUE_MODE_TITLE } from './parts';

/**
 * Queue mode: n8n's main process, two workers and a webhook process over PostgreSQL and Redis
 * (started by scripts/queue.sh, which `npm run bench` calls for this section), executions started
 * at once through n8n's Webhook node, each reading cards or repositories through one shared token.
 * Its section is a part of the run's report (see reportWriter.ts).
 */
const EXECUTIONS = 10;
const CARDS = 30;
const GITHUB_CALLS = 10;
const GITHUB_BUDGET = 40;
const GITHUB_RESET_S = 10;
const TRELLO_TOKEN = 'bench-queue-trello-token-0123456789abcdef';
const TRELLO_KEY = 'bench-queue-trello-key-0123456789';
const GITHUB_TOKEN = 'ghp_benchQueueToken0123456789abcdefABCD';

function splitWorkflow(id: string, path: string, node: Record<string, unknown>) {
	return {
		id,
		name: `bench ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: 'hook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `bench-${path}`, parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' } },
			{ id: 'split', name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [200, 0], parameters: { fieldToSplitOut: 'body.items' } },
			{ id: 'call', name: 'Call', typeVersion: 1, position: [400, 0], ...node },
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: 'Call', type: 'main', index: 0 }]] },
		},
	};
}

const prepared = !!process.env.QUEUE_REDIS_PORT && !!process.env.PACKAGE_TARBALL;

(prepared ? describe : describe.skip)('7. Queue mode: two workers sharing one token', () => {
	const trello = new BenchTrello();
	const github = new BenchGitHub();
	let cluster: QueueCluster;
	const rows: Array<Array<string | number>> = [];
	const goals: Array<[string, string, string]> = [];
	const notes: string[] = [];

	beforeAll(async () => {
		await Promise.all([trello.start(), github.start()]);
		trello.accounts.push({ apiKey: TRELLO_KEY, apiToken: TRELLO_TOKEN });
		trello.enforceLimit = true;
		trello.on('GET', '/1/cards/{id}', (request) => ({ body: { id: request.params.id } }));
		github.tokens.add(GITHUB_TOKEN);
		github.on('GET', '/repos/{owner}/{repo}', (request) => ({ body: { name: request.params.repo } }));
		cluster = await QueueCluster.create();
		await cluster.main.importCredentials([
			{ id: 'bTr', name: 'Trello', type: 'trelloKeyTokenApi', data: { apiKey: TRELLO_KEY, apiToken: TRELLO_TOKEN, apiBaseUrl: trello.baseUrl } },
			{ id: 'bGh', name: 'GitHub', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
		]);
		const workflows = [
			splitWorkflow('benchQueueTrello', 'cards', {
				type: `${PACKAGE}.trelloApiCall`,
				parameters: { authentication: 'keyToken', method: 'GET', endpoint: '=/1/cards/{{ $json.id }}' },
				credentials: { trelloKeyTokenApi: { id: 'bTr', name: 'Trello' } },
			}),
			splitWorkflow('benchQueueGitHub', 'repos', {
				type: `${PACKAGE}.githubApiCall`,
				parameters: { authentication: 'accessToken', method: 'GET', endpoint: '=/repos/octo/{{ $json.id }}' },
				credentials: { githubAccessTokenApi: { id: 'bGh', name: 'GitHub' } },
			}),
		];
		for (const workflow of workflows) await cluster.main.importWorkflow(workflow);
		for (const workflow of workflows) await cluster.main.publish(workflow.id);
		await cluster.start();
	}, 600_000);

	afterAll(async () => {
		await cluster?.dispose();
		await Promise.all([trello.stop(), github.stop()]);
		const body = [
			table(['Run', 'Requests', 'Refused (share)', 'Failed items', 'Wall time', 'Note'], rows),
			'',
			`n8n ${'2.41.1'} in queue mode on this machine: main + workers (concurrency 5) + a webhook process, PostgreSQL and Redis on 127.0.0.1, started by \`scripts/queue.sh\`. ${EXECUTIONS} executions are started at once through n8n's Webhook node (half through main, half through the webhook process); each splits its list into items and calls the API once per item through one shared token. Trello: the fake enforces 100 requests / 10 s per token over a sliding window; the single-worker run stops the second worker first and reads new cards 11 s later. GitHub: the fake allows ${GITHUB_BUDGET} requests, then answers 403 "API rate limit exceeded" until x-ratelimit-reset ${GITHUB_RESET_S} s ahead. A failed item is one whose request never succeeded.`,
			...notes.map((note) => `\n${note}`),
			'',
			table(['Goal (issue)', 'Measured', 'Status'], goals),
		].join('\n');
		const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
		const title = QUEUE_MODE_TITLE;
		const text = `Measured on ${when} UTC by \`scripts/queue.sh --bench\` (the last step of \`npm run bench\`).\n\n${body}`;
		// A part of the run: scripts/benchmarks-md.js places it after the in-process sections.
		writeFileSync(join(PARTS_DIR, 'queue.json'), JSON.stringify({ sections: [{ title, body: text }] }, null, '\t'));
		const section = `## ${title}\n\n${text}\n`;
		process.stdout.write(section);
	});

	async function startAll(path: string, items: (execution: number) => Array<{ id: string }>) {
		const statuses = await Promise.all(
			Array.from({ length: EXECUTIONS }, async (_, e) => {
				const response = await fetch(cluster.webhookUrl(e % 2 ? 'main' : 'webhook', path), {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ items: items(e) }),
				});
				return response.status;
			}),
		);
		if (statuses.some((status) => status !== 200)) throw new Error(`webhook answered ${statuses.join(', ')}`);
	}

	/** Runs the cards workflow and waits until every card was read or nothing moved for 60 s. */
	async function trelloRun(label: string, prefix: string) {
		const total = EXECUTIONS * CARDS;
		const from = trello.arrivals.length;
		const started = Date.now();
		await startAll('cards', (e) => Array.from({ length: CARDS }, (_, c) => ({ id: `${prefix}${e}-${c}` })));
		const arrivals = () => trello.arrivals.slice(from).filter((a) => a.path.startsWith('/1/cards/'));
		const read = () => new Set(arrivals().filter((a) => a.kind === 'ok').map((a) => a.path)).size;
		let last = -1;
		let lastChange = Date.now();
		await waitFor(() => {
			const now = read();
			if (now !== last) {
				last = now;
				lastChange = Date.now();
			}
			return now >= total || Date.now() - lastChange > 60_000 ? true : undefined;
		}, 600_000);
		const done = arrivals();
		const refused = done.filter((a) => a.kind !== 'ok').length;
		if (process.env.BENCH_DEBUG) {
			const perSecond: number[] = [];
			for (const a of done.filter((a) => a.kind === 'ok')) perSecond[Math.floor((a.at - started) / 1000)] = (perSecond[Math.floor((a.at - started) / 1000)] ?? 0) + 1;
			process.stderr.write(`${label} refusals at ms: ${JSON.stringify(done.filter((a) => a.kind !== 'ok').map((a) => a.at - started))}; accepted per second: ${Array.from(perSecond, (n) => n ?? 0).join(' ')}\n`);
		}
		const wall = Math.max(...done.filter((a) => a.kind === 'ok').map((a) => a.at)) - started;
		rows.push([label, done.length, `${refused} (${((100 * refused) / done.length).toFixed(1)} %)`, total - read(), seconds(wall), '']);
		return { refused, requests: done.length, failed: total - read(), wall };
	}

	it('Trello: 2 workers, then 1 worker, 10 executions × 30 cards at once', async () => {
		const two = await trelloRun(`Trello, 2 workers: ${EXECUTIONS} × ${CARDS} cards`, 'a');
		await cluster.processes.worker2.stop();
		await new Promise((resolve) => setTimeout(resolve, 11_000));
		const one = await trelloRun(`Trello, 1 worker: ${EXECUTIONS} × ${CARDS} cards`, 'b');
		await cluster.startWorker('worker2');
		const share = two.refused / two.requests;
		goals.push([
			'Trello, 2 workers: ≤ 1 % of requests answered 429, 0 failed items, wall time ≤ 1.1 × one worker',
			`${(100 * share).toFixed(1)} % refused, ${two.failed} failed, ${ratio(two.wall / one.wall)} one worker's time`,
			share <= 0.01 && two.failed === 0 && two.wall <= 1.1 * one.wall ? 'met' : 'not met',
		]);
	});

	it('GitHub: 2 workers through one primary limit', async () => {
		github.remaining = GITHUB_BUDGET;
		github.resetAt = Math.floor(Date.now() / 1000) + GITHUB_RESET_S;
		const resetAt = github.resetAt * 1000;
		const from = github.arrivals.length;
		const started = Date.now();
		const total = EXECUTIONS * GITHUB_CALLS;
		await startAll('repos', (e) => Array.from({ length: GITHUB_CALLS }, (_, c) => ({ id: `repo-${e}-${c}` })));
		const arrivals = () => github.arrivals.slice(from).filter((a) => a.path.startsWith('/repos/octo/'));
		const read = () => new Set(arrivals().filter((a) => a.status === 200).map((a) => a.path)).size;
		await waitFor(() => (read() >= total ? true : undefined), 180_000).catch(() => undefined);
		const done = arrivals();
		const refused = done.filter((a) => a.status !== 200).length;
		const wall = Math.max(...done.filter((a) => a.status === 200).map((a) => a.at)) - started;
		const resetWait = resetAt - started;
		rows.push([`GitHub, 2 workers: ${EXECUTIONS} × ${GITHUB_CALLS} calls, ${GITHUB_BUDGET} left`, done.length, `${refused} (${((100 * refused) / done.length).toFixed(1)} %)`, total - read(), seconds(wall), `reset ${seconds(Math.max(0, resetWait))} after the start`]);
		goals.push(['GitHub, 2 workers: 0 failed items through the shared primary limit', `${total - read()} failed, ${refused} refused`, total === read() ? 'met' : 'not met']);
	});
});
