import type { RowField } from '../../../shared/rowEngine';
import { trelloRowTable } from '../types';
import { PICKER_BOARD_FIELD, BOARD_IN_PATH, CARD_IN_PATH, boardField, cardField, pickedField } from '../fields';
import { createCustomField } from './definitions';
import { clearCustomFieldValue, setCustomFieldValue } from './values';

const CARD_IN_ITEM_PATH = cardField({ in: 'path', apiName: 'idCard' });

const CUSTOM_FIELD = pickedField(
	'customField',
	'Custom Field',
	'searchCustomFields',
	'The custom field: pick it by name from the chosen board’s custom fields or give its 24-character ID',
	{ in: 'path', apiName: 'idCustomField' },
);

const CUSTOM_FIELD_IN_PATH: RowField = { ...CUSTOM_FIELD, apiName: 'id' };

const FIELD_POSITION: RowField = {
	displayName: 'Position',
	name: 'pos',
	type: 'string',
	default: '',
	in: 'body',
	optional: true,
	placeholder: 'bottom',
	description: 'Where the field goes among the board’s custom fields: top, bottom (the default), or a positive number',
};

/** Trello's colours for the options of a list (dropdown) field; "none" is grey. */
const OPTION_COLORS = ['black', 'blue', 'green', 'lime', 'none', 'orange', 'pink', 'purple', 'red', 'sky', 'yellow'].map((color) => ({
	name: color === 'none' ? 'None (Grey)' : color[0].toUpperCase() + color.slice(1),
	value: color,
}));

const OPTION = pickedField(
	'option',
	'Option',
	'searchCustomFieldOptions',
	'The option of the list (dropdown) field: pick it by its text from the chosen field or give its 24-character ID',
	{ in: 'path', apiName: 'idCustomFieldOption' },
);

const VALUE: RowField = {
	displayName: 'Value',
	name: 'value',
	type: 'string',
	default: '',
	in: 'none',
	required: true,
	placeholder: '42',
	description:
		'The value, written as text whatever the field’s type: any text; a number (42, 3.5); a date (ISO 8601); true or false for a checkbox; the option’s name or ID for a list (dropdown). The field’s type is looked up, and the value checked against it before anything is changed.',
};

