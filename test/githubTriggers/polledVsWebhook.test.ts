import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { POLLED_REPOSITORY_TRIGGERS, triggersByValue } from '../../nodes/GitHub/triggers/events';
import { itemsForDelivery } from '../../nodes/GitHub/triggers/matching';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

/**
 * For every polled event (each row the Poll Trigger offers, each webhook event of its clauses): the
 * polled item of a change, served by the lists as GitHub would list that change, compared field by
 * field with the webhook trigger's item for GitHub's own delivery of it (@octokit/webhooks-examples).
 * Every difference must be named below with why the lists cannot give it; a difference not named,
 * or a named one that no longer differs, fails.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;

const API = 'https://api.github.com';
const BEFORE = '2000-01-01T00:00:00Z';
const AFTER = '2030-01-01T00:00:00Z';

/** Differences of every polled item, whatever the event. */
const EVERY_ITEM: Record<string, string> = {
	installation: 'only deliveries to a GitHub App name its installation',
	organization: 'deliveries of an organization\'s repository name the organization; no list answer does',
	deliveryId: 'a polled change has no delivery (null)',
};

/** Fields of a pull request that only GET /pulls/{number} and deliveries carry, not GET /pulls. */
const NOT_IN_THE_PULL_LIST = ['merged', 'mergeable', 'rebaseable', 'mergeable_state', 'merged_by', 'comments', 'review_comments', 'maintainer_can_modify', 'commits', 'additions', 'deletions', 'changed_files'];
const PULL_FROM_THE_LIST = 'GET /pulls lists pull requests without it (only GET /pulls/{number} has it, one request per pull request)';
const pullListExceptions = (key: string) => Object.fromEntries(NOT_IN_THE_PULL_LIST.filter((field) => field !== 'merged').map((field) => [`${key}.${field}`, PULL_FROM_THE_LIST]));

const NO_SENDER = 'the list does not say who made the change';
/** What the discussions query does not ask: each would be a REST request per discussion, or a connection more per comment (points). */
const DISCUSSION = {
	'discussion.user': 'GraphQL names the author by login; the REST user object (id, avatar, API links) is not asked',
	'discussion.category': 'the query asks the category by name only (GraphQL gives no numeric category id)',
	'discussion.repository_url': 'a REST link GraphQL does not give',
};
const DISCUSSION_COMMENT = {
	'comment.user': 'GraphQL names the author by login; the REST user object (id, avatar, API links) is not asked',
	'comment.reactions': 'reaction counts would be one connection more per comment in the query (points)',
	'comment.child_comment_count': 'counting replies would be one connection more per comment in the query (points)',
	'comment.repository_url': 'a REST link GraphQL does not give',
};
/** Review deliveries carry a shorter pull request than pull_request deliveries: no counts, no `merged`. */
const REVIEW_PULL = { 'pull_request.merged': 'the polled pull request says `merged` (from `merged_at`) as pull_request deliveries do; review deliveries leave it out' };

type Answers = Record<string, unknown>;

interface Comparison {
	/** The webhook example: event, action, and which of them. */
	event: string;
	action?: string;
	index?: number;
	/** The same change as a webhook delivery, when the example needs adjusting (a branch instead of a tag). */
	adjust?: (example: IDataObject) => IDataObject;
	/** Objects compared field by field (others are compared whole). */
	main: string[];
	/** What the lists answer when the trigger is activated (path after /repos/{owner}/{repo}). */
	before?: (example: IDataObject) => Answers;
	/** What the lists answer after the change. */
	after: (example: IDataObject) => Answers;
	/** The discussions query's answer after the change. */
	graphql?: (example: IDataObject) => IDataObject[];
	/** Path (`field` or `object.field`) → why the polled item differs there. */
	differences: Record<string, string>;
}

function example(event: string, action: string | undefined, index = 0): IDataObject {
	const found = definitions.find((definition) => definition.name === event)!.examples.filter((payload) => action === undefined || payload.action === action)[index];
	return JSON.parse(JSON.stringify(found)) as IDataObject;
}

