import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { BOARD_MEMBERS, searchLabels } from './listSearch';
import { trelloPicker } from './pickerRunner';

/** A picker's lines as multi-select options, by name. */
const asOptions = ({ results }: INodeListSearchResult): INodePropertyOptions[] =>
	results.map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));

const boardMembers = trelloPicker(BOARD_MEMBERS);

/** Labels of the chosen board, for multi-select fields. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await searchLabels.call(this));
}

/** Members of the chosen board, for multi-select fields. */
export async function getMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await boardMembers.call(this));
}