export const customFieldRows = trelloRowTable([
	{
		resource: 'customField',
		operation: 'create',
		objectType: 'customField',
		name: 'Create',
		action: 'Create a custom field on a board',
		description:
			'Define a new custom field on a board: its name, its type (text, number, date, checkbox or list/dropdown) and whether cards show it on their front. A list field starts without options: add them with Add Option. Returns the new field with its id.',
		method: 'POST',
		path: '/1/customFields',
		targets: [{ field: 'board', kind: 'board' }],
		fields: [
			boardField({ in: 'body', apiName: 'idModel', description: 'The board the custom field is defined on' }),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'body', required: true, placeholder: 'Priority', description: 'Name of the custom field' },
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				default: 'text',
				in: 'body',
				required: true,
				options: [
					{ name: 'Checkbox', value: 'checkbox' },
					{ name: 'Date', value: 'date' },
					{ name: 'List (Dropdown)', value: 'list' },
					{ name: 'Number', value: 'number' },
					{ name: 'Text', value: 'text' },
				],
				description: 'What the field holds; a list (dropdown) field takes its options from Add Option. The type cannot be changed later.',
			},
			{
				displayName: 'Show on Card Front',
				name: 'display_cardFront',
				type: 'boolean',
				default: true,
				in: 'body',
				description: 'Whether cards show the field’s value on their front (else only when opened)',
			},
			FIELD_POSITION,
		],
		handler: createCustomField,
	},
	{
		resource: 'customField',
		operation: 'update',
		objectType: 'customField',
		name: 'Update',
		action: 'Update a custom field',
		description: 'Rename a custom field of a board, change whether cards show it on their front, or move it among the board’s fields. Its type and the values on cards stay.',
		method: 'PUT',
		path: '/1/customFields/{id}',
		targets: [{ field: 'customField', kind: 'customField' }],
		fields: [
			PICKER_BOARD_FIELD,
			CUSTOM_FIELD_IN_PATH,
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'body', optional: true, description: 'New name of the custom field' },
			{
				displayName: 'Show on Card Front',
				name: 'cardFront',
				apiName: 'display/cardFront',
				type: 'boolean',
				default: true,
				in: 'body',
				optional: true,
				description: 'Whether cards show the field’s value on their front',
			},
			{ ...FIELD_POSITION, description: 'Where the field goes among the board’s custom fields: top, bottom, or a positive number' },
		],
	},
	{
		resource: 'customField',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a custom field',
		description: 'Delete a custom field from its board, with its value on every card (cannot be undone)',
		method: 'DELETE',
		path: '/1/customFields/{id}',
		targets: [{ field: 'customField', kind: 'customField' }],
		fields: [PICKER_BOARD_FIELD, CUSTOM_FIELD_IN_PATH],
		shapeAnswer: (_body, values) => ({ deleted: true, id: values.customField }),
	},
	{
		resource: 'customField',
		operation: 'getOptions',
		objectType: 'customFieldOption',
		name: 'Get Options',
		action: 'Get the options of a list custom field',
		description: 'List the options of a list (dropdown) custom field in their order, one item per option with its id, text and colour',
		method: 'GET',
		path: '/1/customFields/{id}/options',
		paging: { kind: 'all' },
		targets: [{ field: 'customField', kind: 'customField' }],
		fields: [PICKER_BOARD_FIELD, CUSTOM_FIELD_IN_PATH],
	},
	{
		resource: 'customField',
		operation: 'addOption',
		objectType: 'customFieldOption',
		name: 'Add Option',
		action: 'Add an option to a list custom field',
		description: 'Add an option (its text and colour) to a list (dropdown) custom field, last unless a position is given. Returns the new option with its id.',
		method: 'POST',
		path: '/1/customFields/{id}/options',
		targets: [{ field: 'customField', kind: 'customField' }],
		fields: [
			PICKER_BOARD_FIELD,
			CUSTOM_FIELD_IN_PATH,
			{
				displayName: 'Text',
				name: 'text',
				apiName: 'value',
				type: 'string',
				default: '',
				in: 'body',
				required: true,
				placeholder: 'High',
				toApi: (value) => ({ text: String(value) }),
				description: 'The option as cards show it',
			},
			{ displayName: 'Color', name: 'color', type: 'options', default: 'none', in: 'body', optional: true, options: OPTION_COLORS, description: 'Colour of the option' },
			{ ...FIELD_POSITION, description: 'Where the option goes in the list: top, bottom (the default), or a positive number' },
		],
	},
	{
		resource: 'customField',
		operation: 'deleteOption',
		name: 'Delete Option',
		action: 'Delete an option of a list custom field',
		description: 'Delete one option of a list (dropdown) custom field; cards that had it chosen lose that value (cannot be undone)',
		method: 'DELETE',
		path: '/1/customFields/{id}/options/{idCustomFieldOption}',
		targets: [{ field: 'customField', kind: 'customField' }],
		fields: [PICKER_BOARD_FIELD, CUSTOM_FIELD_IN_PATH, OPTION],
		shapeAnswer: (_body, values) => ({ deleted: true, id: values.option, idCustomField: values.customField }),
	},
	{
		resource: 'customField',
		operation: 'getAll',
		objectType: 'customField',
		name: 'Get Many',
		action: 'Get the custom fields of a board',
		description: 'List the custom fields defined on a board, with their type (text, number, date, checkbox, list) and, for lists, their options',
		method: 'GET',
		path: '/1/boards/{id}/customFields',
		paging: { kind: 'all' },
		targets: [{ field: 'board', kind: 'board' }],
		fields: [BOARD_IN_PATH],
	},
	{
		resource: 'customField',
		operation: 'getOnCard',
		name: 'Get Values on Card',
		action: 'Get the custom field values of a card',
		description:
			'List the custom field values set on a card, one item per value with the field id and its value ({text}, {number}, {date}, {checked}) or the chosen option (idValue)',
		method: 'GET',
		path: '/1/cards/{id}/customFieldItems',
		paging: { kind: 'all' },
		targets: [{ field: 'card', kind: 'card' }],
		fields: [PICKER_BOARD_FIELD, CARD_IN_PATH],
	},
	{
		resource: 'customField',
		operation: 'setOnCard',
		name: 'Set Value on Card',
		action: 'Set a custom field value on a card',
		description:
			'Set (replace) the value of one custom field on a card, for every field type: text, number, date, checkbox (true/false) or list (option name or ID). Returns the stored value.',
		method: 'PUT',
		path: '/1/cards/{idCard}/customField/{idCustomField}/item',
		targets: [
			{ field: 'card', kind: 'card' },
			{ field: 'customField', kind: 'customField' },
		],
		fields: [PICKER_BOARD_FIELD, CARD_IN_ITEM_PATH, CUSTOM_FIELD, VALUE],
		handler: setCustomFieldValue,
	},
	{
		resource: 'customField',
		operation: 'clearOnCard',
		name: 'Clear Value on Card',
		action: 'Clear a custom field value on a card',
		description: 'Remove the value of one custom field from a card (the field stays on the board; the old value is lost)',
		method: 'PUT',
		path: '/1/cards/{idCard}/customField/{idCustomField}/item',
		targets: [
			{ field: 'card', kind: 'card' },
			{ field: 'customField', kind: 'customField' },
		],
		fields: [PICKER_BOARD_FIELD, CARD_IN_ITEM_PATH, CUSTOM_FIELD],
		handler: clearCustomFieldValue,
		shapeAnswer: (_body, values) => ({ cleared: true, idCard: values.card, idCustomField: values.customField }),
	},
]);
