import type { IDataObject } from 'n8n-workflow';

import type { RepositorySourceName } from '../events';
import { readEveryPage } from './everyPage';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { advancedCursor, iso, remember, REMEMBERED_KEYS, repositoryPayload, time } from './pollRun';

/** The repository's milestones (GET /repos/{o}/{r}/milestones?state=all&sort=due_on&direction=asc). */
export interface MilestoneList {
	kind: 'milestones';
}

/** Due date order moves only when a due date is edited, so new issues on a milestone do not reshuffle the pages. */
export const MILESTONES_QUERY = { state: 'all', sort: 'due_on', direction: 'asc' };

interface MilestoneChange {
	action: 'created' | 'closed';
	time: number;
	key: string;
	milestone: IDataObject;
}

/** What a milestone tells of its past: its creation, and its last closing (`closed_at`) while it is closed. */
function changesOf(milestone: IDataObject): MilestoneChange[] {
	const id = String(milestone.id);
	const changes: MilestoneChange[] = [{ action: 'created', time: time(milestone.created_at), key: `created:${id}`, milestone }];
	if (milestone.state === 'closed' && milestone.closed_at) {
		changes.push({ action: 'closed', time: time(milestone.closed_at), key: `closed:${id}@${String(milestone.closed_at)}`, milestone });
	}
	return changes;
}

function delivery(change: MilestoneChange, repository: RepositoryName): TimedDelivery {
	return {
		time: change.time,
		delivery: { event: 'milestone', deliveryId: null, payload: { action: change.action, milestone: change.milestone, repository: repositoryPayload(repository) } },
	};
}

/**
 * New Milestone and Milestone Closed. GitHub sorts milestones by due date or completeness only, so
 * each poll reads every page (each conditional: an idle repository costs nothing) and takes the
 * creations and closings (`created_at`, `closed_at`) at or after the cursor, each once (keys of the
 * last ones taken). A milestone closed and reopened between two polls shows no closing.
 */
export async function pollMilestones(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const position = run.position(repository, name);
	const first = !position?.at || run.request.manual;
	const keyOf = (milestone: IDataObject) => String(milestone.id);
	const { pages } = await readEveryPage(run, repository, '/milestones', MILESTONES_QUERY, !first, first ? undefined : position.pageKeys, keyOf);
	const answered = pages.find((page) => page.response)?.response;
	const changes = pages.flatMap((page) => page.entries.flatMap(changesOf)).sort((a, b) => a.time - b.time);
	if (run.request.manual) {
		const newest = changes[changes.length - 1];
		if (newest) run.emit([delivery(newest, repository)]);
		return;
	}
	const keepEtags = () => {
		for (const page of pages) if (page.response) run.keepEtag(page.request, page.response);
	};
	const pageKeys = pages.map((page) => page.keys);
	if (first) {
		const at = (answered && run.serverTime(answered)) || Math.max(0, ...changes.map((change) => change.time));
		// Changes of the start's second come again: they are known.
		const recent = changes.filter((change) => change.time >= at - 1000).map((change) => change.key).slice(-REMEMBERED_KEYS);
		run.setPosition(repository, name, { at: iso(at), recent, pageKeys });
		keepEtags();
		return;
	}
	let at = time(position.at);
	let recent = position.recent ?? [];
	const serverNow = answered ? run.serverTime(answered) : 0;
	const fresh = changes.filter((change) => change.time >= at && !recent.includes(change.key));
	const taken = fresh.slice(0, Math.max(0, Math.min(fresh.length, run.budget)));
	for (const change of taken) {
		run.budget -= run.emit([delivery(change, repository)]);
		at = advancedCursor(at, change.time, serverNow);
		recent = remember(recent, [change.key]);
	}
	const complete = taken.length === fresh.length;
	if (complete) keepEtags();
	// Cut short by Max Items per Poll: the next poll reads every page in full.
	run.setPosition(repository, name, { ...position, at: iso(at), recent, pageKeys: complete ? pageKeys : undefined });
}
