import type { IDataObject } from 'n8n-workflow';

import { pathSegment } from '../../../credentials/requestGuard';
import type { TrelloPicker, TrelloPickerRun } from './pickerRunner';
import { byId, chosenId, trelloPicker } from './pickerRunner';

/**
 * The Trello pickers, one row each: whose list (the account's, or the board, card or checklist
 * chosen on the node), the request, and how an entry is shown; the typed filter looks in the shown
 * name. The exported names are the searchListMethod names saved workflows refer to.
 */

const BOARD = { parameters: ['board'] };
const CARD = { parameters: ['card'] };

function labelName(label: IDataObject): string {
	const name = String(label.name ?? '').trim();
	const color = label.color ? String(label.color) : 'no colour';
	return name ? `${name} (${color})` : `(${color})`;
}

/** Open boards the account can see. */
const BOARDS: TrelloPicker = {
	under: 'account',
	path: '/1/members/me/boards',
	qs: { filter: 'open', fields: 'name,url,shortLink' },
	item: (board) => ({ name: String(board.name), value: String(board.id), url: String(board.url) }),
};

const listsOf = (under: { parameters: string[] }): TrelloPicker => ({
	under,
	path: '/1/boards/{chosen}/lists',
	qs: { fields: 'name' },
	item: byId((list) => String(list.name)),
});

/** Open cards of the chosen board as "Card (List)"; one request: the board's open lists with their open cards. */
const CARDS: TrelloPicker = {
	under: BOARD,
	path: '/1/boards/{chosen}/lists',
	qs: { cards: 'open', card_fields: 'name,url', fields: 'name' },
	nested: { key: 'cards', parentName: 'listName' },
	item: (card) => ({ name: `${String(card.name)} (${String(card.listName)})`, value: String(card.id), url: card.url ? String(card.url) : undefined }),
};

