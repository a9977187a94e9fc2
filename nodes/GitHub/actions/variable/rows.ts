import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { repositoryFields } from '../fields';
import { environmentField } from '../secret/rows';
import { gitHubRowTable } from '../types';

const variableName = (description = 'Name of the variable, e.g. "NODE_VERSION"'): RowField => ({
	displayName: 'Variable Name',
	name: 'variableName',
	apiName: 'name',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	placeholder: 'e.g. NODE_VERSION',
	description,
});

const variableValue = (required: boolean): RowField => ({
	displayName: 'Value',
	name: 'value',
	type: 'string',
	default: '',
	in: 'body',
	...(required ? { required: true } : { optional: true }),
	description: 'Value of the variable (plain text, readable by anyone who can read the repository’s settings and in workflow logs)',
});

type Level = 'repository' | 'environment';

const LEVELS: Record<Level, { label: Capitalize<Level>; base: string; fields: () => RowField[]; where: string }> = {
	repository: { label: 'Repository', base: '/repos/{owner}/{repo}/actions/variables', fields: repositoryFields, where: 'a repository' },
	environment: {
		label: 'Environment',
		base: '/repos/{owner}/{repo}/environments/{environment_name}/variables',
		fields: () => [...repositoryFields(), environmentField()],
		where: 'a deployment environment of a repository',
	},
};

function rowsFor(level: Level) {
	const { label, base, fields, where } = LEVELS[level];
	const operation = <Verb extends string>(verb: Verb) => `${verb}${label}` as const;
	return gitHubRowTable([
		{
			resource: 'variable',
			operation: operation('list'),
			objectType: 'variable',
			name: `List ${label} Variables`,
			action: `List the Actions variables of ${where}`,
			description: `List the GitHub Actions configuration variables of ${where} with their values and dates.`,
			method: 'GET',
			path: base,
			paging: { itemsKey: 'variables', maxPageSize: 30 },
			fields: fields(),
		},
		{
			resource: 'variable',
			operation: operation('get'),
			objectType: 'variable',
			name: `Get ${label} Variable`,
			action: `Get an Actions variable of ${where}`,
			description: `Get one GitHub Actions configuration variable of ${where}: name, value and dates.`,
			method: 'GET',
			path: `${base}/{name}`,
			fields: [...fields(), variableName()],
		},
		{
			resource: 'variable',
			operation: operation('create'),
			name: `Create ${label} Variable`,
			action: `Create an Actions variable of ${where}`,
			description: `Create a GitHub Actions configuration variable of ${where} (an existing name is refused by GitHub; use Update). Changes what workflows read as vars.NAME.`,
			method: 'POST',
			path: base,
			fields: [
				...fields(),
				{ ...variableName('Name of the new variable, e.g. "NODE_VERSION" (letters, digits and underscores)'), in: 'body' },
				variableValue(true),
			],
			shapeAnswer: (_body: unknown, values: IDataObject) => ({ created: true, name: values.variableName }),
		},
		{
			resource: 'variable',
			operation: operation('update'),
			name: `Update ${label} Variable`,
			action: `Update an Actions variable of ${where}`,
			description: `Change the value (or the name) of a GitHub Actions configuration variable of ${where}. Changes what workflows read as vars.NAME.`,
			method: 'PATCH',
			path: `${base}/{name}`,
			fields: [
				...fields(),
				variableName('Current name of the variable'),
				variableValue(false),
				{ displayName: 'New Name', name: 'newName', apiName: 'name', type: 'string', default: '', in: 'body', optional: true, description: 'Renames the variable' },
			],
			shapeAnswer: (_body: unknown, values: IDataObject) => ({ updated: true, name: values.newName || values.variableName }),
		},
		{
			resource: 'variable',
			operation: operation('delete'),
			name: `Delete ${label} Variable`,
			action: `Delete an Actions variable of ${where}`,
			description: `Delete a GitHub Actions configuration variable of ${where}. Deletes data: workflows then read an empty vars.NAME.`,
			method: 'DELETE',
			path: `${base}/{name}`,
			fields: [...fields(), variableName()],
			shapeAnswer: (_body: unknown, values: IDataObject) => ({ deleted: true, name: values.variableName }),
		},
	]);
}

export const variableRows = [...rowsFor('repository'), ...rowsFor('environment')];
