import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { pathSegment } from '../../shared/requestGuard';
import { TrelloClient } from '../transport';
import { searchLabels } from './listSearch';
import { chosenId } from './pickerRunner';

/** Labels of the chosen board, for multi-select fields. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchLabels.call(this);
	return results
		.map((label) => ({ name: label.name, value: label.value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Members of the chosen board, for multi-select fields. */
export async function getMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const board = chosenId(this);
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