/** A pull request as GET /pulls lists it. */
function listedPull(pull: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(pull).filter(([field]) => !NOT_IN_THE_PULL_LIST.includes(field)));
}

/** A pull request as GET /issues and the issue events list give it: an issue with links to the pull request. */
function issueShapedPull(pull: IDataObject): IDataObject {
	return {
		url: pull.issue_url,
		id: 444500041,
		node_id: 'MDU6SXNzdWU0NDQ1MDAwNDE=',
		number: pull.number,
		title: pull.title,
		user: pull.user,
		labels: pull.labels,
		state: pull.state,
		locked: pull.locked,
		assignee: pull.assignee,
		assignees: pull.assignees,
		milestone: pull.milestone,
		comments: 0,
		created_at: pull.created_at,
		updated_at: pull.updated_at,
		closed_at: pull.closed_at,
		author_association: pull.author_association,
		draft: pull.draft,
		pull_request: { url: pull.url, html_url: pull.html_url, diff_url: pull.diff_url, patch_url: pull.patch_url, merged_at: pull.merged_at },
		body: pull.body,
	};
}

/** An entry of GET /issues/events for the delivery's change. */
function issueEvent(delivery: IDataObject, event: string, issue: IDataObject, fields: IDataObject = {}): IDataObject {
	return { id: 6430295168, node_id: 'LE_lADOC', url: `${API}/repos/x/y/issues/events/6430295168`, actor: delivery.sender, event, commit_id: null, commit_url: null, created_at: issue.updated_at, issue, ...fields };
}

/** A pull request event from the issue events list: the pull request list answers for the pull request. */
function pullEventAnswers(delivery: IDataObject, event: string, fields: IDataObject = {}): Answers {
	const pull = delivery.pull_request as IDataObject;
	return { '/issues/events': [issueEvent(delivery, event, issueShapedPull(pull), fields)], '/pulls': [listedPull(pull)] };
}

/** A commit of a push delivery as GitHub's comparison (GET /compare/{before}...{after}) lists it. */
function comparedCommit(commit: IDataObject): IDataObject {
	return {
		sha: commit.id,
		html_url: commit.url,
		commit: { message: commit.message, tree: { sha: commit.tree_id }, author: { ...(commit.author as IDataObject), date: commit.timestamp }, committer: { ...(commit.committer as IDataObject), date: commit.timestamp } },
		author: { login: (commit.author as IDataObject).username },
		committer: { login: (commit.committer as IDataObject).username },
	};
}

/** How a push polled from the branch heads differs from the delivery of the same push. */
const PUSH_FROM_REFS = {
	before: 'the delivery is a new branch (before 000…); the polled push starts at the branch\'s last head',
	created: 'the refs list gives no push flags',
	deleted: 'the refs list gives no push flags',
	forced: 'the refs list gives no push flags',
	base_ref: 'the refs list gives no push flags',
	compare: 'the refs list gives no compare link',
	pusher: 'the refs list does not say who pushed',
	sender: NO_SENDER,
};

/** Label fields an issue event gives: name and color. */
const ISSUE_EVENT_LABEL = { label: 'an issue event names the label by name and color only' };

