import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { BOARD, CARD, LIST, OTHER_BOARD } from './fixtures';
import { NOTIFICATION, WEBHOOK, WORKSPACE, notification, webhook } from './fixtures/ids';
import { contractProblems, credentialsFor, expectedSent, OAUTH_TOKEN, rl, runTrello, SECRETS, TOKEN, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const allowed = (allowedBoards: string) => ({ options: { allowedBoards } });

/** Runs the Trello node with a credential limited to BOARD (the credential's own scope). */
async function runWithScopedCredential(parameters: IDataObject) {
	const base = credentialsFor();
	const credentials = { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD } };
	const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, {
		trelloKeyTokenApi: 'key-token',
		trelloOAuth10aApi: 'oauth1',
	});
	return await runWorkflow(singleNodeWorkflow(node, [{}]), { credentials });
}

describe('Workspace → Get Boards', () => {
	const boards = [
		{ id: BOARD, name: 'Team' },
		{ id: OTHER_BOARD, name: 'Ops' },
	];

	it('keeps only the node’s Allowed Boards', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/organizations/${WORKSPACE}/boards`, reply: boards }]);
		const run = await runTrello({ resource: 'workspace', operation: 'getBoards', workspace: rl(WORKSPACE), returnAll: true, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([{ id: BOARD, name: 'Team' }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('keeps only the boards of the credential’s scope', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/organizations/${WORKSPACE}/boards`, reply: boards }]);
		const run = await runWithScopedCredential({ resource: 'workspace', operation: 'getBoards', workspace: rl(WORKSPACE), returnAll: true });
		expect(run.json('Trello')).toEqual([{ id: BOARD, name: 'Team' }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('simplifies each workspace to id, name, short name, url and description', async () => {
		trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/organizations',
				reply: [{ id: WORKSPACE, name: 'acmeteam', displayName: 'Acme Team', desc: 'All of us', url: 'https://trello.com/w/acmeteam', prefs: {} }],
			},
		]);
		const run = await runTrello({ resource: 'workspace', operation: 'getAll', returnAll: true, simplify: true });
		expect(run.json('Trello')).toEqual([
			{ id: WORKSPACE, name: 'Acme Team', shortName: 'acmeteam', url: 'https://trello.com/w/acmeteam', desc: 'All of us', trust: 'unknown' },
		]);
	});
});

