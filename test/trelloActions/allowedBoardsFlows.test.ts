import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, CHECKLIST, LIST, MEMBER, OTHER_BOARD } from './fixtures';
import { ACTION, CUSTOM_FIELD } from './fixtures/ids';
import type { ExpectedCall } from './support';
import { contractProblems, expectedSent, rl, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const allowed = (allowedBoards: string) => ({ options: { allowedBoards } });

/** Runs the parameters with Allowed Boards = BOARD; expects a refusal with `message` after exactly `lookUps`. */
async function expectRefused(parameters: Record<string, unknown>, lookUps: ExpectedCall[], message: string) {
	const api = trelloApi(lookUps);
	const run = await runTrello({ ...parameters, ...allowed(BOARD) });
	const error = run.error('Trello');
	expect(error?.name).toBe('NodeOperationError');
	expect(error?.message).toBe(message);
	expect(api.sent()).toEqual(expectedSent(lookUps));
}

const outside = (what: string) => `Refused: ${what} is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`;
const fieldOn = (board: string): ExpectedCall => ({
	method: 'GET',
	path: `/1/customFields/${CUSTOM_FIELD}`,
	query: { fields: 'idModel' },
	reply: { id: CUSTOM_FIELD, idModel: board },
});

describe('Allowed Boards: custom field definitions', () => {
	it('refuses creating a field on a board outside Allowed Boards, sending nothing', async () => {
		await expectRefused(
			{ resource: 'customField', operation: 'create', board: rl(OTHER_BOARD, 'id'), name: 'Estimate', type: 'number' },
			[],
			`Refused: the board "${OTHER_BOARD}" is outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
	});

	it.each([
		['update', { additionalFields: { name: 'Points' } }],
		['delete', {}],
		['getOptions', { returnAll: true }],
		['addOption', { text: 'Urgent' }],
		['deleteOption', { option: rl('68b000000000000000000002', 'id') }],
	])('refuses %s on a field of another board after looking its board up, writing nothing', async (operation, more) => {
		await expectRefused(
			{ resource: 'customField', operation, customField: rl(CUSTOM_FIELD, 'id'), ...more },
			[fieldOn(OTHER_BOARD)],
			outside(`the custom field "${CUSTOM_FIELD}"`),
		);
	});

	it('lets an option be added to a field of an allowed board', async () => {
		const option = { id: '68b000000000000000000004', idCustomField: CUSTOM_FIELD, value: { text: 'Urgent' }, color: 'none', pos: 49152 };
		const calls: ExpectedCall[] = [
			fieldOn(BOARD),
			{ method: 'POST', path: `/1/customFields/${CUSTOM_FIELD}/options`, body: { value: { text: 'Urgent' } }, reply: option },
		];
		const api = trelloApi(calls);

		const run = await runTrello({ resource: 'customField', operation: 'addOption', customField: rl(CUSTOM_FIELD, 'id'), text: 'Urgent', ...allowed(BOARD) });

		expect(run.json('Trello')).toEqual([option]);
		expect(api.sent()).toEqual(expectedSent(calls));
		expect(api.recorded[1].body).toEqual({ value: { text: 'Urgent' } });
		expect(contractProblems(api.recorded[1])).toEqual([]);
	});
});

const cardOn = (board: string): ExpectedCall => ({ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: board } });

describe('Allowed Boards: card votes', () => {
	it.each([
		['vote', { member: MEMBER }],
		['removeVote', { member: MEMBER }],
		['getVoters', { returnAll: true }],
	])('refuses %s on a card of another board, writing nothing', async (operation, more) => {
		await expectRefused({ resource: 'card', operation, card: rl(CARD, 'id'), ...more }, [cardOn(OTHER_BOARD)], outside(`the card "${CARD}"`));
	});

	it('votes on a card of an allowed board', async () => {
		const calls: ExpectedCall[] = [
			cardOn(BOARD),
			{ method: 'POST', path: `/1/cards/${CARD}/membersVoted`, query: { value: MEMBER }, reply: [{ id: MEMBER }] },
		];
		const api = trelloApi(calls);

		const run = await runTrello({ resource: 'card', operation: 'vote', card: rl(CARD, 'id'), member: MEMBER, ...allowed(BOARD) });

		expect(run.json('Trello')).toEqual([{ id: MEMBER }]);
		expect(api.sent()).toEqual(expectedSent(calls));
	});
});

const listOn = (board: string): ExpectedCall => ({ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { id: LIST, idBoard: board } });

describe('Allowed Boards: checklist rename, list moved to a board', () => {
	it('refuses renaming a checklist of another board', async () => {
		await expectRefused(
			{ resource: 'checklist', operation: 'rename', checklist: rl(CHECKLIST, 'id'), name: 'QA' },
			[{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, query: { fields: 'idBoard' }, reply: { id: CHECKLIST, idBoard: OTHER_BOARD } }],
			outside(`the checklist "${CHECKLIST}"`),
		);
	});

	it('refuses moving a list of an allowed board to a board outside Allowed Boards', async () => {
		await expectRefused(
			{ resource: 'list', operation: 'moveToBoard', list: rl(LIST, 'id'), idBoard: rl(OTHER_BOARD, 'id') },
			[listOn(BOARD)],
			`Refused: the board "${OTHER_BOARD}" is outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
	});

	it('refuses moving a list of another board onto an allowed board', async () => {
		await expectRefused(
			{ resource: 'list', operation: 'moveToBoard', list: rl(LIST, 'id'), idBoard: rl(BOARD, 'id') },
			[listOn(OTHER_BOARD)],
			outside(`the list "${LIST}"`),
		);
	});

	it('moves a list between two allowed boards', async () => {
		const calls: ExpectedCall[] = [
			listOn(BOARD),
			{ method: 'PUT', path: `/1/lists/${LIST}/idBoard`, query: { value: OTHER_BOARD }, reply: { id: LIST, idBoard: OTHER_BOARD } },
		];
		const api = trelloApi(calls);

		const run = await runTrello({ resource: 'list', operation: 'moveToBoard', list: rl(LIST, 'id'), idBoard: rl(OTHER_BOARD, 'id'), ...allowed(`${BOARD}, ${OTHER_BOARD}`) });

		expect(run.json('Trello')).toEqual([{ id: LIST, idBoard: OTHER_BOARD }]);
		expect(api.sent()).toEqual(expectedSent(calls));
		expect(contractProblems(api.recorded[1])).toEqual([]);
	});
});

const commentOn = (board: string): ExpectedCall => ({
	method: 'GET',
	path: `/1/actions/${ACTION}`,
	query: { fields: 'data' },
	reply: { id: ACTION, data: { board: { id: board }, card: { id: CARD } } },
});

describe('Allowed Boards: comment reactions', () => {
	it.each([
		['getReactions', { returnAll: true }],
		['addReaction', { emoji: '👍' }],
		['deleteReaction', { reaction: '6ca000000000000000000001' }],
	])('refuses %s on a comment of another board, writing nothing', async (operation, more) => {
		await expectRefused({ resource: 'comment', operation, comment: rl(ACTION, 'id'), ...more }, [commentOn(OTHER_BOARD)], outside(`the comment "${ACTION}"`));
	});

	it('reacts to a comment of an allowed board with the emoji itself', async () => {
		const reaction = { id: '6ca000000000000000000001', idModel: ACTION, emoji: { native: '👍', shortName: '+1' } };
		const calls: ExpectedCall[] = [commentOn(BOARD), { method: 'POST', path: `/1/actions/${ACTION}/reactions`, body: { native: '👍' }, reply: reaction }];
		const api = trelloApi(calls);

		const run = await runTrello({ resource: 'comment', operation: 'addReaction', comment: rl(ACTION, 'id'), emoji: '👍', ...allowed(BOARD) });

		expect(run.json('Trello')).toEqual([reaction]);
		expect(api.sent()).toEqual(expectedSent(calls));
		expect(api.recorded[1].body).toEqual({ native: '👍' });
		expect(contractProblems(api.recorded[1])).toEqual([]);
	});
});
