/**
 * n8n's Trello node (n8n-nodes-base.trello, typeVersion 1), operation by operation, as this
 * package's Trello node or Trello API Call node.
 */
import type { OperationMapping } from './mapping';
import { apiCallParameters } from './mapping';
import type { Json, JsonObject } from './types';
import type { N8nParameters } from './values';
import { compact, idLocator, isExpression, pathOf, readLocator, renameKeys, toLocator } from './values';

const RAW = { simplify: false };
const TRELLO_MODES = ['list', 'url', 'id'];

const locatorOf = (p: N8nParameters, name: string) => toLocator(p.locator(name), TRELLO_MODES, 'id') as unknown as Json;
const idOf = (p: N8nParameters, name: string) => idLocator(p.get(name)) as unknown as Json;
const textOf = (p: N8nParameters, name: string) => String(readLocator(p.get(name)).value);

/** n8n's comma-separated member and label ids; this node's multi-select takes a list (or an expression). */
function idList(value: Json | undefined): Json {
	if (value === undefined || value === null || value === '') return [];
	if (Array.isArray(value) || isExpression(value)) return value;
	return String(value)
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
}

const POSITIONS = ['top', 'bottom'];

function cardFields(source: JsonObject, notes: string[], where: string): JsonObject {
	const fields = renameKeys(
		source,
		{
			desc: 'desc',
			due: 'due',
			dueComplete: 'dueComplete',
			pos: 'pos',
			idMembers: 'idMembers',
			idLabels: 'idLabels',
			urlSource: 'urlSource',
			closed: 'closed',
			name: 'name',
			subscribed: 'subscribed',
			idList: 'idList',
			idBoard: 'idBoard',
		},
		notes,
		where,
	);
	if ('idMembers' in fields) fields.idMembers = idList(fields.idMembers);
	if ('idLabels' in fields) fields.idLabels = idList(fields.idLabels);
	if ('idList' in fields) fields.idList = idLocator(fields.idList) as unknown as Json;
	if ('idBoard' in fields) fields.idBoard = idLocator(fields.idBoard) as unknown as Json;
	if ('pos' in fields && !POSITIONS.includes(String(fields.pos)) && !isExpression(fields.pos)) {
		notes.push(`${where} "pos" was "${String(fields.pos)}"; this node offers top or bottom, so it was left out (the card goes to the bottom)`);
		delete fields.pos;
	}
	return fields;
}

const trelloPath = (template: string, values: Record<string, string | number>) => pathOf(`/1${template}`, values);

