import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../shared/rowEngine';
import { listOf } from '../../shared/rowEngine';
import { byId, byName, byUrl, locatorModes, mustMatch, typedMode } from '../../shared/locator';
import { OWNER_NAMED_BY_REPOSITORY } from '../repositoryReference';

/** Fields shared by many rows. Descriptions are written for people and for AI agents alike. */

export const ownerField = (description?: string): RowField => ({
	displayName: 'Repository Owner',
	name: 'owner',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'path',
	required: true,
	identifies: 'owner',
	description: description ?? 'Account or organization that owns the repository, e.g. "n8n-io"',
	ui: locatorModes(
		'searchOwners',
		byName('e.g. n8n-io'),
		byUrl('e.g. https://github.com/n8n-io', {
			extractValue: { type: 'regex', regex: 'https?://[^/]+/([-_0-9a-zA-Z.]+)' },
			validation: mustMatch('https?://[^/]+/[-_0-9a-zA-Z.]+.*', 'Not a valid account URL'),
		}),
	),
});

const repositoryField = (): RowField => ({
	displayName: 'Repository',
	name: 'repository',
	apiName: 'repo',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'path',
	required: true,
	identifies: 'repository',
	description:
		'Repository name, e.g. "n8n". Also accepted: "owner/name" or the repository URL (https://github.com/owner/name), which name the owner too (Repository Owner is then not asked for).',
	ui: locatorModes(
		'searchRepositories',
		byName('e.g. n8n or n8n-io/n8n'),
		byUrl('e.g. https://github.com/n8n-io/n8n', {
			validation: mustMatch('https?://[^/]+/[-_0-9a-zA-Z.]+/[-_0-9a-zA-Z.]+.*', 'Not a valid repository URL'),
		}),
	),
});

/** Owner + repository: the first two fields of every repository operation. */
export const repositoryFields = (): RowField[] => [
	{ ...ownerField(), ui: { ...ownerField().ui, displayOptions: OWNER_NAMED_BY_REPOSITORY } },
	repositoryField(),
];

const branchLocator = locatorModes('searchBranches', byName('e.g. main'));

export function branchField(overrides: Partial<RowField> & Pick<RowField, 'name' | 'in'>): RowField {
	return {
		displayName: 'Branch',
		type: 'resourceLocator',
		description: 'Branch name, e.g. "main"',
		// GitHub routes branch names with "/" as plain path segments; %2F is refused by the request guard.
		keepSlashes: true,
		...overrides,
		ui: { ...branchLocator, ...overrides.ui },
	};
}

type NumberKind = 'issue' | 'pullRequest' | 'issueOrPullRequest';

const NUMBER_KINDS: Record<NumberKind, { label: string; searchListMethod: string; urlPath: string; example: string }> = {
	issue: { label: 'Issue', searchListMethod: 'searchIssues', urlPath: 'issues', example: 'issues' },
	pullRequest: { label: 'Pull Request', searchListMethod: 'searchPullRequests', urlPath: 'pull', example: 'pull' },
	// GitHub numbers issues and pull requests in one sequence, so one number names either.
	issueOrPullRequest: { label: 'Issue or Pull Request', searchListMethod: 'searchIssuesAndPullRequests', urlPath: '(?:issues|pull)', example: 'issues' },
};

export function numberLocator(kind: NumberKind, overrides: Partial<RowField> & Pick<RowField, 'name'>): RowField {
	const { label, searchListMethod, urlPath, example } = NUMBER_KINDS[kind];
	return {
		displayName: `${label} Number`,
		type: 'resourceLocator',
		in: 'path',
		required: true,
		integer: true,
		description: `Number of the ${label.toLowerCase()} in the repository, e.g. 42 or #42 (as in …/${example}/42), not GitHub's internal ID`,
		...overrides,
		ui: locatorModes(
			searchListMethod,
			// n8n's editor labels the "id" mode "By ID"; the hint says which number is meant.
			typedMode('id', 'By Number', 'e.g. 42 or #42', {
				hint: `The ${label.toLowerCase()}'s number as GitHub shows it (#42), not GitHub's internal ID`,
				validation: mustMatch('^\\s*#?[0-9]+\\s*$', 'Give the number, e.g. 42 or #42'),
			}),
			byUrl(`e.g. https://github.com/n8n-io/n8n/${example}/42`, {
				extractValue: { type: 'regex', regex: `https?://[^/]+/[^/]+/[^/]+/${urlPath}/([0-9]+)` },
			}),
		),
	};
}

