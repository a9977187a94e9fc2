import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { TrelloClient } from '../transport';

/** Open boards the account can see, filtered by name. */
export async function searchBoards(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new TrelloClient(this);
	const boards = await client.request<IDataObject[]>({
		method: 'GET',
		path: '/1/members/me/boards',
		qs: { filter: 'open', fields: 'name,url,shortLink' },
	});
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: boards
			.filter((board) => !wanted || String(board.name).toLowerCase().includes(wanted))
			.map((board) => ({ name: String(board.name), value: String(board.id), url: String(board.url) })),
	};
}
