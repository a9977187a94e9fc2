import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError, toNodeError } from '../../../shared/errors';
import { pathSegment } from '../../../../credentials/requestGuard';
import { TrelloClient } from '../../transport';
import { splitRefs } from '../parameters';
import { withholdDueDateItem } from '../../trustedMembers';
import { withholdTriggerText } from '../itemText';

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
	// Cleaned before the record is kept: a look-up that fails leaves the cards for the next poll.
	const items = due.length ? await withholdTriggerText(ctx, client, due.map(({ item }) => item), withholdDueDateItem) : [];
	// Object.fromEntries makes each id an own property, "__proto__" included.
	if (!manual) staticData[DUE_STATE_KEY] = { reported: Object.fromEntries(reported) } as unknown as IDataObject;
	return items.length ? [items.map((json) => ({ json }))] : null;
}
