import type { CatalogueField } from '../../../shared/catalogue';
import type { TrelloRow } from '../types';
import { BOARD_FILTER_FIELD, boardField, fieldsFilter, listField } from '../fields';

const LIST_IN_PATH = listField({ in: 'path', apiName: 'id' });

const LIST_POSITION: CatalogueField = {
	name: 'pos',
	displayName: 'Position',
	type: 'string',
	in: 'query',
	optional: true,
	placeholder: 'bottom',
	description: 'Where the list goes on the board: top, bottom, or a positive number',
};

export const listRows: TrelloRow[] = [
	{
		resource: 'list',
		operation: 'get',
		returns: 'list',
		name: 'Get',
		action: 'Get a list',
		description: 'Get one list: name, board, position and whether it is archived',
		method: 'GET',
		path: '/1/lists/{id}',
		spec: [{ kind: 'endpoint', name: 'Get list' }],
		scope: [{ field: 'list', kind: 'list' }],
		fields: [BOARD_FILTER_FIELD, LIST_IN_PATH, fieldsFilter('list', 'name,idBoard,closed')],
	},
	{
		resource: 'list',
		operation: 'create',
		returns: 'list',
		name: 'Create',
		action: 'Create a list',
		description: 'Create a list (column) on a board. Returns the new list with its id.',
		method: 'POST',
		path: '/1/lists',
		spec: [{ kind: 'toolStep', name: 'Create List' }, { kind: 'endpoint', name: 'Create list' }],
		scope: [
			{ field: 'board', kind: 'board' },
			{ field: 'idListSource', kind: 'list' },
		],
		fields: [
			boardField({ in: 'query', apiName: 'idBoard', description: 'The board the list is created on' }),
			{ name: 'name', displayName: 'Name', type: 'string', in: 'query', required: true, description: 'Name of the list' },
			LIST_POSITION,
			{
				name: 'idListSource',
				displayName: 'Copy From List ID',
				type: 'string',
				in: 'query',
				optional: true,
				description: 'ID of a list whose cards are copied into the new list',
			},
		],
	},
	{
		resource: 'list',
		operation: 'update',
		returns: 'list',
		name: 'Update',
		action: 'Update a list',
		description: 'Rename, reposition, archive or restore a list, or move it to another board',
		method: 'PUT',
		path: '/1/lists/{id}',
		spec: [{ kind: 'endpoint', name: 'Update list' }],
		scope: [
			{ field: 'list', kind: 'list' },
			{ field: 'idBoard', kind: 'board' },
		],
		fields: [
			BOARD_FILTER_FIELD,
			LIST_IN_PATH,
			{ name: 'name', displayName: 'Name', type: 'string', in: 'query', optional: true, description: 'New name of the list' },
			LIST_POSITION,
			{
				name: 'closed',
				displayName: 'Archived',
				type: 'boolean',
				in: 'query',
				optional: true,
				description: 'Whether the list is archived',
			},
			boardField({
				name: 'idBoard',
				displayName: 'Move to Board',
				in: 'query',
				optional: true,
				required: false,
				description: 'Move the list, with its cards, to another board',
			}),
			{
				name: 'subscribed',
				displayName: 'Subscribed',
				type: 'boolean',
				in: 'query',
				optional: true,
				description: 'Whether the account follows the list',
			},
		],
	},
	{
		resource: 'list',
		operation: 'getCards',
		returns: 'card',
		name: 'Get Cards',
		action: 'Get the cards of a list',
		description: 'List the open cards of one list, in list order, one item per card',
		method: 'GET',
		path: '/1/lists/{id}/cards',
		paging: { kind: 'all' },
		spec: [{ kind: 'toolStep', name: 'Get List Cards' }, { kind: 'endpoint', name: 'Get list cards' }],
		scope: [{ field: 'list', kind: 'list' }],
		fields: [BOARD_FILTER_FIELD, LIST_IN_PATH],
	},
];
