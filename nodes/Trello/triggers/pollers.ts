import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError, toNodeError } from '../../shared/errors';
import { isBeyondSkew } from '../../shared/pollClock';
import { pathSegment } from '../../../credentials/requestGuard';
import { TrelloClient } from '../transport';
import { notificationToItem } from './normalize';
import { splitRefs } from './parameters';
import type { MemberJudge } from '../trustedMembers';
import { withholdDueDateItem, withholdTriggerItem } from '../trustedMembers';
import { guardTrelloTriggerItems } from './itemText';

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
	// Guarded before the position moves: a look-up that fails leaves the notifications for the next poll.
	const items = fresh.length ? await notificationItems(ctx, client, fresh) : null;
	staticData[STATE_KEY] = { cursor, seen: [...new Set(keep)] } as unknown as IDataObject;
	return items;
}

/** Notifications as items, guarded as the node or the credential asks (Options). */
async function notificationItems(ctx: IPollFunctions, client: TrelloClient, notifications: IDataObject[]): Promise<INodeExecutionData[][]> {
	const withhold = (judge: MemberJudge, item: IDataObject) => withholdTriggerItem(judge, item, 'notification');
	const items = await guardTrelloTriggerItems(ctx, client, notifications.map(notificationToItem), withhold, 'notification');
	return [items.map((json) => ({ json }))];
}

/** Which due dates the Due Date Trigger reports. */
type DueWindow = 'dueSoon' | 'overdue' | 'dueSoonOrOverdue';

interface DueDatePlan {
	boards: string[];
	/** Only cards in these lists; empty for every list of the boards. */
	lists: string[];
	window: DueWindow;
	/** How far ahead "due soon" looks, in milliseconds. */
	aheadMs: number;
	incompleteOnly: boolean;
}

/** Card fields the trigger reads and reports. */
const CARD_FIELDS = 'name,due,start,dueComplete,idBoard,idList,idMembers,shortLink,shortUrl';
const DUE_STATE_KEY = 'trelloDueDates';
const HOUR_MS = 3_600_000;

interface DueState {
	/** Card id → the due date it was reported for. */
	reported: Record<string, string>;
}

function readDuePlan(ctx: IPollFunctions): DueDatePlan {
	const boards = splitRefs(ctx.getNodeParameter('boards', []));
	if (!boards.length) {
		throw new NodeOperationError(ctx.getNode(), 'No boards to watch', {
			description: 'Choose at least one board in "Boards": the trigger reads the due dates of their cards.',
		});
	}
	const window = ctx.getNodeParameter('window', 'dueSoon') as DueWindow;
	const hours = Number(ctx.getNodeParameter('dueWithinHours', 24));
	if (window !== 'overdue' && !(Number.isFinite(hours) && hours > 0)) {
		throw new NodeOperationError(ctx.getNode(), `"Due Within (Hours)" must be a number above 0, not ${String(hours)}`, {
			description: 'Set how many hours ahead a due date counts as due soon, e.g. 24 for a day.',
		});
	}
	return {
		boards,
		lists: splitRefs(ctx.getNodeParameter('lists', [])),
		window,
		aheadMs: hours * HOUR_MS,
		incompleteOnly: ctx.getNodeParameter('incompleteOnly', true) !== false,
	};
}

/** Whether a due date (ms) is reported at `now` under the plan's window. */
function dueMatches(plan: DueDatePlan, dueMs: number, now: number): boolean {
	if (plan.window === 'overdue') return dueMs <= now;
	if (plan.window === 'dueSoon') return dueMs > now && dueMs <= now + plan.aheadMs;
	return dueMs <= now + plan.aheadMs;
}

interface BoardWithCards extends IDataObject {
	id: string;
	name?: string;
	shortLink?: string;
	cards?: IDataObject[];
	lists?: IDataObject[];
}

/** One request per board: the board's name, its open lists' names and its open cards' due dates. */
async function boardsWithCards(client: TrelloClient, plan: DueDatePlan): Promise<{ boards: BoardWithCards[]; unanswered: number }> {
	const boards: BoardWithCards[] = [];
	let unanswered = 0;
	for (const board of plan.boards) {
		const answer = await client.request<unknown>({
			method: 'GET',
			path: `/1/boards/${pathSegment(board)}`,
			qs: { fields: 'name,shortLink', cards: 'open', card_fields: CARD_FIELDS, lists: 'open', list_fields: 'name' },
		});
		if (answer === null || answer === undefined || answer === '') {
			unanswered++;
			continue;
		}
		const odd = (what: string) => new ServiceAnswerError(`Trello answered the board "${board}" with ${what}`, 'Check the API Base URL of the credential.');
		if (typeof answer !== 'object' || Array.isArray(answer)) throw odd('something other than a board');
		const checked = answer as BoardWithCards;
		for (const key of ['cards', 'lists'] as const) {
			const entries = checked[key];
			if (entries === undefined || entries === null) continue;
			if (!Array.isArray(entries)) throw odd(`"${key}" that is not a list`);
			const entry = entries.find((one) => one === null || typeof one !== 'object' || Array.isArray(one));
			if (entry !== undefined) throw odd(`an entry of "${key}" that is not an object (${entry === null ? 'null' : Array.isArray(entry) ? 'a list' : typeof entry})`);
		}
		boards.push(checked);
	}
	return { boards, unanswered };
}

