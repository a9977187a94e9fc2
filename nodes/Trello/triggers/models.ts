/**
 * What a Trello Trigger's webhooks can watch ("Model Type"), one row each: the picker of the
 * models, how each is looked up before its webhook is created (the webhook's idModel is the id
 * Trello answers), and how messages name it. Which event types each model's webhooks report is
 * the event table's `unseenBy` (events.ts); the node offers per trigger only the models that can
 * report it, and per model only the event types it reports.
 */
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { boardsPicker, listsPicker } from '../actions/fields';
import { multiPicker } from '../../shared/locator';
import type { EventRow, WatchedModel } from './events';
import { EVENT_TYPES, eventType, TRIGGERS } from './events';

export interface ModelType {
	value: WatchedModel;
	/** The option's name in "Model Type". */
	name: string;
	description: string;
	/** One of them, in messages ("a card"), and several ("cards"). */
	one: string;
	several: string;
	/** The picker's parameter and how messages name it. */
	parameter: string;
	label: string;
	/** The picker, without display options (they follow from this table). */
	picker: INodeProperties;
	/** Where one model is read before its webhook is created, and which fields. */
	path: string;
	fields: string;
	/** The name kept with the webhook record. */
	nameOf: (answer: IDataObject) => unknown;
	/** Nothing picked means the connected account (a member webhook on oneself). */
	noneMeansAccount?: boolean;
}

export const MODEL_TYPES: ModelType[] = [
	{
		value: 'board',
		name: 'Boards',
		description: 'Everything on the chosen boards',
		one: 'board',
		several: 'boards',
		parameter: 'boards',
		label: 'Boards',
		picker: boardsPicker('Boards to watch; one Trello webhook is created per board.'),
		path: '/1/boards/',
		fields: 'id,name,closed',
		nameOf: (board) => board.name,
	},
	{
		value: 'list',
		name: 'Lists',
		description: 'The chosen lists and their cards',
		one: 'list',
		several: 'lists',
		parameter: 'watchedLists',
		label: 'Lists to Watch',
		picker: listsPicker('watchedLists', 'Lists to Watch', 'Lists to watch; one webhook is created per list.', { required: true }),
		path: '/1/lists/',
		fields: 'id,name,closed,idBoard',
		nameOf: (list) => list.name,
	},
	{
		value: 'card',
		name: 'Cards',
		description: 'Only the chosen cards',
		one: 'card',
		several: 'cards',
		parameter: 'watchedCards',
		label: 'Cards to Watch',
		picker: {
			displayName: 'Cards to Watch',
			name: 'watchedCards',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://trello.com/c/AbCd1234, 5f1c0e1d2a3b4c5d6e7f8093',
			description: 'Comma-separated card IDs, short links or card addresses; one webhook is created per card',
		},
		path: '/1/cards/',
		fields: 'id,name,closed,idBoard',
		nameOf: (card) => card.name,
	},
	{
		value: 'member',
		name: 'Members',
		description: 'The chosen members (by default the connected account) and what they do',
		one: 'member',
		several: 'members',
		parameter: 'watchedMembers',
		label: 'Members to Watch',
		picker: multiPicker({
			name: 'watchedMembers',
			label: 'Members to Watch',
			loadOptionsMethod: 'getWatchableMembers',
			description: 'Members to watch; one webhook is created per member. Leave empty to watch the connected account.',
		}),
		path: '/1/members/',
		fields: 'id,username,fullName',
		nameOf: (member) => member.username,
		noneMeansAccount: true,
	},
	{
		value: 'organization',
		name: 'Workspaces',
		description: 'The chosen workspaces (organizations): their members, settings and boards',
		one: 'workspace',
		several: 'workspaces',
		parameter: 'watchedWorkspaces',
		label: 'Workspaces to Watch',
		picker: multiPicker({
			name: 'watchedWorkspaces',
			label: 'Workspaces to Watch',
			loadOptionsMethod: 'getWorkspaces',
			description: 'Workspaces to watch; one webhook is created per workspace.',
			required: true,
		}),
		path: '/1/organizations/',
		fields: 'id,name,displayName',
		nameOf: (workspace) => workspace.displayName ?? workspace.name,
	},
];

