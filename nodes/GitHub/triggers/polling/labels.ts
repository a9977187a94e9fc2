import type { IDataObject } from 'n8n-workflow';

import type { RepositorySourceName } from '../events';
import type { Delivery } from '../matching';
import { MAX_WHOLE_LIST_PAGES, readEveryPage } from './everyPage';
import type { PollRun, RepositoryName } from './pollRun';
import { PAGE_SIZE, repositoryPayload } from './pollRun';

/** The repository's labels (GET /repos/{o}/{r}/labels): a snapshot compared with the last one, as the refs are. */
export interface LabelList {
	kind: 'labels';
}

/** What is remembered of a label, by id: what an edit changes, and what a Label Deleted item shows. */
type LabelState = [name: string, color: string, description: string | null, isDefault: boolean];

const EDITABLE: Array<[field: 'name' | 'color' | 'description', index: 0 | 1 | 2]> = [
	['name', 0],
	['color', 1],
	['description', 2],
];

/** Labels remembered at most: every page read, and as many again past the bound (not reported deleted). */
const MAX_REMEMBERED_LABELS = 2 * MAX_WHOLE_LIST_PAGES * PAGE_SIZE;

function stateOf(label: IDataObject): LabelState {
	return [String(label.name ?? ''), String(label.color ?? ''), (label.description as string | null | undefined) ?? null, label.default === true];
}

function labelKey(label: IDataObject): string {
	return String(label.id);
}

/**
 * New Label, Label Updated and Label Deleted. Labels carry no time, so each poll reads every page
 * (each conditional: an idle repository costs nothing) and compares each label, by id, with its
 * name, color and description as last seen: an id not seen before is `created`, a changed one
 * `edited` (with `changes.*.from`, as the webhook), one gone `deleted`. A label created and deleted
 * between two polls is not seen; several edits between two polls are one. Created and then edited
 * between two reads is one `created` as read: a label has no time or history to tell the edit by.
 */
export async function pollLabels(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const position = run.position(repository, name);
	const first = !position?.known || run.request.manual;
	const { pages, truncated } = await readEveryPage(run, repository, '/labels', {}, !first, first ? undefined : position.pageKeys, labelKey);
	const answered = pages.find((page) => page.response)?.response;
	const when = answered ? run.serverTime(answered) : 0;
	const delivery = (action: string, label: IDataObject, changes?: IDataObject): Delivery => ({
		event: 'label',
		deliveryId: null,
		payload: { action, label, ...(changes ? { changes } : {}), repository: repositoryPayload(repository) },
	});
	const listed = pages.flatMap((page) => page.entries);
	if (run.request.manual) {
		const newest = [...listed].sort((a, b) => Number(b.id) - Number(a.id))[0];
		if (newest) run.emit([{ time: when, delivery: delivery('created', newest) }]);
		return;
	}
	const known: Record<string, string> = { ...position?.known };
	if (first) {
		for (const label of listed) known[labelKey(label)] = JSON.stringify(stateOf(label));
		run.setPosition(repository, name, { known, pageKeys: pages.map((page) => page.keys) });
		for (const page of pages) if (page.response) run.keepEtag(page.request, page.response);
		return;
	}
	let complete = true;
	const take = (change: Delivery): boolean => {
		if (run.budget <= 0) return (complete = false);
		run.budget -= run.emit([{ time: when, delivery: change }]);
		return true;
	};
	for (const label of [...listed].sort((a, b) => Number(a.id) - Number(b.id))) {
		const key = labelKey(label);
		const now = stateOf(label);
		const before = known[key] === undefined ? undefined : (JSON.parse(known[key]) as LabelState);
		if (before && JSON.stringify(before) === JSON.stringify(now)) continue;
		const changes = before ? Object.fromEntries(EDITABLE.filter(([, index]) => before[index] !== now[index]).map(([field, index]) => [field, { from: before[index] }])) : undefined;
		// A change of `default` alone is no webhook event: remembered without an item.
		if (changes && Object.keys(changes).length === 0) {
			known[key] = JSON.stringify(now);
			continue;
		}
		if (!take(before ? delivery('edited', label, changes) : delivery('created', label))) break;
		known[key] = JSON.stringify(now);
	}
	const present = new Set(pages.flatMap((page) => page.keys));
	// Labels past the page bound may only have moved beyond it: not reported, kept while there is room.
	const gone = complete && !truncated ? Object.keys(known).filter((key) => !present.has(key)) : [];
	for (const key of gone) {
		const [labelName, color, description, isDefault] = JSON.parse(known[key]) as LabelState;
		if (!take(delivery('deleted', { id: Number(key), name: labelName, color, description, default: isDefault }))) break;
		delete known[key];
	}
	const unseen = Object.keys(known).filter((key) => !present.has(key));
	for (const key of unseen.slice(0, Math.max(0, Object.keys(known).length - MAX_REMEMBERED_LABELS))) delete known[key];
	if (complete) for (const page of pages) if (page.response) run.keepEtag(page.request, page.response);
	// Cut short by Max Items per Poll: the next poll reads every page in full and compares again.
	run.setPosition(repository, name, { known, pageKeys: complete ? pages.map((page) => page.keys) : undefined });
}