/**
 * A numeric ID (review, comment, run) chosen from a list of the repository's objects, typed (for
 * expressions and AI Agent tools) or, for objects of an issue or pull request, taken from the
 * object's address on github.com, whose anchor holds it (e.g. …/issues/12#issuecomment-1081119451;
 * the router checks that such an address is in the chosen repository).
 */
export function idLocator(
	settings: Pick<RowField, 'name' | 'apiName' | 'displayName' | 'description'> & {
		searchListMethod: string;
		placeholder: string;
		/** The anchor before the ID in the object's URL, e.g. "issuecomment-"; without it, no URL mode. */
		anchor?: string;
		urlExample?: string;
	},
): RowField {
	const url = `https?://[^/]+/[^/]+/[^/]+/(?:issues|pull)/[0-9]+[^#]*#${settings.anchor ?? ''}([0-9]+)`;
	const urlMode = settings.anchor
		? [
				byUrl(`e.g. ${settings.urlExample ?? ''}`, {
					extractValue: { type: 'regex', regex: url },
					validation: mustMatch(`${url}.*`, `Give the URL ending in #${settings.anchor}<ID>`),
				}),
			]
		: [];
	return {
		name: settings.name,
		apiName: settings.apiName,
		displayName: settings.displayName,
		description: settings.description,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		in: 'path',
		required: true,
		integer: true,
		ui: locatorModes(
			settings.searchListMethod,
			byId(settings.placeholder, { validation: mustMatch('^\\s*[0-9]+\\s*$', 'Give the numeric ID') }),
			...urlMode,
		),
	};
}

export const workflowField = (overrides: Partial<RowField> = {}): RowField => ({
	displayName: 'Workflow',
	name: 'workflow',
	apiName: 'workflow_id',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'path',
	required: true,
	description: 'GitHub Actions workflow, by its numeric ID or its file name in .github/workflows, e.g. "ci.yml"',
	...overrides,
	ui: {
		...locatorModes(
			'searchWorkflows',
			typedMode('filename', 'By File Name', 'e.g. ci.yml'),
			byId('e.g. 161335', { validation: mustMatch('^[0-9]+$', 'Give a numeric ID') }),
		),
		...overrides.ui,
	},
});

/** A numeric ID given as typed (check runs, deployments, rulesets): digits only. */
export const numericIdField = (displayName: string, name: string, apiName: string, description: string): RowField => ({
	displayName,
	name,
	apiName,
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	integer: true,
	placeholder: 'e.g. 4',
	description,
});

/** Comma- or newline-separated names as an array (labels, assignees, reviewers). */
export const commaList = (value: unknown) => listOf(value);

export const sortDirection = (): RowField => ({
	displayName: 'Direction',
	name: 'direction',
	type: 'options',
	in: 'query',
	optional: true,
	default: 'desc',
	description: 'Sort order of the results',
	options: [
		{ name: 'Ascending', value: 'asc' },
		{ name: 'Descending', value: 'desc' },
	],
});

export const isoDate = (name: string, displayName: string, description: string, apiName?: string): RowField => ({
	name,
	apiName,
	displayName,
	type: 'dateTime',
	default: '',
	in: 'query',
	optional: true,
	description,
	toApi: (value) => new Date(String(value)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
});

/** A list response as the items themselves (one output item each). */
export const pick = (key: string) => (body: unknown) => ((body as IDataObject | undefined)?.[key] ?? []) as unknown;
