import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { TriggerHarness } from '../harness/triggers';
import { BOARD, CARD, DOING, DONE, OTHER_BOARD, OTHER_CARD, TODO } from './fixtures';
import { API_KEY, API_TOKEN, keyTokenCredentials, OAUTH_TOKEN, oauthCredentials } from './helpers';

const API = 'https://api.trello.com';
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const KEY_TOKEN_HEADER = `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"`;
const BOARD_QUERY = {
	fields: 'name,shortLink',
	cards: 'open',
	card_fields: 'name,due,start,dueComplete,idBoard,idList,idMembers,shortLink,shortUrl',
	lists: 'open',
	list_fields: 'name',
};
const THIRD_CARD = { id: '6571a0c4e2f1b2003d9e7a03', name: 'Book the venue', idShort: 44, shortLink: 'Vn33QqRc' };

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

function card(base: { id: string; name: string; shortLink: string }, list: { id: string }, due: number | null, extra: IDataObject = {}): IDataObject {
	return {
		id: base.id,
		name: base.name,
		due: due === null ? null : iso(due),
		start: null,
		dueComplete: false,
		idBoard: BOARD.id,
		idList: list.id,
		idMembers: [],
		shortLink: base.shortLink,
		shortUrl: `https://trello.com/c/${base.shortLink}`,
		...extra,
	};
}

/** Trello's answer to GET /1/boards/{id} with the nested open cards and lists. */
function boardAnswer(cards: IDataObject[], board = BOARD): IDataObject {
	return { id: board.id, name: board.name, shortLink: board.shortLink, cards, lists: [TODO, DOING, DONE] };
}

function dueDateTrigger(parameters: IDataObject = {}, credentials: Record<string, IDataObject> = keyTokenCredentials) {
	return new TriggerHarness(
		'trelloDueDateTrigger',
		{ authentication: 'keyToken', boards: [BOARD.id], window: 'dueSoon', dueWithinHours: 24, incompleteOnly: true, ...parameters },
		credentials as never,
	);
}

function at(ms: number) {
	jest.spyOn(Date, 'now').mockReturnValue(ms);
}

/** One poll answered with these cards; returns the ids of the cards it reported, in order. */
async function pollWith(harness: TriggerHarness, cards: IDataObject[], mode: 'trigger' | 'manual' = 'trigger'): Promise<string[]> {
	const scope = nock(API, { reqheaders: { authorization: KEY_TOKEN_HEADER } })
		.get(`/1/boards/${BOARD.id}`)
		.query(BOARD_QUERY)
		.reply(200, boardAnswer(cards));
	const result = await harness.poll(mode);
	expect(scope.isDone()).toBe(true);
	return result ? result[0].map((item) => String((item.json.card as IDataObject).id)) : [];
}

