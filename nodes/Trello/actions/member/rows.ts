import type { RowField } from '../../../shared/rowEngine';
import { trelloRowTable } from '../types';
import { boardStateFilter, cardDetailFields, cardNameField, fieldsFilter, stateFilter } from '../fields';
import { addInboxCard, readInboxCards } from './inbox';

const MEMBER: RowField = {
	displayName: 'Member ID or Username',
	name: 'member',
	type: 'string',
	in: 'path',
	apiName: 'id',
	required: true,
	default: 'me',
	placeholder: 'me',
	description: 'ID or username of the member; "me" is the connected account',
};

export const memberRows = trelloRowTable([
	{
		resource: 'member',
		operation: 'getMe',
		objectType: 'member',
		name: 'Get Connected Member',
		action: 'Get the connected member',
		description: 'Get the Trello account the credential connects as: id, username, full name',
		method: 'GET',
		path: '/1/members/me',
		targets: [],
		fields: [],
	},
	{
		resource: 'member',
		operation: 'get',
		objectType: 'member',
		name: 'Get',
		action: 'Get a member',
		description: 'Get one Trello member by ID or username: id, username, full name',
		method: 'GET',
		path: '/1/members/{id}',
		targets: [],
		fields: [MEMBER],
	},
	{
		resource: 'member',
		operation: 'getBoards',
		objectType: 'board',
		name: 'Get Boards',
		action: 'Get the boards of a member',
		description: 'List the boards a member belongs to that the connected account can see, one item per board (with Allowed Boards: only those)',
		method: 'GET',
		path: '/1/members/{id}/boards',
		paging: { kind: 'all' },
		targets: [],
		keepAllowed: 'id',
		fields: [
			MEMBER,
			boardStateFilter(),
			fieldsFilter('board', 'name,url,closed'),
		],
	},
	{
		resource: 'member',
		operation: 'getCards',
		objectType: 'card',
		name: 'Get Cards',
		action: 'Get the cards of a member',
		description: 'List the cards a member is assigned to, one item per card (with Allowed Boards: only cards of those boards)',
		method: 'GET',
		path: '/1/members/{id}/cards',
		paging: { kind: 'all' },
		targets: [],
		keepAllowed: 'idBoard',
		fields: [
			MEMBER,
			stateFilter('Card State', ['all', 'archived', 'open', 'visible'], 'Which cards to list'),
		],
	},
	{
		resource: 'member',
		operation: 'getInboxCards',
		objectType: 'card',
		name: 'Get Inbox Cards',
		action: 'Get the cards in the connected account’s Inbox',
		description:
			'List the cards in the Inbox of the connected account, one item per card. Trello keeps the Inbox as a board of the account’s own with one list, named only by GET /1/members/me?fields=inbox (read first); the cards are that list’s. The Inbox board counts as any other board for Allowed Boards: outside them it is refused, and an account without an Inbox gets an error saying so. Trello’s REST API has no Planner (neither its OpenAPI description nor its changelog names one; Trello’s own MCP server reaches it by other means), so the Planner cannot be read or changed here; find dated cards with Search → Search Cards (e.g. due:week).',
		method: 'GET',
		// {id} is the Inbox's list, which the handler reads from the connected account.
		path: '/1/lists/{id}/cards',
		paging: { kind: 'all' },
		targets: [],
		fields: [],
		handler: readInboxCards,
	},
	{
		resource: 'member',
		operation: 'addInboxCard',
		objectType: 'card',
		name: 'Add Card to Inbox',
		action: 'Add a card to the connected account’s Inbox',
		description:
			'Create a card in the Inbox of the connected account (in the Inbox’s one list, named only by GET /1/members/me?fields=inbox, read first), with name, description, position, start and due date. The Inbox board counts as any other board for Allowed Boards: outside them it is refused, and an account without an Inbox gets an error saying so. Returns the new card with its id and url.',
		method: 'POST',
		// idList is the Inbox's list, which the handler reads from the connected account.
		path: '/1/cards',
		targets: [],
		fields: [
			cardNameField(),
			...cardDetailFields('of the new card'),
		],
		handler: addInboxCard,
	},
]);
