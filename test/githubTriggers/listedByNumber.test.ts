import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { SimulatedService } from '../fakes/simulatedRepository';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';

type Entry = Record<string, unknown>;
import { credentialsFor } from './helpers';

/**
 * Pull requests and commented issues reach a polled delivery from a second list (the issues list
 * gives a pull request as an issue; the comments list names an issue by URL only): that list is
 * read across pages until each is found, and one the list does not hold is asked by its number.
 */
describe('GitHub Poll Trigger: a delivery\'s pull request or issue looked up by number', () => {
	let now = Date.parse('2026-11-20T10:00:00Z');
	let repository: SimulatedRepository;

	beforeEach(() => {
		resetGitHubRateLimitState();
		now = Date.parse('2026-11-20T10:00:00Z');
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		repository = new SimulatedRepository();
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	const pollTrigger = (events: string[]) =>
		new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', trigger: 'repositoryEvents', events, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
			credentialsFor(),
		);
	const payloads = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => result![0].map((item) => item.json.payload as IDataObject);
	const asked = (requests: Array<{ method: string; path: string; query: Record<string, string> }>, path: string) =>
		requests.filter((request) => request.method === 'GET' && request.path === path).map((request) => request.query);

	async function afterChanges(events: string[], change: () => void, service: SimulatedService = {}) {
		const requests = serveSimulatedRepositories([repository], undefined, [], 'mona', service);
		const harness = pollTrigger(events);
		expect(await harness.poll()).toBeNull();
		change();
		repository.tick(60);
		now = repository.clock;
		const since = requests.length;
		const result = await harness.poll();
		return { result, requests: requests.slice(since) };
	}

	const openPulls = (count: number) => {
		const pulls: Entry[] = [];
		for (let i = 0; i < count; i++) {
			repository.tick();
			pulls.push(repository.openPullRequest(`change ${i}`));
		}
		return pulls;
	};

	it('150 pull requests opened at once: each item carries its own pull request, the pulls list read on its second page', async () => {
		let pulls: Entry[] = [];
		const { result, requests } = await afterChanges(['newPullRequest'], () => (pulls = openPulls(150)));
		const items = payloads(result);
		expect(items.map((payload) => (payload.pull_request as IDataObject).number)).toEqual(pulls.map((pull) => pull.number));
		expect(items.map((payload) => (payload.pull_request as IDataObject).id)).toEqual(pulls.map((pull) => repository.pullRequest(pull).id));
		expect(items.map((payload) => (payload.pull_request as IDataObject).id)).not.toContain(pulls[0].id);
		expect(asked(requests, '/repos/octo/hello/pulls').map((query) => query.page ?? '1')).toEqual(['1', '2']);
		expect(requests.filter((request) => /\/pulls\/\d+$/.test(request.path))).toEqual([]);
	});

	it('a pulls list that lags behind the issues list: each pull request missing from it is asked by its number', async () => {
		let pulls: Entry[] = [];
		const lagging: SimulatedService = {
			intercept: (request) => (request.path === '/repos/octo/hello/pulls' ? { status: 200, body: [] } : undefined),
		};
		const { result, requests } = await afterChanges(['newPullRequest'], () => (pulls = openPulls(2)), lagging);
		expect(payloads(result).map((payload) => (payload.pull_request as IDataObject).id)).toEqual(pulls.map((pull) => repository.pullRequest(pull).id));
		expect(requests.filter((request) => /^\/repos\/octo\/hello\/pulls\/\d+$/.test(request.path)).map((request) => request.path)).toEqual(
			pulls.map((pull) => `/repos/octo/hello/pulls/${String(pull.number)}`),
		);
	});

	it('a pull request opened with New and Updated Pull Request chosen: the pulls list is asked once in the poll, for the heads and for its own id', async () => {
		let pulls: Entry[] = [];
		const { result, requests } = await afterChanges(['newPullRequest', 'updatedPullRequest'], () => (pulls = openPulls(1)));
		expect(payloads(result).map((payload) => [payload.action, (payload.pull_request as IDataObject).id])).toEqual([['opened', repository.pullRequest(pulls[0]).id]]);
		expect(asked(requests, '/repos/octo/hello/pulls')).toEqual([{ state: 'all', sort: 'updated', direction: 'desc', per_page: '100' }]);
	});

	const commentOnNew = (count: number) => {
		const commented: number[] = [];
		for (let i = 0; i < count; i++) {
			repository.tick();
			const issue = repository.openIssue(`issue ${i}`);
			repository.tick();
			repository.comment(Number(issue.number), `comment ${i}`);
			commented.push(Number(issue.number));
		}
		return commented;
	};

	it('comments on 150 issues at once: each item carries its issue, the updated issues read on their second page', async () => {
		let commented: number[] = [];
		const { result, requests } = await afterChanges(['newComment'], () => (commented = commentOnNew(150)));
		const items = payloads(result);
		expect(items.map((payload) => (payload.issue as IDataObject).number)).toEqual(commented);
		expect(items.map((payload) => (payload.issue as IDataObject).title)).toEqual(commented.map((_, i) => `issue ${i}`));
		const updatedNewestFirst = asked(requests, '/repos/octo/hello/issues').filter((query) => query.direction === 'desc');
		expect(updatedNewestFirst.map((query) => query.page ?? '1')).toEqual(['1', '2']);
		expect(requests.filter((request) => /^\/repos\/octo\/hello\/issues\/\d+$/.test(request.path))).toEqual([]);
	});

	it('an issues list that lags behind the comments: each commented issue missing from it is asked by its number', async () => {
		let commented: number[] = [];
		const lagging: SimulatedService = {
			intercept: (request) => (request.path === '/repos/octo/hello/issues' && request.query.direction === 'desc' ? { status: 200, body: [] } : undefined),
		};
		const { result, requests } = await afterChanges(['newComment'], () => (commented = commentOnNew(2)), lagging);
		expect(payloads(result).map((payload) => (payload.issue as IDataObject).title)).toEqual(['issue 0', 'issue 1']);
		expect(requests.filter((request) => /^\/repos\/octo\/hello\/issues\/\d+$/.test(request.path)).map((request) => request.path)).toEqual(
			commented.map((number) => `/repos/octo/hello/issues/${number}`),
		);
	});
});
