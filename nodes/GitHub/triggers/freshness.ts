import type { IDataObject } from 'n8n-workflow';

/**
 * The delivery id is outside GitHub's signature, so a captured delivery can be sent again under
 * a new id and pass both the signature and the redelivery check. Its payload, though, is signed
 * and carries the times of what happened; a delivery whose newest time is older than the chosen
 * window is refused. Payloads without any time (create, delete, member, …) cannot be checked.
 */

/** The objects an event is about; their times move when the event happens. */
const SUBJECTS = [
	'issue',
	'comment',
	'pull_request',
	'review',
	'release',
	'workflow_run',
	'workflow_job',
	'check_run',
	'check_suite',
	'project_card',
	'discussion',
	'deployment',
	'deployment_status',
	'milestone',
	'head_commit',
	'forkee',
	'alert',
];

const TIME_FIELDS = [
	'updated_at',
	'created_at',
	'submitted_at',
	'completed_at',
	'started_at',
	'published_at',
	'closed_at',
	'merged_at',
	'timestamp',
];

function timeOf(value: unknown): number | undefined {
	// push payloads give repository.pushed_at in seconds since the epoch, others ISO 8601 text.
	if (typeof value === 'number' && Number.isFinite(value)) return value * 1000;
	if (typeof value !== 'string') return undefined;
	const time = Date.parse(value);
	return Number.isFinite(time) ? time : undefined;
}

/** The newest time the payload states for its event, if it states any. */
export function deliveryTime(payload: IDataObject): number | undefined {
	const times: number[] = [];
	const add = (value: unknown) => {
		const time = timeOf(value);
		if (time !== undefined) times.push(time);
	};
	add(payload.starred_at);
	add((payload.repository as IDataObject | undefined)?.pushed_at);
	for (const subject of SUBJECTS) {
		const object = payload[subject];
		if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
		for (const field of TIME_FIELDS) add((object as IDataObject)[field]);
	}
	return times.length ? Math.max(...times) : undefined;
}

/** Whether a delivery is older than `maxAgeMinutes` (0 or less: no check; no time in the payload: not stale). */
export function isStale(payload: IDataObject, maxAgeMinutes: number, now = Date.now()): boolean {
	if (!(maxAgeMinutes > 0)) return false;
	const time = deliveryTime(payload);
	return time !== undefined && now - time > maxAgeMinutes * 60_000;
}
