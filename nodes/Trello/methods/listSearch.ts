import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { pathSegment } from '../../shared/requestGuard';
import { TrelloClient } from '../transport';

/** Open boards the account can see, filtered by name. */
export async function searchBoards(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new TrelloClient(this);
	const boards = await client.request<IDataObject[]>({
		method: 'GET',
		path: '/1/members/me/boards',
		qs: { filter: 'open', fields: 'name,url,shortLink' },
	});
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: boards
			.filter((board) => !wanted || String(board.name).toLowerCase().includes(wanted))
			.map((board) => ({ name: String(board.name), value: String(board.id), url: String(board.url) })),
	};
}

/** The board chosen on the node (or the first of `names` that is set), or '' if none. */
export function chosenBoard(ctx: ILoadOptionsFunctions, names: string[] = ['board']): string {
	for (const name of names) {
		try {
			const value = ctx.getCurrentNodeParameter(name, { extractValue: true });
			const text = typeof value === 'string' ? value.trim() : '';
			if (text) return text;
		} catch {
			// Not a parameter of this operation.
		}
	}
	return '';
}

async function boardChildren(
	ctx: ILoadOptionsFunctions,
	child: 'lists' | 'cards' | 'labels',
	fields: string,
	boardParameters?: string[],
): Promise<IDataObject[]> {
	const board = chosenBoard(ctx, boardParameters);
	if (!board) return [];
	const client = new TrelloClient(ctx);
	return await client.request<IDataObject[]>({
		method: 'GET',
		path: `/1/boards/${pathSegment(board)}/${child}`,
		qs: { fields },
	});
}

function matching(entries: IDataObject[], filter: string | undefined, label: (entry: IDataObject) => string) {
	const wanted = (filter ?? '').toLowerCase();
	return entries
		.map((entry) => ({ entry, name: label(entry) }))
		.filter(({ name }) => !wanted || name.toLowerCase().includes(wanted));
}

/** Open lists of the chosen board, filtered by name. */
export async function searchLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const lists = await boardChildren(this, 'lists', 'name');
	return { results: matching(lists, filter, (l) => String(l.name)).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Lists a card can move to: of "Move to Board" when set, else of the chosen board. */
export async function searchTargetLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const lists = await boardChildren(this, 'lists', 'name', ['additionalFields.idBoard', 'idBoard', 'board']);
	return { results: matching(lists, filter, (l) => String(l.name)).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Open cards of the chosen board as "Card (List)", filtered by card or list name. */
export async function searchCards(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const board = chosenBoard(this);
	if (!board) return { results: [] };
	// One request: the board's open lists with their open cards.
	const lists = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: `/1/boards/${pathSegment(board)}/lists`,
		qs: { cards: 'open', card_fields: 'name,url', fields: 'name' },
	});
	const cards = lists.flatMap((list) =>
		((list.cards as IDataObject[] | undefined) ?? []).map((card) => ({ ...card, listName: list.name })),
	);
	return {
		results: matching(cards, filter, (c) => `${String(c.name)} (${String(c.listName)})`).map(({ entry, name }) => ({
			name,
			value: String(entry.id),
			url: entry.url ? String(entry.url) : undefined,
		})),
	};
}

/** The chosen card's checklists, else the chosen board's, filtered by name. */
export async function searchChecklists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const checklists = await checklistsInView(this, 'name');
	return { results: matching(checklists, filter, (c) => String(c.name)).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Items of the chosen checklist, else of the chosen card's (or board's) checklists, as "Item (Checklist)". */
export async function searchCheckItems(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const checklist = chosenBoard(this, ['checklist']);
	const client = new TrelloClient(this);
	const checklists = checklist
		? [await client.request<IDataObject>({ method: 'GET', path: `/1/checklists/${pathSegment(checklist)}`, qs: { fields: 'name', checkItems: 'all', checkItem_fields: 'name,state' } })]
		: await checklistsInView(this, 'name', true);
	const items = checklists.flatMap((list) =>
		((list.checkItems as IDataObject[] | undefined) ?? []).map((item) => ({ ...item, checklistName: list.name })),
	);
	return {
		results: matching(items, filter, (i) => `${String(i.name)} (${String(i.checklistName)}${i.state === 'complete' ? ', done' : ''})`).map(
			({ entry, name }) => ({ name, value: String(entry.id) }),
		),
	};
}

