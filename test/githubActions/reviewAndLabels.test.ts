import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byId, byName, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const review = (parameters: IDataObject) =>
	runGitHub({ resource: 'pullRequest', operation: 'submitReview', ...repo(), pullNumber: byId('12'), ...parameters });

describe('Submit Review: line comments and review text are checked before anything is sent', () => {
	it.each([
		[
			'a line comment without a file path',
			{ event: 'COMMENT', additionalFields: { lineComments: { comment: [{ path: ' ', line: 3, side: 'RIGHT', startLine: 0, body: 'x' }] } } },
			'Line comment 1 in "Line Comments" has no file path',
		],
		[
			'a JSON entry without a line',
			{ event: 'COMMENT', additionalFields: { lineCommentsJson: '[{"path": "a.ts", "line": 2, "body": "ok"}, {"path": "b.ts", "body": "where?"}]' } },
			'Entry 2 of "Line Comments (JSON)" has no valid line number (got null)',
		],
		[
			'a JSON entry with a side GitHub does not know',
			{ event: 'COMMENT', additionalFields: { lineCommentsJson: '[{"path": "a.ts", "line": 2, "side": "middle", "body": "x"}]' } },
			'Entry 1 of "Line Comments (JSON)" has the side "middle"',
		],
		[
			'a start line after the line',
			{ event: 'COMMENT', additionalFields: { lineCommentsJson: '[{"path": "a.ts", "line": 2, "start_line": 5, "body": "x"}]' } },
			'Entry 1 of "Line Comments (JSON)" has the start line 5',
		],
		[
			'JSON that is an object, not a list',
			{ event: 'COMMENT', additionalFields: { lineCommentsJson: '{"path": "a.ts", "line": 2, "body": "x"}' } },
			'The "Line Comments (JSON)" parameter must be a JSON list of objects',
		],
		[
			'JSON that does not parse',
			{ event: 'COMMENT', additionalFields: { lineCommentsJson: '[{"path": "a.ts",' } },
			'The "Line Comments (JSON)" parameter is not valid JSON',
		],
		[
			'requesting changes without review text',
			{ event: 'REQUEST_CHANGES', body: '  ' },
			'The "Review Text" parameter is empty, which GitHub does not accept for a review requesting changes',
		],
		[
			'a comment review with neither text nor line comments',
			{ event: 'COMMENT' },
			'The "Review Text" parameter is empty, which GitHub does not accept for a comment review without line comments',
		],
	])('refuses %s', async (_case, parameters, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await review(parameters as IDataObject);
		expect(run.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});

	it('takes line comments from an expression giving a list (as an AI step would produce them)', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 81, state: 'COMMENTED' } }]);
		const run = await runGitHub(
			{
				resource: 'pullRequest',
				operation: 'submitReview',
				...repo(),
				pullNumber: byId('12'),
				event: 'COMMENT',
				additionalFields: { lineCommentsJson: '={{ $json.comments }}' },
			},
			[{ comments: [{ path: 'a.ts', line: 4, body: 'Rename this' }] }],
		);
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => request.body)).toEqual([
			{ event: 'COMMENT', comments: [{ path: 'a.ts', line: 4, side: 'RIGHT', body: 'Rename this' }] },
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});
});

describe('Labels whose name holds "/"', () => {
	it.each(['get', 'update', 'delete'])('Label → %s is refused with a clear message, nothing sent', async (operation) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'label', operation, ...repo(), labelName: byName('area/ui'), additionalFields: {} });
		const verb = { get: 'read', update: 'updated', delete: 'deleted' }[operation];
		expect(run.error('GitHub')?.message).toBe(`The "Label" parameter names "area/ui", which contains "/", so that label cannot be ${verb} by name`);
		expect(recorder.requests).toEqual([]);
	});

	it('Issue → Remove Label of a label the issue does not have is refused before any change', async () => {
		const recorder = new GitHubRecorder([{ body: [{ name: 'bug' }] }]);
		const run = await runGitHub({ resource: 'issue', operation: 'removeLabel', ...repo(), issueNumber: byId('7'), label: byName('area/ui') });
		expect(run.error('GitHub')?.message).toBe('The "Label" parameter names "area/ui", which the issue does not have');
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /repos/octo/hello/issues/7/labels']);
	});
});
