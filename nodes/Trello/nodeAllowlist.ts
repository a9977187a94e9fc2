import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../shared/errors';
import type { BuiltRequest } from '../shared/rowEngine';
import { ListRefusal } from '../shared/scope';
import { boardReference, SHORT_LINK, TRELLO_ID } from './scope/addresses';
import type { BoardList, BoardOwnedKind } from './scope';
import { boardListVerdict, boardRefusal, NODE_SOURCE, parseBoardList } from './scope';
import type { TrelloClient } from './transport';

/** Kinds of Trello object whose owning board "Allowed Boards" checks. */
export type TargetKind = Extract<BoardOwnedKind, 'board' | 'list' | 'card' | 'checklist' | 'label' | 'customField' | 'webhook' | 'action'>;

/** The node's "Allowed Boards" with its entries resolved to board ids. */
export interface AllowedBoards {
	list: BoardList;
	ids: Set<string>;
}

/**
 * Keeps an execution on the node's "Allowed Boards" (the credential's scope is enforced by the
 * transport). Board short links and the board of each card, list, checklist or label come from
 * the client's resolver, which remembers them for the execution: one look-up per object, shared
 * with the credential's scope check.
 */
export class NodeAllowlist {
	constructor(private readonly ctx: IExecuteFunctions) {}

	/** The board's id for an id, short link or board web address. */
	async boardId(client: TrelloClient, reference: string, itemIndex: number, what = 'Board'): Promise<string> {
		const text = reference.trim();
		const shortLinkOrId = boardReference(text);
		if (!TRELLO_ID.test(shortLinkOrId) && !SHORT_LINK.test(shortLinkOrId)) {
			throw new NodeOperationError(this.ctx.getNode(), `"${text}" in "${what}" is not a Trello board`, {
				itemIndex,
				description: 'Give a board ID (24 hexadecimal characters), a short link, or an address like https://trello.com/b/AbCd1234/name.',
			});
		}
		const id = await client.boards().boardId(shortLinkOrId);
		if (!TRELLO_ID.test(id)) {
			// The service's answer is at fault, not the parameter: a NodeApiError like any other odd answer.
			throw new ServiceAnswerError(
				`Trello sent an answer of an unexpected shape: no board id for "${text}"`,
				'Check the API Base URL in the credential; if it is right, try the Trello Toolkit API Call node to see the raw answer.',
			);
		}
		return id;
	}

	/** The node's "Allowed Boards", or undefined when not set. An expression resolving to nothing fails closed. */
	async allowedBoards(client: TrelloClient, setting: unknown, itemIndex: number): Promise<AllowedBoards | undefined> {
		const options = (this.ctx.getNode().parameters.options ?? {}) as { allowedBoards?: unknown };
		const written = typeof options.allowedBoards === 'string' && options.allowedBoards.startsWith('=');
		let list: BoardList | undefined;
		try {
			list = parseBoardList(setting, NODE_SOURCE, 'Allowed Boards', written);
		} catch (error) {
			throw this.refusal(error, itemIndex);
		}
		if (!list) return undefined;
		return { list, ids: await client.boards().allowedIds(list) };
	}

	/** Fails (before anything is written) when the object is not on an allowed board. */
	async assertAllowed(
		client: TrelloClient,
		allowed: AllowedBoards,
		kind: BoardOwnedKind,
		id: string,
		itemIndex: number,
	): Promise<void> {
		const board = await client.boards().boardOf(kind, id);
		if (allowed.ids.has(board)) return;
		// An action the node names is a comment (reactions are on comments).
		const what = kind === 'customField' ? 'custom field' : kind === 'action' ? 'comment' : kind;
		throw this.refusal(boardRefusal(`the ${what} "${id}"`, board, allowed.list, kind === 'board'), itemIndex);
	}

	/** Fails (before it is sent) when the request is one the credential's scope would refuse for the same boards. */
	async assertRequestAllowed(client: TrelloClient, allowed: AllowedBoards, request: BuiltRequest, itemIndex: number): Promise<void> {
		try {
			await boardListVerdict(allowed.list, request, client.boards());
		} catch (error) {
			throw this.refusal(error, itemIndex);
		}
	}

	/** Fails when a board found by a handler (e.g. a notification's) is not allowed; none counts as not allowed. */
	assertOnAllowedBoard(allowed: AllowedBoards, what: string, board: string, itemIndex: number): void {
		if (board && allowed.ids.has(board.toLowerCase())) return;
		throw this.refusal(boardRefusal(what, board.toLowerCase(), allowed.list), itemIndex);
	}

	private refusal(error: unknown, itemIndex: number): Error {
		if (!(error instanceof ListRefusal)) return error as Error;
		return new NodeOperationError(this.ctx.getNode(), error.message, { itemIndex, description: error.hint });
	}
}
