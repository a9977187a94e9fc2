import type { TrelloAction } from './payload';
import { cardKeysOf, listIdsOf, moveEnds } from './payload';
import { firesFixedTrigger, matchingEventTypes } from './events';
import type { TriggerPlan } from './parameters';

interface MatchResult {
	matched: boolean;
	eventTypes: string[];
}

function intersects(values: string[], wanted: string[]): boolean {
	return values.some((value) => wanted.includes(value));
}

/** A move passes "Moved From Lists" and "Moved To Lists" (each unset passes). */
function moveMatches(plan: TriggerPlan, action: TrelloAction): boolean {
	const { movedFrom, movedTo } = plan.filters;
	const { from, to } = moveEnds(action);
	const fromOk = !movedFrom.length || (!!from && movedFrom.includes(from));
	const toOk = !movedTo.length || (!!to && movedTo.includes(to));
	return fromOk && toOk;
}

/** Whether a delivered action fires this trigger, and which event types it counts as. */
export function matchAction(plan: TriggerPlan, action: TrelloAction): MatchResult {
	const none: MatchResult = { matched: false, eventTypes: [] };
	if (!action || typeof action.type !== 'string') return none;
	const { lists, cards } = plan.filters;
	if (lists.length && !intersects(listIdsOf(action), lists)) return none;
	if (plan.trigger.kind === 'fixed') {
		if (!firesFixedTrigger(plan.trigger, action)) return none;
		if (plan.trigger.eventType === 'cardMoved' && !moveMatches(plan, action)) return none;
		return { matched: true, eventTypes: matchingEventTypes(action) };
	}
	if (cards.length && !intersects(cardKeysOf(action), cards)) return none;

	let types = plan.eventTypes.length ? matchingEventTypes(action, plan.eventTypes) : [];
	if (types.includes('cardMoved') && !moveMatches(plan, action)) types = types.filter((type) => type !== 'cardMoved');
	const byActionType = plan.extraActionTypes.includes(action.type);
	const anyActivity = !plan.eventTypes.length && !plan.extraActionTypes.length;
	if (anyActivity) return { matched: true, eventTypes: matchingEventTypes(action) };
	if (!types.length && !byActionType) return none;
	return { matched: true, eventTypes: types };
}
