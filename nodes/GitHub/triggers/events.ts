/**
 * The code-host triggers as data: the spec's 26, named triggers for further events (branch or
 * tag deleted, labels, milestones) and "Any Event", whose events the user picks from
 * webhookEvents.ts. Each row names the spec trigger, the webhook event(s)
 * it needs and the conditions a delivery must meet, or the poller that stands in where
 * GitHub sends no webhook. Both trigger nodes, the hook registration and the delivery
 * matcher read only this table.
 */

/** A condition on one dotted path of the delivery payload. */
export type Condition =
	| string
	| number
	| boolean
	| null
	| { not: unknown }
	| { exists: boolean }
	| { startsWith: string }
	| { oneOf: unknown[] };

export interface EventClause {
	/** X-GitHub-Event value, or "*" for every event. */
	event: string;
	/** With "*": events not matched by this clause (they have clauses of their own). */
	otherThan?: string[];
	/** Accepted `action` values; omitted for events without actions (push, fork, create). */
	actions?: string[];
	/** Further conditions, all of which must hold. */
	where?: Record<string, Condition>;
}

export type UserFilterName = 'reviewState' | 'conclusion' | 'branch' | 'label' | 'columnId' | 'state' | 'severity' | 'action';

interface UserFilterUse {
	filter: UserFilterName;
	/** Dotted payload path compared with the user's values. */
	path: string;
	/** Removed from the payload value before comparing (refs/heads/ for pushes). */
	stripPrefix?: string;
	/** Read when `path` holds nothing (code scanning rules without a security severity). */
	fallbackPath?: string;
	/** `path` holds a list: this property of each entry is compared, and one match is enough. */
	eachItem?: string;
	/** The use applies to deliveries of this event only (a trigger of several events). */
	event?: string;
	/** Further values a delivery counts as when all conditions hold (a merge: `closed` with merged: true). */
	alsoAs?: Array<{ value: string; name: string; where: Record<string, Condition> }>;
}

export type PollerName = 'gists' | 'watchers' | 'userRepositories' | 'mentions' | 'notifications' | 'projectItems';

/**
 * The list a repository event is polled from (triggers/polling/repositories.ts). Several events of
 * one repository read the same list once per poll (issues and pull requests: `issues`).
 */
export type RepositorySourceName =
	/** Issues and pull requests: their opening and body edits. */
	| 'issues'
	/** Issue events: every other change of an issue or pull request, with its exact action and actor. */
	| 'issueEvents'
	/** Pull requests' head commits: a new one is a push to the pull request (synchronize). */
	| 'pullRequestHeads'
	/** Reviews of the pull requests the issues list shows updated (read with it). */
	| 'reviews'
	| 'issueComments'
	| 'reviewComments'
	| 'releases'
	| 'forks'
	| 'stars'
	| 'tags'
	| 'branches'
	| 'workflowRuns'
	/** GraphQL: one query per poll for all chosen repositories (discussions have no REST list). */
	| 'discussions'
	/** Every page each poll (no time order), compared with the labels last seen. */
	| 'labels'
	/** Every page each poll (sorted by due date only), creations and closings after the cursor. */
	| 'milestones';

interface WebhookSource {
	clauses: EventClause[];
	/** Events that only organization hooks deliver. */
	level: 'repository' | 'organization';
	filters?: UserFilterUse[];
	/** One item per delivery, or one per distinct commit of a push. */
	emit: 'delivery' | 'distinctCommits';
	/** Only deliveries whose text @-mentions the connected account. */
	mentionsAccount?: boolean;
}

