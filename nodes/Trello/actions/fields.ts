import type { INodeProperties } from 'n8n-workflow';

import type { RowField } from '../../shared/rowEngine';
import { listOf } from '../../shared/rowEngine';
import type { ListMode, MultiPicker } from '../../shared/locator';
import { byUrl, locatorModes, multiPicker, mustMatch, typedMode } from '../../shared/locator';
import { BOARD_URL_REGEX, CARD_URL_REGEX } from '../scope/addresses';
import type { TrelloRow } from './types';

const TRELLO_ID_REGEX = '^[0-9a-fA-F]{24}$';
const CARD_ID_OR_SHORT_LINK_REGEX = '^(?:[0-9a-fA-F]{24}|[a-zA-Z0-9]{8})$';

const LOCATOR_DEFAULT = { mode: 'list', value: '' };
const ID_PLACEHOLDER = '5abbe4b7ddc1b351ef961414';

/** Trello's pickers list entries before anything is typed. */
const fromList = (searchListMethod: string): ListMode => ({ searchListMethod, searchFilterRequired: false });

const byTrelloId = (what: string) =>
	typedMode('id', 'ID', ID_PLACEHOLDER, { validation: mustMatch(TRELLO_ID_REGEX, `Not a Trello ${what} ID (24 hexadecimal characters)`) });

/** A picker of the searchListMethod's results, or an ID (lists, labels). */
function pickOrId(searchListMethod: string, what: string): Partial<INodeProperties> {
	return { default: LOCATOR_DEFAULT, ...locatorModes(fromList(searchListMethod), byTrelloId(what)) };
}

const BOARD_LOCATOR: Partial<INodeProperties> = {
	default: LOCATOR_DEFAULT,
	...locatorModes(
		fromList('searchBoards'),
		byUrl('https://trello.com/b/AbCd1234/my-board', {
			validation: mustMatch(BOARD_URL_REGEX, 'Not a Trello board address (https://trello.com/b/…)'),
			extractValue: { type: 'regex', regex: BOARD_URL_REGEX },
		}),
		byTrelloId('board'),
	),
};

const CARD_LOCATOR: Partial<INodeProperties> = {
	default: LOCATOR_DEFAULT,
	...locatorModes(
		fromList('searchCards'),
		byUrl('https://trello.com/c/AbCd1234/12-my-card', {
			validation: mustMatch(CARD_URL_REGEX, 'Not a Trello card address (https://trello.com/c/…)'),
			extractValue: { type: 'regex', regex: CARD_URL_REGEX },
		}),
		// Trello takes a card's short link wherever it takes the card's id.
		typedMode('id', 'ID', `${ID_PLACEHOLDER} or AbCd1234`, {
			hint: 'The card\'s 24-character ID, or its short link (the 8 characters after /c/ in its address)',
			validation: mustMatch(CARD_ID_OR_SHORT_LINK_REGEX, 'Not a Trello card ID (24 hexadecimal characters) or short link (8 letters and digits)'),
		}),
	),
};

type FieldOverrides = Partial<RowField> & Pick<RowField, 'in'>;

/** A required resource locator; `overrides` say where it goes and may rename or relax it. */
function locatorField(name: string, displayName: string, description: string, ui: Partial<INodeProperties>, overrides: FieldOverrides): RowField {
	return { displayName, name, type: 'resourceLocator', default: LOCATOR_DEFAULT, required: true, description, ui, ...overrides };
}

/** A board picked from the account's boards, by its web address or by id. */
export function boardField(overrides: FieldOverrides): RowField {
	return locatorField(
		'board',
		'Board',
		'The board: pick it, paste its web address (https://trello.com/b/…) or give its 24-character ID',
		BOARD_LOCATOR,
		overrides,
	);
}

/** The board an operation acts on, as the path's {id}. */
export const BOARD_IN_PATH: RowField = boardField({ in: 'path', apiName: 'id' });

/** A board used only to narrow the lists of lists, cards and labels offered for picking. */
export const PICKER_BOARD_FIELD: RowField = boardField({
	in: 'none',
	required: false,
	pickerOnly: true,
	description:
		'Board whose lists, cards and labels are offered below. Not sent to Trello; not needed when the object is given by ID.',
});

