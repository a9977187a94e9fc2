import type { IDataObject } from 'n8n-workflow';

import type { ExpectedCall } from './support';
import { rl } from './support';

export const BOARD = '5f1d7e1c2b3a4f5e6d7c8b9a';
export const OTHER_BOARD = '5f1d7e1c2b3a4f5e6d7c8b00';
export const LIST = '60a1b2c3d4e5f60718293a4b';
export const OTHER_LIST = '60a1b2c3d4e5f60718293a00';
export const CARD = '61b2c3d4e5f60718293a4b5c';
export const LABEL = '62c3d4e5f60718293a4b5c6d';
export const OTHER_LABEL = '62c3d4e5f60718293a4b5c00';
export const CHECKLIST = '63d4e5f60718293a4b5c6d7e';
export const SOURCE_CHECKLIST = '63d4e5f60718293a4b5c6d00';
export const CHECK_ITEM = '64e5f60718293a4b5c6d7e8f';
export const MEMBER = '65f60718293a4b5c6d7e8f90';

export const card = { id: CARD, name: 'Write release notes', idList: LIST, idBoard: BOARD, url: 'https://trello.com/c/Xy12Ab34' };
const list = { id: LIST, name: 'Doing', idBoard: BOARD, closed: false, pos: 16384 };
const label = { id: LABEL, idBoard: BOARD, name: 'Urgent', color: 'red' };
const checklist = { id: CHECKLIST, name: 'QA', idCard: CARD, idBoard: BOARD, checkItems: [] };
const comment = { id: '66aa00000000000000000001', type: 'commentCard', data: { text: 'Shipped in 2.3', card: { id: CARD } } };

/**
 * One fixture per catalogue row: the node parameters, every request the operation must send (in
 * order, with its exact query) with Trello's answer, and the exact output items.
 */
export interface RowFixture {
	parameters: IDataObject;
	calls: ExpectedCall[];
	output: IDataObject[];
}

