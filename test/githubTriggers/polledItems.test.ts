import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;

const API = 'https://api.github.com';

/** Fields of GitHub's pull request object that only GET /pulls/{number} and deliveries carry, not the list. */
const NOT_IN_THE_LIST = ['merged', 'mergeable', 'rebaseable', 'mergeable_state', 'merged_by', 'comments', 'review_comments', 'maintainer_can_modify', 'commits', 'additions', 'deletions', 'changed_files'];

function pollTrigger(events: string[], owner: string, repository: string, staticData?: IDataObject): TriggerHarness {
	return new TriggerHarness(
		'gitHubPollTrigger',
		{ authentication: 'accessToken', trigger: 'repositoryEvents', events, owner: { __rl: true, mode: 'name', value: owner }, repositories: [repository] },
		credentialsFor(),
		{ staticData },
	);
}

describe('GitHub Poll Trigger: polled items as the webhook delivers them', () => {
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});
	beforeEach(() => resetGitHubRateLimitState());

	it('New Pull Request: the polled item matches the pull_request "opened" webhook example field by field (the pull request\'s own id and node_id, head, base)', async () => {
		const example = definitions.find((definition) => definition.name === 'pull_request')!.examples.find((payload) => payload.action === 'opened' && payload.number === 2)!;
		const pull = example.pull_request as IDataObject;
		const repository = example.repository as IDataObject;
		const [owner, name] = String(repository.full_name).split('/');
		// As GitHub's issues list gives the same pull request: the issue's own id and node_id, links to the pull request.
		const issue: IDataObject = {
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
		const listed = Object.fromEntries(Object.entries(pull).filter(([field]) => !NOT_IN_THE_LIST.includes(field)));
		const base = `/repos/${owner}/${name}`;
		const before = '2019-05-15T15:20:00Z';
		jest.spyOn(Date, 'now').mockImplementation(() => Date.parse(before));
		const date = (at: string) => ({ date: new Date(at).toUTCString() });
		nock(API).get(`${base}/issues`).query({ state: 'all', sort: 'updated', direction: 'desc', per_page: '100' }).reply(200, [], date(before));
		nock(API).get(`${base}/issues`).query({ state: 'all', sort: 'updated', direction: 'asc', since: '2019-05-15T15:19:59Z', per_page: '100' }).reply(200, [], { ...date(before), etag: 'W/"empty"' });
		// Issue events (ready_for_review): none here.
		nock(API).get(`${base}/issues/events`).query({ per_page: '100' }).times(2).reply(200, [], date(before));
		const harness = pollTrigger(['newPullRequest'], owner, name);
		expect(await harness.poll()).toBeNull();

		nock(API).get(`${base}/issues`).query({ state: 'all', sort: 'updated', direction: 'asc', since: '2019-05-15T15:19:59Z', per_page: '100' }).reply(200, [issue], date('2019-05-15T15:21:00Z'));
		const pulls = nock(API).get(`${base}/pulls`).query({ state: 'all', sort: 'updated', direction: 'desc', per_page: '100' }).reply(200, [listed], date('2019-05-15T15:21:00Z'));
		const result = await harness.poll();
		expect(pulls.isDone()).toBe(true);
		const [item] = result![0].map((entry) => entry.json);
		const payload = item.payload as IDataObject;
		expect({ trigger: item.trigger, event: item.event, action: item.action }).toEqual({ trigger: 'New Pull Request', event: 'pull_request', action: 'opened' });
		expect({ action: payload.action, number: payload.number }).toEqual({ action: example.action, number: example.number });
		const polled = payload.pull_request as IDataObject;
		// Every field the list gives, and `merged` from `merged_at`, as the delivery has them.
		for (const field of [...Object.keys(listed), 'merged']) expect({ field, value: polled[field] }).toEqual({ field, value: pull[field] });
		expect(Object.keys(polled).sort()).toEqual([...Object.keys(listed), 'merged'].sort());
		const polledRepository = payload.repository as IDataObject;
		expect({ name: polledRepository.name, full_name: polledRepository.full_name, login: (polledRepository.owner as IDataObject).login }).toEqual({
			name: repository.name,
			full_name: repository.full_name,
			login: (repository.owner as IDataObject).login,
		});
	});

	it('New Issue after downtime: in the order the issues were opened, not of their last update, across pages', async () => {
		let now = Date.parse('2026-11-20T10:00:00Z');
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const repository = new SimulatedRepository();
		serveSimulatedRepositories([repository]);
		const harness = pollTrigger(['newIssue'], 'octo', 'hello');
		expect(await harness.poll()).toBeNull();
		const opened: number[] = [];
		for (let i = 0; i < 150; i++) {
			repository.tick();
			opened.push(Number(repository.openIssue(`issue ${i}`).number));
		}
		// The first issues are edited later: by update time they come last, the page after the others.
		for (const number of opened.slice(0, 3)) {
			repository.tick();
			repository.editIssue(number, 'edited later');
		}
		repository.tick(60);
		now = repository.clock;
		const result = await harness.poll();
		expect(result![0].map((item) => ((item.json.payload as IDataObject).issue as IDataObject).number)).toEqual(opened);
	});
});
