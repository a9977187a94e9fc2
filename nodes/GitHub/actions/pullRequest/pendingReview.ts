import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { pathSegment } from '../../../../credentials/requestGuard';
import { answerLacking } from '../../../shared/errors';
import { repositoryProof } from '../../scope';
import { repositoryFields } from '../fields';
import type { Connection } from '../graphql';
import { graphqlPages, loginOf, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';
import { graphqlPullRequestFields } from './autoMerge';
import { pullNumber, reviewId } from './rows';

/**
 * A review built up comment by comment: created pending (no event), commented on through GraphQL
 * (REST adds line comments to a pending review only while creating it), then submitted or
 * deleted. Review threads (resolved, outdated) exist in GraphQL only.
 */

const THREAD_FIELDS = `id isResolved isOutdated path line startLine diffSide startDiffSide subjectType resolvedBy { login }`;
const COMMENT_FIELDS = 'databaseId body url createdAt author { login }';

export const ADD_REVIEW_THREAD_MUTATION = `mutation($review: ID!, $body: String!, $path: String!, $subjectType: PullRequestReviewThreadSubjectType, $line: Int, $side: DiffSide, $startLine: Int, $startSide: DiffSide) {
  addPullRequestReviewThread(input: {pullRequestReviewId: $review, body: $body, path: $path, subjectType: $subjectType, line: $line, side: $side, startLine: $startLine, startSide: $startSide}) {
    thread { ${THREAD_FIELDS} comments(first: 1) { nodes { ${COMMENT_FIELDS} } } }
  }
}`;

export const LIST_REVIEW_THREADS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $repo) { pullRequest(number: $number) {
    reviewThreads(first: $first, after: $after) {
      nodes { ${THREAD_FIELDS} comments(first: 100) { totalCount nodes { ${COMMENT_FIELDS} } } }
      pageInfo { hasNextPage endCursor }
    }
  } }
}`;

export const REVIEW_THREAD_QUERY = `query($thread: ID!) {
  node(id: $thread) { ... on PullRequestReviewThread { id pullRequest { number repository { name owner { login } } } } }
}`;

export const RESOLVE_REVIEW_THREAD_MUTATION = `mutation($thread: ID!) {
  resolveReviewThread(input: {threadId: $thread}) { thread { ${THREAD_FIELDS} } }
}`;

export const UNRESOLVE_REVIEW_THREAD_MUTATION = `mutation($thread: ID!) {
  unresolveReviewThread(input: {threadId: $thread}) { thread { ${THREAD_FIELDS} } }
}`;

type Thread = IDataObject & { resolvedBy?: IDataObject | null; comments?: { totalCount?: number; nodes: IDataObject[] } };

const commentItem = ({ author, ...rest }: IDataObject): IDataObject => ({ ...rest, author: loginOf(author) });

/** An answer without what the operation reads: the service's answer, not the input, is at fault. */
const unexpectedAnswer = (missing: string, response?: { statusCode: number }) =>
	answerLacking('GitHub', missing, 'Check the GitHub Server field of the credential; the API Call node shows the raw answer.', response);

function threadItem(thread: Thread | null | undefined): IDataObject {
	if (!thread || typeof thread !== 'object') throw unexpectedAnswer('the review thread (thread)');
	const { resolvedBy, comments, ...rest } = thread;
	const item: IDataObject = { ...rest, resolvedBy: loginOf(resolvedBy) };
	if (comments) item.comments = (Array.isArray(comments.nodes) ? comments.nodes : []).filter(Boolean).map(commentItem);
	return item;
}

const itemsOf = (input: GitHubRowRun, objects: IDataObject[]) => objects.map((json) => ({ json, pairedItem: { item: input.itemIndex } }));

/** The documents read and change the chosen repository's pull request only, so that repository is what the scope checks. */
async function proofFor(input: GitHubRowRun) {
	const owner = String(input.values.owner ?? '').trim();
	const repo = String(input.values.repository ?? '').trim();
	const lists = await repositoryLists(input);
	return { owner, repo, number: Number(input.values.pullNumber), proof: proven(input, () => repositoryProof(lists, { owner, repo })) };
}

function optionalInteger(input: GitHubRowRun, name: string, displayName: string): number | undefined {
	const raw = input.values[name];
	if (raw === undefined || raw === null || raw === '') return undefined;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 1) {
		throw new NodeOperationError(input.ctx.getNode(), `The "${displayName}" parameter must be a line number of 1 or more (got "${String(raw)}")`, {
			itemIndex: input.itemIndex,
			description: 'Give the line in the file as the diff shows it, e.g. 12.',
		});
	}
	return value;
}

/** The pending review (REST, in the chosen repository) gives its GraphQL ID; the thread is added to it. */
export async function addPendingReviewComment(input: GitHubRowRun) {
	const { ctx, client, values, itemIndex } = input;
	const { owner, repo, number, proof } = await proofFor(input);
	const reviewPath = `/repos/${pathSegment(owner)}/${pathSegment(repo)}/pulls/${number}/reviews/${pathSegment(String(values.reviewId))}`;
	const answer = await client.send<IDataObject | null>({ method: 'GET', path: reviewPath });
	const review = answer.body;
	if (typeof review?.state !== 'string' || typeof review.node_id !== 'string' || !review.node_id) {
		throw unexpectedAnswer(`the review's state and node_id (${reviewPath})`, answer);
	}
	if (review.state !== 'PENDING') {
		throw new NodeOperationError(ctx.getNode(), `The "Review" parameter names review ${String(values.reviewId)}, which is ${review.state}, not pending`, {
			itemIndex,
			description: 'Comments are added to a pending review (Create Pending Review); reply to a submitted review’s comments with Reply to Review Comment.',
		});
	}
	const line = optionalInteger(input, 'line', 'Line');
	const startLine = optionalInteger(input, 'startLine', 'Start Line');
	if (startLine !== undefined && (line === undefined || startLine >= line)) {
		throw new NodeOperationError(ctx.getNode(), 'The "Start Line" parameter must be before "Line"', {
			itemIndex,
			description: 'A comment on a range of lines gives its first line in "Start Line" and its last in "Line"; leave "Start Line" empty for one line.',
		});
	}
	const side = String(values.side ?? 'RIGHT');
	const variables: IDataObject = {
		review: review.node_id,
		body: String(values.body ?? ''),
		path: String(values.path ?? '').trim(),
		subjectType: line === undefined ? 'FILE' : 'LINE',
		...(line === undefined ? {} : { line, side }),
		...(startLine === undefined ? {} : { startLine, startSide: side }),
	};
	const data = await client.graphql<{ addPullRequestReviewThread?: { thread: Thread | null } | null }>(ADD_REVIEW_THREAD_MUTATION, variables, proof);
	const thread = data.addPullRequestReviewThread?.thread;
	if (!thread) {
		throw new NodeOperationError(ctx.getNode(), `GitHub added no comment on "${String(variables.path)}"`, {
			itemIndex,
			description: 'Check "Path" (a file the pull request changes) and "Line" (a line of its diff).',
		});
	}
	const { comments, ...rest } = threadItem(thread);
	return itemsOf(input, [{ ...rest, reviewId: review.id, comment: (comments as IDataObject[] | undefined)?.[0] ?? null }]);
}