describe('Notifications with Allowed Boards', () => {
	const other = { ...notification, id: '6aa000000000000000000002', data: { board: { id: OTHER_BOARD, name: 'Ops' } } };
	const aboutNoBoard = { ...notification, id: '6aa000000000000000000003', type: 'addedToOrganization', data: {} };

	it('Get Many keeps only notifications about allowed boards, and asks for everything to apply the limit to what is kept', async () => {
		const api = trelloApi([
			{ method: 'GET', path: '/1/members/me/notifications', query: { limit: '1000' }, reply: [other, notification, aboutNoBoard] },
		]);
		const run = await runTrello({ resource: 'notification', operation: 'getAll', returnAll: false, limit: 5, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([notification]);
		expect(api.sent()).toEqual(expectedSent([{ method: 'GET', path: '/1/members/me/notifications', query: { limit: '1000' } }]));
	});

	it('Mark as Read reads the notification’s board first and refuses one about another board without writing', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/notifications/${NOTIFICATION}`, query: { fields: 'data' }, reply: other }]);
		const run = await runTrello({ resource: 'notification', operation: 'markRead', notification: rl(NOTIFICATION), ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(
			`Refused: the notification "${NOTIFICATION}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent()).toHaveLength(1);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	it('Mark as Read marks a notification about an allowed board', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/notifications/${NOTIFICATION}`, query: { fields: 'data' }, reply: notification },
			{ method: 'PUT', path: `/1/notifications/${NOTIFICATION}`, query: { unread: 'false' }, reply: { ...notification, unread: false } },
		]);
		const run = await runTrello({ resource: 'notification', operation: 'markRead', notification: rl(NOTIFICATION), ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([{ ...notification, unread: false }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('Mark All as Read is refused before anything is sent', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'notification', operation: 'markAllRead', ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(
			`"Notification → Mark All as Read" is not available while Allowed Boards is set (allowed: ${BOARD})`,
		);
		expect(api.sent()).toEqual([]);
	});
});

describe('Webhooks of the connected token', () => {
	const onList = { ...webhook, id: '6ba000000000000000000003', idModel: LIST };
	const onOtherBoard = { ...webhook, id: '6ba000000000000000000004', idModel: OTHER_BOARD };
	const ofAnotherApp = { ...webhook, id: '6ba000000000000000000005', idModel: BOARD, callbackURL: 'https://other.example.com/hook' };
	const tokens = (own: object[]) => [
		{ id: '6ca000000000000000000001', identifier: 'Another app', webhooks: [ofAnotherApp] },
		{ id: '6ca000000000000000000002', identifier: 'n8n', webhooks: own },
	];
	const listing = (own: object[]) => ({ method: 'GET' as const, path: '/1/members/me/tokens', query: { webhooks: 'true' }, reply: tokens(own) });
	const notOurs = { method: 'GET' as const, path: `/1/webhooks/${ofAnotherApp.id}`, status: 401, reply: 'webhook does not belong to token' };
	const ours = (id: string) => ({ method: 'GET' as const, path: `/1/webhooks/${id}`, reply: { id } });

	it.each([
		['keyToken', TOKEN],
		['oAuth1', OAUTH_TOKEN],
	] as const)('Get Many (%s) lists them with the token in no address: the member’s tokens, then one webhook read per token', async (auth, token) => {
		const api = trelloApi([listing([webhook, onList]), notOurs, ours(WEBHOOK)]);
		const run = await runTrello({ resource: 'webhook', operation: 'getAll', returnAll: true }, auth);
		expect(run.json('Trello')).toEqual([webhook, onList]);
		expect(api.sent()).toEqual(expectedSent([listing([]), notOurs, ours(WEBHOOK)]));
		for (const call of api.recorded) expect(`${call.path}?${new URLSearchParams(call.query).toString()}`).not.toContain(token);
	});

	it('a token without webhooks lists none (other apps’ webhooks are never listed)', async () => {
		const api = trelloApi([listing([]), notOurs]);
		const run = await runTrello({ resource: 'webhook', operation: 'getAll', returnAll: true });
		expect(run.json('Trello')).toEqual([]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('with Allowed Boards, keeps webhooks watching an allowed board or a list or card on one', async () => {
		const api = trelloApi([
			listing([webhook, onList, onOtherBoard]),
			notOurs,
			ours(WEBHOOK),
			{ method: 'GET', path: `/1/cards/${LIST}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			{ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'idBoard' }, reply: { id: LIST, idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${OTHER_BOARD}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			{ method: 'GET', path: `/1/lists/${OTHER_BOARD}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
		]);
		const run = await runTrello({ resource: 'webhook', operation: 'getAll', returnAll: true, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([webhook, onList]);
		expect(api.scope.isDone()).toBe(true);
	});

	it.each(['keyToken', 'oAuth1'] as const)('a refused listing (%s) names no secret in its error', async (auth) => {
		trelloApi([{ method: 'GET', path: '/1/members/me/tokens', status: 401, reply: 'invalid token' }]);
		const run = await runTrello({ resource: 'webhook', operation: 'getAll', returnAll: true }, auth);
		expect(run.error('Trello')?.name).toBe('NodeApiError');
		const everything = JSON.stringify(run.run);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
	});

	it('under the credential’s board scope, only the token’s webhooks watching its boards are listed', async () => {
		const api = trelloApi([
			listing([webhook, onOtherBoard]),
			{ method: 'GET', path: `/1/cards/${OTHER_BOARD}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			{ method: 'GET', path: `/1/lists/${OTHER_BOARD}`, query: { fields: 'idBoard' }, status: 404, reply: 'model not found' },
			notOurs,
			ours(WEBHOOK),
		]);
		const run = await runWithScopedCredential({ resource: 'webhook', operation: 'getAll', returnAll: true });
		expect(run.json('Trello')).toEqual([webhook]);
		expect(JSON.stringify(run.run)).not.toContain(TOKEN);
		expect(api.scope.isDone()).toBe(true);
	});

	it('Delete with Allowed Boards reads the webhook’s model first and refuses one watching another board', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/webhooks/${WEBHOOK}`, query: { fields: 'idModel' }, reply: { id: WEBHOOK, idModel: CARD } },
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: OTHER_BOARD } },
		]);
		const run = await runTrello({ resource: 'webhook', operation: 'delete', webhook: rl(WEBHOOK), ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(
			`Refused: the webhook "${WEBHOOK}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
		expect(api.scope.isDone()).toBe(true);
	});
});
