import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import type { ScopeVerdict } from '../../shared/scope';
import { executionMemory } from '../../shared/context';
import { ALLOW, isReading, normalizePath, pathOnly, readOnlyRefusal, requestValues, ListRefusal } from '../../shared/scope';
import { ACCOUNT_READ_PATHS, accountReadVerdict, assertKnownQuery, SEARCH_QUERY } from './accountReads';
import { TRELLO_ID } from './addresses';
import type { BoardList } from './boards';
import { allowedBoardsText, parseBoardList } from './boards';
import type { BoardOwnedKind, TrelloScopedRequest } from './classify';
import { classifyTrelloRequest } from './classify';
import { isIssuedBoardProof } from './proofs';

export type { BoardOwnedKind, TrelloScopedRequest } from './classify';

/**
 * What a list of boards - the credential's board scope or the node's "Allowed Boards", the same
 * rules for both - lets through, by what the request touches (classify.ts). Every object a request
 * names - in its path (/1/boards/X, /1/cards/X, …) or as idBoard, idList, idCard, id…Source or
 * idModel in its query or body - must sit on an allowed board. Objects other than boards are
 * looked up once per execution with a GET asking only for their board (see BoardResolver);
 * nothing is written before the check. Account-level reads (the member, its boards, cards,
 * notifications and tokens, a workspace's boards, search) take only known query parameters and
 * are answered with what sits on allowed boards (see accountReads.ts). Everything else is refused,
 * naming the endpoint.
 */

export const CREDENTIAL_SOURCE = "the credential's scope";
export const NODE_SOURCE = 'the node\'s "Allowed Boards"';

export interface TrelloScope {
	boards?: BoardList;
	readOnly: boolean;
}

export function trelloScopeOf(credentials: ICredentialDataDecryptedObject): TrelloScope {
	return {
		boards: parseBoardList(credentials.allowedBoards, CREDENTIAL_SOURCE, 'Allowed Boards'),
		readOnly: credentials.accessLevel === 'readOnly',
	};
}

/** Sends a GET without a scope check (look-ups only ever read an object's id or board). */
export type TrelloLookup = (path: string, fields: string) => Promise<IDataObject>;

/**
 * Finds the board of boards (short links), lists, cards, checklists, labels, actions, webhooks
 * and custom fields, remembering each answer for the execution.
 */
export class BoardResolver {
	private readonly memory: Map<string, unknown>;

	constructor(
		ctx: object,
		credentialType: string,
		private readonly lookup: TrelloLookup,
	) {
		this.memory = executionMemory(ctx, `trello-boards:${credentialType}`);
	}

	/** The board id (lower case) of a board id, short link or board reference. */
	async boardId(reference: string): Promise<string> {
		if (TRELLO_ID.test(reference)) return reference.toLowerCase();
		return await this.remember(`board:${reference}`, async () => {
			const board = await this.lookup(`/1/boards/${encodeURIComponent(reference)}`, 'id');
			return String(board?.id ?? '').toLowerCase();
		});
	}

	async boardOf(kind: BoardOwnedKind, id: string): Promise<string> {
		if (kind === 'board') return await this.boardId(id);
		const known = this.memory.get(`${kind}:${id}`);
		if (typeof known === 'string') return known;
		return await this.remember(`${kind}:${id}`, async () => {
			if (kind === 'action') {
				const action = await this.lookup(`/1/actions/${encodeURIComponent(id)}`, 'data');
				return String(((action?.data as IDataObject | undefined)?.board as IDataObject | undefined)?.id ?? '').toLowerCase();
			}
			if (kind === 'webhook') {
				const webhook = await this.lookup(`/1/webhooks/${encodeURIComponent(id)}`, 'idModel');
				return await this.boardOfModel(String(webhook?.idModel ?? ''));
			}
			if (kind === 'notification') {
				const notification = await this.lookup(`/1/notifications/${encodeURIComponent(id)}`, 'data');
				return String(((notification?.data as IDataObject | undefined)?.board as IDataObject | undefined)?.id ?? '').toLowerCase();
			}
			if (kind === 'customField') {
				const field = await this.lookup(`/1/customFields/${encodeURIComponent(id)}`, 'idModel');
				return String(field?.idModel ?? '').toLowerCase();
			}
			const owner = await this.lookup(`/1/${kind}s/${encodeURIComponent(id)}`, 'idBoard');
			return String(owner?.idBoard ?? '').toLowerCase();
		});
	}

