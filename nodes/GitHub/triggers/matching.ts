import type { IDataObject } from 'n8n-workflow';

import type { Condition, EventClause, EventRow, UserFilterName } from './events';

/**
 * Every item either trigger node emits has this one shape:
 * - trigger: the spec name of the trigger that matched ("New Pull Request")
 * - event: the X-GitHub-Event of the delivery, or null for polled items
 * - action: the payload's `action`, or null when the event has none (push, fork, create) or for polled items
 * - deliveryId: the X-GitHub-Delivery GUID, or null for polled items
 * - payload: the delivery body as GitHub sent it, or the polled object (gist, user, repository,
 *   notification). For New Commit the payload is the push without its `commits` list and with
 *   the one `commit` the item is about.
 * A delivery matching several chosen triggers yields one item per trigger.
 */
export interface TriggerItem extends IDataObject {
	trigger: string;
	event: string | null;
	action: string | null;
	deliveryId: string | null;
	payload: IDataObject;
}

/** What a poll trigger emits: the trigger's name and what GitHub listed. */
export interface PolledItem extends IDataObject {
	trigger: string;
	payload: IDataObject;
}

export type UserFilterValues = Partial<Record<UserFilterName, string[]>>;

export interface Delivery {
	event: string;
	deliveryId: string | null;
	payload: IDataObject;
}

interface MatchOptions {
	filters: UserFilterValues;
	/** Lower-case repository names; empty = any repository the hooks deliver. */
	repositories: string[];
	/** Login of the connected account, for New Mention. */
	login?: string;
}

function valueAt(payload: unknown, path: string): unknown {
	let current: unknown = payload;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

function holds(value: unknown, condition: Condition): boolean {
	if (condition !== null && typeof condition === 'object') {
		if ('not' in condition) return value !== condition.not;
		if ('exists' in condition) return (value !== undefined && value !== null) === condition.exists;
		if ('startsWith' in condition) return typeof value === 'string' && value.startsWith(condition.startsWith);
		if ('oneOf' in condition) return condition.oneOf.includes(value);
	}
	return value === condition;
}

function clauseMatches(clause: EventClause, delivery: Delivery): boolean {
	if (clause.event === '*') {
		if (clause.otherThan?.includes(delivery.event)) return false;
	} else if (clause.event !== delivery.event) return false;
	if (clause.actions && !clause.actions.includes(String(delivery.payload.action))) return false;
	return Object.entries(clause.where ?? {}).every(([path, condition]) =>
		holds(valueAt(delivery.payload, path), condition),
	);
}

/** Text fields of the subscribed events that can carry an @-mention. */
const MENTION_TEXT_PATHS = [
	'comment.body',
	'review.body',
	'issue.body',
	'issue.title',
	'pull_request.body',
	'pull_request.title',
	'discussion.body',
	'discussion.title',
];

function mentionPattern(login: string): RegExp {
	const escaped = login.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
	// Logins are letters, digits and hyphens: "@mona" must not match "@monalisa", "me@mona.dev" or "@mona/team".
	return new RegExp(`(^|[^A-Za-z0-9_\\-/@.])@${escaped}(?![A-Za-z0-9_/-])`, 'i');
}

export function mentions(text: unknown, login: string): boolean {
	return typeof text === 'string' && login !== '' && mentionPattern(login).test(text);
}

/** The subject of the delivery mentions the login now, and (for edits) did not before. */
function mentionsAccount(delivery: Delivery, login: string | undefined): boolean {
	if (!login) return false;
	const subject = MENTION_TEXT_PATHS.find((path) => mentions(valueAt(delivery.payload, path), login));
	if (!subject) return false;
	if (delivery.payload.action === 'edited') {
		const changes = delivery.payload.changes as IDataObject | undefined;
		const field = subject.split('.')[1];
		const before = valueAt(changes, `${field}.from`);
		// Only the edit that adds the mention counts; an unrelated edit would fire it again.
		if (before === undefined || mentions(before, login)) return false;
	}
	return true;
}

function passesUserFilters(row: EventRow, delivery: Delivery, filters: UserFilterValues): boolean {
	for (const use of row.webhook?.filters ?? []) {
		if (use.event && use.event !== delivery.event) continue;
		const wanted = (filters[use.filter] ?? []).map((value) => value.toLowerCase());
		if (wanted.length === 0) continue;
		let actual = valueAt(delivery.payload, use.path);
		if ((actual === undefined || actual === null) && use.fallbackPath) actual = valueAt(delivery.payload, use.fallbackPath);
		if (actual === undefined || actual === null) return false;
		const candidates = Array.isArray(actual) ? actual.map((entry) => (use.eachItem ? valueAt(entry, use.eachItem) : entry)) : [actual];
		const comparable = candidates
			.filter((value) => value !== undefined && value !== null)
			.map(String)
			.filter((value) => !use.stripPrefix || value.startsWith(use.stripPrefix))
			.map((value) => (use.stripPrefix ? value.slice(use.stripPrefix.length) : value).toLowerCase());
		for (const alias of use.alsoAs ?? []) {
			if (Object.entries(alias.where).every(([path, condition]) => holds(valueAt(delivery.payload, path), condition))) comparable.push(alias.value.toLowerCase());
		}
		if (!comparable.some((value) => wanted.includes(value))) return false;
	}
	return true;
}

function inChosenRepositories(row: EventRow, delivery: Delivery, repositories: string[]): boolean {
	// Organization-level triggers concern the organization itself (its new repositories, its projects).
	if (repositories.length === 0 || row.webhook?.level === 'organization') return true;
	const name = valueAt(delivery.payload, 'repository.name');
	return typeof name === 'string' && repositories.includes(name.toLowerCase());
}

function itemFor(row: EventRow, delivery: Delivery, payload: IDataObject): TriggerItem {
	const action = delivery.payload.action;
	return {
		trigger: row.name,
		event: delivery.event,
		action: typeof action === 'string' ? action : null,
		deliveryId: delivery.deliveryId,
		payload,
	};
}

/** The items one delivery yields for the chosen triggers (none when nothing matches). */
export function itemsForDelivery(rows: EventRow[], delivery: Delivery, options: MatchOptions): TriggerItem[] {
	const items: TriggerItem[] = [];
	for (const row of rows) {
		const source = row.webhook;
		if (!source) continue;
		if (!source.clauses.some((clause) => clauseMatches(clause, delivery))) continue;
		if (!inChosenRepositories(row, delivery, options.repositories)) continue;
		if (!passesUserFilters(row, delivery, options.filters)) continue;
		if (source.mentionsAccount && !mentionsAccount(delivery, options.login)) continue;
		if (source.emit === 'distinctCommits') {
			const { commits, ...push } = delivery.payload;
			for (const commit of (Array.isArray(commits) ? commits : []) as IDataObject[]) {
				if (commit.distinct === false) continue;
				items.push(itemFor(row, delivery, { ...push, commit }));
			}
			continue;
		}
		items.push(itemFor(row, delivery, delivery.payload));
	}
	return items;
}
