import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byId, byName, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const FIELDS = {
	body: {
		data: {
			repositoryOwner: {
				projectV2: {
					id: 'PVT_1',
					title: 'Roadmap',
					fields: {
						nodes: [
							{ id: 'F_t', name: 'Title', dataType: 'TITLE' },
							{ id: 'F_s', name: 'Status', dataType: 'SINGLE_SELECT', options: [{ id: 'o1', name: 'Todo' }, { id: 'o2', name: 'Done' }] },
							{ id: 'F_l', name: 'Labels', dataType: 'LABELS' },
							{ id: 'F_p', name: 'Points', dataType: 'NUMBER' },
							{ id: 'F_d', name: 'Due', dataType: 'DATE' },
							{ id: 'F_i', name: 'Sprint', dataType: 'ITERATION', configuration: { iterations: [{ id: 'it1', title: 'Sprint 1' }] } },
						],
					},
				},
			},
		},
	},
};
const ITEM = {
	body: {
		data: {
			repositoryOwner: { projectV2: { id: 'PVT_1', title: 'Roadmap' } },
			repository: { issueOrPullRequest: { id: 'I_7', projectItems: { nodes: [{ id: 'PVTI_7', type: 'ISSUE', isArchived: false, project: { id: 'PVT_1' }, fieldValues: { nodes: [] } }] } } },
		},
	},
};
const UPDATED = { body: { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_7' } } } } };
const parameters = (fieldName: string, value: string) => ({
	resource: 'project',
	operation: 'updateItemField',
	projectOwner: byName('acme'),
	projectNumber: 3,
	...repo(),
	issueNumber: byId('7'),
	fieldName,
	value,
});
const queriesOf = (recorder: GitHubRecorder) => recorder.requests.map((request) => String((request.body as { query: string }).query).split(/[({]/)[0].trim() + ' ' + /\b(\w+)\(/.exec(String((request.body as { query: string }).query).split('{').slice(1).join('{'))?.[1]);

describe('Project → Update Item Field', () => {
	it('reads the project’s fields once for every item of the run', async () => {
		const recorder = new GitHubRecorder([FIELDS, ITEM, UPDATED, ITEM, UPDATED]);
		const run = await runGitHub(parameters('Status', 'Done'), [{}, {}]);
		expect(run.error('GitHub')).toBeUndefined();
		expect(queriesOf(recorder)).toEqual(['query repositoryOwner', 'query repositoryOwner', 'mutation updateProjectV2ItemFieldValue', 'query repositoryOwner', 'mutation updateProjectV2ItemFieldValue']);
		expect(recorder.requests.map((request) => (request.body as { variables: object }).variables)).toEqual([
			{ owner: 'acme', number: 3 },
			{ projectOwner: 'acme', projectNumber: 3, owner: 'octo', repo: 'hello', number: 7 },
			{ project: 'PVT_1', item: 'PVTI_7', field: 'F_s', value: { singleSelectOptionId: 'o2' } },
			{ projectOwner: 'acme', projectNumber: 3, owner: 'octo', repo: 'hello', number: 7 },
			{ project: 'PVT_1', item: 'PVTI_7', field: 'F_s', value: { singleSelectOptionId: 'o2' } },
		]);
		expect(run.json('GitHub').map((item) => item.value)).toEqual(['Done', 'Done']);
	});

	it.each([
		['Priority', 'High', 'The project has no field named "Priority"', 'Use one of: Status, Points, Due, Sprint.'],
		['status', 'Blocked', '"Blocked" is not an option of the field "Status"', 'Use one of: Todo, Done.'],
		['Sprint', 'Sprint 9', '"Sprint 9" is not a current or upcoming iteration of the field "Sprint"', 'Use one of: Sprint 1.'],
		['Points', 'three', '"three" is not a number, which the field "Points" holds', 'Give a number in "Value", e.g. 3 or 2.5.'],
		['Due', '31/03/2026', '"31/03/2026" is not a date, which the field "Due" holds', 'Give the date in "Value" as YYYY-MM-DD, e.g. 2026-03-31.'],
		['Labels', 'bug', 'The field "Labels" (LABELS) cannot be set on a project item', 'Text, number, date, single-select and iteration fields can be set here; assignees, labels, milestone and the like are set on the issue or pull request itself.'],
	])('field %j, value %j: a clear error naming the field and the valid names, nothing changed', async (fieldName, value, message, description) => {
		const recorder = new GitHubRecorder([FIELDS]);
		const run = await runGitHub(parameters(fieldName, value));
		expect(run.error('GitHub')?.message).toBe(message);
		expect(run.error('GitHub')?.description).toBe(description);
		expect(recorder.requests).toHaveLength(1);
	});

	it('an issue outside "Allowed Repositories" is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...parameters('Status', 'Done'), ...repo('evil', 'x'), options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe('Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.');
		expect(recorder.requests).toEqual([]);
	});

	it('a project of an owner the list does not name is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...parameters('Status', 'Done'), projectOwner: byName('evil'), options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe('Refused: project 3 of "evil" belongs to an owner outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello. Projects of those owners can be used.');
		expect(recorder.requests).toEqual([]);
	});
});

describe('Project → Get / Delete / Archive Item', () => {
	it.each(['getItem', 'deleteItem', 'archiveItem', 'unarchiveItem'])('%s: an issue not in the project is a clear error, nothing changed', async (operation) => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: { id: 'PVT_1', title: 'Roadmap' } }, repository: { issueOrPullRequest: { id: 'I_7', projectItems: { nodes: [] } } } } } }]);
		const run = await runGitHub({ resource: 'project', operation, projectOwner: byName('acme'), projectNumber: 3, ...repo(), issueNumber: byId('7') });
		expect(run.error('GitHub')?.message).toBe('#7 is not in the project "Roadmap"');
		expect(recorder.requests).toHaveLength(1);
	});
});

