/**
 * n8n's own AI Agent with this package's nodes as tools, in a real n8n: the OpenAI Chat Model points
 * at a scripted fake model on 127.0.0.1 that calls one tool per turn. Asserts what the fake services
 * receive, what the model receives (compact results, refusals naming the scope, service error detail)
 * and that no secret reaches the model or the execution data.
 */
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import type { ToolCall } from '../fakes/fakeModel';
import { FakeModel } from '../fakes/fakeModel';
import { PACKAGE, RealN8n } from '../e2e/n8n';

const GITHUB_TOKEN = 'ghp_agentE2eToken0123456789abcdefABCDEF';
const TRELLO = { apiKey: 'agent-e2e-key-0123456789abcdef', apiToken: 'agent-e2e-token-0123456789abcdef0123' };
const OPENAI_KEY = 'sk-agent-e2e-model-key';
const ALLOWED_BOARD = '5abbe4b7ddc1b351ef961414';
const OTHER_BOARD = '6bbbe4b7ddc1b351ef961499';
const CARD = '60aaaaaaaaaaaaaaaaaaaa01';

/** One tool call per model turn, in this order; then a final answer. */
const SCRIPT: ToolCall[] = [
	{ tool: 'github_issue', args: { owner: 'acme', repository: 'api', issue_number: 7 } },
	{ tool: 'github_issue', args: { owner: 'evil', repository: 'x', issue_number: 1 } },
	{ tool: 'github_api_post', args: { path: '/repos/acme/api/issues', body: '{"title":"Crash","assignees":["ghost"]}' } },
	{ tool: 'github_api_post', args: { path: '/repos/evil/x/issues', body: '{"title":"Exfiltrate"}' } },
	{ tool: 'trello_card', args: { card_id: CARD } },
	{ tool: 'trello_api_get', args: { path: `/1/boards/${OTHER_BOARD}` } },
];

