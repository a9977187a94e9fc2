import type { RowField } from '../../../shared/rowEngine';
import type { TrelloRow } from '../types';
import { PICKER_BOARD_FIELD, BOARD_IN_PATH, CARD_IN_PATH, cardField, pickedField } from '../fields';
import { clearCustomFieldValue, setCustomFieldValue } from './values';

const CARD_IN_ITEM_PATH = cardField({ in: 'path', apiName: 'idCard' });

const CUSTOM_FIELD = pickedField(
	'customField',
	'Custom Field',
	'searchCustomFields',
	'The custom field: pick it by name from the chosen board’s custom fields or give its 24-character ID',
	{ in: 'path', apiName: 'idCustomField' },
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

export const customFieldRows: TrelloRow[] = [
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
];
