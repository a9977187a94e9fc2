import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { TRUSTED_MEMBERS_ONLY_PROPERTY, TRUSTED_MEMBERS_PROPERTY } from '../../credentials/limitProperties';
import { pathSegment } from '../../credentials/requestGuard';
import { executionMemory } from '../shared/context';
import type { FieldSet } from '../shared/simplify';
import { valueAt, withValueAt } from '../shared/simplify';
import type { Trust } from '../shared/trustLabel';
import { recordedTrust, recordVerdict } from '../shared/trustLabel';
import type { TrelloClient } from './transport';

/**
 * Trusted Members: card names and descriptions, comments, list and checklist names and checklist
 * items written by anyone but a board's admins and the named members are withheld, replaced by a
 * marker saying by whom and why. A board's admins are read once per board and run (GET
 * /1/boards/{id}/memberships); who last wrote a card's texts, once per card and run from the card's
 * actions, and a list's name from the list's. Text whose author cannot be told is withheld too.
 * See docs/agents.md.
 */

/** What a Trello item's trust label means, for the tool descriptions and Simplify. */
export const TRELLO_TRUST_MEANING = 'trust: writer, outsider or unknown (is its author a board admin or trusted member?)';

export const TRUSTED_MEMBERS_OPTIONS: INodeProperties[] = [
	{ ...TRUSTED_MEMBERS_ONLY_PROPERTY, description: `${TRUSTED_MEMBERS_ONLY_PROPERTY.description as string}. Also on when the credential sets it.` },
	{
		...TRUSTED_MEMBERS_PROPERTY,
		description:
			'Members trusted besides each board’s admins (usernames or member IDs, comma-separated). Setting any turns Trusted Members Only on. When the credential sets Trusted Members Only, its list is used and this one is not.',
	},
];

export interface TrustedMembersSetting {
	/** Lower-cased usernames and member ids trusted on every board (admins are added per board). */
	named: Set<string>;
}

const namesIn = (value: unknown) =>
	String(value ?? '')
		.split(',')
		.map((name) => name.trim().replace(/^@/, '').toLowerCase())
		.filter(Boolean);

/** On when the credential or the node asks; the credential's list decides when it asks (a node cannot widen it). */
export function trustedMembersSetting(options: IDataObject, credentials: IDataObject): TrustedMembersSetting | undefined {
	const credentialNames = namesIn(credentials.trustedMembers);
	if (credentials.trustedMembersOnly === true || credentialNames.length) return { named: new Set(credentialNames) };
	const nodeNames = namesIn(options.trustedMembers);
	if (options.trustedMembersOnly === true || nodeNames.length) return { named: new Set(nodeNames) };
	return undefined;
}

export interface Author {
	id?: string;
	username?: string;
}

const whoIs = (author: Author | undefined) => author?.username ?? author?.id ?? 'an unknown author';

export const memberMarker = (who: string, why = 'who is not an admin of this board nor a trusted member') =>
	`[withheld: written by ${who}, ${why} (Trusted Members)]`;

/** Card actions that write a card's name, description, checklists' names or checklist items (newest first in Trello's answer). */
const WRITING_ACTIONS =
	'createCard,copyCard,convertToCardFromCheckItem,emailCard,updateCard:name,updateCard:desc,createCheckItem,updateCheckItem,addChecklistToCard,updateChecklist';
/** List actions that write a list's name. */
const LIST_NAMING_ACTIONS = 'createList,updateList:name';
const CARD_CREATION = new Set(['createCard', 'copyCard', 'convertToCardFromCheckItem', 'emailCard']);

interface CardAuthors {
	name?: Author;
	desc?: Author;
	/** By check item id. */
	checkItems: Map<string, Author>;
	/** By checklist id: who added a checklist (with the items it was copied with). */
	checklists: Map<string, Author>;
	/** By checklist id: who last renamed a checklist. */
	checklistNames: Map<string, Author>;
}

/** Whether an update action changed `field` (Trello keeps the earlier value in data.old). */
const changed = (data: IDataObject, field: string) => field in ((data.old as IDataObject | undefined) ?? {});

function authorOf(action: IDataObject): Author {
	const creator = action.memberCreator as IDataObject | undefined;
	return {
		id: typeof action.idMemberCreator === 'string' ? action.idMemberCreator : undefined,
		username: typeof creator?.username === 'string' ? creator.username : undefined,
	};
}

