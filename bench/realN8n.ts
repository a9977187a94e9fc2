import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { RealN8n } from '../test/e2e/n8n';
import type { FakeRequest } from '../test/fakes/server';
import { HookStore } from '../test/githubTriggers/hookStore';
import { BenchGitHub, BenchTrello } from './fakes';

/**
 * n8n's Trello node has https://api.trello.com fixed. In the n8n process this preload sends
 * those requests to the loopback fake over plain HTTP (the in-process rows use nock for the same).
 */
const FORWARD_PRELOAD = `
const http = require('http');
const https = require('https');
const target = new URL(process.env.BENCH_FORWARD_TRELLO);
const original = https.request;
https.request = function (input, options, callback) {
	let opts;
	if (typeof input === 'string' || input instanceof URL) {
		const url = new URL(input);
		opts = { protocol: url.protocol, hostname: url.hostname, port: url.port, path: url.pathname + url.search };
		if (typeof options === 'function') callback = options;
		else if (options) Object.assign(opts, options);
	} else {
		opts = { ...input };
		callback = options;
	}
	const host = opts.hostname || String(opts.host || '').split(':')[0];
	if (host !== 'api.trello.com') return original.apply(this, arguments);
	const forwarded = { ...opts, protocol: 'http:', hostname: target.hostname, host: target.hostname, port: target.port };
	delete forwarded.agent;
	delete forwarded.agents;
	return http.request(forwarded, callback);
};
`;

interface TrelloHook {
	id: string;
	idModel: string;
	callbackURL: string;
	description: string;
	active: boolean;
}

/** Trello webhooks for both packages: ours registers with POST /1/webhooks and lists through the member's tokens, n8n's works under /1/tokens/{token}/webhooks. */
function installTrelloWebhooks(trello: BenchTrello, token: string): TrelloHook[] {
	const hooks: TrelloHook[] = [];
	let next = 1;
	const create = async (fields: Record<string, string>) => {
		const check = await fetch(fields.callbackURL, { method: 'HEAD' });
		if (check.status !== 200) return { status: 400, body: `URL (${fields.callbackURL}) did not return 200 status code, got ${check.status}` };
		const hook = { id: `65b00000000000000000${String(next++).padStart(4, '0')}`, idModel: fields.idModel, callbackURL: fields.callbackURL, description: fields.description ?? '', active: true };
		hooks.push(hook);
		return { body: hook };
	};
	const remove = (id: string) => {
		const index = hooks.findIndex((hook) => hook.id === id);
		if (index < 0) return { status: 404, body: 'model not found' };
		hooks.splice(index, 1);
		return { body: { _value: null } };
	};
	const fieldsOf = (request: FakeRequest) => ({ ...request.query, ...((typeof request.body === 'object' && request.body) || {}) }) as Record<string, string>;
	trello.on('GET', '/1/tokens/{token}/webhooks', (request) => (request.params.token === token ? { body: hooks } : { status: 401, body: 'invalid token' }));
	trello.on('GET', '/1/members/me/tokens', () => ({ body: [{ id: 'token-record', webhooks: hooks }] }));
	trello.on('POST', '/1/tokens/{token}/webhooks', async (request) => await create(fieldsOf(request)));
	trello.on('DELETE', '/1/tokens/{token}/webhooks/{id}', (request) => remove(request.params.id));
	trello.on('POST', '/1/webhooks', async (request) => await create(fieldsOf(request)));
	trello.on('DELETE', '/1/webhooks/{id}', (request) => remove(request.params.id));
	return hooks;
}

export interface Delivery {
	headers: Record<string, string>;
	rawBody: Buffer;
}

/** One trigger workflow to publish: its only node, and the deliveries to send it once its hook exists. */
export interface TriggerCase {
	label: string;
	/** Workflow and webhook id (also the webhook path: /webhook/bench-<id>/webhook). */
	id: string;
	node: Record<string, unknown>;
	/** Builds a round's signed corpus once the hook is registered (GitHub hooks carry their own secret); -1 is the warm-up. */
	deliveries: (hook: { callbackUrl: string; secret?: string }, roundIndex: number) => Delivery[];
}

