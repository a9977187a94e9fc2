import type { FieldSet } from '../../shared/simplify';
import { namesOf } from '../../shared/simplify';

/** The simplified Trello objects, one field set per object type (see docs/agents.md). */
export const TRELLO_FIELD_SETS: Record<string, FieldSet> = {
	card: {
		id: 'id',
		name: 'name',
		url: 'shortUrl',
		idList: 'idList',
		closed: 'closed',
		due: 'due',
		labels: namesOf('labels', 'name'),
		desc: 'desc',
		// Only there when custom fields were asked for (by field name, typed).
		customFields: 'customFields',
	},
	board: { id: 'id', name: 'name', url: 'shortUrl', closed: 'closed', desc: 'desc' },
	list: { id: 'id', name: 'name', idBoard: 'idBoard', closed: 'closed', pos: 'pos' },
	checklist: {
		id: 'id',
		name: 'name',
		idCard: 'idCard',
		items: (raw) =>
			Array.isArray(raw.checkItems)
				? (raw.checkItems as Array<{ id?: string; name?: string; state?: string }>).map(({ id, name, state }) => ({ id, name, state }))
				: undefined,
	},
	label: { id: 'id', name: 'name', color: 'color', idBoard: 'idBoard' },
	action: {
		id: 'id',
		type: 'type',
		date: 'date',
		author: 'memberCreator.username',
		text: 'data.text',
		idCard: 'data.card.id',
		card: 'data.card.name',
	},
	attachment: { id: 'id', name: 'name', url: 'url', mimeType: 'mimeType', date: 'date' },
	member: { id: 'id', username: 'username', fullName: 'fullName' },
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
	workspace: { id: 'id', name: 'displayName', shortName: 'name', url: 'url', desc: 'desc' },
	webhook: {
		id: 'id',
		description: 'description',
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
		card: 'data.card.name',
		board: 'data.board.name',
		text: 'data.text',
	},
};
