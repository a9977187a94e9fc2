import type { IDataObject, INode, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from '../../shared/context';
import { readParameter } from '../../shared/context';
import { ParameterMemo } from '../../shared/parameterMemo';
import { boardOrCardReference } from '../scope/addresses';
import type { TriggerDefinition, WatchedModel } from './events';
import { eventType, triggerDefinition } from './events';

export interface TriggerFilters {
	lists: string[];
	cards: string[];
	movedFrom: string[];
	movedTo: string[];
}

/** Everything a Trello Trigger's parameters ask for, read once and checked without network. */
export interface TriggerPlan {
	trigger: TriggerDefinition;
	model: WatchedModel;
	/** Ids, short links or web addresses the user gave for the watched models (none for the account). */
	modelRefs: string[];
	/** Chosen activity/event types; empty means any. */
	eventTypes: string[];
	/** Raw Trello action types that also fire "Custom Webhook Events". */
	extraActionTypes: string[];
	filters: TriggerFilters;
	verifySignature: boolean;
}

const MODEL_LABEL: Record<WatchedModel, string> = {
	board: 'boards',
	list: 'lists',
	card: 'cards',
	member: 'the connected account',
};

/** Comma/space separated ids, short links or Trello web addresses, as a clean list. */
export function splitRefs(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[\s,]+/);
	return [...new Set(parts.map((part) => boardOrCardReference(part.trim())).filter(Boolean))];
}

export function readPlan(ctx: ApiContext): TriggerPlan {
	const triggerValue = readParameter<string>(ctx, 'event', 'newComment');
	const trigger = triggerDefinition(triggerValue);
	if (!trigger) {
		throw new NodeOperationError(ctx.getNode(), `Unknown trigger "${triggerValue}"`, {
			description: 'Choose one of the triggers offered by the "Trigger On" parameter.',
		});
	}
	let model: WatchedModel = trigger.watchesAccount ? 'member' : 'board';
	let modelRefs: string[] = trigger.watchesAccount ? [] : splitRefs(readParameter(ctx, 'boards', []));
	let eventTypes: string[] = [];
	let extraActionTypes: string[] = [];
	let filters: TriggerFilters = { lists: [], cards: [], movedFrom: [], movedTo: [] };
	if (trigger.kind === 'activity') {
		eventTypes = readParameter<string[]>(ctx, 'activityTypes', []);
	}
	if (trigger.kind === 'custom') {
		model = readParameter<WatchedModel>(ctx, 'watch', 'board');
		if (model === 'list') modelRefs = splitRefs(readParameter(ctx, 'watchedLists', ''));
		if (model === 'card') modelRefs = splitRefs(readParameter(ctx, 'watchedCards', ''));
		eventTypes = readParameter<string[]>(ctx, 'eventTypes', []);
	}
	if (trigger.kind !== 'fixed' || trigger.filtered) {
		const raw = readParameter<IDataObject>(ctx, 'filters', {});
		filters = {
			lists: splitRefs(raw.lists),
			cards: splitRefs(raw.cards),
			movedFrom: [],
			movedTo: [],
		};
		// New Card has no move: its editor hides the move filters, and a value left there is not applied.
		if (trigger.kind !== 'fixed' || trigger.eventType === 'cardMoved') {
			filters.movedFrom = splitRefs(raw.movedFromLists);
			filters.movedTo = splitRefs(raw.movedToLists);
		}
		if (trigger.kind === 'custom') extraActionTypes = splitRefs(raw.actionTypes);
	}
	return {
		trigger,
		model,
		modelRefs,
		eventTypes: Array.isArray(eventTypes) ? eventTypes : splitRefs(eventTypes),
		extraActionTypes,
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
	if (plan.model !== 'member' && plan.modelRefs.length === 0) {
		const parameter = plan.model === 'board' ? 'Boards' : plan.model === 'list' ? 'Lists to Watch' : 'Cards to Watch';
		throw new NodeOperationError(node, `No ${MODEL_LABEL[plan.model]} to watch`, {
			description: `Set "${parameter}": the trigger needs at least one ${plan.model} to create a Trello webhook on.`,
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
			throw new NodeOperationError(
				node,
				`The event type "${definition.name}" can never fire on a webhook that watches ${MODEL_LABEL[plan.model]}`,
				{
					description: `Trello reports "${definition.name}" only to webhooks on a ${
						plan.model === 'card' ? 'board or list' : 'board'
					}. Watch boards instead, or remove "${definition.name}" from the event types.`,
				},
			);
		}
	}
	const { movedFrom, movedTo } = plan.filters;
	if (movedFrom.length || movedTo.length) {
		if (!plan.eventTypes.includes('cardMoved') && plan.trigger.eventType !== 'cardMoved') {
			throw new NodeOperationError(node, '"Moved From Lists" and "Moved To Lists" apply only to Card Moved', {
				description: 'Add "Card Moved" to the event types, or clear the move filters.',
			});
		}
		if (movedFrom.length === 1 && movedTo.length === 1 && movedFrom[0] === movedTo[0]) {
			throw new NodeOperationError(
				node,
				`Card Moved can never fire: "Moved From Lists" and "Moved To Lists" are both only the list ${movedFrom[0]}`,
				{ description: 'A move takes a card from one list to a different list. Choose different source and destination lists.' },
			);
		}
	}
}
