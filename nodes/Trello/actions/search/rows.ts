import type { CatalogueField } from '../../../shared/catalogue';
import type { TrelloRow } from '../types';
import { foundIn, searchWithinScope } from './scoped';

const QUERY: CatalogueField = {
	displayName: 'Search Terms',
	name: 'query',
	type: 'string',
	default: '',
	in: 'query',
	required: true,
	placeholder: 'release notes label:urgent',
	description: 'What to search for; Trello’s search operators work too (e.g. label:, list:, due:week, is:open)',
};

const BOARDS: CatalogueField = {
	displayName: 'Boards',
	name: 'boards',
	type: 'string',
	default: '',
	in: 'none',
	optional: true,
	placeholder: '5abbe4b7ddc1b351ef961414, https://trello.com/b/AbCd1234/team',
	description:
		'Comma-separated boards (IDs, short links or addresses) to search in. With Allowed Boards (node or credential) the search is always confined to those boards.',
};

const PARTIAL: CatalogueField = {
	displayName: 'Match Word Beginnings',
	name: 'partial',
	type: 'boolean',
	default: false,
	in: 'query',
	optional: true,
	description: 'Whether "rel" also finds "release" (Trello matches whole words otherwise)',
};

function limitField(name: string, apiName: string, what: string): CatalogueField {
	return {
		displayName: 'Limit',
		name,
		apiName,
		type: 'number',
		in: 'query',
		default: 50,
		ui: { typeOptions: { minValue: 1, maxValue: 1000 } },
		description: `Max number of ${what} to return (Trello returns at most 1000)`,
	};
}

export const searchRows: TrelloRow[] = [
	{
		resource: 'search',
		operation: 'cards',
		returns: 'card',
		name: 'Search Cards',
		action: 'Search cards',
		description:
			'Find cards by text and Trello search operators, best matches first, one item per card. With Allowed Boards only those boards are searched.',
		method: 'GET',
		path: '/1/search',
		fixedQuery: { modelTypes: 'cards' },
		scope: [],
		fields: [QUERY, limitField('cardsLimit', 'cards_limit', 'cards'), BOARDS, PARTIAL],
		handler: searchWithinScope,
		output: foundIn('cards', 'idBoard'),
	},
	{
		resource: 'search',
		operation: 'boards',
		returns: 'board',
		name: 'Search Boards',
		action: 'Search boards',
		description: 'Find boards by name or text, one item per board. With Allowed Boards only those boards can be found.',
		method: 'GET',
		path: '/1/search',
		fixedQuery: { modelTypes: 'boards' },
		scope: [],
		fields: [QUERY, limitField('boardsLimit', 'boards_limit', 'boards'), BOARDS, PARTIAL],
		handler: searchWithinScope,
		output: foundIn('boards', 'id'),
	},
	{
		resource: 'search',
		operation: 'members',
		returns: 'member',
		name: 'Search Members',
		action: 'Search members',
		description:
			'Find Trello members by name, username or email, one item per member. Refused when Allowed Boards is set: Trello cannot confine a member search to boards.',
		method: 'GET',
		path: '/1/search/members/',
		scope: [],
		refusedWithAllowlist: 'Trello searches members across all of Trello, which cannot be confined to the Allowed Boards.',
		fields: [QUERY, limitField('membersLimit', 'limit', 'members')],
	},
];
