import { updateItemsMutation, UPDATE_BATCH_SIZE } from '../../nodes/GitHub/actions/project/batch';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byName, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const FIELDS = { body: { data: { repositoryOwner: { projectV2: { id: 'PVT_1', title: 'Roadmap', fields: { nodes: [{ id: 'F_p', name: 'Points', dataType: 'NUMBER' }] } } } } } };
const itemNode = (id: string, repository = 'acme/app') => ({ id, type: 'ISSUE', project: { id: 'PVT_1' }, content: { repository: { nameWithOwner: repository } } });
const ids = (from: number, count: number) => Array.from({ length: count }, (_, index) => `PVTI_${from + index}`);
const updated = (itemIds: string[]) => ({ body: { data: Object.fromEntries(itemIds.map((id, index) => [`u${index}`, { projectV2Item: { id } }])) } });
const parameters = (updates: unknown[], options = {}) => ({ resource: 'project', operation: 'updateItems', projectOwner: byName('acme'), projectNumber: 3, updates: JSON.stringify(updates), options });
const variablesOf = (recorder: GitHubRecorder) => recorder.requests.map((request) => (request.body as { variables: Record<string, unknown> }).variables);

describe('Project → Update Items', () => {
	it(`sends ${UPDATE_BATCH_SIZE} updates per request: 21 entries are two look-ups and two mutations, the fields read once`, async () => {
		const all = ids(1, 21);
		const recorder = new GitHubRecorder([
			FIELDS,
			{ body: { data: { nodes: all.slice(0, 20).map((id) => itemNode(id)) } } },
			updated(all.slice(0, 20)),
			{ body: { data: { nodes: [itemNode('PVTI_21')] } } },
			updated(['PVTI_21']),
		]);
		const run = await runGitHub(parameters(all.map((itemId, index) => ({ itemId, field: 'Points', value: index }))));
		expect(run.error('GitHub')).toBeUndefined();
		const queries = recorder.requests.map((request) => (request.body as { query: string }).query);
		expect(queries[2]).toBe(updateItemsMutation(20));
		expect(queries[4]).toBe(updateItemsMutation(1));
		const sent = variablesOf(recorder);
		expect(sent[1]).toEqual({ ids: all.slice(0, 20) });
		expect(sent[3]).toEqual({ ids: ['PVTI_21'] });
		expect(sent[4]).toEqual({ project: 'PVT_1', item0: 'PVTI_21', field0: 'F_p', value0: { number: 20 } });
		expect(Object.keys(sent[2])).toHaveLength(1 + 3 * 20);
		expect(run.json('GitHub').map((item) => [item.itemId, item.status, item.value])).toEqual(all.map((id, index) => [id, 'updated', index]));
	});

	it('with "Allowed Repositories" set, an item of another repository is refused in its outcome and never sent', async () => {
		const recorder = new GitHubRecorder([
			FIELDS,
			{ body: { data: { nodes: [itemNode('PVTI_1'), itemNode('PVTI_2', 'acme/secret')] } } },
			updated(['PVTI_1']),
		]);
		const run = await runGitHub(parameters([{ itemId: 'PVTI_1', field: 'Points', value: 1 }, { itemId: 'PVTI_2', field: 'Points', value: 2 }], { allowedRepositories: 'acme/app' }));
		expect(run.error('GitHub')).toBeUndefined();
		expect(variablesOf(recorder)[2]).toEqual({ project: 'PVT_1', item0: 'PVTI_1', field0: 'F_p', value0: { number: 1 } });
		expect(run.json('GitHub').map((item) => [item.itemId, item.status, item.error])).toEqual([
			['PVTI_1', 'updated', undefined],
			['PVTI_2', 'error', 'Refused: the item\'s issue or pull request (acme/secret) is outside the allowed repositories'],
		]);
	});

	it('a project owner outside "Allowed Repositories" is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(parameters([{ itemId: 'PVTI_1', field: 'Points', value: 1 }], { allowedRepositories: 'octo/hello' }));
		expect(run.error('GitHub')?.message).toMatch(/^Refused/);
		expect(recorder.requests).toHaveLength(0);
	});

	it.each([
		[[], 'Entry 1 of "Updates (JSON)" is missing: the list is empty'],
		[[{ field: 'Points', value: 1 }], 'Entry 1 of "Updates (JSON)" has no "itemId"'],
		[[{ itemId: 'PVTI_1', field: 'Points', value: 1 }, { itemId: 'PVTI_2', value: 1 }], 'Entry 2 of "Updates (JSON)" has no "field"'],
		[[{ itemId: 'PVTI_1', field: 'Points', value: { n: 1 } }], 'Entry 1 of "Updates (JSON)" has no "value" (text or a number)'],
		[[{ itemId: 'PVTI_1', field: 'Points', value: ' ' }], 'Entry 1 of "Updates (JSON)" has an empty "value" (Update Item Field with "Clear Value" empties a field)'],
	])('updates %j: refused before any request, naming the entry', async (updates, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(parameters(updates));
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toHaveLength(0);
	});

	it('an answer that fails as a whole (no data) is the node\'s error with GitHub\'s message', async () => {
		new GitHubRecorder([FIELDS, { body: { data: { nodes: [itemNode('PVTI_1')] } } }, { body: { data: null, errors: [{ message: 'Something went wrong while executing your query.' }] } }]);
		const run = await runGitHub(parameters([{ itemId: 'PVTI_1', field: 'Points', value: 1 }]));
		expect(run.error('GitHub')?.message).toContain('Something went wrong while executing your query.');
	});
});
