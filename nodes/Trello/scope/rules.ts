import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { BoardList } from './boards';
import type { ScopeVerdict } from '../../shared/scope';
import { ACCOUNT_READ_PATHS, accountRead, accountReadVerdict, assertKnownQuery, SEARCH_QUERY } from './accountReads';
import { ALLOW, executionMemory, isReading, normalizePath, pathOnly, readOnlyRefusal, requestValues, ScopeRefusal, valueNamed } from '../../shared/scope';
import { allowedBoardsText, parseBoardList } from './boards';
import { TRELLO_ID } from './addresses';

/**
 * What a Trello credential's board scope lets through. Every object a request names - in its
 * path (/1/boards/X, /1/cards/X, …) or as idBoard, idList, idCard, id…Source or idModel in its
 * query or body - must sit on an allowed board. Objects other than boards are looked up once
 * per execution with a GET asking only for their board (see BoardResolver); nothing is written
 * before the check. Account-level reads (the member, its boards, cards, notifications and tokens, a
 * workspace's boards, search) take only known query parameters and are answered with what sits on
 * allowed boards (see trelloAccount.ts). Everything else is refused.
 */

export type BoardOwnedKind = 'board' | 'list' | 'card' | 'checklist' | 'label' | 'action' | 'webhook' | 'customField';

export interface TrelloScope {
	boards?: BoardList;
	readOnly: boolean;
}

export function trelloScopeOf(credentials: ICredentialDataDecryptedObject): TrelloScope {
	return {
		boards: parseBoardList(credentials.allowedBoards, "the credential's scope", 'Allowed Boards'),
		readOnly: credentials.accessLevel === 'readOnly',
	};
}

export interface TrelloScopedRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: unknown;
}

/** Sends a GET without a scope check (look-ups only ever read an object's id or board). */
export type TrelloLookup = (path: string, fields: string) => Promise<IDataObject>;

const PATH_KINDS: Record<string, BoardOwnedKind> = {
	boards: 'board',
	lists: 'list',
	cards: 'card',
	checklists: 'checklist',
	labels: 'label',
	actions: 'action',
	webhooks: 'webhook',
	customFields: 'customField',
};

