import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { BOARD_MEMBERS, CUSTOM_FIELD_NAMES, searchLabels } from './listSearch';
import { trelloPicker } from './pickerRunner';

/** A picker's lines as multi-select options, by name. */
const asOptions = ({ results }: INodeListSearchResult): INodePropertyOptions[] =>
	results.map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));

const boardMembers = trelloPicker(BOARD_MEMBERS);
const customFieldNames = trelloPicker(CUSTOM_FIELD_NAMES);

/** Labels of the chosen board, for multi-select fields. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await searchLabels.call(this));
}

/** Members of the chosen board, for multi-select fields. */
export async function getMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await boardMembers.call(this));
}

/** Custom fields of the chosen board by name (the value is the name: "Custom Fields" takes names). */
export async function getCustomFieldNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await customFieldNames.call(this));
}
