import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { BoardOwnedKind } from './scope/rules';
import type { Audience } from '../shared/secretWrites';
import type { TrelloClient } from './transport';

interface TargetAudience {
	audience: Audience;
	target: string;
}

const UNKNOWN: TargetAudience = { audience: 'public', target: 'a target whose readers cannot be told (counted as public)' };

/**
 * Who can read a board now: only its members when its permission level is private; a workspace's
 * members (org), an enterprise's, or everyone (public) otherwise. Asked again for every write (a
 * write earlier in the run may have shared the board).
 */
export async function boardAudience(_ctx: IExecuteFunctions, client: TrelloClient, kind: BoardOwnedKind, id: string): Promise<TargetAudience> {
	const board = await client.boards().boardOf(kind, id);
	if (!board) return UNKNOWN;
	const answer = await client.request<IDataObject>({ method: 'GET', path: `/1/boards/${encodeURIComponent(board)}`, qs: { fields: 'prefs' } });
	const level = String((answer.prefs as IDataObject | undefined)?.permissionLevel ?? 'unknown');
	const audience: Audience = level === 'private' ? 'private' : 'public';
	return { audience, target: `the board ${board} (${level === 'private' ? 'private' : `shared: ${level}`})` };
}

/** Fields of a write that move the object to another list or board. */
const DESTINATIONS: Array<{ name: string; kind: BoardOwnedKind }> = [
	{ name: 'idList', kind: 'list' },
	{ name: 'idBoard', kind: 'board' },
];

/**
 * The audience a write creates: the object's board now and, when the write moves it, the board
 * it moves to (its list's board); the more public of them. A destination that cannot be looked
 * up makes the look-up fail, so the write is refused.
 */
export async function writeAudience(
	ctx: IExecuteFunctions,
	client: TrelloClient,
	write: { qs?: IDataObject; body?: unknown },
	current: () => Promise<TargetAudience>,
): Promise<TargetAudience> {
	const body = write.body && typeof write.body === 'object' && !Array.isArray(write.body) && !Buffer.isBuffer(write.body) ? (write.body as IDataObject) : {};
	const judged = [await current()];
	for (const { name, kind } of DESTINATIONS) {
		for (const value of [write.qs?.[name], body[name]]) {
			const id = typeof value === 'string' ? value.trim() : '';
			if (id) judged.push(await boardAudience(ctx, client, kind, id));
		}
	}
	return judged.find(({ audience }) => audience === 'public') ?? judged[0];
}

const PATH_KINDS: Record<string, BoardOwnedKind> = { boards: 'board', cards: 'card', lists: 'list', checklists: 'checklist', actions: 'action', labels: 'label' };

/** The audience of a REST path naming a board or an object on one, else unknown. */
export async function pathAudience(ctx: IExecuteFunctions, client: TrelloClient, path: string): Promise<TargetAudience> {
	const match = /^\/1\/([a-z]+)\/([0-9a-zA-Z]+)/.exec(path);
	const kind = match ? PATH_KINDS[match[1]] : undefined;
	return kind && match ? await boardAudience(ctx, client, kind, match[2]) : UNKNOWN;
}

export const unknownAudience = (): TargetAudience => UNKNOWN;
