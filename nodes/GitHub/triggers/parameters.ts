import type { IDataObject, IHookFunctions, IPollFunctions, IWebhookFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { EventRow, UserFilterName } from './events';
import { eventsFor, TRIGGERS, triggersByValue } from './events';
import type { HookTarget } from './registration';
import type { UserFilterValues } from './matching';
import { ParameterMemo } from '../../shared/parameterMemo';
import { byName, locatorModes, mustMatch } from '../../shared/locator';
import { anyEventRows, EVERY_EVENT } from './anyEvent';
import { repositoryReference } from '../repositoryReference';
import { ALERT_SEVERITY_LABELS, CHECK_CONCLUSIONS, CODE_SCANNING_RULE_SEVERITY_LABELS, DEPLOYMENT_STATES, sortedOptions } from '../optionLists';

export const OWNER_PROPERTY: INodeProperties = {
	displayName: 'Owner',
	name: 'owner',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'User or organization that owns the repositories',
	...locatorModes(
		{ searchListMethod: 'searchOwners', placeholder: 'Select an owner...' },
		byName('e.g. octo-org', { validation: mustMatch('^[A-Za-z0-9-]+$', 'Not a valid GitHub user or organization name') }),
	),
};

/** Code scanning rule severities, marked as such beside the security severities. */
const RULE_SEVERITIES_MARKED = Object.fromEntries(
	Object.entries(CODE_SCANNING_RULE_SEVERITY_LABELS).map(([value, label]) => [value, `${label} (Code Scanning Without Security Severity)`]),
);

/** What the Actions filter offers: the actions of the rows that use it, as the webhook names them. */
function filterableActions(): INodeProperties['options'] {
	const labels: Record<string, string> = {};
	const title = (action: string) => action.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
	for (const row of TRIGGERS) {
		const uses = (row.webhook?.filters ?? []).filter((use) => use.filter === 'action');
		if (uses.length === 0) continue;
		for (const action of row.webhook!.clauses.flatMap((clause) => clause.actions ?? [])) labels[action] = title(action);
		for (const alias of uses.flatMap((use) => use.alsoAs ?? [])) labels[alias.value] = alias.name;
	}
	return sortedOptions(labels);
}

/** The user's filters on matched events; both trigger nodes offer them. */
export const FILTERS_PROPERTY: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Actions',
			name: 'actions',
			type: 'multiOptions',
			default: [],
			options: filterableActions(),
			description:
				'Only these actions, as the webhook names them (event.action without the event): for Updated Issue and Updated Pull Request. "Merged" is a pull request closed by a merge; "Closed" is any close, merged or not.',
		},
		{
			displayName: 'Branches',
			name: 'branches',
			type: 'string',
			default: '',
			placeholder: 'e.g. main, release',
			description:
				'Only these branches (comma-separated): for New Commit, New Push, New Branch, Branch Deleted, the workflow and check triggers, Commit Status Changed (any branch of the commit) and Deployment Status Changed (the deployed ref)',
		},
		{
			displayName: 'Column IDs',
			name: 'columnIds',
			type: 'string',
			default: '',
			description: 'Only cards in these classic project columns (comma-separated IDs): for New Card in Column',
		},
		{
			displayName: 'Labels',
			name: 'labels',
			type: 'string',
			default: '',
			placeholder: 'e.g. bug, urgent',
			description:
				'Only these labels (comma-separated, any case): for New Label on Issue, New Label, Label Updated and Label Deleted; for Updated Issue and Updated Pull Request, the label added or removed (labeled, unlabeled), else one the issue or pull request has',
		},
		{
			displayName: 'Review States',
			name: 'reviewStates',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Approved', value: 'approved' },
				{ name: 'Changes Requested', value: 'changes_requested' },
				{ name: 'Commented', value: 'commented' },
			],
			description: 'Only reviews in these states: for New Pull Request Review',
		},
		{
			displayName: 'Severities',
			name: 'severities',
			type: 'multiOptions',
			default: [],
			options: sortedOptions({ ...ALERT_SEVERITY_LABELS, ...RULE_SEVERITIES_MARKED }),
			description: 'Only alerts of these severities: for the security alert triggers (secret scanning alerts have no severity and are left out when this is set)',
		},
		{
			displayName: 'States',
			name: 'states',
			type: 'multiOptions',
			default: [],
			// Deployment states include every commit status state.
			options: DEPLOYMENT_STATES,
			description: 'Only these states: for Commit Status Changed (error, failure, pending, success) and Deployment Status Changed',
		},
		{
			displayName: 'Workflow Conclusions',
			name: 'conclusions',
			type: 'multiOptions',
			default: [],
			options: CHECK_CONCLUSIONS,
			description: 'Only runs, jobs, check runs or check suites with these conclusions: for Workflow Run Completed, Workflow Job Completed, Check Run Completed and Check Suite Completed',
		},
	],
};

