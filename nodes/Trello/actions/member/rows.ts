import type { RowField } from '../../../shared/rowEngine';
import { trelloRowTable } from '../types';
import { boardStateFilter, fieldsFilter, stateFilter } from '../fields';

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
]);