/** Query or body values naming an object, and what kind of object they name. */
const ID_VALUES: Record<string, BoardOwnedKind | 'model'> = {
	idBoard: 'board',
	idBoardSource: 'board',
	idList: 'list',
	idListSource: 'list',
	idCard: 'card',
	idCardSource: 'card',
	idChecklistSource: 'checklist',
	idModel: 'model',
};

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
export function boardRefusal(what: string, board: string, list: BoardList, isBoard = false): ScopeRefusal {
	const where = isBoard ? `${what} is outside` : `${what} is on board "${board || 'unknown'}", outside`;
	return new ScopeRefusal(
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
	const list = scope.boards;
	if (!list) return ALLOW;
	const { segments, hasQuery } = normalizePath(path);
	if (hasQuery) {
		throw new ScopeRefusal(
			`Refused: "${pathOnly(path)}…" carries a fragment (#…) or a query string of its own, which cannot be checked against the credential's board scope. ${allowedBoardsText(list)}`,
			'Give query parameters in "Query Parameters" (an API Call node also takes them after "?" in the endpoint), and no "#…".',
		);
	}
	const values = requestValues(request.qs, request.body, allowedBoardsText(list));
	const [version, collection, id] = segments;
	const route = segments.slice(1).join('/');
	const reading = isReading(method);
	const allowed = await resolver.allowedIds(list);
	const check = async (kind: BoardOwnedKind | 'model', value: string, label: string) => {
		const board = kind === 'model' ? await resolver.boardOfModel(value, allowed) : await resolver.boardOf(kind, value);
		if (!allowed.has(board)) throw boardRefusal(label, board, list, kind === 'board');
	};

	if (version !== '1') throw unverifiable(method, path, list);
	const endpoint = `/${segments.join('/')}`;
	const modelBoard = async (idModel: string) => await webhookModelBoard(resolver, idModel, allowed);
	const account = reading ? accountRead(segments.slice(1)) : undefined;
	if (account) return accountReadVerdict(account, values, endpoint, list, allowed, modelBoard);
	if (reading && route === 'search') {
		assertKnownQuery(values, SEARCH_QUERY, endpoint, list);
		return await searchVerdict(request, list, allowed, resolver);
	}

	const kind = PATH_KINDS[collection];
	if (!kind) throw unverifiable(method, path, list);
	let named = false;
	if (id !== undefined) {
		await check(kind, id, `the ${kind} "${id}"`);
		named = true;
	} else if (kind === 'board' && method === 'POST') {
		throw new ScopeRefusal(
			`Refused: creating a board makes one outside ${list.source}. ${allowedBoardsText(list)}`,
			'Work on the allowed boards, or ask for the scope to be extended.',
		);
	}
	const oneId = (name: string, value: unknown): string => {
		if (typeof value === 'string') return value;
		throw new ScopeRefusal(`Refused: "${name}" must be one id, got ${Array.isArray(value) ? 'a list' : typeof value}.`, `Give one id in "${name}".`);
	};
	for (const [name, valueKind] of Object.entries(ID_VALUES)) {
		const value = valueNamed(values, name);
		if (value === undefined || value === null || value === '') continue;
		await check(valueKind, oneId(name, value), `${name} "${String(value)}"`);
		named = true;
	}
	// PUT /1/cards/ID/idList?value=… and the like: `value` is what the field segment names.
	const field = id !== undefined && segments.length >= 4 ? segments[segments.length - 1] : undefined;
	if (!reading && field !== undefined && /^id/i.test(field)) {
		// Compared without case: a route may match idlist as it matches idList.
		const meaning = Object.entries(VALUE_FIELDS).find(([name]) => name.toLowerCase() === field.toLowerCase())?.[1];
		if (meaning === undefined) throw unverifiable(method, path, list);
		const value = valueNamed(values, 'value');
		if (meaning !== 'none' && value !== undefined && value !== null && value !== '') {
			const ids = field.toLowerCase() === 'idlabels' ? oneId('value', value).split(',').map((part) => part.trim()).filter(Boolean) : [oneId('value', value)];
			for (const each of ids) await check(meaning, each, `${field} "${each}"`);
		}
	}
	if (!named) throw unverifiable(method, path, list);
	return ALLOW;
}

/**
 * What `value` names in a value-style write to a field segment (/1/cards/ID/idList?value=…).
 * 'none': members, organizations and the like, which sit on no board. A field not listed is
 * refused, since its meaning is unknown.
 */
const VALUE_FIELDS: Record<string, BoardOwnedKind | 'none'> = {
	idBoard: 'board',
	idList: 'list',
	idCard: 'card',
	idChecklist: 'checklist',
	idLabels: 'label',
	idEmailList: 'list',
	idMembers: 'none',
	idMembersVoted: 'none',
	idOrganization: 'none',
	idTags: 'none',
	idAttachmentCover: 'none',
};

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
		throw new ScopeRefusal(
			`Refused: a search for ${models.length ? models.join(', ') : 'every kind of object'} cannot be confined to ${list.source}. ${allowedBoardsText(list)}`,
			'Search cards or boards (modelTypes=cards or boards) with idBoards set to allowed boards; members cannot be searched within a board scope.',
		);
	}
	const boards = String(values.idBoards ?? '').split(',').map((b) => b.trim()).filter(Boolean);
	if (!boards.length) {
		throw new ScopeRefusal(
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

function unverifiable(method: string, path: string, list: BoardList): ScopeRefusal {
	return new ScopeRefusal(
		`Refused: ${method.toUpperCase()} ${pathOnly(path)} cannot be checked against the credential's board scope. ${allowedBoardsText(list)} Paths that can be used: /1/boards/ID/…, /1/cards|lists|checklists|labels|actions/ID/… of objects on those boards, creating cards, lists, checklists and labels there, and the account reads ${ACCOUNT_READ_PATHS.join(', ')} (answers kept to those boards) and /1/search confined to them.`,
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
