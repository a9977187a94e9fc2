import { migrateWorkflow, PACKAGE, TARGET_VERSIONS } from '../../migrate';
import { HarnessNodeTypes } from '../harness/nodeTypes';

const rl = (value: unknown, mode: string) => ({ __rl: true, value, mode });

function node(name: string, type: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: name, name, type: `n8n-nodes-base.${type}`, typeVersion: 1.1, position: [10, 20] as [number, number], parameters, ...extra };
}

const converted = (workflow: unknown, name: string) =>
	(migrateWorkflow(workflow).workflow!.nodes.find((n) => n.name === name) as { type: string; typeVersion: number; parameters: Record<string, unknown> });

describe('migrateWorkflow', () => {
	it("gives every converted node the newest version of this package's node", () => {
		const types = new HarnessNodeTypes();
		for (const [name, version] of Object.entries(TARGET_VERSIONS)) {
			const description = types.getByNameAndVersion(`${PACKAGE}.${name}`).description;
			expect([description.version].flat().reduce((a, b) => Math.max(a, b))).toBe(version);
		}
	});

	it('keeps name, position, id and settings; drops the credential and says which type to link', () => {
		const source = node('Read file', 'github', { resource: 'file', operation: 'get', owner: rl('octo', 'name'), repository: rl('hello', 'name'), filePath: 'a.txt' }, {
			credentials: { githubApi: { id: '7', name: 'Work GitHub' } },
			retryOnFail: true,
			notes: 'keep me',
		});
		const { workflow, report } = migrateWorkflow({ name: 'W', nodes: [source], connections: {} });
		const out = workflow!.nodes[0];
		expect(out).toMatchObject({ id: 'Read file', name: 'Read file', position: [10, 20], retryOnFail: true, notes: 'keep me', type: `${PACKAGE}.gitHub`, typeVersion: 1 });
		expect(out.credentials).toBeUndefined();
		expect(out.parameters).toEqual({
			authentication: 'accessToken',
			resource: 'file',
			operation: 'get',
			owner: rl('octo', 'name'),
			repository: rl('hello', 'name'),
			path: 'a.txt',
			outputAs: 'binary',
			binaryPropertyName: 'data',
			additionalFields: {},
		});
		expect(report.nodes).toEqual([
			{
				name: 'Read file',
				from: { type: 'n8n-nodes-base.github', typeVersion: 1.1 },
				to: { type: `${PACKAGE}.gitHub`, typeVersion: 1 },
				status: 'converted-with-notes',
				notes: [
					'link a "GitHub Access Token" credential (githubAccessTokenApi); this node used "Work GitHub": credentials are not carried over',
					expect.stringContaining("the output differs from n8n's: With “As Binary Property”"),
				],
			},
		]);
	});

	it("makes a new, inactive workflow: without the original's id, version, static data and sharing; the input untouched", () => {
		const source = {
			id: 'Wf0123456789abcd',
			versionId: '8d3c2f1e-0000-4000-8000-000000000001',
			activeVersionId: '8d3c2f1e-0000-4000-8000-000000000001',
			name: 'Issues to cards',
			active: true,
			isArchived: false,
			triggerCount: 1,
			staticData: { 'node:GitHub Trigger': { webhookId: 1000, webhookEvents: ['issues'], webhookSecret: 'n8n-saved-secret' } },
			shared: [{ role: 'workflow:owner', projectId: 'p1' }],
			settings: { executionOrder: 'v1' },
			pinData: {},
			tags: [{ id: 't1', name: 'github' }],
			nodes: [node('Read file', 'github', { resource: 'file', operation: 'get', owner: rl('octo', 'name'), repository: rl('hello', 'name'), filePath: 'a.txt' })],
			connections: {},
		};
		const before = JSON.stringify(source);
		const { workflow } = migrateWorkflow(source);
		expect(Object.keys(workflow!).sort()).toEqual(['active', 'connections', 'name', 'nodes', 'pinData', 'settings', 'tags']);
		expect(workflow).toMatchObject({ name: 'Issues to cards', active: false, settings: { executionOrder: 'v1' }, tags: [{ id: 't1', name: 'github' }] });
		expect(workflow!.nodes[0].type).toBe(`${PACKAGE}.gitHub`);
		expect(JSON.stringify(source)).toBe(before);
	});

	it('reads every locator form real exports carry as the same value', () => {
		const forms: Array<[unknown, unknown]> = [
			[rl('octo', 'list'), rl('octo', 'list')],
			[rl('octo', 'name'), rl('octo', 'name')],
			[rl('https://github.com/octo', 'url'), rl('https://github.com/octo', 'url')],
			['octo', rl('octo', 'name')],
			[rl('octo', ''), rl('octo', 'name')],
			[rl('={{ $json.owner }}', 'expression'), rl('={{ $json.owner }}', 'name')],
			[rl('={{ $json.owner }}', 'list'), rl('={{ $json.owner }}', 'name')],
			['={{ $json.owner }}', rl('={{ $json.owner }}', 'name')],
		];
		for (const [owner, expected] of forms) {
			const out = converted({ nodes: [node('G', 'github', { resource: 'issue', operation: 'get', owner, repository: 'hello', issueNumber: 3 })] }, 'G');
			expect(out.parameters.owner).toEqual(expected);
			expect(out.parameters.issueNumber).toEqual(rl('3', 'id'));
		}
	});

	it('applies n8n’s defaults for parameters an export leaves out (resource, operation, limit, As Binary Property)', () => {
		// n8n's GitHub node defaults to Issue → Create; Release → Get Many to a limit of 50.
		expect(converted({ nodes: [node('G', 'github', { owner: 'o', repository: 'r', title: 'T' })] }, 'G').parameters).toMatchObject({ resource: 'issue', operation: 'create', title: 'T', body: '' });
		expect(converted({ nodes: [node('G', 'github', { resource: 'release', operation: 'getAll', owner: 'o', repository: 'r' })] }, 'G').parameters).toMatchObject({ returnAll: false, limit: 50 });
		expect(converted({ nodes: [node('T', 'trello', { listId: 'L1', name: 'Card' }, { typeVersion: 1 })] }, 'T').parameters).toMatchObject({ resource: 'card', operation: 'create', authentication: 'keyToken' });
	});

	it('keeps tool nodes tools, with their description and $fromAI placeholders', () => {
		const tool = node(
			'Get file tool',
			'githubTool',
			{
				descriptionType: 'manual',
				toolDescription: 'Reads a file of the repository',
				resource: 'file',
				operation: 'get',
				owner: rl("={{ $fromAI('owner', 'Repository owner', 'string') }}", 'name'),
				repository: rl("={{ $fromAI('repo') }}", 'list'),
				filePath: "={{ $fromAI('path') }}",
				asBinaryProperty: false,
			},
		);
		const out = converted({ nodes: [tool], connections: { 'Get file tool': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] } } }, 'Get file tool');
		expect(out.type).toBe(`${PACKAGE}.gitHubTool`);
		expect(out.parameters).toMatchObject({
			descriptionType: 'manual',
			toolDescription: 'Reads a file of the repository',
			owner: rl("={{ $fromAI('owner', 'Repository owner', 'string') }}", 'name'),
			repository: rl("={{ $fromAI('repo') }}", 'name'),
			path: "={{ $fromAI('path') }}",
			outputAs: 'text',
		});
	});

	it('rewrites reads of the GitHub Trigger’s item and lists the ones it cannot', () => {
		const workflow = {
			nodes: [
				node('Hook', 'githubTrigger', { owner: rl('octo', 'name'), repository: rl('hello', 'list'), events: ['push', '*', 'installation'] }, { typeVersion: 1, webhookId: 'original-id' }),
				node('Next', 'noOp', { a: '={{ $json.body.ref }} {{ $json.headers["x-github-event"] }}', b: '={{ $json.query.x }}', c: 'plain $json.body' }),
				node('Later', 'noOp', { d: "={{ $('Hook').item.json.body.sender.login }}", e: '={{ $json.body.ref }}' }),
			],
			connections: { Hook: { main: [[{ node: 'Next', type: 'main', index: 0 }]] }, Next: { main: [[{ node: 'Later', type: 'main', index: 0 }]] } },
		};
		const { workflow: out, report } = migrateWorkflow(workflow);
		const hook = out!.nodes[0];
		expect(hook.type).toBe(`${PACKAGE}.gitHubTrigger`);
		expect(hook.webhookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(hook.webhookId).not.toBe('original-id');
		expect(hook.parameters).toMatchObject({ triggers: ['anyEvent'], webhookEvents: ['push', '*'], owner: rl('octo', 'name'), repositories: ['hello'] });
		expect(out!.nodes[1].parameters).toEqual({ a: '={{ $json.payload.ref }} {{ $json.event }}', b: '={{ $json.query.x }}', c: 'plain $json.body' });
		// Later is not connected to Hook directly: only its $('Hook') read is Hook's item.
		expect(out!.nodes[2].parameters).toEqual({ d: "={{ $('Hook').item.json.payload.sender.login }}", e: '={{ $json.body.ref }}' });
		expect(report.expressions.map((e) => [e.node, e.parameter, e.reads])).toEqual([
			['Next', 'a', '$json.body'],
			['Next', 'a', '$json.headers["x-github-event"]'],
			['Next', 'b', '$json.query.x'],
			['Later', 'd', "$('Hook').item.json.body"],
		]);
		expect(report.nodes[0].notes).toContainEqual(expect.stringContaining('"installation" reaches only a GitHub App'));
		// The input is not changed.
		expect(workflow.nodes[1].parameters.a).toBe('={{ $json.body.ref }} {{ $json.headers["x-github-event"] }}');
	});

	it('converts the Trello Trigger’s model id as a watched board, and says so', () => {
		const { workflow, report } = migrateWorkflow({ nodes: [node('TT', 'trelloTrigger', { id: 'B1' }, { typeVersion: 1, credentials: { trelloOAuth1Api: { id: '1', name: 'T' } } })] });
		expect(workflow!.nodes[0]).toMatchObject({ type: `${PACKAGE}.trelloTrigger`, typeVersion: 1.1, parameters: { authentication: 'oAuth1', event: 'custom', watch: 'board', boards: ['B1'] } });
		expect(report.nodes[0].notes.join(' ')).toContain('If the id is a list, card or member, change "Watch"');
	});

	describe('hostile input: a clear report, never a crash', () => {
		it.each([
			['null', null, 'not a workflow: expected an object'],
			['a string', 'workflow', 'not a workflow: expected an object'],
			['an array', [], 'not a workflow: expected an object'],
			['nodes not a list', { nodes: 5 }, 'not a workflow: it has no "nodes" list'],
			['a node without a type', { nodes: [{ name: 'x' }] }, 'node 1 has no name or type'],
			['two nodes of one name', { nodes: [node('A', 'noOp', {}), node('A', 'noOp', {})] }, 'two nodes are named "A"'],
			['a huge node list', { nodes: Array.from({ length: 5001 }, (_, i) => node(`N${i}`, 'noOp', {})) }, 'the workflow has 5001 nodes, more than 5000'],
		])('%s', (_, input, problem) => {
			const { workflow, report } = migrateWorkflow(input);
			expect(workflow).toBeNull();
			expect(report.problems).toEqual([expect.stringContaining(problem)]);
		});

		it('a reference cycle in an in-memory workflow', () => {
			const parameters: Record<string, unknown> = { resource: 'issue', operation: 'get' };
			parameters.self = parameters;
			const { workflow, report } = migrateWorkflow({ nodes: [node('G', 'github', parameters)] });
			expect(workflow).toBeNull();
			expect(report.problems).toEqual([expect.stringContaining('cannot be copied as JSON')]);
		});

		it('cycles in connections and connections to missing nodes: converted, the broken ones reported', () => {
			const { workflow, report } = migrateWorkflow({
				nodes: [node('A', 'github', { resource: 'issue', operation: 'get', owner: 'o', repository: 'r', issueNumber: 1 }), node('B', 'noOp', { x: '={{ $json.title }}' })],
				connections: {
					A: { main: [[{ node: 'B', type: 'main', index: 0 }]] },
					B: { main: [[{ node: 'A', type: 'main', index: 0 }, { node: 'Gone', type: 'main', index: 0 }]] },
				},
			});
			expect(workflow!.nodes[0].type).toBe(`${PACKAGE}.gitHub`);
			expect(workflow!.connections).toEqual({
				A: { main: [[{ node: 'B', type: 'main', index: 0 }]] },
				B: { main: [[{ node: 'A', type: 'main', index: 0 }, { node: 'Gone', type: 'main', index: 0 }]] },
			});
			expect(report.problems).toEqual(['"B" connects to "Gone", which is not a node of the workflow']);
		});

		it('unknown node types are left alone; unknown versions and operations are kept as they are, with why', () => {
			const { workflow, report } = migrateWorkflow({
				nodes: [
					node('Other', 'slack', { text: 'hi' }),
					node('Future', 'github', { resource: 'issue', operation: 'get' }, { typeVersion: 9 }),
					node('Odd', 'trello', { resource: 'card', operation: 'teleport' }, { typeVersion: 1 }),
					{ name: 'No params', type: 'n8n-nodes-base.github', typeVersion: 1 },
				],
			});
			expect(workflow!.nodes.slice(0, 3).map((n) => n.type)).toEqual(['n8n-nodes-base.slack', 'n8n-nodes-base.github', 'n8n-nodes-base.trello']);
			expect(report.nodes.map((n) => [n.name, n.status, n.to])).toEqual([
				['Future', 'not-converted', null],
				['Odd', 'not-converted', null],
				['No params', 'converted', { type: `${PACKAGE}.gitHub`, typeVersion: 1 }],
			]);
			expect(report.nodes[0].notes[0]).toContain('typeVersion 9 of n8n\'s github node is not one n8n has shipped (known: 1, 1.1)');
			expect(report.nodes[1].notes[0]).toContain('has no operation "card → teleport"');
			// Missing parameters read as n8n's defaults: Issue → Create with an empty title.
			expect(workflow!.nodes[3].parameters).toMatchObject({ resource: 'issue', operation: 'create', title: '' });
		});

		it('deeply nested parameters', () => {
			let deep: Record<string, unknown> = { value: '={{ $json.body }}' };
			for (let i = 0; i < 2000; i++) deep = { deep };
			const { workflow, report } = migrateWorkflow({
				nodes: [node('Hook', 'githubTrigger', { events: ['push'] }, { typeVersion: 1 }), node('Next', 'noOp', deep)],
				connections: { Hook: { main: [[{ node: 'Next', type: 'main', index: 0 }]] } },
			});
			expect(workflow!.nodes[0].type).toBe(`${PACKAGE}.gitHubTrigger`);
			expect(report.problems).toEqual([]);
		});
	});
});