describe('Trello Due Date Trigger (polling)', () => {
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	it('reports each card due within the window once per due date; a changed due date fires again', async () => {
		const harness = dueDateTrigger();
		const soon = card(CARD, TODO, NOW + 3 * HOUR);
		const later = card(OTHER_CARD, DOING, NOW + 30 * HOUR);
		const overdue = card(THIRD_CARD, TODO, NOW - HOUR);

		at(NOW);
		expect(await pollWith(harness, [later, soon, overdue])).toEqual([CARD.id]);
		at(NOW + 10 * 60_000);
		expect(await pollWith(harness, [later, soon, overdue])).toEqual([]);

		// Seven hours on, the other card's due date is within 24 hours; the first one is not reported again.
		at(NOW + 7 * HOUR);
		expect(await pollWith(harness, [later, soon, overdue])).toEqual([OTHER_CARD.id]);

		// The first card's due date moves by two hours: reported again for the new date, once.
		const postponed = { ...soon, due: iso(NOW + 9 * HOUR) };
		at(NOW + 7.5 * HOUR);
		expect(await pollWith(harness, [later, postponed, overdue])).toEqual([CARD.id]);
		at(NOW + 8 * HOUR);
		expect(await pollWith(harness, [later, postponed, overdue])).toEqual([]);

		// The record holds only the cards reported, with the date each was reported for.
		expect(harness.staticData).toEqual({ trelloDueDates: { reported: { [CARD.id]: postponed.due, [OTHER_CARD.id]: later.due } } });
	});

	it('emits the card with its board, list and how long until it is due', async () => {
		const harness = dueDateTrigger();
		const soon = card(CARD, DOING, NOW + 90 * 60_000, { idMembers: ['5a1e2f3a4b5c6d7e8f901234'], start: iso(NOW - 48 * HOUR) });
		at(NOW);
		const scope = nock(API).get(`/1/boards/${BOARD.id}`).query(BOARD_QUERY).reply(200, boardAnswer([soon]));
		const result = await harness.poll();
		expect(scope.isDone()).toBe(true);
		expect(result![0].map((item) => item.json)).toEqual([
			{
				trigger: 'dueDate',
				dueState: 'dueSoon',
				due: soon.due,
				minutesUntilDue: 90,
				card: {
					id: CARD.id,
					name: CARD.name,
					shortLink: CARD.shortLink,
					url: `https://trello.com/c/${CARD.shortLink}`,
					due: soon.due,
					start: soon.start,
					dueComplete: false,
					idMembers: ['5a1e2f3a4b5c6d7e8f901234'],
				},
				board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
				list: { id: DOING.id, name: DOING.name },
			},
		]);
	});

	it('Overdue: reports cards whose due date passed, soonest first, and one that becomes overdue later', async () => {
		const harness = dueDateTrigger({ window: 'overdue' });
		const yesterday = card(CARD, TODO, NOW - 24 * HOUR);
		const anHourAgo = card(OTHER_CARD, TODO, NOW - HOUR);
		const inTwoHours = card(THIRD_CARD, TODO, NOW + 2 * HOUR);
		at(NOW);
		expect(await pollWith(harness, [anHourAgo, inTwoHours, yesterday])).toEqual([CARD.id, OTHER_CARD.id]);
		at(NOW + 3 * HOUR);
		const result = await pollWith(harness, [anHourAgo, inTwoHours, yesterday]);
		expect(result).toEqual([THIRD_CARD.id]);
	});

	it('Due Soon or Overdue: both, with dueState and a negative minutesUntilDue for the overdue card', async () => {
		const harness = dueDateTrigger({ window: 'dueSoonOrOverdue', dueWithinHours: 2 });
		at(NOW);
		const scope = nock(API)
			.get(`/1/boards/${BOARD.id}`)
			.query(BOARD_QUERY)
			.reply(200, boardAnswer([card(CARD, TODO, NOW + HOUR), card(OTHER_CARD, TODO, NOW - 30 * 60_000), card(THIRD_CARD, TODO, NOW + 3 * HOUR)]));
		const result = await harness.poll();
		expect(scope.isDone()).toBe(true);
		expect(result![0].map((item) => [(item.json.card as IDataObject).id, item.json.dueState, item.json.minutesUntilDue])).toEqual([
			[OTHER_CARD.id, 'overdue', -30],
			[CARD.id, 'dueSoon', 60],
		]);
	});

	it('Incomplete Only skips cards marked complete (on by default); off, they are reported', async () => {
		const done = card(CARD, DONE, NOW + HOUR, { dueComplete: true });
		const open = card(OTHER_CARD, TODO, NOW + 2 * HOUR);
		at(NOW);
		expect(await pollWith(dueDateTrigger(), [done, open])).toEqual([OTHER_CARD.id]);
		expect(await pollWith(dueDateTrigger({ incompleteOnly: false }), [done, open])).toEqual([CARD.id, OTHER_CARD.id]);
	});

	it('Lists limits to cards in the chosen lists; a card moved into them later is reported then', async () => {
		const harness = dueDateTrigger({ lists: [DOING.id, DONE.id] });
		const inTodo = card(CARD, TODO, NOW + HOUR);
		const inDoing = card(OTHER_CARD, DOING, NOW + 2 * HOUR);
		at(NOW);
		expect(await pollWith(harness, [inTodo, inDoing])).toEqual([OTHER_CARD.id]);
		at(NOW + 5 * 60_000);
		expect(await pollWith(harness, [{ ...inTodo, idList: DONE.id }, inDoing])).toEqual([CARD.id]);
	});

	it('cards without a due date are ignored and forgotten cards (archived, deleted) leave the record', async () => {
		const harness = dueDateTrigger();
		at(NOW);
		expect(await pollWith(harness, [card(CARD, TODO, NOW + HOUR), card(OTHER_CARD, TODO, null)])).toEqual([CARD.id]);
		expect(await pollWith(harness, [card(OTHER_CARD, TODO, null)])).toEqual([]);
		expect(harness.staticData).toEqual({ trelloDueDates: { reported: {} } });
	});

	it('reads every chosen board, one request each, through OAuth 1.0a too', async () => {
		const harness = dueDateTrigger({ authentication: 'oAuth1', boards: [BOARD.id, OTHER_BOARD.shortLink] }, oauthCredentials);
		const oauth = { reqheaders: { authorization: (value: string) => value.includes(`oauth_token="${OAUTH_TOKEN}"`) } };
		const onOther = { ...card(OTHER_CARD, TODO, NOW + HOUR), idBoard: OTHER_BOARD.id };
		const scope = nock(API, oauth)
			.get(`/1/boards/${BOARD.id}`)
			.query(BOARD_QUERY)
			.reply(200, boardAnswer([card(CARD, TODO, NOW + 5 * HOUR)]))
			.get(`/1/boards/${OTHER_BOARD.shortLink}`)
			.query(BOARD_QUERY)
			.reply(200, boardAnswer([onOther], OTHER_BOARD));
		at(NOW);
		const result = await harness.poll();
		expect(scope.isDone()).toBe(true);
		expect(result![0].map((item) => [(item.json.card as IDataObject).id, (item.json.board as IDataObject).name])).toEqual([
			[OTHER_CARD.id, OTHER_BOARD.name],
			[CARD.id, BOARD.name],
		]);
	});

	it('manual test shows what is due now and records nothing, so the first real poll still reports it', async () => {
		const harness = dueDateTrigger();
		const soon = card(CARD, TODO, NOW + HOUR);
		at(NOW);
		expect(await pollWith(harness, [soon], 'manual')).toEqual([CARD.id]);
		expect(harness.staticData).toEqual({});
		expect(await pollWith(harness, [soon])).toEqual([CARD.id]);
		expect(await pollWith(harness, [soon], 'manual')).toEqual([CARD.id]);
		expect(await pollWith(harness, [soon])).toEqual([]);
	});

	it('a board outside the credential’s Allowed Boards is refused before any request is sent', async () => {
		const scoped = { trelloKeyTokenApi: { ...keyTokenCredentials.trelloKeyTokenApi, allowedBoards: BOARD.id } };
		const harness = dueDateTrigger({ boards: [OTHER_BOARD.id] }, scoped);
		at(NOW);
		await expect(harness.poll()).rejects.toThrow(
			`Refused: the board "${OTHER_BOARD.id}" is outside the credential's scope. Allowed boards: ${BOARD.id}.`,
		);
		expect(harness.staticData).toEqual({});
	});

	it('refuses a configuration without boards or with a window of no hours, naming the parameter', async () => {
		await expect(dueDateTrigger({ boards: [] }).poll()).rejects.toThrow('No boards to watch');
		await expect(dueDateTrigger({ dueWithinHours: 0 }).poll()).rejects.toThrow('"Due Within (Hours)" must be a number above 0, not 0');
	});
});
