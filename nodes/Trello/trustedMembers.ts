import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { TRUSTED_MEMBERS_ONLY_PROPERTY, TRUSTED_MEMBERS_PROPERTY } from '../../credentials/scopeProperties';
import { pathSegment } from '../../credentials/requestGuard';
import { executionMemory } from '../shared/scope';
import { valueAt, withValueAt } from '../shared/simplify';
import type { TrelloClient } from './transport';

/**
 * Trusted Members: card descriptions, comments and checklist items written by anyone but a
 * board's admins and the named members are withheld, replaced by a marker saying by whom and
 * why. A board's admins are read once per board and run (GET /1/boards/{id}/memberships); who
 * last wrote a card's description or checklist items, once per card and run from the card's
 * actions. Text whose author cannot be told is withheld too. See docs/agents.md.
 */

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

/** Card actions that write a card's description or checklist items (newest first in Trello's answer). */
const WRITING_ACTIONS = 'createCard,copyCard,convertToCardFromCheckItem,emailCard,updateCard:desc,createCheckItem,updateCheckItem,addChecklistToCard';
const CARD_CREATION = new Set(['createCard', 'copyCard', 'convertToCardFromCheckItem', 'emailCard']);

interface CardAuthors {
	desc?: Author;
	/** By check item id. */
	checkItems: Map<string, Author>;
	/** By checklist id: who added a checklist (with the items it was copied with). */
	checklists: Map<string, Author>;
}

function authorOf(action: IDataObject): Author {
	const creator = action.memberCreator as IDataObject | undefined;
	return {
		id: typeof action.idMemberCreator === 'string' ? action.idMemberCreator : undefined,
		username: typeof creator?.username === 'string' ? creator.username : undefined,
	};
}

function cardAuthors(actions: IDataObject[]): CardAuthors {
	const authors: CardAuthors = { checkItems: new Map(), checklists: new Map() };
	// Newest first: the first writer found for a text is its last.
	for (const action of actions) {
		const data = (action.data ?? {}) as IDataObject;
		const type = String(action.type ?? '');
		if (!authors.desc && (CARD_CREATION.has(type) || (type === 'updateCard' && 'desc' in ((data.old as IDataObject | undefined) ?? {})))) authors.desc = authorOf(action);
		const checkItem = (data.checkItem as IDataObject | undefined)?.id;
		if ((type === 'createCheckItem' || type === 'updateCheckItem') && typeof checkItem === 'string' && !authors.checkItems.has(checkItem)) authors.checkItems.set(checkItem, authorOf(action));
		const checklist = (data.checklist as IDataObject | undefined)?.id;
		if (type === 'addChecklistToCard' && typeof checklist === 'string' && !authors.checklists.has(checklist)) authors.checklists.set(checklist, authorOf(action));
	}
	return authors;
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
		return judged.withheld ? withValueAt(raw, 'data.text', judged.text) : raw;
	}

	/** A card: its description, by whoever last wrote it. */
	async card(raw: IDataObject): Promise<IDataObject> {
		if (typeof raw.desc !== 'string' || !raw.desc || typeof raw.id !== 'string') return raw;
		const authors = await this.cardAuthors(raw.id);
		const judged = await this.judged(raw.desc, authors.desc, typeof raw.idBoard === 'string' ? raw.idBoard : undefined);
		return judged.withheld ? { ...raw, desc: judged.text } : raw;
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
		return judged.withheld ? { ...raw, name: judged.text } : raw;
	}

	/** A checklist: each item's name, by whoever created or last renamed it (else who added the checklist). */
	async checklist(raw: IDataObject): Promise<IDataObject> {
		const items = raw.checkItems;
		if (!Array.isArray(items) || !items.length || typeof raw.idCard !== 'string') return raw;
		const authors = await this.cardAuthors(raw.idCard);
		const board = typeof raw.idBoard === 'string' ? raw.idBoard : undefined;
		const judgedItems: unknown[] = [];
		for (const item of items as IDataObject[]) {
			const author = authors.checkItems.get(String(item?.id)) ?? authors.checklists.get(String(raw.id));
			const judged = await this.judged(item?.name, author, board);
			judgedItems.push(judged.withheld ? { ...item, name: judged.text } : item);
		}
		return { ...raw, checkItems: judgedItems };
	}
}

/**
 * The texts a Trello action wrote, as dot paths in a trigger item: a comment, a description, the
 * name of a card it created or renamed, a check item it created or renamed, and the earlier text
 * of what it changed (judged with the change).
 */
function writtenPaths(action: IDataObject): string[] {
	const type = String(action.type ?? '');
	const data = (action.data ?? {}) as IDataObject;
	const old = (data.old ?? {}) as IDataObject;
	const paths = ['text', 'action.data.text', 'action.data.card.desc'];
	if (CARD_CREATION.has(type) || 'name' in old) paths.push('card.name', 'action.data.card.name');
	if (type === 'createCheckItem' || type === 'updateCheckItem') paths.push('checkItem.name', 'action.data.checkItem.name');
	for (const key of ['desc', 'name', 'text']) paths.push(`old.${key}`, `action.data.old.${key}`);
	return paths;
}

/** A Trello Trigger item with what an untrusted member's action wrote withheld; untrustedTextWithheld counts it. */
export async function withholdTriggerItem(judge: MemberJudge, item: IDataObject): Promise<IDataObject> {
	const action = (item.action ?? {}) as IDataObject;
	const data = (action.data ?? {}) as IDataObject;
	const paths = writtenPaths(action).filter((path) => typeof valueAt(item, path) === 'string' && valueAt(item, path) !== '');
	if (!paths.length) return item;
	const author = authorOf(action);
	if (await judge.trusts(author, boardIdOf(data.board))) return item;
	const marker = memberMarker(whoIs(author));
	let out = item;
	for (const path of paths) out = withValueAt(out, path, marker);
	return { ...out, untrustedTextWithheld: paths.length };
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
	if (objectType === 'card') return await judge.card(raw);
	if (objectType === 'checklist') return await judge.checklist(raw);
	if (objectType === 'checkItem') return await judge.checkItem(raw, checklist);
	return body;
}
