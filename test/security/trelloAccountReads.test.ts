import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { BOARD, CARD, LIST, MEMBER, OTHER_BOARD } from '../trelloActions/fixtures';
import { credentialsFor, expectedSent, trelloApi } from '../trelloActions/support';

/**
 * Account-level Trello reads under a credential's board scope: Trello answers them with objects
 * of every board the account sees and expands nested objects on request, so each takes only known
 * query parameters and is answered with what sits on the scope's boards.
 */

beforeEach(() => resetTrelloRateLimitState());

const ALLOWED = `Allowed boards: ${BOARD}.`;
const OTHER_CARD = '61b2c3d4e5f60718293a4b00';

function scoped(extra: IDataObject = {}) {
	const base = credentialsFor();
	return { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD, ...extra } };
}

async function call(endpoint: string, query: Record<string, string> = {}, credentials = scoped()) {
	const node = packageNode(
		'Call',
		'trelloApiCall',
		{
			authentication: 'keyToken',
			method: 'GET',
			endpoint,
			queryParameters: { parameter: Object.entries(query).map(([name, value]) => ({ name, value })) },
		},
		{ trelloKeyTokenApi: 'key-token', trelloOAuth10aApi: 'oauth1' },
	);
	return await runWorkflow(singleNodeWorkflow(node, [{}]), { credentials });
}

const refusedParameters = (names: string, endpoint: string) =>
	`Refused: the parameter${names.includes(',') ? 's' : ''} ${names} of GET ${endpoint} cannot be confined to the credential's scope (Trello may answer with objects of other boards). ${ALLOWED}`;

describe('Trello credential scope: /1/members/me and its nested objects', () => {
	it.each([
		['Query Parameters', '/1/members/me', { boards: 'all', cards: 'all' }, scoped()],
		['the endpoint’s query string', '/1/members/me?boards=all&cards=all', {}, scoped()],
		['a read-only credential', '/1/members/me', { boards: 'all', cards: 'all' }, scoped({ accessLevel: 'readOnly' })],
	])('?boards=all&cards=all through %s is refused before anything is sent', async (_how, endpoint, query, credentials) => {
		const api = trelloApi([]);
		const result = await call(endpoint, query, credentials);
		expect(result.error('Call')?.message).toBe(refusedParameters('"boards", "cards"', '/1/members/me'));
		expect(api.sent()).toEqual([]);
	});

	// Every parameter Trello's description gives /1/members/{id} that nests objects.
	it.each([
		'actions',
		'boards',
		'boardsInvited',
		'boardStars',
		'cards',
		'notifications',
		'organizations',
		'organizationsInvited',
		'savedSearches',
		'tokens',
		'customBoardBackgrounds',
		'Boards',
		'board_fields',
		'webhooks',
	])('?%s=all is refused, naming the parameter', async (name) => {
		const api = trelloApi([]);
		const result = await call('/1/members/me', { [name]: 'all' });
		expect(result.error('Call')?.message).toBe(refusedParameters(`"${name}"`, '/1/members/me'));
		expect(api.sent()).toEqual([]);
	});

	it('fields naming boards are kept to the scope; nested objects in an answer are dropped', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me',
				reply: {
					id: MEMBER,
					username: 'ada',
					idBoards: [BOARD, OTHER_BOARD],
					idBoardsPinned: [OTHER_BOARD],
					boards: [{ id: OTHER_BOARD, name: 'Payroll' }],
					notifications: [{ id: 'n', data: { board: { id: OTHER_BOARD } } }],
				},
			},
		]);
		const result = await call('/1/members/me', { fields: 'username,idBoards,idBoardsPinned' });
		expect(result.json('Call')).toEqual([{ id: MEMBER, username: 'ada', idBoards: [BOARD], idBoardsPinned: [] }]);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: '/1/members/me', query: { fields: 'username,idBoards,idBoardsPinned' } }]));
	});

	// The Inbox is a board of the account's own (inbox.idBoard); an Inbox outside the scope is not named.
	it.each([
		['outside the scope is dropped', OTHER_BOARD, [{ id: MEMBER }]],
		['on an allowed board is kept', BOARD, [{ id: MEMBER, inbox: { idBoard: BOARD, idList: LIST, idOrganization: 'o' } }]],
	])('?fields=inbox: an Inbox %s', async (_what, inboxBoard, expected) => {
		const api = trelloApi([{ method: 'GET', path: '/1/members/me', reply: { id: MEMBER, inbox: { idBoard: inboxBoard, idList: LIST, idOrganization: 'o' } } }]);
		const result = await call('/1/members/me', { fields: 'inbox' });
		expect(result.json('Call')).toEqual(expected);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: '/1/members/me', query: { fields: 'inbox' } }]));
	});

	it('?fields=inbox: an Inbox of another shape is dropped, not passed on', async () => {
		trelloApi([{ method: 'GET', path: '/1/members/me', reply: { id: MEMBER, inbox: OTHER_BOARD } }]);
		const result = await call('/1/members/me', { fields: 'inbox' });
		expect(result.json('Call')).toEqual([{ id: MEMBER }]);
	});

	it('?notifications=all is refused; the notifications endpoint answers only those about allowed boards', async () => {
		const refused = await call('/1/members/me', { notifications: 'all' });
		expect(refused.error('Call')?.message).toBe(refusedParameters('"notifications"', '/1/members/me'));
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/notifications',
				reply: [
					{ id: 'a', data: { board: { id: BOARD } } },
					{ id: 'b', data: { board: { id: OTHER_BOARD } } },
					{ id: 'c', data: { organization: { id: 'o' } } },
				],
			},
		]);
		const kept = await call('/1/members/me/notifications', { read_filter: 'unread', limit: '5' });
		expect(kept.json('Call')).toEqual([{ id: 'a', data: { board: { id: BOARD } } }]);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: '/1/members/me/notifications', query: { read_filter: 'unread', limit: '5' } }]));
	});

	it.each([
		['/1/members/me/boards', { actions: 'all' }, '"actions"'],
		['/1/members/me/cards', { checklists: 'all' }, '"checklists"'],
		['/1/members/me/notifications', { board: 'true' }, '"board"'],
		[`/1/organizations/${MEMBER}/boards`, { cards: 'all' }, '"cards"'],
		['/1/members/me/tokens', { filter: 'all' }, '"filter"'],
	])('%s with %j is refused (a parameter the read does not know)', async (endpoint, query, names) => {
		const api = trelloApi([]);
		const result = await call(endpoint, query);
		expect(result.error('Call')?.message).toBe(refusedParameters(names, endpoint));
		expect(api.sent()).toEqual([]);
	});

	it('the member’s boards with their lists are kept to the scope', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/boards',
				reply: [
					{ id: BOARD, lists: [{ id: LIST }] },
					{ id: OTHER_BOARD, lists: [{ id: 'x' }] },
				],
			},
		]);
		const result = await call('/1/members/me/boards', { filter: 'open', fields: 'name', lists: 'open', list_fields: 'name' });
		expect(result.json('Call')).toEqual([{ id: BOARD, lists: [{ id: LIST }] }]);
		expect(api.sent()).toHaveLength(1);
	});

	it.each([
		['/1/members/me/idBoards'],
		['/1/members/me/boardsInvited'],
		['/1/members/me/actions'],
		['/1/members/me/organizations'],
		['/1/batch'],
		[`/1/tokens/${MEMBER}`],
		[`/1/notifications/${MEMBER}`],
		['/1/members/someone'],
	])('an endpoint the scope does not know (%s) is refused, naming it', async (endpoint) => {
		const api = trelloApi([]);
		const result = await call(endpoint);
		expect(result.error('Call')?.message).toMatch(new RegExp(`^Refused: GET ${endpoint} cannot be checked against the credential's board scope\\. ${ALLOWED}`));
		expect(api.sent()).toEqual([]);
	});
});

