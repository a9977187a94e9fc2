/**
 * A workflow as people build it with n8n's own nodes — GitHub Trigger (issues) → GitHub (comment on
 * the issue) → Trello (a card for it) — published in a real n8n and run for one delivery, then
 * converted, imported, published and run for the same delivery: the converted workflow sends the
 * requests the original sent.
 */
import { join } from 'path';

import { migrateWorkflow } from '../../migrate';
import { RealN8n, waitFor } from '../e2e/n8n';
import { gitHubSignature, untilHooksVerify } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import type { FakeRequest } from '../fakes/server';
import { HookStore } from '../githubTriggers/hookStore';
import { comparable } from './comparable';

const TOKEN = 'ghp_templateToken0123456789abcdefABCDEF';
const KEY = 'templateTrelloKey0123456789abcd';
const TRELLO_TOKEN = 'template'.padEnd(64, '0');
const LIST_ID = '5f2b8c1e9d3a4b0012a1c0a1';
const rl = (value: string) => ({ __rl: true, mode: 'name', value });

const ORIGINAL = {
	id: 'templateOriginal',
	name: 'Issue to Trello card',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'tpl-trigger',
			name: 'GitHub Trigger',
			type: 'n8n-nodes-base.githubTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'template-original-hook',
			parameters: { authentication: 'accessToken', owner: rl('octo'), repository: rl('hello'), events: ['issues'], options: {} },
			credentials: { githubApi: { id: 'n8nGitHub', name: 'GitHub account' } },
		},
		{
			id: 'tpl-comment',
			name: 'Thank the author',
			type: 'n8n-nodes-base.github',
			typeVersion: 1.1,
			position: [220, 0],
			parameters: {
				authentication: 'accessToken',
				resource: 'issue',
				operation: 'createComment',
				owner: rl('octo'),
				repository: rl('hello'),
				issueNumber: '={{ $json.body.issue.number }}',
				body: '=Thanks @{{ $json.body.issue.user.login }} for "{{ $json.body.issue.title }}" ({{ $json.headers["x-github-event"] }})',
			},
			credentials: { githubApi: { id: 'n8nGitHub', name: 'GitHub account' } },
		},
		{
			id: 'tpl-card',
			name: 'Card for the issue',
			type: 'n8n-nodes-base.trello',
			typeVersion: 1,
			position: [440, 0],
			parameters: {
				resource: 'card',
				operation: 'create',
				listId: LIST_ID,
				name: "={{ $('GitHub Trigger').item.json.body.issue.title }}",
				description: "={{ $('GitHub Trigger').item.json.body.issue.html_url }}\nComment {{ $json.id }}",
				additionalFields: {},
			},
			credentials: { trelloApi: { id: 'n8nTrello', name: 'Trello account' } },
		},
	],
	connections: {
		'GitHub Trigger': { main: [[{ node: 'Thank the author', type: 'main', index: 0 }]] },
		'Thank the author': { main: [[{ node: 'Card for the issue', type: 'main', index: 0 }]] },
	},
};

const OUR_CREDENTIALS = {
	github: { githubAccessTokenApi: { id: 'ourGitHub', name: 'GitHub token' } },
	trello: { trelloKeyTokenApi: { id: 'ourTrello', name: 'Trello key' } },
};

