import type { IDataObject } from 'n8n-workflow';

import type { Delivery } from '../matching';
import type { NewestFirstList } from './newestFirst';
import { pullRequestPayload } from './issues';
import type { RepositoryName } from './pollRun';
import { repositoryPayload } from './pollRun';

/**
 * Issue events (GET /repos/{o}/{r}/issues/events, newest first) as the webhook's `issues` and
 * `pull_request` actions. They name the exact action and its actor, which the issues list cannot:
 * this list reports every change of state, labels, assignees, milestones, title, lock, draft and
 * requested reviewers; the issues list reports only opening and body edits (see issues.ts).
 */

/** Issue event name → webhook action, with the fields the webhook carries for it. */
const ACTIONS: Record<string, { action: string; fields: string[]; pullOnly?: boolean }> = {
	labeled: { action: 'labeled', fields: ['label'] },
	unlabeled: { action: 'unlabeled', fields: ['label'] },
	assigned: { action: 'assigned', fields: ['assignee'] },
	unassigned: { action: 'unassigned', fields: ['assignee'] },
	milestoned: { action: 'milestoned', fields: ['milestone'] },
	demilestoned: { action: 'demilestoned', fields: ['milestone'] },
	// The `closed` event of a merged pull request becomes the webhook's `closed` with merged: true;
	// the `merged` event GitHub lists beside it would say the same again.
	closed: { action: 'closed', fields: [] },
	reopened: { action: 'reopened', fields: [] },
	renamed: { action: 'edited', fields: [] },
	locked: { action: 'locked', fields: [] },
	unlocked: { action: 'unlocked', fields: [] },
	review_requested: { action: 'review_requested', fields: ['requested_reviewer', 'requested_team'], pullOnly: true },
	review_request_removed: { action: 'review_request_removed', fields: ['requested_reviewer', 'requested_team'], pullOnly: true },
	ready_for_review: { action: 'ready_for_review', fields: [], pullOnly: true },
	convert_to_draft: { action: 'converted_to_draft', fields: [], pullOnly: true },
};

function isPull(event: IDataObject): boolean {
	return Boolean((event.issue as IDataObject | undefined)?.pull_request);
}

function issueEventDelivery(event: IDataObject, repository: RepositoryName): Delivery {
	const issue = (event.issue ?? {}) as IDataObject;
	const known = ACTIONS[String(event.event)];
	const payload: IDataObject = { action: known.action };
	if (isPull(event)) {
		payload.number = issue.number;
		payload.pull_request = pullRequestPayload(issue);
	} else {
		payload.issue = issue;
	}
	for (const field of known.fields) if (event[field] !== undefined && event[field] !== null) payload[field] = event[field];
	const rename = event.rename as IDataObject | undefined;
	if (event.event === 'renamed' && rename) payload.changes = { title: { from: rename.from } };
	payload.repository = repositoryPayload(repository);
	if (event.actor) payload.sender = event.actor;
	return { event: isPull(event) ? 'pull_request' : 'issues', deliveryId: null, payload };
}

export const ISSUE_EVENTS: NewestFirstList = {
	kind: 'newestFirst',
	path: '/issues/events',
	qs: {},
	timeOf: (event) => event.created_at,
	keyOf: (event) => String(event.id),
	wanted: (event) => {
		const known = ACTIONS[String(event.event)];
		return known !== undefined && (!known.pullOnly || isPull(event)) && event.issue !== undefined && event.issue !== null;
	},
	delivery: issueEventDelivery,
	aboutPullRequests: true,
};
