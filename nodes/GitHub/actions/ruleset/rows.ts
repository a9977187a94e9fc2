import type { RowField } from '../../../shared/rowEngine';
import { numericIdField, repositoryFields } from '../fields';
import { organizationField } from '../organization/rows';
import { gitHubRowTable } from '../types';

const rulesetId = () => numericIdField('Ruleset ID', 'rulesetId', 'ruleset_id', 'Numeric ID of the ruleset (List returns it as "id")');

const targets = (): RowField => ({
	displayName: 'Targets', name: 'targets', type: 'multiOptions', in: 'query', optional: true, default: [],
	description: 'Only rulesets for these targets',
	options: [
		{ name: 'Branch', value: 'branch' },
		{ name: 'Push', value: 'push' },
		{ name: 'Tag', value: 'tag' },
	],
	toApi: (value) => (value as string[]).join(','),
});

const includesParents = (): RowField => ({
	displayName: 'Include Organization Rulesets', name: 'includes_parents', type: 'boolean', default: true, in: 'query', optional: true,
	description: 'Whether rulesets of the organization that apply to the repository are included',
});

export const rulesetRows = gitHubRowTable([
	{
		resource: 'ruleset',
		operation: 'listRepository',
		objectType: 'ruleset',
		name: 'List Repository Rulesets',
		action: 'List the rulesets of a repository',
		description: 'List the rulesets that apply to a repository (with the organization’s, unless turned off): name, target, enforcement and source.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/rulesets',
		paging: {},
		fields: [...repositoryFields(), includesParents(), targets()],
	},
	{
		resource: 'ruleset',
		operation: 'getRepository',
		objectType: 'ruleset',
		name: 'Get Repository Ruleset',
		action: 'Get a ruleset of a repository',
		description: 'Get one ruleset of a repository with its conditions (which branches or tags), rules and bypass list.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/rulesets/{ruleset_id}',
		fields: [...repositoryFields(), rulesetId(), includesParents()],
	},
	{
		resource: 'ruleset',
		operation: 'listOrganization',
		objectType: 'ruleset',
		name: 'List Organization Rulesets',
		action: 'List the rulesets of an organization',
		description: 'List the rulesets of an organization: name, target, enforcement and source.',
		method: 'GET',
		path: '/orgs/{org}/rulesets',
		paging: {},
		fields: [organizationField, targets()],
	},
	{
		resource: 'ruleset',
		operation: 'getOrganization',
		objectType: 'ruleset',
		name: 'Get Organization Ruleset',
		action: 'Get a ruleset of an organization',
		description: 'Get one ruleset of an organization with its conditions (which repositories, branches or tags), rules and bypass list.',
		method: 'GET',
		path: '/orgs/{org}/rulesets/{ruleset_id}',
		fields: [organizationField, rulesetId()],
	},
]);