function cardAuthors(actions: IDataObject[]): CardAuthors {
	const authors: CardAuthors = { checkItems: new Map(), checklists: new Map(), checklistNames: new Map() };
	// Newest first: the first writer found for a text is its last.
	for (const action of actions) {
		const data = (action.data ?? {}) as IDataObject;
		const type = String(action.type ?? '');
		if (!authors.name && (CARD_CREATION.has(type) || (type === 'updateCard' && changed(data, 'name')))) authors.name = authorOf(action);
		if (!authors.desc && (CARD_CREATION.has(type) || (type === 'updateCard' && changed(data, 'desc')))) authors.desc = authorOf(action);
		const checkItem = (data.checkItem as IDataObject | undefined)?.id;
		if ((type === 'createCheckItem' || type === 'updateCheckItem') && typeof checkItem === 'string' && !authors.checkItems.has(checkItem)) authors.checkItems.set(checkItem, authorOf(action));
		const checklist = (data.checklist as IDataObject | undefined)?.id;
		if (type === 'addChecklistToCard' && typeof checklist === 'string' && !authors.checklists.has(checklist)) authors.checklists.set(checklist, authorOf(action));
		if (type === 'updateChecklist' && changed(data, 'name') && typeof checklist === 'string' && !authors.checklistNames.has(checklist)) authors.checklistNames.set(checklist, authorOf(action));
	}
	return authors;
}

/** The judged object (`replaced` when its text was withheld), its verdict recorded for its trust label. */
function judgedResult(raw: IDataObject, judged: boolean, withheld: boolean, replaced: () => IDataObject): IDataObject {
	const out = withheld ? replaced() : raw;
	if (judged) recordVerdict(out, !withheld);
	return out;
}

/**
 * The trust label of a simplified Trello object: Trusted Members' verdict when it judged the object
 * (`outsider` when any of its texts was withheld). Trello's answers do not say who wrote a text nor
 * whether they are a board admin, so unjudged objects are `unknown`: the label sends no request.
 */
export function trelloTrust(_fields: FieldSet, raw: IDataObject): Trust {
	return recordedTrust(raw) ?? 'unknown';
}

export class MemberJudge {
	constructor(
		/** The run's context: admins and card histories are remembered for its length. */
		private readonly ctx: object,
		private readonly client: TrelloClient,
		private readonly setting: TrustedMembersSetting,
	) {}

	private remembered<T>(memory: string, key: string, load: () => Promise<T>): Promise<T> {
		const map = executionMemory(this.ctx, memory);
		let known = map.get(key) as Promise<T> | undefined;
		if (!known) {
			known = load();
			map.set(key, known);
			known.catch(() => map.delete(key));
		}
		return known;
	}

	/** A board's admins, lower-cased ids and usernames. */
	private async admins(board: string): Promise<Set<string>> {
		return await this.remembered('trelloBoardAdmins', board, async () => {
			const memberships = await this.client.request<IDataObject[]>({
				method: 'GET',
				path: `/1/boards/${pathSegment(board)}/memberships`,
				qs: { filter: 'admins', member: true, member_fields: 'username' },
			});
			const admins = new Set<string>();
			for (const membership of Array.isArray(memberships) ? memberships : []) {
				if (membership.memberType !== 'admin' || membership.deactivated === true) continue;
				if (typeof membership.idMember === 'string') admins.add(membership.idMember.toLowerCase());
				const username = (membership.member as IDataObject | undefined)?.username;
				if (typeof username === 'string') admins.add(username.toLowerCase());
			}
			return admins;
		});
	}

	private async cardAuthors(card: string): Promise<CardAuthors> {
		return await this.remembered('trelloCardAuthors', card, async () => {
			const actions = await this.client.request<IDataObject[]>({
				method: 'GET',
				path: `/1/cards/${pathSegment(card)}/actions`,
				qs: { filter: WRITING_ACTIONS },
			});
			return cardAuthors(Array.isArray(actions) ? actions : []);
		});
	}

	async trusts(author: Author | undefined, board: string | undefined): Promise<boolean> {
		const keys = [author?.id, author?.username].filter((key): key is string => typeof key === 'string' && key !== '').map((key) => key.toLowerCase());
		if (!keys.length) return false;
		if (keys.some((key) => this.setting.named.has(key))) return true;
		if (!board) return false;
		const admins = await this.admins(board);
		return keys.some((key) => admins.has(key));
	}

