import type { IDataObject } from 'n8n-workflow';

import type { TrelloRowRun } from '../types';

/**
 * Create Custom Field: Trello defines fields on boards only and wants that said (modelType) and a
 * position, which the node puts last unless one is given.
 */
export async function createCustomField(run: TrelloRowRun) {
	const body = (run.request.body ?? {}) as IDataObject;
	return await run.generic({ ...run.request, body: { ...body, modelType: 'board', pos: body.pos ?? 'bottom' } });
}