export async function listReviewThreads(input: GitHubRowRun) {
	const { owner, repo, number, proof } = await proofFor(input);
	let missing = false;
	const threads = await graphqlPages<Thread>(input, async (first, after) => {
		const data = await input.client.graphql<{ repository: { pullRequest: { reviewThreads: Connection<Thread> } | null } | null }>(
			LIST_REVIEW_THREADS_QUERY,
			{ owner, repo, number, first, after },
			proof,
		);
		missing = !data.repository?.pullRequest;
		return data.repository?.pullRequest?.reviewThreads;
	});
	if (missing) {
		throw new NodeOperationError(input.ctx.getNode(), `Pull request #${number} was not found in ${owner}/${repo}`, {
			itemIndex: input.itemIndex,
			description: 'Check "Repository Owner", "Repository" and "Pull Request Number".',
		});
	}
	const onlyUnresolved = input.values.onlyUnresolved === true;
	return itemsOf(input, threads.filter((thread) => thread && (!onlyUnresolved || !thread.isResolved)).map(threadItem));
}

/**
 * A thread is named by its GraphQL ID, which names no repository: it is looked up first and must
 * belong to the chosen pull request, so "Allowed Repositories" holds for it.
 */
async function setThreadResolved(input: GitHubRowRun, resolved: boolean) {
	const { owner, repo, number, proof } = await proofFor(input);
	const threadId = String(input.values.threadId ?? '').trim();
	const found = await input.client.graphql<{ node: { id?: string; pullRequest?: { number?: unknown; repository?: { name?: unknown; owner?: { login?: unknown } | null } | null } | null } | null }>(
		REVIEW_THREAD_QUERY,
		{ thread: threadId },
		proof,
	);
	const pullRequest = found.node?.pullRequest;
	const sameText = (value: unknown, expected: string) => typeof value === 'string' && value.toLowerCase() === expected.toLowerCase();
	const inChosen =
		pullRequest?.number === number && sameText(pullRequest.repository?.owner?.login, owner) && sameText(pullRequest.repository?.name, repo);
	if (!inChosen) {
		throw new NodeOperationError(input.ctx.getNode(), `The "Thread ID" parameter "${threadId}" is not a thread of pull request #${number} in ${owner}/${repo}`, {
			itemIndex: input.itemIndex,
			description: 'Give the ID of a thread from List Review Threads of the chosen pull request (it starts with "PRRT_").',
		});
	}
	const [document, field] = resolved
		? [RESOLVE_REVIEW_THREAD_MUTATION, 'resolveReviewThread']
		: [UNRESOLVE_REVIEW_THREAD_MUTATION, 'unresolveReviewThread'];
	const data = await input.client.graphql<Record<string, { thread?: Thread | null } | null>>(document, { thread: threadId }, proof);
	return itemsOf(input, [threadItem(data[field]?.thread)]);
}

