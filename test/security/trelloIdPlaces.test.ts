import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { ACTION, BOARD, CARD, CHECK_ITEM, CUSTOM_FIELD, LIST, OTHER_BOARD, OTHER_CARD, OTHER_LIST } from '../trelloActions/fixtures/ids';
import { credentialsFor, expectedSent, trelloApi } from '../trelloActions/support';

/**
 * Places Trello's REST documentation gives for an id besides the first path segment: a second
 * object in the path (/1/boards/ID/cards/ID, /1/cards/ID/checklist/ID/checkItem/ID, …), batch and
 * search, ids in the query and the body at once, lists of ids, other spellings, webhook models,
 * copies from another board. Under Allowed Boards = BOARD each must be refused after at most the
 * look-ups of the objects' boards, or sent when every object is on BOARD.
 */
beforeEach(() => resetTrelloRateLimitState());

const ALLOWED = `Allowed boards: ${BOARD}.`;
const OTHER_CHECKLIST = '63d4e5f60718293a4b5c6d99';
const OTHER_FIELD = '68b0000000000000000000ff';
const OTHER_ACTION = '66aa000000000000000000ff';

function scoped() {
	const base = credentialsFor();
	return { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD } };
}

async function apiCall(method: string, endpoint: string, body?: IDataObject) {
	const parameters = { authentication: 'keyToken', method, endpoint, ...(body ? { body: JSON.stringify(body) } : {}) };
	const node = packageNode('Call', 'trelloApiCall', parameters, { trelloKeyTokenApi: 'key-token', trelloOAuth10aApi: 'oauth1' });
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped() });
}

const boardOf = (collection: string, id: string, board: string, fields = 'idBoard') => ({
	method: 'GET' as const,
	path: `/1/${collection}/${id}`,
	query: { fields },
	reply: fields === 'data' ? { data: { board: { id: board } } } : fields === 'idModel' ? { idModel: board } : { idBoard: board },
});