export interface EventRow {
	value: string;
	/** The user picks the events (triggers/anyEvent.ts builds the clauses). */
	anyEvent?: boolean;
	/** The spec's name, shown to the user. */
	name: string;
	description: string;
	/** What the GitHub Toolkit Poll Trigger says of it, when the description speaks of webhooks. */
	pollDescription?: string;
	/** What the Poll Trigger lists it as, where the name alone would promise more than a poll reads. */
	pollName?: string;
	webhook?: WebhookSource;
	poller?: PollerName;
	/**
	 * For the notifications poller: the reasons (GitHub's `reason` of a thread) this event stands
	 * for, or 'chosen': the node's Reasons parameter. None: every reason.
	 */
	notificationReasons?: readonly string[] | 'chosen';
	/**
	 * Lists the Poll Trigger reads this event from for chosen repositories. What they yield is
	 * shaped as the webhook delivery and matched by this row's webhook clauses and filters.
	 */
	polledFrom?: RepositorySourceName[];
}

/** What a row states: its webhook source may leave out what most triggers share (WEBHOOK_DEFAULTS). */
type EventRowAsWritten = Omit<EventRow, 'webhook'> & {
	webhook?: Omit<WebhookSource, keyof typeof WEBHOOK_DEFAULTS> & Partial<WebhookSource>;
};

/** Severity of an alert, by event: secret scanning alerts have none (a severity filter leaves them out). */
const ALERT_SEVERITY: UserFilterUse[] = [
	{ filter: 'severity', event: 'dependabot_alert', path: 'alert.security_advisory.severity' },
	{ filter: 'severity', event: 'code_scanning_alert', path: 'alert.rule.security_severity_level', fallbackPath: 'alert.rule.severity' },
	{ filter: 'severity', event: 'secret_scanning_alert', path: 'alert.severity' },
];

/** Secret scanning resolutions that mean the secret was dealt with, not set aside. */
const SECRET_FIXED = ['revoked'];

/** Most triggers listen on repository hooks and output one item per delivery. */
const WEBHOOK_DEFAULTS: Pick<WebhookSource, 'level' | 'emit'> = { level: 'repository', emit: 'delivery' };

const MENTION_CLAUSES: EventClause[] = [
	{ event: 'issues', actions: ['opened', 'edited'] },
	{ event: 'pull_request', actions: ['opened', 'edited'] },
	{ event: 'issue_comment', actions: ['created', 'edited'] },
	{ event: 'pull_request_review', actions: ['submitted', 'edited'] },
	{ event: 'pull_request_review_comment', actions: ['created', 'edited'] },
	{ event: 'discussion', actions: ['created', 'edited'] },
	{ event: 'discussion_comment', actions: ['created', 'edited'] },
	{ event: 'commit_comment', actions: ['created'] },
];

export const ANY_EVENT = 'anyEvent';