/** One case over the rounds: per-round rates, and totals. */
export interface EndToEndResult {
	label: string;
	sent: number;
	accepted: number;
	refused: number;
	answeredPerSecond: number[];
	runs: number;
	/** Deliveries per second until the last run this burst started was saved, per round. */
	throughRunsPerSecond: number[];
}

export const GITHUB_TOKEN = 'ghp_benchE2eToken0123456789abcdefABCDEF';
export const TRELLO = { key: 'bench-e2e-trello-key-0123456789abcd', token: 'bench-e2e-trello-token-0123456789abcdef0123', secret: 'bench-e2e-trello-application-secret-01234' };

/** Sends every delivery, `concurrency` at a time; counts the answers. */
async function burst(url: string, deliveries: Delivery[], concurrency: number) {
	let next = 0;
	let accepted = 0;
	let refused = 0;
	const worker = async () => {
		while (next < deliveries.length) {
			const delivery = deliveries[next++];
			const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody });
			await response.arrayBuffer();
			if (response.status === 200) accepted++;
			else refused++;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return { accepted, refused };
}

async function runCount(n8n: RealN8n, workflowId: string): Promise<number> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const { json } = await n8n.rest('GET', `/executions?filter=${filter}&limit=1`);
	return Number((json.data as { count?: number } | undefined)?.count ?? 0);
}

/** Waits until the workflow's saved runs stop growing for `quietMs`; returns the count and when it last grew. */
async function settledRuns(n8n: RealN8n, workflowId: string, quietMs = 3_000) {
	let count = await runCount(n8n, workflowId);
	let grewAt = Date.now();
	const deadline = Date.now() + 120_000;
	while (Date.now() - grewAt < quietMs && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		const now = await runCount(n8n, workflowId);
		if (now !== count) {
			count = now;
			grewAt = Date.now();
		}
	}
	return { count, lastAt: grewAt };
}

/** The deliveries cut into `slices` contiguous parts of nearly equal size. */
function sliced<T>(items: T[], slices: number): T[][] {
	const parts = Math.max(1, Math.min(slices, items.length));
	return Array.from({ length: parts }, (_, i) => items.slice(Math.floor((i * items.length) / parts), Math.floor(((i + 1) * items.length) / parts)));
}

/**
 * Publishes every case's workflow in one real n8n (SQLite, as the quick start runs it), waits
 * until each registered its hook with the fakes, then measures in rounds. Within a round each
 * case's corpus is cut into `slices` parts and the cases take turns slice by slice, the order
 * reversed at every turn (ours, n8n's, then n8n's, ours, …): each case's round figure sums its
 * slices, so a change of load on the machine reaches both sides of a ratio alike.
 */