type Ctx = IHookFunctions | IWebhookFunctions;
/** The Poll Trigger reads the same repository and filter parameters. */
type ParameterReader = Ctx | IPollFunctions;

function stringParameter(ctx: Ctx, name: string): string {
	const value = ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	return typeof value === 'string' ? value.trim() : String(value ?? '').trim();
}

function listParameter(text: string): string[] {
	return text
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
}

export function chosenTriggers(ctx: Ctx): EventRow[] {
	const values = ctx.getNodeParameter('triggers', []) as string[];
	const rows = triggersByValue(values)
		.filter((row) => row.webhook)
		.flatMap((row) => (row.anyEvent ? anyEventRows(ctx, row) : [row]));
	if (rows.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No trigger chosen in "Triggers"', {
			description: 'Pick at least one event in "Triggers", e.g. New Issue.',
		});
	}
	return rows;
}

/** The label of the trigger's "repositories" multi-select (n8n's naming for lists loaded from the service). */
export const REPOSITORIES_LABEL = 'Repository Names or IDs';

/**
 * The trigger's repository names: picked names, or names, "owner/name" and repository URLs
 * given by expression (a list or comma-separated text, as the parameter held before it was a
 * multi-select). A repository of another owner than "Owner" is refused: one trigger, one owner.
 */
export function chosenRepositories(ctx: ParameterReader, owner: string): string[] {
	const raw = ctx.getNodeParameter('repositories', []) as unknown;
	const entries = (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => listParameter(String(entry ?? '')));
	return entries.map((entry) => {
		const reference = repositoryReference(entry);
		if (!reference) return entry;
		if (reference.owner.toLowerCase() !== owner.toLowerCase()) {
			throw new NodeOperationError(ctx.getNode(), `"${entry}" in "${REPOSITORIES_LABEL}" belongs to "${reference.owner}", not to the Owner "${owner}"`, {
				description: `A trigger listens on the repositories of one owner: set "Owner" to ${reference.owner}, or use another trigger for ${reference.owner}'s repositories.`,
			});
		}
		return reference.repo;
	});
}

function chosenOwner(ctx: Ctx): string {
	const owner = stringParameter(ctx, 'owner');
	if (!owner) {
		throw new NodeOperationError(ctx.getNode(), 'The "Owner" parameter is empty', {
			description: 'Choose the user or organization that owns the repositories.',
		});
	}
	return owner;
}

/** The Filters option that sets each filter. */
const FILTER_OPTION: Record<UserFilterName, string> = {
	reviewState: 'reviewStates',
	conclusion: 'conclusions',
	branch: 'branches',
	label: 'labels',
	columnId: 'columnIds',
	state: 'states',
	severity: 'severities',
	action: 'actions',
};

/** The Filters property offering only what the given triggers can filter on. */
export function filtersPropertyFor(triggers: readonly EventRow[]): INodeProperties {
	const used = new Set(triggers.flatMap((row) => (row.webhook?.filters ?? []).map((use) => FILTER_OPTION[use.filter])));
	return { ...FILTERS_PROPERTY, options: FILTERS_PROPERTY.options!.filter((option) => used.has(option.name)) };
}