const ROWS: EventRowAsWritten[] = [
	{
		value: 'newRepository',
		name: 'New Repository',
		description: 'A repository is created in the organization (webhook) or in the account (polling)',
		pollDescription: 'A repository is created in the connected account, found by comparing its repository list on each poll',
		pollName: 'New Repository (in the account)',
		webhook: { clauses: [{ event: 'repository', actions: ['created'] }], level: 'organization' },
		poller: 'userRepositories',
	},
	{
		value: 'newFork',
		polledFrom: ['forks'],
		name: 'New Fork',
		description: 'Someone forks the repository',
		webhook: { clauses: [{ event: 'fork' }] },
	},
	{
		value: 'newStar',
		polledFrom: ['stars'],
		name: 'New Star',
		description: 'A user stars the repository',
		webhook: { clauses: [{ event: 'star', actions: ['created'] }] },
	},
	{
		value: 'newWatcher',
		name: 'New Watcher',
		description: 'A user starts watching the repository (polled: GitHub sends no webhook for it)',
		poller: 'watchers',
	},
	{
		value: 'newTag',
		polledFrom: ['tags'],
		name: 'New Tag',
		description: 'A tag is pushed',
		webhook: { clauses: [{ event: 'create', where: { ref_type: 'tag' } }] },
	},
	{
		value: 'newIssue',
		polledFrom: ['issues'],
		name: 'New Issue',
		description: 'An issue is opened',
		webhook: { clauses: [{ event: 'issues', actions: ['opened'] }] },
	},
	{
		value: 'updatedIssue',
		polledFrom: ['issues', 'issueEvents'],
		name: 'Updated Issue',
		description: "An issue's title, body, labels, assignees, milestone, lock or status changes",
		webhook: {
			clauses: [
				{
					event: 'issues',
					actions: ['edited', 'labeled', 'unlabeled', 'assigned', 'unassigned', 'milestoned', 'demilestoned', 'locked', 'unlocked', 'closed', 'reopened'],
				},
			],
			filters: [
				{ filter: 'action', path: 'action' },
				{ filter: 'label', path: 'label.name', fallbackPath: 'issue.labels', eachItem: 'name' },
			],
		},
	},
	{
		value: 'newPullRequest',
		polledFrom: ['issues', 'issueEvents'],
		name: 'New Pull Request',
		description: 'A pull request is opened (not as a draft) or marked ready for review',
		webhook: {
			clauses: [
				{ event: 'pull_request', actions: ['opened'], where: { 'pull_request.draft': { not: true } } },
				{ event: 'pull_request', actions: ['ready_for_review'] },
			],
		},
	},
	{
		value: 'updatedPullRequest',
		polledFrom: ['issues', 'issueEvents', 'pullRequestHeads'],
		name: 'Updated Pull Request',
		description: 'A pull request is modified or changes state (draft, ready, closed)',
		webhook: {
			clauses: [
				{
					event: 'pull_request',
					actions: [
						'edited',
						'labeled',
						'unlabeled',
						'assigned',
						'unassigned',
						'milestoned',
						'demilestoned',
						'locked',
						'unlocked',
						'review_requested',
						'converted_to_draft',
						'ready_for_review',
						'closed',
						'reopened',
						'synchronize',
					],
				},
			],
			filters: [
				{ filter: 'action', path: 'action', alsoAs: [{ value: 'merged', name: 'Merged (Closed by a Merge)', where: { action: 'closed', 'pull_request.merged': true } }] },
				{ filter: 'label', path: 'label.name', fallbackPath: 'pull_request.labels', eachItem: 'name' },
			],
		},
	},
	{
		value: 'newComment',
		polledFrom: ['issueComments', 'reviewComments'],
		name: 'New Comment',
		description: 'A comment is added to an issue or pull request (including review comments on code)',
		webhook: {
			clauses: [
				{ event: 'issue_comment', actions: ['created'] },
				{ event: 'pull_request_review_comment', actions: ['created'] },
			],
		},
	},
	{
		value: 'newLabelOnIssue',
		polledFrom: ['issueEvents'],
		name: 'New Label on Issue',
		description: 'A label is applied to an issue',
		webhook: {
			clauses: [{ event: 'issues', actions: ['labeled'] }],
			filters: [{ filter: 'label', path: 'label.name' }],
		},
	},
	{
		value: 'newReviewRequest',
		polledFrom: ['issueEvents'],
		name: 'New Review Request',
		description: 'A reviewer is requested on a pull request',
		webhook: {
			clauses: [{ event: 'pull_request', actions: ['review_requested'] }],
		},
	},
	{
		value: 'newPullRequestReview',
		polledFrom: ['issues', 'reviews'],
		name: 'New Pull Request Review',
		description: 'A review is submitted (approved, changes requested or commented)',
		webhook: {
			clauses: [{ event: 'pull_request_review', actions: ['submitted'] }],
			filters: [{ filter: 'reviewState', path: 'review.state' }],
		},
	},
	{
		value: 'newCommit',
		polledFrom: ['branches'],
		name: 'New Commit',
		description: 'A commit is pushed to any branch (one item per distinct commit)',
		webhook: {
			clauses: [{ event: 'push', where: { ref: { startsWith: 'refs/heads/' } } }],
			emit: 'distinctCommits',
			filters: [{ filter: 'branch', path: 'ref', stripPrefix: 'refs/heads/' }],
		},
	},
	{
		value: 'newPush',
		polledFrom: ['branches'],
		name: 'New Push',
		description: 'Any push, including multiple commits (one item per push)',
		pollDescription: 'A branch moved to new commits, found by comparing the branch heads on each poll (pushes between two polls come as one item)',
		webhook: {
			clauses: [{ event: 'push' }],
			filters: [{ filter: 'branch', path: 'ref', stripPrefix: 'refs/heads/' }],
		},
	},
	{
		value: 'newBranch',
		polledFrom: ['branches'],
		name: 'New Branch',
		description: 'A branch is created',
		webhook: {
			clauses: [{ event: 'create', where: { ref_type: 'branch' } }],
			filters: [{ filter: 'branch', path: 'ref' }],
		},
	},
	{
		value: 'workflowRunCompleted',
		polledFrom: ['workflowRuns'],
		name: 'Workflow Run Completed',
		description: 'A workflow run finishes as succeeded, failed or cancelled',
		webhook: {
			clauses: [{ event: 'workflow_run', actions: ['completed'] }],
			filters: [
				{ filter: 'conclusion', path: 'workflow_run.conclusion' },
				{ filter: 'branch', path: 'workflow_run.head_branch' },
			],
		},
	},
	{
		value: 'workflowJobCompleted',
		name: 'Workflow Job Completed',
		description: 'A job within a workflow run completes',
		webhook: {
			clauses: [{ event: 'workflow_job', actions: ['completed'] }],
			filters: [
				{ filter: 'conclusion', path: 'workflow_job.conclusion' },
				{ filter: 'branch', path: 'workflow_job.head_branch' },
			],
		},
	},
	{
		value: 'newCollaborator',
		name: 'New Collaborator',
		description: 'A collaborator is added to a repository',
		webhook: { clauses: [{ event: 'member', actions: ['added'] }] },
	},
	{
		value: 'newMention',
		name: 'New Mention',
		description: 'The connected account is @-mentioned in an issue, pull request or comment',
		pollDescription: 'A notification says the connected account was @-mentioned, read from its notifications on each poll',
		pollName: 'New Mention (from notifications)',
		webhook: { clauses: MENTION_CLAUSES, mentionsAccount: true },
		poller: 'mentions',
	},
	{
		value: 'projectItemStatusChanged',
		name: 'Project Item Status Changed',
		description: 'The status of an item in a Project (v2) changes (organization hook)',
		webhook: {
			clauses: [
				{
					event: 'projects_v2_item',
					actions: ['edited'],
					where: {
						'changes.field_value': { exists: true },
						'changes.field_value.field_type': 'single_select',
						// Newer deliveries name the field; older ones only give its type.
						'changes.field_value.field_name': { oneOf: [undefined, 'Status'] },
					},
				},
			],
			level: 'organization',
		},
	},
	{
		value: 'newCardInColumn',
		name: 'New Card in Column',
		description: 'A card is added to (or moved into) a column of a classic project board',
		webhook: {
			clauses: [
				{ event: 'project_card', actions: ['created'] },
				{ event: 'project_card', actions: ['moved'], where: { 'changes.column_id': { exists: true } } },
			],
			filters: [{ filter: 'columnId', path: 'project_card.column_id' }],
		},
	},
	{
		value: 'newRelease',
		polledFrom: ['releases'],
		name: 'New Release',
		description: 'A release is published',
		webhook: { clauses: [{ event: 'release', actions: ['published'] }] },
	},
	{
		value: 'newGist',
		name: 'New Gist',
		description: 'A gist is created in the account (polled: GitHub sends no webhook for it)',
		poller: 'gists',
	},
	{
		value: 'newDiscussion',
		polledFrom: ['discussions'],
		name: 'New Discussion',
		description: 'A discussion is opened in a repository',
		webhook: { clauses: [{ event: 'discussion', actions: ['created'] }] },
	},
	{
		value: 'newDiscussionComment',
		polledFrom: ['discussions'],
		name: 'New Discussion Comment',
		description: 'A comment is added to a discussion',
		webhook: {
			clauses: [{ event: 'discussion_comment', actions: ['created'] }],
		},
	},
	{
		value: 'deletedBranch',
		polledFrom: ['branches'],
		name: 'Branch Deleted',
		description: 'A branch is deleted',
		webhook: {
			clauses: [{ event: 'delete', where: { ref_type: 'branch' } }],
			filters: [{ filter: 'branch', path: 'ref' }],
		},
	},
	{
		value: 'deletedTag',
		polledFrom: ['tags'],
		name: 'Tag Deleted',
		description: 'A tag is deleted',
		webhook: { clauses: [{ event: 'delete', where: { ref_type: 'tag' } }] },
	},
	{
		value: 'newLabel',
		polledFrom: ['labels'],
		name: 'New Label',
		description: 'A label is created in the repository',
		webhook: { clauses: [{ event: 'label', actions: ['created'] }], filters: [{ filter: 'label', path: 'label.name' }] },
	},
	{
		value: 'updatedLabel',
		polledFrom: ['labels'],
		name: 'Label Updated',
		description: 'A repository label is renamed, recoloured or redescribed',
		webhook: { clauses: [{ event: 'label', actions: ['edited'] }], filters: [{ filter: 'label', path: 'label.name' }] },
	},
	{
		value: 'deletedLabel',
		polledFrom: ['labels'],
		name: 'Label Deleted',
		description: 'A repository label is deleted',
		webhook: { clauses: [{ event: 'label', actions: ['deleted'] }], filters: [{ filter: 'label', path: 'label.name' }] },
	},
	{
		value: 'newMilestone',
		polledFrom: ['milestones'],
		name: 'New Milestone',
		description: 'A milestone is created',
		webhook: { clauses: [{ event: 'milestone', actions: ['created'] }] },
	},
	{
		value: 'closedMilestone',
		polledFrom: ['milestones'],
		name: 'Milestone Closed',
		description: 'A milestone is closed',
		webhook: { clauses: [{ event: 'milestone', actions: ['closed'] }] },
	},
	{
		value: 'updatedMilestone',
		name: 'Milestone Updated',
		description: 'A milestone is edited or reopened',
		webhook: { clauses: [{ event: 'milestone', actions: ['edited', 'opened'] }] },
	},
	{
		value: 'deletedMilestone',
		name: 'Milestone Deleted',
		description: 'A milestone is deleted',
		webhook: { clauses: [{ event: 'milestone', actions: ['deleted'] }] },
	},
	{
		value: 'checkRunCompleted',
		name: 'Check Run Completed',
		description: 'A check run (CI check of a GitHub App) on a commit completes',
		webhook: {
			clauses: [{ event: 'check_run', actions: ['completed'] }],
			filters: [
				{ filter: 'conclusion', path: 'check_run.conclusion' },
				{ filter: 'branch', path: 'check_run.check_suite.head_branch' },
			],
		},
	},
	{
		value: 'checkSuiteCompleted',
		name: 'Check Suite Completed',
		description: 'All check runs of a GitHub App on a commit have completed',
		webhook: {
			clauses: [{ event: 'check_suite', actions: ['completed'] }],
			filters: [
				{ filter: 'conclusion', path: 'check_suite.conclusion' },
				{ filter: 'branch', path: 'check_suite.head_branch' },
			],
		},
	},
	{
		value: 'commitStatusChanged',
		name: 'Commit Status Changed',
		description: 'A commit status is set (e.g. an external CI reports pending, success, failure or error)',
		webhook: {
			clauses: [{ event: 'status' }],
			filters: [
				{ filter: 'state', path: 'state' },
				{ filter: 'branch', path: 'branches', eachItem: 'name' },
			],
		},
	},
	{
		value: 'deploymentStatusChanged',
		name: 'Deployment Status Changed',
		description: 'A deployment gets a new status (queued, in progress, success, failure, error, inactive)',
		webhook: {
			clauses: [{ event: 'deployment_status', actions: ['created'] }],
			filters: [
				{ filter: 'state', path: 'deployment_status.state' },
				{ filter: 'branch', path: 'deployment.ref' },
			],
		},
	},
	{
		value: 'securityAlertCreated',
		name: 'Security Alert Created',
		description: 'A Dependabot, code scanning or secret scanning alert is opened',
		webhook: {
			clauses: [
				{ event: 'dependabot_alert', actions: ['created'] },
				{ event: 'code_scanning_alert', actions: ['created'] },
				{ event: 'secret_scanning_alert', actions: ['created'] },
			],
			filters: ALERT_SEVERITY,
		},
	},
	{
		value: 'securityAlertFixed',
		name: 'Security Alert Fixed',
		description: 'A Dependabot or code scanning alert is fixed, or a secret scanning alert is resolved as revoked',
		webhook: {
			clauses: [
				{ event: 'dependabot_alert', actions: ['fixed'] },
				{ event: 'code_scanning_alert', actions: ['fixed'] },
				{ event: 'secret_scanning_alert', actions: ['resolved'], where: { 'alert.resolution': { oneOf: SECRET_FIXED } } },
			],
			filters: ALERT_SEVERITY,
		},
	},
	{
		value: 'securityAlertDismissed',
		name: 'Security Alert Dismissed',
		description: 'A Dependabot alert is dismissed (by a person or a rule), a code scanning alert is closed by a person, or a secret scanning alert is resolved other than as revoked',
		webhook: {
			clauses: [
				{ event: 'dependabot_alert', actions: ['dismissed', 'auto_dismissed'] },
				{ event: 'code_scanning_alert', actions: ['closed_by_user'] },
				{ event: 'secret_scanning_alert', actions: ['resolved'], where: { 'alert.resolution': { not: 'revoked' } } },
			],
			filters: ALERT_SEVERITY,
		},
	},
	{
		value: 'newNotification',
		name: 'New Notification',
		description: 'A notification arrives for the connected account (polled: GitHub sends no webhook for notifications)',
		pollDescription: 'A thread in the connected account\'s notifications is new or has new activity, optionally only for chosen reasons',
		poller: 'notifications',
		notificationReasons: 'chosen',
	},
	{
		value: 'newReviewRequestForMe',
		name: 'New Review Request for Me',
		description: 'The connected account (or one of its teams) is asked to review a pull request, read from its notifications',
		pollDescription: 'A notification with reason review_requested: the connected account or its team is asked to review a pull request',
		poller: 'notifications',
		notificationReasons: ['review_requested'],
	},
	{
		value: 'projectItemChanged',
		name: 'Project Item Changed',
		description:
			'An item of a Project (v2) of a user or organization is added, removed, archived, restored or has a field value changed (status or any field), found by reading the project on each poll',
		poller: 'projectItems',
	},
	{
		value: ANY_EVENT,
		name: 'Any Event',
		description:
			'Any webhook event GitHub sends, chosen under "Webhook Events" (with their actions under "Event Action Names or IDs"), or every event with "*"',
		anyEvent: true,
		webhook: { clauses: [] },
	},
];

