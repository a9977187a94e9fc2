import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byId, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const PLAN = 'needs a Copilot plan that includes it (Copilot Pro, Pro+, Business or Enterprise) for the account the credential signs in as and, in an organization, the policy that allows it';

describe('Issue → Assign Copilot', () => {
	it('GitHub leaving Copilot out of the assignees (no plan, agent off) is an error that says why', async () => {
		const recorder = new GitHubRecorder([{ status: 201, body: { number: 7, assignees: [{ login: 'mona' }] } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'assignCopilot', ...repo(), issueNumber: byId('7') });
		expect(run.error('GitHub')?.message).toBe('Copilot was not assigned to #7: GitHub left it out of the assignees');
		expect(run.error('GitHub')?.description).toBe(
			`Copilot's coding agent ${PLAN}, enabled for this repository; and a user's token (a personal access token or an OAuth / GitHub App user token, not an app installation): GitHub leaves out an assignee it cannot assign.`,
		);
		expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/repos/octo/hello/issues/7/assignees', { assignees: ['copilot-swe-agent[bot]'] }]]);
	});

	it('GitHub’s 422 keeps its message and adds why', async () => {
		new GitHubRecorder([{ status: 422, body: { message: 'Validation Failed', errors: [{ message: 'Copilot is not available' }] } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'assignCopilot', ...repo(), issueNumber: byId('7') });
		expect(run.error('GitHub')?.message).toMatch(/^GitHub answered 422: Validation Failed .*- Copilot could not be assigned: Copilot's coding agent needs a Copilot plan/);
	});

	it('an issue outside "Allowed Repositories" is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'issue', operation: 'assignCopilot', ...repo('evil', 'x'), issueNumber: byId('7'), options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe('Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.');
		expect(recorder.requests).toEqual([]);
	});
});

describe('Pull Request → Request Copilot Review', () => {
	it('GitHub’s 422 (Copilot not a possible reviewer) keeps its message and names the plan it needs', async () => {
		new GitHubRecorder([{ status: 422, body: { message: 'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the octo/hello repository.' } }]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'requestCopilotReview', ...repo(), pullNumber: byId('12') });
		expect(run.error('GitHub')?.message).toBe(
			`GitHub answered 422: Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the octo/hello repository. - Copilot's review could not be requested: Copilot code review ${PLAN}; GitHub answers 422 when Copilot cannot be asked for a review in this repository.`,
		);
	});

	it('Simplify shapes the pull request as the other pull request rows do', async () => {
		const answer = { status: 201, body: { number: 12, title: 'Fix crash', state: 'open', html_url: 'https://github.com/octo/hello/pull/12', requested_reviewers: [{ login: 'Copilot' }], body: 'x'.repeat(5000) } };
		const recorder = new GitHubRecorder([answer, answer]);
		const simple = await runGitHub({ resource: 'pullRequest', operation: 'requestCopilotReview', ...repo(), pullNumber: byId('12'), simplify: true });
		const viaRequestReviewers = await runGitHub({ resource: 'pullRequest', operation: 'requestReviewers', ...repo(), pullNumber: byId('12'), reviewers: 'mona', simplify: true });
		expect(simple.json('GitHub')).toEqual(viaRequestReviewers.json('GitHub'));
		expect(recorder.requests.map((r) => r.body)).toEqual([{ reviewers: ['copilot-pull-request-reviewer[bot]'] }, { reviewers: ['mona'] }]);
		expect(simple.json('GitHub')[0]).toMatchObject({ number: 12, title: 'Fix crash' });
		expect(JSON.stringify(simple.json('GitHub')).length).toBeLessThan(JSON.stringify(answer.body).length);
	});

	it('a pull request outside "Allowed Repositories" is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'requestCopilotReview', ...repo('evil', 'x'), pullNumber: byId('12'), options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe('Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.');
		expect(recorder.requests).toEqual([]);
	});
});