export function userFilters(ctx: ParameterReader): UserFilterValues {
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const chosen = (filter: UserFilterName) => filters[FILTER_OPTION[filter]];
	const listed = (filter: UserFilterName) => (chosen(filter) as string[] | undefined) ?? [];
	const written = (filter: UserFilterName) => listParameter(String(chosen(filter) ?? ''));
	return {
		reviewState: listed('reviewState'),
		conclusion: listed('conclusion'),
		branch: written('branch'),
		label: written('label'),
		columnId: written('columnId'),
		state: listed('state'),
		severity: listed('severity'),
		action: listed('action'),
	};
}

/** The hooks the chosen triggers need: one per repository (or one for the organization), plus an organization hook for organization-only events. */
export function hookTargets(ctx: Ctx): HookTarget[] {
	const rows = chosenTriggers(ctx);
	const owner = chosenOwner(ctx);
	const listenOn = ctx.getNodeParameter('listenOn', 'repositories') as 'repositories' | 'organization';
	const repositoryEvents = eventsFor(rows, 'repository');
	const organizationEvents = eventsFor(rows, 'organization');
	if (listenOn === 'organization') {
		const events = [...new Set([...repositoryEvents, ...organizationEvents])].sort();
		return [{ level: 'organization', owner, events }];
	}
	const targets: HookTarget[] = [];
	if (repositoryEvents.length > 0) {
		const repositories = chosenRepositories(ctx, owner);
		if (repositories.length === 0) {
			throw new NodeOperationError(ctx.getNode(), `The "${REPOSITORIES_LABEL}" parameter is empty`, {
				description:
					'Choose at least one repository of the owner (or give names by expression), or set "Listen On" to the whole organization.',
			});
		}
		// GitHub names are case-insensitive: "Hello" and "hello" are one repository, one hook.
		const unique = repositories.filter(
			(name, index) => repositories.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
		);
		for (const repository of unique) targets.push({ level: 'repository', owner, repository, events: repositoryEvents });
	}
	if (organizationEvents.length > 0) targets.push({ level: 'organization', owner, events: organizationEvents });
	return targets;
}

/** What each delivery is matched against: the chosen trigger rows, filters and repositories. */
interface DeliveryMatching {
	rows: EventRow[];
	/** The chosen rows with a clause for each X-GitHub-Event, in event table order. */
	rowsByEvent: Map<string, EventRow[]>;
	filters: UserFilterValues;
	/** Lower-cased repository names; empty means any. */
	repositories: string[];
	/** Whether a chosen trigger needs the connected account's login (New Mention). */
	needsLogin: boolean;
	/** Deliveries whose payload times are all older than this are refused; 0 = no check. */
	maxDeliveryAgeMinutes: number;
}

const deliveryMatchingMemo = new ParameterMemo<DeliveryMatching>(['triggers', 'webhookEvents', 'eventActions', 'filters', 'owner', 'repositories', 'options'], (ctx) => {
	const rows = chosenTriggers(ctx);
	const rowsByEvent = new Map<string, EventRow[]>();
	for (const row of rows) {
		for (const event of new Set(row.webhook?.clauses.map((clause) => clause.event))) {
			rowsByEvent.set(event, [...(rowsByEvent.get(event) ?? []), row]);
		}
	}
	return {
		rows,
		rowsByEvent,
		filters: userFilters(ctx),
		repositories: chosenRepositories(ctx, chosenOwner(ctx)).map((name) => name.toLowerCase()),
		needsLogin: rows.some((row) => row.webhook?.mentionsAccount),
		maxDeliveryAgeMinutes: Number((ctx.getNodeParameter('options', {}) as IDataObject).maxDeliveryAgeMinutes ?? 0) || 0,
	};
});

/** The chosen rows a delivery of this event can match, in event table order ("*" rows match any event). */
export function rowsForEvent(matching: DeliveryMatching, event: string): EventRow[] {
	const named = matching.rowsByEvent.get(event) ?? [];
	const wildcard = matching.rowsByEvent.get(EVERY_EVENT) ?? [];
	if (!wildcard.length) return named;
	return matching.rows.filter((row) => named.includes(row) || wildcard.includes(row));
}

/** `hookSecret` tells trigger nodes apart cheaply: it is random per registration. */
export function deliveryMatching(ctx: Ctx, hookSecret: string): DeliveryMatching {
	return deliveryMatchingMemo.get(ctx, hookSecret);
}
