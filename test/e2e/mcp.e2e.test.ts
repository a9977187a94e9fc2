/**
 * The package's tools as MCP clients (Claude Desktop, Cursor, …) get them: a real n8n with published
 * MCP Server Trigger workflows, driven by the official MCP SDK client over Streamable HTTP. One
 * workflow is the "GitHub and Trello tools for your MCP client" template as shipped (read-only scoped
 * credentials); the other adds Create Issue on a read-and-write scoped credential. Asserts the tool
 * names, descriptions and input schemas the client lists, and for every tool a success, a refusal and
 * a service error: what the fakes received, the result text (exactly) and its size.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { GithubApiCall } from '../../nodes/GitHub/GithubApiCall.node';
import { toolAction } from '../../nodes/shared/rowEngine';
import type { FieldSet } from '../../nodes/shared/simplify';
import { simplifyWith } from '../../nodes/shared/simplify';
import { GITHUB_TRUST_MEANING } from '../../nodes/GitHub/trustedContent';
import { TRELLO_TRUST_MEANING } from '../../nodes/Trello/trustedMembers';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/fieldSets';
import { TrelloApiCall } from '../../nodes/Trello/TrelloApiCall.node';
import { FakeGitHub } from '../fakes/fakeGitHub';
import type { FakeRequest } from '../fakes/server';
import { FakeTrello } from '../fakes/fakeTrello';
import { loadTemplate } from '../templates/load';
import { n8nMajorVersion, PACKAGE, RealN8n } from './n8n';

const GITHUB_TOKEN = 'ghp_mcpE2eToken0123456789abcdefABCDEFGH';
const TRELLO = { apiKey: 'mcp-e2e-key-0123456789abcdef0123', apiToken: 'mcp-e2e-token-0123456789abcdef01234567' };
const MCP_TOKEN = 'mcp-e2e-bearer-0123456789';
const ALLOWED_BOARD = '5abbe4b7ddc1b351ef961414';
const OTHER_BOARD = '6bbbe4b7ddc1b351ef961499';
const CARD = '60aaaaaaaaaaaaaaaaaaaa01';
const OTHER_CARD = '60aaaaaaaaaaaaaaaaaaaa02';
const MISSING_CARD = '60aaaaaaaaaaaaaaaaaaaa03';
const LIST = '60bbbbbbbbbbbbbbbbbbbb02';
const NOT_FOUND_HINT = 'Not found or not visible to this token: check owner, repository and the token’s access.';
/** How n8n's MCP server words a failed tool call: 2.x names the error type, 1.x says "Error". */
const failed = (message: string) => `${n8nMajorVersion() === 1 ? 'Error' : 'NodeOperationError'}: ${message}`;
const GITHUB_REFUSAL = (repository: string) =>
	failed(`Refused: the repository "${repository}" is outside the credential's scope. Allowed repositories: octo/*.\n\nDetails: Work on one of the allowed repositories, or ask for the scope to be extended.`);

const row = (rows: typeof GITHUB_ROWS | typeof TRELLO_ROWS, resource: string, operation: string) =>
	rows.find((r) => r.resource === resource && r.operation === operation && r.retiredInVersion === undefined)!;

/** A raw GitHub issue as the API returns it: URL templates and nested users an agent does not need. */
/** What the node returns: each simplified object with its trust label last (members' issues: writer; Trello without Trusted Members: unknown). */
const labelled = (fields: FieldSet, raw: object[], trust: string) => raw.map((entry) => ({ ...(simplifyWith(fields, entry) as object), trust }));

