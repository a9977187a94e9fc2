import type { IDataObject } from 'n8n-workflow';

import { withCommentedIssues } from './commentedIssues';
import type { ListPosition, PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { digest, repositoryPayload, time } from './pollRun';
import { withPullRequests } from './pullRequests';

/**
 * A list with entries in time order, read with `since`: issues and comments, sorted by update
 * time ascending. Each entry is taken once per update (key = id@updated_at).
 */
export interface SinceList {
	kind: 'since';
	path: string;
	qs: IDataObject;
	deliveries: (entry: IDataObject, repository: RepositoryName, position: ListPosition, from: number) => TimedDelivery[];
	keyOf: (entry: IDataObject) => string;
	/** Reads what the deliveries are about (the pull request, the commented issue) before they are emitted. */
	fillIn: (run: PollRun, repository: RepositoryName, deliveries: TimedDelivery[]) => Promise<void>;
}

/** Marks body-only digests: states stored before (title, labels… included) are not compared with them. */
const BODY_DIGEST = 'b:';

/** Marks title digests, kept beside the body's (states stored before have none). */
const TITLE_DIGEST = 't:';

interface IssueState {
	state: string;
	draft: boolean;
	content: string;
	/** Undefined in states stored before titles were kept. */
	title?: string;
}

/**
 * What the issues list compares to tell an edit: the body only. Every other change (title,
 * labels, assignees, milestone, state, draft, lock) is an issue event, reported with its exact
 * action by the issue events list (issueEvents.ts); comparing it here would report it twice. The
 * title is kept only to tell a body edited together with it (see issueActions).
 */
export function issueState(issue: IDataObject): IssueState {
	return { state: String(issue.state ?? ''), draft: issue.draft === true, content: `${BODY_DIGEST}${digest([issue.body])}`, title: `${TITLE_DIGEST}${digest([issue.title])}` };
}

/** Not a bare number: JavaScript orders integer keys numerically, and the oldest-seen are dropped first. */
export function stateKey(issue: IDataObject): string {
	return `#${String(issue.number)}`;
}

export function encodeState(state: IssueState): string {
	return [state.state, state.draft ? 1 : 0, state.content, ...(state.title ? [state.title] : [])].join('|');
}

function decodeState(text: string | undefined): IssueState | undefined {
	if (!text) return undefined;
	const [state, draft, content, title] = text.split('|');
	return { state, draft: draft === '1', content, title: title?.startsWith(TITLE_DIGEST) ? title : undefined };
}

/** The pull_request object of a delivery, from the issue-shaped entry the issues list gives. */
export function pullRequestPayload(issue: IDataObject): IDataObject {
	const { pull_request: links, ...fields } = issue;
	const mergedAt = (links as IDataObject | undefined)?.merged_at ?? null;
	return {
		...fields,
		...(links as IDataObject),
		url: (links as IDataObject | undefined)?.url ?? fields.url,
		html_url: (links as IDataObject | undefined)?.html_url ?? fields.html_url,
		draft: issue.draft === true,
		merged: mergedAt !== null,
		merged_at: mergedAt,
	};
}

/**
 * The actions the issues list reports for this issue or pull request since it was last seen:
 * opened (created after the cursor) and edited (its body changed). Issues not seen before and
 * opened earlier report nothing: what changed them is an issue event, or a body edit it cannot tell.
 * A body changed along with the title is left to the `renamed` issue event: one edit of both is one
 * `edited` webhook, and the lists cannot tell it from a rename and a body edit apart.
 */
function issueActions(issue: IDataObject, before: IssueState | undefined, from: number): string[] {
	const now = issueState(issue);
	if (!before) return time(issue.created_at) >= from ? ['opened'] : [];
	if (!before.content.startsWith(BODY_DIGEST) || before.content === now.content) return [];
	return before.title !== undefined && before.title !== now.title ? [] : ['edited'];
}

export const ISSUES: SinceList = {
	kind: 'since',
	path: '/issues',
	qs: { state: 'all', sort: 'updated', direction: 'asc' },
	keyOf: (issue) => `${String(issue.id)}@${String(issue.updated_at)}`,
	fillIn: withPullRequests,
	deliveries: (issue, repository, position, from) => {
		const known = position.known ?? (position.known = {});
		const number = stateKey(issue);
		const before = decodeState(known[number]);
		delete known[number];
		known[number] = encodeState(issueState(issue));
		const isPull = Boolean(issue.pull_request);
		return issueActions(issue, before, from).map((action) => ({
			time: time(action === 'opened' ? issue.created_at : issue.updated_at),
			delivery: {
				event: isPull ? 'pull_request' : 'issues',
				deliveryId: null,
				payload: isPull
					? { action, number: issue.number, pull_request: pullRequestPayload(issue), repository: repositoryPayload(repository) }
					: { action, issue, repository: repositoryPayload(repository) },
			},
		}));
	},
};

function issueNumberFrom(url: unknown): number | undefined {
	const match = /\/(\d+)$/.exec(String(url ?? ''));
	return match ? Number(match[1]) : undefined;
}

/** Comments: only their creation is an event, so the key is the id whatever its later edits. */
export const ISSUE_COMMENTS: SinceList = {
	kind: 'since',
	path: '/issues/comments',
	qs: { sort: 'updated', direction: 'asc' },
	keyOf: (comment) => `comment:${String(comment.id)}`,
	fillIn: withCommentedIssues,
	deliveries: (comment, repository, _position, from) =>
		time(comment.created_at) < from
			? []
			: [
					{
						time: time(comment.created_at),
						delivery: {
							event: 'issue_comment',
							deliveryId: null,
							payload: {
								action: 'created',
								issue: { url: comment.issue_url, number: issueNumberFrom(comment.issue_url) },
								comment,
								repository: repositoryPayload(repository),
							},
						},
					},
				],
};

export const REVIEW_COMMENTS: SinceList = {
	...ISSUE_COMMENTS,
	path: '/pulls/comments',
	keyOf: (comment) => `reviewComment:${String(comment.id)}`,
	fillIn: withPullRequests,
	deliveries: (comment, repository, _position, from) =>
		time(comment.created_at) < from
			? []
			: [
					{
						time: time(comment.created_at),
						delivery: {
							event: 'pull_request_review_comment',
							deliveryId: null,
							payload: {
								action: 'created',
								comment,
								// Filled in from the pull request list (withPullRequests), looked for back to the comment's time.
								pull_request: { url: comment.pull_request_url, number: issueNumberFrom(comment.pull_request_url), updated_at: comment.created_at },
								repository: repositoryPayload(repository),
							},
						},
					},
				],
};
