import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MB, readBody } from '../../../shared/transfer';
import { pathSegment } from '../../../../credentials/requestGuard';
import { redactAcrossAnsi } from '../../../../credentials/redact';
import type { HiddenCounts } from '../../../shared/hiddenText';
import { hiddenTextFound } from '../../../shared/hiddenText';
import type { GitHubRowRun } from '../types';

/** The most text one job's log gives (its end): an agent reads the tail, and items stay small. */
const JOB_LOG_TEXT_LIMIT = MB;

/** Lines returned by default: the end of a failed job's log holds the error. */
export const DEFAULT_TAIL_LINES = 500;

/** Failed jobs whose logs Get Failed Job Logs reads by default, and at most: one request (and redirect) each. */
export const DEFAULT_MAX_FAILED_JOBS = 10;
export const MAX_FAILED_JOBS = 100;

interface LogTail {
	log: string;
	/** Lines in the whole log. */
	totalLines: number;
	/** Lines in `log`. */
	returnedLines: number;
	/** Whether lines were left out (before the last N, or beyond the text limit). */
	truncated: boolean;
}

const NEWLINE = 0x0a;

/** Where the last `lines` lines of `data` start (0 when it has no more than that). */
function startOfLastLines(data: Buffer, lines: number): number {
	let end = data.length;
	if (end > 0 && data[end - 1] === NEWLINE) end -= 1;
	let at = end;
	for (let found = 0; found < lines; found++) {
		const previous = data.lastIndexOf(NEWLINE, at - 1);
		if (previous < 0) return 0;
		at = previous;
	}
	return at + 1;
}

/** Whole lines of `data` after its first `limit` bytes from the end start (a cut line is left out). */
function startWithinLimit(data: Buffer, limit: number): number {
	if (data.length <= limit) return 0;
	const newline = data.indexOf(NEWLINE, data.length - limit - 1);
	return newline < 0 ? data.length : newline + 1;
}

function countNewlines(data: Buffer): number {
	let count = 0;
	for (let at = data.indexOf(NEWLINE); at >= 0; at = data.indexOf(NEWLINE, at + 1)) count++;
	return count;
}

/** Lines of a text: a last line without a line break counts too. */
const countLines = (data: Buffer) => countNewlines(data) + (data.length > 0 && data[data.length - 1] !== NEWLINE ? 1 : 0);

/**
 * The end of a log read from a (bounded, redacted) stream: its last `lines` lines (0 = all), at
 * most `limit` bytes of whole lines. Only about twice the kept text is held while reading.
 */
