import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, LIST } from './fixtures';
import type { Auth } from './support';
import {
	AUTHS,
	CONSUMER_KEY,
	contractProblems,
	expectAuthenticated,
	expectedSent,
	KEY,
	OAUTH_TOKEN,
	runTrello,
	SECRETS,
	TOKEN,
	trelloApi,
} from './support';

beforeEach(() => resetTrelloRateLimitState());

const call = async (parameters: IDataObject, auth: Auth = 'keyToken') =>
	await runTrello(parameters, auth, [{}], { type: 'trelloApiCall' });

describe.each(AUTHS)('Trello API Call node, authenticated with %s', (auth) => {
	it('sends GET with query parameters and returns one item per element', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/cards`,
				reply: [
					{ id: CARD, name: 'One' },
					{ id: 'second', name: 'Two' },
				],
			},
			{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { filter: 'open', fields: 'name' }, reply: [] },
		]);

		const run = await call({ method: 'GET', endpoint: `/1/boards/${BOARD}/cards` }, auth);
		expect(run.json('Call')).toEqual([
			{ id: CARD, name: 'One' },
			{ id: 'second', name: 'Two' },
		]);

		const lists = await call(
			{
				method: 'GET',
				endpoint: `/1/boards/${BOARD}/lists`,
				queryParameters: {
					parameter: [
						{ name: 'filter', value: 'open' },
						{ name: 'fields', value: 'name' },
					],
				},
			},
			auth,
		);
		expect(lists.json('Call')).toEqual([]);
		expect(api.sent()).toEqual(
			expectedSent([
				{ method: 'GET', path: `/1/boards/${BOARD}/cards` },
				{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { filter: 'open', fields: 'name' } },
			]),
		);
		for (const recorded of api.recorded) {
			expectAuthenticated(recorded, auth);
			expect(contractProblems(recorded)).toEqual([]);
		}
	});

	it('sends POST and PUT with a JSON body and DELETE without one', async () => {
		const api = trelloApi([
			{ method: 'POST', path: '/1/cards', reply: { id: CARD, name: 'From body' } },
			{ method: 'PUT', path: `/1/cards/${CARD}`, query: { closed: 'true' }, reply: { id: CARD, closed: true } },
			{ method: 'DELETE', path: `/1/cards/${CARD}`, reply: { limits: {} } },
		]);

		const created = await call(
			{ method: 'POST', endpoint: '/1/cards', body: JSON.stringify({ idList: LIST, name: 'From body', pos: 'top' }) },
			auth,
		);
		const archived = await call(
			{
				method: 'PUT',
				endpoint: `/1/cards/${CARD}`,
				queryParameters: { parameter: [{ name: 'closed', value: 'true' }] },
			},
			auth,
		);
		const deleted = await call({ method: 'DELETE', endpoint: `/1/cards/${CARD}` }, auth);

		expect(created.json('Call')).toEqual([{ id: CARD, name: 'From body' }]);
		expect(archived.json('Call')).toEqual([{ id: CARD, closed: true }]);
		expect(deleted.json('Call')).toEqual([{ limits: {} }]);
		expect(api.recorded.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['POST', '/1/cards', {}, { idList: LIST, name: 'From body', pos: 'top' }],
			['PUT', `/1/cards/${CARD}`, { closed: 'true' }, undefined],
			['DELETE', `/1/cards/${CARD}`, {}, undefined],
		]);
		for (const recorded of api.recorded) expectAuthenticated(recorded, auth);
	});

	it('keeps the key and token out of errors that echo the request URL', async () => {
		const echoed =
			`https://api.trello.com/1/cards/nope?key=${KEY}&token=${TOKEN}` +
			` oauth_consumer_key="${CONSUMER_KEY}", oauth_token="${OAUTH_TOKEN}"`;
		trelloApi([{ method: 'GET', path: '/1/cards/nope', status: 400, reply: `invalid id in ${echoed}` }]);

		const run = await call({ method: 'GET', endpoint: '/1/cards/nope' }, auth);

		const error = run.error('Call');
		expect(error?.message).toMatch(/^Trello answered 400: invalid id in https:\/\/api\.trello\.com\/1\/cards\/nope\?key=\[redacted\]&token=\[redacted\]/);
		const everything = JSON.stringify(run.run);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
	});

	it('keeps the credential’s secrets out of successful output that contains them', async () => {
		const own = auth === 'keyToken' ? [KEY, TOKEN] : [CONSUMER_KEY, OAUTH_TOKEN];
		const token = auth === 'keyToken' ? TOKEN : OAUTH_TOKEN;
		trelloApi([
			{
				method: 'GET',
				path: `/1/tokens/${token}`,
				reply: { id: 'tok', identifier: 'n8n', echo: `consumer ${own[0]} token ${own[1]}` },
			},
		]);

		const run = await call({ method: 'GET', endpoint: `/1/tokens/${token}` }, auth);

		expect(run.json('Call')).toEqual([{ id: 'tok', identifier: 'n8n', echo: 'consumer [redacted] token [redacted]' }]);
		const everything = JSON.stringify(run.run);
		for (const secret of own) expect(everything).not.toContain(secret);
	});
});

describe('Trello API Call node endpoint rules', () => {
	it.each([
		['https://evil.example/1/cards', 'is a full URL'],
		['//evil.example/1/cards', 'is a full URL'],
		['http://api.trello.com/1/cards', 'is a full URL'],
		['/2/cards', 'must start with "/1/"'],
		['cards', 'must start with "/1/"'],
		['/1/../oauth/token', 'contains "." or ".." segments'],
		['/1/%2e%2e/x', 'contains "." or ".." segments'],
		['/1/cards/a%2Fb', 'contains an encoded slash'],
		['/1/cards\r\nX-Injected: 1', 'line break'],
		['   ', 'The endpoint is empty'],
	])('refuses %j before sending anything', async (endpoint, message) => {
		const api = trelloApi([]);
		const run = await call({ method: 'GET', endpoint });
		expect(run.error('Call')?.message).toContain(message);
		expect(api.recorded).toEqual([]);
	});

	it('only ever talks to the API host of the credential', async () => {
		const api = trelloApi([{ method: 'GET', path: '/1/members/me', reply: { id: 'me' } }]);
		const run = await call({ method: 'GET', endpoint: '/1/members/me' });
		expect(run.json('Call')).toEqual([{ id: 'me' }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('names the body parameter when its JSON is broken', async () => {
		trelloApi([]);
		const run = await call({ method: 'POST', endpoint: '/1/cards', body: '{"name": ' });
		expect(run.error('Call')?.message).toBe('The "Body (JSON)" parameter is not valid JSON');
	});
});
