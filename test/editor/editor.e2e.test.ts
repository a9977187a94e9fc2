import { mkdirSync } from 'fs';
import { join } from 'path';

import { LIST_PROJECTS_QUERY, PROJECT_FIELDS_QUERY } from '../../nodes/GitHub/actions/project/handlers';
import { chromiumAvailable, Editor } from '../e2e/browser';
import { PACKAGE, RealN8n } from '../e2e/n8n';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';

const GITHUB_TOKEN = 'ghp_editorTourToken0123456789abcdefgh';
const TRELLO = { apiKey: 'editor-tour-key-0123456789', apiToken: 'editor-tour-token-0123456789abcdef' };
const BOARDS = [
	{ id: '5f2b8c1e9d3a4b0012a1b001', name: 'Product Roadmap', shortLink: 'Rm4pXk2Q', url: 'https://trello.com/b/Rm4pXk2Q/product-roadmap', closed: false },
	{ id: '5f2b8c1e9d3a4b0012a1b002', name: 'Support Queue', shortLink: 'Sq7hTt1W', url: 'https://trello.com/b/Sq7hTt1W/support-queue', closed: false },
];
const PROJECTS = [
	{ id: 'PVT_3', number: 3, title: 'Roadmap', url: 'https://github.com/orgs/acme-org/projects/3', closed: false },
	{ id: 'PVT_1', number: 1, title: 'Launch 2025', url: 'https://github.com/orgs/acme-org/projects/1', closed: true },
];
const WORKFLOW_ID = 'editorTour';
const github = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
const trello = { trelloKeyTokenApi: { id: 'trKey', name: 'Trello key' } };

/** One of each node a user opens first: both triggers and both action nodes, configured as a user would. */
const workflow = {
	id: WORKFLOW_ID,
	name: 'Editor tour',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d01',
			name: 'GitHub Toolkit Trigger',
			type: `${PACKAGE}.gitHubTrigger`,
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'editor-tour-github',
			parameters: { authentication: 'accessToken', triggers: ['newIssue'], owner: { mode: 'name', value: 'acme-org' } },
			credentials: github,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d02',
			name: 'GitHub Toolkit',
			type: `${PACKAGE}.gitHub`,
			typeVersion: 1,
			position: [300, 0],
			parameters: { authentication: 'accessToken', resource: 'issue', operation: 'create' },
			credentials: github,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d03',
			name: 'Trello Toolkit Trigger',
			type: `${PACKAGE}.trelloTrigger`,
			typeVersion: 1,
			position: [0, 300],
			webhookId: 'editor-tour-trello',
			parameters: { authentication: 'keyToken', event: 'newComment', boards: [BOARDS[0].id] },
			credentials: trello,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d04',
			name: 'Trello Toolkit',
			type: `${PACKAGE}.trello`,
			typeVersion: 1,
			position: [300, 300],
			parameters: { authentication: 'keyToken', resource: 'card', operation: 'create' },
			credentials: trello,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d05',
			name: 'Move to Status',
			type: `${PACKAGE}.gitHub`,
			typeVersion: 1,
			position: [600, 0],
			parameters: {
				authentication: 'accessToken',
				resource: 'project',
				operation: 'updateItemStatus',
				projectOwner: { __rl: true, mode: 'name', value: 'acme-org' },
				projectNumber: { __rl: true, mode: 'list', value: '' },
			},
			credentials: github,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d06',
			name: 'Issue by URL',
			type: `${PACKAGE}.gitHub`,
			typeVersion: 1,
			position: [900, 0],
			parameters: {
				authentication: 'accessToken',
				resource: 'issue',
				operation: 'get',
				repository: { __rl: true, mode: 'url', value: 'https://github.com/acme-org/widgets' },
				issueNumber: { __rl: true, mode: 'id', value: '7' },
			},
			credentials: github,
		},
		{
			id: '0b9f3c6e-5d1a-4c2e-9a51-6f0e2b1c7d07',
			name: 'Legacy Comment',
			type: `${PACKAGE}.trello`,
			typeVersion: 1,
			position: [600, 300],
			parameters: { authentication: 'keyToken', resource: 'comment', operation: 'add', cardId: 'AbCd1234', text: 'Shipped' },
			credentials: trello,
		},
	],
	connections: {
		'GitHub Toolkit Trigger': { main: [[{ node: 'GitHub Toolkit', type: 'main', index: 0 }]] },
		'Trello Toolkit Trigger': { main: [[{ node: 'Trello Toolkit', type: 'main', index: 0 }]] },
	},
};