	/** The text, or the marker when its author is not trusted. */
	private async judged(text: unknown, author: Author | undefined, board: string | undefined): Promise<{ text: string; withheld: boolean }> {
		if (typeof text !== 'string' || !text) return { text: '', withheld: false };
		if (await this.trusts(author, board)) return { text, withheld: false };
		return { text: memberMarker(whoIs(author), author ? undefined : 'whose author Trello no longer tells'), withheld: true };
	}

	/** A comment or other action: what its creator wrote (data.text). */
	async action(raw: IDataObject): Promise<IDataObject> {
		const data = (raw.data ?? {}) as IDataObject;
		const judged = await this.judged(data.text, authorOf(raw), boardIdOf(data.board) ?? undefined);
		return judgedResult(raw, typeof data.text === 'string' && data.text !== '', judged.withheld, () => withValueAt(raw, 'data.text', judged.text));
	}

	/** The fields of `raw` judged, each by its author: the ones withheld replaced by the marker. */
	private async judgedFields(raw: IDataObject, board: string | undefined, authors: Record<string, Author | undefined>): Promise<IDataObject> {
		let out = raw;
		let judgedAny = false;
		let withheldAny = false;
		for (const [field, author] of Object.entries(authors)) {
			const judged = await this.judged(raw[field], author, board);
			judgedAny ||= typeof raw[field] === 'string' && raw[field] !== '';
			withheldAny ||= judged.withheld;
			if (judged.withheld) out = { ...out, [field]: judged.text };
		}
		if (judgedAny) recordVerdict(out, !withheldAny);
		return out;
	}

	/** A card: its name and description, each by whoever last wrote it. */
	async card(raw: IDataObject): Promise<IDataObject> {
		const written = (typeof raw.name === 'string' && raw.name) || (typeof raw.desc === 'string' && raw.desc);
		if (!written || typeof raw.id !== 'string') return raw;
		const authors = await this.cardAuthors(raw.id);
		return await this.judgedFields(raw, typeof raw.idBoard === 'string' ? raw.idBoard : undefined, { name: authors.name, desc: authors.desc });
	}

	/** A list: its name, by whoever created or last renamed it (GET /1/lists/{id}/actions, once per list and run). */
	async list(raw: IDataObject): Promise<IDataObject> {
		if (typeof raw.name !== 'string' || !raw.name || typeof raw.id !== 'string') return raw;
		const id = raw.id;
		const author = await this.remembered('trelloListNamer', id, async () => {
			const actions = await this.client.request<IDataObject[]>({ method: 'GET', path: `/1/lists/${pathSegment(id)}/actions`, qs: { filter: LIST_NAMING_ACTIONS } });
			// Newest first: the first is the name's last writer.
			const naming = (Array.isArray(actions) ? actions : []).find((action) => action.type === 'createList' || (action.type === 'updateList' && changed((action.data ?? {}) as IDataObject, 'name')));
			return naming ? authorOf(naming) : undefined;
		});
		return await this.judgedFields(raw, typeof raw.idBoard === 'string' ? raw.idBoard : undefined, { name: author });
	}

	/** A checklist's card and board, once per checklist and run: a check item names only its checklist. */
	private async checklistPlace(checklist: string): Promise<{ card?: string; board?: string }> {
		return await this.remembered('trelloChecklistPlace', checklist, async () => {
			const found = await this.client.request<IDataObject>({ method: 'GET', path: `/1/checklists/${pathSegment(checklist)}`, qs: { fields: 'idCard,idBoard' } });
			return { card: typeof found?.idCard === 'string' ? found.idCard : undefined, board: typeof found?.idBoard === 'string' ? found.idBoard : undefined };
		});
	}

	/** One checklist item (Get Item, and the item a write returns): judged as in its checklist. */
	async checkItem(raw: IDataObject, checklist?: string): Promise<IDataObject> {
		if (typeof raw.name !== 'string' || !raw.name) return raw;
		// Fields chosen in the node may leave idChecklist out; the row's checklist is the item's then.
		const id = typeof raw.idChecklist === 'string' ? raw.idChecklist : checklist;
		const place = id ? await this.checklistPlace(id) : {};
		const authors = place.card ? await this.cardAuthors(place.card) : undefined;
		const author = authors?.checkItems.get(String(raw.id)) ?? (id ? authors?.checklists.get(id) : undefined);
		const judged = await this.judged(raw.name, author, place.board);
		return judgedResult(raw, true, judged.withheld, () => ({ ...raw, name: judged.text }));
	}

