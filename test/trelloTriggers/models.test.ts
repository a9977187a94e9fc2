import nock from 'nock';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { TrelloTrigger } from '../../nodes/Trello/TrelloTrigger.node';
import { actions, BOARD, CARD, delivery, DOING, ME, MEMBER_MODEL, TEAMMATE, TODO } from './fixtures';
import { API_KEY, API_TOKEN, deliverSigned, emitted, keyTokenCredentials, trelloTrigger } from './helpers';

const API = 'https://api.trello.com';
const CALLBACK = 'https://n8n.example.test/webhook/harness-webhook-id/webhook';
const WORKSPACE = { id: '5f2b8c1e9d3a4b0012a1a000', name: 'acmeteam', displayName: 'Acme Team' };

function trelloApi() {
	return nock(API, { reqheaders: { authorization: `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"` } });
}

interface CreatedWebhook {
	query: Record<string, string>;
	body: unknown;
}

/**
 * Activates the trigger against a Trello that knows `model` at `path` (fields asked: `fields`), and
 * returns what the webhook creation sent: its query and its body.
 */
async function registration(parameters: IDataObject, lookup: { path: string; fields: string; answer: IDataObject } | null, idModel: string) {
	const created: CreatedWebhook[] = [];
	const scope = trelloApi().get('/1/members/me').query({ fields: 'id,username,fullName' }).reply(200, ME);
	if (lookup) scope.get(lookup.path).query({ fields: lookup.fields }).reply(200, lookup.answer);
	scope
		.get('/1/members/me/tokens')
		.query({ webhooks: 'true' })
		.reply(200, [{ id: 'token-record-1', webhooks: [] }])
		.post('/1/webhooks')
		.query(true)
		.reply(function (uri, body) {
			created.push({ query: Object.fromEntries(new URL(uri, API).searchParams.entries()), body });
			return [200, { id: 'wh-new', idModel, callbackURL: CALLBACK, active: true }];
		});
	const harness = trelloTrigger(parameters);
	await harness.activate();
	expect(scope.isDone()).toBe(true);
	return { created, harness };
}

const description = (name: string) => `n8n ${name} (workflow harness-trigger-workflow)`;

