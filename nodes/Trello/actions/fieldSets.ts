import type { FieldSet } from '../../shared/simplify';
import { bodyText, markdownText, namesOf, plainText } from '../../shared/simplify';

/**
 * The simplified Trello objects, one field set per object type (see docs/agents.md). Fields that
 * carry text written by a person are marked markdownText, bodyText or plainText: hidden text is removed
 * from them; bodyText (a body or description beside a title or name) is left out of compact tables.
 */
export const TRELLO_FIELD_SETS: Record<string, FieldSet> = {
	card: {
		id: 'id',
		name: plainText('name'),
		url: 'shortUrl',
		idList: 'idList',
		closed: 'closed',
		due: 'due',
		labels: namesOf('labels', 'name'),
		desc: bodyText('desc'),
		// Only there when custom fields were asked for (by field name, typed).
		customFields: 'customFields',
	},
	board: { id: 'id', name: plainText('name'), url: 'shortUrl', closed: 'closed', desc: bodyText('desc') },
	list: { id: 'id', name: plainText('name'), idBoard: 'idBoard', closed: 'closed', pos: 'pos' },
	checklist: {
		id: 'id',
		name: plainText('name'),
		idCard: 'idCard',
		items: plainText((raw) =>
			Array.isArray(raw.checkItems)
				? (raw.checkItems as Array<{ id?: string; name?: string; state?: string }>).map(({ id, name, state }) => ({ id, name, state }))
				: undefined),
	},
	checkItem: { id: 'id', name: plainText('name'), state: 'state', idChecklist: 'idChecklist', due: 'due' },
	label: { id: 'id', name: 'name', color: 'color', idBoard: 'idBoard' },
	action: {
		id: 'id',
		type: 'type',
		date: 'date',
		author: 'memberCreator.username',
		text: markdownText('data.text'),
		idCard: 'data.card.id',
		card: plainText('data.card.name'),
	},
	attachment: { id: 'id', name: plainText('name'), url: 'url', mimeType: 'mimeType', date: 'date' },
	member: { id: 'id', username: 'username', fullName: plainText('fullName') },
	customField: {
		id: 'id',
		name: 'name',
		type: 'type',
		idBoard: 'idModel',
		options: (raw) =>
			Array.isArray(raw.options)
				? (raw.options as Array<{ id?: string; value?: { text?: string } }>).map(({ id, value }) => ({ id, name: value?.text }))
				: undefined,
	},
	customFieldOption: { id: 'id', text: plainText('value.text'), color: 'color', pos: 'pos', idCustomField: 'idCustomField' },
	reaction: { id: 'id', emoji: 'emoji.native', shortName: 'emoji.shortName', idMember: 'idMember', member: 'member.username', idAction: 'idModel' },
	workspace: { id: 'id', name: plainText('displayName'), shortName: 'name', url: 'url', desc: bodyText('desc') },
	webhook: {
		id: 'id',
		description: plainText('description'),
		callbackURL: 'callbackURL',
		idModel: 'idModel',
		active: 'active',
		consecutiveFailures: 'consecutiveFailures',
	},
	notification: {
		id: 'id',
		type: 'type',
		date: 'date',
		unread: 'unread',
		author: 'memberCreator.username',
		card: plainText('data.card.name'),
		board: plainText('data.board.name'),
		text: markdownText('data.text'),
	},
};
