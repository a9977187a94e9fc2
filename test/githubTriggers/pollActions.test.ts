import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { githubContract } from '../contracts/openapi';
import type { SimulatedFault, SimulatedRequest, SimulatedService } from '../fakes/simulatedRepository';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

/**
 * Polled Updated Pull Request `synchronize` (a push to a pull request), the commits of a new
 * branch for New Commit, and the Actions and Labels filters on Updated Issue and Updated Pull Request.
 */
const REPOSITORY = { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' } };

function trigger(events: string[], filters: IDataObject = {}): TriggerHarness {
	return new TriggerHarness(
		'gitHubPollTrigger',
		{ authentication: 'accessToken', trigger: 'repositoryEvents', events, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'], filters },
		credentialsFor(),
	);
}

async function poll(harness: TriggerHarness): Promise<IDataObject[]> {
	const result = await harness.poll();
	return result === null ? [] : result[0].map((item) => item.json);
}

/** Each request as "status path?query", in a stable order (parts of a poll are read side by side). */
function requests(recorded: SimulatedRequest[]): string[] {
	return recorded
		.map((request) => {
			const query = Object.entries(request.query).map(([name, value]) => `${name}=${value}`).join('&');
			return `${request.status} ${request.path}${query ? `?${query}` : ''}`;
		})
		.sort();
}

function contractProblems(recorded: SimulatedRequest[]): string[] {
	const contract = githubContract();
	return recorded.flatMap((request) => contract.validate({ method: request.method, path: request.path, query: request.query, headers: request.headers }));
}

const PULLS = '/repos/octo/hello/pulls?state=all&sort=updated&direction=desc&per_page=100';

describe('GitHub Poll Trigger: pushes to a pull request (Updated Pull Request: synchronize)', () => {
	afterEach(() => nock.cleanAll());
	beforeEach(() => resetGitHubRateLimitState());

	it('one item per push with before, after and the head commit\'s author as sender; idle polls are 304s; an author without an account leaves sender out', async () => {
		const repository = new SimulatedRepository();
		const issue = repository.openPullRequest('Fix');
		const pull = Number(issue.number);
		repository.tick(5);
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['updatedPullRequest']);
		expect(await poll(harness)).toEqual([]);
		const before = String((repository.pullRequest(issue).head as IDataObject).sha);

		repository.tick();
		const [, after] = repository.pushToPullRequest(pull, ['first', 'second'], 'alice');
		repository.tick(60);
		const start = recorded.length;
		const items = await poll(harness);
		expect(items).toEqual([
			{
				trigger: 'Updated Pull Request',
				event: 'pull_request',
				action: 'synchronize',
				deliveryId: null,
				payload: {
					action: 'synchronize',
					number: pull,
					before,
					after,
					pull_request: { ...repository.pullRequest(issue), merged: false },
					repository: REPOSITORY,
					sender: { login: 'alice', id: 1, type: 'User' },
				},
			},
		]);
		expect(requests(recorded.slice(start))).toEqual(
			[
				// The push moved the pull request's update time: the issues list answers, with nothing of its own to say.
				'200 /repos/octo/hello/issues?state=all&sort=updated&direction=asc&since=2026-11-20T10:00:04Z&per_page=100',
				'304 /repos/octo/hello/issues/events?per_page=100',
				`200 ${PULLS}`,
				`200 /repos/octo/hello/commits/${after}`,
			].sort(),
		);

		// Nothing changed: three 304s, no unit used, no item.
		for (let idle = 0; idle < 2; idle++) {
			const units = repository.unitsUsed;
			const asked = recorded.length;
			repository.tick(60);
			expect(await poll(harness)).toEqual([]);
			expect(recorded.slice(asked).map((request) => request.status)).toEqual([304, 304, 304]);
			expect(repository.unitsUsed).toBe(units);
		}

		repository.tick();
		const [third] = repository.pushToPullRequest(pull, ['third'], null);
		repository.tick(60);
		const next = await poll(harness);
		expect(next.map((item) => item.payload)).toEqual([
			{ action: 'synchronize', number: pull, before: after, after: third, pull_request: { ...repository.pullRequest(issue), merged: false }, repository: REPOSITORY },
		]);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('a push followed by a merge before the next poll is still a push; a pull request opened since is only remembered', async () => {
		const repository = new SimulatedRepository();
		const issue = repository.openPullRequest('Fix');
		const pull = Number(issue.number);
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = trigger(['updatedPullRequest']);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		const [pushed] = repository.pushToPullRequest(pull, ['last fix'], 'alice');
		repository.tick();
		repository.merge(pull, 'carol');
		repository.tick();
		repository.openPullRequest('Another');
		repository.tick(60);
		const items = await poll(harness);
		expect(items.map((item) => `${String(item.action)}|${String((item.payload as IDataObject).number)}|${String((item.payload as IDataObject).after)}`)).toEqual([
			`synchronize|${pull}|${pushed}`,
			`closed|${pull}|undefined`,
		]);
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
	});

	it.each<[string, string]>([
		['the head commit\'s author', '/commits/'],
		['another list of the same poll', '/issues/events'],
	])('a failure at %s: the poll fails, the next one emits the push once', async (_where, failing) => {
		const repository = new SimulatedRepository();
		const issue = repository.openPullRequest('Fix');
		const pull = Number(issue.number);
		repository.tick(5);
		let armed = false;
		const service: SimulatedService = {
			intercept: (request): SimulatedFault | undefined => (armed && request.path.includes(failing) ? { status: 502, body: { message: 'Server Error' } } : undefined),
		};
		serveSimulatedRepositories([repository], 'https://api.github.com', [], 'mona', service);
		const harness = trigger(['updatedPullRequest']);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		const [after] = repository.pushToPullRequest(pull, ['fix'], 'alice');
		repository.label(pull, 'ready', 'carol');
		repository.tick(60);
		armed = true;
		await expect(harness.poll()).rejects.toThrow();
		armed = false;
		repository.tick(60);
		const items = await poll(harness);
		const payloads = items.map((item) => item.payload as IDataObject);
		expect(payloads.map((payload) => `${String(payload.action)}|${String(payload.after ?? (payload.label as IDataObject | undefined)?.name)}`).sort()).toEqual(
			['labeled|ready', `synchronize|${after}`].sort(),
		);
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
	});
});

describe('GitHub Poll Trigger: the commits of a new branch (New Commit)', () => {
	let warnings: string[] = [];
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});
	beforeEach(() => {
		resetGitHubRateLimitState();
		warnings = [];
		jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue({
			warn: (message: string) => warnings.push(message),
			info: () => undefined,
			debug: () => undefined,
			error: () => undefined,
		} as never);
	});

	const NO_COMMIT = '0'.repeat(40);

	it('a new branch: its create item, then one New Commit item per commit not on the default branch, as a push with created: true', async () => {
		const repository = new SimulatedRepository();
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['newBranch', 'newCommit']);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		repository.branch('feature');
		const [first, second] = repository.push('feature', ['one', 'two']);
		// A branch created from main without commits of its own: its create item only.
		repository.branch('copy');
		repository.tick(60);
		const start = recorded.length;
		const items = await poll(harness);
		const push = { ref: 'refs/heads/feature', before: NO_COMMIT, after: second, created: true, deleted: false, forced: false, base_ref: null, repository: REPOSITORY };
		const commit = (sha: string, message: string) => ({
			id: sha,
			tree_id: undefined,
			distinct: true,
			message,
			timestamp: '2026-11-20T10:00:01Z',
			url: `https://github.com/octo/hello/commit/${sha}`,
			author: { name: 'Mona', email: 'mona@example.com', username: 'mona' },
			committer: { name: 'Mona', email: 'mona@example.com', username: 'mona' },
		});
		expect(JSON.parse(JSON.stringify(items))).toEqual(
			JSON.parse(
				JSON.stringify([
					{ trigger: 'New Branch', event: 'create', action: null, deliveryId: null, payload: { ref: 'copy', ref_type: 'branch', sha: repository.heads.get('main'), repository: REPOSITORY } },
					{ trigger: 'New Branch', event: 'create', action: null, deliveryId: null, payload: { ref: 'feature', ref_type: 'branch', sha: second, repository: REPOSITORY } },
					{ trigger: 'New Commit', event: 'push', action: null, deliveryId: null, payload: { ...push, commit: commit(first, 'one') } },
					{ trigger: 'New Commit', event: 'push', action: null, deliveryId: null, payload: { ...push, commit: commit(second, 'two') } },
				]),
			),
		);
		// The default branch asked once for both new branches, one comparison each.
		expect(requests(recorded.slice(start))).toEqual([
			'200 /repos/octo/hello',
			'200 /repos/octo/hello/compare/main...copy_SHA?per_page=100'.replace('copy_SHA', String(repository.heads.get('copy'))),
			`200 /repos/octo/hello/compare/main...${second}?per_page=100`,
			'200 /repos/octo/hello/git/matching-refs/heads',
		].sort());
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('at most 100 commits of a new branch, named in the log; the first push to an empty repository lists its history', async () => {
		const repository = new SimulatedRepository();
		repository.heads.clear();
		serveSimulatedRepositories([repository]);
		const harness = trigger(['newCommit']);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		const initial = repository.push('main', ['initial', 'readme']);
		repository.tick(60);
		expect((await poll(harness)).map((item) => ((item.payload as IDataObject).commit as IDataObject).id)).toEqual(initial);

		repository.tick();
		repository.branch('big');
		const pushed = repository.push('big', Array.from({ length: 105 }, (_, i) => `change ${i}`));
		repository.tick(60);
		const items = await poll(harness);
		expect(items.map((item) => ((item.payload as IDataObject).commit as IDataObject).id)).toEqual(pushed.slice(0, 100));
		expect(warnings).toEqual(['Branch "big" of octo/hello is new with 105 commits not on "main": its push lists the first 100 of GitHub\'s comparison.'].map((text) => expect.stringContaining(text) as unknown));
	});
});

describe('GitHub Poll Trigger: the Actions and Labels filters on Updated Issue and Updated Pull Request', () => {
	afterEach(() => nock.cleanAll());
	beforeEach(() => resetGitHubRateLimitState());

	/** Two issues and three pull requests, each changed in several ways; returns the numbers. */
	async function changes(filters: IDataObject): Promise<{ items: string[]; numbers: Record<string, number> }> {
		nock.cleanAll();
		const repository = new SimulatedRepository();
		const numbers = {
			crash: Number(repository.openIssue('Crash').number),
			typo: Number(repository.openIssue('Typo').number),
			fix: Number(repository.openPullRequest('Fix').number),
			wip: Number(repository.openPullRequest('Wip').number),
			docs: Number(repository.openPullRequest('Docs').number),
		};
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = trigger(['updatedIssue', 'updatedPullRequest'], filters);
		expect(await poll(harness)).toEqual([]);
		const steps: Array<() => unknown> = [
			() => repository.label(numbers.crash, 'bug'),
			() => repository.label(numbers.crash, 'docs'),
			() => repository.close(numbers.crash),
			() => repository.label(numbers.typo, 'bug'),
			() => repository.close(numbers.typo),
			() => repository.label(numbers.fix, 'bug'),
			() => repository.merge(numbers.fix),
			() => repository.close(numbers.wip),
			() => repository.unlabel(numbers.crash, 'bug'),
			() => repository.pushToPullRequest(numbers.docs, ['more docs']),
		];
		for (const step of steps) {
			repository.tick();
			step();
		}
		repository.tick(60);
		const items = (await poll(harness)).map((item) => {
			const payload = item.payload as IDataObject;
			const number = payload.number ?? (payload.issue as IDataObject).number;
			const label = (payload.label as IDataObject | undefined)?.name;
			return `${String(item.trigger)}|${String(payload.action)}|${String(number)}${label ? `|${String(label)}` : ''}`;
		});
		return { items, numbers };
	}

	it('no filter: every action of both events', async () => {
		const { items, numbers: n } = await changes({});
		expect(items).toEqual([
			`Updated Issue|labeled|${n.crash}|bug`,
			`Updated Issue|labeled|${n.crash}|docs`,
			`Updated Issue|closed|${n.crash}`,
			`Updated Issue|labeled|${n.typo}|bug`,
			`Updated Issue|closed|${n.typo}`,
			`Updated Pull Request|labeled|${n.fix}|bug`,
			`Updated Pull Request|closed|${n.fix}`,
			`Updated Pull Request|closed|${n.wip}`,
			`Updated Issue|unlabeled|${n.crash}|bug`,
			`Updated Pull Request|synchronize|${n.docs}`,
		]);
	});

	it('Actions: closed gives every close of an issue or pull request, merged or not', async () => {
		const { items, numbers: n } = await changes({ actions: ['closed'] });
		expect(items).toEqual([`Updated Issue|closed|${n.crash}`, `Updated Issue|closed|${n.typo}`, `Updated Pull Request|closed|${n.fix}`, `Updated Pull Request|closed|${n.wip}`]);
	});

	it('Actions: merged gives only the pull request closed by a merge; with synchronize, its pushes too', async () => {
		const merged = await changes({ actions: ['merged'] });
		expect(merged.items).toEqual([`Updated Pull Request|closed|${merged.numbers.fix}`]);
		const { items, numbers: n } = await changes({ actions: ['merged', 'synchronize'] });
		expect(items).toEqual([`Updated Pull Request|closed|${n.fix}`, `Updated Pull Request|synchronize|${n.docs}`]);
	});

	it('Labels: the label added or removed for labeled and unlabeled, else one the issue or pull request has', async () => {
		const { items, numbers: n } = await changes({ labels: 'BUG' });
		expect(items).toEqual([
			// "docs" added is not bug; the close of #crash is left out: the issue events list gives the issue as
			// it is when polled, and bug was removed from it by then.
			`Updated Issue|labeled|${n.crash}|bug`,
			`Updated Issue|labeled|${n.typo}|bug`,
			`Updated Issue|closed|${n.typo}`,
			`Updated Pull Request|labeled|${n.fix}|bug`,
			`Updated Pull Request|closed|${n.fix}`,
			`Updated Issue|unlabeled|${n.crash}|bug`,
		]);
	});

	it('Actions and Labels together: both must hold', async () => {
		const { items, numbers: n } = await changes({ actions: ['closed'], labels: 'bug' });
		expect(items).toEqual([`Updated Issue|closed|${n.typo}`, `Updated Pull Request|closed|${n.fix}`]);
	});
});

describe('GitHub Poll Trigger: New Push, one item per branch that moved', () => {
	afterEach(() => nock.cleanAll());
	beforeEach(() => resetGitHubRateLimitState());

	/** A commit of a push item, as the comparison of the fake repository lists it. */
	const pushed = (sha: string, message: string, timestamp: string) => ({
		id: sha,
		distinct: true,
		message,
		timestamp,
		url: `https://github.com/octo/hello/commit/${sha}`,
		author: { name: 'Mona', email: 'mona@example.com', username: 'mona' },
		committer: { name: 'Mona', email: 'mona@example.com', username: 'mona' },
	});

	it('chosen alone: a push of two commits is one item with both, from the branch heads and one comparison; the next poll is a 304 and emits nothing', async () => {
		const repository = new SimulatedRepository();
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['newPush']);
		expect(await poll(harness)).toEqual([]);
		expect(requests(recorded)).toEqual(['200 /repos/octo/hello/git/matching-refs/heads']);
		const before = repository.heads.get('main')!;
		repository.tick();
		const [one, two] = repository.push('main', ['one', 'two']);
		repository.tick(60);
		let start = recorded.length;
		expect(JSON.parse(JSON.stringify(await poll(harness)))).toEqual([
			{
				trigger: 'New Push',
				event: 'push',
				action: null,
				deliveryId: null,
				payload: {
					ref: 'refs/heads/main',
					before,
					after: two,
					repository: REPOSITORY,
					commits: [pushed(one, 'one', '2026-11-20T10:00:01Z'), pushed(two, 'two', '2026-11-20T10:00:01Z')],
				},
			},
		]);
		expect(requests(recorded.slice(start))).toEqual([`200 /repos/octo/hello/compare/${before}...${two}?per_page=100`, '200 /repos/octo/hello/git/matching-refs/heads']);
		repository.tick(60);
		start = recorded.length;
		expect(await poll(harness)).toEqual([]);
		expect(requests(recorded.slice(start))).toEqual(['304 /repos/octo/hello/git/matching-refs/heads']);
		expect(contractProblems(recorded)).toEqual([]);
	});
});