describe('Trello Trigger: Model Type', () => {
	afterEach(() => nock.cleanAll());

	it.each<[string, IDataObject, { path: string; fields: string; answer: IDataObject } | null, string, string, string | null]>([
		[
			'a list',
			{ event: 'newComment', watch: 'list', watchedLists: [TODO.id] },
			{ path: `/1/lists/${TODO.id}`, fields: 'id,name,closed,idBoard', answer: { ...TODO, closed: false, idBoard: BOARD.id } },
			TODO.id,
			'New Comment Added to Card',
			TODO.name,
		],
		[
			'a card, given by its address',
			{ event: 'newAttachment', watch: 'card', watchedCards: `https://trello.com/c/${CARD.shortLink}/42-write-release-notes` },
			{ path: `/1/cards/${CARD.shortLink}`, fields: 'id,name,closed,idBoard', answer: { id: CARD.id, name: CARD.name, closed: false, idBoard: BOARD.id } },
			CARD.id,
			'New Attachment',
			CARD.name,
		],
		[
			'a chosen member',
			{ event: 'custom', watch: 'member', watchedMembers: [TEAMMATE.id] },
			{ path: `/1/members/${TEAMMATE.id}`, fields: 'id,username,fullName', answer: TEAMMATE },
			TEAMMATE.id,
			'Custom Webhook Events',
			TEAMMATE.username,
		],
		['the connected account (no member chosen)', { event: 'newBoardActivity', watch: 'member' }, null, ME.id, 'New Board Activity', ME.username],
		[
			'a workspace',
			{ event: 'custom', watch: 'organization', watchedWorkspaces: [WORKSPACE.id] },
			{ path: `/1/organizations/${WORKSPACE.id}`, fields: 'id,name,displayName', answer: WORKSPACE },
			WORKSPACE.id,
			'Custom Webhook Events',
			WORKSPACE.displayName,
		],
	])('%s: the webhook is created with that model as idModel', async (_title, parameters, lookup, idModel, triggerName, name) => {
		const { created, harness } = await registration({ boards: [BOARD.id], ...parameters }, lookup, idModel);
		expect(created).toEqual([{ query: { callbackURL: CALLBACK, idModel, description: description(triggerName) }, body: '' }]);
		expect(harness.staticData.trelloWebhooks).toEqual({
			callbackUrl: CALLBACK,
			refs: lookup ? [lookup.path.split('/').pop()] : [],
			models: [{ idModel, webhookId: 'wh-new', name }],
		});
	});

	it.each([
		['workspace', { watch: 'organization', watchedWorkspaces: [WORKSPACE.id] }],
		['member', { watch: 'member', watchedMembers: [TEAMMATE.id] }],
	])('with the credential’s Allowed Boards, a %s webhook is refused and nothing is registered', async (_model, parameters) => {
		const scope = trelloApi().get('/1/members/me').query(true).reply(200, ME);
		const webhookCreated = trelloApi().post('/1/webhooks').query(true).reply(200, {});
		const credentials = { trelloKeyTokenApi: { ...keyTokenCredentials.trelloKeyTokenApi, allowedBoards: BOARD.id } };
		await expect(trelloTrigger({ event: 'custom', ...parameters }, credentials).activate()).rejects.toThrow(/^Refused: /);
		expect(scope.isDone()).toBe(true);
		expect(webhookCreated.isDone()).toBe(false);
	});

	it('a workflow saved before Model Type existed (no "watch") still watches its boards', async () => {
		const { created } = await registration(
			{ event: 'newBoardActivity', boards: [BOARD.id] },
			{ path: `/1/boards/${BOARD.id}`, fields: 'id,name,closed', answer: { id: BOARD.id, name: BOARD.name, closed: false } },
			BOARD.id,
		);
		expect(created).toEqual([{ query: { callbackURL: CALLBACK, idModel: BOARD.id, description: description('New Board Activity') }, body: '' }]);
		const saved = trelloTrigger({ event: 'newBoardActivity', boards: [BOARD.id], activityTypes: ['commentAdded'] });
		expect(emitted((await deliverSigned(saved, delivery(actions.commentAdded()))).result)).toHaveLength(1);
	});

	it('a trigger only a board reports keeps watching boards whatever "watch" holds', async () => {
		const { created } = await registration(
			{ event: 'newLabelCreated', watch: 'card', watchedCards: CARD.id, boards: [BOARD.id] },
			{ path: `/1/boards/${BOARD.id}`, fields: 'id,name,closed', answer: { id: BOARD.id, name: BOARD.name, closed: false } },
			BOARD.id,
		);
		expect(created.map(({ query }) => query.idModel)).toEqual([BOARD.id]);
	});

	it('deliveries of a card webhook are matched like a board’s; a workspace webhook reports any activity', async () => {
		const card = trelloTrigger({ event: 'custom', watch: 'card', watchedCards: CARD.id, eventTypes: ['cardMoved'], filters: { movedToLists: DOING.id } });
		const cardModel = { id: CARD.id, name: CARD.name };
		expect(emitted((await deliverSigned(card, delivery(actions.cardMoved(TODO, DOING), cardModel))).result)?.[0]).toMatchObject({
			eventTypes: ['cardMoved'],
			model: cardModel,
		});
		expect(emitted((await deliverSigned(card, delivery(actions.commentAdded(), cardModel))).result)).toBeNull();

		const workspace = trelloTrigger({ event: 'custom', watch: 'organization', watchedWorkspaces: [WORKSPACE.id], filters: { actionTypes: 'createBoard' } });
		const workspaceModel = { id: WORKSPACE.id, name: WORKSPACE.name, displayName: WORKSPACE.displayName };
		expect(emitted((await deliverSigned(workspace, delivery(actions.boardCreated(), workspaceModel))).result)?.[0]).toMatchObject({
			actionType: 'createBoard',
			eventTypes: [],
			model: { id: WORKSPACE.id, name: WORKSPACE.name },
		});
		const member = trelloTrigger({ event: 'newBoardActivity', watch: 'member' });
		expect(emitted((await deliverSigned(member, delivery(actions.boardCreated(), MEMBER_MODEL))).result)).toHaveLength(1);
	});

	it.each<[string, IDataObject, string]>([
		['List Created on a card webhook', { event: 'custom', watch: 'card', watchedCards: CARD.id, eventTypes: ['listCreated'] }, 'The event type "List Created" can never fire on a webhook that watches cards'],
		['New Card on a card webhook', { event: 'newCard', watch: 'card', watchedCards: CARD.id }, '"New Card" can never fire on a webhook that watches cards'],
		['New Comment on a workspace webhook', { event: 'newComment', watch: 'organization', watchedWorkspaces: [WORKSPACE.id] }, '"New Comment Added to Card" can never fire on a webhook that watches workspaces'],
		['no workspace chosen', { event: 'custom', watch: 'organization' }, 'No workspaces to watch'],
	])('refused before anything is sent: %s', async (_title, parameters, message) => {
		const scope = trelloApi().get(/.*/).reply(500).post(/.*/).reply(500);
		await expect(trelloTrigger(parameters).activate()).rejects.toThrow(message);
		expect(scope.pendingMocks()).toHaveLength(2);
	});
});

describe('Trello Trigger: the editor offers per model only what it reports', () => {
	const properties = new TrelloTrigger().description.properties;
	const shown = (name: string, event: string, watch: string) =>
		properties.filter(
			(property) =>
				property.name === name &&
				(property.displayOptions?.show?.event as string[] | undefined)?.includes(event) &&
				(property.displayOptions?.show?.watch as string[] | undefined)?.includes(watch),
		);
	const values = (property: INodeProperties) => (property.options as Array<{ value: string }>).map((option) => option.value);

	it('a card model does not offer List Created or Label Created; a board model offers both', () => {
		const [card] = shown('eventTypes', 'custom', 'card');
		expect(values(card)).toContain('commentAdded');
		expect(values(card)).not.toContain('listCreated');
		expect(values(card)).not.toContain('labelCreated');
		const [board] = shown('eventTypes', 'custom', 'board');
		expect(values(board)).toEqual(expect.arrayContaining(['listCreated', 'labelCreated', 'commentAdded']));
		// A member or workspace webhook reports none of the board event types: no choice is offered.
		expect(shown('eventTypes', 'custom', 'organization')).toEqual([]);
		expect(shown('activityTypes', 'newBoardActivity', 'member')).toEqual([]);
	});

	it('Model Type offers each trigger only the models that report its event', () => {
		const modelTypes = (event: string) =>
			properties
				.filter((property) => property.name === 'watch' && (property.displayOptions?.show?.event as string[]).includes(event))
				.map(values);
		expect(modelTypes('custom')).toEqual([['board', 'list', 'card', 'member', 'organization']]);
		expect(modelTypes('newComment')).toEqual([['board', 'list', 'card']]);
		expect(modelTypes('newCard')).toEqual([['board', 'list']]);
		expect(modelTypes('newLabelCreated')).toEqual([]);
		expect(modelTypes('newBoard')).toEqual([]);
	});
});
