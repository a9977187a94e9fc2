import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { POLLED_REPOSITORY_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { MAX_OWNER_REPOSITORIES } from '../../nodes/GitHub/triggers/polling/pollRun';
import { githubContract } from '../contracts/openapi';
import type { SimulatedRequest } from '../fakes/simulatedRepository';
import { serveSimulatedRepositories, SimulatedOwner, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor, TOKEN } from './helpers';

const API = 'https://api.github.com';
const ALL_EVENTS = POLLED_REPOSITORY_TRIGGERS.map((row) => row.value);

/** GraphQL is not in the REST description; its documents are checked where they are built. */
function contractProblems(recorded: SimulatedRequest[]): string[] {
	const contract = githubContract();
	return recorded.filter((request) => request.path !== '/graphql').flatMap((request) =>
		contract.validate({ method: request.method, path: request.path, query: request.query, headers: request.headers }),
	);
}

function parameters(extra: IDataObject = {}): IDataObject {
	return {
		authentication: 'accessToken',
		trigger: 'repositoryEvents',
		events: ALL_EVENTS,
		owner: { __rl: true, mode: 'name', value: 'octo' },
		repositories: ['hello'],
		...extra,
	};
}

function trigger(extra: IDataObject = {}, staticData?: IDataObject): TriggerHarness {
	return new TriggerHarness('gitHubPollTrigger', parameters(extra), credentialsFor(), { staticData });
}

/** n8n saves the static data with the workflow and loads it again after a restart. */
function restarted(harness: TriggerHarness, extra: IDataObject = {}): TriggerHarness {
	return trigger(extra, JSON.parse(JSON.stringify(harness.workflow.staticData)) as IDataObject);
}

async function poll(harness: TriggerHarness, mode: 'trigger' | 'manual' = 'trigger'): Promise<IDataObject[]> {
	const result = await harness.poll(mode);
	return result === null ? [] : result[0].map((item) => item.json);
}

/** What an item is about, to count each event once. */
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
		push: () => of('commit', 'id'),
		workflow_run: () => of('workflow_run', 'id'),
		label: () => of('label', 'id'),
		milestone: () => of('milestone', 'id'),
	};
	return `${String(item.trigger)}|${String(item.action ?? '')}|${subject[String(item.event)]()}`;
}

/**
 * What an item is about, as one entry per change it reports: a New Push item reports its branch's
 * creation and each commit it lists (pushes between two polls are one item, so the items depend on
 * when the polls happen; the commits they list, each once, do not).
 */
function identities(item: IDataObject): string[] {
	if (item.trigger !== 'New Push') return [identity(item)];
	const payload = item.payload as IDataObject;
	const commits = (payload.commits as IDataObject[]).map((commit) => `New Push||${String(payload.ref)}|${String(commit.id)}`);
	return payload.created ? [`New Push||${String(payload.ref)}|created`, ...commits] : commits;
}

