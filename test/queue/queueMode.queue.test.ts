import { createHmac } from 'crypto';

import { chainWorkflow, PACKAGE, waitFor, WORKER_CONCURRENCY } from '../e2e/n8n';
import { commentNode, dispatchNode, followRealClock, gitHubSignature, gitHubTriggerNode, issueOpened, pollTriggerNode, replyWith, untilHooksVerify } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import { TrelloWebhookStore } from '../fakes/trelloWebhooks';
import { SimulatedRepository } from '../fakes/simulatedRepository';
import { HookStore } from '../githubTriggers/hookStore';
import { actions, BOARD, CARD, delivery, ME } from '../trelloTriggers/fixtures';
import { QueueCluster } from './cluster';

const GITHUB_TOKEN = 'ghp_queueModeToken0123456789abcdefABCD';
const TRELLO_KEY = 'queue-trello-key-0123456789';
const TRELLO_TOKEN = 'queue-trello-token-0123456789abcdef';
const TRELLO_SECRET = 'queue-trello-application-secret-0123';
const GITHUB_HOOK = 'queue-github-trigger';
const TRELLO_HOOK = 'queue-trello-trigger';
const CARDS_PER_EXECUTION = 30;
const PACED_EXECUTIONS = 10;

const github = { githubAccessTokenApi: { id: 'qGh', name: 'GitHub token' } };
const trello = { trelloKeyTokenApi: { id: 'qTr', name: 'Trello key' } };
const pacedTrello = { trelloKeyTokenApi: { id: 'qTrPaced', name: 'Trello key (paced)' } };

// GitHub Toolkit Poll Trigger (New Issue of octo/polled, three poll times a minute) → a dispatch per item.
const pollWorkflow = chainWorkflow(
	'queuePoll',
	[
		pollTriggerNode(github, ['newIssue'], { repositories: ['polled'] }),
		dispatchNode(github, 'octo/polled', '={{ JSON.stringify({ event_type: "polled", client_payload: { number: $json.payload.issue.number } }) }}'),
	],
	'queue GitHub Poll Trigger',
);

const workflows = [
	chainWorkflow(
		'queueGitHub',
		[
			gitHubTriggerNode(GITHUB_HOOK, github, { triggers: ['newIssue'] }),
			commentNode(github, '=/repos/octo/hello/issues/{{ $json.payload.issue.number }}/comments', '={{ JSON.stringify({ body: $json.deliveryId }) }}'),
		],
		'queue GitHub Trigger',
	),
	{
		id: 'queueTrello',
		name: 'queue Trello Trigger',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'trigger',
				name: 'Trello Trigger',
				type: `${PACKAGE}.trelloTrigger`,
				typeVersion: 1,
				position: [0, 0],
				webhookId: TRELLO_HOOK,
				parameters: { authentication: 'keyToken', event: 'newComment', boards: [BOARD.id] },
				credentials: trello,
			},
			{
				id: 'read',
				name: 'Read Card',
				type: `${PACKAGE}.trelloApiCall`,
				typeVersion: 1,
				position: [200, 0],
				parameters: {
					authentication: 'keyToken',
					method: 'GET',
					endpoint: '=/1/cards/{{ $json.card.id }}',
					queryParameters: { parameter: [{ name: 'action', value: '={{ $json.actionId }}' }] },
				},
				credentials: trello,
			},
		],
		connections: { 'Trello Trigger': { main: [[{ node: 'Read Card', type: 'main', index: 0 }]] } },
	},
	{
		// n8n's Webhook → one item per card → a Trello read per card, all on one token.
		id: 'queuePacing',
		name: 'queue Trello pacing',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: 'hook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'queue-pacing', parameters: { httpMethod: 'POST', path: 'pace', responseMode: 'onReceived' } },
			{ id: 'split', name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [200, 0], parameters: { fieldToSplitOut: 'body.cards' } },
			{
				id: 'read',
				name: 'Read Card',
				type: `${PACKAGE}.trelloApiCall`,
				typeVersion: 1,
				position: [400, 0],
				parameters: { authentication: 'keyToken', method: 'GET', endpoint: '=/1/cards/{{ $json.id }}' },
				credentials: pacedTrello,
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: 'Read Card', type: 'main', index: 0 }]] },
		},
	},
	pollWorkflow,
];

