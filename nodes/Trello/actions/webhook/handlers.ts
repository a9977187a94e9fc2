import type { IDataObject } from 'n8n-workflow';

import type { TrelloRowRun } from '../types';

/**
 * Get Many Webhooks: the row's path with the connected token filled in (Trello answers with all
 * of them at once). With Allowed Boards set, a webhook is kept when the board, list or card it
 * watches is on an allowed board.
 */
export async function tokenWebhooks(run: TrelloRowRun) {
	const { ctx, client, request, itemIndex, allowlist } = run;
	const webhooks = await client.paginate<IDataObject>(
		{ ...request, path: await client.withTokenInPath(request.path) },
		{ returnAll: true, paging: 'all' },
	);
	let kept = webhooks;
	if (allowlist.allowed) {
		const { ids } = allowlist.allowed;
		kept = [];
		for (const webhook of webhooks) {
			if (ids.has(await client.boards().boardOfModel(String(webhook.idModel ?? ''), ids))) kept.push(webhook);
		}
	}
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return run.respond(returnAll ? kept : kept.slice(0, ctx.getNodeParameter('limit', itemIndex, 50) as number));
}
