import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { expectedRequest } from './expected';
import {
	COMMIT_FILES_BINARY,
	COMMIT_FILES_BRANCH_MOVE,
	COMMIT_FILES_PARAMETERS,
	COMMIT_FILES_REQUESTS_BEFORE_THE_MOVE,
} from './fixtures/repository';
import { GitHubRecorder } from './recorder';
import { byName, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const commitFiles = { resource: 'repository', operation: 'commitFiles' };

describe('Repository → Commit Files: a branch that moved meanwhile', () => {
	it('GitHub refusing the move (not a fast forward) is an error saying to run again; nothing is forced', async () => {
		const recorder = new GitHubRecorder([
			...COMMIT_FILES_REQUESTS_BEFORE_THE_MOVE.map((exchange) => exchange.reply),
			{ status: 422, body: { message: 'Update is not a fast forward', documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference' } },
		]);

		const run = await runGitHub({ ...commitFiles, ...COMMIT_FILES_PARAMETERS }, undefined, COMMIT_FILES_BINARY);

		expect(recorder.requests).toEqual(
			[...COMMIT_FILES_REQUESTS_BEFORE_THE_MOVE.map((exchange) => exchange.request), COMMIT_FILES_BRANCH_MOVE].map(expectedRequest),
		);
		const error = run.error('GitHub');
		expect(error?.message).toBe(
			'GitHub answered 422: Update is not a fast forward - Nothing was committed to "fix/typo": the branch "fix/typo" moved meanwhile (a push after aa218f5), and the files are never forced over other changes. Run the node again to commit them on the branch\'s new head.',
		);
		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('422');
	});

	it('a branch created by someone else between the look-up and the creation: the same, nothing overwritten', async () => {
		const recorder = new GitHubRecorder([
			{ status: 404, body: { message: 'Not Found' } },
			{ body: { ref: 'refs/heads/main', object: { sha: 'a'.repeat(40), type: 'commit' } } },
			{ body: { sha: 'a'.repeat(40), tree: { sha: 'b'.repeat(40) } } },
			{ status: 201, body: { sha: 'c'.repeat(40) } },
			{ status: 201, body: { sha: 'd'.repeat(40) } },
			{ status: 422, body: { message: 'Reference already exists' } },
		]);

		const run = await runGitHub({
			...commitFiles,
			...repo(),
			branch: byName('feature'),
			message: 'Add',
			files: { file: [{ path: 'a.txt', change: 'write', source: 'text', content: 'a' }] },
			additionalFields: { baseBranch: byName('main') },
		});

		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /repos/octo/hello/git/ref/heads/feature',
			'GET /repos/octo/hello/git/ref/heads/main',
			`GET /repos/octo/hello/git/commits/${'a'.repeat(40)}`,
			'POST /repos/octo/hello/git/trees',
			'POST /repos/octo/hello/git/commits',
			'POST /repos/octo/hello/git/refs',
		]);
		expect(run.error('GitHub')?.message).toBe(
			'GitHub answered 422: Reference already exists - Nothing was committed to "feature": the branch "feature" was created by someone else meanwhile, and the files are never forced over other changes. Run the node again to commit them on the branch\'s new head.',
		);
	});
});

describe('Repository → Commit Files: the files are checked before any request', () => {
	it.each([
		[{ file: [] }, 'The "Files" parameter has no file'],
		[{ file: [{ path: 'a.txt', content: 'a' }, { path: '/a.txt', change: 'delete' }] }, '"Files" names "a.txt" twice'],
		[{ file: [{ path: 'docs/../secret', content: 'a' }] }, 'File 1 of "Files" has the path "docs/../secret", which is not a file path'],
		[{ file: [{ path: 'docs/', content: 'a' }] }, 'File 1 of "Files" has the path "docs/", which is not a file path'],
	])('%j', async (files, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...commitFiles, ...repo(), branch: byName('main'), message: 'x', files });
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});
});
