import type { TrelloAction } from './payload';
import { closedChange, isCardMove } from './payload';

/** What a webhook is attached to (models.ts). Trello reports different actions for each. */
export type WatchedModel = 'board' | 'list' | 'card' | 'member' | 'organization';

/** Actions that change a property of a card, as the spec's "Card Updated" counts them. */
const CARD_PROPERTY_ACTIONS = [
	'updateCard',
	'addAttachmentToCard',
	'deleteAttachmentFromCard',
	'addLabelToCard',
	'removeLabelFromCard',
	'addMemberToCard',
	'removeMemberFromCard',
	'addChecklistToCard',
	'removeChecklistFromCard',
];

export interface EventType {
	value: string;
	name: string;
	description: string;
	/** Trello action types that can be this event. */
	actionTypes: string[];
	/** A further condition on the action, when its type alone does not decide. */
	when?: (action: TrelloAction) => boolean;
	/** Models whose webhooks can never report this event (they do not see the object it happens to). */
	unseenBy: WatchedModel[];
}

/** A member's or a workspace's webhook reports what happens to the member or workspace, not on its boards. */
const OFF_BOARDS: WatchedModel[] = ['member', 'organization'];
const NOT_ON_ONE_CARD: WatchedModel[] = ['card', ...OFF_BOARDS];
const BOARD_LEVEL: WatchedModel[] = ['list', 'card', ...OFF_BOARDS];

/**
 * Activity types offered by "New Board Activity" and "Custom Webhook Events", each defined by a
 * predicate on the Trello action. Several can match one action (a move is also an update).
 */
