import type { CatalogueField } from '../../../shared/catalogue';
import type { TrelloRow } from '../types';
import { BOARD_FILTER_FIELD, cardField, fieldsFilter, idField } from '../fields';

const CHECKLIST_ID = 'ID of the checklist (from Get Card with checklists, or from Add Checklist)';

const ITEM_POSITION: CatalogueField = {
	displayName: 'Position',
	name: 'pos',
	type: 'string',
	default: '',
	in: 'query',
	optional: true,
	placeholder: 'bottom',
	description: 'Where the item goes in its checklist: top, bottom, or a positive number',
};

export const checklistRows: TrelloRow[] = [
	{
		resource: 'checklist',
		operation: 'get',
		returns: 'checklist',
		name: 'Get',
		action: 'Get a checklist',
		description: 'Get one checklist with its items (name, state complete/incomplete, position, due)',
		method: 'GET',
		path: '/1/checklists/{id}',
		spec: [{ kind: 'endpoint', name: 'Get checklist' }],
		scope: [{ field: 'checklist', kind: 'checklist' }],
		fields: [
			idField('checklist', 'Checklist ID', CHECKLIST_ID, { in: 'path', apiName: 'id' }),
			{
				displayName: 'Include Items',
				name: 'checkItems',
				type: 'options',
				in: 'query',
				optional: true,
				default: 'all',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'None', value: 'none' },
				],
				description: 'Whether to include the checklist’s items',
			},
			fieldsFilter('checklist', 'name,idCard,pos'),
		],
	},
	{
		resource: 'checklist',
		operation: 'create',
		returns: 'checklist',
		name: 'Create',
		action: 'Add a checklist to a card',
		description:
			'Add a checklist to a card, empty or as a copy of another checklist (Copy From Checklist ID). Returns the new checklist with its id for adding items.',
		method: 'POST',
		path: '/1/checklists',
		spec: [{ kind: 'toolStep', name: 'Add Checklist' }, { kind: 'endpoint', name: 'Create checklist' }],
		scope: [
			{ field: 'card', kind: 'card' },
			{ field: 'idChecklistSource', kind: 'checklist' },
		],
		fields: [
			BOARD_FILTER_FIELD,
			cardField({ in: 'query', apiName: 'idCard', description: 'The card the checklist is added to' }),
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				in: 'query',
				description: 'Name of the checklist (Trello names it "Checklist" when empty)',
			},
			ITEM_POSITION,
			{
				displayName: 'Copy From Checklist ID',
				name: 'idChecklistSource',
				type: 'string',
				default: '',
				in: 'query',
				optional: true,
				description: 'ID of a checklist whose items are copied into the new one',
			},
		],
	},
	{
		resource: 'checklist',
		operation: 'addItem',
		name: 'Create Item',
		action: 'Create a checklist item',
		description:
			'Add an item to an existing checklist, optionally already checked, at a position, with a due date. Returns the item with its id.',
		method: 'POST',
		path: '/1/checklists/{id}/checkItems',
		spec: [{ kind: 'toolStep', name: 'Create a Checklist Item' }, { kind: 'endpoint', name: 'Add checklist item' }],
		scope: [{ field: 'checklist', kind: 'checklist' }],
		fields: [
			idField('checklist', 'Checklist ID', CHECKLIST_ID, { in: 'path', apiName: 'id' }),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', required: true, description: 'Text of the item' },
			{
				displayName: 'Checked',
				name: 'checked',
				type: 'boolean',
				default: false,
				in: 'query',
				optional: true,
				description: 'Whether the item starts checked (complete)',
			},
			ITEM_POSITION,
			{
				displayName: 'Due Date',
				name: 'due',
				type: 'dateTime',
				default: '',
				in: 'query',
				optional: true,
				description: 'Due date of the item (ISO 8601)',
			},
		],
	},
	{
		resource: 'checklist',
		operation: 'updateItem',
		name: 'Update Item',
		action: 'Update a checklist item',
		description:
			'Check or uncheck a checklist item (State), rename it or move it. Items are changed through their card, so the card is needed too.',
		method: 'PUT',
		path: '/1/cards/{id}/checkItem/{idCheckItem}',
		spec: [{ kind: 'endpoint', name: 'Update checklist item' }],
		scope: [{ field: 'card', kind: 'card' }],
		fields: [
			BOARD_FILTER_FIELD,
			cardField({ in: 'path', apiName: 'id', description: 'The card whose checklist holds the item' }),
			idField('checkItem', 'Checklist Item ID', 'ID of the checklist item', { in: 'path', apiName: 'idCheckItem' }),
			{
				displayName: 'State',
				name: 'state',
				type: 'options',
				in: 'query',
				optional: true,
				default: 'complete',
				options: [
					{ name: 'Complete', value: 'complete' },
					{ name: 'Incomplete', value: 'incomplete' },
				],
				description: 'Complete = checked, incomplete = unchecked',
			},
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', optional: true, description: 'New text of the item' },
			ITEM_POSITION,
		],
	},
];
