import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { TriggerHarness } from '../harness/triggers';
import { BOARD, CARD, TEAMMATE, TODO } from './fixtures';
import { API_KEY, API_TOKEN, keyTokenCredentials, OAUTH_TOKEN, oauthCredentials } from './helpers';

const API = 'https://api.trello.com';
const T0 = 1_795_300_000;

function hexSeconds(seconds: number): string {
	return seconds.toString(16).padStart(8, '0');
}

/** A Trello id created at the given second (ids start with their creation time). */
function idAt(seconds: number, n: number): string {
	return hexSeconds(seconds) + n.toString(16).padStart(16, '0');
}

function since(seconds: number): string {
	return hexSeconds(seconds) + '0000000000000000';
}

function notification(seconds: number, n: number, type = 'commentCard'): IDataObject {
	return {
		id: idAt(seconds, n),
		unread: true,
		type,
		date: new Date(seconds * 1000).toISOString(),
		dateRead: null,
		data: {
			text: '@alexkim can you check the wording?',
			card: { id: CARD.id, name: CARD.name, idShort: CARD.idShort, shortLink: CARD.shortLink },
			board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
			list: TODO,
		},
		appCreator: null,
		idMemberCreator: TEAMMATE.id,
		idAction: idAt(seconds, 900 + n),
		reactions: [],
		memberCreator: { id: TEAMMATE.id, avatarHash: null, fullName: TEAMMATE.fullName, initials: 'SL', username: TEAMMATE.username },
	};
}

/** Trello answers newest first. */
function newestFirst(list: IDataObject[]): IDataObject[] {
	return [...list].sort((a, b) => String(b.id).localeCompare(String(a.id)));
}

function notificationTrigger(parameters: IDataObject = {}, credentials: Record<string, IDataObject> = keyTokenCredentials) {
	return new TriggerHarness('trelloNotificationTrigger', { authentication: 'keyToken', ...parameters }, credentials as never);
}

function at(seconds: number) {
	jest.spyOn(Date, 'now').mockReturnValue(seconds * 1000);
}

function ids(result: Awaited<ReturnType<TriggerHarness['poll']>>): string[] {
	return result ? result[0].map((item) => String((item.json.notification as IDataObject).id)) : [];
}

const KEY_TOKEN_HEADER = `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"`;

describe('Trello Notification Trigger (polling)', () => {
	afterEach(() => jest.restoreAllMocks());

	it('first poll records only; later polls emit each new notification once, oldest first, including late arrivals', async () => {
		const harness = notificationTrigger();
		const n0 = notification(T0 - 300, 0);
		const n1 = notification(T0 - 120, 1);
		const n2 = notification(T0 + 30, 2);
		const n3 = notification(T0 + 90, 3);
		const lateN = notification(T0 + 20, 4); // stamped before n2, visible only after it

		const api = nock(API, { reqheaders: { authorization: KEY_TOKEN_HEADER } });
		api.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', since: since(T0 - 600), limit: '1000' })
			.reply(200, newestFirst([n0, n1]));
		at(T0);
		expect(await harness.poll()).toBeNull();

		api.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', since: since(T0 - 600), limit: '1000' })
			.reply(200, newestFirst([n0, n1, n2]));
		at(T0 + 60);
		expect(ids(await harness.poll())).toEqual([n2.id]);

		api.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', since: since(T0 + 30 - 600), limit: '1000' })
			.reply(200, newestFirst([n0, n1, n2, n3]));
		at(T0 + 120);
		expect(ids(await harness.poll())).toEqual([n3.id]);

		api.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', since: since(T0 + 90 - 600), limit: '1000' })
			.reply(200, newestFirst([n1, n2, n3, lateN]));
		at(T0 + 180);
		expect(ids(await harness.poll())).toEqual([lateN.id]);

		api.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', since: since(T0 + 90 - 600), limit: '1000' })
			.reply(200, newestFirst([n1, n2, n3, lateN]));
		at(T0 + 240);
		expect(await harness.poll()).toBeNull();

		expect(api.isDone()).toBe(true);
	});

	it('emits notifications in the common item shape', async () => {
		const harness = notificationTrigger();
		const n = notification(T0 + 10, 7);
		nock(API).get('/1/members/me/notifications').query(true).reply(200, []);
		at(T0);
		await harness.poll();
		nock(API).get('/1/members/me/notifications').query(true).reply(200, [n]);
		at(T0 + 60);
		const result = await harness.poll();
		expect(result![0].map((item) => item.json)).toEqual([
			{
				trigger: 'newNotification',
				notificationId: n.id,
				notificationType: 'commentCard',
				date: new Date((T0 + 10) * 1000).toISOString(),
				unread: true,
				memberCreator: { id: TEAMMATE.id, username: TEAMMATE.username, fullName: TEAMMATE.fullName },
				board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
				list: { id: TODO.id, name: TODO.name },
				card: { id: CARD.id, name: CARD.name, shortLink: CARD.shortLink, idShort: CARD.idShort },
				text: '@alexkim can you check the wording?',
				actionId: n.idAction,
				notification: n,
			},
		]);
	});

	it('filters by type and unread only, and follows older pages when more than 1000 arrived', async () => {
		const harness = notificationTrigger({ notificationTypes: ['commentCard', 'mentionedOnCard'], unreadOnly: true });
		const query = { filter: 'commentCard,mentionedOnCard', read_filter: 'unread' };
		nock(API).get('/1/members/me/notifications').query({ ...query, since: since(T0 - 600), limit: '1000' }).reply(200, []);
		at(T0);
		expect(await harness.poll()).toBeNull();

		const burst = Array.from({ length: 1002 }, (_, i) => notification(T0 + 1 + Math.floor(i / 10), i, i % 2 ? 'mentionedOnCard' : 'commentCard'));
		const sorted = newestFirst(burst);
		const page1 = sorted.slice(0, 1000);
		const page2 = sorted.slice(1000);
		const pages = nock(API)
			.get('/1/members/me/notifications')
			.query({ ...query, since: since(T0 - 600), limit: '1000' })
			.reply(200, page1)
			.get('/1/members/me/notifications')
			.query({ ...query, since: since(T0 - 600), limit: '1000', before: String(page1[999].id) })
			.reply(200, page2);
		at(T0 + 300);
		const emittedIds = ids(await harness.poll());
		expect(pages.isDone()).toBe(true);
		expect(emittedIds).toHaveLength(1002);
		expect(new Set(emittedIds).size).toBe(1002);
		expect(emittedIds).toEqual(burst.map((n) => n.id).sort());
	});

	it('manual test shows the latest notification and leaves the polling position alone', async () => {
		const harness = notificationTrigger({}, oauthCredentials);
		harness.node.parameters.authentication = 'oAuth1';
		const latest = notification(T0 - 5, 9, 'addedToCard');
		const scope = nock(API, { reqheaders: { authorization: (v: string) => v.includes(`oauth_token="${OAUTH_TOKEN}"`) } })
			.get('/1/members/me/notifications')
			.query({ filter: 'all', read_filter: 'all', limit: '1' })
			.reply(200, [latest]);
		const result = await harness.poll('manual');
		expect(scope.isDone()).toBe(true);
		expect(ids(result)).toEqual([latest.id]);
		expect(harness.staticData).toEqual({});
	});
});