describe('a second object named in the path', () => {
	it.each([
		['GET', `/1/boards/${BOARD}/cards/${OTHER_CARD}`, boardOf('cards', OTHER_CARD, OTHER_BOARD), `the card "${OTHER_CARD}"`],
		['PUT', `/1/cards/${CARD}/checklist/${OTHER_CHECKLIST}/checkItem/${CHECK_ITEM}`, boardOf('checklists', OTHER_CHECKLIST, OTHER_BOARD), `the checklist "${OTHER_CHECKLIST}"`],
		['DELETE', `/1/cards/${CARD}/checklists/${OTHER_CHECKLIST}`, boardOf('checklists', OTHER_CHECKLIST, OTHER_BOARD), `the checklist "${OTHER_CHECKLIST}"`],
		['PUT', `/1/cards/${CARD}/customField/${OTHER_FIELD}/item`, boardOf('customFields', OTHER_FIELD, OTHER_BOARD, 'idModel'), `the customField "${OTHER_FIELD}"`],
		['PUT', `/1/cards/${CARD}/actions/${OTHER_ACTION}/comments`, boardOf('actions', OTHER_ACTION, OTHER_BOARD, 'data'), `the action "${OTHER_ACTION}"`],
	])('%s %s: the second object is looked up and refused', async (method, endpoint, otherLookup, label) => {
		const first = endpoint.startsWith('/1/boards/') ? [] : [boardOf('cards', CARD, BOARD)];
		const api = trelloApi([...first, otherLookup]);
		const run = await apiCall(method, endpoint, method === 'GET' || method === 'DELETE' ? undefined : { value: { text: 'x' } });
		expect(run.error('Call')?.message).toBe(`Refused: ${label} is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([...first, otherLookup]));
	});

	it('both objects on the allowed board: looked up, then sent', async () => {
		const api = trelloApi([
			boardOf('cards', CARD, BOARD),
			boardOf('customFields', CUSTOM_FIELD, BOARD, 'idModel'),
			{ method: 'PUT', path: `/1/cards/${CARD}/customField/${CUSTOM_FIELD}/item`, reply: { id: 'item' } },
		]);
		const run = await apiCall('PUT', `/1/cards/${CARD}/customField/${CUSTOM_FIELD}/item`, { value: { text: 'x' } });
		expect(run.json('Call')).toEqual([{ id: 'item' }]);
		expect(api.sent().map((call) => call.path)).toEqual([`/1/cards/${CARD}`, `/1/customFields/${CUSTOM_FIELD}`, `/1/cards/${CARD}/customField/${CUSTOM_FIELD}/item`]);
	});

	it.each([`/1/boards/${BOARD}/cards/open`, `/1/boards/${BOARD}/lists/closed`, `/1/cards/${CARD}/actions/comments`])('%s: a filter or a word, not an id, is no object to look up', async (endpoint) => {
		const first = endpoint.startsWith('/1/cards/') ? [boardOf('cards', CARD, BOARD)] : [];
		const method = endpoint.endsWith('comments') ? 'POST' : 'GET';
		const api = trelloApi([...first, { method, path: endpoint, reply: [] }]);
		const run = await apiCall(method, endpoint, method === 'POST' ? { text: 'x' } : undefined);
		expect(run.error('Call')).toBeUndefined();
		expect(api.sent().map((call) => call.path)).toEqual([...first.map((call) => call.path), endpoint]);
	});

	it('a second segment that is neither an id nor a word Trello documents there is refused, nothing sent', async () => {
		const api = trelloApi([]);
		const run = await apiCall('GET', `/1/boards/${BOARD}/cards/Xy12Ab34`);
		expect(run.error('Call')?.message).toMatch(/^Refused: GET \/1\/boards\/.*\/cards\/Xy12Ab34 cannot be checked against the credential's board scope\./);
		expect(api.sent()).toEqual([]);
	});
});

describe('ids in unusual places', () => {
	it.each([
		['GET', `/1/batch?urls=/boards/${OTHER_BOARD},/boards/${BOARD}`, undefined],
		['GET', `/1/search?query=secret&idBoards=${OTHER_BOARD}`, undefined],
		['GET', '/1/search?query=secret', undefined],
		['GET', `/1/search?query=secret&idBoards=${BOARD}&modelTypes=members`, undefined],
		['GET', `/1/search?query=secret&idBoards=${BOARD},${OTHER_BOARD}`, undefined],
		['POST', `/1/cards?idList=${LIST}`, { idList: OTHER_LIST, name: 'x' }],
		['POST', '/1/lists', { idBoard: [BOARD, OTHER_BOARD], name: 'x' }],
		['POST', '/1/lists', { idBoard: BOARD, IDBOARD: OTHER_BOARD, name: 'x' }],
		['POST', '/1/lists', { idBoard: { id: OTHER_BOARD }, name: 'x' }],
		['POST', '/1/boards', { name: 'copy', idBoardSource: BOARD }],
		['GET', `/1/members/me/boards/${OTHER_BOARD}`, undefined],
		['GET', `/1/tokens/me/webhooks`, undefined],
		['PUT', `/1/cards/${CARD}/idWhatever?value=${OTHER_BOARD}`, undefined],
		['GET', `/1/Boards/${OTHER_BOARD}`, undefined],
		['GET', `/1//boards/${OTHER_BOARD}`, undefined],
		['GET', `/1/boards/${BOARD}/../${OTHER_BOARD}`, undefined],
		['GET', `/1/boards/${BOARD}%2F..%2F${OTHER_BOARD}`, undefined],
		['GET', `/2/boards/${OTHER_BOARD}`, undefined],
	])('%s %s is refused without a write', async (method, endpoint, body) => {
		const api = trelloApi([]);
		const run = await apiCall(method, endpoint, body);
		expect(run.error('Call')?.message).toMatch(/^(Refused: |The endpoint)/);
		expect(api.sent()).toEqual([]);
	});

	it.each([
		['an action of another board read', 'GET', `/1/actions/${OTHER_ACTION}`, undefined, [boardOf('actions', OTHER_ACTION, OTHER_BOARD, 'data')], `the action "${OTHER_ACTION}"`],
		['a comment of another board edited', 'PUT', `/1/actions/${OTHER_ACTION}?text=x`, undefined, [boardOf('actions', OTHER_ACTION, OTHER_BOARD, 'data')], `the action "${OTHER_ACTION}"`],
		['a card copied from another board (idCardSource)', 'POST', '/1/cards', { idList: LIST, idCardSource: OTHER_CARD }, [boardOf('lists', LIST, BOARD), boardOf('cards', OTHER_CARD, OTHER_BOARD)], `idCardSource "${OTHER_CARD}"`],
		['a list copied from another board (idListSource)', 'POST', '/1/lists', { idBoard: BOARD, name: 'x', idListSource: OTHER_LIST }, [boardOf('lists', OTHER_LIST, OTHER_BOARD)], `idListSource "${OTHER_LIST}"`],
		['a checklist copied from another board', 'POST', '/1/checklists', { idCard: CARD, idChecklistSource: OTHER_CHECKLIST }, [boardOf('cards', CARD, BOARD), boardOf('checklists', OTHER_CHECKLIST, OTHER_BOARD)], `idChecklistSource "${OTHER_CHECKLIST}"`],
		['a card moved by a value write', 'PUT', `/1/cards/${CARD}/idList?value=${OTHER_LIST}`, undefined, [boardOf('cards', CARD, BOARD), boardOf('lists', OTHER_LIST, OTHER_BOARD)], `idList "${OTHER_LIST}"`],
		['a webhook on a card of another board', 'POST', '/1/webhooks', { idModel: OTHER_CARD, callbackURL: 'https://example.com/hook' }, [boardOf('cards', OTHER_CARD, OTHER_BOARD)], `idModel "${OTHER_CARD}"`],
	])('%s: refused after the look-ups', async (_name, method, endpoint, body, lookups, label) => {
		const api = trelloApi(lookups);
		const run = await apiCall(method, endpoint, body);
		expect(run.error('Call')?.message).toBe(`Refused: ${label} is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent(lookups));
	});

	it('a webhook model that is no board, card or list (a member) is refused after it is read as a card and as a list', async () => {
		const MEMBER_ID = '65f607182000000000000abc';
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${MEMBER_ID}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			{ method: 'GET', path: `/1/lists/${MEMBER_ID}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
		]);
		const run = await apiCall('POST', '/1/webhooks', { idModel: MEMBER_ID, callbackURL: 'https://example.com/hook' });
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
	});

	it('a webhook of the allowed board moved to another board (PUT idModel) is refused after both look-ups', async () => {
		const HOOK = '6b0000000000000000000001';
		const lookups = [boardOf('webhooks', HOOK, BOARD, 'idModel')];
		const api = trelloApi(lookups);
		const run = await apiCall('PUT', `/1/webhooks/${HOOK}`, { idModel: OTHER_BOARD });
		expect(run.error('Call')?.message).toBe(`Refused: idModel "${OTHER_BOARD}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent(lookups));
	});

	it('a reply to a comment of the allowed board is sent after its action is looked up', async () => {
		const api = trelloApi([boardOf('actions', ACTION, BOARD, 'data'), { method: 'PUT', path: `/1/actions/${ACTION}`, reply: { id: ACTION } }]);
		const run = await apiCall('PUT', `/1/actions/${ACTION}`, { text: 'edited' });
		expect(run.json('Call')).toEqual([{ id: ACTION }]);
		expect(api.sent().map((call) => `${call.method} ${call.path}`)).toEqual([`GET /1/actions/${ACTION}`, `PUT /1/actions/${ACTION}`]);
	});
});
