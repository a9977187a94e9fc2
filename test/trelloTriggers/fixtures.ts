/**
 * Trello webhook deliveries shaped like the ones Trello sends: `{ model, action, webhook }`, with the
 * action's `data`, `display` and `memberCreator` as Trello fills them for each action type.
 */
import type { IDataObject } from 'n8n-workflow';

export const BOARD = { id: '5f2b8c1e9d3a4b0012a1b001', name: 'Product Roadmap', shortLink: 'Rm4pXk2Q' };
export const OTHER_BOARD = { id: '5f2b8c1e9d3a4b0012a1b002', name: 'Support Queue', shortLink: 'Sq7hTt1W' };
export const TODO = { id: '5f2b8c1e9d3a4b0012a1c010', name: 'To Do' };
export const DOING = { id: '5f2b8c1e9d3a4b0012a1c011', name: 'Doing' };
export const DONE = { id: '5f2b8c1e9d3a4b0012a1c012', name: 'Done' };
export const CARD = { id: '6571a0c4e2f1b2003d9e7a01', name: 'Write release notes', idShort: 42, shortLink: 'Qz81LmNa' };
export const OTHER_CARD = { id: '6571a0c4e2f1b2003d9e7a02', name: 'Fix login bug', idShort: 43, shortLink: 'Pp20KkMb' };
export const LABEL = { id: '5f2b8c1e9d3a4b0012a1d020', name: 'Urgent', color: 'red' };
export const ME = { id: '5a1e2f3a4b5c6d7e8f901234', username: 'alexkim', fullName: 'Alex Kim' };
export const TEAMMATE = { id: '5a1e2f3a4b5c6d7e8f905678', username: 'samlee', fullName: 'Sam Lee' };

const MEMBER_CREATOR = {
	id: ME.id,
	activityBlocked: false,
	avatarHash: 'a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9',
	avatarUrl: 'https://trello-members.s3.amazonaws.com/5a1e2f3a4b5c6d7e8f901234/a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9',
	fullName: ME.fullName,
	idMemberReferrer: null,
	initials: 'AK',
	nonPublic: {},
	nonPublicAvailable: true,
	username: ME.username,
};

export const BOARD_MODEL = {
	id: BOARD.id,
	name: BOARD.name,
	desc: 'What ships this quarter',
	descData: null,
	closed: false,
	idOrganization: '5f2b8c1e9d3a4b0012a1a000',
	idEnterprise: null,
	pinned: false,
	url: `https://trello.com/b/${BOARD.shortLink}/product-roadmap`,
	shortUrl: `https://trello.com/b/${BOARD.shortLink}`,
	prefs: { permissionLevel: 'org', voting: 'disabled', comments: 'members', background: 'blue', backgroundColor: '#0079BF' },
	labelNames: { green: '', yellow: '', orange: '', red: 'Urgent', purple: '', blue: '' },
};

export const MEMBER_MODEL = {
	id: ME.id,
	avatarHash: MEMBER_CREATOR.avatarHash,
	fullName: ME.fullName,
	initials: 'AK',
	username: ME.username,
	url: `https://trello.com/${ME.username}`,
};

const boardRef = { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink };

let counter = 0;
function actionId(): string {
	counter += 1;
	return `65a1f0c2${counter.toString(16).padStart(16, '0')}`;
}

function action(type: string, data: IDataObject, translationKey: string): IDataObject {
	return {
		id: actionId(),
		idMemberCreator: ME.id,
		data,
		appCreator: null,
		type,
		date: '2026-11-21T14:03:27.512Z',
		limits: null,
		display: { translationKey, entities: {} },
		memberCreator: MEMBER_CREATOR,
	};
}

export function delivery(actionBody: IDataObject, model: IDataObject = BOARD_MODEL, callbackURL = 'https://n8n.example.test/webhook/harness-webhook-id/webhook'): IDataObject {
	return {
		model,
		action: actionBody,
		webhook: {
			id: '65a1f0c2aaaaaaaaaaaa0001',
			description: 'n8n Trello Trigger',
			idModel: model.id,
			callbackURL,
			active: true,
			consecutiveFailures: 0,
			firstConsecutiveFailDate: null,
		},
	};
}

