import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { pollTrigger } from '../githubTriggers/helpers';
import { TriggerHarness } from '../harness/triggers';
import { BOARD, ME, TODO } from '../trelloTriggers/fixtures';
import { keyTokenCredentials, trelloTrigger } from '../trelloTriggers/helpers';

/** Answers that try to poison a poller's position, or that have an odd shape. */
const GITHUB = 'https://api.github.com';
const TRELLO = 'https://api.trello.com';

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});
afterEach(() => {
	jest.restoreAllMocks();
	nock.cleanAll();
});

async function failureOf(promise: Promise<unknown>): Promise<Error | undefined> {
	return await promise.then(
		() => undefined,
		(error: Error) => error,
	);
}

const ids = (result: Awaited<ReturnType<TriggerHarness['poll']>>) =>
	result === null ? [] : result[0].map((item) => String(((item.json.payload ?? item.json.card) as IDataObject).id));

describe('GitHub Poll Trigger: New Gist position', () => {
	const gist = (id: string, createdAt: string) => ({ id, created_at: createdAt, updated_at: createdAt });

	it('a gist dated far in the future does not move the position; later genuine gists are reported', async () => {
		const harness = pollTrigger({ trigger: 'newGist' });
		harness.staticData.position = { key: 'gists', at: '2026-11-20T10:00:00Z', seen: ['g1'] };
		nock(GITHUB).get('/gists').query(true).reply(200, [gist('poison', '9999-12-31T23:59:59Z'), gist('g2', '2026-11-20T10:05:00Z')]);
		expect(ids(await harness.poll())).toEqual(['g2']);
		expect((harness.staticData.position as IDataObject).at).toBe('2026-11-20T10:05:00Z');

		nock(GITHUB).get('/gists').query(true).reply(200, [gist('poison', '9999-12-31T23:59:59Z'), gist('g3', '2026-11-20T10:07:00Z'), gist('g2', '2026-11-20T10:05:00Z')]);
		expect(ids(await harness.poll())).toEqual(['g3']);
		expect((harness.staticData.position as IDataObject).at).toBe('2026-11-20T10:07:00Z');
	});

	it('a manual run shows the latest genuine gist, not one dated far in the future', async () => {
		const harness = pollTrigger({ trigger: 'newGist' });
		nock(GITHUB).get('/gists').query(true).reply(200, [gist('poison', '9999-12-31T23:59:59Z'), gist('g1', '2026-11-20T10:00:00Z')]);
		expect(ids(await harness.poll('manual'))).toEqual(['g1']);
	});

	it('a gist already reported that comes back with a newer time is not reported again', async () => {
		const harness = pollTrigger({ trigger: 'newGist' });
		harness.staticData.position = { key: 'gists', at: '2026-11-20T10:00:00Z', seen: ['g1'] };
		nock(GITHUB).get('/gists').query(true).reply(200, [gist('g2', '2026-11-20T10:05:00Z')]);
		expect(ids(await harness.poll())).toEqual(['g2']);
		nock(GITHUB).get('/gists').query(true).reply(200, [gist('g2', '2026-11-20T10:09:00Z'), gist('g3', '2026-11-20T10:08:00Z')]);
		expect(ids(await harness.poll())).toEqual(['g3']);
	});

	it.each([
		['New Gist', { trigger: 'newGist' }, '/gists', 'GitHub answered /gists with an entry that is not an object (null)'],
		['New Mention', { trigger: 'newMention' }, '/notifications', 'GitHub answered /notifications with an entry that is not an object (null)'],
		[
			'New Watcher',
			{ trigger: 'newWatcher', owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' } },
			'/repos/octo/hello/subscribers',
			'GitHub answered /repos/octo/hello/subscribers with an entry that is not an object (null)',
		],
	])('%s: a null entry in the list is a NodeApiError naming it', async (_name, parameters, path, message) => {
		const harness = pollTrigger(parameters);
		nock(GITHUB).get(path).query(true).reply(200, [null]);
		const failure = await failureOf(harness.poll());
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe(message);
	});
});

describe('Trello Due Date Trigger', () => {
	const NOW = Date.parse('2026-11-23T09:00:00.000Z');
	const due = new Date(NOW + 3_600_000).toISOString();
	const card = (id: string) => ({ id, name: 'x', due, dueComplete: false, idBoard: BOARD.id, idList: TODO.id, idMembers: [], shortLink: 'abc', shortUrl: 'https://trello.com/c/abc' });
	const trigger = () =>
		new TriggerHarness('trelloDueDateTrigger', { authentication: 'keyToken', boards: [BOARD.id], window: 'dueSoon', dueWithinHours: 24, incompleteOnly: true }, keyTokenCredentials as never);
	const answer = (body: unknown) => nock(TRELLO).get(`/1/boards/${BOARD.id}`).query(true).reply(200, body as nock.Body);

	it('a card listed twice in one answer is reported once', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW);
		const harness = trigger();
		answer({ id: BOARD.id, name: BOARD.name, cards: [card('6571a0c4e2f1b2003d9e7a01'), card('6571a0c4e2f1b2003d9e7a01')], lists: [TODO] });
		expect(ids(await harness.poll())).toEqual(['6571a0c4e2f1b2003d9e7a01']);
	});

	it('a card with the id __proto__ is reported once and pollutes nothing', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW);
		let harness = trigger();
		answer({ id: BOARD.id, name: BOARD.name, cards: [card('__proto__')], lists: [TODO] });
		expect(ids(await harness.poll())).toEqual(['__proto__']);
		// As n8n would: static data saved as JSON and loaded for the next poll.
		const saved = JSON.parse(JSON.stringify(harness.workflow.staticData)) as IDataObject;
		harness = new TriggerHarness('trelloDueDateTrigger', harness.node.parameters as IDataObject, keyTokenCredentials as never, { staticData: saved });
		answer({ id: BOARD.id, name: BOARD.name, cards: [card('__proto__')], lists: [TODO] });
		expect(ids(await harness.poll())).toEqual([]);
		expect(({} as IDataObject).due).toBeUndefined();
		expect(Object.getPrototypeOf(((harness.staticData.trelloDueDates as IDataObject).reported as object))).not.toBe(null);
	});

	it.each([
		['"cards" is an object', { id: BOARD.id, cards: { a: 1 }, lists: [] }, `Trello answered the board "${BOARD.id}" with "cards" that is not a list`],
		['"cards" holds null', { id: BOARD.id, cards: [null], lists: [] }, `Trello answered the board "${BOARD.id}" with an entry of "cards" that is not an object (null)`],
		['"lists" is an object', { id: BOARD.id, cards: [], lists: { a: 1 } }, `Trello answered the board "${BOARD.id}" with "lists" that is not a list`],
		['"lists" holds null', { id: BOARD.id, cards: [], lists: [null] }, `Trello answered the board "${BOARD.id}" with an entry of "lists" that is not an object (null)`],
	])('%s: a NodeApiError naming it', async (_name, body, message) => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW);
		answer(body);
		const failure = await failureOf(trigger().poll());
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe(message);
	});
});