function dueItem(card: IDataObject, board: BoardWithCards, listNames: Map<string, string>, now: number): IDataObject {
	const dueMs = Date.parse(String(card.due));
	return {
		trigger: 'dueDate',
		dueState: dueMs <= now ? 'overdue' : 'dueSoon',
		due: card.due,
		minutesUntilDue: Math.round((dueMs - now) / 60_000),
		card: {
			id: card.id,
			name: card.name,
			shortLink: card.shortLink,
			url: card.shortUrl,
			due: card.due,
			...(card.start ? { start: card.start } : {}),
			dueComplete: card.dueComplete === true,
			idMembers: card.idMembers ?? [],
		},
		board: { id: board.id, name: board.name ?? null, shortLink: board.shortLink ?? null },
		list: { id: card.idList, name: listNames.get(String(card.idList)) ?? null },
	};
}

/**
 * Reports each card whose due date falls in the chosen window once per due date: a card whose due
 * date changes is reported again when the new date is in the window. Cards are reported soonest
 * due first. The record keeps only cards still open on the boards, with the date they were
 * reported for. A manual test shows what matches now and records nothing.
 */
export async function pollDueDates(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const plan = readDuePlan(ctx);
	const client = new TrelloClient(ctx);
	try {
		return await pollDueDatesWith(ctx, client, plan);
	} catch (error) {
		throw toNodeError(ctx.getNode(), 'Trello', error, await client.secrets());
	}
}

async function pollDueDatesWith(ctx: IPollFunctions, client: TrelloClient, plan: DueDatePlan): Promise<INodeExecutionData[][] | null> {
	const { boards, unanswered } = await boardsWithCards(client, plan);
	const now = Date.now();
	const manual = ctx.getMode() === 'manual';

	const staticData = ctx.getWorkflowStaticData('node');
	const stored = (staticData[DUE_STATE_KEY] as unknown as DueState | undefined)?.reported;
	// Maps, not objects: a card id such as "__proto__" is a key like any other.
	const previous = new Map<string, unknown>(stored && typeof stored === 'object' ? Object.entries(stored) : []);
	const reported = new Map<string, string>();
	const handled = new Set<string>();
	const due: Array<{ dueMs: number; item: IDataObject }> = [];

	for (const board of boards) {
		const listNames = new Map((board.lists ?? []).map((list) => [String(list.id), String(list.name)]));
		for (const card of board.cards ?? []) {
			const id = String(card.id);
			// A card listed twice in one answer is one card.
			if (handled.has(id)) continue;
			handled.add(id);
			const dueDate = typeof card.due === 'string' ? card.due : '';
			const dueMs = Date.parse(dueDate);
			if (!dueDate || Number.isNaN(dueMs)) continue;
			const alreadyReported = previous.get(id) === dueDate;
			if (alreadyReported) reported.set(id, dueDate);
			if (plan.incompleteOnly && card.dueComplete === true) continue;
			if (plan.lists.length && !plan.lists.includes(String(card.idList))) continue;
			if (!dueMatches(plan, dueMs, now)) continue;
			if (alreadyReported && !manual) continue;
			reported.set(id, dueDate);
			due.push({ dueMs, item: dueItem(card, board, listNames, now) });
		}
	}

	// A board that answered nothing this time keeps its cards' records (its cards were not seen, not closed).
	if (unanswered > 0) for (const [id, dueDate] of previous) if (!handled.has(id) && typeof dueDate === 'string') reported.set(id, dueDate);
	due.sort((a, b) => a.dueMs - b.dueMs);
	// Guarded before the record is kept: a look-up that fails leaves the cards for the next poll.
	const items = due.length ? await guardTrelloTriggerItems(ctx, client, due.map(({ item }) => item), withholdDueDateItem) : [];
	// Object.fromEntries makes each id an own property, "__proto__" included.
	if (!manual) staticData[DUE_STATE_KEY] = { reported: Object.fromEntries(reported) } as unknown as IDataObject;
	return items.length ? [items.map((json) => ({ json }))] : null;
}