const COMPARISONS: Record<string, Comparison> = {
	'newFork fork': {
		event: 'fork',
		main: ['forkee'],
		after: (delivery) => ({ '/forks': [delivery.forkee] }),
		differences: { sender: NO_SENDER },
	},
	'newStar star': {
		event: 'star',
		action: 'created',
		main: [],
		after: (delivery) => ({ '/stargazers': [{ starred_at: delivery.starred_at, user: delivery.sender }] }),
		differences: {},
	},
	'newTag create': {
		event: 'create',
		main: [],
		after: (delivery) => ({ '/git/matching-refs/tags': [{ ref: `refs/tags/${String(delivery.ref)}`, object: { sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246', type: 'commit' } }] }),
		differences: {
			master_branch: 'the refs list does not name the default branch',
			description: 'the refs list does not give the repository description',
			pusher_type: 'the refs list does not say who pushed',
			sender: NO_SENDER,
			sha: 'the polled item adds the sha the ref points at (the refs list gives it; the delivery does not)',
		},
	},
	'newIssue issues': {
		event: 'issues',
		action: 'opened',
		main: ['issue'],
		after: (delivery) => ({ '/issues': [delivery.issue] }),
		differences: { sender: 'the issues list does not say who opened it (the issue\'s `user` does)' },
	},
	'updatedIssue issues': {
		event: 'issues',
		action: 'labeled',
		main: ['issue'],
		after: (delivery) => ({ '/issues/events': [issueEvent(delivery, 'labeled', delivery.issue as IDataObject, { label: { name: (delivery.label as IDataObject).name, color: (delivery.label as IDataObject).color } })] }),
		differences: ISSUE_EVENT_LABEL,
	},
	'newLabelOnIssue issues': {
		event: 'issues',
		action: 'labeled',
		main: ['issue'],
		after: (delivery) => ({ '/issues/events': [issueEvent(delivery, 'labeled', delivery.issue as IDataObject, { label: { name: (delivery.label as IDataObject).name, color: (delivery.label as IDataObject).color } })] }),
		differences: ISSUE_EVENT_LABEL,
	},
	'newPullRequest pull_request': {
		event: 'pull_request',
		action: 'opened',
		main: ['pull_request'],
		after: (delivery) => ({ '/issues': [issueShapedPull(delivery.pull_request as IDataObject)], '/pulls': [listedPull(delivery.pull_request as IDataObject)] }),
		differences: { ...pullListExceptions('pull_request'), sender: 'the issues list does not say who opened it (the pull request\'s `user` does)' },
	},
	'updatedPullRequest pull_request': {
		event: 'pull_request',
		action: 'closed',
		main: ['pull_request'],
		after: (delivery) => pullEventAnswers(delivery, 'closed'),
		differences: pullListExceptions('pull_request'),
	},
	'newReviewRequest pull_request': {
		event: 'pull_request',
		action: 'review_requested',
		main: ['pull_request'],
		after: (delivery) => pullEventAnswers(delivery, 'review_requested', { review_requester: delivery.sender, requested_reviewer: delivery.requested_reviewer }),
		differences: pullListExceptions('pull_request'),
	},
	'newComment issue_comment': {
		event: 'issue_comment',
		action: 'created',
		main: ['issue', 'comment'],
		after: (delivery) => ({ '/issues/comments': [delivery.comment], '/issues': [delivery.issue] }),
		differences: { sender: NO_SENDER },
	},
	'newComment pull_request_review_comment': {
		event: 'pull_request_review_comment',
		action: 'created',
		main: ['pull_request', 'comment'],
		after: (delivery) => ({ '/pulls/comments': [delivery.comment], '/pulls': [listedPull(delivery.pull_request as IDataObject)] }),
		differences: { ...REVIEW_PULL, sender: NO_SENDER },
	},
	'newPullRequestReview pull_request_review': {
		event: 'pull_request_review',
		action: 'submitted',
		main: ['review', 'pull_request'],
		after: (delivery) => {
			const pull = delivery.pull_request as IDataObject;
			const review = delivery.review as IDataObject;
			return {
				'/issues': [issueShapedPull(pull)],
				[`/pulls/${String(pull.number)}/reviews`]: [{ ...review, state: String(review.state).toUpperCase() }],
				'/pulls': [listedPull(pull)],
			};
		},
		differences: { ...REVIEW_PULL, sender: NO_SENDER },
	},
	'newCommit push': {
		event: 'push',
		index: 4,
		main: ['commit'],
		before: () => ({ '/git/matching-refs/heads': [{ ref: 'refs/heads/master', object: { sha: '1111111111111111111111111111111111111111' } }] }),
		after: (delivery) => ({
			'/git/matching-refs/heads': [{ ref: 'refs/heads/master', object: { sha: delivery.after } }],
			[`/compare/1111111111111111111111111111111111111111...${String(delivery.after)}`]: { commits: [comparedCommit((delivery.commits as IDataObject[])[0])] },
		}),
		differences: {
			...PUSH_FROM_REFS,
			head_commit: 'the polled item is one commit; the comparison gives the commits, the head is the last of them',
			'commit.added': 'GitHub\'s comparison lists files for the whole range, not per commit',
			'commit.removed': 'GitHub\'s comparison lists files for the whole range, not per commit',
			'commit.modified': 'GitHub\'s comparison lists files for the whole range, not per commit',
		},
	},
	'newPush push': {
		event: 'push',
		index: 4,
		main: [],
		before: () => ({ '/git/matching-refs/heads': [{ ref: 'refs/heads/master', object: { sha: '1111111111111111111111111111111111111111' } }] }),
		after: (delivery) => ({
			'/git/matching-refs/heads': [{ ref: 'refs/heads/master', object: { sha: delivery.after } }],
			[`/compare/1111111111111111111111111111111111111111...${String(delivery.after)}`]: { commits: (delivery.commits as IDataObject[]).map(comparedCommit) },
		}),
		differences: {
			...PUSH_FROM_REFS,
			head_commit: 'the polled push lists the commits GitHub\'s comparison gives; the head commit is the last of them, not repeated apart',
			commits: 'GitHub\'s comparison lists files for the whole range, not per commit: each commit lacks added, removed and modified',
		},
	},
	'newBranch create': {
		event: 'create',
		adjust: (delivery) => ({ ...delivery, ref: 'simple-branch', ref_type: 'branch' }),
		main: [],
		after: () => ({ '/git/matching-refs/heads': [{ ref: 'refs/heads/simple-branch', object: { sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246', type: 'commit' } }] }),
		differences: {
			master_branch: 'the refs list does not name the default branch',
			description: 'the refs list does not give the repository description',
			pusher_type: 'the refs list does not say who pushed',
			sender: NO_SENDER,
			sha: 'the polled item adds the sha the ref points at (the refs list gives it; the delivery does not)',
		},
	},
	'deletedBranch delete': {
		event: 'delete',
		adjust: (delivery) => ({ ...delivery, ref: 'simple-branch', ref_type: 'branch' }),
		main: [],
		before: () => ({ '/git/matching-refs/heads': [{ ref: 'refs/heads/simple-branch', object: { sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246', type: 'commit' } }] }),
		after: () => ({ '/git/matching-refs/heads': [] }),
		differences: { sender: NO_SENDER },
	},
	'deletedTag delete': {
		event: 'delete',
		main: [],
		before: (delivery) => ({ '/git/matching-refs/tags': [{ ref: `refs/tags/${String(delivery.ref)}`, object: { sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246', type: 'commit' } }] }),
		after: () => ({ '/git/matching-refs/tags': [] }),
		differences: { sender: NO_SENDER },
	},
	'workflowRunCompleted workflow_run': {
		event: 'workflow_run',
		action: 'completed',
		main: ['workflow_run'],
		after: (delivery) => ({ '/actions/runs': { total_count: 1, workflow_runs: [delivery.workflow_run] } }),
		differences: { sender: NO_SENDER, workflow: 'the runs list gives the workflow\'s id, name and path only' },
	},
	'newRelease release': {
		event: 'release',
		action: 'published',
		main: ['release'],
		after: (delivery) => ({ '/releases': [delivery.release] }),
		differences: { sender: NO_SENDER },
	},
	'newDiscussion discussion': {
		event: 'discussion',
		action: 'created',
		main: ['discussion'],
		after: () => ({}),
		graphql: (delivery) => [discussionNode(delivery.discussion as IDataObject, [])],
		differences: { ...DISCUSSION, sender: NO_SENDER },
	},
	'newDiscussionComment discussion_comment': {
		event: 'discussion_comment',
		action: 'created',
		index: 1,
		main: ['comment', 'discussion'],
		after: () => ({}),
		graphql: (delivery) => [discussionNode(delivery.discussion as IDataObject, [delivery.comment as IDataObject])],
		differences: { ...DISCUSSION, ...DISCUSSION_COMMENT, sender: NO_SENDER },
	},
	'newLabel label': {
		event: 'label',
		action: 'created',
		main: ['label'],
		after: (delivery) => ({ '/labels': [delivery.label] }),
		differences: { sender: NO_SENDER },
	},
	'updatedLabel label': {
		event: 'label',
		action: 'edited',
		main: ['label'],
		before: (delivery) => ({ '/labels': [{ ...(delivery.label as IDataObject), color: ((delivery.changes as IDataObject).color as IDataObject).from }] }),
		after: (delivery) => ({ '/labels': [delivery.label] }),
		differences: { sender: NO_SENDER },
	},
	'deletedLabel label': {
		event: 'label',
		action: 'deleted',
		index: 1,
		main: ['label'],
		before: (delivery) => ({ '/labels': [delivery.label] }),
		after: () => ({ '/labels': [] }),
		differences: {
			sender: NO_SENDER,
			'label.node_id': 'a deleted label is gone from the list; the poll remembers name, color, description and default only',
			'label.url': 'a deleted label is gone from the list; the poll remembers name, color, description and default only',
		},
	},
	'newMilestone milestone': {
		event: 'milestone',
		action: 'created',
		main: ['milestone'],
		after: (delivery) => ({ '/milestones': [delivery.milestone] }),
		differences: { sender: NO_SENDER },
	},
	'closedMilestone milestone': {
		event: 'milestone',
		action: 'closed',
		main: ['milestone'],
		after: (delivery) => ({ '/milestones': [delivery.milestone] }),
		differences: { sender: NO_SENDER },
	},
};

/** A discussion as the Poll Trigger's GraphQL query answers it (camelCase). */
function discussionNode(discussion: IDataObject, comments: IDataObject[]): IDataObject {
	const node = (object: IDataObject) => ({
		id: object.node_id,
		databaseId: object.id,
		body: object.body,
		url: object.html_url,
		createdAt: object.created_at,
		updatedAt: object.updated_at,
		authorAssociation: object.author_association,
		author: { login: (object.user as IDataObject).login },
	});
	return {
		...node(discussion),
		number: discussion.number,
		title: discussion.title,
		closed: discussion.state === 'closed',
		// GitHub keeps a discussion's lock apart from its state; REST says "locked" for a locked open one.
		locked: discussion.locked,
		activeLockReason: typeof discussion.active_lock_reason === 'string' ? discussion.active_lock_reason.toUpperCase() : null,
		answerChosenAt: discussion.answer_chosen_at,
		answerChosenBy: discussion.answer_chosen_by ? { login: (discussion.answer_chosen_by as IDataObject).login } : null,
		answer: discussion.answer_html_url ? { url: discussion.answer_html_url } : null,
		category: { name: (discussion.category as IDataObject).name },
		comments: { totalCount: discussion.comments, nodes: comments.map((comment) => ({ ...node(comment), replyTo: comment.parent_id ? { databaseId: comment.parent_id } : null })) },
	};
}

/** Every polled event: each row with lists, each webhook event of its clauses. */
const POLLED_EVENTS = [...new Set(POLLED_REPOSITORY_TRIGGERS.flatMap((row) => row.webhook!.clauses.map((clause) => `${row.value} ${clause.event}`)))];

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths where the polled payload differs from the webhook's: missing, added, or another value. */
function differences(polled: IDataObject, webhook: IDataObject, main: string[]): string[] {
	const found: string[] = [];
	const compare = (a: IDataObject, b: IDataObject, prefix: string, deep: boolean) => {
		for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
			const path = `${prefix}${key}`;
			if (!(key in a) || !(key in b)) found.push(path);
			else if (deep && main.includes(key) && isObject(a[key]) && isObject(b[key])) compare(a[key], b[key], `${key}.`, false);
			else if (key !== 'repository' && JSON.stringify(a[key]) !== JSON.stringify(b[key])) found.push(path);
		}
	};
	compare(polled, webhook, '', true);
	return found.filter((path) => !(path in EVERY_ITEM));
}

describe('GitHub Poll Trigger: every polled event compared with the webhook delivery of the same change', () => {
	let answers: Answers = {};
	let discussions: IDataObject[] = [];
	let date = BEFORE;
	let prefix = '';
	beforeEach(() => {
		resetGitHubRateLimitState();
		jest.spyOn(Date, 'now').mockImplementation(() => Date.parse(date));
		nock(API)
			.persist()
			.get(() => true)
			.reply((uri) => {
				const path = new URL(uri, API).pathname;
				return [200, JSON.stringify(answers[decodeURIComponent(path.slice(prefix.length))] ?? []), { date: new Date(date).toUTCString() }];
			})
			.post('/graphql')
			.reply(() => [200, { data: { r0: { discussions: { nodes: discussions } }, rateLimit: { cost: 1 } } }, { date: new Date(date).toUTCString() }]);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	it('has a comparison for every polled event, and none for an event that is not polled', () => {
		expect(Object.keys(COMPARISONS).sort()).toEqual([...POLLED_EVENTS].sort());
		for (const comparison of Object.values(COMPARISONS)) for (const reason of Object.values(comparison.differences)) expect(reason.length).toBeGreaterThan(10);
	});

	it.each(POLLED_EVENTS)('%s: the polled item is the webhook item but for the named differences', async (key) => {
		const comparison = COMPARISONS[key];
		expect(comparison).toBeDefined();
		const [value] = key.split(' ');
		const row = triggersByValue([value])[0];
		const raw = example(comparison.event, comparison.action, comparison.index);
		const delivery = comparison.adjust ? comparison.adjust(raw) : raw;
		const webhookItems = itemsForDelivery([row], { event: comparison.event, deliveryId: 'delivery-id', payload: delivery }, { filters: {}, repositories: [] });
		expect(webhookItems).toHaveLength(1);
		const repository = delivery.repository as IDataObject;
		const [owner, name] = String(repository.full_name).split('/');
		prefix = `/repos/${owner}/${name}`;
		answers = comparison.before?.(delivery) ?? {};
		discussions = [];
		date = BEFORE;
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', trigger: 'repositoryEvents', events: [value], owner: { __rl: true, mode: 'name', value: owner }, repositories: [name] },
			credentialsFor(),
		);
		expect(await harness.poll()).toBeNull();
		answers = comparison.after(delivery);
		discussions = comparison.graphql?.(delivery) ?? [];
		date = AFTER;
		const result = await harness.poll();
		const polled = (result?.[0] ?? []).map((entry) => entry.json);
		expect(polled).toHaveLength(1);
		const [item] = polled;
		const [webhook] = webhookItems;
		expect({ trigger: item.trigger, event: item.event, action: item.action, deliveryId: item.deliveryId }).toEqual({ trigger: webhook.trigger, event: webhook.event, action: webhook.action, deliveryId: null });
		const payload = item.payload as IDataObject;
		const polledRepository = payload.repository as IDataObject;
		expect({ name: polledRepository.name, full_name: polledRepository.full_name, owner: (polledRepository.owner as IDataObject).login }).toEqual({ name, full_name: repository.full_name, owner });
		expect(differences(payload, webhook.payload, comparison.main).sort()).toEqual(Object.keys(comparison.differences).sort());
	});
});
