import type { INodeProperties } from 'n8n-workflow';

import type { CatalogueField } from '../../shared/catalogue';
import { listOf } from '../../shared/catalogue';

export const TRELLO_ID_REGEX = '^[0-9a-fA-F]{24}$';
export const BOARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/b/([a-zA-Z0-9]+)(?:[/?#].*)?';
export const CARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/c/([a-zA-Z0-9]+)(?:[/?#].*)?';

type Modes = NonNullable<INodeProperties['modes']>;

function idMode(what: string): Modes[number] {
	return {
		displayName: 'ID',
		name: 'id',
		type: 'string',
		placeholder: '5abbe4b7ddc1b351ef961414',
		validation: [
			{
				type: 'regex',
				properties: { regex: TRELLO_ID_REGEX, errorMessage: `Not a Trello ${what} ID (24 hexadecimal characters)` },
			},
		],
	};
}

function listMode(searchListMethod: string): Modes[number] {
	return {
		displayName: 'From List',
		name: 'list',
		type: 'list',
		typeOptions: { searchListMethod, searchable: true, searchFilterRequired: false },
	};
}

function locator(modes: Modes): Partial<INodeProperties> {
	return { modes, default: { mode: 'list', value: '' } };
}

const BOARD_MODES: Modes = [
	listMode('searchBoards'),
	{
		displayName: 'By URL',
		name: 'url',
		type: 'string',
		placeholder: 'https://trello.com/b/AbCd1234/my-board',
		validation: [
			{
				type: 'regex',
				properties: { regex: BOARD_URL_REGEX, errorMessage: 'Not a Trello board address (https://trello.com/b/…)' },
			},
		],
		extractValue: { type: 'regex', regex: BOARD_URL_REGEX },
	},
	idMode('board'),
];

/** A board picked from the account's boards, by its web address or by id. */
export function boardField(
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
): CatalogueField {
	return {
		name: 'board',
		displayName: 'Board',
		type: 'resourceLocator',
		required: true,
		description: 'The board: pick it, paste its web address (https://trello.com/b/…) or give its 24-character ID',
		ui: locator(BOARD_MODES),
		...overrides,
	};
}

/** A board used only to narrow the lists of lists, cards and labels offered for picking. */
export const BOARD_FILTER_FIELD: CatalogueField = boardField({
	in: 'none',
	required: false,
	description:
		'Board whose lists, cards and labels are offered below. Not sent to Trello; not needed when the object is given by ID.',
});

export function listField(
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
	searchListMethod = 'searchLists',
): CatalogueField {
	return {
		name: 'list',
		displayName: 'List',
		type: 'resourceLocator',
		required: true,
		description: 'The list: pick it from the chosen board or give its 24-character ID',
		ui: locator([listMode(searchListMethod), idMode('list')]),
		...overrides,
	};
}

export function cardField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return {
		name: 'card',
		displayName: 'Card',
		type: 'resourceLocator',
		required: true,
		description:
			'The card: pick it from the chosen board, paste its web address (https://trello.com/c/…) or give its 24-character ID',
		ui: locator([
			listMode('searchCards'),
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'https://trello.com/c/AbCd1234/12-my-card',
				validation: [
					{
						type: 'regex',
						properties: { regex: CARD_URL_REGEX, errorMessage: 'Not a Trello card address (https://trello.com/c/…)' },
					},
				],
				extractValue: { type: 'regex', regex: CARD_URL_REGEX },
			},
			idMode('card'),
		]),
		...overrides,
	};
}

export function labelField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return {
		name: 'label',
		displayName: 'Label',
		type: 'resourceLocator',
		required: true,
		description: 'The label: pick it from the chosen board or give its 24-character ID',
		ui: locator([listMode('searchLabels'), idMode('label')]),
		...overrides,
	};
}

export function idField(
	name: string,
	displayName: string,
	description: string,
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
): CatalogueField {
	return {
		name,
		displayName,
		type: 'string',
		required: true,
		placeholder: '5abbe4b7ddc1b351ef961414',
		description,
		...overrides,
	};
}

export const joinIds = (value: unknown): string => listOf(value).join(',');

export const CARD_POSITION_OPTIONS = [
	{ name: 'Top', value: 'top' },
	{ name: 'Bottom', value: 'bottom' },
];

export const LABEL_COLORS = ['black', 'blue', 'green', 'lime', 'orange', 'pink', 'purple', 'red', 'sky', 'yellow'].map(
	(color) => ({ name: color[0].toUpperCase() + color.slice(1), value: color }),
);

export function fieldsFilter(kind: string, example: string): CatalogueField {
	return {
		name: 'fields',
		displayName: 'Fields',
		type: 'string',
		in: 'query',
		optional: true,
		placeholder: example,
		description: `Comma-separated ${kind} fields to return (default: all). Fewer fields keep the output small.`,
	};
}
