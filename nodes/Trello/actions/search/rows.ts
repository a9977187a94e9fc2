import type { RowField } from '../../../shared/rowEngine';
import { trelloRowTable } from '../types';
import { foundIn, searchWithinScope } from './scoped';

const QUERY: RowField = {
	displayName: 'Search Terms',
	name: 'query',
	type: 'string',
	default: '',
	in: 'query',
	required: true,
	placeholder: 'release notes label:urgent',
	description: 'What to search for; Trello’s search operators work too (e.g. label:, list:, due:week, is:open)',
};

const BOARDS: RowField = {
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

const PARTIAL: RowField = {
	displayName: 'Match Word Beginnings',
	name: 'partial',
	type: 'boolean',
	default: false,
	in: 'query',
	optional: true,
	description: 'Whether "rel" also finds "release" (Trello matches whole words otherwise)',
};

function limitField(name: string, apiName: string, what: string): RowField {
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

export const searchRows = trelloRowTable([
	{
		resource: 'search',
		operation: 'cards',
		objectType: 'card',
		name: 'Search Cards',
		action: 'Search cards',
		description:
			'Find cards by text and Trello search operators, best matches first, one item per card. With Allowed Boards only those boards are searched.',
		method: 'GET',
		path: '/1/search',
		fixedQuery: { modelTypes: 'cards' },
		targets: [],
		fields: [QUERY, limitField('cardsLimit', 'cards_limit', 'cards'), BOARDS, PARTIAL],
		handler: searchWithinScope,
		shapeAnswer: foundIn('cards', 'idBoard'),
	},
	{
		resource: 'search',
		operation: 'boards',
		objectType: 'board',
		name: 'Search Boards',
		action: 'Search boards',
		description: 'Find boards by name or text, one item per board. With Allowed Boards only those boards can be found.',
		method: 'GET',
		path: '/1/search',
		fixedQuery: { modelTypes: 'boards' },
		targets: [],
		fields: [QUERY, limitField('boardsLimit', 'boards_limit', 'boards'), BOARDS, PARTIAL],
		handler: searchWithinScope,
		shapeAnswer: foundIn('boards', 'id'),
	},
	{
		resource: 'search',
		operation: 'members',
		objectType: 'member',
		name: 'Search Members',
		action: 'Search members',
		description:
			'Find Trello members by name, username or email, one item per member. Refused when Allowed Boards is set: Trello cannot confine a member search to boards.',
		method: 'GET',
		path: '/1/search/members/',
		targets: [],
		refusedWithAllowlist: 'Trello searches members across all of Trello, which cannot be confined to the Allowed Boards.',
		fields: [QUERY, limitField('membersLimit', 'limit', 'members')],
	},
]);
