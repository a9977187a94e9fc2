import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { BOARD, MEMBER } from './fixtures';
import { INBOX_BOARD, INBOX_LIST, inboxCard, inboxOfMember } from './fixtures/ids';
import { contractProblems, credentialsFor, expectedSent, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const READ_INBOX = { method: 'GET', path: '/1/members/me', query: { fields: 'inbox' } } as const;
const GET_INBOX_CARDS = { resource: 'member', operation: 'getInboxCards', returnAll: true };
const ADD_INBOX_CARD = { resource: 'member', operation: 'addInboxCard', name: 'Call the printer' };
const allowed = (allowedBoards: string) => ({ options: { allowedBoards } });

/** Runs the Trello node with a credential limited to `allowedBoards` (the credential's own board scope). */
async function runWithScopedCredential(parameters: IDataObject, allowedBoards = BOARD) {
	const base = credentialsFor();
	const credentials = { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, allowedBoards } };
	const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, {
		trelloKeyTokenApi: 'key-token',
		trelloOAuth10aApi: 'oauth1',
	});
	return await runWorkflow(singleNodeWorkflow(node, [{}]), { credentials });
}

describe('Member → Get Inbox Cards / Add Card to Inbox with Allowed Boards', () => {
	it.each([
		['Get Inbox Cards', GET_INBOX_CARDS],
		['Add Card to Inbox', ADD_INBOX_CARD],
	])('%s: an Inbox board outside the node’s Allowed Boards is refused in words, nothing of it read or written', async (_name, parameters) => {
		const api = trelloApi([{ ...READ_INBOX, reply: inboxOfMember }]);

		const run = await runTrello({ ...parameters, ...allowed(BOARD) });

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`Refused: the connected account has no Inbox within the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		// Only the account's own read, which names the Inbox board: no card request.
		expect(api.sent()).toEqual(expectedSent([READ_INBOX]));
		expect(api.scope.isDone()).toBe(true);
	});

	it.each([
		['Get Inbox Cards', GET_INBOX_CARDS],
		['Add Card to Inbox', ADD_INBOX_CARD],
	])('%s: an Inbox board outside the credential’s board scope is refused in words, nothing of it read or written', async (_name, parameters) => {
		const api = trelloApi([{ ...READ_INBOX, reply: inboxOfMember }]);

		const run = await runWithScopedCredential(parameters);

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`Refused: the connected account has no Inbox within the credential's scope. Allowed boards: ${BOARD}.`);
		expect((error as { description?: string } | undefined)?.description).toBe(
			'The Inbox is a board of the account’s own. To use it here, add the Inbox board’s id to Allowed Boards (a credential without a board scope reads it with GET /1/members/me?fields=inbox as inbox.idBoard).',
		);
		// The Inbox's ids never reach the run: the scope kept them out of the member's answer.
		expect(JSON.stringify(error)).not.toContain(INBOX_BOARD);
		expect(JSON.stringify(error)).not.toContain(INBOX_LIST);
		expect(api.sent()).toEqual(expectedSent([READ_INBOX]));
	});

	it('Get Inbox Cards with the Inbox board in the credential’s scope: the Inbox list’s board is checked, then its cards are read', async () => {
		const api = trelloApi([
			{ ...READ_INBOX, reply: inboxOfMember },
			{ method: 'GET', path: `/1/lists/${INBOX_LIST}`, query: { fields: 'idBoard' }, reply: { id: INBOX_LIST, idBoard: INBOX_BOARD } },
			{ method: 'GET', path: `/1/lists/${INBOX_LIST}/cards`, reply: [inboxCard] },
		]);

		const run = await runWithScopedCredential(GET_INBOX_CARDS, `${BOARD},${INBOX_BOARD}`);

		expect(run.json('Trello')).toEqual([inboxCard]);
		expect(api.sent()).toEqual(
			expectedSent([READ_INBOX, { method: 'GET', path: `/1/lists/${INBOX_LIST}`, query: { fields: 'idBoard' } }, { method: 'GET', path: `/1/lists/${INBOX_LIST}/cards` }]),
		);
	});

	it('with both lists set and the Inbox dropped, the refusal names both, as either may have kept it out', async () => {
		const api = trelloApi([{ ...READ_INBOX, reply: inboxOfMember }]);

		const run = await runWithScopedCredential({ ...GET_INBOX_CARDS, ...allowed(`${BOARD}, ${INBOX_BOARD}`) });

		expect(run.error('Trello')?.message).toBe(
			`Refused: the connected account has no Inbox within the node's "Allowed Boards" and the credential's scope. Allowed boards: ${BOARD}, ${INBOX_BOARD}. Allowed boards: ${BOARD}.`,
		);
		expect(api.sent()).toEqual(expectedSent([READ_INBOX]));
	});

	it('Add Card to Inbox on an allowed Inbox board: the Inbox list’s board is checked, then the card is created there', async () => {
		const api = trelloApi([
			{ ...READ_INBOX, reply: inboxOfMember },
			{ method: 'GET', path: `/1/lists/${INBOX_LIST}`, query: { fields: 'idBoard' }, reply: { id: INBOX_LIST, idBoard: INBOX_BOARD } },
			{ method: 'POST', path: '/1/cards', query: { name: 'Call the printer', idList: INBOX_LIST }, reply: inboxCard },
		]);

		const run = await runTrello({ ...ADD_INBOX_CARD, ...allowed(`${BOARD}, ${INBOX_BOARD}`) });

		expect(run.json('Trello')).toEqual([inboxCard]);
		expect(api.sent()).toEqual(
			expectedSent([
				READ_INBOX,
				{ method: 'GET', path: `/1/lists/${INBOX_LIST}`, query: { fields: 'idBoard' } },
				{ method: 'POST', path: '/1/cards', query: { name: 'Call the printer', idList: INBOX_LIST } },
			]),
		);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});
});