	/**
	 * A checklist: its name, by whoever last renamed it (else who added it), and each item's name, by
	 * whoever created or last renamed it (else who added the checklist).
	 */
	async checklist(raw: IDataObject): Promise<IDataObject> {
		const items = Array.isArray(raw.checkItems) ? raw.checkItems : [];
		const named = typeof raw.name === 'string' && raw.name !== '';
		if ((!items.length && !named) || typeof raw.idCard !== 'string') return raw;
		const authors = await this.cardAuthors(raw.idCard);
		const board = typeof raw.idBoard === 'string' ? raw.idBoard : undefined;
		const id = String(raw.id);
		const judgedName = await this.judgedFields(raw, board, { name: authors.checklistNames.get(id) ?? authors.checklists.get(id) });
		if (!items.length) return judgedName;
		const judgedItems: unknown[] = [];
		let withheldAny = false;
		for (const item of items as IDataObject[]) {
			const author = authors.checkItems.get(String(item?.id)) ?? authors.checklists.get(String(raw.id));
			const judged = await this.judged(item?.name, author, board);
			withheldAny ||= judged.withheld;
			judgedItems.push(judged.withheld ? { ...item, name: judged.text } : item);
		}
		const out = { ...judgedName, checkItems: judgedItems };
		recordVerdict(out, recordedTrust(judgedName) !== 'outsider' && !withheldAny);
		return out;
	}
}

/** Trello's activity-feed copy of a text (`display.entities`), by the entity type that carries it. */
const ENTITY_TYPES: Record<string, string> = { text: 'comment', 'card.name': 'card', 'list.name': 'list', 'checklist.name': 'checklist', 'checkItem.name': 'checkitem' };

/** Notifications that carry a text their creator wrote beyond a comment: the card they created. */
const CARD_NAMING_NOTIFICATIONS = new Set(['createdCard']);

/**
 * The texts a Trello action (or the notification of one) wrote, as dot paths in a trigger item: a
 * comment, a description, the name of a card, list or checklist it created or renamed, a check item
 * it created or renamed, the earlier text of what it changed (judged with the change), and the
 * copies in `display.entities`. `rawKey` is where the item keeps the action.
 */
function writtenPaths(action: IDataObject, rawKey: string): string[] {
	const type = String(action.type ?? '');
	const data = (action.data ?? {}) as IDataObject;
	const renamed = changed(data, 'name');
	const written = ['text'];
	if (CARD_CREATION.has(type) || CARD_NAMING_NOTIFICATIONS.has(type) || (type === 'updateCard' && renamed)) written.push('card.name');
	if (type === 'createList' || (type === 'updateList' && renamed)) written.push('list.name');
	if (type === 'addChecklistToCard' || (type === 'updateChecklist' && renamed)) written.push('checklist.name');
	if (type === 'createCheckItem' || type === 'updateCheckItem') written.push('checkItem.name');
	const paths = [...written, `${rawKey}.data.card.desc`, ...written.map((path) => `${rawKey}.data.${path}`)];
	for (const key of ['desc', 'name', 'text']) paths.push(`old.${key}`, `${rawKey}.data.old.${key}`);
	const entities = ((action.display as IDataObject | undefined)?.entities ?? {}) as IDataObject;
	const writtenTypes = new Set(written.map((path) => ENTITY_TYPES[path]));
	for (const [name, entity] of Object.entries(entities)) {
		const entityType = String((entity as IDataObject | null)?.type ?? '').toLowerCase();
		if (writtenTypes.has(entityType)) paths.push(`${rawKey}.display.entities.${name}.text`);
	}
	return paths;
}

/**
 * A trigger item with what an untrusted member's action wrote withheld; untrustedTextWithheld
 * counts it. `rawKey` names the action's place: `action` in a Trello Trigger item, `notification`
 * in a Notification Trigger item (a notification has an action's shape and creator).
 */
export async function withholdTriggerItem(judge: MemberJudge, item: IDataObject, rawKey: 'action' | 'notification' = 'action'): Promise<IDataObject> {
	const action = (item[rawKey] ?? {}) as IDataObject;
	const data = (action.data ?? {}) as IDataObject;
	const paths = writtenPaths(action, rawKey).filter((path) => typeof valueAt(item, path) === 'string' && valueAt(item, path) !== '');
	if (!paths.length) return item;
	const author = authorOf(action);
	if (await judge.trusts(author, boardIdOf(data.board))) return item;
	const marker = memberMarker(whoIs(author));
	let out = item;
	for (const path of paths) out = withValueAt(out, path, marker);
	return { ...out, untrustedTextWithheld: paths.length };
}

