import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listOf } from '../../shared/catalogue';
import { pathSegment } from '../../shared/requestGuard';
import type { TrelloClient } from '../transport';
import { BOARD_URL_REGEX } from './fields';

/** Kinds of Trello object whose owning board "Allowed Boards" checks. */
export type ScopedKind = 'board' | 'list' | 'card' | 'checklist' | 'label';

const TRELLO_ID = /^[0-9a-f]{24}$/i;
const SHORT_LINK = /^[a-zA-Z0-9]+$/;
const BOARD_URL = new RegExp(`^${BOARD_URL_REGEX}$`);

const OWNER_PATHS: Record<Exclude<ScopedKind, 'board'>, string> = {
	card: '/1/cards/',
	list: '/1/lists/',
	checklist: '/1/checklists/',
	label: '/1/labels/',
};

/**
 * Keeps an execution on its "Allowed Boards". Board short links and the board owning each card,
 * list, checklist or label are looked up once per execution and remembered, so a run over many
 * items costs one look-up per object, not one per item.
 */
export class BoardGuard {
	private readonly boardIds = new Map<string, string>();

	private readonly owners = new Map<string, string>();

	private readonly allowedSets = new Map<string, Set<string>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	/** The board's id for an id, short link or board web address. */
	async boardId(client: TrelloClient, reference: string, itemIndex: number, what = 'Board'): Promise<string> {
		const text = reference.trim();
		const fromUrl = BOARD_URL.exec(text)?.[1];
		const shortLinkOrId = fromUrl ?? text;
		if (TRELLO_ID.test(shortLinkOrId)) return shortLinkOrId;
		if (!SHORT_LINK.test(shortLinkOrId)) {
			throw new NodeOperationError(this.ctx.getNode(), `"${text}" in "${what}" is not a Trello board`, {
				itemIndex,
				description: 'Give a board ID (24 hexadecimal characters), a short link, or an address like https://trello.com/b/AbCd1234/name.',
			});
		}
		let id = this.boardIds.get(shortLinkOrId);
		if (!id) {
			const board = await client.request<IDataObject>({
				method: 'GET',
				path: `/1/boards/${pathSegment(shortLinkOrId)}`,
				qs: { fields: 'id' },
			});
			id = String(board?.id ?? '');
			if (!TRELLO_ID.test(id)) {
				throw new NodeOperationError(this.ctx.getNode(), `Trello returned no board id for "${text}"`, { itemIndex });
			}
			this.boardIds.set(shortLinkOrId, id);
		}
		return id;
	}

	/** The board ids of the "Allowed Boards" setting, or undefined when the setting is empty. */
	async allowedBoards(client: TrelloClient, setting: unknown, itemIndex: number): Promise<Set<string> | undefined> {
		const entries = listOf(setting);
		if (!entries.length) return undefined;
		const key = entries.join(',');
		let allowed = this.allowedSets.get(key);
		if (!allowed) {
			allowed = new Set<string>();
			for (const entry of entries) allowed.add(await this.boardId(client, entry, itemIndex, 'Allowed Boards'));
			this.allowedSets.set(key, allowed);
		}
		return allowed;
	}

	async ownerBoard(client: TrelloClient, kind: ScopedKind, id: string, itemIndex: number): Promise<string> {
		if (kind === 'board') return await this.boardId(client, id, itemIndex);
		const cacheKey = `${kind}:${id}`;
		let board = this.owners.get(cacheKey);
		if (!board) {
			const found = await client.request<IDataObject>({
				method: 'GET',
				path: `${OWNER_PATHS[kind]}${pathSegment(id)}`,
				qs: { fields: 'idBoard' },
			});
			board = String(found?.idBoard ?? '');
			this.owners.set(cacheKey, board);
		}
		return board;
	}

	/** Fails (before anything is written) when the object is not on an allowed board. */
	async assertAllowed(
		client: TrelloClient,
		allowed: Set<string>,
		kind: ScopedKind,
		id: string,
		itemIndex: number,
	): Promise<void> {
		const board = await this.ownerBoard(client, kind, id, itemIndex);
		if (allowed.has(board)) return;
		const message =
			kind === 'board'
				? `The board "${id}" is not in Allowed Boards`
				: `The ${kind} "${id}" is on board "${board}", which is not in Allowed Boards`;
		throw new NodeOperationError(
			this.ctx.getNode(),
			message,
			{
				itemIndex,
				description: `This node acts only on the boards listed in Options → Allowed Boards (${[...allowed].join(', ')}). Choose a ${kind} on one of them, or add its board to the setting.`,
			},
		);
	}
}
