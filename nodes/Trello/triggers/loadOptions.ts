import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { searchBoards, searchWorkspaces } from '../methods/listSearch';
import { TrelloClient } from '../transport';

/** Open boards of the connected account, for the multi-board selection of the trigger. */
export async function getBoards(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchBoards.call(this);
	return results
		.map((board) => ({ name: board.name, value: String(board.value), description: board.url }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Open lists, named with their board so two lists called "Done" can be told apart: the lists of the
 * boards chosen in "Boards" when there are any, else of every open board of the account. One request:
 * Trello nests each board's lists in the member's board list.
 */
export async function getLists(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	let chosen: string[] = [];
	try {
		const value = this.getCurrentNodeParameter('boards');
		chosen = Array.isArray(value) ? value.map(String) : [];
	} catch {
		// "Boards" is hidden when lists or cards are watched directly.
	}
	const boards = await new TrelloClient(this).request<IDataObject[]>({
		method: 'GET',
		path: '/1/members/me/boards',
		qs: { filter: 'open', fields: 'name,shortLink', lists: 'open', list_fields: 'name' },
	});
	return (boards ?? [])
		.filter((board) => !chosen.length || chosen.includes(String(board.id)) || chosen.includes(String(board.shortLink)))
		.flatMap((board) =>
			((board.lists as IDataObject[] | undefined) ?? []).map((list) => ({
				name: `${String(list.name)} (${String(board.name)})`,
				value: String(list.id),
			})),
		)
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The connected account, for "Members to Watch" (other members' ids can be given by expression). */
export async function getWatchableMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const me = await new TrelloClient(this).request<IDataObject>({ method: 'GET', path: '/1/members/me', qs: { fields: 'id,username,fullName' } });
	if (!me?.id) return [];
	return [{ name: `${String(me.fullName ?? me.username)} (@${String(me.username)}, the connected account)`, value: String(me.id) }];
}

/** The account's workspaces, for "Workspaces to Watch". */
export async function getWorkspaces(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchWorkspaces.call(this);
	return results
		.map((workspace) => ({ name: workspace.name, value: String(workspace.value), description: workspace.url }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
