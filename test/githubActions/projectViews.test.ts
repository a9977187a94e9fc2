import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byName, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const parameters = (viewNumber: string) => ({ resource: 'project', operation: 'getView', projectOwner: byName('acme'), projectNumber: 3, viewNumber });

describe('Project → Get View', () => {
	it.each(['Board', '0', '2.5'])('view number %j: refused before any request, naming the parameter', async (viewNumber) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(parameters(viewNumber));
		expect(run.error('GitHub')?.message).toBe(`"${viewNumber}" in "View Number" is not a view number`);
		expect(run.error('GitHub')?.description).toBe('Give the number in the view\'s URL (…/projects/3/views/2 → 2), or run Project → List Views to see them.');
		expect(recorder.requests).toHaveLength(0);
	});

	it('a view the project does not have: an error naming the project and the number', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: { id: 'PVT_1', title: 'Roadmap', view: null } } } } }]);
		const run = await runGitHub(parameters('9'));
		expect(run.error('GitHub')?.message).toBe('Project "Roadmap" has no view 9');
		expect(recorder.requests.map((request) => (request.body as { variables: object }).variables)).toEqual([{ owner: 'acme', number: 3, view: 9 }]);
	});

	it('a project that is not there: the project error, as the other project rows give it', async () => {
		new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: null } } } }]);
		const run = await runGitHub(parameters('2'));
		expect(run.error('GitHub')?.message).toBe('Project 3 of "acme" was not found');
	});
});

describe('Project → List Views', () => {
	it('a project that is not there: the project error, nothing listed', async () => {
		new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: null } } } }]);
		const run = await runGitHub({ resource: 'project', operation: 'listViews', projectOwner: byName('acme'), projectNumber: 3 });
		expect(run.error('GitHub')?.message).toBe('Project 3 of "acme" was not found');
	});
});