export async function measureInRealN8n(
	cases: TriggerCase[],
	options: { concurrency: number; rounds: number; slices: number },
): Promise<EndToEndResult[]> {
	const github = new BenchGitHub();
	const trello = new BenchTrello();
	const store = new HookStore(['octo/hello'], ['octo']);
	let n8n: RealN8n | undefined;
	try {
		await github.start();
		github.tokens.add(GITHUB_TOKEN);
		store.install(github);
		await trello.start();
		trello.accounts.push({ apiKey: TRELLO.key, apiToken: TRELLO.token });
		trello.on('GET', '/1/boards/{id}', (request) => ({ body: { id: request.params.id, name: 'Bench board', closed: false } }));
		trello.on('GET', '/1/members/me', () => ({ body: { id: '5a1e2f3a4b5c6d7e8f900001', username: 'bench' } }));
		const trelloHooks = installTrelloWebhooks(trello, TRELLO.token);

		n8n = await RealN8n.create();
		const preloadDir = mkdtempSync(join(tmpdir(), 'bench-forward-'));
		writeFileSync(join(preloadDir, 'forward.js'), FORWARD_PRELOAD);
		n8n.env.NODE_OPTIONS = `${n8n.env.NODE_OPTIONS ?? ''} --require ${join(preloadDir, 'forward.js')}`.trim();
		n8n.env.BENCH_FORWARD_TRELLO = trello.baseUrl;
		await n8n.importCredentials([
			{ id: 'benchGhOurs', name: 'GitHub (ours)', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
			{ id: 'benchGhN8n', name: 'GitHub (n8n)', type: 'githubApi', data: { server: github.apiUrl, user: '', accessToken: GITHUB_TOKEN } },
			{ id: 'benchTrOurs', name: 'Trello (ours)', type: 'trelloKeyTokenApi', data: { apiKey: TRELLO.key, apiToken: TRELLO.token, applicationSecret: TRELLO.secret, apiBaseUrl: trello.baseUrl } },
			{ id: 'benchTrN8n', name: 'Trello (n8n)', type: 'trelloApi', data: { apiKey: TRELLO.key, apiToken: TRELLO.token, oauthSecret: TRELLO.secret } },
		]);
		for (const c of cases) {
			await n8n.importWorkflow({
				id: c.id,
				name: `bench ${c.label}`,
				active: false,
				settings: { executionOrder: 'v1' },
				nodes: [{ id: `${c.id}-node`, name: 'Trigger', typeVersion: 1, position: [0, 0], webhookId: `bench-${c.id}`, ...c.node }],
				connections: {},
			});
			await n8n.publish(c.id);
		}
		await n8n.start();
		await n8n.signInAsOwner();

		const hooks = new Map<string, { callbackUrl: string; secret?: string }>();
		for (const c of cases) {
			const callbackUrl = `${n8n.baseUrl}/webhook/bench-${c.id}/webhook`;
			const deadline = Date.now() + 60_000;
			const registered = () =>
				store.hooks.some((hook) => hook.config.url === callbackUrl) || trelloHooks.some((hook) => hook.callbackURL === callbackUrl);
			while (!registered() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
			if (!registered()) throw new Error(`${c.label}: no webhook registered for ${callbackUrl}\n${n8n.log.slice(-3000)}`);
			const hook = { callbackUrl, secret: store.hooks.find((registeredHook) => registeredHook.config.url === callbackUrl)?.config.secret };
			hooks.set(c.id, hook);
			// Warm-up, untimed: n8n loads and compiles what the first webhook call needs.
			await burst(callbackUrl, c.deliveries(hook, -1).slice(0, 10), 1);
			await settledRuns(n8n, c.id);
		}

		const results: EndToEndResult[] = cases.map((c) => ({ label: c.label, sent: 0, accepted: 0, refused: 0, answeredPerSecond: [], runs: 0, throughRunsPerSecond: [] }));
		let turn = 0;
		for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
			const slicesOf = cases.map((c) => sliced(c.deliveries(hooks.get(c.id)!, roundIndex), options.slices));
			const answeredMs = cases.map(() => 0);
			const throughMs = cases.map(() => 0);
			for (let slice = 0; slice < options.slices; slice++) {
				const order = cases.map((_, i) => i);
				if (turn++ % 2 === 1) order.reverse();
				for (const which of order) {
					const deliveries = slicesOf[which][slice];
					if (!deliveries?.length) continue;
					const c = cases[which];
					const before = await runCount(n8n, c.id);
					const t0 = Date.now();
					const { accepted, refused } = await burst(hooks.get(c.id)!.callbackUrl, deliveries, options.concurrency);
					const answered = Date.now() - t0;
					// A second without a new run ends a slice; a later run is counted in the case's next slice.
					const { count, lastAt } = await settledRuns(n8n, c.id, 1_000);
					const result = results[which];
					result.sent += deliveries.length;
					result.accepted += accepted;
					result.refused += refused;
					result.runs += count - before;
					answeredMs[which] += answered;
					throughMs[which] += Math.max(answered, lastAt - t0);
				}
			}
			cases.forEach((_, which) => {
				const sent = slicesOf[which].reduce((sum, part) => sum + part.length, 0);
				results[which].answeredPerSecond.push((sent / answeredMs[which]) * 1000);
				results[which].throughRunsPerSecond.push((sent / throughMs[which]) * 1000);
			});
		}
		return results;
	} finally {
		await n8n?.dispose();
		await github.stop();
		await trello.stop();
	}
}
