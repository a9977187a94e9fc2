import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { githubContract } from '../contracts/openapi';
import type { SimulatedRequest } from '../fakes/simulatedRepository';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

function trigger(events: string[]): TriggerHarness {
	return new TriggerHarness(
		'gitHubPollTrigger',
		{ authentication: 'accessToken', trigger: 'repositoryEvents', events, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
		credentialsFor(),
	);
}

async function poll(harness: TriggerHarness): Promise<IDataObject[]> {
	const result = await harness.poll();
	return result === null ? [] : result[0].map((item) => item.json);
}

/** Trigger, action, number and actor of each item. */
function summary(item: IDataObject): string {
	const payload = item.payload as IDataObject;
	const number = payload.number ?? (payload.issue as IDataObject | undefined)?.number;
	return `${String(item.trigger)}|${String(payload.action)}|${String(number)}|${String((payload.sender as IDataObject | undefined)?.login)}`;
}

function contractProblems(recorded: SimulatedRequest[]): string[] {
	const contract = githubContract();
	return recorded.flatMap((request) => contract.validate({ method: request.method, path: request.path, query: request.query, headers: request.headers }));
}

describe('GitHub Poll Trigger: exact actions from the repository\'s issue events', () => {
	afterEach(() => nock.cleanAll());
	beforeEach(() => resetGitHubRateLimitState());

	it('Updated Issue and Updated Pull Request report each action as the webhook spells it, with the actor as sender; a merge is one closed with merged: true', async () => {
		const repository = new SimulatedRepository();
		const issue = Number(repository.openIssue('Crash').number);
		const pull = Number(repository.openPullRequest('Fix').number);
		repository.tick(5);
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['updatedIssue', 'updatedPullRequest']);
		expect(await poll(harness)).toEqual([]);

		const changes: Array<() => unknown> = [
			() => repository.label(issue, 'bug', 'alice'),
			() => repository.unlabel(issue, 'bug', 'alice'),
			() => repository.assign(issue, 'bob', 'alice'),
			() => repository.milestone(issue, 'v1', 'alice'),
			() => repository.editIssue(issue, 'Crash on start', 'bob'),
			() => repository.lock(issue, 'alice'),
			() => repository.close(issue, 'bob'),
			() => repository.reopen(issue, 'bob'),
			() => repository.label(pull, 'ready', 'carol'),
			() => repository.requestReview(pull, 'dave', 'carol'),
			() => repository.convertToDraft(pull, 'carol'),
			() => repository.readyForReview(pull, 'carol'),
			() => repository.merge(pull, 'carol'),
		];
		for (const change of changes) {
			repository.tick();
			change();
		}
		repository.tick(60);
		const items = await poll(harness);
		expect(items.map(summary)).toEqual([
			`Updated Issue|labeled|${issue}|alice`,
			`Updated Issue|unlabeled|${issue}|alice`,
			`Updated Issue|assigned|${issue}|alice`,
			`Updated Issue|milestoned|${issue}|alice`,
			`Updated Issue|edited|${issue}|bob`,
			`Updated Issue|locked|${issue}|alice`,
			`Updated Issue|closed|${issue}|bob`,
			`Updated Issue|reopened|${issue}|bob`,
			`Updated Pull Request|labeled|${pull}|carol`,
			`Updated Pull Request|review_requested|${pull}|carol`,
			`Updated Pull Request|converted_to_draft|${pull}|carol`,
			`Updated Pull Request|ready_for_review|${pull}|carol`,
			`Updated Pull Request|closed|${pull}|carol`,
		]);
		const payloads = items.map((item) => item.payload as IDataObject);
		expect(payloads[0].label).toEqual({ name: 'bug', color: 'd73a4a' });
		expect(payloads[2].assignee).toEqual({ login: 'bob', id: 7, type: 'User' });
		expect(payloads[3].milestone).toEqual({ title: 'v1' });
		expect(payloads[4].changes).toEqual({ title: { from: 'Crash' } });
		expect(payloads[9].requested_reviewer).toEqual({ login: 'dave', id: 9, type: 'User' });
		// The pull request's own identity (from the pull request list), merged as the webhook says it.
		const merged = payloads[12].pull_request as IDataObject;
		expect({ id: merged.id, node_id: merged.node_id, merged: merged.merged, head: merged.head }).toEqual({
			id: repository.pullRequest(repository.issues[1]).id,
			node_id: repository.pullRequest(repository.issues[1]).node_id,
			merged: true,
			head: repository.pullRequest(repository.issues[1]).head,
		});

		// Nothing changed: every list answers 304, no unit used.
		const units = repository.unitsUsed;
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		expect(repository.unitsUsed).toBe(units);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('one edit of title and body is one edited item, as GitHub sends one issues.edited webhook; a body or a title edited alone is one too', async () => {
		const repository = new SimulatedRepository();
		const both = Number(repository.openIssue('Crash').number);
		const bodyOnly = Number(repository.openIssue('Hang').number);
		const titleOnly = Number(repository.openIssue('Leak').number);
		const pull = Number(repository.openPullRequest('Fix').number);
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = trigger(['updatedIssue', 'updatedPullRequest']);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		repository.editBody(both, 'Steps to reproduce');
		repository.editIssue(both, 'Crash on start', 'bob');
		repository.tick();
		repository.editBody(bodyOnly, 'Seen on Linux');
		repository.tick();
		repository.editIssue(titleOnly, 'Leak in the cache', 'carol');
		repository.tick();
		repository.editBody(pull, 'Fixes the crash');
		repository.editIssue(pull, 'Fix the crash', 'dave');
		repository.tick(5);
		const items = await poll(harness);
		expect(items.map(summary).sort()).toEqual(
			[`Updated Issue|edited|${both}|bob`, `Updated Issue|edited|${bodyOnly}|undefined`, `Updated Issue|edited|${titleOnly}|carol`, `Updated Pull Request|edited|${pull}|dave`].sort(),
		);
		const changesOf = (number: number) => (items.find((item) => summary(item).includes(`|${number}|`))!.payload as IDataObject).changes;
		expect(changesOf(both)).toEqual({ title: { from: 'Crash' } });
		expect(changesOf(pull)).toEqual({ title: { from: 'Fix' } });
		expect(changesOf(bodyOnly)).toBeUndefined();
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
	});

	it('New Label on Issue and New Review Request are polled from the issue events (a label on a pull request is not New Label on Issue)', async () => {
		const repository = new SimulatedRepository();
		const issue = Number(repository.openIssue('Crash').number);
		const pull = Number(repository.openPullRequest('Fix').number);
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{
				authentication: 'accessToken',
				trigger: 'repositoryEvents',
				events: ['newLabelOnIssue', 'newReviewRequest'],
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repositories: ['hello'],
			},
			credentialsFor(),
		);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		repository.label(issue, 'bug', 'alice');
		repository.tick();
		repository.label(pull, 'bug', 'alice'); // a pull request's label: not New Label on Issue
		repository.tick();
		repository.requestReview(pull, 'dave', 'carol');
		repository.tick();
		repository.close(issue, 'bob');
		repository.tick(60);
		expect((await poll(harness)).map(summary)).toEqual([`New Label on Issue|labeled|${issue}|alice`, `New Review Request|review_requested|${pull}|carol`]);
	});

	it('the Labels filter of the webhook trigger applies to polled New Label on Issue', async () => {
		const repository = new SimulatedRepository();
		const issue = Number(repository.openIssue('Crash').number);
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{
				authentication: 'accessToken',
				trigger: 'repositoryEvents',
				events: ['newLabelOnIssue'],
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repositories: ['hello'],
				filters: { labels: 'URGENT' },
			},
			credentialsFor(),
		);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		repository.label(issue, 'bug', 'alice');
		repository.tick();
		repository.label(issue, 'urgent', 'bob');
		repository.tick(60);
		const items = await poll(harness);
		expect(items.map(summary)).toEqual([`New Label on Issue|labeled|${issue}|bob`]);
		expect((items[0].payload as IDataObject).label).toEqual({ name: 'urgent', color: 'd73a4a' });
	});
});

