/**
 * The flows agents run, from an MCP client: a real n8n with one published MCP Server Trigger whose
 * tools are GitHub Toolkit operations agents chain (why did CI fail, commit a fix, review a pull
 * request, move it on the project board, update several project items, hand an issue to Copilot, read the
 * Trello Inbox), driven by the official MCP SDK
 * client over Streamable HTTP against the fake GitHub. Asserts the exact requests the fake received
 * (method, path, query, body; GraphQL documents by name with their variables) and the exact text the
 * client receives. Runs on n8n 2.x and 1.x.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { COPILOT_ASSIGNEE } from '../../nodes/GitHub/actions/issue/copilot';
import { PROJECT_FIELDS_QUERY } from '../../nodes/GitHub/actions/project/handlers';
import { ITEMS_BY_ID_QUERY, updateItemsMutation } from '../../nodes/GitHub/actions/project/batch';
import { CONTENT_PROJECT_ITEM_QUERY, UPDATE_FIELD_MUTATION } from '../../nodes/GitHub/actions/project/items';
import { ADD_REVIEW_THREAD_MUTATION } from '../../nodes/GitHub/actions/pullRequest/pendingReview';
import { BLAME_QUERY, FILE_ON_DEFAULT_BRANCH_QUERY } from '../../nodes/GitHub/actions/file/blame';
import { simplifyWith } from '../../nodes/shared/simplify';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import { FakeHttpServer } from '../fakes/server';
import type { FakeRequest } from '../fakes/server';
import { PACKAGE, RealN8n, waitFor } from './n8n';

const GITHUB_TOKEN = 'ghp_mcpFlowsE2eToken0123456789abcdefABCD';
const MCP_TOKEN = 'mcp-flows-e2e-bearer-0123456789';
const TRELLO = { apiKey: 'mcp-flows-e2e-key-0123456789abcdef', apiToken: 'mcp-flows-e2e-token-0123456789abcdef0123' };
/** The account's Inbox: a board of its own with one list, as GET /1/members/me?fields=inbox names them. */
const INBOX = { idBoard: '67c0ffee00000000000000b1', idList: '67c0ffee00000000000000a1', idOrganization: '67c0ffee00000000000000c1' };
const REPOSITORY = { owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' } };
const fromAI = (name: string, description: string, type = 'string') => `={{ $fromAI('${name}', '${description}', '${type}') }}`;

const HEAD = 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
const BASE_TREE = 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';
const NEW_TREE = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
const NEW_COMMIT = 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4';

/** A failed job's log as GitHub's storage host serves it: the test step printed the token. */
const JOB_LOG = [
	'2026-11-02T10:00:00.0000000Z ##[group]Run npm ci',
	'2026-11-02T10:00:20.0000000Z added 512 packages in 19s',
	'2026-11-02T10:00:21.0000000Z ##[endgroup]',
	'2026-11-02T10:00:21.0000000Z ##[group]Run npm test',
	`2026-11-02T10:00:22.0000000Z export GITHUB_TOKEN=${GITHUB_TOKEN}`,
	'2026-11-02T10:00:40.0000000Z FAIL test/export.test.ts',
	'2026-11-02T10:00:40.0000000Z   ● export › writes the CSV header',
	'2026-11-02T10:00:41.0000000Z ##[error]Process completed with exit code 1.',
	'',
].join('\n');

function tool(name: string, resource: string, operation: string, parameters: Record<string, unknown>, x: number) {
	return {
		id: name.replace(/ /g, '-'),
		name,
		type: `${PACKAGE}.gitHubTool`,
		typeVersion: 1,
		position: [x, 200],
		parameters: { descriptionType: 'manual', toolDescription: `${name} in octo/hello.`, authentication: 'accessToken', resource, operation, ...parameters },
		credentials: { githubAccessTokenApi: { id: 'ghWrite', name: 'GitHub octo read and write' } },
	};
}

const TOOLS = [
	tool('Get job logs', 'workflow', 'getJobLogs', {
		...REPOSITORY,
		jobId: fromAI('job_id', 'ID of the job', 'number'),
		additionalFields: { tailLines: fromAI('last_lines', 'How many lines of the end of the log', 'number') },
	}, 0),
	tool('Commit files', 'repository', 'commitFiles', {
		...REPOSITORY,
		branch: { __rl: true, mode: 'name', value: fromAI('branch', 'Branch to commit to') },
		message: fromAI('message', 'Commit message'),
		files: {
			file: [
				{ path: 'src/export.ts', change: 'write', source: 'text', content: fromAI('export_ts', 'New content of src/export.ts') },
				{ path: 'test/export.test.ts', change: 'write', source: 'text', content: fromAI('export_test_ts', 'New content of test/export.test.ts') },
				{ path: 'src/legacyExport.ts', change: 'delete' },
			],
		},
	}, 200),
	tool('Start review', 'pullRequest', 'createPendingReview', {
		...REPOSITORY,
		pullNumber: { __rl: true, mode: 'id', value: fromAI('pull_number', 'Pull request number', 'number') },
		additionalFields: { body: fromAI('summary', 'First words of the review') },
	}, 400),
	tool('Comment on review', 'pullRequest', 'addPendingReviewComment', {
		...REPOSITORY,
		pullNumber: { __rl: true, mode: 'id', value: fromAI('pull_number', 'Pull request number', 'number') },
		reviewId: { __rl: true, mode: 'id', value: fromAI('review_id', 'ID of the pending review', 'number') },
		path: fromAI('path', 'Path of the file'),
		body: fromAI('comment', 'Text of the comment'),
		additionalFields: { line: fromAI('line', 'Line of the file', 'number') },
	}, 600),
	tool('Submit review', 'pullRequest', 'submitPendingReview', {
		...REPOSITORY,
		pullNumber: { __rl: true, mode: 'id', value: fromAI('pull_number', 'Pull request number', 'number') },
		reviewId: { __rl: true, mode: 'id', value: fromAI('review_id', 'ID of the pending review', 'number') },
		event: fromAI('event', 'APPROVE, REQUEST_CHANGES or COMMENT'),
		additionalFields: { body: fromAI('review', 'Text of the review') },
	}, 800),
	tool('Set project field', 'project', 'updateItemField', {
		...REPOSITORY,
		projectOwner: { __rl: true, mode: 'name', value: 'octo' },
		projectNumber: { __rl: true, mode: 'id', value: '3' },
		issueNumber: { __rl: true, mode: 'id', value: fromAI('number', 'Issue or pull request number', 'number') },
		fieldName: fromAI('field', 'Name of the project field'),
		value: fromAI('value', 'The value as shown in the project'),
	}, 1000),
	tool('Assign Copilot', 'issue', 'assignCopilot', { ...REPOSITORY, issueNumber: { __rl: true, mode: 'id', value: fromAI('issue_number', 'Issue number', 'number') } }, 1200),
	tool('Get blame', 'file', 'getBlame', { ...REPOSITORY, path: fromAI('path', 'Path of the file') }, 1400),
	tool('Find similar issues', 'issue', 'findSimilar', { ...REPOSITORY, title: fromAI('title', 'Title of the new issue'), additionalFields: { issueNumber: fromAI('issue_number', 'Number of the issue itself', 'number') } }, 1600),
	tool('Update project items', 'project', 'updateItems', {
		projectOwner: { __rl: true, mode: 'name', value: 'octo' },
		projectNumber: { __rl: true, mode: 'id', value: '3' },
		updates: fromAI('updates', 'JSON list of {"itemId", "field", "value"}', 'json'),
	}, 1800),
	{
		id: 'Read-inbox',
		name: 'Read inbox',
		type: `${PACKAGE}.trelloTool`,
		typeVersion: 1,
		position: [2000, 200],
		parameters: { descriptionType: 'manual', toolDescription: 'The cards in my Trello Inbox.', authentication: 'keyToken', resource: 'member', operation: 'getInboxCards', returnAll: true },
		credentials: { trelloKeyTokenApi: { id: 'trInbox', name: 'Trello Inbox only' } },
	},
];

/** The Inbox list's cards as Trello answers them (a card's raw fields an agent does not need included). */
const INBOX_CARDS = [
	{ id: '67c0ffee0000000000000c01', name: 'Call the printer', desc: 'About the invoice', closed: false, idBoard: INBOX.idBoard, idList: INBOX.idList, idMembers: [], idLabels: [], pos: 16384, due: null, dueComplete: false, start: null, dateLastActivity: '2026-11-02T09:00:00.000Z', shortUrl: 'https://trello.com/c/AbCdEf12', url: 'https://trello.com/c/AbCdEf12/1-call-the-printer', badges: { comments: 0 }, idChecklists: [] },
	{ id: '67c0ffee0000000000000c02', name: 'Book the venue', desc: '', closed: false, idBoard: INBOX.idBoard, idList: INBOX.idList, idMembers: [], idLabels: [], pos: 32768, due: '2026-11-20T12:00:00.000Z', dueComplete: false, start: null, dateLastActivity: '2026-11-03T09:00:00.000Z', shortUrl: 'https://trello.com/c/GhIjKl34', url: 'https://trello.com/c/GhIjKl34/2-book-the-venue', badges: { comments: 1 }, idChecklists: [] },
];
/** The Inbox named on the account, its list's board looked up for the credential's board scope, then the list's cards. */
const INBOX_REQUESTS = [
	{ line: 'GET /1/members/me', query: { fields: 'inbox' } },
	{ line: `GET /1/lists/${INBOX.idList}`, query: { fields: 'idBoard' } },
	{ line: `GET /1/lists/${INBOX.idList}/cards`, query: {} },
];
/** Simplified as every card read: the short link as url; Trello names no creator, so trust is unknown. */
const INBOX_ANSWER = [
	{ id: '67c0ffee0000000000000c01', name: 'Call the printer', url: 'https://trello.com/c/AbCdEf12', idList: INBOX.idList, closed: false, due: null, desc: 'About the invoice', trust: 'unknown' },
	{ id: '67c0ffee0000000000000c02', name: 'Book the venue', url: 'https://trello.com/c/GhIjKl34', idList: INBOX.idList, closed: false, due: '2026-11-20T12:00:00.000Z', desc: '', trust: 'unknown' },
];
/** One outcome per entry, in order: the item of a repository outside the credential's is refused, the others updated. */
const UPDATE_ITEMS_ANSWER = [
	{ projectId: 'PVT_3', projectTitle: 'Roadmap', itemId: 'PVTI_8', field: 'Status', fieldId: 'PVTSSF_status', status: 'updated', value: 'Done' },
	{ projectId: 'PVT_3', projectTitle: 'Roadmap', itemId: 'PVTI_99', field: 'Points', status: 'error', error: "Refused: the item's issue or pull request (elsewhere/app) is outside the allowed repositories" },
	{ projectId: 'PVT_3', projectTitle: 'Roadmap', itemId: 'PVTI_9', field: 'Points', fieldId: 'PVTF_points', status: 'updated', value: 5 },
];

const BLAME_RANGES = [
	{ startingLine: 1, endingLine: 11, age: 9, commit: { oid: 'e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1', abbreviatedOid: 'e1e1e1e', messageHeadline: 'Add the CSV export', url: 'https://github.example.test/octo/hello/commit/e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1', author: { name: 'Mona Lisa', date: '2026-03-01T09:00:00Z', user: { login: 'mona' } } } },
	{ startingLine: 12, endingLine: 12, age: 1, commit: { oid: HEAD, abbreviatedOid: 'a1a1a1a', messageHeadline: 'Start the export fix', url: `https://github.example.test/octo/hello/commit/${HEAD}`, author: { name: 'A Contributor', date: '2026-11-01T17:00:00Z', user: null } } },
];

/** Search answers of the fake: each word finds these issues, in this order. */
const SEARCH_HITS = (apiUrl: string) => [
	{ number: 14, title: 'Export drops the header row', state: 'open', html_url: 'https://github.example.test/octo/hello/issues/14', user: user('mona'), author_association: 'MEMBER', body: '', repository_url: `${apiUrl}/repos/octo/hello` },
	{ number: 20, title: 'Dark mode for the export page', state: 'open', html_url: 'https://github.example.test/octo/hello/issues/20', user: user('octocat'), author_association: 'MEMBER', body: '', repository_url: `${apiUrl}/repos/octo/hello` },
	{ number: 12, title: 'CSV export has no header row', state: 'closed', html_url: 'https://github.example.test/octo/hello/issues/12', user: user('octocat'), author_association: 'MEMBER', body: '', repository_url: `${apiUrl}/repos/octo/hello` },
	{ number: 9, title: 'Export header', state: 'open', html_url: 'https://github.example.test/octo/hello/pull/9', user: user('octocat'), author_association: 'MEMBER', body: '', pull_request: { url: `${apiUrl}/repos/octo/hello/pulls/9` }, repository_url: `${apiUrl}/repos/octo/hello` },
];

function flowsWorkflow(): Record<string, unknown> {
	return {
		id: 'mcpFlows',
		name: 'e2e MCP agent flows',
		nodes: [
			{
				id: 'mcp-flows-trigger',
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [600, 0],
				webhookId: '5d2f0a8e-1c3b-4e6f-9a7d-2b4c6e8f0a02',
				parameters: { authentication: 'bearerAuth', path: 'agent-flows' },
				credentials: { httpBearerAuth: { id: 'mcpBearer', name: 'MCP client token' } },
			},
			...TOOLS,
		],
		connections: Object.fromEntries(TOOLS.map((node) => [node.name, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }])),
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

const user = (login: string) => ({ login, id: 583231, type: 'User', url: `https://api.github.example.test/users/${login}` });

function rawReview(state: string, body: string) {
	return {
		id: 80,
		node_id: 'PRR_kwDOreview80',
		user: user('octocat'),
		body,
		state,
		html_url: 'https://github.example.test/octo/hello/pull/8#pullrequestreview-80',
		pull_request_url: 'https://api.github.example.test/repos/octo/hello/pulls/8',
		commit_id: HEAD,
		author_association: 'MEMBER',
		...(state === 'PENDING' ? {} : { submitted_at: '2026-11-02T12:00:00Z' }),
	};
}

const PROJECT_FIELDS = [
	{ id: 'PVTF_title', name: 'Title', dataType: 'TITLE' },
	{ id: 'PVTSSF_status', name: 'Status', dataType: 'SINGLE_SELECT', options: [{ id: 'opt_todo', name: 'Todo' }, { id: 'opt_review', name: 'In Review' }, { id: 'opt_done', name: 'Done' }] },
	{ id: 'PVTF_points', name: 'Points', dataType: 'NUMBER' },
];

interface Line {
	line: string;
	query: Record<string, string>;
	body?: unknown;
}

/** Creating n8n, installing the package, running and starting it: minutes on a busy machine. */
const SETUP_TIMEOUT_MS = 600_000;

describe('The flows agents run, from an MCP client: exact requests and exact answers', () => {
	const github = new FakeGitHub();
	const storage = new FakeHttpServer();
	const trello = new FakeTrello();
	let n8n: RealN8n;
	let client: Client | undefined;

	/** Calls a tool; returns whether it failed, its one text block, and what the fake GitHub received meanwhile. */
	async function call(name: string, args: Record<string, unknown>) {
		const from = github.received.length;
		const trelloFrom = trello.received.length;
		const graphqlFrom = github.graphqlCalls.length;
		const result = (await client!.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }> };
		expect(result.content.map((block) => block.type)).toEqual(['text']);
		const line = (request: FakeRequest): Line => ({
			line: `${request.method} ${request.path}`,
			query: request.query,
			...(request.method === 'GET' ? {} : { body: request.body }),
		});
		return {
			isError: result.isError === true,
			text: result.content[0].text,
			github: github.received.slice(from).map(line),
			trello: trello.received.slice(trelloFrom).map(line),
			graphql: github.graphqlCalls.slice(graphqlFrom),
		};
	}

	beforeAll(async () => {
		await Promise.all([github.start(), storage.start(), trello.start()]);
		trello.accounts.push(TRELLO);
		trello
			.on('GET', '/1/members/me', () => ({ body: { id: '5a0000000000000000000001', inbox: INBOX } }))
			.on('GET', '/1/lists/{id}', (request) => ({ body: request.params.id === INBOX.idList ? { id: INBOX.idList, idBoard: INBOX.idBoard } : {} }))
			.on('GET', '/1/lists/{id}/cards', () => ({ body: INBOX_CARDS }));
		github.tokens.add(GITHUB_TOKEN);
		storage.on('GET', '/jobs/{id}/log.txt', () => ({ body: JOB_LOG, headers: { 'content-type': 'text/plain' } }));
		github
			// GitHub sends a job's log from another host; the node follows without the credential.
			.on('GET', '/repos/{owner}/{repo}/actions/jobs/{id}/logs', (request) => ({ status: 302, headers: { location: `${storage.baseUrl}/jobs/${request.params.id}/log.txt?sig=e2e` }, body: '' }))
			.on('GET', '/repos/{owner}/{repo}/git/ref/heads/{path}', () => ({ body: { ref: 'refs/heads/fix/export', object: { sha: HEAD, type: 'commit' } } }))
			.on('GET', '/repos/{owner}/{repo}/git/commits/{sha}', (request) => ({ body: { sha: request.params.sha, tree: { sha: BASE_TREE }, message: 'Start the export fix' } }))
			.on('POST', '/repos/{owner}/{repo}/git/trees', () => ({ status: 201, body: { sha: NEW_TREE, tree: [] } }))
			.on('POST', '/repos/{owner}/{repo}/git/commits', (request) => ({
				status: 201,
				body: { sha: NEW_COMMIT, html_url: `https://github.example.test/octo/hello/commit/${NEW_COMMIT}`, message: (request.body as { message: string }).message, tree: { sha: NEW_TREE }, parents: [{ sha: HEAD }] },
			}))
			.on('PATCH', '/repos/{owner}/{repo}/git/refs/heads/{path}', () => ({ body: { ref: 'refs/heads/fix/export', object: { sha: NEW_COMMIT, type: 'commit' } } }))
			.on('POST', '/repos/{owner}/{repo}/pulls/{number}/reviews', (request) => ({ body: rawReview('PENDING', String((request.body as { body?: string }).body ?? '')) }))
			.on('GET', '/repos/{owner}/{repo}/pulls/{number}/reviews/{id}', () => ({ body: rawReview('PENDING', '') }))
			.on('POST', '/repos/{owner}/{repo}/pulls/{number}/reviews/{id}/events', (request) => ({ body: rawReview('CHANGES_REQUESTED', String((request.body as { body?: string }).body ?? '')) }))
			.on('POST', '/repos/{owner}/{repo}/issues/{number}/assignees', (request) => ({
				status: 201,
				body: {
					number: Number(request.params.number),
					title: 'Export drops the header row',
					state: 'open',
					html_url: `https://github.example.test/octo/hello/issues/${request.params.number}`,
					user: user('mona'),
					assignees: [{ login: 'Copilot', id: 198982749, type: 'Bot' }],
					labels: [],
					author_association: 'MEMBER',
					body: 'The CSV export has no header row since 2.3.',
				},
			}))
			.on('GET', '/search/issues', () => ({ body: { total_count: 4, incomplete_results: false, items: SEARCH_HITS(github.apiUrl) } }))
			.serveGraphql(
				{ ADD_REVIEW_THREAD_MUTATION, PROJECT_FIELDS_QUERY, CONTENT_PROJECT_ITEM_QUERY, UPDATE_FIELD_MUTATION, FILE_ON_DEFAULT_BRANCH_QUERY, BLAME_QUERY, ITEMS_BY_ID_QUERY, UPDATE_TWO_ITEMS: updateItemsMutation(2) },
				(document, variables) => {
					switch (document) {
						case 'ITEMS_BY_ID_QUERY':
							return { nodes: (variables.ids as string[]).map((id) => ({ id, type: 'ISSUE', project: { id: 'PVT_3' }, content: { repository: { nameWithOwner: id === 'PVTI_99' ? 'elsewhere/app' : 'octo/hello' } } })) };
						case 'UPDATE_TWO_ITEMS':
							return { u0: { projectV2Item: { id: variables.item0 } }, u1: { projectV2Item: { id: variables.item1 } } };
						case 'FILE_ON_DEFAULT_BRANCH_QUERY':
							return { repository: { defaultBranchRef: { name: 'main', target: { __typename: 'Commit', oid: HEAD, file: { type: 'blob' } } } } };
						case 'BLAME_QUERY':
							return { repository: { object: { blame: { ranges: BLAME_RANGES } } } };
						case 'ADD_REVIEW_THREAD_MUTATION': {
							const thread = { id: `PRRT_${String(variables.line)}`, isResolved: false, isOutdated: false, path: variables.path, line: variables.line, startLine: null, diffSide: 'RIGHT', startDiffSide: null, subjectType: 'LINE', resolvedBy: null };
							const comment = { databaseId: 900 + Number(variables.line), body: variables.body, url: `https://github.example.test/octo/hello/pull/8#discussion_r${900 + Number(variables.line)}`, createdAt: '2026-11-02T11:00:00Z', author: { login: 'octocat' } };
							return { addPullRequestReviewThread: { thread: { ...thread, comments: { nodes: [comment] } } } };
						}
						case 'PROJECT_FIELDS_QUERY':
							return { repositoryOwner: { projectV2: { id: 'PVT_3', title: 'Roadmap', fields: { nodes: PROJECT_FIELDS } } } };
						case 'CONTENT_PROJECT_ITEM_QUERY':
							return {
								repositoryOwner: { projectV2: { id: 'PVT_3', title: 'Roadmap' } },
								repository: { issueOrPullRequest: { id: 'PR_8', projectItems: { nodes: [{ id: 'PVTI_8', type: 'PULL_REQUEST', isArchived: false, project: { id: 'PVT_3' }, fieldValues: { nodes: [] } }] } } },
							};
						default:
							return { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_8' } } };
					}
				},
			);

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{
				id: 'ghWrite',
				name: 'GitHub octo read and write',
				type: 'githubAccessTokenApi',
				data: { server: github.apiUrl, accessToken: GITHUB_TOKEN, allowedRepositories: 'octo/*', accessLevel: 'readWrite' },
			},
			{ id: 'mcpBearer', name: 'MCP client token', type: 'httpBearerAuth', data: { token: MCP_TOKEN } },
			{ id: 'trInbox', name: 'Trello Inbox only', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: trello.baseUrl, allowedBoards: INBOX.idBoard, accessLevel: 'readOnly' } },
		]);
		// Imports, publishing and runs go through the REST API of this n8n (test/e2e/n8n.ts), as in the editor.
		await n8n.start();
		await n8n.importWorkflow(flowsWorkflow());
		await n8n.publish('mcpFlows');
		// The MCP endpoint may answer 404 a moment longer: wait until it does not.
		await waitFor(async () => {
			const response = await fetch(`${n8n.baseUrl}/mcp/agent-flows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
			return response && response.status !== 404 ? true : undefined;
		}, 60_000);
		client = new Client({ name: 'e2e-mcp-flows', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/agent-flows`), { requestInit: { headers: { authorization: `Bearer ${MCP_TOKEN}` } } }));

	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await client?.close().catch(() => undefined);
		await n8n?.dispose();
		await Promise.all([github.stop(), storage.stop(), trello.stop()]);
	});

	it('lists the tools under their node names', async () => {
		const { tools } = await client!.listTools();
		expect(tools.map((listed) => listed.name).sort()).toEqual(
			['Assign_Copilot', 'Comment_on_review', 'Commit_files', 'Find_similar_issues', 'Get_blame', 'Get_job_logs', 'Read_inbox', 'Set_project_field', 'Start_review', 'Submit_review', 'Update_project_items'],
		);
	});

	it('Workflow → Get Job Logs: the last lines of the failed job, followed to the storage host without the credential, the token redacted', async () => {
		const logs = await call('Get_job_logs', { job_id: 402, last_lines: 4 });
		expect(logs.github).toEqual([{ line: 'GET /repos/octo/hello/actions/jobs/402/logs', query: {} }]);
		expect(storage.received.map((request) => ({ line: `${request.method} ${request.path}`, query: request.query, authorization: request.headers.authorization }))).toEqual([
			{ line: 'GET /jobs/402/log.txt', query: { sig: 'e2e' }, authorization: undefined },
		]);
		const tail = [
			'2026-11-02T10:00:22.0000000Z export GITHUB_TOKEN=[redacted]',
			'2026-11-02T10:00:40.0000000Z FAIL test/export.test.ts',
			'2026-11-02T10:00:40.0000000Z   ● export › writes the CSV header',
			'2026-11-02T10:00:41.0000000Z ##[error]Process completed with exit code 1.',
			'',
		].join('\n');
		expect({ isError: logs.isError, answer: JSON.parse(logs.text) }).toEqual({
			isError: false,
			answer: [{ jobId: 402, log: tail, totalLines: 8, returnedLines: 4, truncated: true }],
		});
		expect(logs.text).not.toContain(GITHUB_TOKEN);
	});

	it('Repository → Commit Files: two files written and one deleted in one commit (tree on the head’s tree, commit, ref moved without force)', async () => {
		const exportTs = 'export const HEADER = "id,name";\n';
		const exportTest = 'it("writes the CSV header", () => expect(HEADER).toBe("id,name"));\n';
		const committed = await call('Commit_files', { branch: 'fix/export', message: 'Write the CSV header', export_ts: exportTs, export_test_ts: exportTest });
		// Text files go into the tree as they are; only binary input data would be sent as blobs first.
		expect(committed.github).toEqual([
			{ line: 'GET /repos/octo/hello/git/ref/heads/fix/export', query: {} },
			{ line: `GET /repos/octo/hello/git/commits/${HEAD}`, query: {} },
			{
				line: 'POST /repos/octo/hello/git/trees',
				query: {},
				body: {
					base_tree: BASE_TREE,
					tree: [
						{ path: 'src/export.ts', mode: '100644', type: 'blob', content: exportTs },
						{ path: 'test/export.test.ts', mode: '100644', type: 'blob', content: exportTest },
						{ path: 'src/legacyExport.ts', mode: '100644', type: 'blob', sha: null },
					],
				},
			},
			{ line: 'POST /repos/octo/hello/git/commits', query: {}, body: { message: 'Write the CSV header', tree: NEW_TREE, parents: [HEAD] } },
			{ line: 'PATCH /repos/octo/hello/git/refs/heads/fix/export', query: {}, body: { sha: NEW_COMMIT, force: false } },
		]);
		expect({ isError: committed.isError, answer: JSON.parse(committed.text) }).toEqual({
			isError: false,
			answer: [
				{
					sha: NEW_COMMIT,
					url: `https://github.example.test/octo/hello/commit/${NEW_COMMIT}`,
					branch: 'fix/export',
					branchCreated: false,
					parent: HEAD,
					message: 'Write the CSV header',
					files: [
						{ path: 'src/export.ts', action: 'write' },
						{ path: 'test/export.test.ts', action: 'write' },
						{ path: 'src/legacyExport.ts', action: 'delete' },
					],
				},
			],
		});
	});

	it('a pending review: started, two line comments added through GraphQL, then submitted with its verdict', async () => {
		const started = await call('Start_review', { pull_number: 8, summary: 'Reviewing the export fix.' });
		// No event: the review stays pending.
		expect(started.github).toEqual([{ line: 'POST /repos/octo/hello/pulls/8/reviews', query: {}, body: { body: 'Reviewing the export fix.' } }]);
		expect({ isError: started.isError, text: started.text }).toEqual({
			isError: false,
			text: JSON.stringify([{ ...(simplifyWith(GITHUB_FIELD_SETS.review, rawReview('PENDING', 'Reviewing the export fix.')) as object), trust: 'writer' }]),
		});

		const comments = [
			{ path: 'src/export.ts', line: 12, comment: 'The header is written after the first row.' },
			{ path: 'test/export.test.ts', line: 3, comment: 'Also test an empty export.' },
		];
		for (const { path, line, comment } of comments) {
			const added = await call('Comment_on_review', { pull_number: 8, review_id: 80, path, line, comment });
			expect(added.github.map(({ line: request }) => request)).toEqual(['GET /repos/octo/hello/pulls/8/reviews/80', 'POST /graphql']);
			expect(added.graphql).toEqual([
				{ document: 'ADD_REVIEW_THREAD_MUTATION', variables: { review: 'PRR_kwDOreview80', body: comment, path, subjectType: 'LINE', line, side: 'RIGHT' } },
			]);
			const id = 900 + line;
			expect({ isError: added.isError, answer: JSON.parse(added.text) }).toEqual({
				isError: false,
				answer: [
					{
						id: `PRRT_${line}`, isResolved: false, isOutdated: false, path, line, startLine: null, diffSide: 'RIGHT', startDiffSide: null, subjectType: 'LINE', resolvedBy: null,
						reviewId: 80,
						comment: { databaseId: id, body: comment, url: `https://github.example.test/octo/hello/pull/8#discussion_r${id}`, createdAt: '2026-11-02T11:00:00Z', author: 'octocat' },
					},
				],
			});
		}

		const review = 'Two things to fix before this can go in.';
		const submitted = await call('Submit_review', { pull_number: 8, review_id: 80, event: 'REQUEST_CHANGES', review });
		expect(submitted.github).toEqual([{ line: 'POST /repos/octo/hello/pulls/8/reviews/80/events', query: {}, body: { event: 'REQUEST_CHANGES', body: review } }]);
		expect({ isError: submitted.isError, text: submitted.text }).toEqual({
			isError: false,
			text: JSON.stringify([{ ...(simplifyWith(GITHUB_FIELD_SETS.review, rawReview('CHANGES_REQUESTED', review)) as object), trust: 'writer' }]),
		});
	});

	it('Projects (V2) → Update Item Field: the field and option found by name, the item by the pull request, one mutation', async () => {
		const updated = await call('Set_project_field', { number: 8, field: 'status', value: 'in review' });
		expect(updated.github.map(({ line }) => line)).toEqual(['POST /graphql', 'POST /graphql', 'POST /graphql']);
		expect(updated.graphql).toEqual([
			{ document: 'PROJECT_FIELDS_QUERY', variables: { owner: 'octo', number: 3 } },
			{ document: 'CONTENT_PROJECT_ITEM_QUERY', variables: { projectOwner: 'octo', projectNumber: 3, owner: 'octo', repo: 'hello', number: 8 } },
			{ document: 'UPDATE_FIELD_MUTATION', variables: { project: 'PVT_3', item: 'PVTI_8', field: 'PVTSSF_status', value: { singleSelectOptionId: 'opt_review' } } },
		]);
		expect({ isError: updated.isError, answer: JSON.parse(updated.text) }).toEqual({
			isError: false,
			answer: [
				{ projectId: 'PVT_3', projectTitle: 'Roadmap', itemId: 'PVTI_8', field: 'Status', fieldId: 'PVTSSF_status', dataType: 'SINGLE_SELECT', value: 'In Review', number: 8, repository: 'octo/hello' },
			],
		});
	});

	it('Issue → Assign Copilot: Copilot’s coding agent as the one assignee sent; the issue with Copilot assigned comes back', async () => {
		const assigned = await call('Assign_Copilot', { issue_number: 14 });
		expect(assigned.github).toEqual([{ line: 'POST /repos/octo/hello/issues/14/assignees', query: {}, body: { assignees: [COPILOT_ASSIGNEE] } }]);
		const answer = JSON.parse(assigned.text) as Array<Record<string, unknown>>;
		expect({ isError: assigned.isError, number: answer[0].number, assignees: answer[0].assignees, url: answer[0].url }).toEqual({
			isError: false,
			number: 14,
			assignees: ['Copilot'],
			url: 'https://github.example.test/octo/hello/issues/14',
		});
	});

	it('File → Get Blame: the default branch’s head and the file looked up, then its ranges, simplified', async () => {
		const blamed = await call('Get_blame', { path: 'src/export.ts' });
		expect(blamed.github.map(({ line }) => line)).toEqual(['POST /graphql', 'POST /graphql']);
		expect(blamed.graphql).toEqual([
			{ document: 'FILE_ON_DEFAULT_BRANCH_QUERY', variables: { owner: 'octo', repo: 'hello', path: 'src/export.ts' } },
			{ document: 'BLAME_QUERY', variables: { owner: 'octo', repo: 'hello', commit: HEAD, path: 'src/export.ts' } },
		]);
		expect({ isError: blamed.isError, answer: JSON.parse(blamed.text) }).toEqual({
			isError: false,
			// A blame range proves no author: labelled outsider, as Trusted Content Only judges it.
			answer: BLAME_RANGES.map((range) => ({ ...(simplifyWith(GITHUB_FIELD_SETS.blameRange, range) as object), trust: 'outsider' })),
		});
		expect(JSON.parse(blamed.text)[1]).toEqual({
			startingLine: 12, endingLine: 12, age: 1, commit: HEAD, author: 'A Contributor', authoredAt: '2026-11-01T17:00:00Z', message: 'Start the export fix', url: `https://github.example.test/octo/hello/commit/${HEAD}`, trust: 'outsider',
		});
	});

	it('Issue → Find Similar: the three longest title words searched one by one within the repository; ranked, the issue itself and pull requests left out', async () => {
		const similar = await call('Find_similar_issues', { title: 'Export drops the header row', issue_number: 14 });
		expect(similar.github).toEqual(
			['export', 'header', 'drops'].map((word) => ({ line: 'GET /search/issues', query: { q: `repo:octo/hello is:issue ${word}`, per_page: '30' } })),
		);
		expect({ isError: similar.isError, answer: JSON.parse(similar.text) }).toEqual({
			isError: false,
			answer: [
				{ number: 12, title: 'CSV export has no header row', state: 'closed', url: 'https://github.example.test/octo/hello/issues/12', author: 'octocat', score: 0.75, matchedWords: ['export', 'header', 'row'], reason: '3 of 4 title words in common (export, header, row)', trust: 'writer' },
				{ number: 20, title: 'Dark mode for the export page', state: 'open', url: 'https://github.example.test/octo/hello/issues/20', author: 'octocat', score: 0.25, matchedWords: ['export'], reason: '1 of 4 title words in common (export)', trust: 'writer' },
			],
		});
	});

	it('Project → Update Items: the fields read once, the items looked up together, the allowed ones updated in one mutation, each entry’s outcome', async () => {
		const updated = await call('Update_project_items', {
			updates: [
				{ itemId: 'PVTI_8', field: 'Status', value: 'Done' },
				{ itemId: 'PVTI_99', field: 'Points', value: 3 },
				{ itemId: 'PVTI_9', field: 'points', value: 5 },
			],
		});
		expect(updated.github.map(({ line }) => line)).toEqual(['POST /graphql', 'POST /graphql', 'POST /graphql']);
		expect(updated.graphql).toEqual([
			{ document: 'PROJECT_FIELDS_QUERY', variables: { owner: 'octo', number: 3 } },
			{ document: 'ITEMS_BY_ID_QUERY', variables: { ids: ['PVTI_8', 'PVTI_99', 'PVTI_9'] } },
			{ document: 'UPDATE_TWO_ITEMS', variables: { project: 'PVT_3', item0: 'PVTI_8', field0: 'PVTSSF_status', value0: { singleSelectOptionId: 'opt_done' }, item1: 'PVTI_9', field1: 'PVTF_points', value1: { number: 5 } } },
		]);
		expect({ isError: updated.isError, answer: JSON.parse(updated.text) }).toEqual({ isError: false, answer: UPDATE_ITEMS_ANSWER });
	});

	it('Member → Get Inbox Cards: the account’s Inbox named, its list’s board checked against the credential’s one board, its cards simplified', async () => {
		const inbox = await call('Read_inbox', {});
		expect(inbox.github).toEqual([]);
		expect(inbox.trello).toEqual(INBOX_REQUESTS);
		expect({ isError: inbox.isError, answer: JSON.parse(inbox.text) }).toEqual({ isError: false, answer: INBOX_ANSWER });
	});

	it('no secret reached the client’s answers or the requests’ paths and bodies', () => {
		for (const request of [...github.received, ...storage.received]) {
			expect(JSON.stringify({ path: request.path, query: request.query, body: request.body })).not.toContain(GITHUB_TOKEN);
		}
		expect(storage.received.every((request) => !JSON.stringify(request.headers).includes(GITHUB_TOKEN))).toBe(true);
		for (const request of trello.received) expect(JSON.stringify({ path: request.path, body: request.body })).not.toContain(TRELLO.apiToken);
	});
});
