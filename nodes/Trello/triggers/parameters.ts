import type { IDataObject, INode, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from '../../shared/context';
import { readParameter } from '../../shared/context';
import { ParameterMemo } from '../../shared/parameterMemo';
import { boardOrCardReference } from '../scope/addresses';
import type { EventType, EventRow, WatchedModel } from './events';
import { eventType, triggerDefinition } from './events';
import { modelsFor, modelType, MODEL_TYPES } from './models';
import type { ChosenFilter } from './filters';
import { chosenFilters, offers, TRIGGER_FILTERS } from './filters';

/** Everything a Trello Trigger's parameters ask for, read once and checked without network. */
export interface TriggerPlan {
	trigger: EventRow;
	model: WatchedModel;
	/** Ids, short links or web addresses the user gave for the watched models (none for the account). */
	modelRefs: string[];
	/** Chosen activity/event types; empty means any. */
	eventTypes: string[];
	/** The filters the trigger offers that were given values (filters.ts). */
	filters: ChosenFilter[];
	verifySignature: boolean;
}

/** Comma/space separated ids, short links or Trello web addresses, as a clean list. */
export function splitRefs(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[\s,]+/);
	return [...new Set(parts.map((part) => boardOrCardReference(part.trim())).filter(Boolean))];
}

/**
 * What the webhooks go on: the account for New Board; else the chosen Model Type (a saved
 * workflow from before it was offered has none and watches its boards) and its picker's models.
 */
function watchedModels(ctx: ApiContext, trigger: EventRow): { model: WatchedModel; modelRefs: string[] } {
	if (trigger.watchesAccount) return { model: 'member', modelRefs: [] };
	const offered = modelsFor(trigger);
	const chosen = offered.length > 1 ? readParameter<string>(ctx, 'watch', 'board') : 'board';
	const model = modelType(chosen);
	if (!model) {
		throw new NodeOperationError(ctx.getNode(), `Unknown model type "${chosen}"`, {
			description: `Choose one of: ${MODEL_TYPES.map(({ name }) => name).join(', ')}.`,
		});
	}
	return { model: model.value, modelRefs: splitRefs(readParameter(ctx, model.parameter, [])) };
}

export function readPlan(ctx: ApiContext): TriggerPlan {
	const triggerValue = readParameter<string>(ctx, 'event', 'newComment');
	const trigger = triggerDefinition(triggerValue);
	if (!trigger) {
		throw new NodeOperationError(ctx.getNode(), `Unknown trigger "${triggerValue}"`, {
			description: 'Choose one of the triggers offered by the "Trigger On" parameter.',
		});
	}
	const { model, modelRefs } = watchedModels(ctx, trigger);
	let eventTypes: string[] = [];
	if (trigger.kind === 'activity') eventTypes = readParameter<string[]>(ctx, 'activityTypes', []);
	if (trigger.kind === 'custom') eventTypes = readParameter<string[]>(ctx, 'eventTypes', []);
	// A filter the trigger does not offer (a move filter left from Card Moved on New Card) is not read.
	const offered = TRIGGER_FILTERS.some((filter) => offers(trigger, filter));
	const filters = offered ? chosenFilters(trigger, readParameter<IDataObject>(ctx, 'filters', {}), splitRefs) : [];
	return {
		trigger,
		model,
		modelRefs,
		eventTypes: Array.isArray(eventTypes) ? eventTypes : splitRefs(eventTypes),
		filters,
		verifySignature: readParameter<boolean>(ctx, 'verifySignature', true) !== false,
	};
}

const PLAN_PARAMETERS = [
	'event',
	'boards',
	'activityTypes',
	'watch',
	'watchedLists',
	'watchedCards',
	'watchedMembers',
	'watchedWorkspaces',
	'eventTypes',
	'filters',
	'verifySignature',
] as const;
const planMemo = new ParameterMemo<TriggerPlan>(PLAN_PARAMETERS, readPlan);

/** readPlan for a delivery, reused while the node's parameters stay the same; `callbackUrl` names the node. */
export function deliveryPlan(ctx: IWebhookFunctions, callbackUrl: string): TriggerPlan {
	return planMemo.get(ctx, callbackUrl);
}

/**
 * Refuses configurations that can never fire, before anything is registered with Trello.
 * Checks that need Trello's answers (lists on the boards, cards) run at activation.
 */
export function assertPlanCanFire(node: INode, plan: TriggerPlan): void {
	const model = modelType(plan.model)!;
	if (!plan.trigger.watchesAccount && !model.noneMeansAccount && plan.modelRefs.length === 0) {
		throw new NodeOperationError(node, `No ${model.several} to watch`, {
			description: `Set "${model.label}": the trigger needs at least one ${model.one} to create a Trello webhook on.`,
		});
	}
	const seenBy = (definition: EventType) =>
		MODEL_TYPES.filter(({ value }) => !definition.unseenBy.includes(value))
			.map(({ one }) => one)
			.join(' or ');
	const fixedEvent = plan.trigger.eventType ? eventType(plan.trigger.eventType) : undefined;
	if (fixedEvent?.unseenBy.includes(plan.model)) {
		throw new NodeOperationError(node, `"${plan.trigger.name}" can never fire on a webhook that watches ${model.several}`, {
			description: `Trello reports "${fixedEvent.name}" only to webhooks on a ${seenBy(fixedEvent)}. Choose one of those in "Model Type".`,
		});
	}
	for (const value of plan.eventTypes) {
		const definition = eventType(value);
		if (!definition) {
			throw new NodeOperationError(node, `Unknown event type "${value}"`, {
				description: 'Choose event types from the list offered by the node.',
			});
		}
		if (definition.unseenBy.includes(plan.model)) {
			throw new NodeOperationError(node, `The event type "${definition.name}" can never fire on a webhook that watches ${model.several}`, {
				description: `Trello reports "${definition.name}" only to webhooks on a ${seenBy(definition)}. Watch boards instead, or remove "${definition.name}" from the event types.`,
			});
		}
	}
	for (const { filter, values } of plan.filters) {
		if (!filter.event) continue;
		const event = eventType(filter.event)!.name;
		if (!plan.eventTypes.includes(filter.event) && plan.trigger.eventType !== filter.event) {
			const names = TRIGGER_FILTERS.filter((each) => each.event === filter.event).map((each) => `"${each.label}"`);
			throw new NodeOperationError(node, `${names.join(' and ')} ${names.length > 1 ? 'apply' : 'applies'} only to ${event}`, {
				description: `Add "${event}" to the event types, or clear ${names.join(' and ')}.`,
			});
		}
		const other = filter.notSameAs && plan.filters.find((chosen) => chosen.filter.name === filter.notSameAs!.filter);
		if (other && values.length === 1 && other.values.length === 1 && values[0] === other.values[0]) {
			throw new NodeOperationError(
				node,
				`${event} can never fire: "${other.filter.label}" and "${filter.label}" are both only the ${filter.onWatchedBoards ?? 'value'} ${values[0]}`,
				{ description: filter.notSameAs!.advice },
			);
		}
	}
}