const nodeNamed = (name: string) => workflow.nodes.find((candidate) => candidate.name === name)!;

/** `npm run screenshots` sets this: the README's pictures are taken on the way. */
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

const prepared = !!process.env.N8N_HOST_DIR && !!process.env.PACKAGE_TARBALL && chromiumAvailable();

(prepared ? describe : describe.skip)('the editor in a real browser', () => {
	const githubApi = new FakeGitHub();
	const trelloApi = new FakeTrello();
	let n8n: RealN8n;
	let editor: Editor;

	const shot = async (name: string) => {
		if (!SCREENSHOTS) return;
		mkdirSync(SCREENSHOTS, { recursive: true });
		// A panel still sliding in would be caught half way: the finite animations and transitions end first.
		await editor.page.evaluate(
			'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))',
		);
		await editor.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
	};

	beforeAll(async () => {
		await githubApi.start();
		await trelloApi.start();
		githubApi.tokens.add(GITHUB_TOKEN);
		githubApi.on('GET', '/user', () => ({ body: { login: 'mona', id: 1, type: 'User' } }));
		githubApi.on('GET', '/user/orgs', () => ({ body: [{ login: 'acme-org', id: 2 }] }));
		githubApi.serveGraphql({ LIST_PROJECTS_QUERY, PROJECT_FIELDS_QUERY }, (document, variables) => {
			if (variables.owner !== 'acme-org') return { repositoryOwner: null };
			if (document === 'LIST_PROJECTS_QUERY') return { repositoryOwner: { projectsV2: { nodes: PROJECTS, pageInfo: { hasNextPage: false, endCursor: null } } } };
			const options = [{ id: 'o1', name: 'Todo' }, { id: 'o2', name: 'In Progress' }, { id: 'o3', name: 'Done' }];
			return { repositoryOwner: { projectV2: variables.number === 3 ? { id: 'PVT_3', title: 'Roadmap', fields: { nodes: [{ id: 'F_s', name: 'Status', dataType: 'SINGLE_SELECT', options }] } } : null } };
		});
		githubApi.on('GET', '/user/repos', () => ({
			body: [
				{ name: 'widgets', full_name: 'acme-org/widgets', owner: { login: 'acme-org' }, private: true },
				{ name: 'dotfiles', full_name: 'mona/dotfiles', owner: { login: 'mona' }, private: false },
				{ name: 'api', full_name: 'acme-org/api', owner: { login: 'acme-org' }, private: false },
			],
		}));
		trelloApi.accounts.push(TRELLO);
		trelloApi.on('GET', '/1/members/me', () => ({ body: { id: 'm1', username: 'alexkim', fullName: 'Alex Kim' } }));
		trelloApi.on('GET', '/1/members/me/boards', () => ({ body: BOARDS }));
		n8n = await RealN8n.create({ editor: true });
		await n8n.importCredentials([
			{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: githubApi.apiUrl, accessToken: GITHUB_TOKEN } },
			{ id: 'trKey', name: 'Trello key', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: trelloApi.baseUrl } },
		]);
		await n8n.importWorkflow(workflow);
		await n8n.start();
		await n8n.signInAsOwner();
		editor = await Editor.open();
		await editor.signIn(n8n);
	});

	afterAll(async () => {
		await editor?.close();
		await n8n?.dispose();
		await githubApi.stop();
		await trelloApi.stop();
	});

	async function openCreatorOn(nodeName: string) {
		const { page } = editor;
		await page.goto(`${n8n.baseUrl}/workflow/new`);
		await page.getByTestId('canvas-add-button').click();
		const creator = page.getByTestId('node-creator');
		await creator.locator('input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input').first().fill(nodeName);
		await creator.getByTestId('node-creator-item-name').getByText(nodeName, { exact: true }).click();
		return creator;
	}

	it.each([
		['GitHub Toolkit', 'On new issue'],
		['Trello Toolkit', 'On new comment added to card'],
	])('the node creator shows %s with its trigger events ("%s") and actions', async (nodeName, event) => {
		const mark = editor.errors.length;
		const creator = await openCreatorOn(nodeName);
		// The trigger's events are listed on the action node's page ("Triggers (N)"), then its actions.
		await creator.getByText(new RegExp(`^${event}$`, 'i')).first().waitFor();
		await creator.getByText(/^Triggers \(\d+\)$/).first().waitFor();
		expect(await creator.getByText(/^Actions \(\d+\)$/).count()).toBe(1);
		expect(await creator.getByTestId('actions-panel-no-triggers-callout').count()).toBe(0);
		if (nodeName === 'GitHub Toolkit') await shot('node-creator');
		expect(editor.errorsSince(mark)).toEqual([]);
	});

	it('each node panel opens without errors', async () => {
		const { page } = editor;
		for (const node of workflow.nodes) {
			const mark = editor.errors.length;
			// The first by the editor's address for a workflow with one node's panel open, the others from the canvas.
			await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, node);
			const ndv = page.getByTestId('ndv');
			await editor.settled();
			const shotName = { 'GitHub Toolkit': 'github-node', 'GitHub Toolkit Trigger': 'github-trigger' }[node.name];
			if (shotName) await shot(shotName);
			expect(await ndv.getByText(node.name, { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
			expect({ node: node.name, errors: editor.errorsSince(mark) }).toEqual({ node: node.name, errors: [] });
		}
	});

	it('the Trello board picker lists the boards of the connected account from Trello', async () => {
		const { page } = editor;
		await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, workflow.nodes[3]);
		const ndv = page.getByTestId('ndv');
		const before = trelloApi.requestsTo('GET', '/1/members/me/boards').length;
		await ndv.getByTestId('rlc-input').first().click();
		await page.getByText('Product Roadmap', { exact: true }).first().waitFor();
		await shot('trello-board-picker');
		expect(await page.getByText('Support Queue', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
		const requests = trelloApi.requestsTo('GET', '/1/members/me/boards').slice(before);
		expect(requests.length).toBeGreaterThan(0);
		expect(requests[0].headers.authorization).toBe(`OAuth oauth_consumer_key="${TRELLO.apiKey}", oauth_token="${TRELLO.apiToken}"`);
		await page.keyboard.press('Escape');
	});

	it('the GitHub project picker lists the owner\'s projects, and the status picker the chosen project\'s options', async () => {
		const { page } = editor;
		const mark = editor.errors.length;
		await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, workflow.nodes[4]);
		const ndv = page.getByTestId('ndv');
		const calls = githubApi.graphqlCalls.length;
		await ndv.getByTestId('resource-locator-projectNumber').getByTestId('rlc-input').click();
		await page.getByText('Roadmap', { exact: true }).first().waitFor();
		expect(await page.getByText('Launch 2025 (closed)', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
		await page.getByText('Roadmap', { exact: true }).first().click();
		await ndv.getByTestId('resource-locator-status').getByTestId('rlc-input').click();
		await page.getByText('In Progress', { exact: true }).first().waitFor();
		// The editor may ask again (e.g. on reopening); every question is one of these two.
		const asked = githubApi.graphqlCalls.slice(calls);
		expect(asked).toContainEqual({ document: 'LIST_PROJECTS_QUERY', variables: { owner: 'acme-org', first: 100, after: null } });
		expect(asked).toContainEqual({ document: 'PROJECT_FIELDS_QUERY', variables: { owner: 'acme-org', number: 3 } });
		expect(asked.filter((call) => call.variables.owner !== 'acme-org')).toEqual([]);
		await page.keyboard.press('Escape');
		expect(editor.errorsSince(mark)).toEqual([]);
	});

	it("the GitHub Trigger's repositories multi-select lists the owner's repositories from GitHub", async () => {
		const { page } = editor;
		const mark = editor.errors.length;
		await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, workflow.nodes[0]);
		const ndv = page.getByTestId('ndv');
		// A click while the panel still lays out (the notice above the field renders late) can land before the
		// select listens: click until the list is open, as a user would.
		const select = ndv.getByTestId('parameter-input-repositories');
		const firstOption = page.getByText('widgets', { exact: true }).filter({ visible: true }).first();
		for (let attempt = 0; attempt < 20 && !(await firstOption.isVisible()); attempt++) {
			await select.click();
			await firstOption.waitFor({ timeout: 5000 }).catch(() => undefined);
		}
		// What the user sees: the names exist only in the fake GitHub, and another owner's repository is left out.
		// n8n may load the options when the panel opens or again on click (caching and timing decide), so the
		// number of requests is not asserted, only that each one carried the credential's token.
		await page.getByText('widgets', { exact: true }).filter({ visible: true }).first().waitFor();
		expect(await page.getByText('api', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
		expect(await page.getByText('dotfiles', { exact: true }).filter({ visible: true }).count()).toBe(0);
		const asked = githubApi.requestsTo('GET', '/user/repos');
		expect(asked.length).toBeGreaterThan(0);
		expect(asked.map((request) => request.headers.authorization)).toEqual(asked.map(() => `Bearer ${GITHUB_TOKEN}`));
		await page.keyboard.press('Escape');
		expect(editor.errorsSince(mark)).toEqual([]);
	});

	it('Repository Owner is asked for with a repository to pick, not with a repository given by URL', async () => {
		const { page } = editor;
		const ownerInputs = async (name: string) => {
			await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, nodeNamed(name));
			const ndv = page.getByTestId('ndv');
			await ndv.getByTestId('parameter-input-repository').waitFor();
			return await ndv.getByTestId('parameter-input-owner').count();
		};
		expect(await ownerInputs('GitHub Toolkit')).toBe(1);
		expect(await ownerInputs('Issue by URL')).toBe(0);
	});

	it('Trello Comment: a new node offers Add to Card only; a version 1 node keeps Add (Legacy)', async () => {
		const creator = await openCreatorOn('Trello Toolkit');
		// Every action but the retired one; the creator shows each action's text, which goes on with what it takes and returns.
		const offered = TRELLO_ROWS.filter((row) => row.retiredInVersion === undefined).length;
		expect(offered).toBe(TRELLO_ROWS.length - 1);
		await creator.getByText(`Actions (${offered})`, { exact: true }).click();
		await creator.getByText(/^Add a comment to a card \(takes/).first().waitFor();
		expect(await creator.getByText(/^Add a comment \(legacy\)/).count()).toBe(0);
		const { page } = editor;
		await editor.openNodePanel(n8n.baseUrl, WORKFLOW_ID, nodeNamed('Legacy Comment'));
		const ndv = page.getByTestId('ndv');
		expect(await ndv.getByTestId('parameter-input-operation').locator('input').inputValue()).toBe('Add (Legacy)');
	});

	it('the Trello credential form opens with its fields', async () => {
		const { page } = editor;
		const mark = editor.errors.length;
		await page.goto(`${n8n.baseUrl}/home/credentials/trKey`);
		const dialog = page.getByTestId('credential-edit-dialog');
		await dialog.waitFor();
		await dialog.getByText('Application Secret').first().waitFor();
		await editor.settled();
		await shot('trello-credential');
		expect(editor.errorsSince(mark)).toEqual([]);
	});
});
