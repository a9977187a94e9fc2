import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { searchBoards } from '../methods/listSearch';

/** Open boards of the connected account, for the multi-board selection of the trigger. */
export async function getBoards(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchBoards.call(this);
	return results
		.map((board) => ({ name: board.name, value: String(board.value), description: board.url }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