export const EVENT_TYPES: EventType[] = [
	{
		value: 'cardCreated',
		name: 'Card Created',
		description: 'A card is created, copied, converted from a checklist item or e-mailed to the board',
		actionTypes: ['createCard', 'copyCard', 'convertToCardFromCheckItem', 'emailCard'],
		unseenBy: NOT_ON_ONE_CARD,
	},
	{
		value: 'cardUpdated',
		name: 'Card Updated',
		description:
			'Any change of a card property: name, description, due date, position, list (a move counts), archive state, labels, members, attachments, checklists',
		actionTypes: CARD_PROPERTY_ACTIONS,
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'cardMoved',
		name: 'Card Moved',
		description: 'A card goes from one list to another (filter by source and destination list)',
		actionTypes: ['updateCard'],
		when: isCardMove,
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'cardArchived',
		name: 'Card Archived',
		description: 'A card is archived',
		actionTypes: ['updateCard'],
		when: closedChange('updateCard', true),
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'cardUnarchived',
		name: 'Card Sent Back to Board',
		description: 'An archived card is restored',
		actionTypes: ['updateCard'],
		when: closedChange('updateCard', false),
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'cardDeleted',
		name: 'Card Deleted',
		description: 'A card is deleted',
		actionTypes: ['deleteCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'commentAdded',
		name: 'Comment Added',
		description: 'A comment is posted on a card',
		actionTypes: ['commentCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'commentUpdated',
		name: 'Comment Edited',
		description: 'A comment on a card is edited',
		actionTypes: ['updateComment'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'commentDeleted',
		name: 'Comment Deleted',
		description: 'A comment on a card is deleted',
		actionTypes: ['deleteComment'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'memberAddedToCard',
		name: 'Member Added to Card',
		description: 'A member is added to a card',
		actionTypes: ['addMemberToCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'memberRemovedFromCard',
		name: 'Member Removed From Card',
		description: 'A member is removed from a card',
		actionTypes: ['removeMemberFromCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'memberAddedToBoard',
		name: 'Member Added to Board',
		description: 'A member joins or is added to the board',
		actionTypes: ['addMemberToBoard', 'makeNormalMemberOfBoard', 'makeAdminOfBoard'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'memberRemovedFromBoard',
		name: 'Member Removed From Board',
		description: 'A member leaves or is removed from the board',
		actionTypes: ['removeMemberFromBoard'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'labelCreated',
		name: 'Label Created',
		description: 'A label is created on the board',
		actionTypes: ['createLabel'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'labelUpdated',
		name: 'Label Updated',
		description: 'A label of the board is renamed or recoloured',
		actionTypes: ['updateLabel'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'labelDeleted',
		name: 'Label Deleted',
		description: 'A label is deleted from the board',
		actionTypes: ['deleteLabel'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'customFieldChanged',
		name: 'Card Custom Field Changed',
		description: 'A custom field value of a card is set, changed or cleared (the item names the field and carries its old and new value)',
		actionTypes: ['updateCustomFieldItem'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'labelAdded',
		name: 'Label Added to Card',
		description: 'A label is applied to a card',
		actionTypes: ['addLabelToCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'labelRemoved',
		name: 'Label Removed From Card',
		description: 'A label is taken off a card',
		actionTypes: ['removeLabelFromCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'checklistAdded',
		name: 'Checklist Added',
		description: 'A checklist is added to a card',
		actionTypes: ['addChecklistToCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'checkItemCreated',
		name: 'Checklist Item Created',
		description: 'An item is added to a checklist',
		actionTypes: ['createCheckItem'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'checkItemStateChanged',
		name: 'Checklist Item State Changed',
		description: 'A checklist item is checked or unchecked',
		actionTypes: ['updateCheckItemStateOnCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'attachmentAdded',
		name: 'Attachment Added',
		description: 'A file or link is attached to a card',
		actionTypes: ['addAttachmentToCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'attachmentDeleted',
		name: 'Attachment Deleted',
		description: 'An attachment is removed from a card',
		actionTypes: ['deleteAttachmentFromCard'],
		unseenBy: OFF_BOARDS,
	},
	{
		value: 'listCreated',
		name: 'List Created',
		description: 'A list is created on the board',
		actionTypes: ['createList'],
		unseenBy: BOARD_LEVEL,
	},
	{
		value: 'listUpdated',
		name: 'List Updated',
		description: 'A list is renamed, moved, archived or restored',
		actionTypes: ['updateList'],
		unseenBy: NOT_ON_ONE_CARD,
	},
	{
		value: 'listArchived',
		name: 'List Archived',
		description: 'A list is archived',
		actionTypes: ['updateList'],
		when: closedChange('updateList', true),
		unseenBy: NOT_ON_ONE_CARD,
	},
	{
		value: 'boardUpdated',
		name: 'Board Updated',
		description: 'The board is renamed, archived or its settings change',
		actionTypes: ['updateBoard'],
		unseenBy: BOARD_LEVEL,
	},
];

const EVENT_TYPES_BY_VALUE = new Map(EVENT_TYPES.map((eventType) => [eventType.value, eventType]));

export function eventType(value: string): EventType | undefined {
	return EVENT_TYPES_BY_VALUE.get(value);
}

/** Candidate event types per Trello action type, in event table order. */
const EVENT_TYPES_BY_ACTION_TYPE = new Map<string, EventType[]>();
for (const definition of EVENT_TYPES) {
	for (const actionType of definition.actionTypes) {
		EVENT_TYPES_BY_ACTION_TYPE.set(actionType, [...(EVENT_TYPES_BY_ACTION_TYPE.get(actionType) ?? []), definition]);
	}
}

/** Whether an action fires a fixed trigger. */
export function firesFixedTrigger(trigger: EventRow, action: TrelloAction): boolean {
	if (trigger.eventType) return matchingEventTypes(action, [trigger.eventType]).length > 0;
	return trigger.actionTypes?.includes(String(action.type)) ?? false;
}

/** Event types an action matches, in event table order. */
export function matchingEventTypes(action: TrelloAction, among?: string[]): string[] {
	const candidates = EVENT_TYPES_BY_ACTION_TYPE.get(String(action.type)) ?? [];
	const matched: string[] = [];
	for (const definition of candidates) {
		if (among?.length && !among.includes(definition.value)) continue;
		if (definition.when && !definition.when(action)) continue;
		matched.push(definition.value);
	}
	return matched;
}

export type TriggerKind = 'fixed' | 'activity' | 'custom';

export interface EventRow {
	value: string;
	name: string;
	description: string;
	kind: TriggerKind;
	/** The event type that fires a "fixed" trigger. */
	eventType?: string;
	/**
	 * Trello action types that fire a "fixed" trigger with no event type: New Board, which only the
	 * account's webhook sees, so it is no activity type of a board.
	 */
	actionTypes?: string[];
	/** Watches the connected account instead of chosen boards. */
	watchesAccount?: boolean;
}

/** One row per trigger of the spec's Events table that is instant (webhook-based). */
export const TRIGGERS: EventRow[] = [
	{
		value: 'newComment',
		name: 'New Comment Added to Card',
		description: 'A comment is added to any card of the chosen boards',
		kind: 'fixed',
		eventType: 'commentAdded',
	},
	{
		value: 'newCard',
		name: 'New Card',
		description: 'A card is created, copied or e-mailed to one of the chosen boards (optionally only in chosen lists)',
		kind: 'fixed',
		eventType: 'cardCreated',
	},
	{
		value: 'cardMoved',
		name: 'Card Moved',
		description: 'A card goes from one list to another on the chosen boards (optionally only from or to chosen lists)',
		kind: 'fixed',
		eventType: 'cardMoved',
	},
	{
		value: 'newMemberOnCard',
		name: 'New Member on Card',
		description: 'A member is added to a card',
		kind: 'fixed',
		eventType: 'memberAddedToCard',
	},
	{
		value: 'newLabelCreated',
		name: 'New Label Created',
		description: 'A label is created on a board',
		kind: 'fixed',
		eventType: 'labelCreated',
	},
	{
		value: 'newLabelAddedToCard',
		name: 'New Label Added To Card',
		description: 'A label is applied to a card',
		kind: 'fixed',
		eventType: 'labelAdded',
	},
	{
		value: 'newChecklist',
		name: 'New Checklist',
		description: 'A checklist is added to any card on a board',
		kind: 'fixed',
		eventType: 'checklistAdded',
	},
	{
		value: 'newBoard',
		name: 'New Board',
		description: 'A board is created (or copied) by the connected account',
		kind: 'fixed',
		actionTypes: ['createBoard', 'copyBoard'],
		watchesAccount: true,
	},
	{
		value: 'newBoardActivity',
		name: 'New Board Activity',
		description: 'Any activity on the chosen boards, optionally limited to chosen activity types',
		kind: 'activity',
	},
	{
		value: 'newAttachment',
		name: 'New Attachment',
		description: 'A file or link is attached to any card on a board',
		kind: 'fixed',
		eventType: 'attachmentAdded',
	},
	{
		value: 'custom',
		name: 'Custom Webhook Events',
		description: 'Events matching a combination of filters: boards (or lists, cards), event types, lists, cards',
		kind: 'custom',
	},
];

const TRIGGERS_BY_VALUE = new Map(TRIGGERS.map((trigger) => [trigger.value, trigger]));

export function triggerDefinition(value: string): EventRow | undefined {
	return TRIGGERS_BY_VALUE.get(value);
}

