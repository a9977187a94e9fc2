import { chainWorkflow, RealN8n, waitFor } from '../e2e/n8n';
import { dispatchNode, followRealClock, pollTriggerNode, replyWith } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { POLLED_REPOSITORY_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { answerDiscussionsQuery, SimulatedOwner, SimulatedRepository } from '../fakes/simulatedRepository';

const WORKFLOW_ID = 'ghPollE2E';
const OWNER_WORKFLOW_ID = 'ghPollOwnerE2E';
const ALL_EVENTS_WORKFLOW_ID = 'ghPollAllEventsE2E';
const FILTERED_WORKFLOW_ID = 'ghPollFilteredE2E';
/** A token per workflow, so that the fake can tell whose poll a request belongs to. */
const TOKENS: Record<string, string> = {
	[WORKFLOW_ID]: 'ghp_e2ePollingToken0123456789abcdefABCD',
	[OWNER_WORKFLOW_ID]: 'ghp_e2ePollingOwnerToken0123456789abcdef',
	[ALL_EVENTS_WORKFLOW_ID]: 'ghp_e2ePollingAllEventsToken0123456789ab',
	[FILTERED_WORKFLOW_ID]: 'ghp_e2ePollingFilteredToken0123456789abc',
};
const credentialOf = (workflowId: string) => ({ githubAccessTokenApi: { id: `token-${workflowId}`, name: `GitHub token of ${workflowId}` } });
/** A poll comes at most 20 s after a change (E2E_POLL_TIMES), plus start-up; the rest is room for a loaded machine. */
const POLL_WAIT_MS = 150_000;

/**
 * Poll Trigger (Repository Events: New Issue, New Star on octo/hello, three poll times a minute) → API Call
 * sending a repository dispatch that names the item: each dispatch the fake receives is one
 * execution of the workflow.
 */
const workflow = chainWorkflow(
	WORKFLOW_ID,
	[
		pollTriggerNode(credentialOf(WORKFLOW_ID), ['newIssue', 'newStar'], { repositories: ['hello'] }),
		dispatchNode(
			credentialOf(WORKFLOW_ID),
			'octo/hello',
			'={{ JSON.stringify({ event_type: "polled", client_payload: { trigger: $json.trigger, action: $json.action, subject: $json.payload.issue ? String($json.payload.issue.number) : $json.payload.sender.login } }) }}',
		),
	],
	'e2e GitHub Poll Trigger',
);

/**
 * The same, watching every repository of the organization "octo" for New Comment and New Release;
 * its dispatches are told apart by their event type.
 */
const ownerWorkflow = chainWorkflow(
	OWNER_WORKFLOW_ID,
	[
		pollTriggerNode(credentialOf(OWNER_WORKFLOW_ID), ['newComment', 'newRelease'], { watch: 'allOfOwner' }),
		dispatchNode(
			credentialOf(OWNER_WORKFLOW_ID),
			'octo/hello',
			'={{ JSON.stringify({ event_type: "polled-owner", client_payload: { trigger: $json.trigger, action: $json.action, subject: $json.payload.repository.full_name + ":" + String($json.payload.comment ? $json.payload.comment.id : $json.payload.release.id) } }) }}',
		),
	],
	'e2e GitHub Poll Trigger, all repositories of an owner',
);

/** Every event the Poll Trigger offers, on octo/events (not in the organization's list): one dispatch per item. */
const allEventsWorkflow = chainWorkflow(
	ALL_EVENTS_WORKFLOW_ID,
	[
		pollTriggerNode(
			credentialOf(ALL_EVENTS_WORKFLOW_ID),
			POLLED_REPOSITORY_TRIGGERS.map((row) => row.value),
			{ repositories: ['events'] },
		),
		dispatchNode(credentialOf(ALL_EVENTS_WORKFLOW_ID), 'octo/hello', '={{ JSON.stringify({ event_type: "polled-all", client_payload: { trigger: $json.trigger, action: $json.action } }) }}'),
	],
	'e2e GitHub Poll Trigger, every event',
);

function withParameters<T extends { parameters?: unknown }>(node: T, more: Record<string, unknown>): T {
	return { ...node, parameters: { ...(node.parameters as Record<string, unknown>), ...more } };
}

/**
 * Updated Issue and Updated Pull Request on octo/events with the filters Actions (labeled) and Labels
 * (bug): of the label put on the issue and the review requested on the pull request, only the label.
 */
const filteredWorkflow = chainWorkflow(
	FILTERED_WORKFLOW_ID,
	[
		withParameters(pollTriggerNode(credentialOf(FILTERED_WORKFLOW_ID), ['updatedIssue', 'updatedPullRequest'], { repositories: ['events'] }), {
			filters: { actions: ['labeled'], labels: 'bug' },
		}),
		dispatchNode(
			credentialOf(FILTERED_WORKFLOW_ID),
			'octo/hello',
			'={{ JSON.stringify({ event_type: "polled-filtered", client_payload: { trigger: $json.trigger, action: $json.action, label: $json.payload.label ? $json.payload.label.name : null } }) }}',
		),
	],
	'e2e GitHub Poll Trigger, filtered',
);

// '' (the repository: its default branch) and the commits are read for new branches and pushes to pull requests.
const LISTS = ['', '/commits', '/commits/{ref}', '/issues', '/issues/comments', '/issues/events', '/pulls', '/pulls/{number}', '/pulls/comments', '/releases', '/forks', '/stargazers', '/actions/runs', '/git/matching-refs/{ref}', '/compare/{basehead}', '/pulls/{number}/reviews', '/labels', '/milestones'];

describe('GitHub Poll Trigger (Repository Events) in a real n8n', () => {
	const github = new FakeGitHub();
	let repository: SimulatedRepository;
	/** Added to the organization while n8n runs. */
	let docs: SimulatedRepository;
	let organization: SimulatedOwner;
	/** Watched for every event by a repository name only (read access). */
	let events: SimulatedRepository;
	let n8n: RealN8n;

	beforeAll(async () => {
		await github.start();
		for (const token of Object.values(TOKENS)) github.tokens.add(token);
		repository = new SimulatedRepository('octo', 'hello', github.apiUrl);
		docs = new SimulatedRepository('octo', 'docs', github.apiUrl);
		organization = new SimulatedOwner('octo', 'Organization', [repository], github.apiUrl);
		events = new SimulatedRepository('octo', 'events', github.apiUrl);
		const served = () => [...organization.repositories, events];
		// GitHub's clock is the real one here (n8n polls on the real clock).
		const followClock = () => {
			for (const simulated of [repository, docs, events]) followRealClock(simulated);
		};
		for (const list of LISTS) {
			github.on('GET', `/repos/{owner}/{repo}${list}`, async (request) => {
				// The first poll's read of one list answers slowly, as GitHub's may: the change below must
				// wait for the whole first poll, not for the lists read first (waiting for those once let
				// the labels be read after the change, as if before activation).
				if (request.path === '/repos/octo/events/labels' && readsOf(request.path) === 1) await new Promise((resolve) => setTimeout(resolve, 5000));
				followClock();
				return replyWith(served().map((simulated) => simulated.answer('GET', request.path, request.query, request.headers)).find(Boolean));
			});
		}
		github.on('GET', '/orgs/{org}/repos', (request) => {
			followClock();
			return replyWith(organization.answer('GET', request.path, request.query, request.headers));
		});
		github.on('POST', '/graphql', (request) => {
			followClock();
			return { body: answerDiscussionsQuery(served(), request.body).body };
		});
		github.on('POST', '/repos/{owner}/{repo}/dispatches', () => ({ status: 204 }));
		followClock();
		repository.openIssue('before activation');
		repository.comment(1, 'before activation');
		repository.release('v0');
		events.openIssue('before activation');
		events.openPullRequest('before activation');
		events.discussion('before activation');
		// Refs that exist when the trigger is activated, deleted while it runs.
		events.branch('retired');
		events.tag('v0');
		// Labels and a milestone that exist at activation: one edited, one deleted, one closed while it runs.
		events.createLabel('old');
		events.createLabel('stale');
		events.createMilestone('v0');
		n8n = await RealN8n.create();
		await n8n.importCredentials(
			Object.entries(TOKENS).map(([workflowId, token]) => ({ ...credentialOf(workflowId).githubAccessTokenApi, type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: token } })),
		);
		await n8n.importWorkflows([workflow, ownerWorkflow, allEventsWorkflow, filteredWorkflow]);
		await n8n.publish(WORKFLOW_ID);
		await n8n.publish(OWNER_WORKFLOW_ID);
		await n8n.publish(ALL_EVENTS_WORKFLOW_ID);
		await n8n.publish(FILTERED_WORKFLOW_ID);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
	});

	// One item per event of the all-events workflow's changes; New Push twice, as GitHub's push webhook
	// reports both: the push to main and the new branch topic (created: true).
	const expectedAllEvents = [...POLLED_REPOSITORY_TRIGGERS.map((row) => row.name), 'New Push'].sort();
	const dispatchesOf = (eventType: string) =>
		github
			.requestsTo('POST', '/repos/octo/hello/dispatches')
			.map((request) => request.body as { event_type: string; client_payload: unknown })
			.filter((body) => body.event_type === eventType)
			.map((body) => body.client_payload);
	const dispatches = () => dispatchesOf('polled');
	const ownerDispatches = () => dispatchesOf('polled-owner');
	const allEventsDispatches = () => dispatchesOf('polled-all') as Array<{ trigger: string; action: string | null }>;
	const filteredDispatches = () => dispatchesOf('polled-filtered');
	const readsOf = (path: string) => github.requestsTo('GET', path).length;
	const issueListReads = () => readsOf('/repos/octo/hello/issues');
	const polledAgain = (token: string) => github.received.some((request) => (request.headers.authorization ?? '').endsWith(token) && request.headers['if-none-match'] !== undefined);
	/** What a timed-out wait had: the runs so far, the events the all-events workflow still lacks, n8n's last log lines. */
	const explain = () => {
		const missing = [...expectedAllEvents];
		const extra: string[] = [];
		for (const { trigger } of allEventsDispatches()) {
			const at = missing.indexOf(trigger);
			if (at >= 0) missing.splice(at, 1);
			else extra.push(trigger);
		}
		return JSON.stringify(
			{
				polled: dispatches(),
				owner: ownerDispatches(),
				filtered: filteredDispatches(),
				allEventsMissing: missing,
				allEventsExtra: extra,
				docsReleaseReads: readsOf('/repos/octo/docs/releases'),
				polledAgain: Object.keys(TOKENS).filter((workflowId) => polledAgain(TOKENS[workflowId])),
				issueListReads: issueListReads(),
			},
			null,
			1,
		) + `\nn8n's log ends:\n${n8n.log.split('\n').slice(-60).join('\n')}`;
	};
	const change = (make: () => void) => {
		for (const simulated of [repository, docs, events]) followRealClock(simulated, 1000);
		make();
	};

	it('one execution per change, nothing from before activation, nothing twice across a restart, the downtime change caught up; the owner-wide workflow picks up a repository added later without its past', async () => {
		await n8n.start();
		// Activation polls once at once and takes what the lists hold as before its time. Until every
		// workflow's first poll is over, a change could be taken as before it: each workflow must have
		// polled again, which its conditional requests show (a poll keeps its ETags when it ends).
		await waitFor(() => (Object.values(TOKENS).every(polledAgain) ? true : undefined), POLL_WAIT_MS, explain);
		let first = 0;
		let marker = 0;
		let commentA = 0;
		change(() => {
			first = Number(repository.openIssue('after activation').number);
			commentA = Number(repository.comment(first, 'first reply').id);
			// A new repository, with a release from before it is watched.
			docs.release('docs-v0');
			organization.repositories.push(docs);
			// One change for each event the Poll Trigger offers.
			// Each object changes once, so every event comes once: a label on the issue (Updated Issue and
			// New Label on Issue), a review request on the pull request (Updated Pull Request and New Review Request).
			events.openIssue('new');
			events.label(1, 'bug');
			events.openPullRequest('new');
			events.requestReview(2, 'octocat');
			events.comment(1, 'a comment');
			events.review(2, 'APPROVED');
			events.push('main', ['a commit']);
			events.branch('topic');
			events.tag('v1');
			events.heads.delete('retired');
			events.tags.delete('v0');
			events.star('fan');
			events.fork('forker');
			events.completeRun('success');
			events.release('v1');
			events.discussionComment(events.discussions[0], 'a reply');
			events.discussion('new');
			events.createLabel('new');
			events.editLabel(events.labels[0], { color: 'b60205' });
			events.deleteLabel(events.labels[1]);
			events.createMilestone('v1');
			events.closeMilestone(events.milestones[0]);
		});
		await waitFor(
			() => (dispatches().length >= 1 && ownerDispatches().length >= 1 && readsOf('/repos/octo/docs/releases') >= 1 && allEventsDispatches().length >= expectedAllEvents.length ? true : undefined),
			POLL_WAIT_MS,
			explain,
		);
		expect(dispatches()).toEqual([{ trigger: 'New Issue', action: 'opened', subject: String(first) }]);
		const conditional = github.requestsTo('GET', '/repos/octo/hello/stargazers').filter((request) => request.headers['if-none-match']);
		expect(conditional.length).toBeGreaterThan(0);
		expect(github.requestsTo('GET', '/orgs/octo/repos').filter((request) => request.headers['if-none-match']).length).toBeGreaterThan(0);

		// n8n stops; a star and a comment come in while it is down; n8n starts again from its saved static data.
		await n8n.stop();
		let commentB = 0;
		change(() => {
			repository.star('while-down');
			commentB = Number(repository.comment(first, 'reply while down').id);
		});
		const docsReadsBeforeStart = readsOf('/repos/octo/docs/releases');
		await n8n.start();
		await waitFor(() => (dispatches().length >= 2 && ownerDispatches().length >= 2 && readsOf('/repos/octo/docs/releases') > docsReadsBeforeStart ? true : undefined), POLL_WAIT_MS, explain);
		// docs is watched now: its new release is one execution.
		let docsRelease = 0;
		change(() => (docsRelease = Number(docs.release('docs-v1').id)));
		await waitFor(() => (ownerDispatches().length >= 3 ? true : undefined), POLL_WAIT_MS, explain);
		// A later poll finds nothing new: no second run for either change.
		const reads = issueListReads();
		await waitFor(() => (issueListReads() > reads ? true : undefined), POLL_WAIT_MS, explain);
		change(() => (marker = Number(repository.openIssue('marker').number)));
		await waitFor(() => (dispatches().length >= 3 ? true : undefined), POLL_WAIT_MS, explain);
		const settled = issueListReads();
		await waitFor(() => (issueListReads() > settled ? true : undefined), POLL_WAIT_MS, explain);
		expect(dispatches()).toEqual([
			{ trigger: 'New Issue', action: 'opened', subject: String(first) },
			{ trigger: 'New Star', action: 'created', subject: 'while-down' },
			{ trigger: 'New Issue', action: 'opened', subject: String(marker) },
		]);
		// The filters let through the label only, once (the review request on the pull request is filtered out).
		expect(filteredDispatches()).toEqual([{ trigger: 'Updated Issue', action: 'labeled', label: 'bug' }]);
		// Every event once, through a restart; no webhook was asked for.
		expect(allEventsDispatches().map((item) => item.trigger).sort()).toEqual(expectedAllEvents);
		expect(github.received.filter((request) => request.path.includes('/hooks'))).toEqual([]);
		expect(ownerDispatches()).toEqual([
			{ trigger: 'New Comment', action: 'created', subject: `octo/hello:${commentA}` },
			{ trigger: 'New Comment', action: 'created', subject: `octo/hello:${commentB}` },
			{ trigger: 'New Release', action: 'published', subject: `octo/docs:${docsRelease}` },
		]);
	}, 1_200_000);
});
