import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, CHECKLIST, LABEL, LIST, OTHER_BOARD, OTHER_CARD, OTHER_LABEL, OTHER_LIST, SOURCE_CHECKLIST, card } from './fixtures';
import { contractProblems, expectedSent, rl, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const allowed = (allowedBoards: string) => ({ options: { allowedBoards } });

describe('Allowed Boards', () => {
	it('looks each card’s board up once per execution, not once per item, then writes', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, query: { closed: 'true' }, reply: { id: CARD, closed: true } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, query: { closed: 'true' }, reply: { id: CARD, closed: true } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, query: { closed: 'true' }, reply: { id: CARD, closed: true } },
		]);

		const run = await runTrello(
			{ resource: 'card', operation: 'archive', card: rl(CARD), ...allowed(BOARD) },
			'keyToken',
			[{}, {}, {}],
		);

		expect(run.json('Trello')).toEqual([
			{ id: CARD, closed: true },
			{ id: CARD, closed: true },
			{ id: CARD, closed: true },
		]);
		expect(api.sent().filter((call) => call.method === 'GET')).toHaveLength(1);
		expect(api.scope.isDone()).toBe(true);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	it('refuses a card on another board before sending any write', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: OTHER_BOARD } },
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { name: 'x' },
			...allowed(BOARD),
		});

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`Refused: the card "${CARD}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(error?.message).toContain(`Allowed boards: ${BOARD}.`);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' } }]));
	});

	it('accepts board addresses in the setting, resolving each short link once', async () => {
		const api = trelloApi([
			{ method: 'GET', path: '/1/boards/AbCd1234', query: { fields: 'id' }, reply: { id: BOARD } },
			{ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { id: LIST, idBoard: BOARD } },
			{ method: 'POST', path: '/1/cards', query: { idList: LIST, name: 'A' }, reply: { id: 'a' } },
			{ method: 'POST', path: '/1/cards', query: { idList: LIST, name: 'B' }, reply: { id: 'b' } },
		]);

		const run = await runTrello(
			{
				resource: 'card',
				operation: 'create',
				list: rl(LIST),
				name: '={{ $json.name }}',
				...allowed(`https://trello.com/b/AbCd1234/team, ${OTHER_BOARD}`),
			},
			'oAuth1',
			[{ name: 'A' }, { name: 'B' }],
		);

		expect(run.json('Trello')).toEqual([{ id: 'a' }, { id: 'b' }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('with Continue On Fail, refuses only the items outside the boards, each paired to its input', async () => {
		trelloApi([
			{ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } },
			{ method: 'GET', path: `/1/lists/${LIST}/cards`, reply: [card] },
			{ method: 'GET', path: `/1/lists/${LIST}/cards`, reply: [card] },
		]);

		const run = await runTrello(
			{ resource: 'list', operation: 'getCards', list: rl('={{ $json.list }}'), returnAll: true, ...allowed(BOARD) },
			'keyToken',
			[{ list: LIST }, { list: OTHER_LIST }, { list: LIST }],
			{ continueOnFail: true },
		);

		const items = run.items('Trello');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toEqual(card);
		expect(items[1].json.error).toBe(`Refused: the list "${OTHER_LIST}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(items[2].json).toEqual(card);
	});

	it('refuses moving a card to a board outside the setting', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { idBoard: rl(OTHER_BOARD) },
			...allowed(BOARD),
		});

		expect(run.error('Trello')?.message).toBe(`Refused: the board "${OTHER_BOARD}" is outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
	});

	it('refuses copying a checklist from a card on another board', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{
				method: 'GET',
				path: `/1/checklists/${SOURCE_CHECKLIST}`,
				query: { fields: 'idBoard' },
				reply: { idBoard: OTHER_BOARD },
			},
		]);

		const run = await runTrello({
			resource: 'checklist',
			operation: 'create',
			card: rl(CARD),
			name: 'QA',
			additionalFields: { idChecklistSource: SOURCE_CHECKLIST },
			...allowed(BOARD),
		});

		expect(run.error('Trello')?.message).toBe(
			`Refused: the checklist "${SOURCE_CHECKLIST}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	const copyChecklist = () =>
		runTrello({ resource: 'checklist', operation: 'copy', checklist: rl(SOURCE_CHECKLIST), destinationCard: rl(OTHER_CARD), ...allowed(BOARD) });
	const boardOf = (path: string, idBoard: string) => ({ method: 'GET' as const, path, query: { fields: 'idBoard' }, reply: { idBoard } });

	it('Checklist → Copy: refuses a source checklist on another board; nothing is copied', async () => {
		const api = trelloApi([boardOf(`/1/checklists/${SOURCE_CHECKLIST}`, OTHER_BOARD)]);
		const run = await copyChecklist();
		expect(run.error('Trello')?.message).toBe(
			`Refused: the checklist "${SOURCE_CHECKLIST}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: `/1/checklists/${SOURCE_CHECKLIST}`, query: { fields: 'idBoard' } }]));
	});

	it('Checklist → Copy: refuses a destination card on another board; nothing is copied', async () => {
		const api = trelloApi([boardOf(`/1/checklists/${SOURCE_CHECKLIST}`, BOARD), boardOf(`/1/cards/${OTHER_CARD}`, OTHER_BOARD)]);
		const run = await copyChecklist();
		expect(run.error('Trello')?.message).toBe(`Refused: the card "${OTHER_CARD}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
		expect(api.scope.isDone()).toBe(true);
	});

	it('Checklist → Copy: copies when both sit on allowed boards', async () => {
		const api = trelloApi([
			boardOf(`/1/checklists/${SOURCE_CHECKLIST}`, BOARD),
			boardOf(`/1/cards/${OTHER_CARD}`, BOARD),
			{ method: 'POST', path: `/1/cards/${OTHER_CARD}/checklists`, query: { idChecklistSource: SOURCE_CHECKLIST }, reply: { id: CHECKLIST, idCard: OTHER_CARD } },
		]);
		const run = await copyChecklist();
		expect(run.json('Trello')).toEqual([{ id: CHECKLIST, idCard: OTHER_CARD }]);
		expect(api.scope.isDone()).toBe(true);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	it('refuses a label of another board and checks checklist items through their checklist', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/labels/${OTHER_LABEL}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } },
			{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{
				method: 'POST',
				path: `/1/checklists/${CHECKLIST}/checkItems`,
				query: { name: 'Smoke test' },
				reply: { id: 'item' },
			},
		]);

		const refused = await runTrello({
			resource: 'label',
			operation: 'addToCard',
			card: rl(CARD),
			label: rl(OTHER_LABEL),
			...allowed(BOARD),
		});
		expect(refused.error('Trello')?.message).toBe(
			`Refused: the label "${OTHER_LABEL}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);

		const accepted = await runTrello({
			resource: 'checklist',
			operation: 'addItem',
			checklist: CHECKLIST,
			name: 'Smoke test',
			...allowed(BOARD),
		});
		expect(accepted.json('Trello')).toEqual([{ id: 'item' }]);
		expect(api.scope.isDone()).toBe(true);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	it('refuses creating a list on a board outside the setting without any request', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'list', operation: 'create', board: rl(OTHER_BOARD), name: 'x', ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(`Refused: the board "${OTHER_BOARD}" is outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(api.recorded).toEqual([]);
	});

	it('refuses Create Board while the setting is in use', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'board', operation: 'create', name: 'New', ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(`"Board → Create" is not available while Allowed Boards is set (allowed: ${BOARD})`);
		expect(api.recorded).toEqual([]);
	});

	it('lists only the allowed boards, then applies the limit', async () => {
		trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/boards',
				reply: [
					{ id: OTHER_BOARD, name: 'Ops' },
					{ id: BOARD, name: 'Team' },
					{ id: LABEL, name: 'Not allowed' },
				],
			},
		]);
		const run = await runTrello({ resource: 'board', operation: 'getAll', returnAll: false, limit: 1, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([{ id: BOARD, name: 'Team' }]);
	});

	it('names the setting when an entry is not a board', async () => {
		trelloApi([]);
		const run = await runTrello({ resource: 'card', operation: 'get', card: rl(CARD), ...allowed('https://example.com/b/x') });
		expect(run.error('Trello')?.message).toBe('"https://example.com/b/x" in "Allowed Boards" is not a Trello board, so nothing is allowed');
	});
});
