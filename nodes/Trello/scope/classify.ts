import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { ListRefusal } from '../../shared/scope';
import { isReading, normalizePath, requestValues, valueNamed } from '../../shared/scope';
import type { AccountRead } from './accountReads';
import { accountRead } from './accountReads';

/**
 * What a Trello request touches, told from its method, path, query and body alone. The
 * credential's board scope and the node's "Allowed Boards" decide on this one answer (rules.ts),
 * for catalogue rows and API calls alike; where each named object sits (its board, or none
 * known) is looked up by the rules, once per execution.
 */

export interface TrelloScopedRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: unknown;
	/** Issued by the scope module for a request whose object a node operation checked itself (proofs.ts). */
	scopeProof?: object;
}

/** Objects that sit on one board, looked up by id (a board is its own). */
export type BoardOwnedKind = 'board' | 'list' | 'card' | 'checklist' | 'label' | 'action' | 'webhook' | 'customField' | 'notification';

/**
 * One object a request names, in the order the rules check them: `kind` 'model' is a webhook's
 * or custom field's model (a board, list or card). `invalid`: the value is not one id (a list, an
 * object), so what it names cannot be told.
 */
export type NamedObject =
	| { kind: BoardOwnedKind | 'model'; id: string; label: string }
	| { invalid: string; got: string };

export type TrelloTarget =
	/** Cards, lists, checklists, labels, … named in the path or by id values; each must sit on an allowed board. */
	| { kind: 'boardObjects'; objects: NamedObject[] }
	/** POST /1/boards (a new board or a copy): a board no list can name yet. */
	| { kind: 'newBoard' }
	/** A member (account) or organization (workspace) read Trello answers across the account; kept to the boards. */
	| { kind: 'account'; read: AccountRead; endpoint: string }
	/** /1/search: confined by idBoards and modelTypes. */
	| { kind: 'search'; endpoint: string }
	/** A notification named by id (its board is proven by the node operation that read it). */
	| { kind: 'notification'; id: string }
	/** A query or body the rules cannot read as Trello will (the refusal, without the allowed list). */
	| { kind: 'unreadable'; refusal: ListRefusal }
	/** Anything else: a member, workspace, token, batch, … or a path not known. */
	| { kind: 'unknown' };

export type TrelloTargetKind = TrelloTarget['kind'];

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

/**
 * Collections that name a second object further down a path (/1/boards/ID/cards/ID,
 * /1/cards/ID/checklist/ID/checkItem/ID, /1/cards/ID/customField/ID/item, …), compared without case.
 */
const SUB_PATH_KINDS: Record<string, BoardOwnedKind> = {
	cards: 'card',
	lists: 'list',
	checklists: 'checklist',
	checklist: 'checklist',
	labels: 'label',
	actions: 'action',
	customfield: 'customField',
	customfields: 'customField',
};

/** Words Trello documents after those collections (filters, …/actions/comments): no object. */
const SUB_PATH_WORDS = new Set(['all', 'closed', 'none', 'open', 'visible', 'comments']);

const TRELLO_ID = /^[0-9a-f]{24}$/i;

/** The objects named after the first one, or undefined when a segment there is neither an id nor a known word. */
function subPathObjects(segments: string[]): NamedObject[] | undefined {
	const objects: NamedObject[] = [];
	for (let index = 3; index + 1 < segments.length; index += 2) {
		const kind = SUB_PATH_KINDS[segments[index].toLowerCase()];
		const id = segments[index + 1];
		if (!kind || SUB_PATH_WORDS.has(id.toLowerCase())) continue;
		// A short link or any other spelling there cannot be looked up as Trello will read it.
		if (!TRELLO_ID.test(id)) return undefined;
		objects.push({ kind, id, label: `the ${kind} "${id}"` });
	}
	return objects;
}

/** Query or body values naming an object, and what kind of object they name. */
const ID_VALUES: Record<string, BoardOwnedKind | 'model'> = {
	idBoard: 'board',
	idBoardSource: 'board',
	idList: 'list',
	idListSource: 'list',
	idCard: 'card',
	idCardSource: 'card',
	// PUT /1/cards/ID/checkItem/ID moves an item into the checklist named here.
	idChecklist: 'checklist',
	idChecklistSource: 'checklist',
	idModel: 'model',
};

/**
 * What `value` names in a value-style write to a field segment (/1/cards/ID/idList?value=…).
 * 'none': members, organizations and the like, which sit on no board. A field not listed is
 * unknown, since its meaning is.
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

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function named(kind: BoardOwnedKind | 'model', name: string, value: unknown, label: (id: string) => string): NamedObject {
	if (typeof value === 'string') return { kind, id: value, label: label(value) };
	return { invalid: name, got: Array.isArray(value) ? 'a list' : typeof value };
}

export function classifyTrelloRequest(request: TrelloScopedRequest): TrelloTarget {
	const method = String(request.method).toUpperCase();
	const reading = isReading(method);
	const { segments } = normalizePath(request.path);
	let values: IDataObject;
	try {
		// The allowed list ends the refusal; the rules add it (see withAllowed in rules.ts).
		values = requestValues(request.qs, request.body, '');
	} catch (error) {
		// requestValues refuses with a ListRefusal only.
		return { kind: 'unreadable', refusal: error as ListRefusal };
	}
	const [version, collection, id] = segments;
	if (version !== '1') return { kind: 'unknown' };
	const endpoint = `/${segments.join('/')}`;
	const read = reading ? accountRead(segments.slice(1)) : undefined;
	if (read) return { kind: 'account', read, endpoint };
	if (reading && segments.slice(1).join('/') === 'search') return { kind: 'search', endpoint };
	if (collection === 'notifications' && id !== undefined && segments.length === 3 && id !== 'all') return { kind: 'notification', id };

	const kind = PATH_KINDS[collection];
	if (!kind) return { kind: 'unknown' };
	if (kind === 'board' && id === undefined && method === 'POST') return { kind: 'newBoard' };
	const objects: NamedObject[] = [];
	if (id !== undefined) objects.push({ kind, id, label: `the ${kind} "${id}"` });
	const further = subPathObjects(segments);
	if (!further) return { kind: 'unknown' };
	objects.push(...further);
	for (const [name, valueKind] of Object.entries(ID_VALUES)) {
		const value = valueNamed(values, name);
		if (present(value)) objects.push(named(valueKind, name, value, () => `${name} "${String(value)}"`));
	}
	// PUT /1/cards/ID/idList?value=… and the like: `value` is what the field segment names.
	const field = id !== undefined && segments.length >= 4 ? segments[segments.length - 1] : undefined;
	if (!reading && field !== undefined && /^id/i.test(field)) {
		// Compared without case: a route may match idlist as it matches idList.
		const meaning = Object.entries(VALUE_FIELDS).find(([name]) => name.toLowerCase() === field.toLowerCase())?.[1];
		if (meaning === undefined) return { kind: 'unknown' };
		const value = valueNamed(values, 'value');
		if (meaning !== 'none' && present(value)) {
			if (typeof value !== 'string') objects.push(named(meaning, 'value', value, String));
			else {
				const ids = field.toLowerCase() === 'idlabels' ? value.split(',').map((part) => part.trim()).filter(Boolean) : [value];
				for (const each of ids) objects.push({ kind: meaning, id: each, label: `${field} "${each}"` });
			}
		}
	}
	if (!objects.length) return { kind: 'unknown' };
	return { kind: 'boardObjects', objects };
}
