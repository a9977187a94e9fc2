import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../../../credentials/requestGuard';
import { answerLacking } from '../../../shared/errors';
import { TRELLO_ID } from '../../scope/addresses';
import { allowedBoardsText } from '../../scope';
import type { TrelloRowRun } from '../types';

/**
 * The connected account's Inbox. Trello keeps it as a board of its own with one list and names both
 * only on the account itself: GET /1/members/me?fields=inbox answers
 * {"inbox": {"idBoard", "idList", "idOrganization"}}. Trello's OpenAPI description does not name
 * the field; docs/trello-operations.md ("Inbox and Planner") says which sources do.
 */
const READ_INBOX = 'GET /1/members/me?fields=inbox';

/**
 * The id of the account's Inbox list; refused (before anything of it is read or written) outside the
 * node's or the credential's Allowed Boards, where the Inbox counts as any other board.
 */
async function connectedInboxList(run: TrelloRowRun): Promise<string> {
	const { ctx, client, itemIndex, allowlist } = run;
	const member = await client.request<IDataObject>({ method: 'GET', path: '/1/members/me', qs: { fields: 'inbox' } });
	const inbox = member?.inbox;
	if (!inbox || typeof inbox !== 'object') {
		// Under a board list the transport drops an Inbox outside it from the answer, so its ids stay unseen.
		const lists = [allowlist.allowed?.list, (await client.scope()).boards].filter((list) => list !== undefined);
		if (lists.length) {
			const within = lists.map((list) => list.source).join(' and ');
			const allowed = lists.map((list) => allowedBoardsText(list)).join(' ');
			throw new NodeOperationError(ctx.getNode(), `Refused: the connected account has no Inbox within ${within}. ${allowed}`, {
				itemIndex,
				description:
					'The Inbox is a board of the account’s own. To use it here, add the Inbox board’s id to Allowed Boards (a credential without a board scope reads it with GET /1/members/me?fields=inbox as inbox.idBoard).',
			});
		}
		throw new NodeOperationError(ctx.getNode(), 'The connected Trello account has no Inbox', {
			itemIndex,
			description: `Trello answered ${READ_INBOX} without an Inbox for this account. Choose another "Operation" (Card → Create adds a card to a list of a board), or connect an account that has an Inbox.`,
		});
	}
	const { idBoard, idList } = inbox as IDataObject;
	if (typeof idBoard !== 'string' || !TRELLO_ID.test(idBoard) || typeof idList !== 'string' || !TRELLO_ID.test(idList)) {
		throw answerLacking(
			'Trello',
			'the Inbox board and list ids (inbox.idBoard, inbox.idList)',
			`Try the Trello Toolkit API Call node with ${READ_INBOX} to see the raw answer.`,
		);
	}
	return idList;
}

/** Get Inbox Cards: the cards of the Inbox's one list (the row's path, its {id} that list). */
export async function readInboxCards(run: TrelloRowRun) {
	const list = await connectedInboxList(run);
	return await run.generic({ ...run.request, path: run.row.path.replace('{id}', pathSegment(list)) });
}

/** Add Card to Inbox: the row's card request, in the Inbox's list. */
export async function addInboxCard(run: TrelloRowRun) {
	const list = await connectedInboxList(run);
	return await run.generic({ ...run.request, qs: { ...run.request.qs, idList: list } });
}
