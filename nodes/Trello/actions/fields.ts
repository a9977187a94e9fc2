import type { INodeProperties } from 'n8n-workflow';

import type { CatalogueField } from '../../shared/catalogue';
import { listOf } from '../../shared/catalogue';

export const TRELLO_ID_REGEX = '^[0-9a-fA-F]{24}$';
export const BOARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/b/([a-zA-Z0-9]+)(?:[/?#].*)?';
export const CARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/c/([a-zA-Z0-9]+)(?:[/?#].*)?';
export const CARD_ID_OR_SHORT_LINK_REGEX = '^(?:[0-9a-fA-F]{24}|[a-zA-Z0-9]{8})$';

type Mode = NonNullable<INodeProperties['modes']>[number];

const LOCATOR_DEFAULT = { mode: 'list', value: '' };
const ID_PLACEHOLDER = '5abbe4b7ddc1b351ef961414';

const searchable = (searchListMethod: string): Mode['typeOptions'] => ({ searchListMethod, searchable: true, searchFilterRequired: false });

const idValidation = (what: string): Mode['validation'] => [
	{ type: 'regex', properties: { regex: TRELLO_ID_REGEX, errorMessage: `Not a Trello ${what} ID (24 hexadecimal characters)` } },
];

const urlValidation = (regex: string, errorMessage: string): Mode['validation'] => [
	{ type: 'regex', properties: { regex, errorMessage } },
];

/** A picker of the searchListMethod's results, or an ID (lists, labels). */
function pickOrId(searchListMethod: string, what: string): Partial<INodeProperties> {
	return {
		default: LOCATOR_DEFAULT,
		modes: [
			{ displayName: 'From List', name: 'list', type: 'list', typeOptions: searchable(searchListMethod) },
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: ID_PLACEHOLDER, validation: idValidation(what) },
		],
	};
}

const BOARD_LOCATOR: Partial<INodeProperties> = {
	default: LOCATOR_DEFAULT,
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: searchable('searchBoards') },
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://trello.com/b/AbCd1234/my-board',
			validation: urlValidation(BOARD_URL_REGEX, 'Not a Trello board address (https://trello.com/b/…)'),
			extractValue: { type: 'regex', regex: BOARD_URL_REGEX },
		},
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: ID_PLACEHOLDER, validation: idValidation('board') },
	],
};

const CARD_LOCATOR: Partial<INodeProperties> = {
	default: LOCATOR_DEFAULT,
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: searchable('searchCards') },
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://trello.com/c/AbCd1234/12-my-card',
			validation: urlValidation(CARD_URL_REGEX, 'Not a Trello card address (https://trello.com/c/…)'),
			extractValue: { type: 'regex', regex: CARD_URL_REGEX },
		},
		{
			// Trello takes a card's short link wherever it takes the card's id.
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: `${ID_PLACEHOLDER} or AbCd1234`,
			hint: 'The card\'s 24-character ID, or its short link (the 8 characters after /c/ in its address)',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: CARD_ID_OR_SHORT_LINK_REGEX,
						errorMessage: 'Not a Trello card ID (24 hexadecimal characters) or short link (8 letters and digits)',
					},
				},
			],
		},
	],
};

/** A board picked from the account's boards, by its web address or by id. */
export function boardField(
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
): CatalogueField {
	return {
		displayName: 'Board',
		name: 'board',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The board: pick it, paste its web address (https://trello.com/b/…) or give its 24-character ID',
		ui: BOARD_LOCATOR,
		...overrides,
	};
}

/** A board used only to narrow the lists of lists, cards and labels offered for picking. */
export const BOARD_FILTER_FIELD: CatalogueField = boardField({
	in: 'none',
	required: false,
	pickerOnly: true,
	description:
		'Board whose lists, cards and labels are offered below. Not sent to Trello; not needed when the object is given by ID.',
});

export function listField(
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
	searchListMethod = 'searchLists',
): CatalogueField {
	return {
		displayName: 'List',
		name: 'list',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The list: pick it from the chosen board or give its 24-character ID',
		ui: pickOrId(searchListMethod, 'list'),
		...overrides,
	};
}

export function cardField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return {
		displayName: 'Card',
		name: 'card',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The card: pick it from the chosen board, paste its web address (https://trello.com/c/…) or give its 24-character ID or short link',
		ui: CARD_LOCATOR,
		...overrides,
	};
}

export function labelField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return {
		displayName: 'Label',
		name: 'label',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The label: pick it from the chosen board or give its 24-character ID',
		ui: pickOrId('searchLabels', 'label'),
		...overrides,
	};
}

/**
 * An object picked from a list the node loads (the chosen card's checklists, attachments, …) or
 * given by its 24-character ID.
 */
export function pickedField(
	name: string,
	displayName: string,
	searchListMethod: string,
	description: string,
	overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>,
): CatalogueField {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: LOCATOR_DEFAULT,
		required: true,
		description,
		ui: pickOrId(searchListMethod, displayName.toLowerCase()),
		...overrides,
	};
}

/** A card used only to narrow the checklists, items and attachments offered for picking. */
export const CARD_FILTER_FIELD: CatalogueField = cardField({
	in: 'none',
	required: false,
	pickerOnly: true,
	description:
		'Card whose checklists and items are offered below (else those of the chosen board). Not sent to Trello; not needed when the object is given by ID.',
});

export function checklistField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return pickedField(
		'checklist',
		'Checklist',
		'searchChecklists',
		'The checklist: pick it from the chosen card (or board) or give its 24-character ID',
		overrides,
	);
}

export function checkItemField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return pickedField(
		'checkItem',
		'Checklist Item',
		'searchCheckItems',
		'The checklist item: pick it from the chosen checklist (or card) or give its 24-character ID',
		overrides,
	);
}

/** A single member of the chosen board (options loaded by name), or an ID by expression. */
export function memberField(overrides: Partial<CatalogueField> & Pick<CatalogueField, 'in'>): CatalogueField {
	return {
		displayName: 'Member Name or ID',
		name: 'member',
		type: 'options',
		default: '',
		required: true,
		ui: { typeOptions: { loadOptionsMethod: 'getMembers', loadOptionsDependsOn: ['board.value'] } },
		description:
			'A member of the chosen board. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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
		default: '',
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
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		in: 'query',
		optional: true,
		placeholder: example,
		description: `Comma-separated ${kind} fields to return (default: all). Fewer fields keep the output small.`,
	};
}

/** Trello's board filter of GET /1/members/{id}/boards, shared by Board → Get Many and Member → Get Boards. */
export function boardStateFilter(): CatalogueField {
	return {
		displayName: 'Board State',
		name: 'filter',
		type: 'options',
		in: 'query',
		optional: true,
		default: 'open',
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Closed', value: 'closed' },
			{ name: 'Members', value: 'members' },
			{ name: 'Open', value: 'open' },
			{ name: 'Organization', value: 'organization' },
			{ name: 'Public', value: 'public' },
			{ name: 'Starred', value: 'starred' },
		],
		description: 'Which boards to list; without this filter Trello returns all of them, archived ones included',
	};
}
