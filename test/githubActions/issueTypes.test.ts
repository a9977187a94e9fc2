import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byId, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

describe('Issue → Set Issue Type', () => {
	it('GitHub dropping the change (no push access, unknown type) is an error that says why', async () => {
		const recorder = new GitHubRecorder([{ body: { number: 7, type: null } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'setType', ...repo(), issueNumber: byId('7'), type: 'Epic' });
		expect(run.error('GitHub')?.message).toBe('The type of #7 was not set to "Epic": GitHub answered with no type');
		expect(run.error('GitHub')?.description).toMatch(/^GitHub drops a type change of an account without push access/);
		expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([['PATCH', '/repos/octo/hello/issues/7', { type: 'Epic' }]]);
	});

	it('a removal GitHub did not apply is an error too', async () => {
		new GitHubRecorder([{ body: { number: 7, type: { name: 'Bug' } } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'setType', ...repo(), issueNumber: byId('7'), type: '' });
		expect(run.error('GitHub')?.message).toBe('The type of #7 was not removed: GitHub answered with "Bug"');
	});

	it('simplified, the issue shows its type by name', async () => {
		new GitHubRecorder([{ body: { number: 7, title: 'Crash', type: { id: 410, name: 'Bug' } } }]);
		// The answer names no user: the title is nobody's GitHub account's, so an outsider's.
		const run = await runGitHub({ resource: 'issue', operation: 'setType', ...repo(), issueNumber: byId('7'), type: 'Bug', simplify: true });
		expect(run.json('GitHub')).toEqual([{ number: 7, title: 'Crash', type: 'Bug', isPullRequest: false, trust: 'outsider' }]);
	});
});
