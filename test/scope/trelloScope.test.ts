import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { BOARD, CARD, LIST, OTHER_BOARD, OTHER_LIST } from '../trelloActions/fixtures';
import { credentialsFor, expectedSent, rl, trelloApi } from '../trelloActions/support';

beforeEach(() => resetTrelloRateLimitState());

const ALLOWED = `Allowed boards: ${BOARD}.`;

function scoped(extra: IDataObject = {}) {
	const base = credentialsFor();
	// Upper case on purpose: board ids compare case-insensitively.
	return { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD.toUpperCase(), ...extra } };
}

async function run(type: 'trello' | 'trelloApiCall', parameters: IDataObject, creds: ReturnType<typeof scoped> = scoped(), items: IDataObject[] = [{}]) {
	const node = packageNode('Node', type, { authentication: 'keyToken', ...parameters }, { trelloKeyTokenApi: 'key-token', trelloOAuth10aApi: 'oauth1' });
	return await runWorkflow(singleNodeWorkflow(node, items), { credentials: creds });
}

describe('credential scope: Trello API Call', () => {
	it('a board outside the scope is refused without any request', async () => {
		const api = trelloApi([]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: `/1/boards/${OTHER_BOARD}/cards` });
		expect(result.error('Node')?.message).toBe(`Refused: the board "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual([]);
	});

	it('a query string in the endpoint is checked like Query Parameters: sent as query for an allowed board', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { filter: 'open', fields: 'name' }, reply: [] }]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: `/1/boards/${BOARD}/lists?filter=open&fields=name` });
		expect(result.error('Node')).toBeUndefined();
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { filter: 'open', fields: 'name' } }]));
	});

	it('an id in the endpoint’s query string is checked like one in Query Parameters: a list of another board is refused', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } }]);
		const result = await run('trelloApiCall', { method: 'POST', endpoint: `/1/cards?idList=${OTHER_LIST}&name=x` });
		expect(result.error('Node')?.message).toBe(`Refused: idList "${OTHER_LIST}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' } }]));
	});

	it('a card is looked up (its board only) and then read when its board is allowed', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, name: 'x' } },
		]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: `/1/cards/${CARD}` });
		expect(result.json('Node')).toEqual([{ id: CARD, name: 'x' }]);
		expect(api.sent()).toEqual(expectedSent([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' } },
			{ method: 'GET', path: `/1/cards/${CARD}` },
		]));
	});

	it('creating a card in a list of another board is refused after one read of the list’s board', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } }]);
		const result = await run('trelloApiCall', { method: 'POST', endpoint: '/1/cards', body: JSON.stringify({ idList: OTHER_LIST, name: 'x' }) });
		expect(result.error('Node')?.message).toBe(`Refused: idList "${OTHER_LIST}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' } }]));
	});

	it.each(['query', 'body'])('moving a check item of an allowed card into a checklist of another board (idChecklist in the %s) is refused after its look-up', async (where) => {
		const CHECK_ITEM = '6c0000000000000000000001';
		const OTHER_CHECKLIST = '6c00000000000000000000ff';
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/checklists/${OTHER_CHECKLIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } },
		]);
		const result = await run('trelloApiCall', {
			method: 'PUT',
			endpoint: `/1/cards/${CARD}/checkItem/${CHECK_ITEM}`,
			...(where === 'query'
				? { queryParameters: { parameter: [{ name: 'idChecklist', value: OTHER_CHECKLIST }] } }
				: { body: JSON.stringify({ idChecklist: OTHER_CHECKLIST }) }),
		});
		expect(result.error('Node')?.message).toBe(`Refused: idChecklist "${OTHER_CHECKLIST}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' } },
			{ method: 'GET', path: `/1/checklists/${OTHER_CHECKLIST}`, query: { fields: 'idBoard' } },
		]));
	});

	it('moving an allowed card to another board is refused (every named object is checked)', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } }]);
		const result = await run('trelloApiCall', {
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			queryParameters: { parameter: [{ name: 'idBoard', value: OTHER_BOARD }] },
		});
		expect(result.error('Node')?.message).toBe(`Refused: idBoard "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toHaveLength(1);
	});

	it.each([
		['GET', '/1/search'],
		['GET', '/1/members/me/actions'],
		['POST', '/1/boards'],
		['GET', '/1/organizations/acme/members'],
	])('%s %s cannot be verified inside the scope → refused', async (method, endpoint) => {
		const api = trelloApi([]);
		const result = await run('trelloApiCall', { method, endpoint });
		expect(result.error('Node')?.message).toMatch(/^Refused: /);
		expect(result.error('Node')?.message).toContain(ALLOWED);
		expect(api.sent()).toEqual([]);
	});

	it('a workspace’s boards are kept only when in the scope', async () => {
		trelloApi([{ method: 'GET', path: '/1/organizations/acme/boards', reply: [{ id: OTHER_BOARD }, { id: BOARD }] }]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: '/1/organizations/acme/boards' });
		expect(result.json('Node')).toEqual([{ id: BOARD }]);
	});

	it('a member’s cards are kept only on the scope’s boards', async () => {
		trelloApi([{ method: 'GET', path: '/1/members/me/cards', reply: [{ id: 'a', idBoard: BOARD }, { id: 'b', idBoard: OTHER_BOARD }] }]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: '/1/members/me/cards' });
		expect(result.json('Node')).toEqual([{ id: 'a', idBoard: BOARD }]);
	});

	it('a search confined to the scope’s boards goes through, its answer kept to them; one reaching another board is refused', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/search',
				reply: { cards: [{ id: 'a', idBoard: BOARD }, { id: 'b', idBoard: OTHER_BOARD }], boards: [{ id: OTHER_BOARD }], members: [{ id: 'm' }] },
			},
		]);
		const query = (idBoards: string, modelTypes = 'cards,boards') => ({
			parameter: [
				{ name: 'query', value: 'x' },
				{ name: 'modelTypes', value: modelTypes },
				{ name: 'idBoards', value: idBoards },
			],
		});
		const found = await run('trelloApiCall', { method: 'GET', endpoint: '/1/search', queryParameters: query(BOARD) });
		expect(found.json('Node')).toEqual([{ cards: [{ id: 'a', idBoard: BOARD }], boards: [] }]);
		const outside = await run('trelloApiCall', { method: 'GET', endpoint: '/1/search', queryParameters: query(`${BOARD},${OTHER_BOARD}`) });
		expect(outside.error('Node')?.message).toBe(`Refused: the board "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`);
		const members = await run('trelloApiCall', { method: 'GET', endpoint: '/1/search', queryParameters: query(BOARD, 'cards,members') });
		expect(members.error('Node')?.message).toMatch(/^Refused: a search for cards, members cannot be confined to the credential's scope/);
		expect(api.sent()).toHaveLength(1);
	});

	it('the member’s boards are filtered to the scope; /1/members/me is an account read', async () => {
		const api = trelloApi([
			{ method: 'GET', path: '/1/members/me/boards', reply: [{ id: BOARD }, { id: OTHER_BOARD }] },
			{ method: 'GET', path: '/1/members/me', reply: { id: 'm1' } },
		]);
		const boards = await run('trelloApiCall', { method: 'GET', endpoint: '/1/members/me/boards' });
		expect(boards.json('Node')).toEqual([{ id: BOARD }]);
		const me = await run('trelloApiCall', { method: 'GET', endpoint: '/1/members/me' });
		expect(me.json('Node')).toEqual([{ id: 'm1' }]);
		expect(api.sent()).toHaveLength(2);
	});

	it('read-only: PUT is refused before anything is sent', async () => {
		const api = trelloApi([]);
		const result = await run('trelloApiCall', { method: 'PUT', endpoint: `/1/cards/${CARD}` }, scoped({ accessLevel: 'readOnly', allowedBoards: '' }));
		expect(result.error('Node')?.message).toBe(`Refused: the credential is read-only, and PUT /1/cards/${CARD} would change data. Allowed: GET requests.`);
		expect(api.sent()).toEqual([]);
	});

	it.each([',', 'https://example.com/b/x'])('allowed boards %j parse to nothing → everything refused', async (setting) => {
		const api = trelloApi([]);
		const result = await run('trelloApiCall', { method: 'GET', endpoint: '/1/members/me' }, scoped({ allowedBoards: setting }));
		expect(result.error('Node')?.message).toMatch(/so nothing is allowed$/);
		expect(api.sent()).toEqual([]);
	});
});

