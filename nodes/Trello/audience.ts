import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { BoardOwnedKind, NamedObject, TrelloScopedRequest } from './scope';
import { classifyTrelloRequest } from './scope';
import type { Audience } from '../shared/secretWrites';
import type { TrelloClient } from './transport';

interface JudgedAudience {
	audience: Audience;
	place: string;
}

const UNKNOWN: JudgedAudience = { audience: 'public', place: 'a place whose readers cannot be told (counted as public)' };

/** An object whose board decides who reads a write: a row's target, or one the classifier names. */
type BoardObject = { kind: BoardOwnedKind | 'model'; id: string };

/**
 * Who can read a board now: only its members when its permission level is private; a workspace's
 * members (org), an enterprise's, or everyone (public) otherwise. Asked again for every write (a
 * write earlier in the run may have shared the board).
 */
async function boardAudience(client: TrelloClient, board: string): Promise<JudgedAudience> {
	const answer = await client.request<IDataObject>({ method: 'GET', path: `/1/boards/${encodeURIComponent(board)}`, qs: { fields: 'prefs' } });
	const level = String((answer.prefs as IDataObject | undefined)?.permissionLevel ?? 'unknown');
	const audience: Audience = level === 'private' ? 'private' : 'public';
	return { audience, place: `the board ${board} (${level === 'private' ? 'private' : `shared: ${level}`})` };
}

/**
 * The audience a write creates: the boards of the objects it names - `first` (a row's own
 * targets), then every object the scope's classifier tells from the request (its path, id values
 * such as idList or idBoard, a field segment's value) - the more public of them; each board asked
 * once. A request naming no object is a place whose readers cannot be told. An object whose board
 * cannot be looked up makes the look-up fail, so the write is refused.
 */
export async function writeAudience(client: TrelloClient, request: TrelloScopedRequest, first: BoardObject[] = []): Promise<JudgedAudience> {
	const classified = classifyTrelloRequest(request);
	// Values the classifier cannot read leave the path's own object.
	const target = classified.kind === 'unreadable' ? classifyTrelloRequest({ method: request.method, path: request.path }) : classified;
	const named = target.kind === 'boardObjects' ? target.objects.filter((object): object is Extract<NamedObject, { id: string }> => 'id' in object) : [];
	const resolver = client.boards();
	const judged: JudgedAudience[] = [];
	const asked = new Set<string>();
	for (const { kind, id } of [...first, ...named]) {
		const board = kind === 'model' ? await resolver.boardOfModel(id) : await resolver.boardOf(kind, id);
		if (!board) {
			judged.push(UNKNOWN);
			continue;
		}
		if (asked.has(board)) continue;
		asked.add(board);
		judged.push(await boardAudience(client, board));
	}
	return judged.find(({ audience }) => audience === 'public') ?? judged[0] ?? UNKNOWN;
}

/** For the API Call node: what the request names, nothing more. */
export const requestAudience = async (_ctx: IExecuteFunctions, client: TrelloClient, request: TrelloScopedRequest) => await writeAudience(client, request);
