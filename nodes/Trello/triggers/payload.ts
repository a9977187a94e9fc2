/**
 * Reading Trello actions (webhook bodies and /actions answers): what an action did and which
 * lists and cards it involves. The event table and the matching build on these.
 */
import type { IDataObject } from 'n8n-workflow';

/** A Trello action as delivered in a webhook body (`action`) or returned by /actions. */
export interface TrelloAction extends IDataObject {
	id?: string;
	type?: string;
	date?: string;
	data?: IDataObject;
	memberCreator?: IDataObject;
	idMemberCreator?: string;
}

function dataOf(action: TrelloAction): IDataObject {
	return (action.data ?? {}) as IDataObject;
}

function idOf(value: unknown): string | undefined {
	const id = (value as IDataObject | undefined)?.id;
	return typeof id === 'string' && id ? id : undefined;
}

/** A card that left one list for another on the same board. */
export function isCardMove(action: TrelloAction): boolean {
	if (action.type !== 'updateCard') return false;
	const data = dataOf(action);
	const before = idOf(data.listBefore);
	const after = idOf(data.listAfter);
	return !!before && !!after && before !== after;
}

export function closedChange(type: string, closedNow: boolean) {
	return (action: TrelloAction) => {
		if (action.type !== type) return false;
		const data = dataOf(action);
		const old = (data.old ?? {}) as IDataObject;
		const subject = (type === 'updateCard' ? data.card : type === 'updateList' ? data.list : data.board) as
			| IDataObject
			| undefined;
		return 'closed' in old && old.closed === !closedNow && subject?.closed === closedNow;
	};
}

/** Lists an action involves: the list it happened in, and both ends of a move. */
export function listIdsOf(action: TrelloAction): string[] {
	const data = dataOf(action);
	const card = (data.card ?? {}) as IDataObject;
	return [idOf(data.list), idOf(data.listBefore), idOf(data.listAfter), card.idList as string | undefined].filter(
		(id): id is string => typeof id === 'string' && !!id,
	);
}

/** Id and short link of the card an action involves. */
export function cardKeysOf(action: TrelloAction): string[] {
	const card = (dataOf(action).card ?? {}) as IDataObject;
	return [card.id, card.shortLink].filter((key): key is string => typeof key === 'string' && !!key);
}

export function moveEnds(action: TrelloAction): { from?: string; to?: string } {
	const data = dataOf(action);
	return { from: idOf(data.listBefore), to: idOf(data.listAfter) };
}