export const resolveReviewThread = async (input: GitHubRowRun) => await setThreadResolved(input, true);
export const unresolveReviewThread = async (input: GitHubRowRun) => await setThreadResolved(input, false);

const threadIdField = (): RowField => ({
	displayName: 'Thread ID', name: 'threadId', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. PRRT_kwDOABCD5M5abcde',
	description: 'GraphQL ID of the review thread (the thread ID List Review Threads returns, starting with PRRT_)',
});

export const pendingReviewRows = gitHubRowTable([
	{
		resource: 'pullRequest',
		operation: 'createPendingReview',
		objectType: 'review',
		name: 'Create Pending Review',
		action: 'Start a pending review of a pull request',
		description:
			'Start a review that only its author sees until it is submitted: add comments with Add Comment to Pending Review, then Submit Pending Review (or Delete Pending Review). An account has at most one pending review per pull request. Returns the review with its ID.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
		fields: [
			...repositoryFields(),
			pullNumber(),
			{ displayName: 'Review Text', name: 'body', type: 'string', default: '', in: 'body', optional: true, ui: { typeOptions: { rows: 4 } }, description: 'Text of the review (Markdown); can also be given when submitting' },
			{ displayName: 'Commit SHA', name: 'commit_id', type: 'string', default: '', in: 'body', optional: true, description: 'Commit the review is about; default: the pull request’s latest commit' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'addPendingReviewComment',
		name: 'Add Comment to Pending Review',
		action: 'Add a comment to a pending review',
		description:
			'Add a comment to your pending review: on one line, on a range of lines (Start Line to Line) or on the whole file (no Line), on the new (right) or old (left) side of the diff. Stays hidden until the review is submitted. Returns the new thread (ID, path, lines) and its comment. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: addPendingReviewComment,
		fields: [
			...graphqlPullRequestFields(),
			{ ...reviewId(), in: 'none' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. src/index.ts', description: 'Path of a file the pull request changes' },
			{ displayName: 'Comment', name: 'body', type: 'string', default: '', in: 'none', required: true, ui: { typeOptions: { rows: 4 } }, description: 'Text of the comment (Markdown)' },
			{ displayName: 'Line', name: 'line', type: 'number', default: 0, in: 'none', optional: true, description: 'Line of the file the comment is on (the last line of a range); empty: a comment on the whole file' },
			{ displayName: 'Start Line', name: 'startLine', type: 'number', default: 0, in: 'none', optional: true, description: 'First line of a range of lines, before Line' },
			{
				displayName: 'Side', name: 'side', type: 'options', default: 'RIGHT', in: 'none', optional: true,
				description: 'Side of the diff the lines are on',
				options: [
					{ name: 'Right (New Version)', value: 'RIGHT' },
					{ name: 'Left (Old Version)', value: 'LEFT' },
				],
			},
		],
	},
	{
		resource: 'pullRequest',
		operation: 'submitPendingReview',
		objectType: 'review',
		name: 'Submit Pending Review',
		action: 'Submit a pending review',
		description: 'Publish your pending review with its comments: approve, request changes or comment, with optional review text. Returns the submitted review.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/events',
		fields: [
			...repositoryFields(),
			pullNumber(),
			reviewId(),
			{
				displayName: 'Review Action', name: 'event', type: 'options', in: 'body', required: true, default: 'COMMENT',
				description: 'The verdict of the review',
				options: [
					{ name: 'Approve', value: 'APPROVE' },
					{ name: 'Comment', value: 'COMMENT' },
					{ name: 'Request Changes', value: 'REQUEST_CHANGES' },
				],
			},
			{ displayName: 'Review Text', name: 'body', type: 'string', default: '', in: 'body', optional: true, ui: { typeOptions: { rows: 4 } }, description: 'Text of the review (Markdown); needed to request changes' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'deletePendingReview',
		objectType: 'review',
		name: 'Delete Pending Review',
		action: 'Delete a pending review',
		description: 'Delete your pending review with all its comments (a submitted review cannot be deleted; dismiss it instead). Returns the deleted review.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}',
		fields: [...repositoryFields(), pullNumber(), reviewId()],
	},
	{
		resource: 'pullRequest',
		operation: 'updateReview',
		objectType: 'review',
		name: 'Update Review',
		action: 'Update the text of a review',
		description: 'Replace the text of a review (pending or submitted). Returns the review.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}',
		fields: [
			...repositoryFields(),
			pullNumber(),
			reviewId(),
			{ displayName: 'Review Text', name: 'body', type: 'string', default: '', in: 'body', required: true, ui: { typeOptions: { rows: 4 } }, description: 'New text of the review (Markdown)' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'listReviewThreads',
		name: 'List Review Threads',
		action: 'List the review threads of a pull request',
		description:
			'List the review comment threads of a pull request: thread ID, file, lines, whether resolved or outdated, who resolved it, and its comments (author, text, URL). Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listReviewThreads,
		paging: {},
		fields: [
			...graphqlPullRequestFields(),
			{ displayName: 'Only Unresolved', name: 'onlyUnresolved', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether to leave out resolved threads' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'resolveReviewThread',
		name: 'Resolve Review Thread',
		action: 'Resolve a review thread',
		description: 'Mark a review thread of the pull request as resolved (its conversation is collapsed). Returns the thread. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: resolveReviewThread,
		fields: [...graphqlPullRequestFields(), threadIdField()],
	},
	{
		resource: 'pullRequest',
		operation: 'unresolveReviewThread',
		name: 'Unresolve Review Thread',
		action: 'Unresolve a review thread',
		description: 'Mark a resolved review thread of the pull request as unresolved again. Returns the thread. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: unresolveReviewThread,
		fields: [...graphqlPullRequestFields(), threadIdField()],
	},
]);
