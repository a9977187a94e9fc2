import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import type { TrelloScopedRequest } from '../../nodes/Trello/scope';
import {
	boardListVerdict,
	BoardResolver,
	checkTrelloRequest,
	classifyTrelloRequest,
	NODE_SOURCE,
	parseBoardList,
	trelloScopeOf,
} from '../../nodes/Trello/scope';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { FIXTURES } from '../trelloActions/fixtures';
import { BOARD, OTHER_BOARD } from '../trelloActions/fixtures/ids';
import { credentialsFor, rl, runTrello, trelloApi } from '../trelloActions/support';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/**
 * One answer to "what does this Trello request touch" (nodes/Trello/scope/classify.ts), decided on
 * by the same rules for the node's "Allowed Boards" and the credential's board scope: every
 * catalogue row's requests and a corpus of API Call requests get the same answer from both, for
 * the same board list.
 */

beforeEach(() => resetTrelloRateLimitState());

/** Every object the look-ups ask about sits on BOARD; a short link names BOARD. */
async function lookup(path: string): Promise<IDataObject> {
	const [, , collection] = path.split('/');
	if (collection === 'boards') return { id: BOARD };
	if (collection === 'actions' || collection === 'notifications') return { data: { board: { id: BOARD } } };
	if (collection === 'webhooks' || collection === 'customFields') return { idModel: BOARD };
	return { idBoard: BOARD };
}

type Answer = { admitted: true } | { admitted: false; message: string };

/** The message with the list's own name taken out, so the node's and the credential's answers compare. */
const unnamed = (message: string) => message.replace(NODE_SOURCE, 'LIST').replace("the credential's board scope", 'LIST').replace("the credential's scope", 'LIST');

async function answer(check: () => Promise<unknown>): Promise<Answer> {
	try {
		await check();
		return { admitted: true };
	} catch (error) {
		return { admitted: false, message: unnamed((error as Error).message) };
	}
}

/** The node's "Allowed Boards" check and the credential's scope, for the same boards, on one request. */
async function bothAnswers(request: TrelloScopedRequest, boards: string) {
	const node = await answer(async () => await boardListVerdict(parseBoardList(boards, NODE_SOURCE, 'Allowed Boards')!, request, new BoardResolver({}, 'node', lookup)));
	const credential = await answer(
		async () => await checkTrelloRequest(trelloScopeOf({ allowedBoards: boards }), request, new BoardResolver({}, 'credential', lookup)),
	);
	return { node, credential };
}

const rowRequests = TRELLO_ROWS.flatMap((row) => {
	const key = `${row.resource}.${row.operation}`;
	return FIXTURES.filter((fixture) => fixture.row === key).flatMap((fixture) =>
		fixture.exchanges.map(({ request: call }, index) => [
			`${key} (${fixture.title}) #${index + 1}: ${call.method} ${call.path}`,
			{ method: call.method as IHttpRequestMethods, path: call.path, qs: call.query, body: call.body } as TrelloScopedRequest,
		] as const),
	);
});

describe('every catalogue row: the node’s Allowed Boards and the credential scope answer alike', () => {
	it('every row has requests to walk', () => {
		const walked = new Set(rowRequests.map(([name]) => name.split(' ')[0]));
		expect(TRELLO_ROWS.map((row) => `${row.resource}.${row.operation}`).filter((key) => !walked.has(key))).toEqual([]);
	});

	it.each(rowRequests)('%s', async (_name, request) => {
		for (const boards of [BOARD, OTHER_BOARD]) {
			const { node, credential } = await bothAnswers(request, boards);
			expect(node).toEqual(credential);
		}
	});

	it('the rows the classifier does not know are exactly those a board list cannot confine', () => {
		const unknown = rowRequests.filter(([, request]) => classifyTrelloRequest(request).kind === 'unknown').map(([name]) => name.split(' ')[0]);
		expect([...new Set(unknown)].sort()).toEqual(['member.get', 'notification.markAllRead', 'search.members', 'workspace.get', 'workspace.getAll', 'workspace.getMembers']);
	});
});

