import { trelloRowTable } from '../types';
import { boardStateFilter, fieldsFilter, pickedField, stateFilter } from '../fields';

const WORKSPACE_IN_PATH = pickedField(
	'workspace',
	'Workspace',
	'searchWorkspaces',
	'The workspace: pick it from the connected account’s workspaces or give its 24-character ID',
	{ in: 'path', apiName: 'id' },
);

export const workspaceRows = trelloRowTable([
	{
		resource: 'workspace',
		operation: 'getAll',
		objectType: 'workspace',
		name: 'Get Many',
		action: 'Get the workspaces of the connected account',
		description:
			'List the Trello workspaces (organizations) the connected account belongs to, one item per workspace with id, name and url. Use it to find the workspace ID the other workspace operations need.',
		method: 'GET',
		path: '/1/members/me/organizations',
		paging: { kind: 'all' },
		targets: [],
		fields: [
			stateFilter(
				'Workspace Filter',
				['all', 'members', 'none', 'public'],
				'Which workspaces to list: all of them, those the account is a member of, or the public ones',
				{ defaultValue: 'all' },
			),
		],
	},
	{
		resource: 'workspace',
		operation: 'get',
		objectType: 'workspace',
		name: 'Get',
		action: 'Get a workspace',
		description: 'Get one workspace: id, name, short name, description, url',
		method: 'GET',
		path: '/1/organizations/{id}',
		targets: [],
		fields: [WORKSPACE_IN_PATH],
	},
	{
		resource: 'workspace',
		operation: 'getBoards',
		objectType: 'board',
		name: 'Get Boards',
		action: 'Get the boards of a workspace',
		description:
			'List the boards of a workspace that the connected account can see, one item per board (with Allowed Boards: only those)',
		method: 'GET',
		path: '/1/organizations/{id}/boards',
		paging: { kind: 'all' },
		targets: [],
		keepAllowed: 'id',
		fields: [
			WORKSPACE_IN_PATH,
			boardStateFilter(['starred']),
			fieldsFilter('board', 'name,url,closed'),
		],
	},
	{
		resource: 'workspace',
		operation: 'getMembers',
		objectType: 'member',
		name: 'Get Members',
		action: 'Get the members of a workspace',
		description: 'List the members of a workspace, one item per member with id, username and full name',
		method: 'GET',
		path: '/1/organizations/{id}/members',
		paging: { kind: 'all' },
		targets: [],
		fields: [WORKSPACE_IN_PATH],
	},
]);
