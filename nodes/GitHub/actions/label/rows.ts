import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { byName, locatorModes } from '../../../shared/locator';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { labelByName } from './handlers';

/** A label of the chosen repository, picked from its labels or given by name. */
export const labelLocator = (overrides: Partial<RowField> & Pick<RowField, 'name' | 'in'>): RowField => ({
	displayName: 'Label',
	type: 'resourceLocator',
	required: true,
	description: 'Name of the label, e.g. "bug"',
	...overrides,
	ui: { ...locatorModes('searchLabels', byName('e.g. bug')), ...overrides.ui },
});

const labelName = () => labelLocator({ name: 'labelName', apiName: 'name', in: 'path' });

/** GitHub takes colors as six hex digits without "#"; the color picker gives "#rrggbb". */
const color = (description: string): RowField => ({
	displayName: 'Color',
	name: 'color',
	type: 'color',
	in: 'body',
	optional: true,
	default: '#ededed',
	description,
	toApi: (value) => String(value).trim().replace(/^#/, ''),
});

const labelDescription: RowField = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	in: 'body',
	optional: true,
	description: 'Short description of the label (at most 100 characters)',
};

export const labelRows = gitHubRowTable([
	{
		resource: 'label',
		operation: 'list',
		objectType: 'label',
		name: 'List',
		action: 'List the labels of a repository',
		description: 'List the labels defined in a repository: name, color and description.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/labels',
		paging: {},
		fields: [...repositoryFields()],
	},
	{
		resource: 'label',
		operation: 'get',
		handler: labelByName,
		objectType: 'label',
		name: 'Get',
		action: 'Get a label of a repository',
		description: 'Get one label of a repository by its name: color and description.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/labels/{name}',
		fields: [...repositoryFields(), labelName()],
	},
	{
		resource: 'label',
		operation: 'create',
		objectType: 'label',
		name: 'Create',
		action: 'Create a label in a repository',
		description: 'Create a label in a repository, with a color and a description. Returns the label.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/labels',
		fields: [
			...repositoryFields(),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. needs triage', description: 'Name of the new label (emoji allowed, e.g. ":bug:")' },
			color('Color of the label; default: a grey chosen by GitHub'),
			labelDescription,
		],
	},
	{
		resource: 'label',
		operation: 'update',
		handler: labelByName,
		objectType: 'label',
		name: 'Update',
		action: 'Update a label of a repository',
		description: 'Rename a label or change its color or description; issues and pull requests keep it. Fields left out stay unchanged. Returns the label.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/labels/{name}',
		fields: [
			...repositoryFields(),
			labelName(),
			{ displayName: 'New Name', name: 'new_name', type: 'string', default: '', in: 'body', optional: true, description: 'New name of the label' },
			color('New color of the label'),
			labelDescription,
		],
	},
	{
		resource: 'label',
		operation: 'delete',
		handler: labelByName,
		name: 'Delete',
		action: 'Delete a label from a repository',
		description: 'Delete a label from a repository permanently; it is removed from every issue and pull request that has it.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/labels/{name}',
		fields: [...repositoryFields(), labelName()],
		shapeAnswer: (_body, values: IDataObject) => ({ name: values.labelName, deleted: true }),
	},
]);