describe('GitHub Poll Trigger: repository events', () => {
	let now = Date.parse('2026-11-20T10:00:00Z');
	beforeEach(() => {
		resetGitHubRateLimitState();
		now = Date.parse('2026-11-20T10:00:00Z');
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	it('first poll emits nothing and primes every list; an idle poll then costs no rate limit, one request per list', async () => {
		const repository = new SimulatedRepository();
		repository.openIssue('old issue');
		repository.star('old-stargazer');
		repository.tick(5);
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger();
		expect(await poll(harness)).toEqual([]);
		expect(contractProblems(recorded)).toEqual([]);
		expect(recorded.every((request) => request.headers.authorization === `Bearer ${TOKEN}` || request.headers.authorization === `token ${TOKEN}`)).toBe(true);
		const firstPollRequests = recorded.length;

		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		// Discussions have only GraphQL, which is never conditional: one query per poll for all repositories.
		const idle = recorded.slice(firstPollRequests).filter((request) => request.path !== '/graphql');
		expect(recorded.slice(firstPollRequests).filter((request) => request.path === '/graphql')).toHaveLength(1);
		expect(idle.map((request) => request.status)).toEqual(idle.map(() => 304));
		expect(idle.every((request) => request.headers['if-none-match'])).toBe(true);
		// issues, issue events, pull request heads, issue comments, review comments, releases, forks, stars, tags, branches, runs, labels, milestones.
		expect(idle.map((request) => request.path).sort()).toEqual(
			[
				'/actions/runs',
				'/forks',
				'/git/matching-refs/heads',
				'/git/matching-refs/tags',
				'/issues',
				'/issues/comments',
				'/issues/events',
				'/labels',
				'/milestones',
				'/pulls',
				'/pulls/comments',
				'/releases',
				'/stargazers',
			].map((rest) => `/repos/octo/hello${rest}`),
		);
		expect(contractProblems(recorded)).toEqual([]);
	}, 120_000);

	it('emits each event in the webhook item shape, filtered by the row and the user filters', async () => {
		const repository = new SimulatedRepository();
		serveSimulatedRepositories([repository]);
		const harness = trigger({ filters: { conclusions: ['failure'], branches: 'main' } });
		await poll(harness);

		repository.tick();
		const issue = repository.openIssue('Broken');
		repository.tick();
		const pull = repository.openPullRequest('Fix');
		repository.tick();
		const run = repository.completeRun('failure');
		repository.completeRun('success');
		repository.tick();
		const [sha] = repository.push('main', ['fix it']);
		repository.branch('topic');
		repository.push('topic', ['on topic']);
		repository.tick();
		const items = await poll(harness);
		const repositoryPayload = { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' } };
		expect(items.find((item) => item.trigger === 'New Issue')).toEqual({
			trigger: 'New Issue',
			event: 'issues',
			action: 'opened',
			deliveryId: null,
			payload: { action: 'opened', issue, repository: repositoryPayload },
		});
		expect(items.find((item) => item.trigger === 'New Pull Request')).toEqual({
			trigger: 'New Pull Request',
			event: 'pull_request',
			action: 'opened',
			deliveryId: null,
			payload: {
				action: 'opened',
				number: pull.number,
				// The pull request's own id, node_id, head and base, from the pull request list.
				pull_request: { ...repository.pullRequest(pull), merged: false },
				repository: repositoryPayload,
			},
		});
		// Only the failed run passes the conclusion filter.
		expect(items.filter((item) => item.trigger === 'Workflow Run Completed').map((item) => (item.payload as IDataObject).workflow_run)).toEqual([run]);
		// The branch filter keeps main's commit and the new branch "topic" out.
		const commits = items.filter((item) => item.trigger === 'New Commit');
		expect(commits.map((item) => ((item.payload as IDataObject).commit as IDataObject).id)).toEqual([sha]);
		expect(commits[0]).toMatchObject({ event: 'push', action: null, payload: { ref: 'refs/heads/main', commit: { id: sha, message: 'fix it', distinct: true } } });
		expect(items.filter((item) => item.trigger === 'New Branch')).toEqual([]);
		expect(items.flatMap(identities).sort()).toEqual(
			[`New Issue|opened|${String(issue.number)}`, `New Pull Request|opened|${String(pull.number)}`, `Workflow Run Completed|completed|${String(run.id)}`, `New Commit||${sha}`, `New Push||refs/heads/main|${sha}`].sort(),
		);
	});

	it('250 new issues between two polls: all of them, oldest first, over three pages; Max Items per Poll spreads them without a gap', async () => {
		for (const maxItemsPerPoll of [0, 100]) {
			nock.cleanAll();
			const repository = new SimulatedRepository();
			const recorded = serveSimulatedRepositories([repository]);
			let harness = trigger({ events: ['newIssue'], options: { maxItemsPerPoll } });
			await poll(harness);
			const opened: number[] = [];
			for (let i = 0; i < 250; i++) {
				// Ties: three issues share each second.
				if (i % 3 === 0) repository.tick();
				opened.push(Number(repository.openIssue(`issue ${i}`).number));
			}
			repository.tick();
			const seen: number[] = [];
			for (let round = 0; round < 5; round++) {
				const items = await poll(harness);
				if (maxItemsPerPoll) expect(items.length).toBeLessThanOrEqual(maxItemsPerPoll);
				seen.push(...items.map((item) => Number(((item.payload as IDataObject).issue as IDataObject).number)));
				harness = restarted(harness, { events: ['newIssue'], options: { maxItemsPerPoll } });
			}
			expect(seen).toEqual(opened);
			expect(contractProblems(recorded)).toEqual([]);
		}
	});

	it('a simulated timeline through many polls, restarts, downtime and a skewed local clock: every event exactly once', async () => {
		const repository = new SimulatedRepository();
		const recorded = serveSimulatedRepositories([repository]);
		let harness = trigger();
		await poll(harness);
		const expected: string[] = [];
		const emitted: string[] = [];
		const issues: number[] = [];
		const pulls: number[] = [];
		let step = 0;
		const change = () => {
			step++;
			repository.tick(step % 4 === 0 ? 0 : 1);
			switch (step % 14) {
				case 0: {
					const issue = repository.openIssue(`issue ${step}`);
					issues.push(Number(issue.number));
					expected.push(`New Issue|opened|${String(issue.number)}`);
					break;
				}
				case 1: {
					const pull = repository.openPullRequest(`pull ${step}`);
					pulls.push(Number(pull.number));
					expected.push(`New Pull Request|opened|${String(pull.number)}`);
					break;
				}
				case 2: {
					const number = issues.shift();
					if (number === undefined) break;
					repository.close(number);
					expected.push(`Updated Issue|closed|${number}`);
					break;
				}
				case 3: {
					const number = pulls.shift();
					if (number === undefined) break;
					repository.merge(number);
					expected.push(`Updated Pull Request|closed|${number}`);
					break;
				}
				case 4: {
					const comment = repository.comment(Number(repository.issues[repository.issues.length - 1]?.number ?? repository.openIssue().number));
					expected.push(`New Comment|created|${String(comment.id)}`);
					break;
				}
				case 5:
					repository.tag(`v${step}`);
					expected.push(`New Tag||v${step}`);
					break;
				case 6: {
					repository.branch(`b${step}`);
					expected.push(`New Branch||b${step}`, `New Push||refs/heads/b${step}|created`);
					for (const sha of repository.push('main', [`commit ${step}a`, `commit ${step}b`])) expected.push(`New Commit||${sha}`, `New Push||refs/heads/main|${sha}`);
					break;
				}
				case 7:
					repository.star(`user${step}`);
					expected.push(`New Star|created|user${step}`);
					break;
				case 8: {
					const fork = repository.fork(`user${step}`);
					expected.push(`New Fork||${String(fork.id)}`);
					break;
				}
				case 9: {
					const release = repository.release(`r${step}`);
					expected.push(`New Release|published|${String(release.id)}`);
					break;
				}
				case 10: {
					const run = repository.completeRun(step % 2 ? 'success' : 'failure');
					expected.push(`Workflow Run Completed|completed|${String(run.id)}`);
					break;
				}
				case 12: {
					const discussion = repository.discussion(`discussion ${step}`);
					expected.push(`New Discussion|created|${String(discussion.databaseId)}`);
					break;
				}
				case 13: {
					const discussion = repository.discussions[repository.discussions.length - 1] ?? repository.discussion('first');
					if (!expected.includes(`New Discussion|created|${String(discussion.databaseId)}`)) expected.push(`New Discussion|created|${String(discussion.databaseId)}`);
					const comment = repository.discussionComment(discussion);
					expected.push(`New Discussion Comment|created|${String(comment.databaseId)}`);
					break;
				}
				case 11: {
					const number = Number(repository.issues.filter((issue) => issue.pull_request).pop()?.number ?? repository.openPullRequest().number);
					if (!expected.includes(`New Pull Request|opened|${number}`)) expected.push(`New Pull Request|opened|${number}`);
					const review = repository.review(number, 'APPROVED');
					expected.push(`New Pull Request Review|submitted|${String(review.id)}`);
					break;
				}
			}
		};
		const sinceValues = () =>
			Object.values((harness.staticData.lists ?? {}) as Record<string, IDataObject>).map((position) => position.since);
		let unpolledChanges = 0;
		let sinceMoves = 0;
		let idlePolls = 0;
		for (let round = 0; round < 60; round++) {
			const changes = round % 13 === 12 ? 30 : round % 3; // a burst now and then, often nothing
			for (let i = 0; i < changes; i++) change();
			unpolledChanges += changes;
			repository.tick(60);
			// The local clock runs hours behind GitHub's, later days ahead: it must not matter.
			now = repository.clock + (round < 30 ? -3 * 3_600_000 : 2 * 86_400_000);
			if (round % 17 === 16) continue; // n8n down: this poll does not happen
			if (round % 7 === 6) harness = restarted(harness);
			const before = repository.unitsUsed;
			const sinceBefore = sinceValues();
			emitted.push(...(await poll(harness)).flatMap(identities));
			// Nothing changed since the last poll: free, but for a list whose `since` moved up last time.
			if (unpolledChanges === 0) {
				idlePolls++;
				expect(repository.unitsUsed - before).toBe(sinceMoves);
			}
			sinceMoves = sinceValues().filter((since, index) => since !== sinceBefore[index]).length;
			unpolledChanges = 0;
		}
		expect(idlePolls).toBeGreaterThan(10);
		expect(expected.length).toBeGreaterThan(150);
		expect(expected.filter((event) => event.startsWith('New Pull Request Review')).length).toBeGreaterThan(3);
		expect(expected.filter((event) => event.startsWith('New Discussion Comment')).length).toBeGreaterThan(3);
		repository.tick(60);
		emitted.push(...(await poll(harness)).flatMap(identities));
		expect(emitted.sort()).toEqual(expected.sort());
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(contractProblems(recorded)).toEqual([]);
	}, 120_000);

	it('a rename, a label, a comment and a close between polls are told apart, each with its exact action and actor (issue events)', async () => {
		const repository = new SimulatedRepository();
		const issue = repository.openIssue('Typo');
		const other = repository.openIssue('Quiet');
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = trigger({ events: ['updatedIssue', 'newComment'] });
		await poll(harness);

		repository.tick();
		repository.editIssue(Number(issue.number), 'Typo fixed', 'hubot');
		repository.tick();
		repository.label(Number(issue.number), 'bug');
		const comment = repository.comment(Number(other.number));
		repository.tick();
		const items = await poll(harness);
		expect(items.map(identity)).toEqual([`Updated Issue|edited|${String(issue.number)}`, `Updated Issue|labeled|${String(issue.number)}`, `New Comment|created|${String(comment.id)}`]);
		const [renamed, labeled] = items.map((item) => item.payload as IDataObject);
		expect(renamed.changes).toEqual({ title: { from: 'Typo' } });
		expect(renamed.sender).toEqual({ login: 'hubot', id: 1, type: 'User' });
		expect(labeled.label).toEqual({ name: 'bug', color: 'd73a4a' });
		expect(labeled.sender).toEqual({ login: 'mona', id: 1, type: 'User' });
		expect((labeled.issue as IDataObject).labels).toEqual([{ name: 'bug', color: 'd73a4a' }]);

		repository.close(Number(other.number));
		repository.tick();
		repository.reopen(Number(issue.number)); // it was open: no event
		repository.editComment(comment, 'edited later'); // not a new comment
		repository.tick();
		expect((await poll(harness)).map(identity)).toEqual([`Updated Issue|closed|${String(other.number)}`]);

		// A body edit has no issue event: the issues list reports it, once.
		repository.editBody(Number(issue.number), 'Steps to reproduce');
		repository.tick();
		expect((await poll(harness)).map(identity)).toEqual([`Updated Issue|edited|${String(issue.number)}`]);
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
	});

	it('New Pull Request Review: reviews of the pull requests the issues list shows updated, in the delivery\'s shape and with the review state filter', async () => {
		const repository = new SimulatedRepository();
		const pull = repository.openPullRequest('Change');
		repository.tick(5);
		const recorded = serveSimulatedRepositories([repository]);
		let harness = trigger({ events: ['newPullRequestReview'], filters: { reviewStates: ['approved'] } });
		await poll(harness);
		repository.tick();
		const approved = repository.review(Number(pull.number), 'APPROVED');
		repository.review(Number(pull.number), 'COMMENTED');
		repository.tick();
		const items = await poll(harness);
		expect(items).toEqual([
			{
				trigger: 'New Pull Request Review',
				event: 'pull_request_review',
				action: 'submitted',
				deliveryId: null,
				payload: {
					action: 'submitted',
					review: { ...approved, state: 'approved' },
					// The pull request's own id, node_id, head and base, from the pull request list.
				pull_request: { ...repository.pullRequest(pull), merged: false },
					repository: { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' } },
				},
			},
		]);
		harness = restarted(harness, { events: ['newPullRequestReview'], filters: { reviewStates: ['approved'] } });
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		expect(recorded.filter((request) => request.path.endsWith('/reviews')).map((request) => request.query)).toEqual([{ per_page: '100' }]);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('New Discussion and New Discussion Comment: one GraphQL query per poll for all chosen repositories, items in the delivery\'s shape', async () => {
		const hello = new SimulatedRepository('octo', 'hello');
		const docs = new SimulatedRepository('octo', 'docs');
		const old = hello.discussion('before activation');
		hello.tick(5);
		const queries: Array<{ query: string; variables: IDataObject }> = [];
		nock(API)
			.persist()
			.post('/graphql', (body: { query: string; variables: IDataObject }) => {
				queries.push(body);
				return true;
			})
			.reply(200, () => ({ data: { r0: hello.graphqlDiscussions(20, 20), r1: docs.graphqlDiscussions(20, 20), rateLimit: { cost: 1 } } }));
		let harness = trigger({ events: ['newDiscussion', 'newDiscussionComment'], repositories: ['hello', 'docs'] });
		expect(await poll(harness)).toEqual([]);
		hello.tick();
		const comment = hello.discussionComment(old, 'late reply');
		hello.tick();
		const opened = hello.discussion('new one');
		harness = restarted(harness, { events: ['newDiscussion', 'newDiscussionComment'], repositories: ['hello', 'docs'] });
		const items = await poll(harness);
		const repositoryPayload = { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' } };
		const shaped = (discussion: Record<string, unknown>) => ({
			id: discussion.databaseId,
			node_id: discussion.id,
			number: discussion.number,
			title: discussion.title,
			body: discussion.body,
			html_url: discussion.url,
			state: 'open',
			locked: false,
			active_lock_reason: null,
			comments: (discussion.comments as { nodes: unknown[] }).nodes.length,
			author_association: 'OWNER',
			answer_html_url: null,
			answer_chosen_at: null,
			answer_chosen_by: null,
			created_at: discussion.createdAt,
			updated_at: discussion.updatedAt,
			user: { login: 'mona' },
			category: { name: 'General' },
		});
		expect(items).toEqual([
			{
				trigger: 'New Discussion Comment',
				event: 'discussion_comment',
				action: 'created',
				deliveryId: null,
				payload: {
					action: 'created',
					comment: {
						id: comment.databaseId,
						node_id: comment.id,
						discussion_id: old.databaseId,
						parent_id: null,
						author_association: 'OWNER',
						body: 'late reply',
						html_url: comment.url,
						created_at: comment.createdAt,
						updated_at: comment.updatedAt,
						user: { login: 'mona' },
					},
					discussion: shaped(old),
					repository: repositoryPayload,
				},
			},
			{ trigger: 'New Discussion', event: 'discussion', action: 'created', deliveryId: null, payload: { action: 'created', discussion: shaped(opened), repository: repositoryPayload } },
		]);
		expect(await poll(harness)).toEqual([]);
		expect(queries).toHaveLength(3);
		expect(queries[0].variables).toEqual({ owner0: 'octo', name0: 'hello', owner1: 'octo', name1: 'docs' });
		expect(queries[0].query).toContain('r1: repository(owner: $owner1, name: $name1) { discussions(first: 20, orderBy: { field: UPDATED_AT, direction: DESC })');
		expect(harness.staticData.discussionsQueryCost).toBe(1);
	});

	it('New Star: stargazers are listed oldest first; a full last page, stars taken back and given again', async () => {
		const repository = new SimulatedRepository();
		for (let i = 0; i < 100; i++) repository.star(`early${i}`);
		repository.tick(5);
		const recorded = serveSimulatedRepositories([repository]);
		let harness = trigger({ events: ['newStar'] });
		await poll(harness);
		for (let round = 0; round < 3; round++) {
			repository.tick(60);
			expect(await poll(harness)).toEqual([]);
		}
		repository.tick();
		repository.star('late1');
		repository.tick(60);
		expect((await poll(harness)).map(identity)).toEqual(['New Star|created|late1']);
		// Two stars taken back: the list shrinks to one page; a new star lands on it.
		repository.unstar('early3');
		repository.unstar('late1');
		repository.tick();
		repository.star('late2');
		harness = restarted(harness, { events: ['newStar'] });
		repository.tick(60);
		expect((await poll(harness)).map(identity)).toEqual(['New Star|created|late2']);
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
		repository.tick();
		repository.star('late3');
		repository.star('late4');
		repository.tick(60);
		expect((await poll(harness)).map(identity)).toEqual(['New Star|created|late3', 'New Star|created|late4']);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('New Release: more than a page of new releases, with a draft among the newest, all published ones once', async () => {
		const repository = new SimulatedRepository();
		repository.release('v0');
		repository.tick(5);
		serveSimulatedRepositories([repository]);
		const harness = trigger({ events: ['newRelease'] });
		await poll(harness);
		const published: string[] = [];
		for (let i = 1; i <= 100; i++) {
			repository.tick();
			published.push(`New Release|published|${String(repository.release(`v${i}`).id)}`);
		}
		repository.tick();
		repository.release('next', true);
		repository.tick(60);
		expect((await poll(harness)).map(identity)).toEqual(published);
		repository.tick(60);
		expect(await poll(harness)).toEqual([]);
	});

	it('X-Poll-Interval: the next polls are skipped until it passed on GitHub\'s clock, whatever the local clock says', async () => {
		const repository = new SimulatedRepository();
		repository.pollIntervalSeconds = 300;
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger({ events: ['newStar'] });
		now = repository.clock - 7 * 3_600_000;
		await poll(harness);
		const afterFirst = recorded.length;
		repository.star('early');
		repository.tick(120);
		now += 120_000;
		expect(await poll(harness)).toEqual([]);
		expect(recorded.length).toBe(afterFirst);
		repository.tick(200);
		now += 200_000;
		expect((await poll(harness)).map(identity)).toEqual(['New Star|created|early']);
	});

	it('an entry dated in the future does not move the cursor past GitHub\'s present', async () => {
		const repository = new SimulatedRepository();
		serveSimulatedRepositories([repository]);
		const harness = trigger({ events: ['newIssue'] });
		await poll(harness);
		repository.tick();
		const future = repository.openIssue('from the future');
		future.created_at = future.updated_at = '2030-01-01T00:00:00Z';
		repository.tick();
		expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(future.number)}`]);
		const position = (harness.staticData.lists as Record<string, IDataObject>)['octo/hello:issues'];
		expect(Date.parse(String(position.at))).toBeLessThanOrEqual(repository.clock);
		repository.tick();
		const later = repository.openIssue('now');
		repository.tick();
		expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(later.number)}`]);
	});

	it('the credential\'s Allowed Repositories and GitHub\'s refusals work as in every node', async () => {
		const repository = new SimulatedRepository();
		const recorded = serveSimulatedRepositories([repository]);
		const scoped = new TriggerHarness('gitHubPollTrigger', parameters({ events: ['newIssue'] }), {
			githubAccessTokenApi: { ...credentialsFor().githubAccessTokenApi, allowedRepositories: 'octo/other', accessLevel: 'readOnly' },
		});
		await expect(scoped.poll()).rejects.toThrow(/octo\/hello/);
		expect(recorded).toEqual([]);

		nock.cleanAll();
		nock(API).get('/repos/octo/hidden/issues').query(true).reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
		const hidden = trigger({ events: ['newIssue'], repositories: ['hidden'] });
		const failure = await hidden.poll().then(
			() => undefined,
			(error: unknown) => error as NodeApiError,
		);
		expect(failure).toBeInstanceOf(NodeApiError);
		expect(failure!.message).toContain('Not Found');
		expect(JSON.stringify(failure)).not.toContain(TOKEN);
	});

	it('"Fetch Test Event" returns the latest matching item and leaves the positions alone', async () => {
		const repository = new SimulatedRepository();
		repository.openIssue('first');
		repository.tick();
		const latest = repository.openIssue('second');
		repository.completeRun('success');
		serveSimulatedRepositories([repository]);
		const harness = trigger({ events: ['newIssue'] });
		expect((await poll(harness, 'manual')).map(identity)).toEqual([`New Issue|opened|${String(latest.number)}`]);
		expect(harness.staticData.lists).toBeUndefined();
	});
});

describe('GitHub Poll Trigger: all repositories of an owner', () => {
	const ORGANIZATION_LIST = '/orgs/octo/repos';
	const listQuery = (page: number) => ({ type: 'all', sort: 'created', direction: 'desc', per_page: '100', page: String(page) });
	const ownerWide = (extra: IDataObject = {}) => ({ watch: 'allOfOwner', repositories: [], events: ['newIssue', 'newRelease'], ...extra });
	/** The owner-list requests and whether each was conditional, with GitHub's status. */
	const ownerListReads = (recorded: SimulatedRequest[], from = 0) =>
		recorded.slice(from).filter((request) => !request.path.startsWith('/repos/')).map((request) => ({ path: request.path, query: request.query, conditional: Boolean(request.headers['if-none-match']), status: request.status }));
	const repositoriesAsked = (recorded: SimulatedRequest[], from = 0) => [...new Set(recorded.slice(from).filter((request) => request.path.startsWith('/repos/')).map((request) => request.path.split('/').slice(2, 4).join('/')))].sort();

	beforeEach(() => {
		resetGitHubRateLimitState();
		jest.spyOn(Date, 'now').mockImplementation(() => Date.parse('2026-11-20T10:00:00Z'));
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	it('reads the organization\'s list with an ETag per page; a repository added later starts without its past, one removed is forgotten', async () => {
		const hello = new SimulatedRepository('octo', 'hello');
		const site = new SimulatedRepository('octo', 'site');
		hello.openIssue('old');
		const organization = new SimulatedOwner('octo', 'Organization', [hello, site]);
		const recorded = serveSimulatedRepositories([], API, [organization]);
		const harness = trigger(ownerWide());
		expect(await poll(harness)).toEqual([]);
		// The first page, and the page after the last one (empty: a repository landing on a new page is seen).
		expect(ownerListReads(recorded)).toEqual([
			{ path: ORGANIZATION_LIST, query: listQuery(1), conditional: false, status: 200 },
			{ path: ORGANIZATION_LIST, query: listQuery(2), conditional: false, status: 200 },
		]);
		expect(repositoriesAsked(recorded)).toEqual(['octo/hello', 'octo/site']);
		expect(contractProblems(recorded)).toEqual([]);

		// Idle: every request conditional, every answer a 304.
		hello.tick(60);
		let from = recorded.length;
		const units = () => organization.unitsUsed + hello.unitsUsed + site.unitsUsed;
		let before = units();
		expect(await poll(harness)).toEqual([]);
		expect(units()).toBe(before);
		expect(recorded.slice(from).map((request) => [request.status, Boolean(request.headers['if-none-match'])])).toEqual(recorded.slice(from).map(() => [304, true]));
		expect(ownerListReads(recorded, from)).toEqual([
			{ path: ORGANIZATION_LIST, query: listQuery(1), conditional: true, status: 304 },
			{ path: ORGANIZATION_LIST, query: listQuery(2), conditional: true, status: 304 },
		]);

		// A repository is created with an issue and a release before the next poll, and hello gets a new issue.
		hello.tick();
		const docs = new SimulatedRepository('octo', 'docs');
		docs.clock = hello.clock;
		docs.openIssue('from before it was watched');
		docs.release('v0');
		organization.repositories.push(docs);
		const fresh = hello.openIssue('new in hello');
		hello.tick();
		from = recorded.length;
		before = hello.unitsUsed + site.unitsUsed;
		expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(fresh.number)}`]);
		// The list changed (a unit), site's lists did not; docs' lists are read for the first time.
		expect(ownerListReads(recorded, from)).toEqual([
			{ path: ORGANIZATION_LIST, query: listQuery(1), conditional: true, status: 200 },
			{ path: ORGANIZATION_LIST, query: listQuery(2), conditional: true, status: 304 },
		]);
		expect(recorded.slice(from).filter((request) => request.path.startsWith('/repos/octo/docs/')).every((request) => !request.headers['if-none-match'] || request.status === 304)).toBe(true);
		expect(site.unitsUsed + hello.unitsUsed - before).toBe(1);

		// From now on docs is watched like the others.
		docs.tick(60);
		const later = docs.openIssue('after it was watched');
		docs.tick();
		expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(later.number)}`]);

		// site is deleted: not asked again, its positions and ETags dropped.
		organization.repositories.splice(organization.repositories.indexOf(site), 1);
		from = recorded.length;
		expect(await poll(harness)).toEqual([]);
		expect(repositoriesAsked(recorded, from)).toEqual(['octo/docs', 'octo/hello']);
		expect(Object.keys(harness.staticData.lists as IDataObject).filter((key) => key.startsWith('octo/site:'))).toEqual([]);
		expect(Object.keys(harness.staticData.etags as IDataObject).filter((url) => url.startsWith('/repos/octo/site/'))).toEqual([]);
		expect(contractProblems(recorded)).toEqual([]);
	});

	it('repositories outside the credential\'s Allowed Repositories are skipped; a changed scope reads the list again in full', async () => {
		const hello = new SimulatedRepository('octo', 'hello');
		const docs = new SimulatedRepository('octo', 'docs');
		const secret = new SimulatedRepository('octo', 'secret');
		const organization = new SimulatedOwner('octo', 'Organization', [hello, docs, secret]);
		const recorded = serveSimulatedRepositories([], API, [organization]);
		const scoped = (allowedRepositories: string, staticData?: IDataObject) =>
			new TriggerHarness('gitHubPollTrigger', parameters(ownerWide()), { githubAccessTokenApi: { ...credentialsFor().githubAccessTokenApi, allowedRepositories } }, { staticData });
		const harness = scoped('octo/hello, octo/docs');
		expect(await poll(harness)).toEqual([]);
		expect(repositoriesAsked(recorded)).toEqual(['octo/docs', 'octo/hello']);
		expect(harness.staticData.owners).toEqual({
			octo: {
				path: '/orgs/octo/repos',
				qs: { type: 'all', sort: 'created', direction: 'desc' },
				pages: [
					{ names: ['octo/docs', 'octo/hello'], next: false },
					{ names: [], next: false },
				],
				scopeEntries: 'octo/hello, octo/docs',
			},
		});
		hello.tick(60);
		let from = recorded.length;
		expect(await poll(harness)).toEqual([]);
		expect(ownerListReads(recorded, from).map((read) => [read.status, read.conditional])).toEqual([
			[304, true],
			[304, true],
		]);

		// Positions saved by older versions name the entries `scope`: read the same way, the pages stay conditional.
		const saved = JSON.parse(JSON.stringify(harness.workflow.staticData)) as Record<string, { owners?: Record<string, IDataObject> }>;
		const octo = Object.values(saved).find((data) => data.owners)!.owners!.octo;
		octo.scope = octo.scopeEntries;
		delete octo.scopeEntries;
		const upgraded = scoped('octo/hello, octo/docs', saved as IDataObject);
		from = recorded.length;
		expect(await poll(upgraded)).toEqual([]);
		expect(ownerListReads(recorded, from).map((read) => [read.status, read.conditional])).toEqual([
			[304, true],
			[304, true],
		]);

		// The list did not change, but the scope is narrower now: the pages are read without ETag; docs is skipped and forgotten.
		const narrowed = scoped('octo/hello', JSON.parse(JSON.stringify(harness.workflow.staticData)) as IDataObject);
		hello.tick(60);
		from = recorded.length;
		expect(await poll(narrowed)).toEqual([]);
		expect(ownerListReads(recorded, from).map((read) => [read.status, read.conditional])).toEqual([
			[200, false],
			[200, false],
		]);
		expect(repositoriesAsked(recorded, from)).toEqual(['octo/hello']);
		expect(Object.keys(narrowed.staticData.lists as IDataObject).filter((key) => key.startsWith('octo/docs:'))).toEqual([]);
		expect(Object.keys(narrowed.staticData.lists as IDataObject).filter((key) => key.startsWith('octo/hello:')).sort()).toEqual(['octo/hello:issues', 'octo/hello:releases']);

		// Widened to the whole owner: secret (never read before) is watched from now on.
		const widened = scoped('octo/*', JSON.parse(JSON.stringify(narrowed.workflow.staticData)) as IDataObject);
		hello.tick(60);
		from = recorded.length;
		expect(await poll(widened)).toEqual([]);
		expect(repositoriesAsked(recorded, from)).toEqual(['octo/docs', 'octo/hello', 'octo/secret']);
		secret.tick(120);
		const later = secret.openIssue('now watched');
		secret.tick();
		expect((await poll(widened)).map(identity)).toEqual([`New Issue|opened|${String(later.number)}`]);
	});

	it('a listed repository of another owner, or with a name GitHub does not allow, is skipped and named in the log; the others are polled', async () => {
		const hello = new SimulatedRepository('octo', 'hello');
		const odd = [new SimulatedRepository('other', 'elsewhere'), new SimulatedRepository('octo', '..'), new SimulatedRepository('octo', 'nul\u0000byte'), new SimulatedRepository('octo', 'a/b')];
		const recorded = serveSimulatedRepositories([], API, [new SimulatedOwner('octo', 'Organization', [hello, ...odd])]);
		const warnings: string[] = [];
		jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue({ warn: (message: string) => warnings.push(message), debug: () => undefined, info: () => undefined, error: () => undefined } as never);
		const harness = trigger(ownerWide({ events: ['newIssue'] }));
		expect(await poll(harness)).toEqual([]);
		hello.tick(60);
		const issue = hello.openIssue('still polled');
		hello.tick();
		expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(issue.number)}`]);
		expect(repositoriesAsked(recorded)).toEqual(['octo/hello']);
		expect(warnings[0]).toBe(
			'Trigger: GitHub listed 4 repositories for "octo" that are not its own or whose names GitHub does not allow; they are not polled: "octo/a/b", "octo/nul\\u0000byte", "octo/..", "other/elsewhere"',
		);
	});

	it(`more than ${MAX_OWNER_REPOSITORIES} repositories: a clear error naming the bound, no repository polled`, async () => {
		const many = Array.from({ length: MAX_OWNER_REPOSITORIES + 1 }, (_, i) => new SimulatedRepository('octo', `repo${i}`));
		const recorded = serveSimulatedRepositories([], API, [new SimulatedOwner('octo', 'Organization', many)]);
		const failure = await trigger(ownerWide()).poll().then(
			() => undefined,
			(error: unknown) => error as NodeOperationError,
		);
		expect(failure).toBeInstanceOf(NodeOperationError);
		expect(failure!.message).toBe(`"All Repositories of the Owner" watches at most ${MAX_OWNER_REPOSITORIES} repositories, and "octo" has more that this credential can read`);
		expect(failure!.description).toContain('"Chosen Repositories"');
		expect(ownerListReads(recorded)).toEqual([
			{ path: ORGANIZATION_LIST, query: listQuery(1), conditional: false, status: 200 },
			{ path: ORGANIZATION_LIST, query: listQuery(2), conditional: false, status: 200 },
		]);
		expect(repositoriesAsked(recorded)).toEqual([]);
	});

	it('"Fetch Test Event" returns the latest matching item of all the owner\'s repositories and stores nothing', async () => {
		const hello = new SimulatedRepository('octo', 'hello');
		const docs = new SimulatedRepository('octo', 'docs');
		hello.openIssue('older');
		docs.tick(5);
		const latest = docs.openIssue('newest');
		serveSimulatedRepositories([], API, [new SimulatedOwner('octo', 'Organization', [hello, docs])]);
		const harness = trigger(ownerWide({ events: ['newIssue'] }));
		const items = await poll(harness, 'manual');
		expect(items.map(identity)).toEqual([`New Issue|opened|${String(latest.number)}`]);
		expect((items[0].payload as IDataObject).repository).toEqual({ name: 'docs', full_name: 'octo/docs', owner: { login: 'octo' } });
		expect(harness.staticData).toEqual({});
	});

	it('a user: /orgs answers 404, then /users/{user}/repos; the connected account\'s own repositories come from /user/repos (private ones too)', async () => {
		for (const signedIn of [false, true]) {
			nock.cleanAll();
			resetGitHubRateLimitState();
			const hello = new SimulatedRepository('octo', 'hello');
			const user = new SimulatedOwner('octo', 'User', [hello]);
			user.signedIn = signedIn;
			const recorded = serveSimulatedRepositories([], API, [user], signedIn ? 'octo' : 'mona');
			const harness = trigger(ownerWide({ events: ['newIssue'] }));
			await poll(harness);
			hello.tick(60);
			const issue = hello.openIssue('hello');
			hello.tick();
			expect((await poll(harness)).map(identity)).toEqual([`New Issue|opened|${String(issue.number)}`]);
			const listed = signedIn
				? { path: '/user/repos', query: (page: number) => ({ affiliation: 'owner', sort: 'created', direction: 'desc', per_page: '100', page: String(page) }) }
				: { path: '/users/octo/repos', query: (page: number) => ({ type: 'owner', sort: 'created', direction: 'desc', per_page: '100', page: String(page) }) };
			expect(ownerListReads(recorded)).toEqual([
				{ path: ORGANIZATION_LIST, query: listQuery(1), conditional: false, status: 404 },
				{ path: '/user', query: {}, conditional: false, status: 200 },
				{ path: listed.path, query: listed.query(1), conditional: false, status: 200 },
				{ path: listed.path, query: listed.query(2), conditional: false, status: 200 },
				// The second poll goes straight to the list found (changed: the list counts open issues).
				{ path: listed.path, query: listed.query(1), conditional: true, status: 200 },
				{ path: listed.path, query: listed.query(2), conditional: true, status: 304 },
			]);
			expect(contractProblems(recorded)).toEqual([]);
		}
	});
});
