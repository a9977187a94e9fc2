import { BoardProof } from '../../scope';
import type { TrelloRowRun } from '../types';

/**
 * Mark as Read: with Allowed Boards set (the node's or the credential's), the notification must be
 * about an allowed board. Its board is read first (a notification about no board is refused like
 * one about another board), and the write carries the proof of what was read, since the scope
 * cannot look a notification up by itself.
 */
export async function markNotificationRead(run: TrelloRowRun) {
	const { client, values, itemIndex, allowlist, request } = run;
	if (!allowlist.allowed && !(await client.scope()).boards) return await run.generic();
	const id = String(values.notification);
	const board = await client.boards().boardOf('notification', id);
	if (allowlist.allowed) allowlist.check.assertOnAllowedBoard(allowlist.allowed, `the notification "${id}"`, board, itemIndex);
	return await run.generic({ ...request, scopeProof: BoardProof.issue(id, board) });
}