/** A poll comes at most 20 s after a change (E2E_POLL_TIMES); the rest is room for a loaded machine. */
const POLL_WAIT_MS = 150_000;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('the package in n8n queue mode: main + 2 workers + a webhook process', () => {
	const gitHubApi = new FakeGitHub();
	const hookStore = new HookStore(['octo/hello'], ['octo']);
	const trelloApi = new FakeTrello();
	const pacedTrelloApi = new FakeTrello();
	let trelloHooks: TrelloWebhookStore;
	let cluster: QueueCluster;
	let secret = '';
	/** The repository the Poll Trigger workflow watches; GitHub's clock follows the real one. */
	const polled = new SimulatedRepository('octo', 'polled');
	/** When the poll workflow's issue list was asked (ms), by whichever process. */
	const issueListReads: number[] = [];
	const measured: Record<string, unknown> = {};

	beforeAll(async () => {
		await Promise.all([gitHubApi.start(), trelloApi.start(), pacedTrelloApi.start()]);
		gitHubApi.tokens.add(GITHUB_TOKEN);
		hookStore.install(gitHubApi);
		gitHubApi.on('GET', '/repos/{owner}/{repo}/issues', (request) => {
			followRealClock(polled);
			const answer = polled.answer('GET', request.path, request.query, request.headers);
			if (answer) issueListReads.push(Date.now());
			return replyWith(answer);
		});
		gitHubApi.on('POST', '/repos/{owner}/{repo}/dispatches', () => ({ status: 204 }));
		gitHubApi.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (request) => ({ status: 201, body: { id: 1, body: (request.body as { body: string }).body } }));
		for (const api of [trelloApi, pacedTrelloApi]) {
			api.accounts.push({ apiKey: TRELLO_KEY, apiToken: TRELLO_TOKEN });
			api.on('GET', '/1/cards/{id}', (request) => ({ body: { id: request.params.id, name: CARD.name } }));
		}
		trelloApi.on('GET', '/1/members/me', () => ({ body: { id: ME.id, username: ME.username, fullName: ME.fullName } }));
		trelloApi.on('GET', '/1/boards/{id}', () => ({ body: { id: BOARD.id, name: BOARD.name, closed: false } }));
		trelloHooks = new TrelloWebhookStore().install(trelloApi);
		pacedTrelloApi.enforceLimit = true;

		cluster = await QueueCluster.create();
		await cluster.main.importCredentials([
			{ id: 'qGh', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: gitHubApi.apiUrl, accessToken: GITHUB_TOKEN } },
			{ id: 'qTr', name: 'Trello key', type: 'trelloKeyTokenApi', data: { apiKey: TRELLO_KEY, apiToken: TRELLO_TOKEN, applicationSecret: TRELLO_SECRET, apiBaseUrl: trelloApi.baseUrl } },
			{ id: 'qTrPaced', name: 'Trello key (paced)', type: 'trelloKeyTokenApi', data: { apiKey: TRELLO_KEY, apiToken: TRELLO_TOKEN, apiBaseUrl: pacedTrelloApi.baseUrl } },
		]);
		for (const workflow of workflows) await cluster.main.importWorkflow(workflow);
		for (const workflow of workflows) await cluster.main.publish(String(workflow.id));
		await cluster.start();
	});

	afterAll(async () => {
		if (Object.keys(measured).length) console.log(`queue-mode measurements: ${JSON.stringify(measured)}`);
		await cluster?.dispose();
		await Promise.all([gitHubApi.stop(), trelloApi.stop(), pacedTrelloApi.stop()]);
	});

	const comments = (number: number) => gitHubApi.requestsTo('POST', `/repos/octo/hello/issues/${number}/comments`);
	const sendGitHub = async (to: 'main' | 'webhook', deliveryId: string, number: number, key = secret) => {
		const body = issueOpened(number);
		const response = await fetch(cluster.webhookUrl(to, `${GITHUB_HOOK}/webhook`), {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': deliveryId, 'x-hub-signature-256': gitHubSignature(key, body) },
			body,
		});
		return response.status;
	};
	/** Sends a fresh delivery and waits for its execution: everything sent before it has been handled. */
	let markers = 0;
	const settle = async () => {
		const number = 9000 + ++markers;
		await sendGitHub('main', `marker-${number}`, number);
		await waitFor(() => (comments(number).length ? true : undefined), 60_000);
		await sleep(1000);
	};
	const trelloCallback = () => `${cluster.main.baseUrl}/webhook/${TRELLO_HOOK}/webhook`;
	const sendTrello = async (to: 'main' | 'webhook', body: string, key = TRELLO_SECRET) => {
		const signature = createHmac('sha1', key).update(body + trelloCallback()).digest('base64');
		const response = await fetch(cluster.webhookUrl(to, `${TRELLO_HOOK}/webhook`), {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-trello-webhook': signature },
			body,
		});
		return response.status;
	};
	const trelloRuns = (actionId: string) => trelloApi.received.filter((r) => r.path === `/1/cards/${CARD.id}` && r.query.action === actionId).length;

	it('registers each hook once, with all four processes running', async () => {
		const hook = await waitFor(() => hookStore.hooks[0], 60_000);
		await waitFor(() => trelloHooks.hooks[0], 60_000);
		await sleep(3000);
		expect(hookStore.hooks).toHaveLength(1);
		expect(hook).toMatchObject({ owner: 'octo', repo: 'hello', events: ['issues'], config: { url: `${cluster.main.baseUrl}/webhook/${GITHUB_HOOK}/webhook` } });
		expect(gitHubApi.requestsTo('POST', '/repos/octo/hello/hooks')).toHaveLength(1);
		expect(trelloHooks.hooks).toHaveLength(1);
		expect(trelloApi.requestsTo('POST', '/1/webhooks')).toHaveLength(1);
		await untilHooksVerify([hook]);
		secret = hook.config.secret!;
	});

	it('runs each signed delivery once, on a worker, whichever process receives it; refuses forged ones everywhere', async () => {
		const before = cluster.executionsStarted('worker1') + cluster.executionsStarted('worker2');
		for (let number = 1; number <= 6; number++) {
			expect(await sendGitHub(number % 2 ? 'main' : 'webhook', `guid-${number}`, number)).toBe(200);
		}
		const comment = actions.commentAdded();
		expect(await sendTrello('webhook', JSON.stringify(delivery(comment, undefined, trelloCallback())))).toBe(200);
		for (const to of ['main', 'webhook'] as const) {
			expect(await sendGitHub(to, `forged-${to}`, 100, 'f'.repeat(64))).toBe(401);
			expect(await sendTrello(to, JSON.stringify(delivery(actions.commentAdded(), undefined, trelloCallback())), 'not-the-secret')).toBe(401);
		}
		await settle();
		for (let number = 1; number <= 6; number++) {
			expect(comments(number).map((r) => r.body)).toEqual([{ body: `guid-${number}` }]);
		}
		expect(comments(100)).toHaveLength(0);
		expect(trelloRuns(String(comment.id))).toBe(1);
		// 6 GitHub deliveries, 1 Trello action and the marker ran on the workers; main and the webhook process ran none.
		expect(cluster.executionsStarted('worker1') + cluster.executionsStarted('worker2') - before).toBe(8);
		expect(cluster.executionsStarted('main') + cluster.executionsStarted('webhook')).toBe(0);
	});

	it('starts no second execution for a copy that reaches the same process again', async () => {
		for (let number = 1; number <= 6; number++) {
			expect(await sendGitHub(number % 2 ? 'main' : 'webhook', `guid-${number}`, number)).toBe(200);
		}
		await settle();
		for (let number = 1; number <= 6; number++) expect(comments(number)).toHaveLength(1);
		const comment = actions.commentAdded();
		const body = JSON.stringify(delivery(comment, undefined, trelloCallback()));
		expect(await sendTrello('main', body)).toBe(200);
		await settle();
		expect(await sendTrello('main', body)).toBe(200);
		await settle();
		expect(trelloRuns(String(comment.id))).toBe(1);
	});

	it('finds why: n8n 2.41 does not write the static data a webhook call changed when that call started an execution', async () => {
		const comment = actions.commentAdded();
		const body = JSON.stringify(delivery(comment, undefined, trelloCallback()));
		const before = cluster.staticDataInDatabase('queueTrello');
		expect(await sendTrello('webhook', body)).toBe(200);
		await settle();
		expect(trelloRuns(String(comment.id))).toBe(1);
		// The trigger recorded the action id in its node's static data (the unit tests show the record
		// and n8n's change flag set); the row the processes share still holds what it held before.
		const after = cluster.staticDataInDatabase('queueTrello');
		measured.staticDataAfterExecutionCall = { actionIdInDatabase: JSON.stringify(after).includes(String(comment.id)) };
		expect(JSON.stringify(after)).not.toContain(String(comment.id));
		expect(after).toEqual(before);
	});

	// Known gap in n8n 2.41 queue mode (docs/queue-mode.md): a webhook call that starts an execution
	// leaves no record other processes see, so a copy at another process, or at a restarted one,
	// runs again. These tests pass only while that is so; they fail once it stops being true.
	it.failing('KNOWN GAP: a redelivery that reaches another process starts no second execution', async () => {
		for (let number = 1; number <= 6; number++) {
			expect(await sendGitHub(number % 2 ? 'webhook' : 'main', `guid-${number}`, number)).toBe(200);
		}
		const comment = actions.commentAdded();
		const body = JSON.stringify(delivery(comment, undefined, trelloCallback()));
		expect(await sendTrello('main', body)).toBe(200);
		await settle();
		expect(await sendTrello('webhook', body)).toBe(200);
		await settle();
		const runs = Array.from({ length: 6 }, (_, i) => comments(i + 1).length);
		measured.redeliveryToAnotherProcess = { githubDeliveries: 6, githubSecondExecutions: runs.filter((n) => n > 1).length, trelloSecondExecutions: trelloRuns(String(comment.id)) - 1 };
		expect(runs).toEqual(Array(6).fill(1));
		expect(trelloRuns(String(comment.id))).toBe(1);
	});

	it.failing('KNOWN GAP: a redelivery after the webhook process restarted starts no second execution', async () => {
		const before = Array.from({ length: 6 }, (_, i) => comments(i + 1).length);
		await cluster.processes.webhook.stop();
		await cluster.startWebhookProcess();
		for (let number = 1; number <= 6; number++) expect(await sendGitHub('webhook', `guid-${number}`, number)).toBe(200);
		await settle();
		const after = Array.from({ length: 6 }, (_, i) => comments(i + 1).length);
		measured.redeliveryAfterRestart = { githubDeliveries: 6, secondExecutions: after.filter((n, i) => n > before[i]).length };
		expect(after).toEqual(before);
	});

	it('measures the cases static data cannot close: copies at two processes at the same moment', async () => {
		const ROUNDS = 10;
		// The same id at both processes at once.
		await Promise.all(
			Array.from({ length: ROUNDS }, async (_, i) => {
				const number = 200 + i;
				await Promise.all([sendGitHub('main', `same-${number}`, number), sendGitHub('webhook', `same-${number}`, number)]);
			}),
		);
		await settle();
		const sameIdRuns = Array.from({ length: ROUNDS }, (_, i) => comments(200 + i).length);
		expect(sameIdRuns.every((runs) => runs >= 1)).toBe(true);

		// Different ids at both processes at once, then each sent again to the other process.
		await Promise.all(Array.from({ length: ROUNDS * 2 }, async (_, i) => await sendGitHub(i % 2 ? 'main' : 'webhook', `burst-${300 + i}`, 300 + i)));
		await settle();
		await Promise.all(Array.from({ length: ROUNDS * 2 }, async (_, i) => await sendGitHub(i % 2 ? 'webhook' : 'main', `burst-${300 + i}`, 300 + i)));
		await settle();
		const burstRuns = Array.from({ length: ROUNDS * 2 }, (_, i) => comments(300 + i).length);
		expect(burstRuns.every((runs) => runs >= 1)).toBe(true);

		measured.sameIdAtTwoProcesses = { pairs: ROUNDS, secondExecutions: sameIdRuns.reduce((sum, runs) => sum + runs - 1, 0) };
		measured.redeliveryAfterConcurrentBurst = { deliveries: ROUNDS * 2, secondExecutions: burstRuns.reduce((sum, runs) => sum + runs - 1, 0) };
	});

	it(`keeps two workers sharing a Trello token under its limit: ${PACED_EXECUTIONS} executions × ${CARDS_PER_EXECUTION} cards at once`, async () => {
		const before = { worker1: cluster.executionsStarted('worker1'), worker2: cluster.executionsStarted('worker2') };
		const started = Date.now();
		const statuses = await Promise.all(
			Array.from({ length: PACED_EXECUTIONS }, async (_, e) => {
				const cards = Array.from({ length: CARDS_PER_EXECUTION }, (_, c) => ({ id: `c${String(e).padStart(2, '0')}${String(c).padStart(3, '0')}` }));
				const response = await fetch(cluster.webhookUrl(e % 2 ? 'main' : 'webhook', 'pace'), {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ cards }),
				});
				return response.status;
			}),
		);
		expect(statuses).toEqual(Array(PACED_EXECUTIONS).fill(200));
		const total = PACED_EXECUTIONS * CARDS_PER_EXECUTION;
		const cardReads = () => pacedTrelloApi.received.filter((r) => r.path.startsWith('/1/cards/'));
		await waitFor(() => (cardReads().length - pacedTrelloApi.refusals.length >= total ? true : undefined), 180_000);
		const wallMs = Date.now() - started;
		const refused = pacedTrelloApi.refusals.length;
		measured.trelloPacing = { executions: PACED_EXECUTIONS, cards: total, requests: cardReads().length, refused, refusedAtMs: pacedTrelloApi.refusedAt.map((at) => at - started), wallMs };
		// Every card read once successfully, and both workers took part.
		expect(new Set(cardReads().filter((r) => !pacedTrelloApi.refusals.includes(r)).map((r) => r.path)).size).toBe(total);
		expect(cluster.executionsStarted('worker1')).toBeGreaterThan(before.worker1);
		expect(cluster.executionsStarted('worker2')).toBeGreaterThan(before.worker2);
		// The 1 % goal is kept by the simulated processes of test/transport/sharedPacing.test.ts; real ones
		// on a loaded machine reach it in most runs, not all. A worker's requests in flight are invisible to
		// the other: once in CI five arrived together as the first window's slots left it (7 of 307 refused).
		// At most two such bursts of one worker's concurrency; pacing per process alone had 4–6 % refused.
		expect(refused).toBeLessThanOrEqual(2 * WORKER_CONCURRENCY);
	});

	it('polls once per poll time (main, the leader, alone polls): each new issue is one execution, run on a worker', async () => {
		const polledDispatches = () => gitHubApi.requestsTo('POST', '/repos/octo/polled/dispatches').map((request) => (request.body as { client_payload: { number: number } }).client_payload.number);
		const workers = () => cluster.executionsStarted('worker1') + cluster.executionsStarted('worker2');
		const openIssue = () => {
			followRealClock(polled, 1000);
			return Number(polled.openIssue('polled in queue mode').number);
		};
		// Activation polled at once (the since walk is the second read).
		await waitFor(() => (issueListReads.length >= 2 ? true : undefined), POLL_WAIT_MS);
		const before = { workers: workers(), others: cluster.executionsStarted('main') + cluster.executionsStarted('webhook') };
		const first = openIssue();
		await waitFor(() => (polledDispatches().length >= 1 ? true : undefined), POLL_WAIT_MS);
		const afterFirst = issueListReads.length;
		await waitFor(() => (issueListReads.length >= afterFirst + 1 ? true : undefined), POLL_WAIT_MS);
		const second = openIssue();
		await waitFor(() => (polledDispatches().length >= 2 ? true : undefined), POLL_WAIT_MS);
		const settled = issueListReads.length;
		await waitFor(() => (issueListReads.length >= settled + 1 ? true : undefined), POLL_WAIT_MS);
		expect(polledDispatches()).toEqual([first, second]);
		// After the activation's two reads, one read per poll time, never two processes at once. The poll
		// times are the wall clock's :00, :20 and :40, and a loaded machine may start one several seconds
		// late (CI once saw 13 s between two reads), so each read is counted in the 20 s it fell in.
		const pollTimesRead = issueListReads.slice(2).map((at) => Math.floor(at / 20_000));
		expect(pollTimesRead.length).toBeGreaterThanOrEqual(4);
		expect(new Set(pollTimesRead).size).toBe(pollTimesRead.length);
		expect(workers() - before.workers).toBe(2);
		expect(cluster.executionsStarted('main') + cluster.executionsStarted('webhook')).toBe(before.others);
	}, 900_000);

	it('removes the hooks when the workflows are unpublished', async () => {
		await cluster.main.unpublishViaEditor('queueGitHub');
		await cluster.main.unpublishViaEditor('queueTrello');
		await waitFor(() => (hookStore.hooks.length === 0 && trelloHooks.hooks.length === 0 ? true : undefined), 60_000).catch(() => undefined);
		expect(hookStore.hooks).toEqual([]);
		expect(trelloHooks.hooks).toEqual([]);
		expect(await sendGitHub('webhook', 'after-unpublish', 500)).toBe(404);
	});
});
