import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { repo, runGitHub } from '../githubActions/run';

/**
 * Inputs the seeded fuzzer (seed 20261125) found reported as an odd answer or sent as a
 * malformed request: each must be refused before sending, naming the parameter.
 */
beforeEach(() => resetGitHubRateLimitState());

describe('bad inputs found by fuzzing', () => {
	it.each([
		['text that is no choice', '={{ "LA" }}', 'The "Affiliation" parameter must be one of collaborator, organization_member, owner (got "LA")'],
		['a path', '={{ "../../user" }}', 'The "Affiliation" parameter must be one of collaborator, organization_member, owner (got "../../user")'],
	])('Repository → List Mine with Affiliation given as %s by an expression: NodeOperationError, nothing sent', async (_name, affiliation, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'repository', operation: 'listMine', limit: 5, additionalFields: { affiliation } });
		expect(run.error('GitHub')?.name).toBe('NodeOperationError');
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});

	it('Affiliation given as choices in text by an expression is sent as GitHub expects', async () => {
		const recorder = new GitHubRecorder([{ body: [] }]);
		const run = await runGitHub({ resource: 'repository', operation: 'listMine', limit: 5, additionalFields: { affiliation: '={{ "owner, collaborator" }}' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => r.query.affiliation)).toEqual(['owner,collaborator']);
	});

	it.each([
		['File → Get', { resource: 'file', operation: 'get', ...repo(), path: '={{ "http://evil.fuzz.test/x" }}' }, 'File Path'],
		['File → Get (a//b)', { resource: 'file', operation: 'get', ...repo(), path: 'docs//a.md' }, 'File Path'],
		['Git → Get Reference', { resource: 'git', operation: 'getReference', ...repo(), ref: '={{ "https://evil.fuzz.test/heads/main" }}' }, 'Reference'],
		['Git → Delete Reference', { resource: 'git', operation: 'deleteReference', ...repo(), ref: 'heads//main' }, 'Reference'],
	])('%s with an empty path segment: NodeOperationError naming the parameter, nothing sent', async (_name, parameters, displayName) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(parameters);
		expect(run.error('GitHub')?.name).toBe('NodeOperationError');
		expect(run.error('GitHub')?.message).toBe(`The "${displayName}" parameter has an empty part between two slashes ("//")`);
		expect(recorder.requests).toEqual([]);
	});
});