describe('Allowed Repositories: Create Project and status updates', () => {
	it.each([
		['acme/api', 'Refused: a project of "acme" can hold issues of every repository of it, and the node\'s "Allowed Repositories" does not name acme/*. Allowed repositories: acme/api.'],
		['octo/*', 'Refused: a project of "acme" can hold issues of every repository of it, and the node\'s "Allowed Repositories" does not name acme/*. Allowed repositories: octo/*.'],
	])('Create Project for an owner the list (%s) does not name as OWNER/* is refused before any request', async (allowed, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'project', operation: 'create', projectOwner: byName('acme'), title: 'Q3', options: { allowedRepositories: allowed } });
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});

	it('Create Project with OWNER/* in the list runs', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { id: 'O_acme', login: 'acme' } } } }, { body: { data: { createProjectV2: { projectV2: { id: 'PVT_5', number: 5 } } } } }]);
		const run = await runGitHub({ resource: 'project', operation: 'create', projectOwner: byName('ACME'), title: 'Q3', options: { allowedRepositories: 'acme/*' } });
		expect(run.json('GitHub')).toEqual([{ id: 'PVT_5', number: 5, owner: 'acme' }]);
		expect(recorder.requests).toHaveLength(2);
	});

	it.each([
		['listStatusUpdates', {}],
		['createStatusUpdate', { statusUpdateStatus: 'ON_TRACK' }],
	])('%s of a project of an owner the list does not name is refused before any request', async (operation, parameters) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'project', operation, projectOwner: byName('evil'), projectNumber: 3, ...parameters, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe('Refused: project 3 of "evil" belongs to an owner outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello. Projects of those owners can be used.');
		expect(recorder.requests).toEqual([]);
	});

	it('Create Status Update: a date that is not YYYY-MM-DD is a clear error, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'project', operation: 'createStatusUpdate', projectOwner: byName('acme'), projectNumber: 3, statusUpdateStatus: 'ON_TRACK', additionalFields: { targetDate: 'next week' } });
		expect(run.error('GitHub')?.message).toBe('"next week" in "Target Date" is not a date');
		expect(recorder.requests).toEqual([]);
	});
});
