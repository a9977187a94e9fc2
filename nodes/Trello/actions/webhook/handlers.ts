import { readLimit } from '../../../shared/options';
import type { TrelloRowRun } from '../types';

/**
 * Get Many Webhooks: the connected token's webhooks, all at once (see TrelloClient.tokenWebhooks).
 * With Allowed Boards set, a webhook is kept when the board, list or card it watches is on an
 * allowed board.
 */
export async function tokenWebhooks(run: TrelloRowRun) {
	const { ctx, client, itemIndex, allowlist } = run;
	const webhooks = await client.tokenWebhooks();
	let kept = webhooks;
	if (allowlist.allowed) {
		const { ids } = allowlist.allowed;
		kept = [];
		for (const webhook of webhooks) {
			if (ids.has(await client.boards().boardOfModel(String(webhook.idModel ?? ''), ids))) kept.push(webhook);
		}
	}
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return run.respond(returnAll ? kept : kept.slice(0, readLimit(ctx, itemIndex)));
}
