import type { IDataObject } from 'n8n-workflow';

import { pathSegment } from '../../../../credentials/requestGuard';
import type { TrelloRowRun } from '../types';

/**
 * Mark as Read: with Allowed Boards set, the notification must be about an allowed board (its
 * board is read first; a notification about no board is refused like one about another board).
 */
export async function markNotificationRead(run: TrelloRowRun) {
	const { client, values, itemIndex, allowlist } = run;
	if (allowlist.allowed) {
		const id = String(values.notification);
		const notification = await client.request<IDataObject>({
			method: 'GET',
			path: `/1/notifications/${pathSegment(id)}`,
			qs: { fields: 'data' },
		});
		const board = String((((notification?.data ?? {}) as IDataObject).board as IDataObject | undefined)?.id ?? '');
		allowlist.guard.assertOnAllowedBoard(allowlist.allowed, `the notification "${id}"`, board, itemIndex);
	}
	return await run.generic();
}
