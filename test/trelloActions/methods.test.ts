import type { IDataObject, ILoadOptionsFunctions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';

import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes } from '../harness/nodeTypes';
import { packageNode } from '../harness/workflow';
import { getCustomFieldNames, getLabels, getMembers } from '../../nodes/Trello/methods/loadOptions';
import {
	searchAttachments,
	searchBoards,
	searchCards,
	searchCheckItems,
	searchChecklists,
	searchComments,
	searchCustomFields,
	searchLabels,
	searchLists,
	searchNotifications,
	searchDestinationLists,
	searchWebhooks,
	searchWorkspaces,
} from '../../nodes/Trello/methods/listSearch';
import { ATTACHMENT, CHECK_ITEM, CHECKLIST, CUSTOM_FIELD, NOTIFICATION, WEBHOOK, WORKSPACE, notification, webhook, workspace } from './fixtures/ids';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, LABEL, LIST, MEMBER, OTHER_BOARD, OTHER_LABEL, OTHER_LIST } from './fixtures';
import { contractProblems, credentialsFor, expectAuthenticated, rl, TOKEN, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

/** n8n-core's own context for list searches and option loading, on a Trello node with these parameters. */
function loadOptionsContext(parameters: IDataObject): ILoadOptionsFunctions {
	const node = packageNode('Trello', 'trello', { authentication: 'keyToken', ...parameters }, {
		trelloKeyTokenApi: 'key-token',
		trelloOAuth10aApi: 'oauth1',
	});
	const workflow = new Workflow({
		id: 'methods',
		nodes: [node],
		connections: {},
		nodeTypes: new HarnessNodeTypes(),
		active: false,
		settings: {},
	});
	const additionalData = {
		credentialsHelper: new HarnessCredentialsHelper(credentialsFor()),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.list');
}

describe('Trello node list search and options, filtered by the chosen board', () => {
	it('keeps searching boards by name (the trigger uses it too)', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/boards',
				reply: [
					{ id: BOARD, name: 'Team Roadmap', url: 'https://trello.com/b/AbCd1234/team-roadmap' },
					{ id: OTHER_BOARD, name: 'Ops', url: 'https://trello.com/b/Zz98Yy76/ops' },
				],
			},
		]);
		const result = await searchBoards.call(loadOptionsContext({ resource: 'board', operation: 'get' }), 'road');
		expect(result.results).toEqual([
			{ name: 'Team Roadmap', value: BOARD, url: 'https://trello.com/b/AbCd1234/team-roadmap' },
		]);
		expect(api.recorded[0].query).toEqual({ filter: 'open', fields: 'name,url,shortLink' });
		expectAuthenticated(api.recorded[0], 'keyToken');
	});

	it('offers the lists of the chosen board', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/lists`,
				query: { fields: 'name' },
				reply: [
					{ id: LIST, name: 'Doing' },
					{ id: OTHER_LIST, name: 'Done' },
				],
			},
		]);
		const ctx = loadOptionsContext({ resource: 'list', operation: 'getCards', board: rl(BOARD, 'list') });
		expect((await searchLists.call(ctx, 'doi')).results).toEqual([{ name: 'Doing', value: LIST }]);
		expect(api.sent()).toEqual([{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { fields: 'name' } }]);
	});

	it('offers the lists of the board a card moves to, and still the chosen board’s cards', async () => {
		const api = trelloApi([
			{ method: 'GET', path: '/1/boards/Zz98Yy76/lists', query: { fields: 'name' }, reply: [{ id: OTHER_LIST, name: 'Inbox' }] },
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/lists`,
				query: { cards: 'open', card_fields: 'name,url', fields: 'name' },
				reply: [{ id: LIST, name: 'Doing', cards: [{ id: CARD, name: 'Card' }] }],
			},
			{ method: 'GET', path: `/1/boards/${BOARD}/lists`, query: { fields: 'name' }, reply: [{ id: LIST, name: 'Doing' }] },
		]);
		const moving = loadOptionsContext({
			resource: 'card',
			operation: 'update',
			board: rl(BOARD, 'list'),
			additionalFields: { idBoard: rl('https://trello.com/b/Zz98Yy76/ops', 'url') },
		});
		expect((await searchDestinationLists.call(moving)).results).toEqual([{ name: 'Inbox', value: OTHER_LIST }]);
		expect((await searchCards.call(moving)).results).toEqual([{ name: 'Card (Doing)', value: CARD, url: undefined }]);
		const staying = loadOptionsContext({ resource: 'card', operation: 'update', board: rl(BOARD, 'list') });
		expect((await searchDestinationLists.call(staying)).results).toEqual([{ name: 'Doing', value: LIST }]);
		expect(api.scope.isDone()).toBe(true);
	});

	it('offers the cards of a board given by its address, each with its list’s name, in one request', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/boards/AbCd1234/lists',
				query: { cards: 'open', card_fields: 'name,url', fields: 'name' },
				reply: [
					{ id: LIST, name: 'Doing', cards: [{ id: CARD, name: 'Write release notes', url: 'https://trello.com/c/Xy12Ab34/7' }] },
					{ id: OTHER_LIST, name: 'Done', cards: [{ id: 'c2', name: 'Ship 2.2', url: 'https://trello.com/c/Qq/8' }] },
				],
			},
			{
				method: 'GET',
				path: '/1/boards/AbCd1234/lists',
				query: { cards: 'open', card_fields: 'name,url', fields: 'name' },
				reply: [{ id: OTHER_LIST, name: 'Done', cards: [{ id: 'c2', name: 'Ship 2.2', url: 'https://trello.com/c/Qq/8' }] }],
			},
		]);
		const ctx = loadOptionsContext({
			resource: 'card',
			operation: 'get',
			board: rl('https://trello.com/b/AbCd1234/team', 'url'),
		});
		expect((await searchCards.call(ctx)).results).toEqual([
			{ name: 'Write release notes (Doing)', value: CARD, url: 'https://trello.com/c/Xy12Ab34/7' },
			{ name: 'Ship 2.2 (Done)', value: 'c2', url: 'https://trello.com/c/Qq/8' },
		]);
		// The filter matches the list's name too.
		expect((await searchCards.call(ctx, 'done')).results).toEqual([{ name: 'Ship 2.2 (Done)', value: 'c2', url: 'https://trello.com/c/Qq/8' }]);
		expect(api.recorded.map((call) => contractProblems(call))).toEqual([[], []]);
	});

	it('offers the labels and members of the chosen board', async () => {
		const labels = [
			{ id: LABEL, name: 'Urgent', color: 'red' },
			{ id: OTHER_LABEL, name: '', color: 'sky' },
		];
		trelloApi([
			{ method: 'GET', path: `/1/boards/${BOARD}/labels`, query: { fields: 'name,color' }, reply: labels },
			{ method: 'GET', path: `/1/boards/${BOARD}/labels`, query: { fields: 'name,color' }, reply: labels },
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/members`,
				query: { fields: 'fullName,username' },
				reply: [{ id: MEMBER, fullName: 'Ada Lovelace', username: 'ada' }],
			},
		]);
		const ctx = loadOptionsContext({ resource: 'card', operation: 'create', board: rl(BOARD) });
		expect((await searchLabels.call(ctx, 'urg')).results).toEqual([{ name: 'Urgent (red)', value: LABEL }]);
		expect(await getLabels.call(ctx)).toEqual([
			{ name: '(sky)', value: OTHER_LABEL },
			{ name: 'Urgent (red)', value: LABEL },
		]);
		expect(await getMembers.call(ctx)).toEqual([{ name: 'Ada Lovelace (@ada)', value: MEMBER }]);
	});

	it('offers nothing, without asking Trello, until a board is chosen', async () => {
		const api = trelloApi([]);
		const ctx = loadOptionsContext({ resource: 'card', operation: 'get', board: rl('', 'list') });
		expect((await searchCards.call(ctx)).results).toEqual([]);
		expect(await getMembers.call(ctx)).toEqual([]);
		expect(api.recorded).toEqual([]);
	});

	it('offers the chosen card’s checklists, else the board’s; items as "Item (Checklist)"', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}/checklists`, query: { fields: 'name', checkItems: 'none' }, reply: [{ id: CHECKLIST, name: 'QA' }] },
			{ method: 'GET', path: `/1/boards/${BOARD}/checklists`, reply: [{ id: CHECKLIST, name: 'QA' }, { id: 'c2', name: 'Docs' }] },
			{
				method: 'GET',
				path: `/1/checklists/${CHECKLIST}`,
				query: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' },
				reply: { id: CHECKLIST, name: 'QA', checkItems: [{ id: CHECK_ITEM, name: 'Smoke test', state: 'complete' }, { id: 'i2', name: 'Load test', state: 'incomplete' }] },
			},
			{
				method: 'GET',
				path: `/1/cards/${CARD}/checklists`,
				query: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' },
				reply: [{ id: CHECKLIST, name: 'QA', checkItems: [{ id: CHECK_ITEM, name: 'Smoke test', state: 'incomplete' }] }],
			},
		]);
		const onCard = loadOptionsContext({ resource: 'checklist', operation: 'get', board: rl(BOARD, 'list'), card: rl(CARD, 'list') });
		expect((await searchChecklists.call(onCard)).results).toEqual([{ name: 'QA', value: CHECKLIST }]);
		const onBoard = loadOptionsContext({ resource: 'checklist', operation: 'get', board: rl(BOARD, 'list'), card: rl('', 'list') });
		expect((await searchChecklists.call(onBoard, 'doc')).results).toEqual([{ name: 'Docs', value: 'c2' }]);
		const inChecklist = loadOptionsContext({ resource: 'checklist', operation: 'getItem', checklist: rl(CHECKLIST, 'list') });
		expect((await searchCheckItems.call(inChecklist)).results).toEqual([
			{ name: 'Smoke test (QA, done)', value: CHECK_ITEM },
			{ name: 'Load test (QA)', value: 'i2' },
		]);
		const onItemCard = loadOptionsContext({ resource: 'checklist', operation: 'completeItem', card: rl(CARD, 'list') });
		expect((await searchCheckItems.call(onItemCard)).results).toEqual([{ name: 'Smoke test (QA)', value: CHECK_ITEM }]);
		expect(api.sent()).toEqual([
			{ method: 'GET', path: `/1/cards/${CARD}/checklists`, query: { fields: 'name', checkItems: 'none' } },
			{ method: 'GET', path: `/1/boards/${BOARD}/checklists`, query: {} },
			{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, query: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' } },
			{ method: 'GET', path: `/1/cards/${CARD}/checklists`, query: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' } },
		]);
		expect(api.recorded.map((call) => contractProblems(call))).toEqual([[], [], [], []]);
	});

	it('offers the chosen card’s attachments and comments, and the board’s custom fields with their type', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}/attachments`, query: { fields: 'name,url' }, reply: [{ id: ATTACHMENT, name: 'spec.pdf', url: 'https://trello.com/x' }] },
			{
				method: 'GET',
				path: `/1/cards/${CARD}/actions`,
				query: { filter: 'commentCard' },
				reply: [{ id: 'a1', data: { text: 'Looks good,\nship it' }, memberCreator: { username: 'ada' } }],
			},
			{ method: 'GET', path: `/1/boards/${BOARD}/customFields`, reply: [{ id: CUSTOM_FIELD, name: 'Priority', type: 'list' }] },
		]);
		const ctx = loadOptionsContext({ resource: 'attachment', operation: 'get', board: rl(BOARD, 'list'), card: rl(CARD, 'list') });
		expect((await searchAttachments.call(ctx)).results).toEqual([{ name: 'spec.pdf', value: ATTACHMENT, url: 'https://trello.com/x' }]);
		expect((await searchComments.call(ctx)).results).toEqual([{ name: '@ada: Looks good, ship it', value: 'a1' }]);
		expect((await searchCustomFields.call(ctx, 'prio')).results).toEqual([{ name: 'Priority (list)', value: CUSTOM_FIELD }]);
		expect(api.recorded.map((call) => contractProblems(call))).toEqual([[], [], []]);
	});
});

describe('Trello node pickers of the account: workspaces, notifications, webhooks, custom field names', () => {
	it('offers workspaces by display name, unread notifications by type, card and board, and the token’s webhooks', async () => {
		const api = trelloApi([
			{ method: 'GET', path: '/1/members/me/organizations', reply: [workspace, { ...workspace, id: 'w2', displayName: 'Other' }] },
			{ method: 'GET', path: '/1/members/me/notifications', query: { read_filter: 'unread', limit: '50' }, reply: [notification, { id: 'n2', type: 'addedToOrganization', data: {} }] },
			{ method: 'GET', path: '/1/members/me/tokens', query: { webhooks: 'true' }, reply: [{ id: 't1', webhooks: [webhook, { ...webhook, id: 'h2', description: '', active: false }] }] },
			{ method: 'GET', path: `/1/webhooks/${WEBHOOK}`, reply: { id: WEBHOOK } },
		]);
		const ctx = loadOptionsContext({ resource: 'workspace', operation: 'get' });
		expect((await searchWorkspaces.call(ctx, 'acme')).results).toEqual([{ name: 'Acme Team', value: WORKSPACE, url: workspace.url }]);
		expect((await searchNotifications.call(ctx)).results).toEqual([
			{ name: 'mentionedOnCard: Write release notes (Team)', value: NOTIFICATION },
			{ name: 'addedToOrganization', value: 'n2' },
		]);
		expect((await searchWebhooks.call(ctx)).results).toEqual([
			{ name: `n8n Trello Trigger (${webhook.callbackURL})`, value: WEBHOOK },
			{ name: `${webhook.callbackURL} (inactive)`, value: 'h2' },
		]);
		expect(api.scope.isDone()).toBe(true);
		expect(api.recorded.map((call) => contractProblems(call))).toEqual([[], [], [], []]);
	});

	it('offers the chosen board’s custom fields by name (Custom Fields of Create and Update take names)', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/boards/${BOARD}/customFields`, reply: [{ id: CUSTOM_FIELD, name: 'Priority', type: 'list' }, { id: 'f2', name: 'Estimate', type: 'number' }] },
		]);
		const ctx = loadOptionsContext({ resource: 'card', operation: 'update', board: rl(BOARD, 'list') });
		expect(await getCustomFieldNames.call(ctx)).toEqual([
			{ name: 'Estimate (number)', value: 'Estimate' },
			{ name: 'Priority (list)', value: 'Priority' },
		]);
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});
});
