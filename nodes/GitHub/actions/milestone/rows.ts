import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { locatorModes, mustMatch, typedMode } from '../../../shared/locator';
import { isoDate, repositoryFields, sortDirection } from '../fields';
import { gitHubRowTable } from '../types';

/** A milestone of the chosen repository, picked from its milestones or given by number. */
const milestoneLocator = (overrides: Partial<RowField> & Pick<RowField, 'name' | 'in'>): RowField => ({
	displayName: 'Milestone',
	type: 'resourceLocator',
	required: true,
	integer: true,
	description: 'Number of the milestone, e.g. 3 (as in …/milestone/3)',
	...overrides,
	ui: {
		...locatorModes('searchMilestones', typedMode('id', 'By Number', 'e.g. 3', { validation: mustMatch('^[0-9]+$', 'Give a number') })),
		...overrides.ui,
	},
});

const milestoneNumber = () => milestoneLocator({ name: 'milestoneNumber', apiName: 'milestone_number', in: 'path' });

const state = (description: string, withAll: boolean): RowField => ({
	displayName: 'State',
	name: 'state',
	type: 'options',
	in: withAll ? 'query' : 'body',
	optional: true,
	default: 'open',
	description,
	options: [
		...(withAll ? [{ name: 'All', value: 'all' }] : []),
		{ name: 'Closed', value: 'closed' },
		{ name: 'Open', value: 'open' },
	],
});

const details = (): RowField[] => [
	{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Description of the milestone', ui: { typeOptions: { rows: 3 } } },
	{ ...isoDate('due_on', 'Due On', 'When the milestone is due (GitHub keeps the date only)'), in: 'body' },
	state('Open or close the milestone', false),
];

export const milestoneRows = gitHubRowTable([
	{
		resource: 'milestone',
		operation: 'list',
		objectType: 'milestone',
		name: 'List',
		action: 'List the milestones of a repository',
		description: 'List the milestones of a repository, filtered by state, sorted by due date or completeness: number, title, state, due date and open/closed issue counts.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/milestones',
		paging: {},
		fields: [
			...repositoryFields(),
			state('Only milestones in this state', true),
			{
				displayName: 'Sort By', name: 'sort', type: 'options', in: 'query', optional: true, default: 'due_on',
				description: 'What to sort the results by',
				options: [
					{ name: 'Completeness', value: 'completeness' },
					{ name: 'Due Date', value: 'due_on' },
				],
			},
			{ ...sortDirection(), default: 'asc' },
		],
	},
	{
		resource: 'milestone',
		operation: 'get',
		objectType: 'milestone',
		name: 'Get',
		action: 'Get a milestone of a repository',
		description: 'Get one milestone by its number: title, description, state, due date and open/closed issue counts.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/milestones/{milestone_number}',
		fields: [...repositoryFields(), milestoneNumber()],
	},
	{
		resource: 'milestone',
		operation: 'create',
		objectType: 'milestone',
		name: 'Create',
		action: 'Create a milestone in a repository',
		description: 'Create a milestone in a repository with a title and optionally a description and a due date. Returns the milestone with its number.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/milestones',
		fields: [
			...repositoryFields(),
			{ displayName: 'Title', name: 'title', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. v1.2', description: 'Title of the milestone' },
			...details(),
		],
	},
	{
		resource: 'milestone',
		operation: 'update',
		objectType: 'milestone',
		name: 'Update',
		action: 'Update a milestone of a repository',
		description: 'Change a milestone’s title, description, due date or open/closed state. Fields left out stay unchanged. Returns the milestone.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/milestones/{milestone_number}',
		fields: [
			...repositoryFields(),
			milestoneNumber(),
			{ displayName: 'Title', name: 'title', type: 'string', default: '', in: 'body', optional: true, description: 'New title of the milestone' },
			...details(),
		],
	},
	{
		resource: 'milestone',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a milestone from a repository',
		description: 'Delete a milestone permanently; its issues and pull requests stay, without a milestone.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/milestones/{milestone_number}',
		fields: [...repositoryFields(), milestoneNumber()],
		shapeAnswer: (_body, values: IDataObject) => ({ milestoneNumber: Number(values.milestoneNumber), deleted: true }),
	},
]);