function rawIssue(base: string, number: number, state = 'open') {
	const user = (login: string) => ({
		login,
		id: 583231,
		node_id: 'MDQ6VXNlcjU4MzIzMQ==',
		avatar_url: 'https://avatars.example.test/u/583231?v=4',
		url: `${base}/users/${login}`,
		html_url: `https://github.example.test/${login}`,
		followers_url: `${base}/users/${login}/followers`,
		repos_url: `${base}/users/${login}/repos`,
		events_url: `${base}/users/${login}/events{/privacy}`,
		type: 'User',
		site_admin: false,
	});
	return {
		url: `${base}/repos/octo/hello/issues/${number}`,
		repository_url: `${base}/repos/octo/hello`,
		labels_url: `${base}/repos/octo/hello/issues/${number}/labels{/name}`,
		comments_url: `${base}/repos/octo/hello/issues/${number}/comments`,
		events_url: `${base}/repos/octo/hello/issues/${number}/events`,
		html_url: `https://github.example.test/octo/hello/issues/${number}`,
		id: 1000 + number,
		node_id: `MDU6SXNzdWU${number}`,
		number,
		title: `Issue ${number}`,
		user: user('octocat'),
		labels: [{ id: 208045946, node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=', url: `${base}/repos/octo/hello/labels/bug`, name: 'bug', color: 'f29513', default: true }],
		state,
		locked: false,
		assignee: user('hubot'),
		assignees: [user('hubot')],
		milestone: null,
		comments: number % 3,
		created_at: '2026-11-01T10:00:00Z',
		updated_at: '2026-11-02T10:00:00Z',
		closed_at: state === 'closed' ? '2026-11-03T10:00:00Z' : null,
		author_association: 'MEMBER',
		body: `Steps to reproduce issue ${number}.`,
		reactions: { url: `${base}/repos/octo/hello/issues/${number}/reactions`, total_count: 0, '+1': 0, '-1': 0 },
		timeline_url: `${base}/repos/octo/hello/issues/${number}/timeline`,
		state_reason: null,
	};
}

function rawCard(id: string, idBoard: string) {
	return {
		id,
		name: 'Fix login',
		desc: 'Safari only',
		idBoard,
		idList: LIST,
		closed: false,
		due: null,
		labels: [{ id: '60cccccccccccccccccccc01', idBoard, name: 'bug', color: 'red' }],
		idMembers: [],
		shortUrl: 'https://trello.example.test/c/AbCd1234',
		url: 'https://trello.example.test/c/AbCd1234/1-fix-login',
		badges: { votes: 0, attachments: 0, comments: 0, checkItems: 0, checkItemsChecked: 0, description: true },
		pos: 16384,
		dateLastActivity: '2026-11-02T10:00:00.000Z',
	};
}

/** The template as the user finishes it: a credential chosen in the trigger and in each tool. */
function templateWorkflow(): Record<string, unknown> {
	const template = loadTemplate('github-trello-mcp-tools');
	const credentialsOf = (type: string) => {
		if (type.endsWith('.mcpTrigger')) return { httpBearerAuth: { id: 'mcpBearer', name: 'MCP client token' } };
		if (type.startsWith(`${PACKAGE}.github`) || type.startsWith(`${PACKAGE}.gitHub`)) return { githubAccessTokenApi: { id: 'ghRead', name: 'GitHub read-only' } };
		if (type.startsWith(`${PACKAGE}.trello`)) return { trelloKeyTokenApi: { id: 'trRead', name: 'Trello read-only' } };
		return undefined;
	};
	const nodes = template.nodes.map((node) => ({ ...node, ...(credentialsOf(node.type) ? { credentials: credentialsOf(node.type) } : {}) }));
	return { ...template, id: 'mcpTemplate', nodes, active: false };
}

/** A second server: Create Issue, the one tool that changes data, on a read-and-write credential. */
function writeWorkflow(): Record<string, unknown> {
	const nodes = [
		{
			id: 'mcp-write-trigger',
			name: 'MCP Server Trigger',
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2,
			position: [200, 0],
			webhookId: '7f0e0c4e-2d0c-4c55-9b9e-5a3f4ad0e001',
			parameters: { authentication: 'bearerAuth', path: 'github-write' },
			credentials: { httpBearerAuth: { id: 'mcpBearer', name: 'MCP client token' } },
		},
		{
			id: 'mcp-write-create',
			name: 'Create an issue in GitHub Toolkit',
			type: `${PACKAGE}.gitHubTool`,
			typeVersion: 1,
			position: [200, 200],
			parameters: {
				authentication: 'accessToken',
				resource: 'issue',
				operation: 'create',
				repository: { __rl: true, mode: 'url', value: "={{ $fromAI('repository', 'The repository as owner/name', 'string') }}" },
				title: "={{ $fromAI('title', 'Title of the issue', 'string') }}",
				body: "={{ $fromAI('body', 'Text of the issue (Markdown)', 'string') }}",
			},
			credentials: { githubAccessTokenApi: { id: 'ghWrite', name: 'GitHub read and write' } },
		},
	];
	return {
		id: 'mcpWrite',
		name: 'e2e MCP write',
		nodes,
		connections: { 'Create an issue in GitHub Toolkit': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

interface ToolResult {
	isError: boolean;
	text: string;
}

describe("n8n's MCP Server Trigger with the package's tools, from the official MCP client", () => {
	const github = new FakeGitHub();
	const trello = new FakeTrello();
	let n8n: RealN8n;
	const clients: Client[] = [];
	let tools: Client;
	let writer: Client;
	const openIssues = () => [1, 2, 3, 4, 5, 6, 7].map((n) => rawIssue(github.apiUrl, n));
	const closedIssues = () => [8, 9, 10].map((n) => rawIssue(github.apiUrl, n, 'closed'));

	async function connect(path: string, token?: string): Promise<Client> {
		const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
		const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
		await client.connect(new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/${path}`), { requestInit: { headers } }));
		clients.push(client);
		return client;
	}

	/** Calls a tool and returns its one text block; what each fake received during the call comes with it. */
	async function call(client: Client, name: string, args: Record<string, unknown>) {
		const github0 = github.received.length;
		const trello0 = trello.received.length;
		const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }> };
		expect(result.content).toHaveLength(1);
		expect(result.content[0].type).toBe('text');
		const answer: ToolResult = { isError: result.isError === true, text: result.content[0].text };
		const line = (request: FakeRequest) => ({ line: `${request.method} ${request.path}`, query: request.query });
		return { ...answer, github: github.received.slice(github0).map(line), trello: trello.received.slice(trello0).map(line) };
	}

	/** n8n registers published webhooks a moment after it says it is ready: 404 until then (403 without a token after). */
	async function untilRegistered(path: string): Promise<void> {
		const deadline = Date.now() + 60_000;
		while (Date.now() < deadline) {
			const response = await fetch(`${n8n.baseUrl}/mcp/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
			if (response && response.status !== 404) return;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		throw new Error(`n8n did not register /mcp/${path}:\n${n8n.log}`);
	}

	beforeAll(async () => {
		await Promise.all([github.start(), trello.start()]);
		github.tokens.add(GITHUB_TOKEN);
		trello.accounts.push(TRELLO);
		github
			.on('GET', '/repos/{owner}/{repo}/issues', (request) =>
				request.params.repo === 'hello'
					? github.paged(request, request.query.state === 'closed' ? closedIssues() : openIssues())
					: { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/issues#list-repository-issues' } },
			)
			.on('GET', '/repos/{owner}/{repo}/issues/{number}', (request) => ({ body: rawIssue(github.apiUrl, Number(request.params.number)) }))
			.on('GET', '/repos/{owner}/{repo}', () => ({ status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository' } }))
			.on('POST', '/repos/{owner}/{repo}/issues', (request) => {
				const body = request.body as { title: string; body?: string };
				if (body.title === 'Duplicate') {
					return {
						status: 422,
						body: {
							message: 'Validation Failed',
							errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is already used' }],
							documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
						},
					};
				}
				return { status: 201, body: { ...rawIssue(github.apiUrl, 42), title: body.title, body: body.body ?? null } };
			});
		const boardOfCard: Record<string, string> = { [CARD]: ALLOWED_BOARD, [OTHER_CARD]: OTHER_BOARD };
		trello
			.on('GET', '/1/cards/{id}', (request) => {
				const board = boardOfCard[request.params.id];
				if (!board) return { status: 404, body: 'The requested resource was not found.' };
				return { body: request.query.fields === 'idBoard' ? { id: request.params.id, idBoard: board } : rawCard(request.params.id, board) };
			})
			.on('GET', '/1/lists/{id}', (request) => ({ body: { id: request.params.id, idBoard: ALLOWED_BOARD } }))
			.on('GET', '/1/lists/{id}/cards', () => ({ body: [rawCard(CARD, ALLOWED_BOARD), { ...rawCard('60aaaaaaaaaaaaaaaaaaaa04', ALLOWED_BOARD), name: 'Write docs' }] }))
			.on('GET', '/1/boards/{id}/lists', (request) => ({ body: [{ id: LIST, name: 'To do' }].map((list) => (request.query.fields === 'name' ? list : { ...list, closed: false })) }))
			.on('GET', '/1/boards/{id}/cards', () => ({ status: 400, body: 'invalid value for filter' }));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{
				id: 'ghRead',
				name: 'GitHub read-only',
				type: 'githubAccessTokenApi',
				data: { server: github.apiUrl, accessToken: GITHUB_TOKEN, allowedRepositories: 'octo/*', accessLevel: 'readOnly' },
			},
			{
				id: 'ghWrite',
				name: 'GitHub read and write',
				type: 'githubAccessTokenApi',
				data: { server: github.apiUrl, accessToken: GITHUB_TOKEN, allowedRepositories: 'octo/*', accessLevel: 'readWrite' },
			},
			{
				id: 'trRead',
				name: 'Trello read-only',
				type: 'trelloKeyTokenApi',
				data: { ...TRELLO, apiBaseUrl: trello.baseUrl, allowedBoards: ALLOWED_BOARD, accessLevel: 'readOnly' },
			},
			{ id: 'mcpBearer', name: 'MCP client token', type: 'httpBearerAuth', data: { token: MCP_TOKEN } },
		]);
		// Imports, publishing and runs go through the REST API of this n8n (test/e2e/n8n.ts), as in the editor.
		await n8n.start();
		await n8n.importWorkflows([templateWorkflow(), writeWorkflow()]);
		await n8n.publish('mcpTemplate');
		await n8n.publish('mcpWrite');
		await untilRegistered('github-trello');
		await untilRegistered('github-write');
		tools = await connect('github-trello', MCP_TOKEN);
		writer = await connect('github-write', MCP_TOKEN);
	});

	afterAll(async () => {
		for (const client of clients) await client.close().catch(() => undefined);
		await n8n?.dispose();
		await Promise.all([github.stop(), trello.stop()]);
	});

	it('refuses a client without the bearer token', async () => {
		await expect(connect('github-trello')).rejects.toMatchObject({ code: 403 });
		await expect(connect('github-trello', 'wrong-token')).rejects.toMatchObject({ code: 403 });
	});

	it('lists every tool under a name that says what it does, with a description that matches its schema; listing sends nothing', async () => {
		const before = github.received.length + trello.received.length;
		const { tools: listed } = await tools.listTools();
		const { tools: written } = await writer.listTools();
		expect(github.received.length + trello.received.length).toBe(before);
		const byName = Object.fromEntries([...listed, ...written].map((tool) => [tool.name, tool]));
		const string = (description: string) => ({ type: 'string', description });
		const expected: Record<string, { description: string; properties: Record<string, unknown> }> = {
			List_issues_in_GitHub_Toolkit: {
				description: `${toolAction(row(GITHUB_ROWS, 'issue', 'list'), GITHUB_TRUST_MEANING)} in GitHub Toolkit`,
				properties: { repository: string('The repository as owner/name, e.g. n8n-io/n8n'), state: string('Which issues: open, closed or all') },
			},
			Get_an_issue_in_GitHub_Toolkit: {
				description: `${toolAction(row(GITHUB_ROWS, 'issue', 'get'), GITHUB_TRUST_MEANING)} in GitHub Toolkit`,
				properties: { repository: string('The repository as owner/name, e.g. n8n-io/n8n'), issue_number: { type: 'number', description: 'Number of the issue' } },
			},
			Get_a_card_in_Trello_Toolkit: {
				description: `${toolAction(row(TRELLO_ROWS, 'card', 'get'), TRELLO_TRUST_MEANING)} in Trello Toolkit`,
				properties: { card_id: string('ID of the Trello card (24 hexadecimal characters)') },
			},
			Get_the_cards_of_a_list_in_Trello_Toolkit: {
				description: `${toolAction(row(TRELLO_ROWS, 'list', 'getCards'), TRELLO_TRUST_MEANING)} in Trello Toolkit`,
				properties: { list_id: string('ID of the Trello list (24 hexadecimal characters)') },
			},
			Call_the_GitHub_REST_API: {
				description: new GithubApiCall().description.description,
				properties: { path: string('REST path with its query, e.g. /repos/OWNER/NAME/pulls?state=open') },
			},
			Call_the_Trello_REST_API: {
				description: new TrelloApiCall().description.description,
				properties: { path: string('REST path under /1/ with its query, e.g. /1/boards/BOARD_ID/lists?fields=name') },
			},
			Create_an_issue_in_GitHub_Toolkit: {
				description: 'Create an issue (takes Repository (owner/name), Title; optionally Body, Labels, Assignees; returns the issue with trust: writer, outsider or unknown (can its author write to the repository?); changes data) in GitHub Toolkit',
				properties: { repository: string('The repository as owner/name'), title: string('Title of the issue'), body: string('Text of the issue (Markdown)') },
			},
		};
		expect(Object.keys(byName).sort()).toEqual(Object.keys(expected).sort());
		for (const [name, { description, properties }] of Object.entries(expected)) {
			const tool = byName[name];
			expect({ name, description: tool.description }).toEqual({ name, description });
			expect({ name, type: tool.inputSchema.type, properties: tool.inputSchema.properties }).toEqual({ name, type: 'object', properties });
			expect({ name, required: [...((tool.inputSchema.required as string[]) ?? [])].sort() }).toEqual({ name, required: Object.keys(properties).sort() });
			// No argument the description names is missing from the schema: the repository covers the owner.
			expect(tool.description).not.toContain('Repository Owner');
		}
		// n8n passes name, description and input schema only (docs/mcp.md).
		for (const tool of [...listed, ...written]) {
			expect({ name: tool.name, annotations: tool.annotations, outputSchema: tool.outputSchema }).toEqual({ name: tool.name, annotations: undefined, outputSchema: undefined });
		}
		expect(JSON.stringify([listed, written])).not.toMatch(new RegExp([GITHUB_TOKEN, TRELLO.apiKey, TRELLO.apiToken, MCP_TOKEN].join('|')));
	});

	it('List issues: a compact list of one allowed repository; a repository outside the scope and a missing one are said once', async () => {
		const listed = await call(tools, 'List_issues_in_GitHub_Toolkit', { repository: 'octo/hello', state: 'open' });
		const expected = JSON.stringify(labelled(GITHUB_FIELD_SETS.issue, openIssues(), 'writer'));
		expect(listed).toEqual({ isError: false, text: expected, github: [{ line: 'GET /repos/octo/hello/issues', query: { state: 'open', per_page: '10' } }], trello: [] });
		expect(listed.text.length).toBeLessThan(0.35 * JSON.stringify(openIssues()).length);

		const refused = await call(tools, 'List_issues_in_GitHub_Toolkit', { repository: 'evil/x', state: 'open' });
		expect(refused).toEqual({ isError: true, text: GITHUB_REFUSAL('evil/x'), github: [], trello: [] });

		const missing = await call(tools, 'List_issues_in_GitHub_Toolkit', { repository: 'octo/gone', state: 'open' });
		expect(missing).toEqual({
			isError: true,
			text: failed(`GitHub answered 404: Not Found - ${NOT_FOUND_HINT}`),
			github: [{ line: 'GET /repos/octo/gone/issues', query: { state: 'open', per_page: '10' } }], trello: [] });
	});

	it('Get an issue: the compact issue of an allowed repository', async () => {
		const got = await call(tools, 'Get_an_issue_in_GitHub_Toolkit', { repository: 'octo/hello', issue_number: 7 });
		expect(got).toEqual({
			isError: false,
			text: JSON.stringify(labelled(GITHUB_FIELD_SETS.issue, [rawIssue(github.apiUrl, 7)], 'writer')),
			github: [{ line: 'GET /repos/octo/hello/issues/7', query: {} }], trello: [] });
		const refused = await call(tools, 'Get_an_issue_in_GitHub_Toolkit', { repository: 'evil/x', issue_number: 7 });
		expect(refused).toEqual({ isError: true, text: GITHUB_REFUSAL('evil/x'), github: [], trello: [] });
	});

	it('Create an issue: one request with exactly the arguments; outside the scope nothing is sent; GitHub’s validation message is kept', async () => {
		const created = await call(writer, 'Create_an_issue_in_GitHub_Toolkit', { repository: 'octo/hello', title: 'Crash on start', body: 'Steps: open the app.' });
		const answer = { ...rawIssue(github.apiUrl, 42), title: 'Crash on start', body: 'Steps: open the app.' };
		expect(created).toEqual({ isError: false, text: JSON.stringify(labelled(GITHUB_FIELD_SETS.issue, [answer], 'writer')), github: [{ line: 'POST /repos/octo/hello/issues', query: {} }], trello: [] });
		expect(github.received.at(-1)?.body).toEqual({ title: 'Crash on start', body: 'Steps: open the app.' });
		expect(created.text.length).toBeLessThan(0.35 * JSON.stringify(answer).length);

		const refused = await call(writer, 'Create_an_issue_in_GitHub_Toolkit', { repository: 'evil/x', title: 'Exfiltrate', body: '' });
		expect(refused).toEqual({ isError: true, text: GITHUB_REFUSAL('evil/x'), github: [], trello: [] });

		const invalid = await call(writer, 'Create_an_issue_in_GitHub_Toolkit', { repository: 'octo/hello', title: 'Duplicate', body: 'Again.' });
		expect(invalid).toEqual({
			isError: true,
			text: failed('GitHub answered 422: Validation Failed (Issue title custom title is already used)'),
			github: [{ line: 'POST /repos/octo/hello/issues', query: {} }], trello: [] });
	});

	it('Get a card: the compact card of an allowed board; a card elsewhere is refused after the board look-up; a missing card keeps Trello’s message', async () => {
		const got = await call(tools, 'Get_a_card_in_Trello_Toolkit', { card_id: CARD });
		expect(got).toEqual({
			isError: false,
			text: JSON.stringify(labelled(TRELLO_FIELD_SETS.card, [rawCard(CARD, ALLOWED_BOARD)], 'unknown')),
			trello: [
				{ line: `GET /1/cards/${CARD}`, query: { fields: 'idBoard' } },
				{ line: `GET /1/cards/${CARD}`, query: {} },
			], github: [] });

		const refused = await call(tools, 'Get_a_card_in_Trello_Toolkit', { card_id: OTHER_CARD });
		expect(refused.isError).toBe(true);
		expect(refused.text).toMatch(new RegExp(`^${failed('')}Refused: .*"${OTHER_CARD}".* is on board "${OTHER_BOARD}", outside the credential's scope\\. Allowed boards: ${ALLOWED_BOARD}\\.\\n\\nDetails: Work on objects of the allowed boards, or ask for the scope to be extended\\.$`));
		expect(refused.trello).toEqual([{ line: `GET /1/cards/${OTHER_CARD}`, query: { fields: 'idBoard' } }]);

		const missing = await call(tools, 'Get_a_card_in_Trello_Toolkit', { card_id: MISSING_CARD });
		expect(missing.isError).toBe(true);
		expect(missing.text.startsWith(failed('Trello answered 404: The requested resource was not found.'))).toBe(true);
		expect(missing.text.split('The requested resource was not found.')).toHaveLength(2);
		expect(missing.text).not.toContain('Details:');
		expect(missing.trello).toEqual([{ line: `GET /1/cards/${MISSING_CARD}`, query: { fields: 'idBoard' } }]);
	});

	it('Get the cards of a list: compact cards after the list’s board look-up', async () => {
		const got = await call(tools, 'Get_the_cards_of_a_list_in_Trello_Toolkit', { list_id: LIST });
		const cards = [rawCard(CARD, ALLOWED_BOARD), { ...rawCard('60aaaaaaaaaaaaaaaaaaaa04', ALLOWED_BOARD), name: 'Write docs' }];
		expect(got).toEqual({
			isError: false,
			text: JSON.stringify(labelled(TRELLO_FIELD_SETS.card, cards, 'unknown')),
			trello: [
				{ line: `GET /1/lists/${LIST}`, query: { fields: 'idBoard' } },
				{ line: `GET /1/lists/${LIST}/cards`, query: {} },
			], github: [] });
	});

	it('Call the GitHub REST API: a query string in the path is sent as query when the path is in scope; other repositories are refused; 404 keeps GitHub’s words once', async () => {
		const closed = await call(tools, 'Call_the_GitHub_REST_API', { path: '/repos/octo/hello/issues?state=closed&per_page=2' });
		expect(closed).toEqual({
			isError: false,
			text: JSON.stringify(closedIssues().slice(0, 2)),
			github: [{ line: 'GET /repos/octo/hello/issues', query: { state: 'closed', per_page: '2' } }], trello: [] });

		const refused = await call(tools, 'Call_the_GitHub_REST_API', { path: '/repos/evil/x/issues?state=all' });
		expect(refused).toEqual({ isError: true, text: GITHUB_REFUSAL('evil/x'), github: [], trello: [] });

		const missing = await call(tools, 'Call_the_GitHub_REST_API', { path: '/repos/octo/gone' });
		expect(missing).toEqual({
			isError: true,
			text: failed(`GitHub answered 404: Not Found - ${NOT_FOUND_HINT}`),
			github: [{ line: 'GET /repos/octo/gone', query: {} }], trello: [] });
	});

	it('Call the Trello REST API: a query string in the path of an allowed board is sent as query; another board is refused; Trello’s 400 message is kept once', async () => {
		const lists = await call(tools, 'Call_the_Trello_REST_API', { path: `/1/boards/${ALLOWED_BOARD}/lists?fields=name` });
		expect(lists).toEqual({
			isError: false,
			text: JSON.stringify([{ id: LIST, name: 'To do' }]),
			trello: [{ line: `GET /1/boards/${ALLOWED_BOARD}/lists`, query: { fields: 'name' } }], github: [] });

		const refused = await call(tools, 'Call_the_Trello_REST_API', { path: `/1/boards/${OTHER_BOARD}/lists?fields=name` });
		expect(refused).toEqual({
			isError: true,
			text: failed(`Refused: the board "${OTHER_BOARD}" is outside the credential's scope. Allowed boards: ${ALLOWED_BOARD}.\n\nDetails: Work on objects of the allowed boards, or ask for the scope to be extended.`),
			trello: [], github: [] });

		const invalid = await call(tools, 'Call_the_Trello_REST_API', { path: `/1/boards/${ALLOWED_BOARD}/cards?filter=bogus` });
		expect(invalid.isError).toBe(true);
		expect(invalid.text.startsWith(failed('Trello answered 400: invalid value for filter'))).toBe(true);
		expect(invalid.text.split('invalid value for filter')).toHaveLength(2);
		expect(invalid.text).not.toContain('Details:');
		expect(invalid.trello).toEqual([{ line: `GET /1/boards/${ALLOWED_BOARD}/cards`, query: { filter: 'bogus' } }]);
	});

	it('no secret reached a fake outside its headers, a listing or a result', () => {
		for (const request of [...github.received, ...trello.received]) {
			expect(JSON.stringify({ path: request.path, query: request.query, body: request.body })).not.toMatch(new RegExp([GITHUB_TOKEN, TRELLO.apiKey, TRELLO.apiToken, MCP_TOKEN].join('|')));
		}
	});
});
