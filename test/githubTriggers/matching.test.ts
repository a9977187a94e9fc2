import type { IDataObject } from 'n8n-workflow';

import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { mentions } from '../../nodes/GitHub/triggers/matching';
import { SECRET, signedDelivery, webhookTrigger } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;
const example = (event: string, action?: string, pick: (p: IDataObject) => boolean = () => true): IDataObject =>
	structuredClone(
		definitions.find((d) => d.name === event)!.examples.find((p) => (action === undefined || p.action === action) && pick(p))!,
	);

function armed(parameters: IDataObject, login = 'octocat') {
	const harness = webhookTrigger({ listenOn: 'organization', ...parameters });
	harness.staticData.secret = SECRET;
	harness.staticData.login = login;
	return harness;
}

async function outputOf(harness: ReturnType<typeof armed>, event: string, payload: IDataObject) {
	const { result } = await harness.deliver(signedDelivery(event, payload));
	return (result.workflowData?.[0] ?? []).map((item) => item.json);
}

describe('GitHub Trigger: filters, commits, mentions and repository restriction', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('New Branch accepts a create event for a branch and honours the branch filter', async () => {
		const created = { ...example('create'), ref_type: 'branch', ref: 'feature/login' };
		expect(await outputOf(armed({ triggers: ['newBranch'] }), 'create', created)).toHaveLength(1);
		expect(await outputOf(armed({ triggers: ['newTag'] }), 'create', created)).toHaveLength(0);
		const filtered = armed({ triggers: ['newBranch'], filters: { branches: 'main, release' } });
		expect(await outputOf(filtered, 'create', created)).toHaveLength(0);
		expect(await outputOf(filtered, 'create', { ...created, ref: 'release' })).toHaveLength(1);
	});

	it('New Commit emits one item per distinct commit; New Push one item per push', async () => {
		const push = example('push', undefined, (p) => String(p.ref).startsWith('refs/heads/'));
		const base = (push.commits as IDataObject[])[0];
		push.commits = [
			{ ...base, id: 'c1', distinct: true },
			{ ...base, id: 'c2', distinct: false },
			{ ...base, id: 'c3', distinct: true },
		];
		const harness = armed({ triggers: ['newCommit', 'newPush'] });
		const items = await outputOf(harness, 'push', push);
		expect(items.map((item) => [item.trigger, (item.payload as IDataObject).commit && ((item.payload as IDataObject).commit as IDataObject).id])).toEqual([
			['New Commit', 'c1'],
			['New Commit', 'c3'],
			['New Push', undefined],
		]);
		const { commits: _commits, ...withoutCommits } = push;
		expect(items[0].payload).toEqual({ ...withoutCommits, commit: (push.commits as IDataObject[])[0] });
		expect(items[2].payload).toEqual(push);
	});

	it('New Commit and New Push follow the branch filter; tag pushes are no branch', async () => {
		const push = example('push', undefined, (p) => p.ref === 'refs/heads/master');
		const onMain = armed({ triggers: ['newCommit', 'newPush'], filters: { branches: 'main' } });
		expect(await outputOf(onMain, 'push', push)).toHaveLength(0);
		expect(await outputOf(onMain, 'push', { ...push, ref: 'refs/heads/main' })).toHaveLength(2);
		expect(await outputOf(onMain, 'push', { ...push, ref: 'refs/tags/main' })).toHaveLength(0);
	});

	it('New Pull Request Review filters by review state', async () => {
		const review = example('pull_request_review', 'submitted');
		const approvedOnly = armed({ triggers: ['newPullRequestReview'], filters: { reviewStates: ['approved'] } });
		expect(await outputOf(approvedOnly, 'pull_request_review', review)).toHaveLength(0);
		const approved = { ...review, review: { ...(review.review as IDataObject), state: 'approved' } };
		expect(await outputOf(approvedOnly, 'pull_request_review', approved)).toHaveLength(1);
		const either = armed({ triggers: ['newPullRequestReview'], filters: { reviewStates: ['approved', 'commented'] } });
		expect(await outputOf(either, 'pull_request_review', review)).toHaveLength(1);
	});

	it('workflow triggers filter by conclusion and branch', async () => {
		const run = example('workflow_run', 'completed', (p) => (p.workflow_run as IDataObject).conclusion === 'success');
		const failures = armed({ triggers: ['workflowRunCompleted'], filters: { conclusions: ['failure', 'cancelled'] } });
		expect(await outputOf(failures, 'workflow_run', run)).toHaveLength(0);
		const failed = { ...run, workflow_run: { ...(run.workflow_run as IDataObject), conclusion: 'failure' } };
		expect(await outputOf(failures, 'workflow_run', failed)).toHaveLength(1);
		const job = example('workflow_job', 'completed', (p) => (p.workflow_job as IDataObject).conclusion === 'failure');
		const jobFailures = armed({ triggers: ['workflowJobCompleted'], filters: { conclusions: ['failure'], branches: 'main' } });
		expect(await outputOf(jobFailures, 'workflow_job', job)).toHaveLength(1);
		const onOtherBranch = { ...job, workflow_job: { ...(job.workflow_job as IDataObject), head_branch: 'dev' } };
		expect(await outputOf(jobFailures, 'workflow_job', onOtherBranch)).toHaveLength(0);
	});

	it('New Label on Issue filters by label name, ignoring case', async () => {
		const labeled = example('issues', 'labeled');
		expect((labeled.label as IDataObject).name).toBe('bug');
		expect(await outputOf(armed({ triggers: ['newLabelOnIssue'], filters: { labels: 'urgent' } }), 'issues', labeled)).toHaveLength(0);
		expect(await outputOf(armed({ triggers: ['newLabelOnIssue'], filters: { labels: 'urgent, BUG' } }), 'issues', labeled)).toHaveLength(1);
	});

	it('New Card in Column filters by column id', async () => {
		const card = example('project_card', 'created');
		const column = String((card.project_card as IDataObject).column_id);
		expect(await outputOf(armed({ triggers: ['newCardInColumn'], filters: { columnIds: '1' } }), 'project_card', card)).toHaveLength(0);
		expect(await outputOf(armed({ triggers: ['newCardInColumn'], filters: { columnIds: column } }), 'project_card', card)).toHaveLength(1);
	});

	it('New Pull Request skips drafts until they are ready for review', async () => {
		const opened = example('pull_request', 'opened');
		const draft = { ...opened, pull_request: { ...(opened.pull_request as IDataObject), draft: true } };
		const harness = armed({ triggers: ['newPullRequest'] });
		expect(await outputOf(harness, 'pull_request', draft)).toHaveLength(0);
		expect(await outputOf(harness, 'pull_request', example('pull_request', 'ready_for_review'))).toHaveLength(1);
	});

	it('Project Item Status Changed ignores edits of other named fields', async () => {
		const edited = example('projects_v2_item', 'edited');
		const withName = (name: string) => ({
			...edited,
			changes: { field_value: { ...((edited.changes as IDataObject).field_value as IDataObject), field_name: name } },
		});
		const harness = armed({ triggers: ['projectItemStatusChanged'] });
		expect(await outputOf(harness, 'projects_v2_item', withName('Status'))).toHaveLength(1);
		expect(await outputOf(harness, 'projects_v2_item', withName('Priority'))).toHaveLength(0);
	});

	it('a change of Triggers or Filters on the published node applies from the next delivery', async () => {
		const labeled = { ...example('issues', 'labeled'), label: { name: 'bug' } };
		const harness = armed({ triggers: ['newLabelOnIssue'], filters: { labels: 'bug' } });
		const parameters = harness.node.parameters;
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(1);
		parameters.filters = { labels: 'urgent' };
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(0);
		parameters.filters = { labels: 'urgent, BUG' };
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(1);
		parameters.triggers = ['newIssue'];
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(0);
	});

	it('an expression in Filters is resolved for every delivery, not kept from the first', async () => {
		const labeled = { ...example('issues', 'labeled'), label: { name: 'bug' } };
		// The same expression text, resolving to a different value for the second delivery.
		const harness = armed({ triggers: ['newLabelOnIssue'], filters: { labels: '={{ $workflow.name }}' } });
		harness.workflow.name = 'bug';
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(1);
		harness.workflow.name = 'urgent';
		expect(await outputOf(harness, 'issues', labeled)).toHaveLength(0);
	});

	it('a delivery matching several chosen triggers yields one item per trigger', async () => {
		const labeled = example('issues', 'labeled');
		const items = await outputOf(armed({ triggers: ['newLabelOnIssue', 'updatedIssue', 'newIssue'] }), 'issues', labeled);
		expect(items.map((item) => item.trigger)).toEqual(['Updated Issue', 'New Label on Issue']);
	});

	it('restricts repository triggers of an organization hook to the chosen repositories', async () => {
		const opened = example('issues', 'opened');
		const name = (opened.repository as IDataObject).name as string;
		expect(await outputOf(armed({ triggers: ['newIssue'], repositories: 'other' }), 'issues', opened)).toHaveLength(0);
		expect(await outputOf(armed({ triggers: ['newIssue'], repositories: `other, ${name.toUpperCase()}` }), 'issues', opened)).toHaveLength(1);
		// New Repository concerns the organization, whatever the repository list says.
		const created = example('repository', 'created');
		expect(await outputOf(armed({ triggers: ['newRepository'], repositories: 'other' }), 'repository', created)).toHaveLength(1);
	});

	describe('New Mention', () => {
		it('fires for an @-mention of the account in issue, pull request and comment bodies', async () => {
			const harness = armed({ triggers: ['newMention'] });
			const comment = example('issue_comment', 'created');
			comment.comment = { ...(comment.comment as IDataObject), body: 'Could @OctoCat have a look?' };
			expect(await outputOf(harness, 'issue_comment', comment)).toEqual([
				expect.objectContaining({ trigger: 'New Mention', event: 'issue_comment', action: 'created' }),
			]);
			const issue = example('issues', 'opened');
			issue.issue = { ...(issue.issue as IDataObject), body: 'cc @octocat.' };
			expect(await outputOf(harness, 'issues', issue)).toHaveLength(1);
			const pull = example('pull_request', 'opened');
			pull.pull_request = { ...(pull.pull_request as IDataObject), body: '@octocat please review' };
			expect(await outputOf(harness, 'pull_request', pull)).toHaveLength(1);
			const reviewComment = example('pull_request_review_comment', 'created');
			reviewComment.comment = { ...(reviewComment.comment as IDataObject), body: 'nit (@octocat)' };
			expect(await outputOf(harness, 'pull_request_review_comment', reviewComment)).toHaveLength(1);
		});

		it('ignores other logins, e-mail addresses, team mentions and unmentioned bodies', async () => {
			const harness = armed({ triggers: ['newMention'] });
			for (const body of ['@octocats', 'mail octo@octocat.com', '@octocat/reviewers', 'no mention', '@octocat-bot', 'x@octocat']) {
				const comment = example('issue_comment', 'created');
				comment.comment = { ...(comment.comment as IDataObject), body };
				expect({ body, items: await outputOf(harness, 'issue_comment', comment) }).toEqual({ body, items: [] });
			}
		});

		it('fires on the edit that adds the mention, not on later edits', async () => {
			const harness = armed({ triggers: ['newMention'] });
			const edited = example('issue_comment', 'edited');
			edited.comment = { ...(edited.comment as IDataObject), body: 'now with @octocat' };
			edited.changes = { body: { from: 'before' } };
			expect(await outputOf(harness, 'issue_comment', edited)).toHaveLength(1);
			edited.changes = { body: { from: 'already @octocat' } };
			expect(await outputOf(harness, 'issue_comment', edited)).toHaveLength(0);
		});

		it('matches logins with regex characters literally', () => {
			expect(mentions('hi @a-b', 'a-b')).toBe(true);
			expect(mentions('hi @aXb', 'a.b')).toBe(false);
		});
	});
});