const BY_VALUE = new Map(MODEL_TYPES.map((model) => [model.value, model]));

export function modelType(value: string): ModelType | undefined {
	return BY_VALUE.get(value as WatchedModel);
}

/** Models whose webhooks report a trigger's event (every model for the triggers that choose their events). */
export function modelsFor(trigger: EventRow): ModelType[] {
	if (trigger.watchesAccount) return [];
	const event = trigger.eventType ? eventType(trigger.eventType) : undefined;
	return MODEL_TYPES.filter((model) => !event?.unseenBy.includes(model.value));
}

/** Event types a model's webhooks report. */
export function eventTypesSeenBy(model: WatchedModel) {
	return EVENT_TYPES.filter((definition) => !definition.unseenBy.includes(model));
}

const same = (a: WatchedModel[], b: WatchedModel[]) => a.join() === b.join();

/**
 * "Model Type", once per set of triggers offering the same models (each offers only the models that
 * report its event); none for triggers only a board can serve, which keep watching boards.
 */
function modelTypeProperties(): INodeProperties[] {
	const groups: Array<{ models: WatchedModel[]; triggers: string[] }> = [];
	for (const trigger of TRIGGERS) {
		const models = modelsFor(trigger).map((model) => model.value);
		if (models.length < 2) continue;
		const group = groups.find((each) => same(each.models, models));
		if (group) group.triggers.push(trigger.value);
		else groups.push({ models, triggers: [trigger.value] });
	}
	return groups.map(({ models, triggers }) => ({
		displayName: 'Model Type',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { event: triggers } },
		options: models.map((value) => {
			const { name, description } = modelType(value)!;
			return { name, value, description };
		}),
		default: 'board',
		description: 'What Trello webhooks are created on: each model reports only what happens to it (a card reports no new lists)',
	}));
}

/** Every picker, shown when its model is chosen; boards also for triggers with no choice of model. */
function pickerProperties(): INodeProperties[] {
	const account = TRIGGERS.filter((trigger) => trigger.watchesAccount).map((trigger) => trigger.value);
	return MODEL_TYPES.map((model) => {
		const others = MODEL_TYPES.filter((each) => each !== model).map((each) => each.value);
		const displayOptions: IDisplayOptions =
			model.value === 'board' ? { hide: { event: account, watch: others } } : { show: { watch: [model.value] }, hide: { event: account } };
		return { ...model.picker, displayOptions };
	});
}

/**
 * A multi-select of event types (Activity Types, Event Types) for the triggers given, once per
 * model: each lists only the event types that model's webhooks report, and none where it reports none.
 */
function eventTypeProperties(base: Omit<INodeProperties, 'options' | 'displayOptions'>, triggers: string[]): INodeProperties[] {
	return MODEL_TYPES.flatMap((model) => {
		const options = eventTypesSeenBy(model.value).map(({ name, value, description }) => ({ name, value, description }));
		if (!options.length) return [];
		return [{ ...base, displayOptions: { show: { event: triggers, watch: [model.value] } }, options }];
	});
}

/** The node's properties for what is watched: Model Type, the pickers, Activity Types and Event Types. */
export function watchedModelProperties(): INodeProperties[] {
	return [
		...modelTypeProperties(),
		...pickerProperties(),
		...eventTypeProperties(
			{
				displayName: 'Activity Types',
				name: 'activityTypes',
				type: 'multiOptions',
				default: [],
				description: 'Activity that starts the workflow; leave empty for any activity on the watched models',
			},
			TRIGGERS.filter((trigger) => trigger.kind === 'activity').map((trigger) => trigger.value),
		),
		...eventTypeProperties(
			{
				displayName: 'Event Types',
				name: 'eventTypes',
				type: 'multiOptions',
				default: [],
				description:
					'Events that start the workflow; leave empty (and Action Types empty) for every event the watched models report',
			},
			TRIGGERS.filter((trigger) => trigger.kind === 'custom').map((trigger) => trigger.value),
		),
	];
}
