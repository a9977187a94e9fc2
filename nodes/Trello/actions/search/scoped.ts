import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listOf } from '../../../shared/rowEngine';
import type { TrelloRowRun } from '../types';

/** Values key holding the board ids a search was confined to (set by searchWithinScope). */
const SEARCHED_BOARDS = 'searchedBoards';

/**
 * A search confined to the boards it may see: the boards asked for, limited to the node's and the
 * credential's Allowed Boards when set (no boards asked for = all allowed boards). A board asked for
 * outside the allowed ones is refused before anything is sent.
 */
export async function searchWithinScope(run: TrelloRowRun) {
	const { ctx, client, allowlist, values, itemIndex, request } = run;
	const asked: string[] = [];
	for (const reference of listOf(values.boards)) asked.push(await allowlist.check.boardId(client, reference, itemIndex, 'Boards'));

	let allowed = allowlist.allowed?.ids;
	const credentialBoards = (await client.scope()).boards;
	if (credentialBoards) {
		const credentialIds = await client.boards().allowedIds(credentialBoards);
		allowed = allowed ? new Set([...allowed].filter((id) => credentialIds.has(id))) : credentialIds;
	}
	let boards = asked;
	if (allowed) {
		const outside = asked.filter((id) => !allowed.has(id.toLowerCase()));
		if (outside.length) {
			throw new NodeOperationError(ctx.getNode(), `Refused: the board "${outside[0]}" in "Boards" is outside the Allowed Boards`, {
				itemIndex,
				description: 'Search only the allowed boards, or leave "Boards" empty to search all of them.',
			});
		}
		boards = asked.length ? asked : [...allowed];
		// Nothing may be searched: nothing is found.
		if (!boards.length) return [];
		values[SEARCHED_BOARDS] = boards.map((id) => id.toLowerCase());
	}
	const qs: IDataObject = { ...request.qs };
	if (boards.length) qs.idBoards = boards.join(',');
	return await run.generic({ ...request, qs });
}

/** The found objects of one kind, kept only when on a searched board (Trello answers {cards, boards, …}). */
export function foundIn(key: 'cards' | 'boards', boardProperty: string) {
	return (body: unknown, values: IDataObject): IDataObject[] => {
		const found = ((body as IDataObject | undefined)?.[key] ?? []) as IDataObject[];
		const searched = values[SEARCHED_BOARDS] as string[] | undefined;
		if (!searched) return found;
		return found.filter((item) => searched.includes(String(item[boardProperty] ?? '').toLowerCase()));
	};
}
