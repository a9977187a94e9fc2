import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { BoardOwnedKind } from './scope/rules';
import { executionMemory } from '../shared/scope';
import type { Audience } from '../shared/secretWrites';
import type { TrelloClient } from './transport';

interface TargetAudience {
	audience: Audience;
	target: string;
}

const UNKNOWN: TargetAudience = { audience: 'public', target: 'a target whose readers cannot be told (counted as public)' };

/**
 * Who can read a board: only its members when its permission level is private; a workspace's
 * members (org), an enterprise's, or everyone (public) otherwise. Asked once per board and run.
 */
export async function boardAudience(ctx: IExecuteFunctions, client: TrelloClient, kind: BoardOwnedKind, id: string): Promise<TargetAudience> {
	const board = await client.boards().boardOf(kind, id);
	if (!board) return UNKNOWN;
	const memory = executionMemory(ctx, 'boardAudience');
	let known = memory.get(board) as Promise<string> | undefined;
	if (!known) {
		known = client
			.request<IDataObject>({ method: 'GET', path: `/1/boards/${encodeURIComponent(board)}`, qs: { fields: 'prefs' } })
			.then((answer) => String((answer.prefs as IDataObject | undefined)?.permissionLevel ?? 'unknown'));
		memory.set(board, known);
		known.catch(() => memory.delete(board));
	}
	const level = await known;
	const audience: Audience = level === 'private' ? 'private' : 'public';
	return { audience, target: `the board ${board} (${level === 'private' ? 'private' : `shared: ${level}`})` };
}

const PATH_KINDS: Record<string, BoardOwnedKind> = { boards: 'board', cards: 'card', lists: 'list', checklists: 'checklist', actions: 'action', labels: 'label' };

/** The audience of a REST path naming a board or an object on one, else unknown. */
export async function pathAudience(ctx: IExecuteFunctions, client: TrelloClient, path: string): Promise<TargetAudience> {
	const match = /^\/1\/([a-z]+)\/([0-9a-zA-Z]+)/.exec(path);
	const kind = match ? PATH_KINDS[match[1]] : undefined;
	return kind && match ? await boardAudience(ctx, client, kind, match[2]) : UNKNOWN;
}

export const unknownAudience = (): TargetAudience => UNKNOWN;
