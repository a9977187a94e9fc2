import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const annotations = (count: number) =>
	JSON.stringify(Array.from({ length: count }, (_, i) => ({ path: 'a.ts', start_line: i + 1, end_line: i + 1, annotation_level: 'notice', message: 'x' })));

describe('Check Run → Create: annotations and the report', () => {
	it('annotations without a report title and summary are refused before any request, naming both fields', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'checkRun', operation: 'create', ...repo(), name: 'lint', head_sha: 'abc', additionalFields: { annotations: annotations(3), outputTitle: 'Lint' } });
		expect(run.error('GitHub')?.message).toBe('The check run output needs both "Output Title" and "Output Summary"');
		expect(recorder.requests).toEqual([]);
	});

	it.each([
		[50, [50]],
		[51, [50, 1]],
		[150, [50, 50, 50]],
	])('%i annotations go out as batches of %j, the first with the run, the others as updates of it', async (count, batches) => {
		const recorder = new GitHubRecorder(batches.map((_, i) => ({ status: i === 0 ? 201 : 200, body: { id: 9, step: i } })));
		const run = await runGitHub({
			resource: 'checkRun',
			operation: 'create',
			...repo(),
			name: 'lint',
			head_sha: 'abc',
			additionalFields: { annotations: annotations(count), outputTitle: 'Lint', outputSummary: 'Done' },
		});
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => [r.method, r.path, ((r.body as { output: { annotations: unknown[] } }).output.annotations).length])).toEqual(
			batches.map((size, i) => [i === 0 ? 'POST' : 'PATCH', i === 0 ? '/repos/octo/hello/check-runs' : '/repos/octo/hello/check-runs/9', size]),
		);
		expect(run.json('GitHub')).toEqual([{ id: 9, step: batches.length - 1 }]);
	});

	it('a refused batch fails the item with GitHub’s message; the batches after it are not sent', async () => {
		const recorder = new GitHubRecorder([{ status: 201, body: { id: 9 } }, { status: 422, body: { message: 'Annotation path is invalid' } }]);
		const run = await runGitHub({
			resource: 'checkRun',
			operation: 'create',
			...repo(),
			name: 'lint',
			head_sha: 'abc',
			additionalFields: { annotations: annotations(120), outputTitle: 'Lint', outputSummary: 'Done' },
		});
		expect(run.error('GitHub')?.message).toBe('GitHub answered 422: Annotation path is invalid');
		expect(recorder.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
	});
});