	/** A webhook's model may be a board, list or card: a known id is not looked up again. */
	async boardOfModel(id: string, allowed?: Set<string>): Promise<string> {
		if (allowed?.has(id.toLowerCase())) return id.toLowerCase();
		for (const kind of ['board', 'card', 'list'] as const) {
			const known = this.memory.get(`${kind}:${id}`);
			if (typeof known === 'string' && known) return known;
		}
		for (const kind of ['card', 'list'] as const) {
			try {
				const board = await this.boardOf(kind, id);
				if (board) return board;
			} catch {
				// Not a card: try the next kind.
			}
		}
		return await this.boardId(id);
	}

	/**
	 * Forgets which board each list, card and other object is on (board short links stay): a write
	 * that moves objects makes those answers stale for the rest of the run, and a card judged on its
	 * old board would be judged by the wrong board's rules and audience.
	 */
	forgetPlaces(): void {
		for (const key of [...this.memory.keys()]) if (!key.startsWith('board:') && !key.startsWith('pending:')) this.memory.delete(key);
	}

	/** The allowed board ids of a list (short links resolved, ids lower case). */
	async allowedIds(list: BoardList): Promise<Set<string>> {
		const ids = new Set<string>();
		for (const entry of list.entries) ids.add(await this.boardId(entry));
		return ids;
	}

	private async remember(key: string, find: () => Promise<string>): Promise<string> {
		const known = this.memory.get(key);
		if (typeof known === 'string') return known;
		const pending = this.memory.get(`pending:${key}`) as Promise<string> | undefined;
		if (pending) return await pending;
		const promise = find();
		this.memory.set(`pending:${key}`, promise);
		try {
			const value = await promise;
			this.memory.set(key, value);
			return value;
		} finally {
			this.memory.delete(`pending:${key}`);
		}
	}
}

/** `what` names the object ("the card \"…\"", "idList \"…\""); a board names itself. */
export function boardRefusal(what: string, board: string, list: BoardList, isBoard = false): ListRefusal {
	const where = isBoard ? `${what} is outside` : `${what} is on board "${board || 'unknown'}", outside`;
	return new ListRefusal(
		`Refused: ${where} ${list.source}. ${allowedBoardsText(list)}`,
		'Work on objects of the allowed boards, or ask for the scope to be extended.',
	);
}

export async function checkTrelloRequest(
	scope: TrelloScope,
	request: TrelloScopedRequest,
	resolver: BoardResolver,
): Promise<ScopeVerdict> {
	const { method, path } = request;
	if (scope.readOnly && !isReading(method)) throw readOnlyRefusal(method, path, 'GET requests.');
	if (!scope.boards) return ALLOW;
	return await boardListVerdict(scope.boards, request, resolver);
}

/**
 * What a list of boards - the credential's scope or the node's "Allowed Boards", the same rules
 * for both - lets through, by what the request touches (classify.ts).
 */
export async function boardListVerdict(list: BoardList, request: TrelloScopedRequest, resolver: BoardResolver): Promise<ScopeVerdict> {
	const { method, path } = request;
	if (normalizePath(path).hasQuery) {
		throw new ListRefusal(
			`Refused: "${pathOnly(path)}…" carries a fragment (#…) or a query string of its own, which cannot be checked against ${listName(list)}. ${allowedBoardsText(list)}`,
			'Give query parameters in "Query Parameters" (an API Call node also takes them after "?" in the endpoint), and no "#…".',
		);
	}
	const target = classifyTrelloRequest(request);
	if (target.kind === 'unreadable') throw new ListRefusal(`${target.refusal.message.trimEnd()} ${allowedBoardsText(list)}`, target.refusal.hint);
	const allowed = await resolver.allowedIds(list);
	const values = () => requestValues(request.qs, request.body, allowedBoardsText(list));
	switch (target.kind) {
		case 'account': {
			const modelBoard = async (idModel: string) => await webhookModelBoard(resolver, idModel, allowed);
			return accountReadVerdict(target.read, values(), target.endpoint, list, allowed, modelBoard);
		}
		case 'search':
			assertKnownQuery(values(), SEARCH_QUERY, target.endpoint, list);
			return await searchVerdict(request, list, allowed, resolver);
		case 'newBoard':
			throw new ListRefusal(
				`Refused: creating a board makes one outside ${list.source}. ${allowedBoardsText(list)}`,
				'Work on the allowed boards, or ask for the scope to be extended.',
			);
		case 'notification': {
			const proof = request.scopeProof;
			if (!isIssuedBoardProof(proof) || proof.id !== target.id) throw unverifiable(method, path, list);
			if (!allowed.has(proof.board)) throw boardRefusal(`the notification "${target.id}"`, proof.board, list);
			return ALLOW;
		}
		case 'boardObjects':
			for (const object of target.objects) {
				if ('invalid' in object) {
					throw new ListRefusal(`Refused: "${object.invalid}" must be one id, got ${object.got}.`, `Give one id in "${object.invalid}".`);
				}
				const board = object.kind === 'model' ? await resolver.boardOfModel(object.id, allowed) : await resolver.boardOf(object.kind, object.id);
				if (!allowed.has(board)) throw boardRefusal(object.label, board, list, object.kind === 'board');
			}
			return ALLOW;
		default:
			throw unverifiable(method, path, list);
	}
}