export async function logTail(body: unknown, lines: number, limit = JOB_LOG_TEXT_LIMIT): Promise<LogTail> {
	let kept = Buffer.alloc(0);
	let newlines = 0;
	let lastByte: number | undefined;
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	const compact = () => {
		const joined = Buffer.concat([kept, ...pending]);
		pending = [];
		pendingBytes = 0;
		const start = Math.max(lines > 0 ? startOfLastLines(joined, lines) : 0, startWithinLimit(joined, limit));
		kept = start > 0 ? Buffer.from(joined.subarray(start)) : joined;
	};
	const consume = (chunk: Buffer) => {
		if (!chunk.length) return;
		newlines += countNewlines(chunk);
		lastByte = chunk[chunk.length - 1];
		pending.push(chunk);
		pendingBytes += chunk.length;
		if (pendingBytes > limit) compact();
	};
	if (body && typeof body === 'object' && Symbol.asyncIterator in body && !Buffer.isBuffer(body)) {
		for await (const chunk of body as AsyncIterable<Buffer | string>) consume(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	} else {
		consume(await readBody(body));
	}
	compact();
	const totalLines = lastByte === undefined ? 0 : newlines + (lastByte !== NEWLINE ? 1 : 0);
	const returnedLines = countLines(kept);
	return { log: kept.toString('utf8'), totalLines, returnedLines, truncated: returnedLines < totalLines };
}

/** "Last Lines": a whole number, 0 for every line (within the text limit). */
function tailLinesOf(run: Pick<GitHubRowRun, 'ctx' | 'values' | 'itemIndex'>): number {
	const raw = run.values.tailLines;
	const lines = raw === undefined || raw === '' ? DEFAULT_TAIL_LINES : Number(raw);
	if (!Number.isInteger(lines) || lines < 0) {
		throw new NodeOperationError(run.ctx.getNode(), `The "Last Lines" parameter must be a whole number of 0 or more (got "${String(raw)}")`, {
			itemIndex: run.itemIndex,
			description: `Give how many lines of the end of the log to return, e.g. ${DEFAULT_TAIL_LINES}, or 0 for the whole log (at most its last 1 MB).`,
		});
	}
	return lines;
}

/**
 * One job's log. GitHub redirects to a storage host, followed without the credential; the text
 * arrives through the bounded download (limited by "Max Download Size (MB)", the credential's
 * secrets redacted) and only its end is kept.
 */
async function readJobLog({ client }: GitHubRowRun, repositoryPath: string, jobId: string, lines: number): Promise<LogTail & { hiddenTextFound?: HiddenCounts }> {
	const response = await client.send({
		method: 'GET',
		path: `${repositoryPath}/actions/jobs/${pathSegment(jobId)}/logs`,
		encoding: 'stream',
	});
	const tail = await logTail(response.body, lines);
	// Logs are terminal text: a colour code inside a secret hides it from the byte search only.
	const log = redactAcrossAnsi(tail.log, await client.secrets());
	return { ...tail, log, ...hiddenTextFound(log, 'plain') };
}

const repositoryPathOf = (path: string) => path.replace(/\/actions\/.*$/, '');

export async function getJobLogs(input: GitHubRowRun) {
	const { values, request, respond } = input;
	const jobId = String(values.jobId).trim();
	const tail = await readJobLog(input, repositoryPathOf(request.path), jobId, tailLinesOf(input));
	return respond({ jobId: Number(jobId), ...tail });
}

/** The names of the steps that failed, in order. */
const failedSteps = (job: IDataObject) =>
	((job.steps as IDataObject[] | undefined) ?? []).filter((step) => step.conclusion === 'failure').map((step) => step.name);

/** "Max Jobs": a whole number from 1 to MAX_FAILED_JOBS. */
function maxJobsOf(run: Pick<GitHubRowRun, 'ctx' | 'values' | 'itemIndex'>): number {
	const raw = run.values.maxJobs;
	const jobs = raw === undefined || raw === '' ? DEFAULT_MAX_FAILED_JOBS : Number(raw);
	if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_FAILED_JOBS) {
		throw new NodeOperationError(run.ctx.getNode(), `The "Max Jobs" parameter must be a whole number from 1 to ${MAX_FAILED_JOBS} (got "${String(raw)}")`, {
			itemIndex: run.itemIndex,
			description: `Give how many failed jobs' logs to read, e.g. ${DEFAULT_MAX_FAILED_JOBS}; each log is one more request.`,
		});
	}
	return jobs;
}

/**
 * The run's jobs (latest attempt) that failed, each with the end of its log: one item per job, the
 * first "Max Jobs" of them in GitHub's order; the items say how many failed jobs were left out.
 */
export async function getFailedJobLogs(input: GitHubRowRun) {
	const { client, values, request, itemIndex } = input;
	const lines = tailLinesOf(input);
	const maxJobs = maxJobsOf(input);
	const jobs = await client.paginate<IDataObject>(
		{ method: 'GET', path: request.path, qs: { filter: 'latest' } },
		{ returnAll: true, itemsKey: 'jobs' },
	);
	const runId = Number(values.runId);
	const failed = jobs.filter((candidate) => candidate.conclusion === 'failure');
	const leftOut = Math.max(0, failed.length - maxJobs);
	const aboutLeftOut = leftOut
		? { failedJobsLeftOut: leftOut, note: `Logs of ${maxJobs} of the run's ${failed.length} failed jobs; ${leftOut} left out (raise "Max Jobs", at most ${MAX_FAILED_JOBS}, or read one with Get Job Logs).` }
		: {};
	const items = [];
	for (const job of failed.slice(0, maxJobs)) {
		const tail = await readJobLog(input, repositoryPathOf(request.path), String(job.id), lines);
		const json = { runId, jobId: job.id, name: job.name, conclusion: job.conclusion, url: job.html_url, failedSteps: failedSteps(job), ...tail, ...aboutLeftOut };
		items.push({ json: json as IDataObject, pairedItem: { item: itemIndex } });
	}
	return items;
}
