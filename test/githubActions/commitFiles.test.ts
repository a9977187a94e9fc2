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

describe('Repository → Commit Files: "Files (JSON)", the files as a list (what an agent produces)', () => {
	const HEAD = 'a'.repeat(40);
	it('writes and deletes the listed files after the "Files" rows, in one commit on the branch head', async () => {
		const recorder = new GitHubRecorder([
			{ body: { ref: 'refs/heads/fix/session', object: { sha: HEAD, type: 'commit' } } },
			{ body: { sha: HEAD, tree: { sha: 'b'.repeat(40) } } },
			{ status: 201, body: { sha: 'c'.repeat(40) } },
			{ status: 201, body: { sha: 'd'.repeat(40), html_url: `https://github.com/octo/hello/commit/${'d'.repeat(40)}`, message: 'Apply the review' } },
			{ body: { ref: 'refs/heads/fix/session', object: { sha: 'd'.repeat(40), type: 'commit' } } },
		]);

		const run = await runGitHub({
			...commitFiles,
			...repo(),
			branch: byName('fix/session'),
			message: 'Apply the review',
			files: { file: [{ path: 'CHANGELOG.md', change: 'write', source: 'text', content: '- Session kept\n' }] },
			additionalFields: {
				filesJson: JSON.stringify([{ path: 'src/session.ts', content: 'export const a = 1;\n' }, { path: '/src/old.ts', change: 'delete' }]),
			},
		});

		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /repos/octo/hello/git/ref/heads/fix/session',
			`GET /repos/octo/hello/git/commits/${HEAD}`,
			'POST /repos/octo/hello/git/trees',
			'POST /repos/octo/hello/git/commits',
			'PATCH /repos/octo/hello/git/refs/heads/fix/session',
		]);
		expect(recorder.requests[2].body).toEqual({
			base_tree: 'b'.repeat(40),
			tree: [
				{ path: 'CHANGELOG.md', mode: '100644', type: 'blob', content: '- Session kept\n' },
				{ path: 'src/session.ts', mode: '100644', type: 'blob', content: 'export const a = 1;\n' },
				{ path: 'src/old.ts', mode: '100644', type: 'blob', sha: null },
			],
		});
		expect(recorder.requests[4].body).toEqual({ sha: 'd'.repeat(40), force: false });
		expect(run.json('GitHub')).toEqual([
			{
				sha: 'd'.repeat(40),
				url: `https://github.com/octo/hello/commit/${'d'.repeat(40)}`,
				branch: 'fix/session',
				branchCreated: false,
				parent: HEAD,
				message: 'Apply the review',
				files: [
					{ path: 'CHANGELOG.md', action: 'write' },
					{ path: 'src/session.ts', action: 'write' },
					{ path: 'src/old.ts', action: 'delete' },
				],
			},
		]);
	});

	it.each([
		[[{ path: 'src/a.ts' }], 'Entry 1 of "Files (JSON)" has no text "content"'],
		[[{ path: 'src/a.ts', content: 'a', change: 'rename' }], 'Entry 1 of "Files (JSON)" has the change "rename"'],
		[[{ path: 'src/a.ts', content: 'a' }, { path: '../b.ts', content: 'b' }], 'Entry 2 of "Files (JSON)" has the path "../b.ts", which is not a file path'],
		[[{ path: 'src/a.ts', content: 'a' }, { path: '/src/a.ts', change: 'delete' }], '"Files" names "src/a.ts" twice'],
		[[], 'The "Files" parameter has no file'],
	])('%j is refused before any request', async (listed, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...commitFiles, ...repo(), branch: byName('main'), message: 'x', files: {}, additionalFields: { filesJson: JSON.stringify(listed) } });
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});
});
