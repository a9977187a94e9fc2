import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { PENDING, THREAD_ID, THREAD_LOOKUP } from './fixtures/pendingReview';
import { GitHubRecorder } from './recorder';
import { byId, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

describe('Resolve / Unresolve Review Thread: the thread must belong to the chosen pull request', () => {
	it.each([
		['another pull request of the repository', THREAD_LOOKUP(13)],
		['a pull request of another repository', THREAD_LOOKUP(12, 'evil', 'x')],
	])('a thread of %s is refused before the mutation', async (_case, lookup) => {
		const recorder = new GitHubRecorder([lookup.reply]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'resolveReviewThread', ...repo(), pullNumber: byId('12'), threadId: THREAD_ID });
		expect(run.error('GitHub')?.message).toBe(`The "Thread ID" parameter "${THREAD_ID}" is not a thread of pull request #12 in octo/hello`);
		expect(recorder.requests.map((request) => (request.body as { query: string }).query.split('(')[0])).toEqual(['query']);
	});

	it('an ID that names no thread is refused too', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { node: null } } }]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'unresolveReviewThread', ...repo(), pullNumber: byId('12'), threadId: 'I_kwDOissue' });
		expect(run.error('GitHub')?.message).toBe('The "Thread ID" parameter "I_kwDOissue" is not a thread of pull request #12 in octo/hello');
		expect(recorder.requests).toHaveLength(1);
	});
});

describe('Add Comment to Pending Review', () => {
	it('a submitted review takes no comment: refused before the mutation', async () => {
		const recorder = new GitHubRecorder([{ body: { ...PENDING, state: 'APPROVED' } }]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'addPendingReviewComment', ...repo(), pullNumber: byId('12'), reviewId: byId('80'), path: 'a.ts', body: 'x' });
		expect(run.error('GitHub')?.message).toBe('The "Review" parameter names review 80, which is APPROVED, not pending');
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /repos/octo/hello/pulls/12/reviews/80']);
	});

	it('a Start Line not before Line is refused before the mutation', async () => {
		const recorder = new GitHubRecorder([{ body: PENDING }]);
		const run = await runGitHub({
			resource: 'pullRequest', operation: 'addPendingReviewComment', ...repo(), pullNumber: byId('12'), reviewId: byId('80'), path: 'a.ts', body: 'x',
			additionalFields: { line: 5, startLine: 5 },
		});
		expect(run.error('GitHub')?.message).toBe('The "Start Line" parameter must be before "Line"');
		expect(recorder.requests).toHaveLength(1);
	});

	it('with "Allowed Repositories" not naming the repository nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({
			resource: 'pullRequest', operation: 'addPendingReviewComment', ...repo(), pullNumber: byId('12'), reviewId: byId('80'), path: 'a.ts', body: 'x',
			options: { allowedRepositories: 'octo/other' },
		});
		expect(run.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/other.');
		expect(recorder.requests).toEqual([]);
	});
});