const issueOpened = JSON.stringify({
	action: 'opened',
	issue: { number: 7, title: 'Crash on start', html_url: 'https://github.com/octo/hello/issues/7', user: { login: 'mona' }, body: 'It crashes.' },
	repository: { id: 1296269, name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' } },
	sender: { login: 'mona' },
});

describe('an n8n-built GitHub → Trello workflow, converted, in a real n8n', () => {
	const github = new FakeGitHub();
	const trello = new FakeTrello();
	const store = new HookStore(['octo/hello'], ['octo']);
	let n8n: RealN8n;
	let comments = 0;
	let cards = 0;

	beforeAll(async () => {
		await github.start();
		await trello.start();
		github.tokens.add(TOKEN);
		store.install(github);
		github.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (request) => ({
			status: 201,
			body: { id: 9000 + ++comments, body: (request.body as { body: string }).body, html_url: `https://github.com/octo/hello/issues/${request.params.number}#issuecomment-${9000 + comments}` },
		}));
		trello.accounts.push({ apiKey: KEY, apiToken: TRELLO_TOKEN });
		trello.on('POST', '/1/cards', (request) => ({ body: { id: `65c0000000000000000000${String(++cards).padStart(2, '0')}`, idList: LIST_ID, name: request.query.name ?? (request.body as { name?: string })?.name } }));
		n8n = await RealN8n.create();
		// n8n's Trello node always calls https://api.trello.com: that origin goes to the loopback fake.
		n8n.env.NODE_OPTIONS = `${n8n.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(join(__dirname, '..', 'e2e', 'redirectOrigins.js'))}`;
		n8n.env.E2E_REDIRECT_ORIGINS = `https://api.trello.com=${trello.baseUrl}`;
		await n8n.importCredentials([
			{ id: 'n8nGitHub', name: 'GitHub account', type: 'githubApi', data: { server: github.apiUrl, user: 'octo', accessToken: TOKEN } },
			{ id: 'n8nTrello', name: 'Trello account', type: 'trelloApi', data: { apiKey: KEY, apiToken: TRELLO_TOKEN, oauthSecret: '' } },
			{ id: 'ourGitHub', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: TOKEN } },
			{ id: 'ourTrello', name: 'Trello key', type: 'trelloKeyTokenApi', data: { apiKey: KEY, apiToken: TRELLO_TOKEN, apiBaseUrl: trello.baseUrl } },
		]);
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
		await trello.stop();
	});

	/** Publishes the workflow, sends GitHub's delivery once its hook answers, and returns what the run sent. */
	async function runOnce(workflow: Record<string, unknown>, deliveryId: string) {
		const before = { hooks: github.requestsTo('POST', '/repos/octo/hello/hooks').length, comments: github.requestsTo('POST', '/repos/octo/hello/issues/7/comments').length, cards: trello.requestsTo('POST', '/1/cards').length };
		await n8n.importWorkflow(workflow);
		await n8n.publish(String(workflow.id));
		const hook = await waitFor(() => store.hooks[0], 30_000, () => n8n.log.slice(-3000));
		const registration = github.requestsTo('POST', '/repos/octo/hello/hooks')[before.hooks];
		await untilHooksVerify([hook]);
		const url = hook.config.url;
		const answer = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': deliveryId, 'x-hub-signature-256': gitHubSignature(hook.config.secret!, issueOpened) },
			body: issueOpened,
		});
		expect(answer.status).toBe(200);
		const card = await waitFor(() => trello.requestsTo('POST', '/1/cards')[before.cards], 60_000, () => n8n.log.slice(-3000));
		const comment = github.requestsTo('POST', '/repos/octo/hello/issues/7/comments')[before.comments];
		expect(github.requestsTo('POST', '/repos/octo/hello/issues/7/comments')).toHaveLength(before.comments + 1);
		await n8n.unpublish(String(workflow.id));
		await waitFor(() => (store.hooks.length === 0 ? true : undefined));
		return { registration: registration!, comment: comment!, card };
	}

	const sent = (request: FakeRequest) => comparable({ method: request.method, path: request.path, query: request.query, body: request.rawBody ? request.body : undefined });

	it('sends the same comment and card requests before and after conversion, with the hook registered alike', async () => {
		const { workflow, report } = migrateWorkflow(ORIGINAL);
		expect(report.problems).toEqual([]);
		expect(report.nodes.map((node) => [node.name, node.status === 'not-converted' ? node.notes : node.to?.type])).toEqual([
			['GitHub Trigger', 'n8n-nodes-github-trello.gitHubTrigger'],
			['Thank the author', 'n8n-nodes-github-trello.gitHub'],
			['Card for the issue', 'n8n-nodes-github-trello.trello'],
		]);
		const converted = {
			...workflow!,
			// n8n 1.x saves a workflow's static data (the trigger's hook and secret) only for ids of at most
			// 16 characters (isWorkflowIdValid), 2.x up to 21: an id of 17 left the copy's secret unsaved on 1.123.
			id: 'templateCopy',
			nodes: workflow!.nodes.map((node) => ({ ...node, credentials: /\.trello/i.test(String(node.type)) ? OUR_CREDENTIALS.trello : OUR_CREDENTIALS.github })),
		} as unknown as Record<string, unknown>;

		const original = await runOnce(ORIGINAL, 'template-delivery-1');
		const copy = await runOnce(converted, 'template-delivery-2');

		expect(original.comment.body).toEqual({ body: 'Thanks @mona for "Crash on start" (issues)' });
		expect(sent(copy.comment)).toEqual(sent(original.comment));
		expect(sent(original.card).query).toMatchObject({ idList: LIST_ID, name: 'Crash on start', desc: 'https://github.com/octo/hello/issues/7\nComment 9001' });
		// The copy's comment is GitHub's 9002nd: the card names the comment each run made.
		expect(sent(copy.card)).toEqual({ ...sent(original.card), query: { ...sent(original.card).query, desc: 'https://github.com/octo/hello/issues/7\nComment 9002' } });
		const hookOf = (request: FakeRequest) => {
			const { config, ...rest } = request.body as { config: Record<string, unknown> };
			const { url: _url, secret, ...settings } = config;
			return { ...rest, config: settings, secretLength: String(secret).length };
		};
		expect(hookOf(copy.registration)).toEqual(hookOf(original.registration));
	});
});
