import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import type { Clock } from '../../credentials/clock';
import { systemClock, transportSettings } from '../../credentials/clock';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRateLimitPolicy } from '../../nodes/GitHub/transport/rateLimit';
import { POLLED_REPOSITORY_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import type { SimulatedFault, SimulatedService } from '../fakes/simulatedRepository';
import { rateLimitRefusal, serveSimulatedRepositories, SimulatedOwner, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

/**
 * A poll whose requests fail part-way (a 502, a 503, GitHub's rate-limit refusal, no answer at all)
 * at every position of its request sequence, one position at a time: the failed poll shows the
 * error or returns what it read, and the polls after it emit every change of the timeline exactly once.
 */
const API = 'https://api.github.com';
const ALL_EVENTS = POLLED_REPOSITORY_TRIGGERS.map((row) => row.value);
const START = Date.parse('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;

type FaultKind = '502' | '503' | 'rate limit' | 'timeout';
const FAULT_KINDS: FaultKind[] = ['502', '503', 'rate limit', 'timeout'];

function faultOf(kind: FaultKind, now: number): SimulatedFault {
	switch (kind) {
		case '502':
			return { status: 502, body: { message: 'Server Error' } };
		case '503':
			return { status: 503, body: { message: 'Service Unavailable' } };
		case 'rate limit':
			return rateLimitRefusal(now + HOUR);
		case 'timeout':
			return { error: 'ETIMEDOUT' };
	}
}

/** What an item is about, to count each change once. */
function identity(item: IDataObject): string {
	const payload = item.payload as IDataObject;
	const of = (key: string, field: string) => String((payload[key] as IDataObject | undefined)?.[field]);
	const subject: Record<string, () => string> = {
		issues: () => of('issue', 'number'),
		pull_request: () => String(payload.number),
		pull_request_review: () => of('review', 'id'),
		discussion: () => of('discussion', 'id'),
		discussion_comment: () => of('comment', 'id'),
		issue_comment: () => of('comment', 'id'),
		pull_request_review_comment: () => of('comment', 'id'),
		release: () => of('release', 'id'),
		fork: () => of('forkee', 'id'),
		star: () => of('sender', 'login'),
		create: () => String(payload.ref),
		// New Commit: one commit; New Push: the branch and its new head.
		push: () => (payload.commit ? of('commit', 'id') : `${String(payload.ref)}@${String(payload.after)}`),
		workflow_run: () => of('workflow_run', 'id'),
		label: () => of('label', 'id'),
		milestone: () => of('milestone', 'id'),
	};
	return `${of('repository', 'full_name')}|${String(item.trigger)}|${String(item.action ?? '')}|${subject[String(item.event)]()}`;
}

/** The identities of the items one poll emitted (none for an empty poll). */
const items = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => (result === null ? [] : result[0].map((item) => identity(item.json)));

/** One poll that may fail: what it emitted, or the error it ended with. */
async function pollOnce(harness: TriggerHarness): Promise<{ emitted: string[]; error?: Error }> {
	try {
		return { emitted: items(await harness.poll()) };
	} catch (caught) {
		return { emitted: [], error: caught as Error };
	}
}

/** Something before activation, so the lists have a past the first poll must not emit. */
function past(repository: SimulatedRepository): void {
	repository.openIssue('old issue');
	repository.openPullRequest('old pull request');
	repository.discussion('old discussion');
	repository.release('v0');
	repository.star('early');
	repository.createLabel('bug');
	repository.createLabel('docs');
	repository.createMilestone('v0');
	repository.tick(5);
}

/** One change in every list, a second apart; returns the items they must give, each once. */
function changeEverything(repository: SimulatedRepository): string[] {
	const name = `${repository.owner}/${repository.name}`;
	const expected: string[] = [];
	const add = (event: string) => expected.push(`${name}|${event}`);
	const [oldIssue, oldPull] = repository.issues;
	repository.tick();
	const issue = repository.openIssue('new issue');
	add(`New Issue|opened|${String(issue.number)}`);
	repository.tick();
	const pull = repository.openPullRequest('new pull request');
	add(`New Pull Request|opened|${String(pull.number)}`);
	repository.tick();
	// One edit of title and body: GitHub sends one issues.edited webhook.
	repository.editBody(Number(oldIssue.number), 'the body, edited');
	repository.editIssue(Number(oldIssue.number), 'old issue, renamed');
	add(`Updated Issue|edited|${String(oldIssue.number)}`);
	repository.tick();
	repository.close(Number(oldIssue.number));
	add(`Updated Issue|closed|${String(oldIssue.number)}`);
	repository.tick();
	add(`New Comment|created|${String(repository.comment(Number(issue.number)).id)}`);
	repository.tick();
	add(`New Comment|created|${String(repository.reviewComment(Number(pull.number)).id)}`);
	repository.tick();
	add(`New Pull Request Review|submitted|${String(repository.review(Number(oldPull.number), 'APPROVED').id)}`);
	repository.tick();
	add(`New Release|published|${String(repository.release('v1').id)}`);
	repository.tick();
	add(`New Fork||${String(repository.fork('forker').id)}`);
	repository.tick();
	repository.star('late');
	add('New Star|created|late');
	repository.tick();
	repository.tag('v1');
	add('New Tag||v1');
	repository.branch('topic');
	add('New Branch||topic');
	const [onTopic] = repository.push('topic', ['on topic']);
	add(`New Commit||${onTopic}`);
	add(`New Push||refs/heads/topic@${onTopic}`);
	repository.pushToPullRequest(Number(oldPull.number), ['pushed to the pull request']);
	add(`Updated Pull Request|synchronize|${String(oldPull.number)}`);
	const onMain = repository.push('main', ['first', 'second']);
	for (const sha of onMain) add(`New Commit||${sha}`);
	add(`New Push||refs/heads/main@${onMain[1]}`);
	repository.tick();
	const [bug, docs] = repository.labels;
	add(`New Label|created|${String(repository.createLabel('triage').id)}`);
	repository.editLabel(docs, { color: 'b60205' });
	add(`Label Updated|edited|${String(docs.id)}`);
	repository.deleteLabel(bug);
	add(`Label Deleted|deleted|${String(bug.id)}`);
	repository.tick();
	const milestone = repository.createMilestone('v1');
	add(`New Milestone|created|${String(milestone.id)}`);
	repository.tick();
	repository.closeMilestone(repository.milestones[0]);
	add(`Milestone Closed|closed|${String(repository.milestones[0].id)}`);
	repository.tick();
	add(`Workflow Run Completed|completed|${String(repository.completeRun('failure').id)}`);
	repository.tick();
	add(`New Discussion|created|${String(repository.discussion('new discussion').databaseId)}`);
	repository.tick();
	add(`New Discussion Comment|created|${String(repository.discussionComment(repository.discussions[0]).databaseId)}`);
	repository.tick(60);
	return expected;
}

interface Outcome {
	/** Whether the poll sent as many requests as the fault's position. */
	hit: boolean;
	error?: Error;
	/** Items of the failed poll, then of the polls after recovery. */
	emitted: string[];
	warnings: string[];
}

describe('GitHub Poll Trigger: a poll that fails part-way loses nothing', () => {
	let now = START;
	let warnings: string[] = [];
	beforeEach(() => {
		resetGitHubRateLimitState();
		now = START;
		warnings = [];
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue({
			warn: (message: string) => warnings.push(message),
			info: () => undefined,
			debug: () => undefined,
			error: () => undefined,
		} as never);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});


	/**
	 * Primes a trigger, changes every list, then polls with `kind` answered to the poll's request
	 * number `position` (counted from 1), and polls twice more after GitHub's rate limit has reset.
	 */
	async function faultAt(kind: FaultKind, position: number, setup: { owners?: boolean; repositories: number }): Promise<Outcome & { expected: string[] }> {
		nock.cleanAll();
		resetGitHubRateLimitState();
		now = START;
		warnings = [];
		const repositories = Array.from({ length: setup.repositories }, (_, i) => new SimulatedRepository('octo', i === 0 ? 'hello' : `repo${i}`));
		repositories.forEach(past);
		let armed = false;
		let count = 0;
		let hit = false;
		const service: SimulatedService = {
			intercept: () => {
				if (!armed) return undefined;
				count++;
				if (count !== position) return undefined;
				hit = true;
				return faultOf(kind, now);
			},
		};
		const owners = setup.owners ? [new SimulatedOwner('octo', 'Organization', repositories)] : [];
		serveSimulatedRepositories(setup.owners ? [] : repositories, API, owners, 'mona', service);
		const parameters = {
			authentication: 'accessToken',
			trigger: 'repositoryEvents',
			events: ALL_EVENTS,
			owner: { __rl: true, mode: 'name', value: 'octo' },
			...(setup.owners ? { watch: 'allOfOwner', repositories: [] } : { repositories: repositories.map((repository) => repository.name) }),
		};
		const harness = new TriggerHarness('gitHubPollTrigger', parameters, credentialsFor());
		expect(await harness.poll()).toBeNull();
		const expected = repositories.flatMap(changeEverything);
		now = Math.max(...repositories.map((repository) => repository.clock));
		armed = true;
		const { emitted, error } = await pollOnce(harness);
		armed = false;
		const failedPollWarnings = [...warnings];
		// After GitHub's reset (an hour on), nothing new happened: the polls only catch up.
		now += HOUR + 60_000;
		for (const repository of repositories) repository.tick(3_660);
		emitted.push(...items(await harness.poll()));
		emitted.push(...items(await harness.poll()));
		return { hit, error, emitted, warnings: failedPollWarnings, expected };
	}

	async function sweep(kind: FaultKind, setup: { owners?: boolean; repositories: number }): Promise<number> {
		let position = 1;
		for (; ; position++) {
			const outcome = await faultAt(kind, position, setup);
			if (!outcome.hit) break;
			const where = `${kind} at request ${position}`;
			expect({ where, emitted: [...outcome.emitted].sort() }).toEqual({ where, emitted: [...outcome.expected].sort() });
			if (kind === 'rate limit') {
				// Stopped between lists: what was read comes out (with a warning naming the limit), or the error when nothing was.
				if (outcome.error) expect({ where, error: outcome.error.message }).toEqual({ where, error: expect.stringContaining('rate limit') as unknown });
				else expect({ where, warnings: outcome.warnings }).toEqual({ where, warnings: [expect.stringContaining('rate limit') as unknown] });
			} else {
				expect({ where, failed: outcome.error instanceof NodeApiError }).toEqual({ where, failed: true });
				if (kind !== 'timeout') expect({ where, httpCode: (outcome.error as NodeApiError).httpCode }).toEqual({ where, httpCode: kind });
				else expect({ where, message: outcome.error?.message }).toEqual({ where, message: expect.stringContaining('timed out') as unknown });
			}
		}
		return position - 1;
	}

	it.each(FAULT_KINDS)('one repository, every event: a %s at each request of the poll in turn', async (kind) => {
		const positions = await sweep(kind, { repositories: 1 });
		// issues, pull requests, reviews, comments, review comments, releases, forks, stars, tags, branches, compare, runs, labels, milestones,
		// discussions, pull request heads and the pushed head commit, the repository and the new branch's comparison.
		expect(positions).toBeGreaterThanOrEqual(19);
	}, 300_000);

	// Two repositories read side by side, the owner's list before them: a request failing while another part is under way.
	it.each<FaultKind>(['502', 'rate limit'])('all repositories of an owner (two, polled side by side): a %s at each request of the poll in turn', async (kind) => {
		const positions = await sweep(kind, { owners: true, repositories: 2 });
		expect(positions).toBeGreaterThanOrEqual(30);
	}, 600_000);

	it('the rate limit running out in the middle of polls, window after window: each poll returns what it read, waits for the reset and goes on where it stopped', async () => {
		const repository = new SimulatedRepository();
		past(repository);
		const rateLimit = { limit: 5000, remaining: 5000, resetAt: START + HOUR };
		const recorded = serveSimulatedRepositories([repository], API, [], 'mona', { rateLimit });
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', trigger: 'repositoryEvents', events: ALL_EVENTS, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
			credentialsFor(),
		);
		expect(await harness.poll()).toBeNull();
		const expected = changeEverything(repository);
		// Four units an hour: far less than the changed lists need.
		Object.assign(rateLimit, { limit: 4, remaining: 4, resetAt: repository.clock + HOUR });
		now = repository.clock;
		const emitted: string[] = [];
		const readPerWindow: number[] = [];
		for (let window = 0; window < 10 && emitted.length < expected.length; window++) {
			const before = recorded.length;
			emitted.push(...items(await harness.poll()));
			// REST units: GraphQL (discussions) has a limit of its own.
			readPerWindow.push(recorded.slice(before).filter((request) => request.status === 200 && request.path !== '/graphql').length);
			if (emitted.length === expected.length) break;
			// Stopped at the limit: until GitHub's reset the polls ask nothing.
			expect(harness.staticData.resumeAt).toEqual(expect.any(String));
			for (let minute = 1; minute <= 3; minute++) {
				now += 60_000;
				repository.tick(60);
				const asked = recorded.length;
				expect(await harness.poll()).toBeNull();
				expect(recorded.length).toBe(asked);
			}
			now = rateLimit.resetAt + 1_000;
			repository.clock = now;
		}
		expect([...emitted].sort()).toEqual([...expected].sort());
		expect(readPerWindow.length).toBeGreaterThanOrEqual(3);
		expect(readPerWindow.every((read) => read <= 4)).toBe(true);
		// After the next reset: nothing left.
		now = rateLimit.resetAt + 1_000;
		repository.clock = now;
		expect(await harness.poll()).toBeNull();
		expect(harness.staticData.resumeAt).toBeUndefined();
	}, 120_000);
});

/**
 * GitHub's docs: past the primary rate limit a request is answered 403 or 429 with
 * `x-ratelimit-remaining: 0`; an answer that used the last unit says `x-ratelimit-remaining: 0` too.
 */
type SpentKind = '403' | '429' | 'remaining 0 on an answer';

function spentAnswer(kind: SpentKind, resetAt: number): SimulatedFault {
	const refusal = rateLimitRefusal(resetAt) as { status: number; body: unknown; headers: Record<string, string> };
	switch (kind) {
		case '403':
			return refusal;
		case '429':
			return { ...refusal, status: 429 };
		case 'remaining 0 on an answer':
			return { answeredWith: refusal.headers };
	}
}

describe('GitHub Poll Trigger: a used-up rate budget stops every reader of the poll at once', () => {
	const noteResponse = GitHubRateLimitPolicy.prototype.noteResponse;
	const noteRequest = GitHubRateLimitPolicy.prototype.noteRequest;
	let now = START;
	const sleeps: number[] = [];
	// Waits return at once (and are recorded), so a wait for the reset inside a poll shows as requests after it.
	const clock: Clock = {
		now: () => now,
		sleep: async (ms) => {
			sleeps.push(ms);
			now += ms;
		},
	};
	beforeEach(() => {
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue({ warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined } as never);
		transportSettings.clock = clock;
	});
	afterEach(() => {
		transportSettings.clock = systemClock;
		jest.restoreAllMocks();
		nock.cleanAll();
	});


	/**
	 * Primes a trigger, changes every list, then answers the poll's request number `position` with
	 * the used-up budget (reset `resetIn` ms later on GitHub's clock, the local clock `skew` ms ahead
	 * of GitHub's). Returns what was asked after the client read that answer, and the items of the
	 * failed poll and of the polls after the reset.
	 */
	async function spentAt(kind: SpentKind, position: number, resetIn: number, skew: number) {
		nock.cleanAll();
		resetGitHubRateLimitState();
		sleeps.length = 0;
		const repository = new SimulatedRepository();
		past(repository);
		let armed = false;
		let count = 0;
		let hit = false;
		let spentRead = false;
		// Requests the client sent after it read the used-up budget (the fake may receive one already on its way later).
		let sentAfterSpent = 0;
		const service: SimulatedService = {
			intercept: (request) => {
				if (!armed || ++count !== position) return undefined;
				hit = true;
				return spentAnswer(kind, repository.clock + resetIn);
			},
		};
		jest.spyOn(GitHubRateLimitPolicy.prototype, 'noteResponse').mockImplementation(function (this: GitHubRateLimitPolicy, response, at) {
			if (armed && response.headers['x-ratelimit-remaining'] === '0') spentRead = true;
			noteResponse.call(this, response, at);
		});
		jest.spyOn(GitHubRateLimitPolicy.prototype, 'noteRequest').mockImplementation(function (this: GitHubRateLimitPolicy) {
			if (armed && spentRead) sentAfterSpent++;
			noteRequest.call(this);
		});
		serveSimulatedRepositories([repository], API, [], 'mona', service);
		now = repository.clock + skew;
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', trigger: 'repositoryEvents', events: ALL_EVENTS, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
			credentialsFor(),
		);
		expect(await harness.poll()).toBeNull();
		const expected = changeEverything(repository);
		now = repository.clock + skew;
		armed = true;
		const { emitted, error } = await pollOnce(harness);
		armed = false;
		const waitedInPoll = [...sleeps];
		// Before the reset the trigger asks nothing.
		const asked = count;
		repository.tick(30);
		now = repository.clock + skew;
		expect(await harness.poll()).toBeNull();
		const askedBeforeReset = count - asked;
		repository.tick(resetIn / 1000 + 60);
		now = repository.clock + skew;
		emitted.push(...items(await harness.poll()));
		emitted.push(...items(await harness.poll()));
		return { hit, error, emitted, expected, sentAfterSpent, waitedInPoll, askedBeforeReset };
	}

	const SETUPS: Array<[SpentKind, string, number, number]> = [
		['403', 'reset in 2 minutes', 120_000, 0],
		['429', 'reset in 2 minutes', 120_000, 0],
		['remaining 0 on an answer', 'reset in 2 minutes', 120_000, 0],
		['403', 'reset in an hour, the local clock 2 hours ahead of GitHub', HOUR, 2 * HOUR],
		['remaining 0 on an answer', 'reset in an hour, the local clock 2 hours ahead of GitHub', HOUR, 2 * HOUR],
	];

	it.each(SETUPS)('%s (%s) at each request of the poll in turn: nothing more is asked, and the polls after the reset emit every change once', async (kind, _when, resetIn, skew) => {
		let position = 1;
		for (; ; position++) {
			const outcome = await spentAt(kind, position, resetIn, skew);
			if (!outcome.hit) break;
			const where = `${kind} at request ${position}`;
			// Only requests already on their way when the answer was read are answered after it.
			expect({ where, sentAfterSpent: outcome.sentAfterSpent, waited: outcome.waitedInPoll, askedBeforeReset: outcome.askedBeforeReset }).toEqual({
				where,
				sentAfterSpent: 0,
				waited: [],
				askedBeforeReset: 0,
			});
			expect({ where, emitted: [...outcome.emitted].sort() }).toEqual({ where, emitted: [...outcome.expected].sort() });
			if (outcome.error) expect({ where, error: outcome.error.message }).toEqual({ where, error: expect.stringContaining('rate limit') as unknown });
		}
		expect(position - 1).toBeGreaterThanOrEqual(19);
	}, 600_000);
});
