import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../actions/customField/values';
import { typedValue } from '../actions/customField/onCards';
import type { TrelloAction } from './payload';

type Ref = { id: string; name?: string } & IDataObject;

/** An object the event names: its id, and its name and the `extra` fields when Trello sent them. */
function ref(value: unknown, extra: string[] = []): Ref | null {
	if (!value || typeof value !== 'object') return null;
	const record = value as IDataObject;
	if (typeof record.id !== 'string' || !record.id) return null;
	const result: Ref = { id: record.id };
	if (typeof record.name === 'string') result.name = record.name;
	for (const key of extra) if (record[key] !== undefined && record[key] !== null) result[key] = record[key];
	return result;
}

function memberOf(value: unknown, fallbackId?: string): IDataObject | null {
	const record = (value ?? {}) as IDataObject;
	const id = typeof record.id === 'string' ? record.id : fallbackId;
	if (!id) return null;
	return present({ id, username: record.username, fullName: record.fullName });
}

/** Leaves out the fields an event does not have, so an item shows only what it is about. */
function present(fields: IDataObject): IDataObject {
	// A loop, not entries/filter/fromEntries: this runs for every delivery and builds no arrays.
	const kept: IDataObject = {};
	for (const key in fields) {
		const value = fields[key];
		if (value !== null && value !== undefined) kept[key] = value;
	}
	return kept;
}

/**
 * A custom field change: the field's id, name and type, and its old and new value as Card → Get
 * reads them (null when there was or is none). A list (dropdown) value is its option's text when
 * the field's options are known, else the option's id.
 */
function customFieldChange(data: IDataObject, definition?: CustomFieldDefinition): IDataObject | null {
	const field = ref(data.customField, ['type']);
	if (!field) return null;
	const known: CustomFieldDefinition = { ...(data.customField as CustomFieldDefinition), ...definition };
	return {
		...field,
		oldValue: typedValue(known, data.old as never) as IDataObject[string],
		newValue: typedValue(known, data.customFieldItem as never) as IDataObject[string],
	};
}

/**
 * The one output shape of every Trello trigger: what happened, who did it, the board, list and
 * card involved (both lists of a move), and the untouched source record. Fields the event does
 * not carry (a label on a move, a comment text on a label change) are left out, not null.
 */
export function actionToItem(
	action: TrelloAction,
	context: { trigger: string; eventTypes: string[]; model?: IDataObject; webhookId?: string; customField?: CustomFieldDefinition },
): IDataObject {
	const data = (action.data ?? {}) as IDataObject;
	const card = ref(data.card, ['shortLink', 'idShort']);
	const listAfter = ref(data.listAfter);
	return present({
		trigger: context.trigger,
		eventTypes: context.eventTypes,
		actionId: action.id ?? null,
		actionType: action.type ?? null,
		date: action.date ?? null,
		memberCreator: memberOf(action.memberCreator, action.idMemberCreator),
		board: ref(data.board, ['shortLink']),
		list: ref(data.list) ?? listAfter,
		listBefore: ref(data.listBefore),
		listAfter,
		card,
		member: ref(data.member) ?? (typeof data.idMember === 'string' ? { id: data.idMember } : null),
		label: ref(data.label, ['color']),
		checklist: ref(data.checklist),
		checkItem: ref(data.checkItem, ['state']),
		attachment: ref(data.attachment, ['url']),
		customField: customFieldChange(data, context.customField),
		text: typeof data.text === 'string' ? data.text : null,
		old: (data.old as IDataObject | undefined) ?? null,
		model: context.model ? ref(context.model) : null,
		webhookId: context.webhookId ?? null,
		action,
	});
}

/** Notifications get the same shape, with the notification as the source record. */
export function notificationToItem(notification: IDataObject): IDataObject {
	const data = (notification.data ?? {}) as IDataObject;
	const listAfter = ref(data.listAfter);
	return present({
		trigger: 'newNotification',
		notificationId: notification.id ?? null,
		notificationType: notification.type ?? null,
		date: notification.date ?? null,
		unread: notification.unread ?? null,
		memberCreator: memberOf(notification.memberCreator, notification.idMemberCreator as string | undefined),
		board: ref(data.board, ['shortLink']),
		list: ref(data.list) ?? listAfter,
		listBefore: ref(data.listBefore),
		listAfter,
		card: ref(data.card, ['shortLink', 'idShort']),
		text: typeof data.text === 'string' ? data.text : null,
		actionId: (notification.idAction as string | undefined) ?? null,
		notification,
	});
}
