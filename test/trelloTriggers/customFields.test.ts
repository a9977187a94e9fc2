import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { contractProblems } from '../trelloActions/support';
import { BOARD, BOARD_MODEL, CARD, delivery, ME } from './fixtures';
import { deliverSigned, emitted, trelloTrigger } from './helpers';

const PRIORITY = { id: '5f2b8c1e9d3a4b0012a1e001', name: 'Priority', type: 'list' };
const HIGH = '5f2b8c1e9d3a4b0012a1e002';
const LOW = '5f2b8c1e9d3a4b0012a1e003';
const ESTIMATE = { id: '5f2b8c1e9d3a4b0012a1e004', name: 'Estimate', type: 'number' };

/** An updateCustomFieldItem action as Trello delivers it: the field, the card's item now, and the old value. */
function fieldChange(field: IDataObject, item: IDataObject, old: IDataObject): IDataObject {
	return {
		id: `65a1f0c2cf${String(field.id).slice(-14)}`,
		idMemberCreator: ME.id,
		type: 'updateCustomFieldItem',
		date: '2026-11-21T15:00:00.000Z',
		data: {
			customField: field,
			customFieldItem: { id: '5f2b8c1e9d3a4b0012a1e0ff', idCustomField: field.id, idModel: CARD.id, modelType: 'card', ...item },
			old,
			card: CARD,
			board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
		},
		memberCreator: { id: ME.id, username: ME.username, fullName: ME.fullName },
	};
}

beforeEach(() => {
	resetTrelloRateLimitState();
	nock.cleanAll();
});
afterAll(() => nock.cleanAll());

describe('Trello Trigger: custom field changes', () => {
	it('a number change carries the field’s name and its old and new value, typed; other activity types do not fire', async () => {
		const harness = trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['customFieldChanged'] });
		const { result } = await deliverSigned(harness, delivery(fieldChange(ESTIMATE, { value: { number: '5' } }, { value: { number: '3' } }), BOARD_MODEL));

		const [item] = emitted(result) ?? [];
		expect(item.eventTypes).toEqual(['customFieldChanged']);
		expect(item.customField).toEqual({ id: ESTIMATE.id, name: 'Estimate', type: 'number', oldValue: 3, newValue: 5 });
		expect(item.card).toEqual({ id: CARD.id, name: CARD.name, shortLink: CARD.shortLink, idShort: CARD.idShort });

		const other = trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardUpdated'] });
		expect(emitted((await deliverSigned(other, delivery(fieldChange(ESTIMATE, { value: null }, { value: { number: '3' } }), BOARD_MODEL))).result)).toBeNull();
	});

	it('a list (dropdown) change shows the options’ text, read from the field’s definition', async () => {
		const recorded: Array<{ path: string; query: Record<string, string> }> = [];
		nock('https://api.trello.com')
			.get(`/1/customFields/${PRIORITY.id}`)
			.reply(function (uri) {
				const url = new URL(uri, 'https://api.trello.com');
				recorded.push({ path: url.pathname, query: Object.fromEntries(url.searchParams.entries()) });
				return [200, { ...PRIORITY, idModel: BOARD.id, options: [{ id: HIGH, value: { text: 'High' } }, { id: LOW, value: { text: 'Low' } }] }];
			});
		const harness = trelloTrigger({ boards: [BOARD.id], event: 'custom', eventTypes: ['customFieldChanged'] });

		const { result } = await deliverSigned(harness, delivery(fieldChange(PRIORITY, { idValue: HIGH, value: null }, { idValue: LOW }), BOARD_MODEL));

		expect((emitted(result) ?? [])[0]?.customField).toEqual({ id: PRIORITY.id, name: 'Priority', type: 'list', oldValue: 'Low', newValue: 'High' });
		expect(recorded).toEqual([{ path: `/1/customFields/${PRIORITY.id}`, query: {} }]);
		expect(contractProblems({ method: 'GET', path: recorded[0].path, query: {}, headers: {}, body: undefined })).toEqual([]);
	});

	it('a cleared list value whose options cannot be read still fires, with the option’s id and null', async () => {
		nock('https://api.trello.com').get(`/1/customFields/${PRIORITY.id}`).reply(404, 'model not found');
		const harness = trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: [] });

		const { result } = await deliverSigned(harness, delivery(fieldChange(PRIORITY, { idValue: null, value: null }, { idValue: LOW }), BOARD_MODEL));

		expect((emitted(result) ?? [])[0]?.customField).toEqual({ id: PRIORITY.id, name: 'Priority', type: 'list', oldValue: LOW, newValue: null });
		expect(nock.isDone()).toBe(true);
	});
});