describe('GitHub Poll Trigger: Branch Deleted and Tag Deleted from the refs lists', () => {
	afterEach(() => nock.cleanAll());
	beforeEach(() => resetGitHubRateLimitState());

	it('a branch or tag gone since the last poll is one delete item, with the branch filter; created again it is new', async () => {
		const repository = new SimulatedRepository();
		repository.branch('feature');
		repository.branch('other');
		repository.tag('v1');
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{
				authentication: 'accessToken',
				trigger: 'repositoryEvents',
				events: ['deletedBranch', 'deletedTag', 'newBranch'],
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repositories: ['hello'],
				filters: { branches: 'feature' },
			},
			credentialsFor(),
		);
		expect(await poll(harness)).toEqual([]);
		repository.heads.delete('feature');
		repository.heads.delete('other'); // not the filtered branch
		repository.tags.delete('v1');
		repository.tick(60);
		const items = await poll(harness);
		expect(items.map((item) => `${String(item.trigger)}|${String(item.event)}|${String((item.payload as IDataObject).ref)}|${String((item.payload as IDataObject).ref_type)}`)).toEqual([
			'Branch Deleted|delete|feature|branch',
			'Tag Deleted|delete|v1|tag',
		]);
		const units = repository.unitsUsed;
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		expect(repository.unitsUsed).toBe(units);
		repository.tag('v1');
		repository.tick(60);
		expect(await poll(harness)).toEqual([]); // New Tag not chosen; the tag is known again
		repository.tags.delete('v1');
		repository.tick(60);
		expect((await poll(harness)).map((item) => String(item.trigger))).toEqual(['Tag Deleted']);
	});
});