export const FIXTURES: Record<string, RowFixture> = {
	'attachment.getAll': {
		parameters: { card: rl(CARD, 'list'), returnAll: false, limit: 1, additionalFields: { fields: 'name,url' } },
		calls: [
			{
				method: 'GET',
				path: `/1/cards/${CARD}/attachments`,
				query: { fields: 'name,url' },
				reply: [
					{ id: '67a000000000000000000001', name: 'spec.pdf', url: 'https://trello.com/1/cards/x/attachments/1/download/spec.pdf' },
					{ id: '67a000000000000000000002', name: 'design', url: 'https://example.com/design' },
				],
			},
		],
		output: [{ id: '67a000000000000000000001', name: 'spec.pdf', url: 'https://trello.com/1/cards/x/attachments/1/download/spec.pdf' }],
	},
	'board.getAll': {
		parameters: { returnAll: false, limit: 2, additionalFields: { filter: 'open', fields: 'name,url' } },
		calls: [
			{
				method: 'GET',
				path: '/1/members/me/boards',
				query: { filter: 'open', fields: 'name,url' },
				reply: [
					{ id: BOARD, name: 'Team' },
					{ id: OTHER_BOARD, name: 'Ops' },
					{ id: '5f1d7e1c2b3a4f5e6d7c8b01', name: 'Old' },
				],
			},
		],
		output: [
			{ id: BOARD, name: 'Team' },
			{ id: OTHER_BOARD, name: 'Ops' },
		],
	},
	'board.get': {
		// A board given by its web address is resolved to its id through its short link.
		parameters: {
			board: rl('https://trello.com/b/AbCd1234/team-board', 'url'),
			additionalFields: { fields: 'name,desc,url' },
		},
		calls: [
			{ method: 'GET', path: '/1/boards/AbCd1234', query: { fields: 'id' }, reply: { id: BOARD } },
			{
				method: 'GET',
				path: `/1/boards/${BOARD}`,
				query: { fields: 'name,desc,url' },
				reply: { id: BOARD, name: 'Team', desc: '', url: 'https://trello.com/b/AbCd1234/team-board' },
			},
		],
		output: [{ id: BOARD, name: 'Team', desc: '', url: 'https://trello.com/b/AbCd1234/team-board' }],
	},
	'board.getLists': {
		parameters: { board: rl(BOARD, 'list'), returnAll: true, additionalFields: { filter: 'open' } },
		calls: [
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/lists`,
				query: { filter: 'open' },
				reply: [list, { ...list, id: OTHER_LIST, name: 'Done' }],
			},
		],
		output: [list, { ...list, id: OTHER_LIST, name: 'Done' }],
	},
	'board.getCards': {
		parameters: { board: rl(BOARD), returnAll: false, limit: 1 },
		calls: [{ method: 'GET', path: `/1/boards/${BOARD}/cards`, reply: [card, { ...card, id: 'x' }] }],
		output: [card],
	},
	'board.create': {
		parameters: {
			name: 'Launch',
			additionalFields: { desc: 'Q3 launch', defaultLists: false, prefs_permissionLevel: 'org' },
		},
		calls: [
			{
				method: 'POST',
				path: '/1/boards/',
				query: { name: 'Launch', desc: 'Q3 launch', defaultLists: 'false', prefs_permissionLevel: 'org' },
				reply: { id: BOARD, name: 'Launch' },
			},
		],
		output: [{ id: BOARD, name: 'Launch' }],
	},
	'card.create': {
		parameters: {
			board: rl(BOARD, 'list'),
			list: rl(LIST, 'list'),
			name: 'Write release notes',
			additionalFields: {
				desc: 'For **2.3**',
				pos: 'top',
				due: '2026-12-01T09:00:00.000Z',
				dueComplete: false,
				idLabels: [LABEL, OTHER_LABEL],
				idMembers: [MEMBER],
			},
		},
		calls: [
			{
				method: 'POST',
				path: '/1/cards',
				query: {
					idList: LIST,
					name: 'Write release notes',
					desc: 'For **2.3**',
					pos: 'top',
					due: '2026-12-01T09:00:00.000Z',
					dueComplete: 'false',
					idLabels: `${LABEL},${OTHER_LABEL}`,
					idMembers: MEMBER,
				},
				reply: card,
			},
		],
		output: [card],
	},
	'card.get': {
		parameters: {
			card: rl('https://trello.com/c/Xy12Ab34/7-release-notes', 'url'),
			additionalFields: { fields: 'name,idList', checklists: 'all', members: true },
		},
		calls: [
			{
				method: 'GET',
				path: '/1/cards/Xy12Ab34',
				query: { fields: 'name,idList', checklists: 'all', members: 'true' },
				reply: { id: CARD, name: card.name, idList: LIST, checklists: [], members: [] },
			},
		],
		output: [{ id: CARD, name: card.name, idList: LIST, checklists: [], members: [] }],
	},
	'card.update': {
		// Moving to another board given by address: the short link is resolved first.
		parameters: {
			card: rl(CARD),
			additionalFields: {
				name: 'Release notes (final)',
				dueComplete: true,
				closed: false,
				pos: 'bottom',
				idLabels: LABEL,
				idList: rl(OTHER_LIST),
				idBoard: rl('https://trello.com/b/Zz98Yy76/ops', 'url'),
			},
		},
		calls: [
			{ method: 'GET', path: '/1/boards/Zz98Yy76', query: { fields: 'id' }, reply: { id: OTHER_BOARD } },
			{
				method: 'PUT',
				path: `/1/cards/${CARD}`,
				query: {
					name: 'Release notes (final)',
					dueComplete: 'true',
					closed: 'false',
					pos: 'bottom',
					idLabels: LABEL,
					idList: OTHER_LIST,
					idBoard: OTHER_BOARD,
				},
				reply: { ...card, idList: OTHER_LIST, idBoard: OTHER_BOARD, dueComplete: true },
			},
		],
		output: [{ ...card, idList: OTHER_LIST, idBoard: OTHER_BOARD, dueComplete: true }],
	},
	'card.archive': {
		parameters: { card: rl(CARD) },
		calls: [{ method: 'PUT', path: `/1/cards/${CARD}`, query: { closed: 'true' }, reply: { ...card, closed: true } }],
		output: [{ ...card, closed: true }],
	},
	'card.delete': {
		parameters: { card: rl(CARD, 'list') },
		calls: [{ method: 'DELETE', path: `/1/cards/${CARD}`, reply: { limits: {} } }],
		output: [{ deleted: true, id: CARD }],
	},
	'list.get': {
		parameters: { list: rl(LIST), additionalFields: { fields: 'name,idBoard' } },
		calls: [{ method: 'GET', path: `/1/lists/${LIST}`, query: { fields: 'name,idBoard' }, reply: list }],
		output: [list],
	},
	'list.create': {
		parameters: { board: rl(BOARD), name: 'Doing', additionalFields: { pos: 'top' } },
		calls: [{ method: 'POST', path: '/1/lists', query: { idBoard: BOARD, name: 'Doing', pos: 'top' }, reply: list }],
		output: [list],
	},
	'list.update': {
		parameters: { list: rl(LIST), additionalFields: { name: 'Done', closed: true, pos: '32768' } },
		calls: [
			{
				method: 'PUT',
				path: `/1/lists/${LIST}`,
				query: { name: 'Done', closed: 'true', pos: '32768' },
				reply: { ...list, name: 'Done', closed: true },
			},
		],
		output: [{ ...list, name: 'Done', closed: true }],
	},
	'list.getCards': {
		parameters: { list: rl(LIST, 'list'), returnAll: true },
		calls: [{ method: 'GET', path: `/1/lists/${LIST}/cards`, reply: [card, { ...card, id: 'second' }] }],
		output: [card, { ...card, id: 'second' }],
	},
	'comment.addToCard': {
		// Characters that URL and OAuth encodings treat differently, to prove the signature covers them.
		parameters: { card: rl(CARD, 'list'), text: "Shipped! (v2.3) — 100% done * it's live & tagged + noted" },
		calls: [
			{
				method: 'POST',
				path: `/1/cards/${CARD}/actions/comments`,
				query: { text: "Shipped! (v2.3) — 100% done * it's live & tagged + noted" },
				reply: comment,
			},
		],
		output: [comment],
	},
	'comment.add': {
		parameters: { cardId: CARD, text: 'Shipped in 2.3' },
		calls: [
			{ method: 'POST', path: `/1/cards/${CARD}/actions/comments`, query: { text: 'Shipped in 2.3' }, reply: comment },
		],
		output: [comment],
	},
	'checklist.get': {
		parameters: { checklist: CHECKLIST, additionalFields: { checkItems: 'all' } },
		calls: [{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, query: { checkItems: 'all' }, reply: checklist }],
		output: [checklist],
	},
	'checklist.create': {
		parameters: {
			card: rl(CARD),
			name: 'QA',
			additionalFields: { pos: 'bottom', idChecklistSource: SOURCE_CHECKLIST },
		},
		calls: [
			{
				method: 'POST',
				path: '/1/checklists',
				query: { idCard: CARD, name: 'QA', pos: 'bottom', idChecklistSource: SOURCE_CHECKLIST },
				reply: checklist,
			},
		],
		output: [checklist],
	},
	'checklist.addItem': {
		parameters: {
			checklist: CHECKLIST,
			name: 'Smoke test',
			additionalFields: { checked: true, pos: 'top', due: '2026-12-02T10:00:00.000Z' },
		},
		calls: [
			{
				method: 'POST',
				path: `/1/checklists/${CHECKLIST}/checkItems`,
				query: { name: 'Smoke test', checked: 'true', pos: 'top', due: '2026-12-02T10:00:00.000Z' },
				reply: { id: CHECK_ITEM, name: 'Smoke test', state: 'complete' },
			},
		],
		output: [{ id: CHECK_ITEM, name: 'Smoke test', state: 'complete' }],
	},
	'checklist.updateItem': {
		parameters: {
			card: rl(CARD),
			checkItem: CHECK_ITEM,
			additionalFields: { state: 'incomplete', name: 'Smoke test (again)', pos: '2' },
		},
		calls: [
			{
				method: 'PUT',
				path: `/1/cards/${CARD}/checkItem/${CHECK_ITEM}`,
				query: { state: 'incomplete', name: 'Smoke test (again)', pos: '2' },
				reply: { id: CHECK_ITEM, name: 'Smoke test (again)', state: 'incomplete', pos: 2 },
			},
		],
		output: [{ id: CHECK_ITEM, name: 'Smoke test (again)', state: 'incomplete', pos: 2 }],
	},
	'label.get': {
		parameters: { label: rl(LABEL, 'list'), additionalFields: { fields: 'name,color' } },
		calls: [{ method: 'GET', path: `/1/labels/${LABEL}`, query: { fields: 'name,color' }, reply: label }],
		output: [label],
	},
	'label.getAll': {
		// "All" asks for Trello's largest page; without it Trello answers with 50 labels.
		parameters: { board: rl(BOARD), returnAll: true },
		calls: [
			{
				method: 'GET',
				path: `/1/boards/${BOARD}/labels`,
				query: { limit: '1000' },
				reply: [label, { ...label, id: OTHER_LABEL, name: 'Later', color: 'sky' }],
			},
		],
		output: [label, { ...label, id: OTHER_LABEL, name: 'Later', color: 'sky' }],
	},
	'label.create': {
		parameters: { board: rl(BOARD, 'list'), name: 'Urgent', color: 'red' },
		calls: [
			{ method: 'POST', path: '/1/labels', query: { idBoard: BOARD, name: 'Urgent', color: 'red' }, reply: label },
		],
		output: [label],
	},
	'label.addToCard': {
		parameters: { card: rl(CARD), label: rl(LABEL, 'list') },
		calls: [
			{ method: 'POST', path: `/1/cards/${CARD}/idLabels`, query: { value: LABEL }, reply: [OTHER_LABEL, LABEL] },
		],
		output: [{ id: CARD, idLabels: [OTHER_LABEL, LABEL] }],
	},
	'label.removeFromCard': {
		parameters: { card: rl(CARD), label: rl(LABEL) },
		calls: [{ method: 'DELETE', path: `/1/cards/${CARD}/idLabels/${LABEL}`, reply: { _value: null } }],
		output: [{ removed: true, id: CARD, idLabel: LABEL }],
	},
};
