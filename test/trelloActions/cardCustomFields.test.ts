import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, OTHER_BOARD, card } from './fixtures';
import { ESTIMATE_FIELD, NOTES_FIELD, boardCustomFields, cardFieldItems, cardFieldValues, fieldItem } from './fixtures/ids';
import { contractProblems, expectedSent, rl, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const OTHER_CARD = '61b2c3d4e5f60718293a4b00';
const definitions = (board: string) => ({ method: 'GET' as const, path: `/1/boards/${board}/customFields`, reply: boardCustomFields });

describe('Card custom fields by name', () => {
	it('reads each board’s custom fields once per execution, however many items and cards', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { customFieldItems: 'true' }, reply: { ...card, customFieldItems: cardFieldItems } },
			definitions(BOARD),
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { customFieldItems: 'true' }, reply: { ...card, customFieldItems: [] } },
			{
				method: 'GET',
				path: `/1/cards/${OTHER_CARD}`,
				query: { customFieldItems: 'true' },
				reply: { ...card, id: OTHER_CARD, idBoard: OTHER_BOARD, customFieldItems: [fieldItem(NOTES_FIELD, { value: { text: 'x' } })] },
			},
			{ method: 'GET', path: `/1/boards/${OTHER_BOARD}/customFields`, reply: [boardCustomFields[4]] },
		]);

		const run = await runTrello(
			{ resource: 'card', operation: 'get', card: rl('={{ $json.card }}'), additionalFields: { customFieldItems: true }, simplify: true },
			'keyToken',
			[{ card: CARD }, { card: CARD }, { card: OTHER_CARD }],
		);

		expect(run.json('Trello').map((item) => item.customFields)).toEqual([
			cardFieldValues,
			{ Priority: null, Estimate: null, Review: null, Approved: null, Notes: null },
			{ Notes: 'x' },
		]);
		// Simplify keeps the values by name (and not Trello's customFieldItems).
		expect(Object.keys(run.json('Trello')[0])).toEqual(['id', 'name', 'idList', 'customFields', 'trust']);
		expect(api.sent().filter((call) => call.path.endsWith('/customFields'))).toHaveLength(2);
		expect(api.scope.isDone()).toBe(true);
	});

	it('Update with only custom fields reads the card instead of writing it, then sets each value', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: BOARD } },
			definitions(BOARD),
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: card },
			{ method: 'PUT', path: `/1/cards/${CARD}/customField/${NOTES_FIELD}/item`, body: { value: { text: 'Ready' } }, reply: fieldItem(NOTES_FIELD, { value: { text: 'Ready' } }) },
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { customFieldValues: { field: [{ name: NOTES_FIELD, value: 'Ready' }] } },
		});

		expect(run.json('Trello')).toEqual([{ ...card, customFields: { Notes: 'Ready' } }]);
		expect(api.recorded[3].body).toEqual({ value: { text: 'Ready' } });
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('a value of the wrong type fails before anything is written, naming the field', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: BOARD } },
			definitions(BOARD),
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { name: 'New name', customFieldValues: { field: [{ name: 'Estimate', value: 'soon' }] } },
		});

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('The "Custom Fields → Estimate" parameter is not a number (got "soon")');
		expect(api.sent()).toEqual(
			expectedSent([{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' } }, { method: 'GET', path: `/1/boards/${BOARD}/customFields` }]),
		);
	});

	it('a field the board does not have fails before the card is created, listing the board’s fields', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/lists/${card.idList}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			definitions(BOARD),
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'create',
			list: rl(card.idList),
			name: 'x',
			additionalFields: { customFieldValues: { field: [{ name: 'Severity', value: '1' }] } },
		});

		expect(run.error('Trello')?.message).toBe('The "Custom Fields" parameter names a field the card’s board does not have ("Severity")');
		expect(run.error('Trello')?.description).toBe('Give one of: Priority, Estimate, Review, Approved, Notes.');
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
		expect(api.scope.isDone()).toBe(true);
	});

	it('a card moved to another board gets the values of that board’s fields', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/boards/${OTHER_BOARD}/customFields`, reply: [{ ...boardCustomFields[1], idModel: OTHER_BOARD }] },
			{ method: 'PUT', path: `/1/cards/${CARD}`, query: { idBoard: OTHER_BOARD }, reply: { ...card, idBoard: OTHER_BOARD } },
			{ method: 'PUT', path: `/1/cards/${CARD}/customField/${ESTIMATE_FIELD}/item`, body: { value: { number: '-2.5' } }, reply: fieldItem(ESTIMATE_FIELD, { value: { number: '-2.5' } }) },
		]);

		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { idBoard: rl(OTHER_BOARD), customFieldValues: { field: [{ name: 'Estimate', value: '-2.5' }] } },
		});

		expect(run.json('Trello')).toEqual([{ ...card, idBoard: OTHER_BOARD, customFields: { Estimate: -2.5 } }]);
		expect(api.scope.isDone()).toBe(true);
	});
});
