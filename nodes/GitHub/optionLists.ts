import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Option lists that action rows and trigger filters both offer, written once so that a value
 * GitHub adds shows up in both. Labels and order are what the editor shows.
 */

/** Options from value → label, sorted by label. */
export const sortedOptions = (labels: Record<string, string>): INodePropertyOptions[] =>
	Object.entries(labels)
		.map(([value, name]) => ({ name, value }))
		.sort((a, b) => a.name.localeCompare(b.name));

/** How a check run, check suite, workflow run or workflow job ended. */
export const CHECK_CONCLUSIONS: INodePropertyOptions[] = [
	{ name: 'Action Required', value: 'action_required' },
	{ name: 'Cancelled', value: 'cancelled' },
	{ name: 'Failure', value: 'failure' },
	{ name: 'Neutral', value: 'neutral' },
	{ name: 'Skipped', value: 'skipped' },
	{ name: 'Success', value: 'success' },
	{ name: 'Timed Out', value: 'timed_out' },
];

/** Where a check run is. */
export const CHECK_RUN_STATUSES: INodePropertyOptions[] = [
	{ name: 'Completed', value: 'completed' },
	{ name: 'In Progress', value: 'in_progress' },
	{ name: 'Queued', value: 'queued' },
];

/** The states of a deployment status. */
export const DEPLOYMENT_STATES: INodePropertyOptions[] = [
	{ name: 'Error', value: 'error' },
	{ name: 'Failure', value: 'failure' },
	{ name: 'In Progress', value: 'in_progress' },
	{ name: 'Inactive', value: 'inactive' },
	{ name: 'Pending', value: 'pending' },
	{ name: 'Queued', value: 'queued' },
	{ name: 'Success', value: 'success' },
];

const COMMIT_STATUS_VALUES = ['error', 'failure', 'pending', 'success'];

/** The states of a commit status: the deployment states a commit status can have, in the same order. */
export const COMMIT_STATUS_STATES: INodePropertyOptions[] = DEPLOYMENT_STATES.filter((state) => COMMIT_STATUS_VALUES.includes(state.value as string));

/** Security severities of Dependabot and code scanning alerts, by value. */
export const ALERT_SEVERITY_LABELS: Record<string, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

/** Severities of a code scanning rule, which an alert has when its rule has no security severity. */
export const CODE_SCANNING_RULE_SEVERITY_LABELS: Record<string, string> = { error: 'Error', note: 'Note', warning: 'Warning' };
