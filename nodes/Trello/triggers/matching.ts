import type { TrelloAction } from './payload';
import { firesFixedTrigger, matchingEventTypes } from './events';
import type { ChosenFilter } from './filters';
import { filterPasses } from './filters';
import type { TriggerPlan } from './parameters';

interface MatchResult {
	matched: boolean;
	eventTypes: string[];
}

/** Whether the action passes every narrowing filter on `event` (each unset passes). */
function passesFiltersOf(filters: ChosenFilter[], action: TrelloAction, event?: string): boolean {
	return filters.every((chosen) => chosen.filter.effect !== 'narrow' || chosen.filter.event !== event || filterPasses(chosen, action));
}

/** Whether a delivered action fires this trigger, and which event types it counts as. */
export function matchAction(plan: TriggerPlan, action: TrelloAction): MatchResult {
	const none: MatchResult = { matched: false, eventTypes: [] };
	if (!action || typeof action.type !== 'string') return none;
	// Filters on no event in particular (lists, cards) narrow the whole action.
	if (!passesFiltersOf(plan.filters, action)) return none;
	if (plan.trigger.kind === 'fixed') {
		if (!firesFixedTrigger(plan.trigger, action)) return none;
		if (plan.trigger.eventType && !passesFiltersOf(plan.filters, action, plan.trigger.eventType)) return none;
		return { matched: true, eventTypes: matchingEventTypes(action) };
	}

	const types = plan.eventTypes.length
		? matchingEventTypes(action, plan.eventTypes).filter((type) => passesFiltersOf(plan.filters, action, type))
		: [];
	const widening = plan.filters.filter((chosen) => chosen.filter.effect === 'widen');
	if (!plan.eventTypes.length && !widening.length) return { matched: true, eventTypes: matchingEventTypes(action) };
	if (!types.length && !widening.some((chosen) => filterPasses(chosen, action))) return none;
	return { matched: true, eventTypes: types };
}
