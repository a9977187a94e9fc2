import { generateKeyPairSync } from 'node:crypto';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeHelpers, NodeOperationError } from 'n8n-workflow';

import { GitHubPollTrigger } from '../../nodes/GitHub/GitHubPollTrigger.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor, pollTrigger } from './helpers';

const API = 'https://api.github.com';

const at = (minute: number, second = 0) =>
	`2026-11-20T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}Z`;

function json(result: Awaited<ReturnType<TriggerHarness['poll']>>) {
	return result === null ? null : result[0].map((item) => item.json);
}

const polled = (trigger: string, payload: IDataObject) => ({ trigger, payload });

/** n8n saves a workflow's static data after a poll only when it was marked as changed. */
function markedChanged(harness: TriggerHarness): boolean {
	return (harness.workflow.staticData as IDataObject).__dataChanged === true;
}

function reloaded(harness: TriggerHarness, parameters: IDataObject): TriggerHarness {
	const saved = JSON.parse(JSON.stringify(harness.workflow.staticData)) as IDataObject;
	return new TriggerHarness('gitHubPollTrigger', { authentication: 'accessToken', ...parameters }, credentialsFor(), { staticData: saved });
}

describe('GitHub Poll Trigger', () => {
	beforeEach(() => resetGitHubRateLimitState());

	describe('New Gist', () => {
		const g1 = { id: 'g1', created_at: at(0), updated_at: at(0) };
		const g2 = { id: 'g2', created_at: at(5, 5), updated_at: at(5, 5) };
		const g3 = { id: 'g3', created_at: at(5, 5), updated_at: at(6) };
		const g4 = { id: 'g4', created_at: at(30), updated_at: at(30) };

		it('records the position on the first poll, then emits each new gist once, across pages', async () => {
			let harness = pollTrigger({ trigger: 'newGist' });
			nock(API).get('/gists').query({ per_page: '100' }).reply(200, [g2, g1]);
			expect(await harness.poll()).toBeNull();
			expect(harness.staticData).toEqual({ position: { key: 'gists', at: at(5, 5), seen: ['g2'] } });
			expect(markedChanged(harness)).toBe(true);

			// As n8n would: static data saved with the workflow and loaded for the next poll.
			harness = reloaded(harness, { trigger: 'newGist' });
			const pages = nock(API)
				.get('/gists')
				.query({ since: at(5, 4), per_page: '100' })
				.reply(200, [g4, g2], { link: `<${API}/gists?since=${at(5, 4)}&per_page=100&page=2>; rel="next"` })
				.get('/gists')
				.query({ since: at(5, 4), per_page: '100', page: '2' })
				.reply(200, [g3]);
			// g3 shares g2's creation second: only the id list at that second tells them apart.
			expect(json(await harness.poll())).toEqual([polled('New Gist', g3), polled('New Gist', g4)]);
			expect(pages.isDone()).toBe(true);
			// The ids reported are remembered too: one coming back with a newer time is not reported again.
			expect(harness.staticData).toEqual({ position: { key: 'gists', at: at(30), seen: ['g4'], recent: ['g3', 'g4'] } });

			nock(API).get('/gists').query({ since: at(29, 59), per_page: '100' }).reply(200, [g4]);
			expect(await harness.poll()).toBeNull();
		});

		it('shows the latest gist in a manual run and leaves the position alone', async () => {
			const harness = pollTrigger({ trigger: 'newGist' });
			harness.staticData.position = { key: 'gists', at: at(0), seen: ['g1'] };
			nock(API).get('/gists').query({ per_page: '100' }).reply(200, [g1, g4, g2]);
			expect(json(await harness.poll('manual'))).toEqual([polled('New Gist', g4)]);
			expect(harness.staticData.position).toEqual({ key: 'gists', at: at(0), seen: ['g1'] });
		});

		it('starts from the beginning of time when the account has no gists yet', async () => {
			const harness = pollTrigger({ trigger: 'newGist' });
			nock(API).get('/gists').query({ per_page: '100' }).reply(200, []);
			expect(await harness.poll()).toBeNull();
			nock(API).get('/gists').query({ since: '1970-01-01T00:00:00Z', per_page: '100' }).reply(200, [g1]);
			expect(json(await harness.poll())).toEqual([polled('New Gist', g1)]);
		});
	});

	describe('New Repository (in the account)', () => {
		const repo = (n: number, created: string) => ({ id: n, full_name: `octocat/r${n}`, created_at: created });
		const qs = { affiliation: 'owner', sort: 'created', direction: 'desc', per_page: '100' };

		it('walks newest-first pages until it reaches known repositories, emitting every new one once', async () => {
			const harness = pollTrigger({ trigger: 'newRepository' });
			nock(API).get('/user/repos').query(qs).reply(200, [repo(2, at(1)), repo(1, at(0))]);
			expect(await harness.poll()).toBeNull();
			expect(harness.staticData.position).toEqual({ key: 'userRepositories', at: at(1), seen: ['2'] });

			// 101 repositories arrive between polls: two pages. One slides from page 1 to page 2 while paging.
			const fresh = Array.from({ length: 101 }, (_, i) => repo(1000 + i, `2026-11-20T11:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`)).reverse();
			const scope = nock(API)
				.get('/user/repos')
				.query({ ...qs, page: '1' })
				.reply(200, fresh.slice(0, 100))
				.get('/user/repos')
				.query({ ...qs, page: '2' })
				.reply(200, [fresh[99], fresh[100], repo(2, at(1)), repo(1, at(0))]);
			const items = json(await harness.poll())!;
			expect(scope.isDone()).toBe(true);
			expect(items.map((item) => (item.payload as IDataObject).id)).toEqual([...fresh].reverse().map((r) => r.id));
			expect(harness.staticData.position).toEqual({
				key: 'userRepositories',
				at: fresh[0].created_at,
				seen: [String(fresh[0].id)],
				// The last 100 reported, oldest first.
				recent: [...fresh].reverse().slice(-100).map((r) => String(r.id)),
			});

			nock(API).get('/user/repos').query({ ...qs, page: '1' }).reply(200, [fresh[0], fresh[1]]);
			expect(await harness.poll()).toBeNull();
		});
	});

	describe('New Watcher', () => {
		const user = (id: number) => ({ id, login: `user${id}` });
		const params = { trigger: 'newWatcher', owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' } };

		it('diffs the subscriber list against the stored ids, across pages', async () => {
			const harness = pollTrigger(params);
			nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(1), user(2)]);
			expect(await harness.poll()).toBeNull();
			expect(harness.staticData.position).toEqual({ key: 'watchers:octo/hello', ids: ['1', '2'] });

			const scope = nock(API)
				.get('/repos/octo/hello/subscribers')
				.query({ per_page: '100' })
				.reply(200, [user(1), user(2)], { link: `<${API}/repositories/9/subscribers?per_page=100&page=2>; rel="next"` })
				.get('/repositories/9/subscribers')
				.query({ per_page: '100', page: '2' })
				.reply(200, [user(3)]);
			expect(json(await harness.poll())).toEqual([polled('New Watcher', user(3))]);
			expect(scope.isDone()).toBe(true);

			nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(2), user(3)]);
			expect(await harness.poll()).toBeNull();
			// user1 stopped watching and comes back: a new watch.
			nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(2), user(3), user(1)]);
			expect(json(await harness.poll())).toEqual([polled('New Watcher', user(1))]);
		});

		it('starts afresh for another repository and shows the last watcher in manual runs', async () => {
			const harness = pollTrigger(params);
			harness.staticData.position = { key: 'watchers:octo/other', ids: ['1'] };
			nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(1), user(2)]);
			expect(json(await harness.poll('manual'))).toEqual([polled('New Watcher', user(2))]);
			expect(harness.staticData.position).toEqual({ key: 'watchers:octo/other', ids: ['1'] });
			nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(1), user(2)]);
			expect(await harness.poll()).toBeNull();
		});

		it('takes the owner from a repository given as "owner/name" (picked without an owner); the owner field stays shown', async () => {
			const harness = pollTrigger({ trigger: 'newWatcher', owner: { __rl: true, mode: 'list', value: '' }, repository: { __rl: true, mode: 'list', value: 'octo/hello' } });
			const scope = nock(API).get('/repos/octo/hello/subscribers').query({ per_page: '100' }).reply(200, [user(1)]);
			expect(await harness.poll()).toBeNull();
			expect(scope.isDone()).toBe(true);
			expect(harness.staticData.position).toEqual({ key: 'watchers:octo/hello', ids: ['1'] });
			const description = new GitHubPollTrigger().description;
			const owner = description.properties.find((property) => property.name === 'owner')!;
			const shown = (value: string) =>
				NodeHelpers.displayParameter({ trigger: 'newWatcher', repository: { __rl: true, mode: 'list', value } }, owner, null, description);
			expect([shown('octo/hello'), shown('hello'), shown('={{ $json.repository }}')]).toEqual([true, true, true]);
		});

		it('names the missing parameter', async () => {
			const harness = pollTrigger({ ...params, repository: { __rl: true, mode: 'name', value: '' } });
			await expect(harness.poll()).rejects.toThrow('The "Owner" and "Repository" parameters are required for New Watcher');
		});
	});

	describe('New Mention (notifications)', () => {
		const thread = (id: string, reason: string, updated: string) => ({ id, reason, updated_at: updated, subject: { title: `t${id}` } });
		const base = { all: 'true', participating: 'true', per_page: '50' };

		it('emits notifications with reason "mention" once, including a new mention on a known thread', async () => {
			const harness = pollTrigger({ trigger: 'newMention' });
			nock(API).get('/notifications').query(base).reply(200, [thread('1', 'mention', at(1)), thread('2', 'subscribed', at(0))]);
			expect(await harness.poll()).toBeNull();

			const later = [thread('3', 'review_requested', at(9)), thread('4', 'mention', at(8)), thread('1', 'mention', at(1))];
			nock(API).get('/notifications').query({ ...base, since: at(0, 59) }).reply(200, later);
			expect(json(await harness.poll())).toEqual([polled('New Mention', later[1])]);
			expect(harness.staticData.position).toEqual({ key: 'mentions:true', at: at(9), seen: ['3@' + at(9)], recent: ['4@' + at(8), '3@' + at(9)] });

			const again = thread('1', 'mention', at(12));
			nock(API).get('/notifications').query({ ...base, since: at(8, 59) }).reply(200, [again, later[0]]);
			expect(json(await harness.poll())).toEqual([polled('New Mention', again)]);
		});

		it('reads all notifications when "Only Participating" is off, and shows the latest mention in manual runs', async () => {
			const harness = pollTrigger({ trigger: 'newMention', onlyParticipating: false });
			const mention = thread('5', 'mention', at(3));
			nock(API).get('/notifications').query({ ...base, participating: 'false' }).reply(200, [thread('6', 'author', at(4)), mention]);
			expect(json(await harness.poll('manual'))).toEqual([polled('New Mention', mention)]);
			expect(harness.staticData).toEqual({});
		});
	});

	describe('New Notification and New Review Request for Me (notifications)', () => {
		const thread = (id: string, reason: string, updated: string) => ({ id, reason, updated_at: updated, subject: { title: `t${id}`, type: 'PullRequest' } });
		const base = { all: 'true', participating: 'true', per_page: '50' };

		it('New Notification with no reason chosen emits every new thread once, oldest first, and a thread again when it has new activity', async () => {
			const harness = pollTrigger({ trigger: 'newNotification' });
			nock(API).get('/notifications').query(base).reply(200, [thread('1', 'author', at(1))]);
			expect(await harness.poll()).toBeNull();
			expect(harness.staticData.position).toEqual({ key: 'notifications::true', at: at(1), seen: ['1@' + at(1)] });

			const later = [thread('3', 'ci_activity', at(9)), thread('2', 'comment', at(8)), thread('1', 'author', at(1))];
			nock(API).get('/notifications').query({ ...base, since: at(0, 59) }).reply(200, later);
			expect(json(await harness.poll())).toEqual([polled('New Notification', later[1]), polled('New Notification', later[0])]);

			const again = thread('1', 'state_change', at(12));
			nock(API).get('/notifications').query({ ...base, since: at(8, 59) }).reply(200, [again, later[0]]);
			expect(json(await harness.poll())).toEqual([polled('New Notification', again)]);
		});

		it('New Notification with Reasons emits only threads of those reasons; other reasons move the position without items', async () => {
			const harness = pollTrigger({ trigger: 'newNotification', reasons: ['assign', 'team_mention'], onlyParticipating: false });
			const all = { ...base, participating: 'false' };
			nock(API).get('/notifications').query(all).reply(200, []);
			expect(await harness.poll()).toBeNull();
			expect(harness.staticData.position).toEqual({ key: 'notifications:assign,team_mention:false', at: '1970-01-01T00:00:00Z', seen: [] });

			const later = [thread('7', 'team_mention', at(5)), thread('6', 'subscribed', at(4)), thread('5', 'assign', at(3))];
			nock(API).get('/notifications').query({ ...all, since: '1970-01-01T00:00:00Z' }).reply(200, later);
			expect(json(await harness.poll())).toEqual([polled('New Notification', later[2]), polled('New Notification', later[0])]);
			expect((harness.staticData.position as IDataObject).at).toBe(at(5));
		});

		it('refuses a reason GitHub does not give, naming it, before anything is sent', async () => {
			const harness = pollTrigger({ trigger: 'newNotification', reasons: ['mention', 'review-requested'] });
			const error = await harness.poll().then(
				() => undefined,
				(thrown: unknown) => thrown as NodeOperationError,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe('"review-requested" in "Reasons" is not a reason GitHub gives a notification');
			expect(harness.staticData).toEqual({});
		});

		it('New Review Request for Me emits review_requested threads only, and keeps its own position beside New Notification\'s', async () => {
			const harness = pollTrigger({ trigger: 'newReviewRequestForMe' });
			nock(API).get('/notifications').query(base).reply(200, [thread('1', 'review_requested', at(1))]);
			expect(await harness.poll()).toBeNull();
			expect((harness.staticData.position as IDataObject).key).toBe('notifications:review_requested:true');

			const later = [thread('9', 'mention', at(6)), thread('8', 'review_requested', at(5))];
			nock(API).get('/notifications').query({ ...base, since: at(0, 59) }).reply(200, later);
			expect(json(await harness.poll())).toEqual([polled('New Review Request for Me', later[1])]);
		});

		it('shows the latest thread of the wanted reasons in a manual run and leaves the position alone', async () => {
			const harness = pollTrigger({ trigger: 'newReviewRequestForMe' });
			const request = thread('4', 'review_requested', at(2));
			nock(API).get('/notifications').query(base).reply(200, [thread('5', 'author', at(3)), request]);
			expect(json(await harness.poll('manual'))).toEqual([polled('New Review Request for Me', request)]);
			expect(harness.staticData).toEqual({});
		});
	});

	describe('with a GitHub App installation token', () => {
		const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
		const appCredentials = {
			githubServerAppApi: {
				server: API,
				appId: '123456',
				privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
				installationSelection: 'id',
				installationId: '42',
			},
		};
		const INSTALLATION_TOKEN = 'ghs_pollInstallationToken0123456789abcd';
		const appPoll = (parameters: IDataObject) =>
			new TriggerHarness('gitHubPollTrigger', { authentication: 'githubApp', ...parameters }, structuredClone(appCredentials));
		const guidance =
			'Set "Authentication" to "OAuth2" or "Access Token" for "New Repository (in the account)", "New Mention (from notifications)", "New Gist", "New Notification", "New Review Request for Me" (GitHub answers /gists, /user/repos and /notifications only for a user). With "GitHub App", use "New Watcher" here, or the GitHub Toolkit Trigger for repository and organization events (e.g. New Repository in an organization).';

		it.each([
			['newGist', 'New Gist'],
			['newRepository', 'New Repository (in the account)'],
			['newMention', 'New Mention (from notifications)'],
			['newNotification', 'New Notification'],
			['newReviewRequestForMe', 'New Review Request for Me'],
		])('refuses %s before anything is sent (no token exchange either), saying which authentication to choose', async (trigger, name) => {
			const harness = appPoll({ trigger });
			const error = await harness.poll().then(
				() => undefined,
				(thrown: unknown) => thrown as NodeOperationError,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe(
				`"${name}" needs a user's token: it reads the signed-in account, and a GitHub App installation token has none`,
			);
			expect(error?.description).toBe(guidance);
			expect(harness.staticData).toEqual({});
			expect(nock.pendingMocks()).toEqual([]);
		});

		it('polls New Watcher with the installation token n8n issued through the credential', async () => {
			const exchange = nock(API).post('/app/installations/42/access_tokens').reply(201, {
				token: INSTALLATION_TOKEN,
				expires_at: new Date(Date.now() + 3_600_000).toISOString(),
			});
			const subscribers = nock(API, { reqheaders: { authorization: `Bearer ${INSTALLATION_TOKEN}` } })
				.get('/repos/octo/hello/subscribers')
				.query({ per_page: '100' })
				.reply(200, [{ id: 1, login: 'user1' }]);
			const harness = appPoll({
				trigger: 'newWatcher',
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repository: { __rl: true, mode: 'name', value: 'hello' },
			});

			expect(await harness.poll()).toBeNull();
			expect(harness.staticData.position).toEqual({ key: 'watchers:octo/hello', ids: ['1'] });
			expect(exchange.isDone()).toBe(true);
			expect(subscribers.isDone()).toBe(true);
		});
	});
});
