import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { byName, locatorModes } from '../../../shared/locator';
import { repositoryFields } from '../fields';
import { organizationField } from '../organization/rows';
import { gitHubRowTable } from '../types';
import { setSecret } from './handlers';

export const environmentField = (description = 'Deployment environment, chosen from the repository’s or by name, e.g. "production"'): RowField => ({
	displayName: 'Environment',
	name: 'environment',
	apiName: 'environment_name',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'path',
	required: true,
	description,
	ui: locatorModes('searchEnvironments', byName('e.g. production')),
});

const secretName = (): RowField => ({
	displayName: 'Secret Name',
	name: 'name',
	apiName: 'secret_name',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	placeholder: 'e.g. DEPLOY_TOKEN',
	description: 'Name of the secret, e.g. "DEPLOY_TOKEN" (letters, digits and underscores; GitHub stores it in capitals)',
});

const secretValue = (): RowField => ({
	displayName: 'Secret Value',
	name: 'value',
	type: 'string',
	default: '',
	in: 'none',
	required: true,
	secret: true,
	description: 'The value to store. It is sealed to GitHub’s public key for the target before it leaves n8n and never appears in the output or in errors.',
	ui: { typeOptions: { password: true } },
});

const selectedRepositories = (): RowField => ({
	displayName: 'Selected Repository IDs',
	name: 'selectedRepositoryIds',
	apiName: 'selected_repository_ids',
	type: 'string',
	default: '',
	in: 'body',
	optional: true,
	placeholder: 'e.g. 1296269, 1296270',
	description: 'With Visibility "Selected Repositories": the numeric IDs of the repositories that may use it (Repository → Get returns the ID), separated by commas',
	integerList: true,
	toApi: (value) => listOf(value).map(Number),
});

const visibility = (): RowField => ({
	displayName: 'Visibility',
	name: 'visibility',
	type: 'options',
	in: 'body',
	required: true,
	default: 'private',
	description: 'Which repositories of the organization may use it',
	options: [
		{ name: 'All Repositories', value: 'all' },
		{ name: 'Private Repositories', value: 'private', description: 'Private and internal repositories' },
		{ name: 'Selected Repositories', value: 'selected', description: 'Only those in Selected Repository IDs' },
	],
});

type Level = 'repository' | 'environment' | 'organization';

const LEVELS: Record<Level, { label: Capitalize<Level>; base: string; fields: () => RowField[]; where: string }> = {
	repository: {
		label: 'Repository',
		base: '/repos/{owner}/{repo}/actions/secrets',
		fields: repositoryFields,
		where: 'a repository',
	},
	environment: {
		label: 'Environment',
		base: '/repos/{owner}/{repo}/environments/{environment_name}/secrets',
		fields: () => [...repositoryFields(), environmentField()],
		where: 'a deployment environment of a repository',
	},
	organization: {
		label: 'Organization',
		base: '/orgs/{org}/actions/secrets',
		fields: () => [organizationField],
		where: 'an organization',
	},
};

const deleted = (_body: unknown, values: IDataObject) => ({ deleted: true, name: values.name });

function rowsFor(level: Level) {
	const { label, base, fields, where } = LEVELS[level];
	const operation = <Verb extends string>(verb: Verb) => `${verb}${label}` as const;
	return gitHubRowTable([
		{
			resource: 'secret',
			operation: operation('list'),
			objectType: 'secret',
			name: `List ${label} Secrets`,
			action: `List the Actions secrets of ${where}`,
			description: `List the GitHub Actions secrets of ${where}: names and dates only (GitHub never returns secret values).`,
			method: 'GET',
			path: base,
			paging: { itemsKey: 'secrets' },
			fields: fields(),
		},
		{
			resource: 'secret',
			operation: operation('get'),
			objectType: 'secret',
			name: `Get ${label} Secret`,
			action: `Get an Actions secret's metadata of ${where}`,
			description: `Get one GitHub Actions secret of ${where}: name, creation and update dates${level === 'organization' ? ', visibility' : ''} (never its value).`,
			method: 'GET',
			path: `${base}/{secret_name}`,
			fields: [...fields(), secretName()],
		},
		{
			resource: 'secret',
			operation: operation('set'),
			name: `Create or Update ${label} Secret`,
			action: `Create or update an Actions secret of ${where}`,
			description: `Create a GitHub Actions secret of ${where}, or replace the value of an existing one. Changes what workflows receive. The value is encrypted in n8n with GitHub's public key before it is sent and never appears in the output. Returns the name and whether it was created.`,
			method: 'PUT',
			path: `${base}/{secret_name}`,
			handler: setSecret,
			fields: [...fields(), secretName(), secretValue(), ...(level === 'organization' ? [visibility(), selectedRepositories()] : [])],
		},
		{
			resource: 'secret',
			operation: operation('delete'),
			name: `Delete ${label} Secret`,
			action: `Delete an Actions secret of ${where}`,
			description: `Delete a GitHub Actions secret of ${where}. Deletes data: workflows that use it get an empty value.`,
			method: 'DELETE',
			path: `${base}/{secret_name}`,
			fields: [...fields(), secretName()],
			shapeAnswer: deleted,
		},
	]);
}

export const secretRows = [...rowsFor('repository'), ...rowsFor('environment'), ...rowsFor('organization')];
