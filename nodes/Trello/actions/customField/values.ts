import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { TrelloRowRun } from '../types';

export interface CustomFieldDefinition {
	id: string;
	name?: string;
	type?: string;
	options?: Array<{ id: string; value?: { text?: string } }>;
}

async function definitionOf(run: TrelloRowRun): Promise<CustomFieldDefinition> {
	return (await run.client.request<CustomFieldDefinition>({
		method: 'GET',
		path: `/1/customFields/${pathSegment(String(run.values.customField))}`,
	})) ?? { id: String(run.values.customField) };
}

/**
 * The request body for a value of the field's type. Trello stores every value as text:
 * {"number": "42"}, {"checked": "true"}; a list field takes the option's id as idValue.
 * `parameter` names where the value was given (errors name it).
 */
export function bodyFor(run: TrelloRowRun, field: CustomFieldDefinition, raw: unknown, parameter = 'Value'): IDataObject {
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	const fail = (problem: string, fix: string) =>
		new NodeOperationError(run.ctx.getNode(), `The "${parameter}" parameter ${problem}`, { itemIndex: run.itemIndex, description: fix });
	const name = typeof field.name === 'string' && field.name ? `"${field.name}"` : 'The custom field';
	if (!text && field.type !== 'text') throw fail('is empty', `Give a value, or use "Custom Field → Clear Value on Card" to remove it.`);
	switch (field.type) {
		case 'text':
			return { value: { text: String(raw ?? '') } };
		case 'number':
			if (!/^-?\d+(\.\d+)?$/.test(text)) throw fail(`is not a number (got "${text}")`, `${name} is a number field: give digits, e.g. 42 or 3.5.`);
			return { value: { number: text } };
		case 'date': {
			const date = new Date(text);
			if (Number.isNaN(date.getTime())) throw fail(`is not a date (got "${text}")`, `${name} is a date field: give an ISO 8601 date, e.g. 2026-12-01T09:00:00Z.`);
			return { value: { date: date.toISOString() } };
		}
		case 'checkbox': {
			const lower = text.toLowerCase();
			if (lower !== 'true' && lower !== 'false') throw fail(`must be true or false (got "${text}")`, `${name} is a checkbox: give true or false.`);
			return { value: { checked: lower } };
		}
		case 'list': {
			const options = field.options ?? [];
			const option =
				options.find((o) => o.id === text) ?? options.find((o) => (o.value?.text ?? '').toLowerCase() === text.toLowerCase());
			if (!option) {
				const names = options.map((o) => o.value?.text ?? o.id).join(', ');
				throw fail(`is not an option of ${name} (got "${text}")`, `Give one of: ${names || '(the field has no options)'}.`);
			}
			return { idValue: option.id };
		}
		default:
			// Trello names five types; anything else is an answer this node cannot act on.
			throw new ServiceAnswerError(
				`Trello sent an answer of an unexpected shape: a custom field of a type this node does not know ("${String(field.type)}")`,
				'Use the Trello Toolkit API Call node to set the value, or check the API Base URL of the credential.',
			);
	}
}

/** Set Value on Card: the field's type is looked up, the value checked against it, then stored. */
export async function setCustomFieldValue(run: TrelloRowRun) {
	const field = await definitionOf(run);
	return await run.generic({ ...run.request, body: bodyFor(run, field, run.values.value) });
}

/** Clear Value on Card: an empty value (no option, for list fields) removes the value. */
export async function clearCustomFieldValue(run: TrelloRowRun) {
	const field = await definitionOf(run);
	return await run.generic({ ...run.request, body: field.type === 'list' ? { idValue: '' } : { value: '' } });
}
