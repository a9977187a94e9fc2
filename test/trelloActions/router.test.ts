import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import type { TrelloRow } from '../../nodes/Trello/actions/types';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, OTHER_BOARD } from './fixtures';
import { rl, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

/** A row that needs two requests: the card, then its board's name. */
const twoStepRow: TrelloRow = {
	resource: 'card',
	operation: 'getWithBoardName',
	name: 'Get With Board Name',
	action: 'Get a card with its board name',
	description: 'Test row for the handler path of the router',
	method: 'GET',
	path: '/1/cards/{id}',
	targets: [{ field: 'card', kind: 'card' }],
	fields: [{ name: 'card', displayName: 'Card', type: 'resourceLocator', in: 'path', apiName: 'id', required: true, description: 'The card' }],
	handler: async ({ client, values, itemIndex }) => {
		const card = await client.request<{ id: string; idBoard: string }>({ method: 'GET', path: `/1/cards/${String(values.card)}` });
		const board = await client.request<{ name: string }>({
			method: 'GET',
			path: `/1/boards/${card.idBoard}`,
			qs: { fields: 'name' },
		});
		return [{ json: { ...card, boardName: board.name }, pairedItem: { item: itemIndex } }];
	},
};

describe('Trello router', () => {
	// The test row is no catalogue operation, so it has no TrelloOperationKey: added through the plain row type.
	const catalogue: TrelloRow[] = TRELLO_ROWS;
	beforeAll(() => catalogue.push(twoStepRow));
	afterAll(() => catalogue.splice(catalogue.indexOf(twoStepRow), 1));

	it('runs a row’s handler after the Allowed Boards check instead of the generic request', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/boards/${BOARD}`, query: { fields: 'name' }, reply: { name: 'Team' } },
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'getWithBoardName',
			card: rl(CARD),
			options: { allowedBoards: BOARD },
		});

		expect(run.json('Trello')).toEqual([{ id: CARD, idBoard: BOARD, boardName: 'Team' }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('does not reach the handler when the object is outside Allowed Boards', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } },
		]);
		const run = await runTrello({
			resource: 'card',
			operation: 'getWithBoardName',
			card: rl(CARD),
			options: { allowedBoards: BOARD },
		});
		expect(run.error('Trello')?.message).toContain('outside the node\'s "Allowed Boards"');
		expect(api.recorded).toHaveLength(1);
	});

	it('names an unknown operation', async () => {
		trelloApi([]);
		const run = await runTrello({ resource: 'card', operation: 'teleport', card: rl(CARD) });
		expect(run.error('Trello')?.message).toBe('The operation "card → teleport" is not known');
	});
});
