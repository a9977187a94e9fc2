import { NodeOperationError } from 'n8n-workflow';

import type { TrelloRowRun } from '../types';

/** A short name as Trello's emoji picker shows it: thumbsup, +1, white_check_mark (colons optional). */
const SHORT_NAME = /^:?([a-z0-9_+-]+):?$/i;

/**
 * Add Reaction: Trello takes the emoji as its short name or as the emoji itself (native); the
 * "Emoji" parameter takes either and sends the one it is.
 */
export async function addReaction(run: TrelloRowRun) {
	const emoji = String(run.values.emoji ?? '').trim();
	if (!emoji) {
		throw new NodeOperationError(run.ctx.getNode(), 'The "Emoji" parameter is empty', {
			itemIndex: run.itemIndex,
			description: 'Give the emoji itself (👍) or its short name (thumbsup).',
		});
	}
	const shortName = SHORT_NAME.exec(emoji);
	return await run.generic({ ...run.request, body: shortName ? { shortName: shortName[1].toLowerCase() } : { native: emoji } });
}
