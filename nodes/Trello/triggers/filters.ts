/**
 * The options of the Trello Trigger's "Filters" collection, one row each: which triggers offer it,
 * which event it narrows, how a Trello action's values are read for it, and its editor field. The
 * node's display options, the plan (parameters.ts), its checks, the activation checks
 * (registration.ts) and the matching (matching.ts) all read this table; adding a filter is adding a row.
 */
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { listsPicker } from '../actions/fields';
import type { EventRow, TriggerKind } from './events';
import { TRIGGERS } from './events';
import type { TrelloAction } from './payload';
import { cardKeysOf, listIdsOf, moveEnds } from './payload';

export interface TriggerFilter {
	/** The option's name in "Filters", as saved workflows store it. */
	name: string;
	/** How messages name it; the editor field's display name is built from it. */
	label: string;
	/** Kinds of trigger that choose their event types ("New Board Activity", "Custom Webhook Events") offering it. */
	kinds: Array<Exclude<TriggerKind, 'fixed'>>;
	/** Event types of the fixed triggers offering it; without, those of `event`. */
	fixedEvents?: string[];
	/** The one event type it narrows (other event types of an action pass); without, it narrows every event. */
	event?: string;
	/**
	 * narrow: an action fires only when one of its values is chosen.
	 * widen: an action whose value is chosen fires too, whatever the event types say.
	 */
	effect: 'narrow' | 'widen';
	/** The values of an action compared with the chosen ones. */
	valuesOf: (action: TrelloAction) => string[];
	/** Chosen values must be lists or cards of the watched boards, checked at activation. */
	onWatchedBoards?: 'list' | 'card';
	/** Another filter which, holding the same single value as this one, leaves `event` nothing to match. */
	notSameAs?: { filter: string; advice: string };
	/** The editor field, without display options (they follow from the triggers offering it). */
	property: INodeProperties;
}

const present = (values: Array<string | undefined>): string[] => values.filter((value): value is string => !!value);

/** Move filters narrow Card Moved only: a comment says nothing of where a card went. */
const MOVE: Pick<TriggerFilter, 'kinds' | 'event' | 'effect' | 'onWatchedBoards'> = {
	kinds: ['activity', 'custom'],
	event: 'cardMoved',
	effect: 'narrow',
	onWatchedBoards: 'list',
};

function listsFilter(name: string, label: string, description: string, row: Omit<TriggerFilter, 'name' | 'label' | 'property'>): TriggerFilter {
	return { name, label, ...row, property: listsPicker(name, label, description) };
}

export const TRIGGER_FILTERS: TriggerFilter[] = [
	{
		name: 'actionTypes',
		label: 'Action Types',
		kinds: ['custom'],
		effect: 'widen',
		valuesOf: (action) => present([action.type]),
		property: {
			displayName: 'Action Types',
			name: 'actionTypes',
			type: 'string',
			default: '',
			placeholder: 'moveCardToBoard, updateCustomFieldItem',
			description: 'Comma-separated Trello action types that also start the workflow, for events not in Event Types',
		},
	},
	{
		name: 'cards',
		label: 'Cards',
		kinds: ['activity', 'custom'],
		effect: 'narrow',
		valuesOf: cardKeysOf,
		onWatchedBoards: 'card',
		property: {
			displayName: 'Cards',
			name: 'cards',
			type: 'string',
			default: '',
			description: 'Only events on these cards (comma-separated IDs or short links)',
		},
	},
	listsFilter('lists', 'Lists', 'Only events in these lists, including moves into or out of them.', {
		kinds: ['activity', 'custom'],
		fixedEvents: ['cardCreated', 'cardMoved'],
		effect: 'narrow',
		valuesOf: listIdsOf,
		onWatchedBoards: 'list',
	}),
	{
		name: 'members',
		label: 'Members',
		kinds: ['activity', 'custom'],
		fixedEvents: TRIGGERS.flatMap((trigger) => (trigger.eventType ? [trigger.eventType] : [])),
		effect: 'narrow',
		valuesOf: ({ idMemberCreator, memberCreator }) => present([idMemberCreator, memberCreator?.id as string | undefined, memberCreator?.username as string | undefined]),
		property: {
			displayName: 'Members',
			name: 'members',
			type: 'string',
			default: '',
			placeholder: 'alexkim, 5a1e2f3a4b5c6d7e8f901234',
			description: 'Only events done by these members (comma-separated usernames or member IDs)',
		},
	},
	listsFilter('movedFromLists', 'Moved From Lists', 'Card Moved only: the card left one of these lists.', {
		...MOVE,
		valuesOf: (action) => present([moveEnds(action).from]),
	}),
	listsFilter('movedToLists', 'Moved To Lists', 'Card Moved only: the card arrived in one of these lists.', {
		...MOVE,
		valuesOf: (action) => present([moveEnds(action).to]),
		notSameAs: {
			filter: 'movedFromLists',
			advice: 'A move takes a card from one list to a different list. Choose different source and destination lists.',
		},
	}),
];

/** Whether a trigger's Filters offer a filter; a filter a trigger does not offer is never read for it. */
export function offers(trigger: EventRow, filter: TriggerFilter): boolean {
	if (trigger.kind !== 'fixed') return filter.kinds.includes(trigger.kind);
	const events = filter.fixedEvents ?? (filter.event ? [filter.event] : []);
	return !!trigger.eventType && events.includes(trigger.eventType);
}

/** A chosen filter: its row and the values given (never empty). */
export interface ChosenFilter {
	filter: TriggerFilter;
	values: string[];
}

/** The filters a trigger offers that have values in the raw "Filters" collection. */
export function chosenFilters(trigger: EventRow, raw: IDataObject, split: (value: unknown) => string[]): ChosenFilter[] {
	return TRIGGER_FILTERS.filter((filter) => offers(trigger, filter))
		.map((filter) => ({ filter, values: split(raw[filter.name]) }))
		.filter(({ values }) => values.length > 0);
}

/** Whether one of the action's values is among the chosen ones. */
export function filterPasses({ filter, values }: ChosenFilter, action: TrelloAction): boolean {
	return filter.valuesOf(action).some((value) => values.includes(value));
}

function triggersOffering(filters: TriggerFilter[]): string[] {
	return TRIGGERS.filter((trigger) => filters.some((filter) => offers(trigger, filter))).map((trigger) => trigger.value);
}

/** The field with its display options put where n8n's descriptions have them: before the default. */
function withDisplayOptions(property: INodeProperties, displayOptions: IDisplayOptions | undefined): INodeProperties {
	if (!displayOptions) return property;
	const placed: IDataObject = {};
	for (const [key, value] of Object.entries(property)) {
		if (key === 'default') placed.displayOptions = displayOptions as IDataObject;
		placed[key] = value as IDataObject[string];
	}
	return placed as unknown as INodeProperties;
}

/** The "Filters" collection: shown for the triggers offering a filter, each option for those offering it. */
export function filtersCollection(): INodeProperties {
	const shownFor = triggersOffering(TRIGGER_FILTERS);
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		displayOptions: { show: { event: shownFor } },
		default: {},
		options: TRIGGER_FILTERS.map((filter) => {
			const offeredBy = triggersOffering([filter]);
			const everywhere = offeredBy.length === shownFor.length;
			return withDisplayOptions(filter.property, everywhere ? undefined : { show: { '/event': offeredBy } });
		}),
	};
}