/** Several boards of the account, for the trigger nodes (getBoards in triggers/loadOptions.ts). */
export function boardsPicker(description: string, more: Partial<MultiPicker> = {}): INodeProperties {
	return multiPicker({ name: 'boards', label: 'Board', loadOptionsMethod: 'getBoards', description, required: true, ...more });
}

/** Several lists of the chosen boards, for the trigger nodes (getLists in triggers/loadOptions.ts). */
export function listsPicker(name: string, label: string, description: string, more: Partial<MultiPicker> = {}): INodeProperties {
	return multiPicker({ name, label, loadOptionsMethod: 'getLists', description, ...more });
}

export function listField(overrides: FieldOverrides, searchListMethod = 'searchLists'): RowField {
	return pickedField('list', 'List', searchListMethod, 'The list: pick it from the chosen board or give its 24-character ID', overrides);
}

export function cardField(overrides: FieldOverrides): RowField {
	return locatorField(
		'card',
		'Card',
		'The card: pick it from the chosen board, paste its web address (https://trello.com/c/…) or give its 24-character ID or short link',
		CARD_LOCATOR,
		overrides,
	);
}

export function labelField(overrides: FieldOverrides): RowField {
	return pickedField('label', 'Label', 'searchLabels', 'The label: pick it from the chosen board or give its 24-character ID', overrides);
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
	overrides: FieldOverrides,
): RowField {
	return locatorField(name, displayName, description, pickOrId(searchListMethod, displayName.toLowerCase()), overrides);
}

/** The card an operation acts on, as the path's {id}. */
export const CARD_IN_PATH: RowField = cardField({ in: 'path', apiName: 'id' });

/** A card used only to narrow the checklists, items and attachments offered for picking. */
export const PICKER_CARD_FIELD: RowField = cardField({
	in: 'none',
	required: false,
	pickerOnly: true,
	description:
		'Card whose checklists and items are offered below (else those of the chosen board). Not sent to Trello; not needed when the object is given by ID.',
});

export function checklistField(overrides: FieldOverrides): RowField {
	return pickedField(
		'checklist',
		'Checklist',
		'searchChecklists',
		'The checklist: pick it from the chosen card (or board) or give its 24-character ID',
		overrides,
	);
}

export function checkItemField(overrides: FieldOverrides): RowField {
	return pickedField(
		'checkItem',
		'Checklist Item',
		'searchCheckItems',
		'The checklist item: pick it from the chosen checklist (or card) or give its 24-character ID',
		overrides,
	);
}

/** A single member of the chosen board (options loaded by name), or an ID by expression. */
export function memberField(overrides: FieldOverrides): RowField {
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
	overrides: FieldOverrides,
): RowField {
	return {
		name,
		displayName,
		type: 'string',
		default: '',
		required: true,
		placeholder: ID_PLACEHOLDER,
		description,
		...overrides,
	};
}

export const joinIds = (value: unknown): string => listOf(value).join(',');

export const CARD_POSITION_OPTIONS = [
	{ name: 'Top', value: 'top' },
	{ name: 'Bottom', value: 'bottom' },
];