/** A raw GitHub issue as the API returns it: long URLs and nested objects an agent does not need. */
function rawIssue(base: string) {
	const user = (login: string) => ({
		login,
		id: 583231,
		node_id: 'MDQ6VXNlcjU4MzIzMQ==',
		avatar_url: 'https://avatars.example.test/u/583231?v=4',
		gravatar_id: '',
		url: `${base}/users/${login}`,
		html_url: `https://github.example.test/${login}`,
		followers_url: `${base}/users/${login}/followers`,
		following_url: `${base}/users/${login}/following{/other_user}`,
		gists_url: `${base}/users/${login}/gists{/gist_id}`,
		starred_url: `${base}/users/${login}/starred{/owner}{/repo}`,
		subscriptions_url: `${base}/users/${login}/subscriptions`,
		organizations_url: `${base}/users/${login}/orgs`,
		repos_url: `${base}/users/${login}/repos`,
		events_url: `${base}/users/${login}/events{/privacy}`,
		received_events_url: `${base}/users/${login}/received_events`,
		type: 'User',
		site_admin: false,
	});
	return {
		url: `${base}/repos/acme/api/issues/7`,
		repository_url: `${base}/repos/acme/api`,
		labels_url: `${base}/repos/acme/api/issues/7/labels{/name}`,
		comments_url: `${base}/repos/acme/api/issues/7/comments`,
		events_url: `${base}/repos/acme/api/issues/7/events`,
		html_url: 'https://github.example.test/acme/api/issues/7',
		id: 1,
		node_id: 'MDU6SXNzdWUx',
		number: 7,
		title: 'Login fails on Safari',
		user: user('octocat'),
		labels: [{ id: 208045946, node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=', url: `${base}/repos/acme/api/labels/bug`, name: 'bug', description: "Something isn't working", color: 'f29513', default: true }],
		state: 'open',
		locked: false,
		assignee: user('hubot'),
		assignees: [user('hubot')],
		milestone: null,
		comments: 3,
		created_at: '2026-11-01T10:00:00Z',
		updated_at: '2026-11-02T10:00:00Z',
		closed_at: null,
		author_association: 'MEMBER',
		body: 'Steps: open the login page in Safari 18 and press Sign in.',
		reactions: { url: `${base}/repos/acme/api/issues/7/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
		timeline_url: `${base}/repos/acme/api/issues/7/timeline`,
		state_reason: null,
	};
}

const fromAI = (name: string, description: string, type = 'string') => `={{ $fromAI('${name}', '${description}', '${type}') }}`;

function agentWorkflow(): Record<string, unknown> {
	const github = { githubAccessTokenApi: { id: 'ghScoped', name: 'GitHub scoped' } };
	const trello = { trelloKeyTokenApi: { id: 'trScoped', name: 'Trello scoped' } };
	const tool = (name: string, type: string, parameters: Record<string, unknown>, credentials: Record<string, unknown>, y: number) => ({
		id: name,
		name,
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [200, y],
		parameters,
		credentials,
	});
	const nodes = [
		{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'agent',
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3.1,
			position: [200, 0],
			parameters: { promptType: 'define', text: 'Triage issue acme/api#7 and file what is needed.', options: {} },
		},
		{
			id: 'model',
			name: 'OpenAI Chat Model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			position: [0, 200],
			parameters: { model: { __rl: true, mode: 'id', value: 'fake-model' }, responsesApiEnabled: false, options: {} },
			credentials: { openAiApi: { id: 'model', name: 'Fake model' } },
		},
		tool(
			'github_issue',
			'gitHubTool',
			{
				resource: 'issue',
				operation: 'get',
				owner: { __rl: true, mode: 'name', value: fromAI('owner', 'Repository owner') },
				repository: { __rl: true, mode: 'name', value: fromAI('repository', 'Repository name') },
				issueNumber: { __rl: true, mode: 'id', value: fromAI('issue_number', 'Issue number', 'number') },
			},
			github,
			200,
		),
		tool(
			'github_api_post',
			'githubApiCallTool',
			{ method: 'POST', endpoint: fromAI('path', 'Path of the REST endpoint'), body: fromAI('body', 'JSON body') },
			github,
			300,
		),
		tool(
			'trello_card',
			'trelloTool',
			{ resource: 'card', operation: 'get', card: { __rl: true, mode: 'id', value: fromAI('card_id', 'Card id') } },
			trello,
			400,
		),
		tool('trello_api_get', 'trelloApiCallTool', { method: 'GET', endpoint: fromAI('path', 'Path under /1/') }, trello, 500),
	];
	const toolLink = (name: string) => ({ [name]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] } });
	return {
		id: 'agentTools',
		name: 'e2e agent tools',
		nodes,
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			...toolLink('github_issue'),
			...toolLink('github_api_post'),
			...toolLink('trello_card'),
			...toolLink('trello_api_get'),
		},
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

describe("n8n's AI Agent with the package's nodes as tools (fake model, scoped credentials)", () => {
	const github = new FakeGitHub();
	const trello = new FakeTrello();
	const model = new FakeModel(() => ({ steps: SCRIPT, answer: 'Done.' }));
	let n8n: RealN8n;

	beforeAll(async () => {
		await Promise.all([github.start(), trello.start(), model.start()]);
		github.tokens.add(GITHUB_TOKEN);
		trello.accounts.push(TRELLO);
		github
			.on('GET', '/repos/{owner}/{repo}/issues/{number}', () => ({ body: rawIssue(github.apiUrl) }))
			.on('POST', '/repos/{owner}/{repo}/issues', () => ({
				status: 422,
				body: {
					message: 'Validation Failed',
					errors: [{ resource: 'Issue', field: 'assignees', code: 'invalid', value: 'ghost' }],
					documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
				},
			}));
		const card = {
			id: CARD,
			name: 'Fix login',
			desc: 'Safari only',
			idBoard: ALLOWED_BOARD,
			idList: '60bbbbbbbbbbbbbbbbbbbb02',
			due: null,
			labels: [],
			idMembers: [],
			shortUrl: 'https://trello.example.test/c/AbCd1234',
			url: 'https://trello.example.test/c/AbCd1234/1-fix-login',
			badges: { votes: 0, attachments: 0, comments: 0, checkItems: 0, checkItemsChecked: 0, description: true },
			pos: 16384,
			dateLastActivity: '2026-11-02T10:00:00.000Z',
		};
		trello
			.on('GET', '/1/cards/{id}', () => ({ body: card }))
			.on('GET', '/1/cards/{id}/board', () => ({ body: { id: ALLOWED_BOARD } }))
			.on('GET', '/1/boards/{id}', (request) => ({ body: { id: request.params.id, name: 'Other' } }));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{
				id: 'ghScoped',
				name: 'GitHub scoped',
				type: 'githubAccessTokenApi',
				data: { server: github.apiUrl, accessToken: GITHUB_TOKEN, allowedRepositories: 'acme/api', accessLevel: 'readWrite' },
			},
			{
				id: 'trScoped',
				name: 'Trello scoped',
				type: 'trelloKeyTokenApi',
				data: { ...TRELLO, apiBaseUrl: trello.baseUrl, allowedBoards: ALLOWED_BOARD, accessLevel: 'readWrite' },
			},
			{ id: 'model', name: 'Fake model', type: 'openAiApi', data: { apiKey: OPENAI_KEY, url: `${model.baseUrl}/v1` } },
		]);
		await n8n.importWorkflow(agentWorkflow());
	});

	afterAll(async () => {
		await n8n?.dispose();
		await Promise.all([github.stop(), trello.stop(), model.stop()]);
	});

	it('gives the model compact results, refusals naming the scope and the service detail; sends nothing outside the scope', async () => {
		const result = await n8n.execute('agentTools');
		const answer = result.runData['AI Agent']?.[0]?.data?.main[0][0].json.output;
		expect(answer).toBe('Done.');

		// The model was offered the four tools under their node names.
		const offered = FakeModel.offeredTools(model.requests[0]).sort();
		expect(offered).toEqual(['github_api_post', 'github_issue', 'trello_api_get', 'trello_card']);
		expect(model.requests).toHaveLength(SCRIPT.length + 1);

		const [issue, githubRefusal, githubValidation, githubPostRefusal, cardResult, trelloRefusal] = model.toolResults();

		// 1. Compact issue: what an agent needs, none of the API's URL templates or node ids.
		expect(issue).toContain('"number":7');
		expect(issue).toContain('Login fails on Safari');
		expect(issue).toContain('hubot');
		expect(issue).toContain('bug');
		expect(issue).not.toContain('events_url');
		expect(issue).not.toContain('node_id');
		expect(issue.length).toBeLessThan(0.3 * JSON.stringify(rawIssue(github.apiUrl)).length);

		// 2 and 4. Refusals name what is allowed (n8n hands the model the error's message).
		const githubScopeRefusal = JSON.stringify([
			{ error: 'Refused: the repository "evil/x" is outside the credential\'s scope. Allowed repositories: acme/api.' },
		]);
		expect(githubRefusal).toBe(githubScopeRefusal);
		expect(githubPostRefusal).toBe(githubScopeRefusal);

		// 3. GitHub's own detail reaches the model, not just "Validation Failed".
		expect(githubValidation).toBe(JSON.stringify([{ error: 'GitHub answered 422: Validation Failed (Issue assignees invalid)' }]));

		// 5. Compact card; 6. the other board is refused naming the allowed one.
		expect(cardResult).toBe(
			JSON.stringify([
				{ id: CARD, name: 'Fix login', url: 'https://trello.example.test/c/AbCd1234', idList: '60bbbbbbbbbbbbbbbbbbbb02', due: null, labels: [], desc: 'Safari only', trust: 'unknown' },
			]),
		);
		expect(trelloRefusal).toBe(
			JSON.stringify([
				{ error: `Refused: the board "${OTHER_BOARD}" is outside the credential's scope. Allowed boards: ${ALLOWED_BOARD}.` },
			]),
		);

		// What the services received: the two in-scope GitHub requests, Trello's card only.
		expect(github.received.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /repos/acme/api/issues/7',
			'POST /repos/acme/api/issues',
		]);
		expect(github.received[1].body).toEqual({ title: 'Crash', assignees: ['ghost'] });
		// Trello: the card's board look-up (a read) before the card itself; nothing for the other board.
		expect(trello.received.map((request) => ({ line: `${request.method} ${request.path}`, query: request.query }))).toEqual([
			{ line: `GET /1/cards/${CARD}`, query: { fields: 'idBoard' } },
			{ line: `GET /1/cards/${CARD}`, query: {} },
		]);

		// No secret in anything the model saw, nor in the execution data n8n keeps.
		const seenByModel = JSON.stringify(model.requests);
		const executionData = JSON.stringify(result.raw);
		for (const secret of [GITHUB_TOKEN, TRELLO.apiKey, TRELLO.apiToken, OPENAI_KEY]) {
			expect(seenByModel).not.toContain(secret);
			expect(executionData).not.toContain(secret);
		}
	});
});