describe('Trello Trigger activation', () => {
	const member = () => nock(TRELLO).get('/1/members/me').query(true).reply(200, ME);

	it.each([
		['a list', [{ id: BOARD.id }], 'Trello answered the board "' + BOARD.id + '" without an id'],
		['an object id', { id: { $oid: BOARD.id }, name: 'x' }, 'Trello answered the board "' + BOARD.id + '" without an id'],
	])('a board answer that is %s is refused; no webhook is created', async (_name, body, message) => {
		member();
		nock(TRELLO).get(`/1/boards/${BOARD.id}`).query(true).reply(200, body as nock.Body);
		const webhooks = nock(TRELLO).post('/1/webhooks').query(true).reply(200, { id: 'w' });
		const failure = await failureOf(trelloTrigger({ event: 'newComment', boards: [BOARD.id] }).create());
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe(message);
		expect(webhooks.isDone()).toBe(false);
	});

	it('a tokens answer that is an object is a NodeApiError naming it', async () => {
		member();
		nock(TRELLO).get(`/1/boards/${BOARD.id}`).query(true).reply(200, { id: BOARD.id, name: BOARD.name, closed: false });
		nock(TRELLO).get('/1/members/me/tokens').query(true).reply(200, { webhooks: [] });
		const failure = await failureOf(trelloTrigger({ event: 'newComment', boards: [BOARD.id] }).create());
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe('Trello answered /1/members/me/tokens with something other than a list of tokens');
	});
});

describe('Trello Notification Trigger position', () => {
	const NOW = Date.parse('2026-11-23T09:00:00.000Z');
	const idAt = (ms: number, tail: string) => Math.floor(ms / 1000).toString(16).padStart(8, '0') + tail;
	const notification = (id: string) => ({ id, type: 'commentCard', date: new Date(NOW).toISOString(), unread: true, data: {} });
	const trigger = () => new TriggerHarness('trelloNotificationTrigger', { authentication: 'keyToken' }, keyTokenCredentials as never);
	const emittedIds = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => (result === null ? [] : result[0].map((item) => String(item.json.notificationId)));

	it('a notification whose id says it is from the far future does not move the position', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW);
		const harness = trigger();
		harness.staticData.trelloNotifications = { cursor: idAt(NOW - 60_000, '0000000000000000'), seen: [] };
		const genuine = idAt(NOW - 30_000, 'aaaaaaaaaaaaaaaa');
		nock(TRELLO).get('/1/members/me/notifications').query(true).reply(200, [notification('ffffffffaaaaaaaaaaaaaaaa'), notification(genuine)]);
		expect(emittedIds(await harness.poll())).toEqual([genuine]);
		expect((harness.staticData.trelloNotifications as IDataObject).cursor).toBe(genuine);
	});

	it('a null entry is a NodeApiError naming it', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW);
		const harness = trigger();
		harness.staticData.trelloNotifications = { cursor: idAt(NOW - 60_000, '0000000000000000'), seen: [] };
		nock(TRELLO).get('/1/members/me/notifications').query(true).reply(200, [null]);
		const failure = await failureOf(harness.poll());
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe('Trello answered /1/members/me/notifications with an entry that is not an object (null)');
	});
});
