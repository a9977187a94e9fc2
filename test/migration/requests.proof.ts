/**
 * Request for request: every operation of n8n's GitHub and Trello nodes (n8n-nodes-base from the
 * prepared n8n host) runs in-process through n8n-core, then the node the converter made of it runs
 * the same way against the same recording fake; both send the same requests and output the same
 * items — except where docs/migrating.md names a difference, which is asserted exactly.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';
import type { IDataObject, INode } from 'n8n-workflow';

import { DIFFERENCES as DOCUMENTED, migrateWorkflow } from '../../migrate';
import { baseLoadErrors, baseNodeTypes, N8N_HOST_DIR, runBenchWorkflow } from '../../bench/harness';
import { singleNodeWorkflow } from '../harness/workflow';
import type { Outcome } from './differences';
import { RecordingFake } from './fake';
import { comparable } from './comparable';
import type { Case } from './corpus';
import { answer, corpus } from './corpus';
import { DIFFERENCES } from './differences';

const TOKEN = 'ghp_proofToken0123456789abcdefABCDEFabcd';
const KEY = 'proofTrelloKey0123456789abcdef01';
const TRELLO_TOKEN = 'proof'.padEnd(64, '0');

const THEIR_CREDENTIALS = {
	githubApi: { server: 'https://api.github.com', user: '', accessToken: TOKEN },
	trelloApi: { apiKey: KEY, apiToken: TRELLO_TOKEN, oauthSecret: '' },
};
const OUR_CREDENTIALS = {
	githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN },
	trelloKeyTokenApi: { apiKey: KEY, apiToken: TRELLO_TOKEN },
};

async function run(fake: RecordingFake, node: INode, credentials: Record<string, IDataObject>): Promise<Outcome> {
	fake.take();
	const result = await runBenchWorkflow(singleNodeWorkflow(node, [{ source: 'input' }]), credentials as never);
	const requests = fake.take().map(comparable);
	const error = result.error(node.name);
	if (error) return { requests, items: [], binary: [], error: `${error.message} ${(error as { description?: string }).description ?? ''}` };
	const items = result.items(node.name);
	return {
		requests,
		items: items.map((item) => item.json),
		binary: items.map((item) =>
			Object.fromEntries(Object.entries(item.binary ?? {}).map(([name, data]) => [name, { data: data.data, fileName: data.fileName }])),
		),
	};
}

function theirNode(testCase: Case): INode {
	const credential = testCase.node === 'github' ? 'githubApi' : 'trelloApi';
	return {
		id: 'proof-node',
		name: 'Node',
		type: `n8n-nodes-base.${testCase.node}`,
		typeVersion: testCase.typeVersion,
		position: [0, 0],
		parameters: testCase.parameters as INode['parameters'],
		credentials: { [credential]: { id: 'their-credential', name: 'Their credential' } },
	};
}

function ourNode(their: INode): { node: INode; to: string } {
	const { workflow, report } = migrateWorkflow({ nodes: [their], connections: {} });
	const converted = workflow!.nodes[0] as unknown as INode;
	const to = report.nodes[0].to;
	if (!to) throw new Error(`not converted: ${report.nodes[0].notes.join('; ')}`);
	const type = their.type.includes('github') ? 'githubAccessTokenApi' : 'trelloKeyTokenApi';
	return { node: { ...converted, credentials: { [type]: { id: 'our-credential', name: 'Our credential' } } }, to: `${to.type}` };
}

const available = N8N_HOST_DIR ? undefined : 'N8N_HOST_DIR is not set (scripts/test.sh sets it to the prepared n8n host)';

describe("n8n's GitHub and Trello nodes and their converted copies send the same requests", () => {
	let fake: RecordingFake;
	beforeAll(() => {
		if (available) throw new Error(available);
		expect(baseNodeTypes().has('n8n-nodes-base.github')).toBe(true);
		expect(baseLoadErrors).toEqual({});
	});
	// test/setup/no-network.ts removes every interceptor after each test.
	beforeEach(() => {
		fake = new RecordingFake(answer);
	});

	it("the converter's facts are n8n's own descriptions (migrate/n8nNodeFacts.ts is not stale)", () => {
		execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'n8n-node-facts.mjs'), N8N_HOST_DIR, '--check'], { stdio: 'pipe' });
	});

	const cases = corpus();
	it('the corpus covers every operation of both nodes in every typeVersion', () => {
		const keys = new Set(cases.filter((c) => !c.variant).map((c) => `${c.node}@${c.typeVersion}:${c.operation}`));
		expect([...keys].filter((k) => k.startsWith('github@1.1:'))).toHaveLength(48);
		expect([...keys].filter((k) => k.startsWith('github@1:'))).toHaveLength(48);
		expect([...keys].filter((k) => k.startsWith('trello@1:'))).toHaveLength(41);
	});

	it('every difference docs/migrating.md shows is asserted here, and no other', () => {
		expect(Object.keys(DIFFERENCES).sort()).toEqual(Object.keys(DOCUMENTED).sort());
	});

	for (const testCase of cases) {
		const label = `${testCase.node} v${testCase.typeVersion} ${testCase.operation}${testCase.variant ? ` (${testCase.variant})` : ''}`;
		const difference = DIFFERENCES[`${testCase.node}:${testCase.operation}#${testCase.variant}`] ?? DIFFERENCES[`${testCase.node}:${testCase.operation}`];
		it(label, async () => {
			const their = theirNode(testCase);
			const theirs = await run(fake, their, THEIR_CREDENTIALS);
			if (difference?.theirs) difference.theirs(theirs);
			else expect(theirs.error).toBeUndefined();
			const { node } = ourNode(their);
			if (difference?.notRun) {
				expect(difference.notRun(node.parameters as IDataObject, theirs)).toBe(true);
				return;
			}
			const ours = await run(fake, node, OUR_CREDENTIALS);
			expect(ours.error).toBeUndefined();
			const expected = difference?.expect ? difference.expect(theirs) : theirs;
			expect(ours.requests).toEqual(expected.requests);
			expect(ours.items).toEqual(expected.items);
			expect(ours.binary).toEqual(expected.binary);
		});
	}
});
