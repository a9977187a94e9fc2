import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { hiddenTextFound } from '../../../shared/hiddenText';
import type { GitHubRowRun } from '../types';

/** Diffs up to this size come as text in the JSON output; larger ones as binary data (or on request). */
const LARGE_DIFF_BYTES = 1024 * 1024;

const DIFF_MIME_TYPES: Record<string, string> = { diff: 'text/x-diff', patch: 'text/x-patch' };

/**
 * The pull request's changes in unified diff format (or as a series of patches, one per commit):
 * GitHub answers the same path with text for its diff and patch media types.
 */
export async function getDiffOrPatch({ ctx, client, row, values, request, itemIndex }: GitHubRowRun) {
	const format = row.operation === 'getPatch' ? 'patch' : 'diff';
	const response = await client.send<Buffer>({
		method: 'GET',
		path: request.path,
		headers: { Accept: `application/vnd.github.${format}` },
		encoding: 'arraybuffer',
	});
	const data = Buffer.from(response.body);
	const pullNumber = Number(values.pullNumber);
	const summary = { pullNumber, format, bytes: data.length };
	if (values.outputAs !== 'binary' && data.length <= LARGE_DIFF_BYTES) {
		const text = data.toString('utf8');
		return [{ json: { ...summary, [format]: text, ...hiddenTextFound(text, 'plain') }, pairedItem: { item: itemIndex } }];
	}
	const property = String(values.binaryPropertyName || 'data');
	const binary = await ctx.helpers.prepareBinaryData(data, `pull-${pullNumber}.${format}`, DIFF_MIME_TYPES[format]);
	return [{ json: { ...summary, binaryProperty: property }, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
}

interface LineComment {
	path?: unknown;
	line?: unknown;
	side?: unknown;
	startLine?: unknown;
	start_line?: unknown;
	startSide?: unknown;
	start_side?: unknown;
	body?: unknown;
}

const SIDES = ['LEFT', 'RIGHT'];

const positive = (value: unknown) => {
	if (value === undefined || value === null || value === '' || value === 0) return undefined;
	const number = Number(value);
	return Number.isInteger(number) && number > 0 ? number : NaN;
};

/**
 * A line comment as GitHub's review API takes it. Lines are numbers in the file (RIGHT: the new
 * version, LEFT: the old one); a start line makes it a comment on a range of lines.
 */
function lineComment(input: GitHubRowRun, comment: LineComment, where: string): IDataObject {
	const { ctx, itemIndex } = input;
	const fail = (problem: string, fix: string) =>
		new NodeOperationError(ctx.getNode(), `${where} ${problem}`, { itemIndex, description: fix });
	const path = String(comment.path ?? '').trim();
	const body = String(comment.body ?? '').trim();
	if (!path) throw fail('has no file path', 'Give the path of a file the pull request changes, e.g. "src/index.ts".');
	if (!body) throw fail('has no text', 'Give the text of the comment.');
	const line = positive(comment.line);
	if (line === undefined || Number.isNaN(line)) throw fail(`has no valid line number (got ${JSON.stringify(comment.line ?? null)})`, 'Give the line number in the file the comment is about, e.g. 12.');
	const side = String(comment.side || 'RIGHT').toUpperCase();
	if (!SIDES.includes(side)) throw fail(`has the side "${String(comment.side)}"`, 'Use RIGHT (the new version of the file) or LEFT (the old version).');
	const result: IDataObject = { path, line, side, body };
	const startLine = positive(comment.startLine ?? comment.start_line);
	if (Number.isNaN(startLine) || (startLine !== undefined && startLine >= line)) {
		throw fail(`has the start line ${JSON.stringify(comment.startLine ?? comment.start_line)}`, `Give a start line before line ${line}, or none for a single-line comment.`);
	}
	if (startLine !== undefined) {
		const startSide = String(comment.startSide ?? comment.start_side ?? side).toUpperCase();
		if (!SIDES.includes(startSide)) throw fail(`has the start side "${startSide}"`, 'Use RIGHT or LEFT.');
		Object.assign(result, { start_line: startLine, start_side: startSide });
	}
	return result;
}

/** Line comments from the "Line Comments" rows and from "Line Comments (JSON)", in that order. */
function lineComments(input: GitHubRowRun): IDataObject[] {
	const rows = ((input.values.lineComments as IDataObject | undefined)?.comment ?? []) as LineComment[];
	const listed = (input.values.lineCommentsJson ?? []) as LineComment[];
	return [
		...rows.map((comment, index) => lineComment(input, comment, `Line comment ${index + 1} in "Line Comments"`)),
		...listed.map((comment, index) => lineComment(input, comment, `Entry ${index + 1} of "Line Comments (JSON)"`)),
	];
}

/** A review with its verdict, its text and any line comments, submitted in one request. */
export async function submitReview(input: GitHubRowRun) {
	const { ctx, values, request, itemIndex, generic } = input;
	const comments = lineComments(input);
	const event = String(values.event);
	const text = String(values.body ?? '').trim();
	if (!text && (event === 'REQUEST_CHANGES' || (event === 'COMMENT' && !comments.length))) {
		throw new NodeOperationError(ctx.getNode(), `The "Review Text" parameter is empty, which GitHub does not accept for ${event === 'COMMENT' ? 'a comment review without line comments' : 'a review requesting changes'}`, {
			itemIndex,
			description: 'Write what the review says in "Review Text".',
		});
	}
	return await generic({ ...request, body: { ...request.body, ...(comments.length ? { comments } : {}) } });
}

/**
 * A new review comment needs the commit it is about; without one given, the pull request's
 * current head commit is used.
 */
export async function createReviewComment({ client, values, request, generic }: GitHubRowRun) {
	const body = { ...request.body } as IDataObject;
	if (!String(values.commit_id ?? '').trim()) {
		const pull = await client.request<IDataObject>({ method: 'GET', path: request.path.replace(/\/comments$/, '') });
		body.commit_id = String((pull.head as IDataObject | undefined)?.sha ?? '');
	}
	if (body.start_line !== undefined && body.start_side === undefined) body.start_side = body.side ?? 'RIGHT';
	return await generic({ ...request, body });
}