/** The list as messages name it ("the credential's board scope" reads better than "the credential's scope" here). */
const listName = (list: BoardList) => (list.source === CREDENTIAL_SOURCE ? "the credential's board scope" : list.source);

/** Search results Trello can confine to boards (idBoards); members and workspaces it cannot. */
const BOARD_CONFINED_MODELS = new Set(['cards', 'boards']);

/**
 * /1/search is let through only when confined to allowed boards (idBoards) and asking for cards
 * or boards; the answer keeps only cards and boards of allowed boards.
 */
async function searchVerdict(
	request: TrelloScopedRequest,
	list: BoardList,
	allowed: Set<string>,
	resolver: BoardResolver,
): Promise<ScopeVerdict> {
	const values = requestValues(request.qs, request.body, allowedBoardsText(list));
	const models = String(values.modelTypes ?? '').split(',').map((m) => m.trim()).filter(Boolean);
	if (!models.length || models.some((model) => !BOARD_CONFINED_MODELS.has(model))) {
		throw new ListRefusal(
			`Refused: a search for ${models.length ? models.join(', ') : 'every kind of object'} cannot be confined to ${list.source}. ${allowedBoardsText(list)}`,
			'Search cards or boards (modelTypes=cards or boards) with idBoards set to allowed boards; members cannot be searched within a board scope.',
		);
	}
	const boards = String(values.idBoards ?? '').split(',').map((b) => b.trim()).filter(Boolean);
	if (!boards.length) {
		throw new ListRefusal(
			`Refused: a search without idBoards reaches outside ${list.source}. ${allowedBoardsText(list)}`,
			'Give idBoards: the allowed boards to search, comma-separated.',
		);
	}
	for (const board of boards) {
		const id = await resolver.boardId(board);
		if (!allowed.has(id)) throw boardRefusal(`the board "${board}"`, id, list, true);
	}
	return {
		filter: (body) => {
			if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
			const answer = body as IDataObject;
			return {
				...(answer.options !== undefined ? { options: answer.options } : {}),
				cards: keep(answer.cards ?? [], (item) => String(item.idBoard ?? '').toLowerCase(), allowed),
				boards: keep(answer.boards ?? [], (item) => String(item.id ?? '').toLowerCase(), allowed),
			};
		},
	};
}

function unverifiable(method: string, path: string, list: BoardList): ListRefusal {
	return new ListRefusal(
		`Refused: ${method.toUpperCase()} ${pathOnly(path)} cannot be checked against ${listName(list)}. ${allowedBoardsText(list)} Paths that can be used: /1/boards/ID/…, /1/cards|lists|checklists|labels|actions/ID/… of objects on those boards, creating cards, lists, checklists and labels there, and the account reads ${ACCOUNT_READ_PATHS.join(', ')} (answers kept to those boards) and /1/search confined to them.`,
		'Call a path naming a board, card, list, checklist or label on an allowed board.',
	);
}

/** Found objects of allowed boards only; anything but a list of them is dropped. */
function keep(found: unknown, boardOf: (item: IDataObject) => string, allowed: Set<string>): IDataObject[] {
	if (!Array.isArray(found)) return [];
	return found.filter((item): item is IDataObject => item !== null && typeof item === 'object' && allowed.has(boardOf(item as IDataObject)));
}

/**
 * The board (id, lower case) a webhook's model - a board, list or card - sits on, or '' when it
 * sits on none (a member or workspace webhook, or a model Trello no longer knows).
 */
async function webhookModelBoard(resolver: BoardResolver, idModel: string, allowed: Set<string>): Promise<string> {
	if (!TRELLO_ID.test(idModel)) return '';
	try {
		return await resolver.boardOfModel(idModel, allowed);
	} catch {
		return '';
	}
}