export const actions = {
	cardCreated: () =>
		action('createCard', { card: { ...CARD, idList: TODO.id }, list: TODO, board: boardRef }, 'action_create_card'),
	cardRenamed: () =>
		action(
			'updateCard',
			{ card: { ...CARD, idList: TODO.id }, old: { name: 'Draft release notes' }, board: boardRef, list: TODO },
			'action_renamed_card',
		),
	cardDueChanged: () =>
		action(
			'updateCard',
			{ card: { ...CARD, due: '2026-12-01T17:00:00.000Z', idList: TODO.id }, old: { due: null }, board: boardRef, list: TODO },
			'action_added_a_due_date',
		),
	cardMoved: (from = TODO, to = DOING) =>
		action(
			'updateCard',
			{ card: { ...CARD, idList: to.id }, old: { idList: from.id }, board: boardRef, listBefore: from, listAfter: to },
			'action_move_card_from_list_to_list',
		),
	cardArchived: () =>
		action(
			'updateCard',
			{ card: { ...CARD, closed: true, idList: DONE.id }, old: { closed: false }, board: boardRef, list: DONE },
			'action_archived_card',
		),
	commentAdded: (card = CARD) =>
		action(
			'commentCard',
			{ text: 'Shipping this on Friday – please review', textData: { emoji: {} }, card, board: boardRef, list: TODO },
			'action_comment_on_card',
		),
	labelAdded: () =>
		action('addLabelToCard', { board: boardRef, card: CARD, label: LABEL, text: LABEL.name, value: LABEL.color }, 'action_add_label_to_card'),
	labelCreated: () => action('createLabel', { board: boardRef, label: LABEL }, 'action_create_label'),
	checklistAdded: () =>
		action(
			'addChecklistToCard',
			{ board: boardRef, card: CARD, checklist: { id: '6571a0c4e2f1b2003d9e7b10', name: 'Launch steps' } },
			'action_add_checklist_to_card',
		),
	checkItemCompleted: () =>
		action(
			'updateCheckItemStateOnCard',
			{
				board: boardRef,
				card: CARD,
				checklist: { id: '6571a0c4e2f1b2003d9e7b10', name: 'Launch steps' },
				checkItem: { id: '6571a0c4e2f1b2003d9e7b11', name: 'Tag the release', state: 'complete', textData: { emoji: {} } },
			},
			'action_completed_checkitem',
		),
	attachmentAdded: () =>
		action(
			'addAttachmentToCard',
			{
				board: boardRef,
				list: TODO,
				card: CARD,
				attachment: {
					id: '6571a0c4e2f1b2003d9e7c20',
					name: 'release-notes.pdf',
					url: 'https://trello.com/1/cards/6571a0c4e2f1b2003d9e7a01/attachments/6571a0c4e2f1b2003d9e7c20/download/release-notes.pdf',
					previewUrl: null,
				},
			},
			'action_add_attachment_to_card',
		),
	memberAdded: () =>
		action(
			'addMemberToCard',
			{ board: boardRef, card: CARD, idMember: TEAMMATE.id, member: { id: TEAMMATE.id, name: TEAMMATE.fullName } },
			'action_added_member_to_card',
		),
	listCreated: () => action('createList', { list: { id: DONE.id, name: DONE.name }, board: boardRef }, 'action_added_list_to_board'),
	boardCreated: () =>
		action(
			'createBoard',
			{ board: { id: OTHER_BOARD.id, name: OTHER_BOARD.name, shortLink: OTHER_BOARD.shortLink }, organization: { id: '5f2b8c1e9d3a4b0012a1a000', name: 'Acme' } },
			'action_create_board',
		),
};

export type ActionName = keyof typeof actions;