/** What a parameter names: a resource locator's value or the text itself. */
const parameterText = (value: unknown) => String(value && typeof value === 'object' ? (value as IDataObject).value : value ?? '');

/** Declared targets the classifier does not tell, each with why the row's request is still decided on. */
const UNCLASSIFIED_TARGETS: Record<string, string> = {
	// DELETE /1/cards/ID/idLabels/LABEL: the card is classified; the node also checks the label's board.
	'label.removeFromCard label': 'the label is a path segment after the card’s field, which changes the card',
	// POST /1/boards with idBoardSource is a new board, refused under any board list.
	'board.copy board': 'a copy is a new board, which no list can name; the node checks the source board first',
};

describe('every catalogue row declares what the classifier tells from its requests', () => {
	const rows = TRELLO_ROWS.map((row) => {
		const key = `${row.resource}.${row.operation}`;
		return [key, row, FIXTURES.find((fixture) => fixture.row === key)!] as const;
	});

	it.each(rows.filter(([, row]) => row.targets.length > 0))('%s: each declared target is an object its requests name', (key, row, fixture) => {
		const named = fixture.exchanges.flatMap(({ request: call }) => {
			const target = classifyTrelloRequest({ method: call.method as IHttpRequestMethods, path: call.path, qs: call.query, body: call.body });
			return target.kind === 'boardObjects' ? target.objects.flatMap((object) => ('kind' in object ? [object] : [])) : [];
		});
		for (const { field, kind } of row.targets) {
			const value = parameterText(fixture.parameters[field]);
			if (!value || UNCLASSIFIED_TARGETS[`${key} ${field}`]) continue;
			// A webhook's or custom field's model is a board, list or card.
			const kinds: string[] = [kind, ...(['board', 'list', 'card'].includes(kind) ? ['model'] : [])];
			// A short link or address is resolved to an id before it is sent.
			const matching = named.filter((object) => kinds.includes(object.kind) && (!/^[0-9a-f]{24}$/i.test(value) || object.id === value));
			expect([field, kind, matching.length > 0]).toEqual([field, kind, true]);
		}
	});

	it.each(rows.filter(([, row]) => row.targets.length === 0 && !row.handler))(
		'%s: a row declaring no target sends no request naming a board object',
		(_key, _row, fixture) => {
			const kinds = fixture.exchanges.map(({ request: call }) => classifyTrelloRequest({ method: call.method as IHttpRequestMethods, path: call.path, qs: call.query, body: call.body }).kind);
			for (const kind of kinds) expect(['account', 'search', 'newBoard', 'unknown']).toContain(kind);
		},
	);

	it('the exceptions name declared targets that exist', () => {
		for (const entry of Object.keys(UNCLASSIFIED_TARGETS)) {
			const [key, field] = entry.split(' ');
			expect(rows.find(([rowKey]) => rowKey === key)?.[1].targets.map((target) => target.field)).toContain(field);
		}
	});
});