/** Checklists (with their items when asked) of the chosen card, else of the chosen board. */
async function checklistsInView({ ctx, client }: TrelloPickerRun, withItems = false): Promise<IDataObject[]> {
	const card = chosenId(ctx, ['card']);
	const board = card ? '' : chosenId(ctx);
	if (!card && !board) return [];
	// A board's checklists come whole (Trello takes no field choice there).
	if (!card) return await client.request<IDataObject[]>({ method: 'GET', path: `/1/boards/${pathSegment(board)}/checklists` });
	return await client.request<IDataObject[]>({
		method: 'GET',
		path: `/1/cards/${pathSegment(card)}/checklists`,
		qs: withItems ? { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' } : { fields: 'name', checkItems: 'none' },
	});
}

const CHECKLISTS: TrelloPicker = {
	under: 'account',
	load: async (run) => ({ entries: await checklistsInView(run) }),
	item: byId((checklist) => String(checklist.name)),
};

/** Items of the chosen checklist, else of the chosen card's (or board's) checklists, as "Item (Checklist)". */
const CHECK_ITEMS: TrelloPicker = {
	under: 'account',
	load: async (run) => {
		const checklist = chosenId(run.ctx, ['checklist']);
		const checklists = checklist
			? [
					await run.client.request<IDataObject>({
						method: 'GET',
						path: `/1/checklists/${pathSegment(checklist)}`,
						qs: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' },
					}),
				]
			: await checklistsInView(run, true);
		return {
			entries: checklists.flatMap((list) =>
				((list.checkItems as IDataObject[] | undefined) ?? []).map((item) => ({ ...item, checklistName: list.name })),
			),
		};
	},
	item: byId((item) => `${String(item.name)} (${String(item.checklistName)}${item.state === 'complete' ? ', done' : ''})`),
};

const ATTACHMENTS: TrelloPicker = {
	under: CARD,
	path: '/1/cards/{chosen}/attachments',
	qs: { fields: 'name,url' },
	item: (attachment) => ({ name: String(attachment.name), value: String(attachment.id), url: attachment.url ? String(attachment.url) : undefined }),
};

/** Custom fields of the chosen board as "Name (type)". */
const CUSTOM_FIELDS: TrelloPicker = {
	under: BOARD,
	path: '/1/boards/{chosen}/customFields',
	item: byId((field) => `${String(field.name)} (${String(field.type)})`),
};

/** Options of the chosen list (dropdown) custom field, by their text. */
const CUSTOM_FIELD_OPTIONS: TrelloPicker = {
	under: { parameters: ['customField'] },
	path: '/1/customFields/{chosen}/options',
	item: byId((option) => String((option.value as IDataObject | undefined)?.text ?? option.id)),
};

/** The same fields with their names as values ("Custom Fields" on cards takes names). */
export const CUSTOM_FIELD_NAMES: TrelloPicker = {
	...CUSTOM_FIELDS,
	item: (field) => ({ name: `${String(field.name)} (${String(field.type)})`, value: String(field.name) }),
};

/** Comments on the chosen card, newest first, shown by author and the start of their text. */
const COMMENTS: TrelloPicker = {
	under: CARD,
	path: '/1/cards/{chosen}/actions',
	qs: { filter: 'commentCard' },
	item: byId((comment) => {
		const text = String((comment.data as IDataObject | undefined)?.text ?? '').replace(/\s+/g, ' ');
		const author = String((comment.memberCreator as IDataObject | undefined)?.username ?? 'someone');
		return `@${author}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
	}),
};

/** Labels of the chosen board, by name or colour. */
const LABELS: TrelloPicker = {
	under: BOARD,
	path: '/1/boards/{chosen}/labels',
	qs: { fields: 'name,color' },
	item: byId(labelName),
};

/** Members of the chosen board as "Full Name (@username)" (the board's members multi-select). */
export const BOARD_MEMBERS: TrelloPicker = {
	under: BOARD,
	path: '/1/boards/{chosen}/members',
	qs: { fields: 'fullName,username' },
	item: byId((member) => (member.fullName ? `${String(member.fullName)} (@${String(member.username)})` : `@${String(member.username)}`)),
};

/** Workspaces of the connected account (Trello's description offers only id and name as fields, so whole workspaces are read). */
const WORKSPACES: TrelloPicker = {
	under: 'account',
	path: '/1/members/me/organizations',
	item: (workspace) => ({
		name: String(workspace.displayName ?? workspace.name),
		value: String(workspace.id),
		url: workspace.url ? String(workspace.url) : undefined,
	}),
};

/** Unread notifications of the connected account, newest first, as "type: card (board)". */
const NOTIFICATIONS: TrelloPicker = {
	under: 'account',
	path: '/1/members/me/notifications',
	qs: { read_filter: 'unread', limit: 50 },
	item: byId((notification) => {
		const data = (notification.data ?? {}) as IDataObject;
		const about = [(data.card as IDataObject | undefined)?.name, (data.board as IDataObject | undefined)?.name].filter(Boolean);
		return `${String(notification.type)}${about.length ? `: ${about.join(' (')}${about.length > 1 ? ')' : ''}` : ''}`;
	}),
};

/** Webhooks of the connected token, by description or callback URL. */
const WEBHOOKS: TrelloPicker = {
	under: 'account',
	load: async ({ client }) => ({ entries: await client.tokenWebhooks() }),
	item: byId((webhook) => {
		const description = String(webhook.description ?? '').trim();
		const state = webhook.active === false ? ', inactive' : '';
		return description ? `${description} (${String(webhook.callbackURL)}${state})` : `${String(webhook.callbackURL)}${state ? ' (inactive)' : ''}`;
	}),
};

export const searchBoards = trelloPicker(BOARDS);
/** Open lists of the chosen board. */
export const searchLists = trelloPicker(listsOf(BOARD));
/** Lists a card can move to: of "Move to Board" when set, else of the chosen board. */
export const searchDestinationLists = trelloPicker(listsOf({ parameters: ['additionalFields.idBoard', 'idBoard', 'board'] }));
export const searchCards = trelloPicker(CARDS);
export const searchChecklists = trelloPicker(CHECKLISTS);
export const searchCheckItems = trelloPicker(CHECK_ITEMS);
export const searchAttachments = trelloPicker(ATTACHMENTS);
export const searchCustomFields = trelloPicker(CUSTOM_FIELDS);
export const searchCustomFieldOptions = trelloPicker(CUSTOM_FIELD_OPTIONS);
export const searchComments = trelloPicker(COMMENTS);
export const searchLabels = trelloPicker(LABELS);
export const searchWorkspaces = trelloPicker(WORKSPACES);
export const searchNotifications = trelloPicker(NOTIFICATIONS);
export const searchWebhooks = trelloPicker(WEBHOOKS);