/** A card's title: required where a card is made, optional where one is updated or copied. */
export function cardNameField(description = 'Title of the card', optional = false): RowField {
	return { displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', ...(optional ? { optional: true } : { required: true }), description };
}

/** A card's place in its list as these operations take it: top or bottom. */
export function cardPositionField(description: string, { required = false, start = 'bottom' } = {}): RowField {
	return { displayName: 'Position', name: 'pos', type: 'options', in: 'query', ...(required ? { required: true } : { optional: true }), default: start, options: CARD_POSITION_OPTIONS, description };
}

/** A card's description, position, dates and due state: Create, Update and Add Card to Inbox take them. */
export function cardDetailFields(verb: string): RowField[] {
	return [
		{
			displayName: 'Description',
			name: 'desc',
			type: 'string',
			default: '',
			in: 'query',
			optional: true,
			ui: { typeOptions: { rows: 4 } },
			description: `Card description ${verb} (Markdown)`,
		},
		cardPositionField('Put the card at the top or the bottom of its list'),
		{
			displayName: 'Due Date',
			name: 'due',
			type: 'dateTime',
			default: '',
			in: 'query',
			optional: true,
			description: 'Due date and time (ISO 8601)',
		},
		{
			displayName: 'Start Date',
			name: 'start',
			type: 'dateTime',
			default: '',
			in: 'query',
			optional: true,
			description: 'Start date (ISO 8601)',
		},
		{
			displayName: 'Due Complete',
			name: 'dueComplete',
			type: 'boolean',
			default: false,
			in: 'query',
			optional: true,
			description: 'Whether the due date is marked complete',
		},
	];
}

export const LABEL_COLORS = ['black', 'blue', 'green', 'lime', 'orange', 'pink', 'purple', 'red', 'sky', 'yellow'].map(
	(color) => ({ name: color[0].toUpperCase() + color.slice(1), value: color }),
);

export function fieldsFilter(kind: string, example: string): RowField {
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

/**
 * Trello's filter words as the options show them; "closed" reads Archived for lists and cards and
 * Closed for boards, as Trello's own screens say.
 */
const FILTER_WORDS = {
	all: { name: 'All', value: 'all' },
	archived: { name: 'Archived', value: 'closed' },
	closed: { name: 'Closed', value: 'closed' },
	members: { name: 'Members', value: 'members' },
	none: { name: 'None', value: 'none' },
	open: { name: 'Open', value: 'open' },
	organization: { name: 'Organization', value: 'organization' },
	public: { name: 'Public', value: 'public' },
	starred: { name: 'Starred', value: 'starred' },
	visible: { name: 'Visible', value: 'visible' },
};

type FilterWord = keyof typeof FILTER_WORDS;

/**
 * Which objects a read returns (Trello's `filter`, `cards`, `checkItems` …), one option per word
 * in the order given (alphabetical by name, as n8n's lint wants options written).
 */
export function stateFilter(
	displayName: string,
	words: FilterWord[],
	description: string,
	{ name = 'filter', defaultValue = 'open' }: { name?: string; defaultValue?: string } = {},
): RowField {
	return {
		displayName,
		name,
		type: 'options',
		in: 'query',
		optional: true,
		default: defaultValue,
		options: words.map((word) => ({ ...FILTER_WORDS[word] })),
		description,
	};
}

/** Whether a read includes the object's parts (a card's checklists, a checklist's items): all or none. */
export const includeAllOrNone = (displayName: string, name: string, description: string): RowField =>
	stateFilter(displayName, ['all', 'none'], description, { name, defaultValue: 'all' });

const BOARD_STATES: FilterWord[] = ['all', 'closed', 'members', 'open', 'organization', 'public', 'starred'];

/**
 * Trello's board filter of GET /1/members/{id}/boards (Board → Get Many, Member → Get Boards); a
 * workspace's boards take the same filter without the states it has no use for ("starred").
 */
export function boardStateFilter(without: FilterWord[] = []): RowField {
	return stateFilter(
		'Board State',
		BOARD_STATES.filter((word) => !without.includes(word)),
		'Which boards to list; without this filter Trello returns all of them, archived ones included',
	);
}

/** Comma-separated types of what a read returns (actions, notifications); empty keeps Trello's default. */
export function typesFilter(displayName: string, placeholder: string, description: string): RowField {
	return { displayName, name: 'filter', type: 'string', default: '', in: 'query', optional: true, placeholder, description };
}

/** Where an object goes among its siblings, as Trello takes it: top, bottom or a number. */
export function positionField(where: string): RowField {
	return {
		displayName: 'Position',
		name: 'pos',
		type: 'string',
		default: '',
		in: 'query',
		optional: true,
		placeholder: 'bottom',
		description: `Where the ${where}: top, bottom, or a positive number`,
	};
}

/** Whether the connected account follows the object (board, list, card). */
export function subscribedField(what: string): RowField {
	return {
		displayName: 'Subscribed',
		name: 'subscribed',
		type: 'boolean',
		default: false,
		in: 'query',
		optional: true,
		description: `Whether the account follows the ${what}`,
	};
}

/** What tells apart rows that send one request with opposite fixed values (archive and unarchive). */
type SwitchWords = Pick<TrelloRow, 'operation' | 'name' | 'action' | 'description' | 'fixedQuery'>;

/** Rows that send the same request with opposite fixed values: archive and unarchive, close and reopen. */
export function switchRows<const Shared extends Omit<TrelloRow, keyof SwitchWords>, const Words extends SwitchWords[]>(
	shared: Shared,
	...each: Words
): Array<Shared & Words[number]> {
	return each.map((words) => ({ ...shared, ...words }));
}