const API_CALLS: Array<[string, IHttpRequestMethods, string, IDataObject?, unknown?]> = [
	['the member', 'GET', '/1/members/me', { fields: 'username' }],
	['the member with every board and card', 'GET', '/1/members/me', { boards: 'all', cards: 'all' }],
	['the member with its notifications', 'GET', '/1/members/me', { notifications: 'all' }],
	['the member with its tokens', 'GET', '/1/members/me', { tokens: 'all' }],
	['the tokens with their webhooks', 'GET', '/1/members/me/tokens', { webhooks: 'true' }],
	['the tokens with an unknown parameter', 'GET', '/1/members/me/tokens', { webhooks: 'true', filter: 'all' }],
	['the member’s boards', 'GET', '/1/members/me/boards', { filter: 'open', fields: 'name' }],
	['the member’s boards with their actions', 'GET', '/1/members/me/boards', { actions: 'all' }],
	['the member’s cards', 'GET', '/1/members/me/cards', { filter: 'open' }],
	['the notifications', 'GET', '/1/members/me/notifications', { read_filter: 'unread' }],
	['a workspace’s boards', 'GET', '/1/organizations/acme/boards', { filter: 'open' }],
	['a workspace', 'GET', '/1/organizations/acme'],
	['the member’s workspaces', 'GET', '/1/members/me/organizations'],
	['another member', 'GET', '/1/members/someone'],
	['a board', 'GET', `/1/boards/${BOARD}`, { fields: 'name' }],
	['a board by short link', 'GET', '/1/boards/AbCd1234', {}],
	['a card', 'PUT', '/1/cards/61b2c3d4e5f60718293a4b5c', { name: 'x' }],
	['a card moved by idList', 'PUT', '/1/cards/61b2c3d4e5f60718293a4b5c', { idList: '60a1b2c3d4e5f60718293a4b' }],
	['a card with two idList spellings', 'PUT', '/1/cards/61b2c3d4e5f60718293a4b5c', { idList: '60a1b2c3d4e5f60718293a4b', idlist: '60a1b2c3d4e5f60718293a00' }],
	['a card field written by value', 'PUT', '/1/cards/61b2c3d4e5f60718293a4b5c/idList', { value: '60a1b2c3d4e5f60718293a4b' }],
	['a card field of unknown meaning', 'PUT', '/1/cards/61b2c3d4e5f60718293a4b5c/idSomething', { value: 'x' }],
	['an idList that is a list', 'POST', '/1/cards', { idList: ['60a1b2c3d4e5f60718293a4b'] }],
	['an attachment', 'GET', '/1/cards/61b2c3d4e5f60718293a4b5c/attachments/67a000000000000000000001'],
	['an attachment upload', 'POST', '/1/cards/61b2c3d4e5f60718293a4b5c/attachments', { url: 'https://example.com/a.png' }],
	['a search of cards on the board', 'GET', '/1/search', { query: 'x', modelTypes: 'cards', idBoards: BOARD }],
	['a search of members', 'GET', '/1/search', { query: 'x', modelTypes: 'members', idBoards: BOARD }],
	['a search without boards', 'GET', '/1/search', { query: 'x', modelTypes: 'cards' }],
	['a member search', 'GET', '/1/search/members', { query: 'ada' }],
	['a batch', 'GET', '/1/batch', { urls: `/boards/${BOARD},/members/me` }],
	['a new webhook on the board', 'POST', '/1/webhooks', { idModel: BOARD, callbackURL: 'https://n8n.example/hook' }],
	['a webhook', 'DELETE', '/1/webhooks/6ba000000000000000000001'],
	['a token', 'GET', '/1/tokens/abc'],
	['a notification', 'GET', '/1/notifications/6aa000000000000000000001'],
	['every notification read', 'POST', '/1/notifications/all/read'],
	['a new board', 'POST', '/1/boards', { name: 'x' }],
	['a board copy', 'POST', '/1/boards', { name: 'x', idBoardSource: BOARD }],
	['a label created by body', 'POST', '/1/labels', {}, { idBoard: BOARD, name: 'x' }],
	['an unknown endpoint', 'GET', '/1/emoji'],
	['another API version', 'GET', `/2/boards/${BOARD}`],
];

describe('API Call requests: the node’s Allowed Boards and the credential scope answer alike', () => {
	// Rest parameters: rows without a query or body would otherwise leave jest waiting for `done`.
	it.each(API_CALLS)('%s (%s %s)', async (...[, method, path, qs, body]) => {
		for (const boards of [BOARD, OTHER_BOARD]) {
			const { node, credential } = await bothAnswers({ method, path, qs, body }, boards);
			expect(node).toEqual(credential);
		}
	});

	it.each(API_CALLS.filter(([, method, path, qs, body]) => classifyTrelloRequest({ method, path, qs, body }).kind === 'unknown'))(
		'%s (%s %s): unknown to the classifier, refused by both, naming the endpoint',
		async (...[, method, path, qs, body]) => {
			const { node, credential } = await bothAnswers({ method, path, qs, body }, BOARD);
			const refusal = `Refused: ${method} ${path} cannot be checked against LIST. Allowed boards: ${BOARD}.`;
			expect(node).toEqual({ admitted: false, message: expect.stringContaining(refusal) });
			expect(credential).toEqual({ admitted: false, message: expect.stringContaining(refusal) });
		},
	);

	it('the corpus admits and refuses: the answers are not all one way', async () => {
		const answers = await Promise.all(API_CALLS.map(async ([, method, path, qs, body]) => (await bothAnswers({ method, path, qs, body }, BOARD)).node.admitted));
		expect(answers.filter(Boolean).length).toBeGreaterThan(5);
		expect(answers.filter((admitted) => !admitted).length).toBeGreaterThan(5);
	});
});

