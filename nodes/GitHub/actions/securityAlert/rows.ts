import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { sortDirection, repositoryFields } from '../fields';
import { organizationField } from '../organization/rows';
import { gitHubRowTable } from '../types';
import { ALERT_SEVERITY_LABELS, CODE_SCANNING_RULE_SEVERITY_LABELS, sortedOptions } from '../../optionLists';

const alertNumber = (): RowField => ({
	displayName: 'Alert Number',
	name: 'alertNumber',
	apiName: 'alert_number',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	integer: true,
	placeholder: 'e.g. 3',
	description: 'Number of the alert in the repository, as in …/security/dependabot/3 (List returns it as "number")',
});

const commaChoice = (displayName: string, name: string, description: string, choices: Record<string, string>): RowField => ({
	displayName, name, type: 'multiOptions', in: 'query', optional: true, default: [], description, options: sortedOptions(choices),
	toApi: (value) => (value as string[]).join(','),
});

/** Dismissing or reopening an alert (Dependabot and code scanning). */
const UPDATE_STATES = { dismissed: 'Dismissed', open: 'Open' };

const CODE_SCANNING_STATES = { closed: 'Closed', dismissed: 'Dismissed', fixed: 'Fixed', open: 'Open' };

const SECRET_SCANNING_STATES = { open: 'Open', resolved: 'Resolved' };

const SECRET_SCANNING_RESOLUTIONS = { false_positive: 'False Positive', revoked: 'Revoked', used_in_tests: 'Used in Tests', wont_fix: 'Won’t Fix' };

interface Kind {
	key: 'Dependabot' | 'CodeScanning' | 'SecretScanning';
	label: string;
	segment: string;
	what: string;
	repositoryFilters: () => RowField[];
	organizationFilters: () => RowField[];
	update: () => RowField[];
	updateWords: string;
	/** Secret scanning alerts carry the leaked secret unless GitHub is asked to hide it. */
	fixedQuery?: IDataObject;
}

