import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { TrelloClient } from '../transport';
import { notificationToItem } from './normalize';

/** Notification types Trello sends to a member (the `filter` parameter of /members/me/notifications). */
export const NOTIFICATION_TYPES: Array<{ name: string; value: string }> = [
	{ name: 'Added Attachment to Card', value: 'addedAttachmentToCard' },
	{ name: 'Added Member to Card', value: 'addedMemberToCard' },
	{ name: 'Added to Board', value: 'addedToBoard' },
	{ name: 'Added to Card', value: 'addedToCard' },
	{ name: 'Added to Workspace', value: 'addedToOrganization' },
	{ name: 'Card Due Soon', value: 'cardDueSoon' },
	{ name: 'Card Changed', value: 'changeCard' },
	{ name: 'Board Closed', value: 'closeBoard' },
	{ name: 'Comment on Card', value: 'commentCard' },
	{ name: 'Card Created', value: 'createdCard' },
	{ name: 'Invited to Board', value: 'invitedToBoard' },
	{ name: 'Invited to Workspace', value: 'invitedToOrganization' },
	{ name: 'Made Admin of Board', value: 'makeAdminOfBoard' },
	{ name: 'Made Admin of Workspace', value: 'makeAdminOfOrganization' },
	{ name: 'Mentioned on Card', value: 'mentionedOnCard' },
	{ name: 'Reaction Added', value: 'reactionAdded' },
	{ name: 'Removed From Board', value: 'removedFromBoard' },
	{ name: 'Removed From Card', value: 'removedFromCard' },
	{ name: 'Removed From Workspace', value: 'removedFromOrganization' },
	{ name: 'Removed Member From Card', value: 'removedMemberFromCard' },
	{ name: 'Checklist Item State Changed', value: 'updateCheckItemStateOnCard' },
];

/** Notifications can appear a little after the moment their id records; re-read this far back. */
export const OVERLAP_SECONDS = 600;

interface PollState {
	/** Newest notification id processed (or a synthetic id for the first poll's time). */
	cursor: string;
	/** Ids already handled whose time lies inside the overlap window before the cursor. */
	seen: string[];
}

const STATE_KEY = 'trelloNotifications';

function secondsOf(id: string): number {
	const seconds = parseInt(id.slice(0, 8), 16);
	return Number.isFinite(seconds) ? seconds : 0;
}

/** Trello ids begin with their creation time (seconds, hex), so an id can stand for a moment. */
export function idForTime(seconds: number): string {
	return Math.max(0, Math.floor(seconds)).toString(16).padStart(8, '0') + '0000000000000000';
}

function newer(a: string, b: string): string {
	return a > b ? a : b;
}

function queryOf(ctx: IPollFunctions): IDataObject {
	const types = ctx.getNodeParameter('notificationTypes', []) as string[];
	const unreadOnly = ctx.getNodeParameter('unreadOnly', false) as boolean;
	return {
		filter: types.length ? types.join(',') : 'all',
		read_filter: unreadOnly ? 'unread' : 'all',
	};
}

async function fetchSince(client: TrelloClient, query: IDataObject, since: string): Promise<IDataObject[]> {
	return await client.paginate<IDataObject>(
		{ method: 'GET', path: '/1/members/me/notifications', qs: { ...query, since } },
		{ returnAll: true, paging: 'before', maxPageSize: 1000 },
	);
}

/**
 * Emits each matching notification once, oldest first. The first poll only records where the
 * stream stands; a manual test shows the latest notification without moving that position.
 */
export async function pollNotifications(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const client = new TrelloClient(ctx);
	const query = queryOf(ctx);

	if (ctx.getMode() === 'manual') {
		const latest = await client.request<IDataObject[]>({
			method: 'GET',
			path: '/1/members/me/notifications',
			qs: { ...query, limit: 1 },
		});
		return latest?.length ? [[{ json: notificationToItem(latest[0]) }]] : null;
	}

	const staticData = ctx.getWorkflowStaticData('node');
	const state = staticData[STATE_KEY] as unknown as PollState | undefined;
	const nowId = idForTime(Date.now() / 1000);

	if (!state) {
		const existing = await fetchSince(client, query, idForTime(Date.now() / 1000 - OVERLAP_SECONDS));
		const ids = existing.map((n) => String(n.id));
		staticData[STATE_KEY] = { cursor: ids.reduce(newer, nowId), seen: ids } as unknown as IDataObject;
		return null;
	}

	const since = idForTime(secondsOf(state.cursor) - OVERLAP_SECONDS);
	const fetched = await fetchSince(client, query, since);
	const seen = new Set(state.seen);
	const fresh = fetched
		.filter((n) => typeof n.id === 'string' && !seen.has(n.id))
		.sort((a, b) => String(a.id).localeCompare(String(b.id)));

	const cursor = fetched.map((n) => String(n.id)).reduce(newer, state.cursor);
	const windowStart = secondsOf(cursor) - OVERLAP_SECONDS;
	const keep = [...state.seen, ...fresh.map((n) => String(n.id))].filter((id) => secondsOf(id) >= windowStart);
	staticData[STATE_KEY] = { cursor, seen: [...new Set(keep)] } as unknown as IDataObject;

	return fresh.length ? [fresh.map((notification) => ({ json: notificationToItem(notification) }))] : null;
}
