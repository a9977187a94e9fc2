import { Readable } from 'stream';

import { logTail } from '../../nodes/GitHub/actions/workflow/jobLogs';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { repo, runGitHub, TOKEN } from './run';

/** A log of `count` numbered lines, streamed in chunks of `chunkSize` bytes (lines cut across chunks). */
function streamedLog(count: number, chunkSize: number): { text: string; stream: Readable } {
	const text = Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n') + '\n';
	const bytes = Buffer.from(text);
	const chunks: Buffer[] = [];
	for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
	return { text, stream: Readable.from(chunks) };
}

describe('the end of a job log, read from a stream', () => {
	it('the last N lines, whatever the chunks cut', async () => {
		const { stream } = streamedLog(1000, 7);
		expect(await logTail(stream, 3)).toEqual({ log: 'line 998\nline 999\nline 1000\n', totalLines: 1000, returnedLines: 3, truncated: true });
	});

	it('a log shorter than N lines is returned whole', async () => {
		const { text, stream } = streamedLog(5, 4);
		expect(await logTail(stream, 500)).toEqual({ log: text, totalLines: 5, returnedLines: 5, truncated: false });
	});

	it('bounded: at most the limit in bytes, whole lines only, even when every line is asked for', async () => {
		const { stream } = streamedLog(100_000, 1000);
		const tail = await logTail(stream, 0, 40);
		expect(tail).toEqual({ log: 'line 99998\nline 99999\nline 100000\n', totalLines: 100_000, returnedLines: 3, truncated: true });
	});

	it('a last line without a line break counts; an empty log is empty', async () => {
		expect(await logTail(Readable.from([Buffer.from('a\nb')]), 1)).toEqual({ log: 'b', totalLines: 2, returnedLines: 1, truncated: true });
		expect(await logTail(Readable.from([]), 10)).toEqual({ log: '', totalLines: 0, returnedLines: 0, truncated: false });
	});

	it('multi-byte characters split across chunks come out whole', async () => {
		const bytes = Buffer.from('erste\nZeile mit Ü und ✓\n');
		const chunks = Array.from(bytes).map((byte) => Buffer.from([byte]));
		expect((await logTail(Readable.from(chunks), 1)).log).toBe('Zeile mit Ü und ✓\n');
	});
});

describe('Workflow → Get Job Logs through the node', () => {
	beforeEach(() => resetGitHubRateLimitState());

	it('a token a step printed is redacted in the text; the storage host gets no credential', async () => {
		const log = `step one\nexport GITHUB_TOKEN=${TOKEN}\nstep three\n`;
		const recorder = new GitHubRecorder([
			{ status: 302, headers: { location: 'https://pipelines.actions.githubusercontent.com/jobs/402/log.txt?sig=abc' } },
			{ body: Buffer.from(log), headers: { 'content-type': 'text/plain' } },
		]);
		const run = await runGitHub({ resource: 'workflow', operation: 'getJobLogs', ...repo(), jobId: 402, additionalFields: { tailLines: 0 } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(run.json('GitHub')).toEqual([
			{ jobId: 402, log: 'step one\nexport GITHUB_TOKEN=[redacted]\nstep three\n', totalLines: 3, returnedLines: 3, truncated: false },
		]);
		expect(recorder.requests[1].headers.authorization).toBeUndefined();
	});

	it('a colour code printed inside the token (a terminal shows the token whole) is redacted with it', async () => {
		const coloured = `${TOKEN.slice(0, 6)}\u001b[31m${TOKEN.slice(6, 12)}\u001b[0m${TOKEN.slice(12)}`;
		const log = `\u001b[32mstep one\u001b[0m\nprinted ${coloured} here\n`;
		new GitHubRecorder([
			{ status: 302, headers: { location: 'https://pipelines.actions.githubusercontent.com/jobs/402/log.txt?sig=abc' } },
			{ body: Buffer.from(log), headers: { 'content-type': 'text/plain' } },
		]);
		const run = await runGitHub({ resource: 'workflow', operation: 'getJobLogs', ...repo(), jobId: 402, additionalFields: { tailLines: 0 } });
		expect(run.json('GitHub')).toEqual([
			{ jobId: 402, log: '\u001b[32mstep one\u001b[0m\nprinted [redacted] here\n', totalLines: 2, returnedLines: 2, truncated: false, hiddenTextFound: { controlCharacters: 2 } },
		]);
	});

	it('a log over "Max Download Size (MB)" fails with the size error, not a cut text', async () => {
		new GitHubRecorder([
			{ status: 302, headers: { location: 'https://pipelines.actions.githubusercontent.com/jobs/402/log.txt?sig=abc' } },
			{ body: Buffer.alloc(2 * 1024 * 1024, 'a'), headers: { 'content-type': 'text/plain' } },
		]);
		const run = await runGitHub({ resource: 'workflow', operation: 'getJobLogs', ...repo(), jobId: 402, options: { maxDownloadSizeMb: 1 } });
		expect(run.error('GitHub')?.message).toBe('GitHub sent more than the 1 MB set in "Max Download Size (MB)"; the download was stopped');
	});
});

describe('Workflow → Get Failed Job Logs: Max Jobs', () => {
	beforeEach(() => resetGitHubRateLimitState());

	it.each([0, 101, 2.5])('Max Jobs %p is refused by name before any request', async (maxJobs) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'workflow', operation: 'getFailedJobLogs', ...repo(), runId: 30433642, additionalFields: { maxJobs } });
		expect(run.error('GitHub')?.message).toBe(`The "Max Jobs" parameter must be a whole number from 1 to 100 (got "${String(maxJobs)}")`);
		expect(recorder.requests).toEqual([]);
	});
});
