import { trelloRowTable } from '../types';
import { PICKER_BOARD_FIELD, CARD_IN_PATH, cardField, idField, pickedField } from '../fields';
import { TRELLO_NODE_VERSION_WITHOUT_LEGACY_COMMENT } from '../versions';
import { addReaction } from './reactions';

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

/** A comment named by itself (its action), whatever card it is on: the card only narrows the picker. */
const COMMENT_ITSELF = { ...COMMENT, apiName: 'idAction' };
const PICKER_CARD = cardField({
	in: 'none',
	required: false,
	pickerOnly: true,
	description: 'Card whose comments are offered below. Not sent to Trello; not needed when the comment is given by ID.',
});

export const commentRows = trelloRowTable([
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
	{
		resource: 'comment',
		operation: 'getReactions',
		objectType: 'reaction',
		name: 'Get Reactions',
		action: 'Get the reactions to a comment',
		description: 'List the emoji reactions to a comment, one item per reaction with the emoji and the member who reacted',
		method: 'GET',
		path: '/1/actions/{idAction}/reactions',
		paging: { kind: 'all' },
		targets: [{ field: 'comment', kind: 'action' }],
		fields: [PICKER_BOARD_FIELD, PICKER_CARD, COMMENT_ITSELF],
	},
	{
		resource: 'comment',
		operation: 'addReaction',
		objectType: 'reaction',
		name: 'Add Reaction',
		action: 'React to a comment with an emoji',
		description: 'Add an emoji reaction to a comment as the connected account (e.g. 👍 to acknowledge). Returns the reaction with its id.',
		method: 'POST',
		path: '/1/actions/{idAction}/reactions',
		targets: [{ field: 'comment', kind: 'action' }],
		fields: [
			PICKER_BOARD_FIELD,
			PICKER_CARD,
			COMMENT_ITSELF,
			{
				displayName: 'Emoji',
				name: 'emoji',
				type: 'string',
				default: '',
				in: 'none',
				required: true,
				placeholder: 'thumbsup',
				description: 'The emoji itself (👍) or its short name as Trello’s emoji picker shows it (thumbsup, white_check_mark; colons optional)',
			},
		],
		handler: addReaction,
	},
	{
		resource: 'comment',
		operation: 'deleteReaction',
		name: 'Delete Reaction',
		action: 'Remove a reaction from a comment',
		description: 'Remove one reaction (by its id, from Get Reactions) from a comment',
		method: 'DELETE',
		path: '/1/actions/{idAction}/reactions/{id}',
		targets: [{ field: 'comment', kind: 'action' }],
		fields: [
			PICKER_BOARD_FIELD,
			PICKER_CARD,
			COMMENT_ITSELF,
			idField('reaction', 'Reaction ID', 'ID of the reaction to remove (the id of an item of Get Reactions)', { in: 'path', apiName: 'id' }),
		],
		shapeAnswer: (_body, values) => ({ deleted: true, id: values.reaction, idAction: values.comment }),
	},
]);