export const TRIGGERS: EventRow[] = ROWS.map(({ webhook, ...row }) =>
	webhook
		? { ...row, webhook: { ...webhook, level: webhook.level ?? WEBHOOK_DEFAULTS.level, emit: webhook.emit ?? WEBHOOK_DEFAULTS.emit } }
		: row,
);

export const WEBHOOK_TRIGGERS = TRIGGERS.filter((row) => row.webhook);
export const POLL_TRIGGERS = TRIGGERS.filter((row) => row.poller);
/** Repository events the Poll Trigger offers beside its own pollers. */
export const POLLED_REPOSITORY_TRIGGERS = TRIGGERS.filter((row) => row.polledFrom && row.webhook);

export function triggersByValue(values: string[]): EventRow[] {
	const wanted = new Set(values);
	return TRIGGERS.filter((row) => wanted.has(row.value));
}

/** Webhook events a set of triggers needs, per hook level, sorted for stable comparisons. */
export function eventsFor(rows: EventRow[], level: 'repository' | 'organization'): string[] {
	const events = new Set<string>();
	for (const row of rows) {
		if (row.webhook?.level !== level) continue;
		for (const clause of row.webhook.clauses) events.add(clause.event);
	}
	// A hook for "*" receives everything; naming events beside it would change nothing.
	return events.has('*') ? ['*'] : [...events].sort();
}
