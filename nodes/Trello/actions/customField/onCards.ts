import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { pathSegment } from '../../../../credentials/requestGuard';
import { readLimit } from '../../../shared/options';
import { executionMemory } from '../../../shared/context';
import type { TrelloClient } from '../../transport';
import type { TrelloRowRun } from '../types';
import type { CustomFieldDefinition } from './values';
import { bodyFor } from './values';

/** A value stored on a card, as Trello returns it in customFieldItems. */
interface CustomFieldItem {
	idCustomField?: string;
	value?: { text?: string; number?: string; date?: string; checked?: string | boolean } | null;
	idValue?: string | null;
}

/**
 * A board's custom field definitions, read once per board per execution (every card of the
 * board, every item, shares them).
 */
async function boardCustomFields(client: TrelloClient, board: string): Promise<CustomFieldDefinition[]> {
	const memory = executionMemory(client, 'trello-custom-field-definitions');
	const key = board.toLowerCase();
	let pending = memory.get(key) as Promise<CustomFieldDefinition[]> | undefined;
	if (!pending) {
		pending = client
			.request<CustomFieldDefinition[] | null>({ method: 'GET', path: `/1/boards/${pathSegment(board)}/customFields` })
			.then((definitions) => (Array.isArray(definitions) ? definitions : []));
		memory.set(key, pending);
		// A failed read is not remembered: the next item asks again.
		pending.catch(() => memory.delete(key));
	}
	return await pending;
}

/**
 * A stored value as its type reads: text as text, a number as a number, a date as its ISO text,
 * a checkbox as true or false, a list (dropdown) value as its option's text. No value is null.
 */
export function typedValue(field: CustomFieldDefinition | undefined, item: CustomFieldItem | null | undefined): unknown {
	if (!item) return null;
	if (item.idValue) {
		const option = field?.options?.find((o) => o.id === item.idValue);
		return option?.value?.text ?? item.idValue;
	}
	const value = item.value;
	if (!value || typeof value !== 'object') return null;
	if (value.text !== undefined) return value.text;
	if (value.number !== undefined) {
		const number = Number(value.number);
		return Number.isFinite(number) ? number : value.number;
	}
	if (value.date !== undefined) return value.date;
	if (value.checked !== undefined) return value.checked === true || value.checked === 'true';
	return null;
}

/** Every custom field of the board by name, with the card's value (null when it has none). */
function valuesByName(definitions: CustomFieldDefinition[], items: CustomFieldItem[]): IDataObject {
	const byName: IDataObject = {};
	for (const field of definitions) byName[field.name ?? field.id] = null;
	for (const item of items) {
		const field = definitions.find((f) => f.id === item.idCustomField);
		byName[field?.name ?? String(item.idCustomField)] = typedValue(field, item) as IDataObject[string];
	}
	return byName;
}

/** Cards (one or a list) with `customFields` added from their customFieldItems and their board's definitions. */
async function namedCustomFields(client: TrelloClient, body: unknown): Promise<unknown> {
	const cards = Array.isArray(body) ? body : [body];
	for (const card of cards as IDataObject[]) {
		if (!card || typeof card !== 'object' || typeof card.idBoard !== 'string') continue;
		const items = Array.isArray(card.customFieldItems) ? (card.customFieldItems as CustomFieldItem[]) : [];
		card.customFields = valuesByName(await boardCustomFields(client, card.idBoard), items);
	}
	return body;
}

/** "Include Custom Fields" of the card reads (Card → Get, a board's or a list's cards). */
export const INCLUDE_CUSTOM_FIELDS: RowField = {
	displayName: 'Include Custom Fields',
	name: 'customFieldItems',
	type: 'boolean',
	in: 'query',
	optional: true,
	default: true,
	toApi: (value) => (value === true ? true : undefined),
	description:
		'Whether to add the card’s custom field values by field name, e.g. customFields: {"Priority": "High", "Estimate": 3, "Approved": true} (every field of the board; null when not set). The board’s custom field definitions are read once per board.',
};

/**
 * Card reads with "Include Custom Fields": Trello's customFieldItems are named and typed with the
 * board's definitions. Without it, the row's plain request.
 */