const dependabotFilters = (): RowField[] => [
	commaChoice('State', 'state', 'Only alerts in these states', { auto_dismissed: 'Auto-Dismissed', dismissed: 'Dismissed', fixed: 'Fixed', open: 'Open' }),
	commaChoice('Severity', 'severity', 'Only alerts of these severities', ALERT_SEVERITY_LABELS),
	{ displayName: 'Ecosystem', name: 'ecosystem', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. npm, pip', description: 'Only alerts for these package ecosystems, separated by commas' },
	{ displayName: 'Package', name: 'package', type: 'string', default: '', in: 'query', optional: true, description: 'Only alerts for these package names, separated by commas' },
	{ ...sortDirection() },
];

const KINDS: Kind[] = [
	{
		key: 'Dependabot',
		label: 'Dependabot',
		segment: 'dependabot',
		what: 'vulnerable dependencies',
		repositoryFilters: dependabotFilters,
		organizationFilters: dependabotFilters,
		updateWords: 'Dismiss an alert with a reason, or reopen it.',
		update: () => [
			{ displayName: 'State', name: 'state', type: 'options', in: 'body', required: true, default: 'dismissed', description: 'Dismiss or reopen the alert', options: sortedOptions(UPDATE_STATES) },
			{
				displayName: 'Dismissed Reason', name: 'dismissed_reason', type: 'options', in: 'body', optional: true, default: 'tolerable_risk',
				description: 'Why it is dismissed (required by GitHub when dismissing)',
				options: sortedOptions({ fix_started: 'Fix Started', inaccurate: 'Inaccurate', no_bandwidth: 'No Bandwidth', not_used: 'Not Used', tolerable_risk: 'Tolerable Risk' }),
			},
			{ displayName: 'Dismissed Comment', name: 'dismissed_comment', type: 'string', default: '', in: 'body', optional: true, description: 'Note on the dismissal (up to 280 characters)' },
		],
	},
	{
		key: 'CodeScanning',
		label: 'Code Scanning',
		segment: 'code-scanning',
		what: 'problems found by code analysis (e.g. CodeQL)',
		repositoryFilters: () => [
			{ displayName: 'State', name: 'state', type: 'options', in: 'query', optional: true, default: 'open', description: 'Only alerts in this state', options: sortedOptions(CODE_SCANNING_STATES) },
			{ displayName: 'Tool Name', name: 'tool_name', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. CodeQL', description: 'Only alerts of this analysis tool' },
			{ displayName: 'Ref', name: 'ref', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. refs/heads/main', description: 'Only alerts on this Git reference (refs/heads/BRANCH or refs/pull/NUMBER/merge)' },
			{ ...sortDirection() },
		],
		organizationFilters: () => [
			{ displayName: 'State', name: 'state', type: 'options', in: 'query', optional: true, default: 'open', description: 'Only alerts in this state', options: sortedOptions(CODE_SCANNING_STATES) },
			{
				displayName: 'Severity', name: 'severity', type: 'options', in: 'query', optional: true, default: 'high', description: 'Only alerts of this severity',
				options: sortedOptions({ ...ALERT_SEVERITY_LABELS, ...CODE_SCANNING_RULE_SEVERITY_LABELS }),
			},
			{ displayName: 'Tool Name', name: 'tool_name', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. CodeQL', description: 'Only alerts of this analysis tool' },
			{ ...sortDirection() },
		],
		updateWords: 'Dismiss an alert with a reason, or reopen it.',
		update: () => [
			{ displayName: 'State', name: 'state', type: 'options', in: 'body', required: true, default: 'dismissed', description: 'Dismiss or reopen the alert', options: sortedOptions(UPDATE_STATES) },
			{
				displayName: 'Dismissed Reason', name: 'dismissed_reason', type: 'options', in: 'body', optional: true, default: 'false positive',
				description: 'Why it is dismissed (required by GitHub when dismissing)',
				options: sortedOptions({ 'false positive': 'False Positive', "won't fix": 'Won’t Fix', 'used in tests': 'Used in Tests', mitigated: 'Mitigated' }),
			},
			{ displayName: 'Dismissed Comment', name: 'dismissed_comment', type: 'string', default: '', in: 'body', optional: true, description: 'Note on the dismissal (up to 280 characters)' },
		],
	},
	{
		key: 'SecretScanning',
		label: 'Secret Scanning',
		segment: 'secret-scanning',
		what: 'leaked credentials found in the code (the secret itself is hidden)',
		fixedQuery: { hide_secret: true },
		repositoryFilters: () => secretScanningFilters(),
		organizationFilters: () => secretScanningFilters(),
		updateWords: 'Resolve an alert with a resolution, or reopen it.',
		update: () => [
			{ displayName: 'State', name: 'state', type: 'options', in: 'body', required: true, default: 'resolved', description: 'Resolve or reopen the alert', options: sortedOptions(SECRET_SCANNING_STATES) },
			{
				displayName: 'Resolution', name: 'resolution', type: 'options', in: 'body', optional: true, default: 'revoked', description: 'Why it is resolved (required by GitHub when resolving)',
				options: sortedOptions(SECRET_SCANNING_RESOLUTIONS),
			},
			{ displayName: 'Resolution Comment', name: 'resolution_comment', type: 'string', default: '', in: 'body', optional: true, description: 'Note on the resolution (up to 270 characters)' },
		],
	},
];

function secretScanningFilters(): RowField[] {
	return [
		{ displayName: 'State', name: 'state', type: 'options', in: 'query', optional: true, default: 'open', description: 'Only alerts in this state', options: sortedOptions(SECRET_SCANNING_STATES) },
		{ displayName: 'Secret Type', name: 'leakType', apiName: 'secret_type', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. github_personal_access_token', description: 'Only alerts of these secret types, separated by commas' },
		commaChoice('Resolution', 'resolution', 'Only resolved alerts with these resolutions', SECRET_SCANNING_RESOLUTIONS),
		{ ...sortDirection() },
	];
}

/** The leaked secret stays out of the output even where GitHub returns it (an update's answer). */
function withoutSecretValue(body: unknown): unknown {
	const strip = (alert: unknown) => {
		if (!alert || typeof alert !== 'object') return alert;
		const { secret: _secret, ...rest } = alert as IDataObject;
		return rest;
	};
	return Array.isArray(body) ? body.map(strip) : strip(body);
}

function rowsFor(kind: Kind) {
	const base = `/repos/{owner}/{repo}/${kind.segment}/alerts`;
	const hidesSecret = kind.key === 'SecretScanning' ? { shapeAnswer: withoutSecretValue } : {};
	const common = { resource: 'securityAlert' as const, objectType: 'securityAlert', ...hidesSecret, ...(kind.fixedQuery ? { fixedQuery: kind.fixedQuery } : {}) };
	return gitHubRowTable([
		{
			...common,
			operation: `list${kind.key}`,
			name: `List ${kind.label} Alerts`,
			action: `List the ${kind.label} alerts of a repository`,
			description: `List the ${kind.label} alerts of a repository (${kind.what}), optionally by state and other filters: number, state, severity, what is affected and dates.`,
			method: 'GET',
			path: base,
			paging: {},
			fields: [...repositoryFields(), ...kind.repositoryFilters()],
		},
		{
			...common,
			operation: `list${kind.key}Organization`,
			name: `List ${kind.label} Alerts of Organization`,
			action: `List the ${kind.label} alerts of an organization`,
			description: `List the ${kind.label} alerts of every repository of an organization (${kind.what}), optionally by state and other filters. Needs organization owner or security manager rights.`,
			method: 'GET',
			path: `/orgs/{org}/${kind.segment}/alerts`,
			paging: {},
			fields: [organizationField, ...kind.organizationFilters()],
		},
		{
			...common,
			operation: `get${kind.key}`,
			name: `Get ${kind.label} Alert`,
			action: `Get a ${kind.label} alert`,
			description: `Get one ${kind.label} alert of a repository by its number, with its details (${kind.what}).`,
			method: 'GET',
			path: `${base}/{alert_number}`,
			fields: [...repositoryFields(), alertNumber()],
		},
		{
			resource: 'securityAlert',
			objectType: 'securityAlert',
			...hidesSecret,
			operation: `update${kind.key}`,
			name: `Update ${kind.label} Alert`,
			action: `Dismiss, resolve or reopen a ${kind.label} alert`,
			description: `${kind.updateWords} Changes the alert’s state for everyone with access to the repository’s security tab. Returns the alert.`,
			method: 'PATCH',
			path: `${base}/{alert_number}`,
			fields: [...repositoryFields(), alertNumber(), ...kind.update()],
		},
	]);
}

export const securityAlertRows = KINDS.flatMap(rowsFor);
