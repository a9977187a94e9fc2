import type { TrelloRow } from '../types';
import { PICKER_BOARD_FIELD, CARD_IN_PATH, idField, pickedField } from '../fields';
import { TRELLO_NODE_VERSION_WITHOUT_LEGACY_COMMENT } from '../versions';

const TEXT = {
	displayName: 'Text',
	name: 'text',
	type: 'string' as const,
	in: 'query' as const,
	required: true,
	ui: { typeOptions: { rows: 3 } },
	description: 'The comment (Markdown)',
};

const COMMENT = pickedField(
	'comment',
	'Comment',
	'searchComments',
	'The comment: pick it from the chosen card’s comments or give its 24-character ID (the id of its commentCard action)',
	{ in: 'path', apiName: 'idAction' },
);

export const commentRows: TrelloRow[] = [
	{
		resource: 'comment',
		operation: 'addToCard',
		objectType: 'action',
		name: 'Add to Card',
		action: 'Add a comment to a card',
		description:
			'Post a comment on a card picked from a board, by its web address, by ID or by short link. Returns the comment (a commentCard action with its id and text).',
		method: 'POST',
		path: '/1/cards/{id}/actions/comments',
		spec: [{ kind: 'toolStep', name: 'Add Comment to Card' }, { kind: 'endpoint', name: 'Add comment' }],
		targets: [{ field: 'card', kind: 'card' }],
		fields: [PICKER_BOARD_FIELD, CARD_IN_PATH, TEXT],
	},
	{
		resource: 'comment',
		operation: 'add',
		objectType: 'action',
		name: 'Add (Legacy)',
		action: 'Add a comment (legacy)',
		description:
			'Legacy form of Add to Card, kept so workflows and agents built on the original action keep working: the card is given only as a plain ID or short link (no board picking, no web address). Same request and result as Add to Card, which also takes a short link. Offered only in nodes of version 1.',
		retiredInVersion: TRELLO_NODE_VERSION_WITHOUT_LEGACY_COMMENT,
		method: 'POST',
		path: '/1/cards/{id}/actions/comments',
		spec: [{ kind: 'toolStep', name: 'Add Comment (legacy action)' }],
		targets: [{ field: 'cardId', kind: 'card' }],
		fields: [
			idField('cardId', 'Card ID', 'ID or short link of the card to comment on', { in: 'path', apiName: 'id' }),
			TEXT,
		],
	},
	{
		resource: 'comment',
		operation: 'getAll',
		objectType: 'action',
		name: 'Get Many',
		action: 'Get the comments of a card',
		description: 'List the comments on a card, newest first, one item per comment with its id, text, author and date',
		method: 'GET',
		path: '/1/cards/{id}/actions',
		fixedQuery: { filter: 'commentCard' },
		// Trello pages card activity 50 at a time with ?page=N.
		paging: { kind: 'page', maxPageSize: 50 },
		targets: [{ field: 'card', kind: 'card' }],
		fields: [PICKER_BOARD_FIELD, CARD_IN_PATH],
	},
	{
		resource: 'comment',
		operation: 'update',
		objectType: 'action',
		name: 'Update',
		action: 'Update a comment',
		description: 'Replace the text of an existing comment on a card (the old text is overwritten). Returns the changed comment.',
		method: 'PUT',
		path: '/1/cards/{id}/actions/{idAction}/comments',
		targets: [{ field: 'card', kind: 'card' }],
		fields: [PICKER_BOARD_FIELD, CARD_IN_PATH, COMMENT, { ...TEXT, description: 'The new text of the comment (Markdown)' }],
	},
	{
		resource: 'comment',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a comment',
		description: 'Delete a comment from a card permanently (cannot be undone)',
		method: 'DELETE',
		path: '/1/cards/{id}/actions/{idAction}/comments',
		targets: [{ field: 'card', kind: 'card' }],
		fields: [PICKER_BOARD_FIELD, CARD_IN_PATH, COMMENT],
		shapeAnswer: (_body, values) => ({ deleted: true, id: values.comment, idCard: values.card }),
	},
];