describe('Member → Inbox of an account without one', () => {
	it.each([
		['Get Inbox Cards', GET_INBOX_CARDS, { id: MEMBER }],
		['Add Card to Inbox', ADD_INBOX_CARD, { id: MEMBER, inbox: null }],
	])('%s: says the account has no Inbox, and sends nothing more', async (_name, parameters, answer) => {
		const api = trelloApi([{ ...READ_INBOX, reply: answer }]);

		const run = await runTrello(parameters);

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('The connected Trello account has no Inbox');
		expect((error as { description?: string } | undefined)?.description).toBe(
			'Trello answered GET /1/members/me?fields=inbox without an Inbox for this account. Choose another "Operation" (Card → Create adds a card to a list of a board), or connect an account that has an Inbox.',
		);
		expect(api.sent()).toEqual(expectedSent([READ_INBOX]));
	});

	it('an Inbox without a board id is Trello’s odd answer (NodeApiError), not the account’s lack', async () => {
		const api = trelloApi([{ ...READ_INBOX, reply: { id: MEMBER, inbox: { idList: INBOX_LIST } } }]);

		const run = await runTrello(GET_INBOX_CARDS);

		const error = run.error('Trello');
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Trello sent an answer of an unexpected shape: it lacks the Inbox board and list ids (inbox.idBoard, inbox.idList)');
		expect(api.sent()).toEqual(expectedSent([READ_INBOX]));
	});
});

describe('Member → Get Inbox Cards output', () => {
	it('is simplified by default, like every card read', async () => {
		trelloApi([
			{ ...READ_INBOX, reply: inboxOfMember },
			{
				method: 'GET',
				path: `/1/lists/${INBOX_LIST}/cards`,
				reply: [
					{
						...inboxCard,
						shortUrl: 'https://trello.com/c/Ib12Xy34',
						closed: false,
						due: '2026-12-02T17:00:00.000Z',
						labels: [{ id: '6ca000000000000000000020', name: 'Errand', color: 'green' }],
						desc: 'Ask for the proof',
						badges: { votes: 0 },
						pos: 16384,
					},
				],
			},
		]);

		const run = await runTrello({ ...GET_INBOX_CARDS, simplify: true });

		expect(run.json('Trello')).toEqual([
			{
				id: inboxCard.id,
				name: 'Call the printer',
				url: 'https://trello.com/c/Ib12Xy34',
				idList: INBOX_LIST,
				closed: false,
				due: '2026-12-02T17:00:00.000Z',
				labels: ['Errand'],
				desc: 'Ask for the proof',
				// Trello's card names no creator: who wrote it is not told without a look-up.
				trust: 'unknown',
			},
		]);
	});
});