describe('Trello credential scope: the member’s tokens and their webhooks', () => {
	const webhook = (id: string, idModel: string) => ({ id, idModel, callbackURL: `https://n8n.example/${id}`, active: true });

	it('?webhooks=true answers only webhooks watching an allowed board or a list or card on one', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/tokens',
				reply: [
					{
						id: 't1',
						identifier: 'n8n',
						permissions: [
							{ idModel: BOARD, modelType: 'board', read: true },
							{ idModel: OTHER_BOARD, modelType: 'board', read: true },
							{ idModel: '*', modelType: 'organization', read: true },
						],
						webhooks: [
							webhook('w1', BOARD),
							webhook('w2', OTHER_BOARD),
							webhook('w3', CARD),
							webhook('w4', OTHER_CARD),
							webhook('w5', MEMBER),
						],
					},
					{ id: 't2', identifier: 'other app', webhooks: [webhook('w6', OTHER_BOARD)] },
				],
			},
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: OTHER_BOARD } },
			{ method: 'GET', path: `/1/cards/${MEMBER}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			{ method: 'GET', path: `/1/lists/${MEMBER}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
		]);
		const result = await call('/1/members/me/tokens', { webhooks: 'true' });
		expect(result.error('Call')).toBeUndefined();
		expect(result.json('Call')).toEqual([
			{
				id: 't1',
				identifier: 'n8n',
				permissions: [
					{ idModel: BOARD, modelType: 'board', read: true },
					{ idModel: '*', modelType: 'organization', read: true },
				],
				webhooks: [webhook('w1', BOARD), webhook('w3', CARD)],
			},
			{ id: 't2', identifier: 'other app', webhooks: [] },
		]);
		expect(api.sent().map((sent) => sent.path)).toEqual([
			'/1/members/me/tokens',
			`/1/cards/${CARD}`,
			`/1/cards/${OTHER_CARD}`,
			`/1/cards/${MEMBER}`,
			`/1/lists/${MEMBER}`,
		]);
		api.scope.done();
	});
});

describe('Trello credential scope: search answers', () => {
	it('a search answer with found objects of another shape keeps nothing of them', async () => {
		trelloApi([
			{
				method: 'GET',
				path: '/1/search',
				reply: { cards: { [OTHER_CARD]: { id: OTHER_CARD, idBoard: OTHER_BOARD } }, boards: [{ id: BOARD }], members: [{ id: MEMBER }] },
			},
		]);
		const result = await call('/1/search', { query: 'x', modelTypes: 'cards,boards', idBoards: BOARD });
		expect(result.json('Call')).toEqual([{ cards: [], boards: [{ id: BOARD }] }]);
	});

	it('a search parameter Trello does not describe is refused', async () => {
		const api = trelloApi([]);
		const result = await call('/1/search', { query: 'x', modelTypes: 'cards', idBoards: BOARD, card_actions: 'all' });
		expect(result.error('Call')?.message).toBe(refusedParameters('"card_actions"', '/1/search'));
		expect(api.sent()).toEqual([]);
	});
});