describe('the Trello node with the same boards as node setting or as credential scope', () => {
	async function withCredentialScope(parameters: IDataObject) {
		const base = credentialsFor();
		const credentials = { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards: BOARD } };
		const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, { trelloKeyTokenApi: 'key-token' });
		return await runWorkflow(singleNodeWorkflow(node, [{}]), { credentials });
	}

	it.each([
		['Member → Get', { resource: 'member', operation: 'get', member: rl('someone') }, 'GET /1/members/someone'],
		['Workspace → Get', { resource: 'workspace', operation: 'get', workspace: rl('69a000000000000000000001') }, 'GET /1/organizations/69a000000000000000000001'],
		['Workspace → Get Many', { resource: 'workspace', operation: 'getAll', returnAll: true }, 'GET /1/members/me/organizations'],
	])('%s is refused by both, naming the endpoint, with nothing sent', async (_name, parameters, endpoint) => {
		const api = trelloApi([]);
		const byNode = await runTrello({ ...parameters, options: { allowedBoards: BOARD } });
		expect(byNode.error('Trello')?.message).toMatch(new RegExp(`^Refused: ${endpoint} cannot be checked against the node's "Allowed Boards"\\. Allowed boards: ${BOARD}\\. Paths that can be used: `));
		const byCredential = await withCredentialScope(parameters);
		expect(byCredential.error('Trello')?.message).toMatch(new RegExp(`^Refused: ${endpoint} cannot be checked against the credential's board scope\\. Allowed boards: ${BOARD}\\. Paths that can be used: `));
		expect(api.recorded).toEqual([]);
	});

	it('Notification → Mark as Read is checked by its board under both, and written when the board is allowed', async () => {
		const NOTIFICATION = '6aa000000000000000000001';
		const about = (board: string) => ({ id: NOTIFICATION, data: { board: { id: board } } });
		for (const run of [
			async () => await runTrello({ resource: 'notification', operation: 'markRead', notification: rl(NOTIFICATION), options: { allowedBoards: BOARD } }),
			async () => await withCredentialScope({ resource: 'notification', operation: 'markRead', notification: rl(NOTIFICATION) }),
		]) {
			const api = trelloApi([
				{ method: 'GET', path: `/1/notifications/${NOTIFICATION}`, query: { fields: 'data' }, reply: about(BOARD) },
				{ method: 'PUT', path: `/1/notifications/${NOTIFICATION}`, query: { unread: 'false' }, reply: { id: NOTIFICATION, unread: false } },
			]);
			expect((await run()).json('Trello')).toEqual([{ id: NOTIFICATION, unread: false }]);
			expect(api.recorded.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /1/notifications/${NOTIFICATION}`, `PUT /1/notifications/${NOTIFICATION}`]);
			resetTrelloRateLimitState();
		}
		const other = trelloApi([{ method: 'GET', path: `/1/notifications/${NOTIFICATION}`, query: { fields: 'data' }, reply: about(OTHER_BOARD) }]);
		const refused = await withCredentialScope({ resource: 'notification', operation: 'markRead', notification: rl(NOTIFICATION) });
		expect(refused.error('Trello')?.message).toBe(
			`Refused: the notification "${NOTIFICATION}" is on board "${OTHER_BOARD}", outside the credential's scope. Allowed boards: ${BOARD}.`,
		);
		expect(other.recorded.map((call) => call.method)).toEqual(['GET']);
	});
});
