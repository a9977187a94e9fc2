import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { BOARD, CARD, LABEL, LIST, OTHER_BOARD, OTHER_LABEL, OTHER_LIST } from '../trelloActions/fixtures';
import type { ExpectedCall } from '../trelloActions/support';
import { credentialsFor, expectedSent, trelloApi } from '../trelloActions/support';

/**
 * Trello's value-style writes (PUT /1/cards/ID/idList?value=…) name their target in `value`;
 * a name given twice (query and body, or twice in the query) must not let the check read one
 * value while Trello applies the other. Credential Allowed Boards = BOARD.
 */
beforeEach(() => resetTrelloRateLimitState());

const ALLOWED = `Allowed boards: ${BOARD}.`;

function scoped() {
	const base = credentialsFor();
	return { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD, accessLevel: 'readWrite' } };
}

async function call(parameters: IDataObject) {
	const node = packageNode('Call', 'trelloApiCall', { authentication: 'keyToken', ...parameters }, { trelloKeyTokenApi: 'key-token' });
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped() });
}

const query = (pairs: Record<string, string>) => ({ parameter: Object.entries(pairs).map(([name, value]) => ({ name, value })) });

const cardOnBoard: ExpectedCall = { method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } };
const listOnBoard: ExpectedCall = { method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } };
const otherList: ExpectedCall = { method: 'GET', path: `/1/lists/${OTHER_LIST}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } };
const otherLabel: ExpectedCall = { method: 'GET', path: `/1/labels/${OTHER_LABEL}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } };

describe('Trello value-style writes are checked by what `value` names', () => {
	it.each([
		['move a list to another board', `/1/lists/${LIST}/idBoard`, OTHER_BOARD, [listOnBoard], `Refused: idBoard "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`],
		['move a card to another board', `/1/cards/${CARD}/idBoard`, OTHER_BOARD, [cardOnBoard], `Refused: idBoard "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`],
		['move a card to a list of another board', `/1/cards/${CARD}/idList`, OTHER_LIST, [cardOnBoard, otherList], `Refused: idList "${OTHER_LIST}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`],
	] as const)('%s: refused, nothing written', async (_name, endpoint, value, lookups, message) => {
		const api = trelloApi([...lookups]);
		const result = await call({ method: 'PUT', endpoint, queryParameters: query({ value }) });
		expect(result.error('Call')?.message).toBe(message);
		expect(api.sent()).toEqual(expectedSent([...lookups]));
	});

	it('the field segment in other case is read the same way', async () => {
		const api = trelloApi([cardOnBoard]);
		const result = await call({ method: 'PUT', endpoint: `/1/cards/${CARD}/IDBOARD`, queryParameters: query({ value: OTHER_BOARD }) });
		expect(result.error('Call')?.message).toBe(`Refused: IDBOARD "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([cardOnBoard]));
	});

	it('`value` in the body is read the same way', async () => {
		const api = trelloApi([listOnBoard]);
		const result = await call({ method: 'PUT', endpoint: `/1/lists/${LIST}/idBoard`, body: JSON.stringify({ value: OTHER_BOARD }) });
		expect(result.error('Call')?.message).toBe(`Refused: idBoard "${OTHER_BOARD}" is outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([listOnBoard]));
	});

	it('a label of another board added by value is refused', async () => {
		const api = trelloApi([cardOnBoard, otherLabel]);
		const result = await call({ method: 'POST', endpoint: `/1/cards/${CARD}/idLabels`, queryParameters: query({ value: OTHER_LABEL }) });
		expect(result.error('Call')?.message).toBe(`Refused: idLabels "${OTHER_LABEL}" is on board "${OTHER_BOARD}", outside the credential's scope. ${ALLOWED}`);
		expect(api.sent()).toEqual(expectedSent([cardOnBoard, otherLabel]));
	});

	it('an id-style field whose meaning is unknown is refused rather than guessed, before any look-up', async () => {
		const api = trelloApi([cardOnBoard]);
		const result = await call({ method: 'PUT', endpoint: `/1/cards/${CARD}/idSomethingNew`, queryParameters: query({ value: OTHER_BOARD }) });
		expect(result.error('Call')?.message).toMatch(/^Refused: PUT \/1\/cards\/.*\/idSomethingNew cannot be checked/);
		expect(api.sent()).toEqual([]);
	});

	it('moving a card to a list of an allowed board is sent, once checked', async () => {
		const move: ExpectedCall = { method: 'PUT', path: `/1/cards/${CARD}/idList`, query: { value: LIST }, reply: { id: CARD, idList: LIST } };
		const api = trelloApi([cardOnBoard, listOnBoard, move]);
		const result = await call({ method: 'PUT', endpoint: `/1/cards/${CARD}/idList`, queryParameters: query({ value: LIST }) });
		expect(result.json('Call')).toEqual([{ id: CARD, idList: LIST }]);
		expect(api.sent()).toEqual(expectedSent([cardOnBoard, listOnBoard, move]));
	});

	it('adding a label of the allowed board by value is sent, once checked', async () => {
		const labelOnBoard: ExpectedCall = { method: 'GET', path: `/1/labels/${LABEL}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } };
		const add: ExpectedCall = { method: 'POST', path: `/1/cards/${CARD}/idLabels`, query: { value: LABEL }, reply: [LABEL] };
		const api = trelloApi([cardOnBoard, labelOnBoard, add]);
		const result = await call({ method: 'POST', endpoint: `/1/cards/${CARD}/idLabels`, queryParameters: query({ value: LABEL }) });
		expect(result.json('Call')).toEqual([{ value: LABEL }]);
		expect(api.sent()).toEqual(expectedSent([cardOnBoard, labelOnBoard, add]));
	});
});

describe('Trello: one name, two values', () => {
	it('idList in the query and another in the body is refused before any look-up', async () => {
		const api = trelloApi([]);
		const result = await call({
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			queryParameters: query({ idList: OTHER_LIST }),
			body: JSON.stringify({ idList: LIST }),
		});
		expect(result.error('Call')?.message).toBe(
			`Refused: "idList" is given twice with different values ("${OTHER_LIST}" and "${LIST}"), and the service may apply either. ${ALLOWED}`,
		);
		expect(api.sent()).toEqual([]);
	});

	it('idBoard in the query and idboard in the body is refused too', async () => {
		const api = trelloApi([]);
		const result = await call({
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			queryParameters: query({ idBoard: OTHER_BOARD }),
			body: JSON.stringify({ idboard: BOARD }),
		});
		expect(result.error('Call')?.message).toMatch(/^Refused: "idBoard" is given twice with different values/);
		expect(api.sent()).toEqual([]);
	});

	it('the same query parameter twice with different values is refused as bad input', async () => {
		const api = trelloApi([]);
		const result = await call({
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			queryParameters: { parameter: [{ name: 'idList', value: LIST }, { name: 'idList', value: OTHER_LIST }] },
		});
		expect(result.error('Call')?.name).toBe('NodeOperationError');
		expect(result.error('Call')?.message).toBe(`The "Query Parameters" parameter names "idList" twice with different values`);
		expect(api.sent()).toEqual([]);
	});

	it('the same value given in query and body is one value, checked once', async () => {
		const update: ExpectedCall = { method: 'PUT', path: `/1/cards/${CARD}`, query: { idList: LIST }, reply: { id: CARD, idList: LIST } };
		const api = trelloApi([cardOnBoard, listOnBoard, update]);
		const result = await call({
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			queryParameters: query({ idList: LIST }),
			body: JSON.stringify({ idList: LIST }),
		});
		expect(result.json('Call')).toEqual([{ id: CARD, idList: LIST }]);
		expect(api.sent()).toEqual(expectedSent([cardOnBoard, listOnBoard, update]));
	});
});