describe('credential scope: Trello node', () => {
	it('a card’s board is looked up once per execution however many items, never with a write', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, reply: { id: CARD, closed: true } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, reply: { id: CARD, closed: true } },
		]);
		const result = await run('trello', { resource: 'card', operation: 'archive', card: rl(CARD) }, scoped(), [{}, {}]);
		expect(result.error('Node')).toBeUndefined();
		expect(api.sent().map((call) => call.method)).toEqual(['GET', 'PUT', 'PUT']);
	});

	it('List → Create copying a list of another board is refused (credential and node setting)', async () => {
		for (const [creds, options, source] of [
			[scoped(), {}, "the credential's scope"],
			[credentialsFor(), { allowedBoards: BOARD }, 'the node\'s "Allowed Boards"'],
		] as const) {
			const api = trelloApi([{ method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } }]);
			const result = await run(
				'trello',
				{ resource: 'list', operation: 'create', board: rl(BOARD), name: 'Copy', additionalFields: { idListSource: OTHER_LIST }, options },
				creds as ReturnType<typeof scoped>,
			);
			expect(result.error('Node')?.message).toMatch(new RegExp(`^Refused: .*"${OTHER_LIST}" is on board "${OTHER_BOARD}", outside ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. ${ALLOWED}$`));
			expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
			api.scope.done();
		}
	});

	it('an upper-case board id in the node setting allows that board’s own objects', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/lists/${LIST}`, reply: { id: LIST } },
		]);
		const result = await run('trello', { resource: 'list', operation: 'get', list: rl(LIST), options: { allowedBoards: BOARD.toUpperCase() } }, credentialsFor() as ReturnType<typeof scoped>);
		expect(result.json('Node')).toEqual([{ id: LIST }]);
		expect(api.sent()).toHaveLength(2);
	});

	it('Board → Get Many keeps only boards in the credential scope', async () => {
		trelloApi([{ method: 'GET', path: '/1/members/me/boards', reply: [{ id: BOARD, name: 'a' }, { id: OTHER_BOARD, name: 'b' }] }]);
		const result = await run('trello', { resource: 'board', operation: 'getAll', returnAll: true, simplify: false });
		expect(result.json('Node').map((board) => board.id)).toEqual([BOARD]);
	});
});
