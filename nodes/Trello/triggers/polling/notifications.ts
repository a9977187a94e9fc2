import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ServiceAnswerError, toNodeError } from '../../../shared/errors';
import { isBeyondSkew } from '../../../shared/pollClock';
import { TrelloClient } from '../../transport';
import { notificationToItem } from '../normalize';
import type { MemberJudge } from '../../trustedMembers';
import { withholdTriggerItem } from '../../trustedMembers';
import { withholdTriggerText } from '../itemText';

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
const OVERLAP_SECONDS = 600;

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
function idForTime(seconds: number): string {
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

/**
 * Notifications since an id, each an object; one whose id (its creation time) lies beyond the
 * clock skew is left out, so it can never become the position.
 */
async function fetchSince(client: TrelloClient, query: IDataObject, since: string): Promise<IDataObject[]> {
	const entries = await client.paginate<unknown>(
		{ method: 'GET', path: '/1/members/me/notifications', qs: { ...query, since } },
		{ returnAll: true, paging: 'before', maxPageSize: 1000 },
	);
	const odd = entries.find((entry) => entry === null || typeof entry !== 'object' || Array.isArray(entry));
	if (odd !== undefined) {
		throw new ServiceAnswerError(
			`Trello answered /1/members/me/notifications with an entry that is not an object (${odd === null ? 'null' : Array.isArray(odd) ? 'a list' : typeof odd})`,
			'Check the API Base URL of the credential.',
		);
	}
	return (entries as IDataObject[]).filter((entry) => !isBeyondSkew(secondsOf(String(entry.id ?? '')) * 1000));
}

/**
 * Emits each matching notification once, oldest first. The first poll only records where the
 * stream stands; a manual test shows the latest notification without moving that position.
 */
export async function pollNotifications(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const client = new TrelloClient(ctx);
	try {
		return await pollNotificationsWith(ctx, client);
	} catch (error) {
		throw toNodeError(ctx.getNode(), 'Trello', error, await client.secrets());
	}
}

async function pollNotificationsWith(ctx: IPollFunctions, client: TrelloClient): Promise<INodeExecutionData[][] | null> {
	const query = queryOf(ctx);

	if (ctx.getMode() === 'manual') {
		const latest = await client.request<IDataObject[]>({
			method: 'GET',
			path: '/1/members/me/notifications',
			qs: { ...query, limit: 1 },
		});
		return latest?.length ? await notificationItems(ctx, client, [latest[0]]) : null;
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
	// Cleaned before the position moves: a look-up that fails leaves the notifications for the next poll.
	const items = fresh.length ? await notificationItems(ctx, client, fresh) : null;
	staticData[STATE_KEY] = { cursor, seen: [...new Set(keep)] } as unknown as IDataObject;
	return items;
}

/** Notifications as items, cleaned as the node or the credential asks (Options). */
async function notificationItems(ctx: IPollFunctions, client: TrelloClient, notifications: IDataObject[]): Promise<INodeExecutionData[][]> {
	const withhold = (judge: MemberJudge, item: IDataObject) => withholdTriggerItem(judge, item, 'notification');
	const items = await withholdTriggerText(ctx, client, notifications.map(notificationToItem), withhold, 'notification');
	return [items.map((json) => ({ json }))];
}
