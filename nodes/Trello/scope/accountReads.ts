import type { IDataObject } from 'n8n-workflow';

import type { BoardList } from './boards';
import type { ScopeVerdict } from '../../shared/scope';
import { allowedBoardsText } from './boards';
import { ListRefusal } from '../../shared/scope';

/**
 * Account-level Trello reads under a board scope. Trello answers these with objects of every board
 * the account sees, and most of them expand nested objects on request (?boards=all, ?cards=all,
 * ?notifications=all, ?webhooks=true …). So each read listed here:
 * - takes only the query parameters named in its row (any other, expanding or not, is refused,
 *   naming it: an unknown parameter may expand objects of other boards), and
 * - has its answer kept to the scope's boards (objects of other boards removed).
 * An account-level path not listed is refused by the caller.
 */

/** Finds the board a webhook watches (a board, list or card id), or '' when it is none of them. */
type ModelBoard = (idModel: string) => Promise<string>;

export interface AccountRead {
	/** Segments after /1/; '*' stands for any one segment (a member or workspace id). */
	route: string[];
	/** Query parameters Trello reads here that cannot reach outside the scope once the answer is kept to it. */
	query: readonly string[];
	/** The answer with everything of boards outside `allowed` removed. */
	keep: (body: unknown, allowed: Set<string>, modelBoard: ModelBoard) => unknown;
}

const lower = (value: unknown) => String(value ?? '').toLowerCase();
const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list answer with only the entries whose board (found by `boardOf`) is allowed. */
function listOn(boardOf: (item: IDataObject) => unknown) {
	return (body: unknown, allowed: Set<string>): unknown =>
		Array.isArray(body) ? body.filter((item) => isObject(item) && allowed.has(lower(boardOf(item)))) : body;
}

const boardOfNotification = (item: IDataObject) => ((item.data as IDataObject | undefined)?.board as IDataObject | undefined)?.id;

/** Member properties naming boards by id, kept to the allowed ones. */
const MEMBER_BOARD_IDS = ['idBoards', 'idBoardsPinned'];

/**
 * Objects /1/members/me nests on request (the refused parameters): dropped should an answer carry
 * one anyway, so the member alone is answered.
 */
const MEMBER_NESTED = [
	'actions',
	'boards',
	'boardsInvited',
	'boardStars',
	'cards',
	'notifications',
	'organizations',
	'organizationsInvited',
	'savedSearches',
	'tokens',
	'boardBackgrounds',
	'customBoardBackgrounds',
	'customEmoji',
	'customStickers',
];

function memberInScope(body: unknown, allowed: Set<string>): unknown {
	if (!isObject(body)) return body;
	const member: IDataObject = { ...body };
	for (const key of MEMBER_NESTED) delete member[key];
	for (const key of MEMBER_BOARD_IDS) {
		const ids = member[key];
		if (Array.isArray(ids)) member[key] = ids.filter((id) => allowed.has(lower(id)));
	}
	// The Inbox ({idBoard, idList, idOrganization}) is a board of the account's own: named only when
	// that board is in scope, like the ids above.
	if ('inbox' in member && !(isObject(member.inbox) && allowed.has(lower(member.inbox.idBoard)))) delete member.inbox;
	return member;
}

/**
 * The member's tokens, each with only the webhooks watching an allowed board (or a list or card on
 * one) and only the board permissions of allowed boards.
 */
async function tokensInScope(body: unknown, allowed: Set<string>, modelBoard: ModelBoard): Promise<unknown> {
	if (!Array.isArray(body)) return body;
	const tokens: unknown[] = [];
	for (const token of body) {
		if (!isObject(token)) continue;
		const kept: IDataObject = { ...token };
		if (Array.isArray(token.webhooks)) {
			const webhooks: IDataObject[] = [];
			for (const webhook of token.webhooks as unknown[]) {
				if (isObject(webhook) && allowed.has(await modelBoard(String(webhook.idModel ?? '')))) webhooks.push(webhook);
			}
			kept.webhooks = webhooks;
		} else delete kept.webhooks;
		if (Array.isArray(token.permissions)) {
			kept.permissions = (token.permissions as unknown[]).filter(
				(permission) => isObject(permission) && (permission.modelType !== 'board' || allowed.has(lower(permission.idModel))),
			);
		}
		tokens.push(kept);
	}
	return tokens;
}

/** Query parameters of Trello's /1/search (modelTypes and idBoards are checked by the search rule). */
export const SEARCH_QUERY = [
	'query',
	'idBoards',
	'idOrganizations',
	'idCards',
	'modelTypes',
	'board_fields',
	'boards_limit',
	'board_organization',
	'card_fields',
	'cards_limit',
	'cards_page',
	'card_board',
	'card_list',
	'card_members',
	'card_stickers',
	'card_attachments',
	'partial',
];

const ACCOUNT_READS: AccountRead[] = [
	{ route: ['members', 'me'], query: ['fields'], keep: memberInScope },
	{
		route: ['members', '*', 'boards'],
		query: ['filter', 'fields', 'lists', 'list_fields', 'organization', 'organization_fields'],
		keep: listOn((board) => board.id),
	},
	{ route: ['members', '*', 'cards'], query: ['filter', 'fields'], keep: listOn((card) => card.idBoard) },
	{
		route: ['members', 'me', 'notifications'],
		query: ['entities', 'display', 'filter', 'read_filter', 'fields', 'limit', 'page', 'before', 'since', 'memberCreator', 'memberCreator_fields'],
		keep: listOn(boardOfNotification),
	},
	{ route: ['members', 'me', 'tokens'], query: ['webhooks'], keep: tokensInScope },
	{ route: ['organizations', '*', 'boards'], query: ['filter', 'fields'], keep: listOn((board) => board.id) },
];

function matches(pattern: string[], route: string[]): boolean {
	return pattern.length === route.length && pattern.every((segment, index) => segment === '*' || segment === route[index]);
}

/** The rule of an account-level read (segments after /1/), or undefined when the path is not one. */
export function accountRead(route: string[]): AccountRead | undefined {
	return ACCOUNT_READS.find((read) => matches(read.route, route));
}

/** Refuses any query or body value not named in `known`, naming it. */
export function assertKnownQuery(values: IDataObject, known: readonly string[], endpoint: string, list: BoardList): void {
	const names = new Set(known.map((name) => name.toLowerCase()));
	const unknown = Object.keys(values).filter((name) => !names.has(name.toLowerCase()));
	if (!unknown.length) return;
	throw new ListRefusal(
		`Refused: the parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')} of GET ${endpoint} cannot be confined to ${list.source} (Trello may answer with objects of other boards). ${allowedBoardsText(list)}`,
		`Parameters taken here under a board scope: ${known.join(', ')}. Read the objects of an allowed board through /1/boards/ID/… instead.`,
	);
}

/** The verdict of an account-level read: its query checked, its answer kept to `allowed`. */
export function accountReadVerdict(
	read: AccountRead,
	values: IDataObject,
	endpoint: string,
	list: BoardList,
	allowed: Set<string>,
	modelBoard: ModelBoard,
): ScopeVerdict {
	assertKnownQuery(values, read.query, endpoint, list);
	return { filter: async (body) => await read.keep(body, allowed, modelBoard) };
}

/** The account-level reads, for messages: "/1/members/me, /1/members/ID/boards, …". */
export const ACCOUNT_READ_PATHS = ACCOUNT_READS.map((read) => `/1/${read.route.map((segment) => (segment === '*' ? 'ID' : segment)).join('/')}`);
