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
	const lists = await boardChildren(this, 'lists', 'name', ['additionalFields.idBoard', 'board']);
	return { results: matching(lists, filter, (l) => String(l.name)).map(({ entry, name }) => ({ name, value: String(entry.id) })) };
}

/** Open cards of the chosen board, filtered by name. */
export async function searchCards(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const cards = await boardChildren(this, 'cards', 'name,url');
	return {
		results: matching(cards, filter, (c) => String(c.name)).map(({ entry, name }) => ({
			name,
			value: String(entry.id),
			url: entry.url ? String(entry.url) : undefined,
		})),
	};
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

export { boardChildren, labelName };
