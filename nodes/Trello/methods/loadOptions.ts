import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { pathSegment } from '../../shared/requestGuard';
import { TrelloClient } from '../transport';
import { boardChildren, chosenBoard, labelName } from './listSearch';

/** Labels of the chosen board, for multi-select fields. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const labels = await boardChildren(this, 'labels', 'name,color');
	return labels
		.map((label) => ({ name: labelName(label), value: String(label.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Members of the chosen board, for multi-select fields. */
export async function getMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const board = chosenBoard(this);
	if (!board) return [];
	const members = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: `/1/boards/${pathSegment(board)}/members`,
		qs: { fields: 'fullName,username' },
	});
	return members
		.map((member) => ({
			name: member.fullName ? `${String(member.fullName)} (@${String(member.username)})` : `@${String(member.username)}`,
			value: String(member.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Custom fields of the chosen board by name (the value is the name: "Custom Fields" takes names). */
export async function getCustomFieldNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const board = chosenBoard(this);
	if (!board) return [];
	const fields = await new TrelloClient(this).request<IDataObject[]>({ method: 'GET', path: `/1/boards/${pathSegment(board)}/customFields` });
	return fields
		.map((field) => ({ name: `${String(field.name)} (${String(field.type)})`, value: String(field.name) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