export const TRELLO_MAPPINGS: OperationMapping[] = [
	// ----- attachment
	{
		from: 'attachment.create',
		to: { resource: 'attachment', operation: 'attachUrl' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'cardId'),
			url: p.get('url') ?? '',
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { name: 'name', mimeType: null }, notes, 'Additional field'),
		}),
	},
	{
		from: 'attachment.delete',
		to: { resource: 'attachment', operation: 'delete' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), attachment: idOf(p, 'id') }),
	},
	{
		from: 'attachment.get',
		to: { resource: 'attachment', operation: 'get' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'cardId'),
			attachment: idOf(p, 'id'),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'attachment.getAll',
		to: { resource: 'attachment', operation: 'getAll' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'cardId'),
			returnAll: true,
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	// ----- board
	{
		from: 'board.create',
		to: { resource: 'board', operation: 'create' },
		convert: (p, notes) => ({
			name: p.get('name') ?? '',
			...RAW,
			additionalFields: compact({
				desc: p.get('description') as Json,
				...renameKeys(
					p.object('additionalFields'),
					{ defaultLabels: 'defaultLabels', defaultLists: 'defaultLists', idOrganization: 'idOrganization', prefs_permissionLevel: 'prefs_permissionLevel' },
					notes,
					'Additional field',
				),
			}),
		}),
	},
	{ from: 'board.delete', to: { resource: 'board', operation: 'delete' }, convert: (p) => ({ board: locatorOf(p, 'id') }) },
	{
		from: 'board.get',
		to: { resource: 'board', operation: 'get' },
		convert: (p, notes) => ({
			board: locatorOf(p, 'id'),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'board.update',
		to: { resource: 'board', operation: 'update' },
		convert: (p, notes) => ({
			board: locatorOf(p, 'id'),
			...RAW,
			additionalFields: renameKeys(p.object('updateFields'), { desc: 'desc', name: 'name', subscribed: 'subscribed' }, notes, 'Update field'),
		}),
	},
	// ----- board member
	{
		from: 'boardMember.add',
		to: { resource: 'board', operation: 'addMember' },
		convert: (p, notes) => {
			if (p.object('additionalFields').allowBillableGuest === true) notes.push('"Allow Billable Guest" has no counterpart here; add the member from Trello if they are a billable guest');
			return { board: idOf(p, 'id'), member: textOf(p, 'idMember'), type: p.get('type') ?? 'normal' };
		},
	},
	{
		from: 'boardMember.getAll',
		to: { resource: 'board', operation: 'getMembers' },
		convert: (p) => ({ board: idOf(p, 'id'), ...(p.get('returnAll') === true ? { returnAll: true } : { returnAll: false, limit: p.get('limit') ?? 20 }), ...RAW }),
	},
	{
		from: 'boardMember.invite',
		to: { resource: 'board', operation: 'inviteMember' },
		convert: (p, notes) => {
			const extra = p.object('additionalFields');
			if (extra.fullName) notes.push('the invitee’s "Full Name" has no counterpart here; Trello takes the name from their account');
			return { board: idOf(p, 'id'), email: p.get('email') ?? '', additionalFields: compact({ type: extra.type }) };
		},
	},
	{
		from: 'boardMember.remove',
		to: { resource: 'board', operation: 'removeMember' },
		convert: (p) => ({ board: idOf(p, 'id'), member: textOf(p, 'idMember') }),
	},
	// ----- card
	{
		from: 'card.create',
		to: { resource: 'card', operation: 'create' },
		convert: (p, notes) => ({
			list: idOf(p, 'listId'),
			name: p.get('name') ?? '',
			...RAW,
			additionalFields: cardFields({ ...compact({ desc: p.get('description') as Json }), ...p.object('additionalFields') }, notes, 'Additional field'),
		}),
	},
	{ from: 'card.delete', to: { resource: 'card', operation: 'delete' }, convert: (p) => ({ card: locatorOf(p, 'id') }) },
	{
		from: 'card.get',
		to: { resource: 'card', operation: 'get' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'id'),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields', customFieldItems: 'customFieldItems', members: 'members' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'card.update',
		to: { resource: 'card', operation: 'update' },
		convert: (p, notes) => ({ card: locatorOf(p, 'id'), ...RAW, additionalFields: cardFields(p.object('updateFields'), notes, 'Update field') }),
	},
	// ----- card comment
	{
		from: 'cardComment.create',
		to: { resource: 'comment', operation: 'addToCard' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), text: p.get('text') ?? '', ...RAW }),
	},
	{
		from: 'cardComment.delete',
		to: { resource: 'comment', operation: 'delete' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), comment: idOf(p, 'commentId') }),
	},
	{
		from: 'cardComment.update',
		to: { resource: 'comment', operation: 'update' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), comment: idOf(p, 'commentId'), text: p.get('text') ?? '', ...RAW }),
	},
	// ----- checklist
	{
		from: 'checklist.create',
		to: { resource: 'checklist', operation: 'create' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'cardId'),
			name: p.get('name') ?? '',
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { idChecklistSource: 'idChecklistSource', pos: 'pos' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'checklist.createCheckItem',
		to: { resource: 'checklist', operation: 'addItem' },
		convert: (p, notes) => ({
			checklist: idOf(p, 'checklistId'),
			name: p.get('name') ?? '',
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { checked: 'checked', pos: 'pos' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'checklist.delete',
		to: { resource: 'checklist', operation: 'delete' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), checklist: idOf(p, 'id') }),
	},
	{
		from: 'checklist.deleteCheckItem',
		to: 'apiCall',
		convert: (p) =>
			apiCallParameters({ method: 'DELETE', endpoint: trelloPath('/cards/{card}/checkItem/{item}', { card: textOf(p, 'cardId'), item: textOf(p, 'checkItemId') }) }),
	},
	{
		from: 'checklist.get',
		to: { resource: 'checklist', operation: 'get' },
		convert: (p, notes) => ({
			checklist: idOf(p, 'id'),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'checklist.getCheckItem',
		to: 'apiCall',
		convert: (p) =>
			apiCallParameters({
				method: 'GET',
				endpoint: trelloPath('/cards/{card}/checkItem/{item}', { card: textOf(p, 'cardId'), item: textOf(p, 'checkItemId') }),
				query: { fields: p.object('additionalFields').fields },
			}),
	},
	{
		from: 'checklist.completedCheckItems',
		to: 'apiCall',
		convert: (p) =>
			apiCallParameters({
				method: 'GET',
				endpoint: trelloPath('/cards/{card}/checkItemStates', { card: textOf(p, 'cardId') }),
				query: { fields: p.object('additionalFields').fields },
			}),
	},
	{
		from: 'checklist.getAll',
		to: { resource: 'checklist', operation: 'getAllOnCard' },
		convert: (p, notes) => {
			if (p.object('additionalFields').fields) notes.push('"Fields" of Checklist → Get Many has no counterpart here: every field is returned');
			return { card: locatorOf(p, 'cardId'), returnAll: true, ...RAW, additionalFields: {} };
		},
	},
	{
		from: 'checklist.updateCheckItem',
		to: { resource: 'checklist', operation: 'updateItem' },
		convert: (p, notes) => ({
			card: locatorOf(p, 'cardId'),
			checkItem: idOf(p, 'checkItemId'),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { name: 'name', state: 'state', pos: 'pos' }, notes, 'Additional field'),
		}),
	},
	// ----- label
	{
		from: 'label.addLabel',
		to: { resource: 'label', operation: 'addToCard' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), label: idOf(p, 'id') }),
	},
	{
		from: 'label.create',
		to: { resource: 'label', operation: 'create' },
		convert: (p, notes) => {
			const color = p.get('color') ?? 'null';
			if (color === 'null') notes.push('a label without colour cannot be created here: the label is created green; change the colour in the node');
			return { board: locatorOf(p, 'boardId'), name: p.get('name') ?? '', color: color === 'null' ? 'green' : color, ...RAW };
		},
	},
	{ from: 'label.delete', to: { resource: 'label', operation: 'delete' }, convert: (p) => ({ label: idOf(p, 'id') }) },
	{
		from: 'label.get',
		to: { resource: 'label', operation: 'get' },
		convert: (p, notes) => ({ label: idOf(p, 'id'), ...RAW, additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field') }),
	},
	{
		from: 'label.getAll',
		to: { resource: 'label', operation: 'getAll' },
		convert: (p, notes) => ({
			board: locatorOf(p, 'boardId'),
			returnAll: true,
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'label.removeLabel',
		to: { resource: 'label', operation: 'removeFromCard' },
		convert: (p) => ({ card: locatorOf(p, 'cardId'), label: idOf(p, 'id') }),
	},
	{
		from: 'label.update',
		to: { resource: 'label', operation: 'update' },
		convert: (p, notes) => ({ label: idOf(p, 'id'), ...RAW, additionalFields: renameKeys(p.object('updateFields'), { name: 'name', color: 'color' }, notes, 'Update field') }),
	},
	// ----- list
	{
		from: 'list.archive',
		to: { resource: 'list', operation: 'archive' },
		convert: (p) => {
			const archive = p.get('archive') ?? false;
			if (isExpression(archive)) {
				return {
					...apiCallParameters({ method: 'PUT', endpoint: trelloPath('/lists/{list}/closed', { list: textOf(p, 'id') }), query: { value: archive } }),
					apiCall: true,
				};
			}
			return { list: idOf(p, 'id'), ...RAW, operation: archive === true ? 'archive' : 'unarchive' };
		},
	},
	{
		from: 'list.create',
		to: { resource: 'list', operation: 'create' },
		convert: (p, notes) => ({
			board: idOf(p, 'idBoard'),
			name: p.get('name') ?? '',
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { idListSource: 'idListSource', pos: 'pos' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'list.get',
		to: { resource: 'list', operation: 'get' },
		convert: (p, notes) => ({ list: idOf(p, 'id'), ...RAW, additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field') }),
	},
	{
		from: 'list.getCards',
		to: { resource: 'list', operation: 'getCards' },
		convert: (p, notes) => {
			if (p.object('additionalFields').fields) notes.push('"Fields" of List → Get Cards has no counterpart here: every field is returned');
			return { list: idOf(p, 'id'), ...(p.get('returnAll') === true ? { returnAll: true } : { returnAll: false, limit: p.get('limit') ?? 20 }), ...RAW, additionalFields: {} };
		},
	},
	{
		from: 'list.getAll',
		to: { resource: 'list', operation: 'getAll' },
		convert: (p, notes) => ({
			board: idOf(p, 'id'),
			...(p.get('returnAll') === true ? { returnAll: true } : { returnAll: false, limit: p.get('limit') ?? 20 }),
			...RAW,
			additionalFields: renameKeys(p.object('additionalFields'), { fields: 'fields' }, notes, 'Additional field'),
		}),
	},
	{
		from: 'list.update',
		to: { resource: 'list', operation: 'update' },
		convert: (p, notes) => {
			const fields = renameKeys(p.object('updateFields'), { idBoard: 'idBoard', closed: 'closed', name: 'name', pos: 'pos', subscribed: 'subscribed' }, notes, 'Update field');
			if ('idBoard' in fields) fields.idBoard = idLocator(fields.idBoard) as unknown as Json;
			return { list: idOf(p, 'id'), ...RAW, additionalFields: fields };
		},
	},
];