/**
 * A Due Date Trigger item: the card's name judged by whoever last wrote it and the list's name by
 * whoever last named it, as Card → Get and List → Get judge them.
 */
export async function withholdDueDateItem(judge: MemberJudge, item: IDataObject): Promise<IDataObject> {
	const card = (item.card ?? {}) as IDataObject;
	const list = (item.list ?? {}) as IDataObject;
	const board = boardIdOf(item.board);
	const judgedCard = await judge.card({ id: card.id, name: card.name, ...(board ? { idBoard: board } : {}) });
	const judgedList = await judge.list({ id: list.id, name: list.name, ...(board ? { idBoard: board } : {}) });
	let withheld = 0;
	let out = item;
	if (judgedCard.name !== card.name) {
		out = { ...out, card: { ...card, name: judgedCard.name } };
		withheld++;
	}
	if (judgedList.name !== list.name) {
		out = { ...out, list: { ...list, name: judgedList.name } };
		withheld++;
	}
	return withheld ? { ...out, untrustedTextWithheld: withheld } : item;
}

function boardIdOf(board: unknown): string | undefined {
	const id = (board as IDataObject | undefined)?.id;
	return typeof id === 'string' ? id : undefined;
}

/**
 * The node's answer with what untrusted members wrote withheld, by object type (others pass).
 * `checklist` is the checklist the row names, for check items whose answer does not.
 */
export async function withholdUntrusted(judge: MemberJudge, objectType: string, body: unknown, checklist?: string): Promise<unknown> {
	if (Array.isArray(body)) {
		const out: unknown[] = [];
		for (const entry of body) out.push(await withholdUntrusted(judge, objectType, entry, checklist));
		return out;
	}
	if (!body || typeof body !== 'object') return body;
	const raw = body as IDataObject;
	if (objectType === 'action' || objectType === 'notification') return await judge.action(raw);
	if (objectType === 'card') return await withNested(judge, await judge.card(raw), raw);
	if (objectType === 'list') return await withNested(judge, await judge.list(raw), raw);
	if (objectType === 'checklist') return await judge.checklist(raw);
	if (objectType === 'checkItem') return await judge.checkItem(raw, checklist);
	if (objectType === 'board') return await withNested(judge, raw, raw);
	return body;
}

/**
 * The objects Trello nests in another's answer, judged as on their own: a card's checklists
 * (Include Checklists), a list's or a board's cards (Include Cards) and a board's lists. A nested
 * object may leave out its parent's ids, which it shares; they are lent to it for the judging.
 */
const NESTED: Array<{ key: string; objectType: string; lent: (parent: IDataObject) => IDataObject }> = [
	{ key: 'checklists', objectType: 'checklist', lent: (card) => ({ idCard: card.id, idBoard: card.idBoard }) },
	{ key: 'cards', objectType: 'card', lent: (parent) => ({ idBoard: parent.idBoard ?? parent.id }) },
	{ key: 'lists', objectType: 'list', lent: (board) => ({ idBoard: board.id }) },
];

async function withNested(judge: MemberJudge, judged: IDataObject, raw: IDataObject): Promise<IDataObject> {
	let out = judged;
	for (const { key, objectType, lent } of NESTED) {
		const entries = raw[key];
		if (!Array.isArray(entries) || !entries.length) continue;
		const parentIds = Object.fromEntries(Object.entries(lent(raw)).filter(([, value]) => typeof value === 'string'));
		const judgedEntries: unknown[] = [];
		for (const entry of entries) {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
				judgedEntries.push(entry);
				continue;
			}
			const withIds = { ...parentIds, ...(entry as IDataObject) };
			const result = (await withholdUntrusted(judge, objectType, withIds)) as IDataObject;
			// Only the judged texts change: the lent ids stay out of the answer.
			judgedEntries.push(result === withIds ? entry : { ...(entry as IDataObject), ...textsOf(result) });
		}
		out = { ...out, [key]: judgedEntries };
	}
	// The parent's own verdict stays its label: its simplified form holds none of the nested objects.
	const verdict = recordedTrust(judged);
	if (out !== judged && verdict) recordVerdict(out, verdict === 'writer');
	return out;
}

/** The judged texts of an object: the fields Trusted Members may replace. */
function textsOf(judged: IDataObject): IDataObject {
	const texts: IDataObject = {};
	for (const field of ['name', 'desc', 'checkItems']) if (field in judged) texts[field] = judged[field];
	return texts;
}