async function checklistsInView(ctx: ILoadOptionsFunctions, fields: string, withItems = false): Promise<IDataObject[]> {
	const card = chosenBoard(ctx, ['card']);
	const board = card ? '' : chosenBoard(ctx);
	if (!card && !board) return [];
	const client = new TrelloClient(ctx);
	// A board's checklists come whole (Trello takes no field choice there).
	if (!card) return await client.request<IDataObject[]>({ method: 'GET', path: `/1/boards/${pathSegment(board)}/checklists` });
	return await client.request<IDataObject[]>({
		method: 'GET',
		path: `/1/cards/${pathSegment(card)}/checklists`,
		qs: withItems ? { fields, checkItems: 'all', checkItem_fields: 'name,state' } : { fields, checkItems: 'none' },
	});
}

/** Attachments of the chosen card, filtered by name. */
export async function searchAttachments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const card = chosenBoard(this, ['card']);
	if (!card) return { results: [] };
	const attachments = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: `/1/cards/${pathSegment(card)}/attachments`,
		qs: { fields: 'name,url' },
	});
	return {
		results: matching(attachments, filter, (a) => String(a.name)).map(({ entry, name }) => ({
			name,
			value: String(entry.id),
			url: entry.url ? String(entry.url) : undefined,
		})),
	};
}

/** Custom fields of the chosen board as "Name (type)", filtered by name. */
export async function searchCustomFields(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const board = chosenBoard(this);
	if (!board) return { results: [] };
	const fields = await new TrelloClient(this).request<IDataObject[]>({ method: 'GET', path: `/1/boards/${pathSegment(board)}/customFields` });
	return {
		results: matching(fields, filter, (f) => `${String(f.name)} (${String(f.type)})`).map(({ entry, name }) => ({ name, value: String(entry.id) })),
	};
}

/** Comments on the chosen card, newest first, shown by author and the start of their text. */
export async function searchComments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const card = chosenBoard(this, ['card']);
	if (!card) return { results: [] };
	const comments = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: `/1/cards/${pathSegment(card)}/actions`,
		qs: { filter: 'commentCard' },
	});
	const label = (comment: IDataObject) => {
		const text = String((comment.data as IDataObject | undefined)?.text ?? '').replace(/\s+/g, ' ');
		const author = String((comment.memberCreator as IDataObject | undefined)?.username ?? 'someone');
		return `@${author}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
	};
	return { results: matching(comments, filter, label).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

function labelName(label: IDataObject): string {
	const name = String(label.name ?? '').trim();
	const color = label.color ? String(label.color) : 'no colour';
	return name ? `${name} (${color})` : `(${color})`;
}

/** Labels of the chosen board, filtered by name or colour. */
export async function searchLabels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const labels = await boardChildren(this, 'labels', 'name,color');
	return { results: matching(labels, filter, labelName).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Workspaces of the connected account, filtered by name. */
export async function searchWorkspaces(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	// Trello's description offers only id and name as workspace fields, so the whole workspaces are read.
	const workspaces = await new TrelloClient(this).request<IDataObject[]>({ method: 'GET', path: '/1/members/me/organizations' });
	return {
		results: matching(workspaces, filter, (w) => String(w.displayName ?? w.name)).map(({ entry, name }) => ({
			name,
			value: String(entry.id),
			url: entry.url ? String(entry.url) : undefined,
		})),
	};
}

/** Unread notifications of the connected account, newest first, as "type: card (board)". */
export async function searchNotifications(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const notifications = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: '/1/members/me/notifications',
		qs: { read_filter: 'unread', limit: 50 },
	});
	const label = (notification: IDataObject) => {
		const data = (notification.data ?? {}) as IDataObject;
		const about = [(data.card as IDataObject | undefined)?.name, (data.board as IDataObject | undefined)?.name].filter(Boolean);
		return `${String(notification.type)}${about.length ? `: ${about.join(' (')}${about.length > 1 ? ')' : ''}` : ''}`;
	};
	return { results: matching(notifications, filter, label).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Webhooks of the connected token, by description or callback URL. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new TrelloClient(this);
	const webhooks = await client.request<IDataObject[]>({ method: 'GET', path: await client.withTokenInPath('/1/tokens/{token}/webhooks') });
	const label = (webhook: IDataObject) => {
		const description = String(webhook.description ?? '').trim();
		const state = webhook.active === false ? ', inactive' : '';
		return description ? `${description} (${String(webhook.callbackURL)}${state})` : `${String(webhook.callbackURL)}${state ? ` (inactive)` : ''}`;
	};
	return { results: matching(webhooks, filter, label).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

export { boardChildren, labelName };