export async function readCardsWithCustomFields(run: TrelloRowRun) {
	const { ctx, client, row, values, itemIndex } = run;
	if (values.customFieldItems !== true) return await run.generic();
	const request = { ...run.request, qs: { ...run.request.qs } };
	// A chosen field list must still name the card's board, whose definitions name the values.
	if (typeof request.qs.fields === 'string' && request.qs.fields && !request.qs.fields.split(',').map((f) => f.trim()).includes('idBoard')) {
		request.qs.fields = `${request.qs.fields},idBoard`;
	}
	const body = row.paging
		? await client.paginate<IDataObject>(request, {
				returnAll: ctx.getNodeParameter('returnAll', itemIndex, false) as boolean,
				limit: readLimit(ctx, itemIndex),
				paging: row.paging.kind,
				maxPageSize: row.paging.maxPageSize,
			})
		: (await client.send({ ...request, acceptStatus: row.acceptStatus })).body;
	return run.respond(await namedCustomFields(client, body));
}

/** "Custom Fields" of Card → Create and Update: field names (or ids) and values. */
export const CUSTOM_FIELD_VALUES: RowField = {
	displayName: 'Custom Fields',
	name: 'customFieldValues',
	type: 'fixedCollection',
	in: 'none',
	optional: true,
	default: {},
	placeholder: 'Add Custom Field',
	description:
		'Custom field values to set, by field name. Each value is written as text and checked against the field’s type before anything is changed: a number (42, 3.5), a date (ISO 8601), true or false for a checkbox, an option’s name for a list (dropdown), any text for a text field.',
	ui: {
		typeOptions: { multipleValues: true },
		options: [
			{
				name: 'field',
				displayName: 'Custom Field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'name',
						type: 'options',
						default: '',
						typeOptions: { loadOptionsMethod: 'getCustomFieldNames', loadOptionsDependsOn: ['board.value'] },
						description:
							'The custom field of the card’s board, found by its name (or ID). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '', placeholder: 'High', description: 'The value to set' },
				],
			},
		],
	},
};

/** Whether "Custom Fields" holds any entry. */
export function hasCustomFieldValues(values: IDataObject): boolean {
	const entries = (values.customFieldValues as IDataObject | undefined)?.field;
	return Array.isArray(entries) && entries.length > 0;
}

interface PlannedValue {
	field: CustomFieldDefinition;
	body: IDataObject;
}

/**
 * The values of "Custom Fields" checked against the board's definitions (field known by name or
 * id, value of its type), before anything is written.
 */
export async function plannedCustomFields(run: TrelloRowRun, board: string): Promise<PlannedValue[]> {
	const entries = ((run.values.customFieldValues as IDataObject | undefined)?.field ?? []) as Array<{ name?: unknown; value?: unknown }>;
	if (!entries.length) return [];
	const definitions = await boardCustomFields(run.client, board);
	return entries.map((entry) => {
		const wanted = String(entry.name ?? '').trim();
		const field =
			definitions.find((f) => f.id === wanted) ?? definitions.find((f) => (f.name ?? '').toLowerCase() === wanted.toLowerCase());
		if (!field) {
			const names = definitions.map((f) => f.name ?? f.id).join(', ');
			throw new NodeOperationError(run.ctx.getNode(), `The "Custom Fields" parameter names a field the card’s board does not have ("${wanted}")`, {
				itemIndex: run.itemIndex,
				description: names ? `Give one of: ${names}.` : 'The board has no custom fields; add them in Trello first.',
			});
		}
		return { field, body: bodyFor(run, field, entry.value, `Custom Fields → ${field.name ?? field.id}`) };
	});
}

/** Writes the planned values on the card; returns them by field name as Get reads them. */
export async function setPlannedCustomFields(run: TrelloRowRun, card: string, planned: PlannedValue[]): Promise<IDataObject> {
	const written: IDataObject = {};
	for (const { field, body } of planned) {
		const item = await run.client.request<CustomFieldItem>({
			method: 'PUT',
			path: `/1/cards/${pathSegment(card)}/customField/${pathSegment(field.id)}/item`,
			body,
		});
		written[field.name ?? field.id] = typedValue(field, item ?? { ...body }) as IDataObject[string];
	}
	return written;
}
