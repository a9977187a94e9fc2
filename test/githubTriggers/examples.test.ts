import type { IDataObject } from 'n8n-workflow';

import { TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { SECRET, signedDelivery, webhookTrigger } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;

const examples = definitions.flatMap((definition) =>
	definition.examples.map((payload, index) => ({ event: definition.name, index, payload })),
);

type Example = (typeof examples)[number];
const act = (example: Example) => example.payload.action;
const pr = (example: Example) => example.payload.pull_request as IDataObject;

/**
 * What each trigger should accept, written out independently of the event table, and how many of
 * the 329 examples that is (counted by hand from the examples' event/action table).
 */
const EXPECTED: Record<string, { accepts: (example: Example) => boolean; count: number }> = {
	newRepository: { accepts: (e) => e.event === 'repository' && act(e) === 'created', count: 2 },
	newFork: { accepts: (e) => e.event === 'fork', count: 3 },
	newStar: { accepts: (e) => e.event === 'star' && act(e) === 'created', count: 2 },
	newTag: { accepts: (e) => e.event === 'create' && e.payload.ref_type === 'tag', count: 5 },
	newIssue: { accepts: (e) => e.event === 'issues' && act(e) === 'opened', count: 4 },
	updatedIssue: {
		accepts: (e) =>
			e.event === 'issues' &&
			['edited', 'labeled', 'unlabeled', 'assigned', 'unassigned', 'milestoned', 'demilestoned', 'locked', 'unlocked', 'closed', 'reopened'].includes(String(act(e))),
		// edited 3 + labeled 2 + unlabeled 2 + assigned 3 + unassigned 2 + milestoned 2 + demilestoned 2 + locked 2 + unlocked 2 + reopened 1
		count: 21,
	},
	newPullRequest: {
		accepts: (e) =>
			e.event === 'pull_request' && ((act(e) === 'opened' && pr(e).draft !== true) || act(e) === 'ready_for_review'),
		count: 7,
	},
	updatedPullRequest: {
		accepts: (e) =>
			e.event === 'pull_request' &&
			[
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
			].includes(String(act(e))),
		// labeled 2 + unlabeled 2 + assigned 2 + unassigned 2 + locked 2 + unlocked 2 + review_requested 1 + converted_to_draft 3 + ready_for_review 3 + closed 2 + reopened 2 + synchronize 1
		count: 24,
	},
	newComment: {
		accepts: (e) => ['issue_comment', 'pull_request_review_comment'].includes(e.event) && act(e) === 'created',
		count: 8,
	},
	newLabelOnIssue: { accepts: (e) => e.event === 'issues' && act(e) === 'labeled', count: 2 },
	newReviewRequest: { accepts: (e) => e.event === 'pull_request' && act(e) === 'review_requested', count: 1 },
	newPullRequestReview: { accepts: (e) => e.event === 'pull_request_review' && act(e) === 'submitted', count: 3 },
	newCommit: { accepts: (e) => e.event === 'push' && String(e.payload.ref).startsWith('refs/heads/'), count: 2 },
	newPush: { accepts: (e) => e.event === 'push', count: 7 },
	newBranch: { accepts: (e) => e.event === 'create' && e.payload.ref_type === 'branch', count: 0 },
	workflowRunCompleted: { accepts: (e) => e.event === 'workflow_run' && act(e) === 'completed', count: 3 },
	workflowJobCompleted: { accepts: (e) => e.event === 'workflow_job' && act(e) === 'completed', count: 2 },
	newCollaborator: { accepts: (e) => e.event === 'member' && act(e) === 'added', count: 3 },
	// No example mentions anyone; mention matching is covered with edited examples below.
	newMention: { accepts: () => false, count: 0 },
	projectItemStatusChanged: {
		accepts: (e) =>
			e.event === 'projects_v2_item' &&
			act(e) === 'edited' &&
			(e.payload.changes as IDataObject | undefined)?.field_value !== undefined,
		count: 1,
	},
	newCardInColumn: {
		accepts: (e) =>
			e.event === 'project_card' &&
			(act(e) === 'created' || (act(e) === 'moved' && (e.payload.changes as IDataObject | undefined)?.column_id !== undefined)),
		count: 6,
	},
	newRelease: { accepts: (e) => e.event === 'release' && act(e) === 'published', count: 3 },
	newDiscussion: { accepts: (e) => e.event === 'discussion' && act(e) === 'created', count: 2 },
	newDiscussionComment: { accepts: (e) => e.event === 'discussion_comment' && act(e) === 'created', count: 2 },
	deletedBranch: { accepts: (e) => e.event === 'delete' && e.payload.ref_type === 'branch', count: 0 },
	deletedTag: { accepts: (e) => e.event === 'delete' && e.payload.ref_type === 'tag', count: 4 },
	newLabel: { accepts: (e) => e.event === 'label' && act(e) === 'created', count: 3 },
	updatedLabel: { accepts: (e) => e.event === 'label' && act(e) === 'edited', count: 1 },
	deletedLabel: { accepts: (e) => e.event === 'label' && act(e) === 'deleted', count: 2 },
	newMilestone: { accepts: (e) => e.event === 'milestone' && act(e) === 'created', count: 2 },
	closedMilestone: { accepts: (e) => e.event === 'milestone' && act(e) === 'closed', count: 2 },
	// No example edits or reopens a milestone.
	updatedMilestone: { accepts: (e) => e.event === 'milestone' && ['edited', 'opened'].includes(String(act(e))), count: 0 },
	deletedMilestone: { accepts: (e) => e.event === 'milestone' && act(e) === 'deleted', count: 1 },
	checkRunCompleted: { accepts: (e) => e.event === 'check_run' && act(e) === 'completed', count: 3 },
	checkSuiteCompleted: { accepts: (e) => e.event === 'check_suite' && act(e) === 'completed', count: 4 },
	commitStatusChanged: { accepts: (e) => e.event === 'status', count: 4 },
	deploymentStatusChanged: { accepts: (e) => e.event === 'deployment_status' && act(e) === 'created', count: 4 },
	// dependabot_alert created 1 + code_scanning_alert created 1 (no secret_scanning_alert examples)
	securityAlertCreated: {
		accepts: (e) => ['dependabot_alert', 'code_scanning_alert', 'secret_scanning_alert'].includes(e.event) && act(e) === 'created',
		count: 2,
	},
	// dependabot_alert fixed 2 + code_scanning_alert fixed 1
	securityAlertFixed: {
		accepts: (e) =>
			(['dependabot_alert', 'code_scanning_alert'].includes(e.event) && act(e) === 'fixed') ||
			(e.event === 'secret_scanning_alert' && act(e) === 'resolved' && (e.payload.alert as IDataObject).resolution === 'revoked'),
		count: 3,
	},
	// code_scanning_alert closed_by_user 1 (no dismissed Dependabot example)
	securityAlertDismissed: {
		accepts: (e) =>
			(e.event === 'dependabot_alert' && ['dismissed', 'auto_dismissed'].includes(String(act(e)))) ||
			(e.event === 'code_scanning_alert' && act(e) === 'closed_by_user') ||
			(e.event === 'secret_scanning_alert' && act(e) === 'resolved' && (e.payload.alert as IDataObject).resolution !== 'revoked'),
		count: 1,
	},
};

const coverage: Record<string, { accepted: number; ignored: number; items: number }> = {};

describe('GitHub Trigger against the @octokit/webhooks-examples deliveries', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('has the 329 example deliveries over 58 events', () => {
		expect(definitions).toHaveLength(58);
		expect(examples).toHaveLength(329);
	});

	it('offers every webhook trigger of the event table in this table', () => {
		// Any Event has its own tests (anyEvent.test.ts): its events are the user's choice.
		const named = TRIGGERS.filter((row) => row.webhook && !row.anyEvent).map((row) => row.value);
		expect(Object.keys(EXPECTED).sort()).toEqual(named.sort());
	});

	it.each(Object.entries(EXPECTED))('%s accepts exactly its matching examples', async (value, expected) => {
		const row = TRIGGERS.find((candidate) => candidate.value === value)!;
		const harness = webhookTrigger({ triggers: [value], listenOn: 'organization' });
		harness.staticData.secret = SECRET;
		harness.staticData.login = 'nobody-mentioned';
		let accepted = 0;
		let ignored = 0;
		let items = 0;
		for (const example of examples) {
			if (example.event === 'ping') continue;
			const deliveryId = `${example.event}-${example.index}`;
			const { result, response } = await harness.deliver(signedDelivery(example.event, example.payload, SECRET, deliveryId));
			const should = expected.accepts(example);
			const output = result.workflowData?.[0];
			if (!should) {
				expect({ deliveryId, result }).toEqual({ deliveryId, result: { noWebhookResponse: true } });
				expect(response.statusCode).toBe(200);
				ignored++;
				continue;
			}
			expect({ deliveryId, ran: output !== undefined }).toEqual({ deliveryId, ran: true });
			accepted++;
			items += output!.length;
			for (const { json } of output!) {
				expect(json).toMatchObject({
					trigger: row.name,
					event: example.event,
					action: (example.payload.action as string | undefined) ?? null,
					deliveryId,
				});
				if (row.webhook?.emit === 'distinctCommits') {
					const { commits, ...push } = example.payload;
					expect(json.payload).toEqual({ ...push, commit: expect.anything() });
					expect(commits).toContainEqual((json.payload as IDataObject).commit);
				} else {
					expect(json.payload).toEqual(example.payload);
				}
			}
		}
		coverage[row.name] = { accepted, ignored, items };
		expect(accepted).toBe(expected.count);
	});

	it.each(['ghes-31', 'ghes-32', 'ghes-33', 'ghes-34', 'ghes-35'])(
		'the Enterprise Server %s examples are accepted or ignored by the same rules',
		async (version) => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const ghes = require(`@octokit/webhooks-examples/${version}/index.json`) as typeof definitions;
			const all = ghes.flatMap((d) => d.examples.map((payload, index) => ({ event: d.name, index, payload })));
			const accepted: Record<string, number> = {};
			for (const [value, expected] of Object.entries(EXPECTED)) {
				const harness = webhookTrigger({ triggers: [value], listenOn: 'organization' });
				harness.staticData.secret = SECRET;
				harness.staticData.login = 'nobody-mentioned';
				for (const example of all) {
					if (example.event === 'ping') continue;
					// Each hook gets its own delivery GUIDs from GitHub, so each trigger's node sees its own ids.
					const deliveryId = `${version}-${value}-${example.event}-${example.index}`;
					const { result } = await harness.deliver(signedDelivery(example.event, example.payload, SECRET, deliveryId));
					expect({ value, deliveryId, ran: result.workflowData !== undefined }).toEqual({
						value,
						deliveryId,
						ran: expected.accepts(example),
					});
					if (result.workflowData) accepted[value] = (accepted[value] ?? 0) + 1;
				}
			}
			console.log(`${version}: ${all.length} examples; accepted per trigger ${JSON.stringify(accepted)}`);
			expect(Object.keys(accepted).length).toBeGreaterThan(5);
		},
	);

	afterAll(() => {
		const lines = Object.entries(coverage).map(
			([name, c]) => `${name.padEnd(30)} accepted ${String(c.accepted).padStart(2)}  ignored ${c.ignored}  items ${c.items}`,
		);
		const text = `Example deliveries per trigger (325 non-ping examples each):\n${lines.join('\n')}\n`;
		console.log(text);
	});
});
