import type { RowField } from '../../../shared/rowEngine';
import { byName, locatorModes, mustMatch, typedMode } from '../../../shared/locator';
import { numberLocator, ownerField, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { addItem, listFields, listItems, listProjects, updateItemStatus } from './handlers';
import { createProject, createStatusUpdate, listStatusUpdates } from './projects';
import { archiveItem, deleteItem, getItem, unarchiveItem, updateItemField } from './items';
import { getView, listViews } from './views';
import { updateItems } from './batch';

const projectOwner = (): RowField => ({
	...ownerField('User or organization that owns the project, e.g. "n8n-io"'),
	displayName: 'Project Owner',
	name: 'projectOwner',
	in: 'none',
	identifies: undefined,
});

const projectNumber = (): RowField => ({
	displayName: 'Project',
	name: 'projectNumber',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'none',
	required: true,
	integer: true,
	description: 'The project, chosen from the owner\'s projects or by its number, as in https://github.com/orgs/OWNER/projects/NUMBER',
	ui: locatorModes(
		'searchProjects',
		typedMode('id', 'By Number', 'e.g. 3', {
			hint: 'The number in the project\'s URL (…/projects/3), not its node ID',
			validation: mustMatch('^\\s*#?[0-9]+\\s*$', 'Give the project number, e.g. 3'),
		}),
	),
});

/** The issue or pull request a project item is about: repository (checked by the router) and number. */
const projectContent = (description: string): RowField[] => [
	...repositoryFields().map((field) => ({ ...field, in: 'none' as const })),
	numberLocator('issueOrPullRequest', { name: 'issueNumber', in: 'none', description }),
];

const statusOption = (): RowField => ({
	displayName: 'Status',
	name: 'status',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'none',
	required: true,
	description: 'The option to set, chosen from the options of the project\'s field (see Status Field Name) or by its name as shown in the project (case-insensitive), e.g. "In Progress"',
	ui: locatorModes('searchProjectFieldOptions', byName('e.g. In Progress')),
});

const OWNER_CONFINED = ' With "Allowed Repositories" set, the owner must own an allowed repository.';

export const projectRows = gitHubRowTable([
	{
		resource: 'project',
		operation: 'updateItemStatus',
		name: 'Update Item Status',
		action: 'Update the status of a project item',
		description:
			'Set the Status (or another single-select field) of an issue or pull request in a GitHub Project (V2), choosing the option by its name, e.g. "In Progress": moves the item to that column of the project\'s board. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		spec: [{ kind: 'toolStep', name: 'Update Project (V2) Item Status' }],
		handler: updateItemStatus,
		fields: [
			projectOwner(),
			projectNumber(),
			...projectContent('Number of the issue or pull request whose project item to update (pull requests are listed with "(PR)")'),
			statusOption(),
			{ displayName: 'Status Field Name', name: 'statusField', type: 'string', in: 'none', optional: true, default: 'Status', description: 'Name of the single-select field to set. Default: "Status".' },
			{ displayName: 'Add to Project If Missing', name: 'addToProject', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether to add the issue or pull request to the project when it is not in it yet' },
		],
	},
	{
		resource: 'project',
		operation: 'list',
		name: 'List Projects',
		action: 'List the projects of a user or organization',
		description: `List the projects (V2) of a user or organization, open and closed: number, title, URL, whether closed or public.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listProjects,
		paging: {},
		fields: [projectOwner()],
	},
	{
		resource: 'project',
		operation: 'listFields',
		name: 'List Fields',
		action: 'List the fields of a project',
		description: `List the fields of a project (V2), one item each: ID, name, data type, the options of single-select fields (e.g. Status: Todo, In Progress, Done) and the iterations of iteration fields.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listFields,
		fields: [projectOwner(), projectNumber()],
	},
	{
		resource: 'project',
		operation: 'listItems',
		name: 'List Items',
		action: 'List the items of a project',
		description: `List the items of a project (V2): issue, pull request or draft, its number, title, state, repository and field values by field name (e.g. Status).${OWNER_CONFINED} Items from repositories outside it are left out. Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listItems,
		paging: {},
		fields: [projectOwner(), projectNumber()],
	},
	{
		resource: 'project',
		operation: 'listViews',
		name: 'List Views',
		action: 'List the views of a project',
		description: `List the views of a project (V2) in the project's order, one item each: number, name, layout (TABLE_LAYOUT, BOARD_LAYOUT, ROADMAP_LAYOUT), filter (e.g. "status:Todo label:bug"), the fields shown, and the fields it groups, splits into columns (verticalGroupBy) and sorts by.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listViews,
		paging: {},
		fields: [projectOwner(), projectNumber()],
	},
	{
		resource: 'project',
		operation: 'getView',
		name: 'Get View',
		action: 'Get a view of a project',
		description: `Read one view of a project (V2) by its number (…/projects/3/views/NUMBER): name, layout, filter, the fields shown, grouping and sorting, as List Views gives them.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: getView,
		fields: [
			projectOwner(),
			projectNumber(),
			{ displayName: 'View Number', name: 'viewNumber', type: 'string', default: '', in: 'none', required: true, description: 'The number in the view\'s URL, e.g. 2 for https://github.com/orgs/acme/projects/3/views/2' },
		],
	},
	{
		resource: 'project',
		operation: 'addItem',
		name: 'Add Item',
		action: 'Add an issue or pull request to a project',
		description: 'Add an issue or pull request to a project (V2). Changes the project; adding one that is already there returns its existing item. Returns the project and item IDs. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: addItem,
		fields: [projectOwner(), projectNumber(), ...projectContent('Number of the issue or pull request to add (pull requests are listed with "(PR)"); the node looks up the ID GitHub needs')],
	},
	{
		resource: 'project',
		operation: 'getItem',
		name: 'Get Item',
		action: 'Get the project item of an issue or pull request',
		description:
			'Read the item of an issue or pull request in a project (V2): item ID, whether archived, and its field values by field name (text, number, date, single-select option, iteration title), e.g. {"Status": "In Progress", "Points": 3}. Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: getItem,
		fields: [projectOwner(), projectNumber(), ...projectContent('Number of the issue or pull request whose project item to read (pull requests are listed with "(PR)")')],
	},
	{
		resource: 'project',
		operation: 'updateItemField',
		name: 'Update Item Field',
		action: 'Set a field of a project item by name',
		description:
			'Set one field of an issue’s or pull request’s item in a project (V2), the field chosen by its name and the value given as shown in the project: text, a number, a date (YYYY-MM-DD), a single-select option’s name or an iteration’s title (case-insensitive); or clear it. An unknown field, option or iteration is an error listing the valid names. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: updateItemField,
		fields: [
			projectOwner(),
			projectNumber(),
			...projectContent('Number of the issue or pull request whose project item to change (pull requests are listed with "(PR)")'),
			{ displayName: 'Field Name', name: 'fieldName', type: 'string', default: '', in: 'none', required: true, description: 'Name of the project field to set, as shown in the project (case-insensitive), e.g. "Priority", "Due", "Sprint"' },
			{ displayName: 'Value', name: 'value', type: 'string', default: '', in: 'none', description: 'The value, as shown in the project: text, a number, a date as YYYY-MM-DD, the name of a single-select option or the title of an iteration' },
			{ displayName: 'Clear Value', name: 'clear', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether to empty the field instead of setting it ("Value" is then ignored)' },
			{ displayName: 'Add to Project If Missing', name: 'addToProject', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether to add the issue or pull request to the project when it is not in it yet' },
		],
	},
	{
		resource: 'project',
		operation: 'updateItems',
		name: 'Update Items',
		action: 'Set fields of several project items',
		description:
			'Set fields of several items of a project (V2) in one run: a list of {"itemId", "field", "value"} (item IDs from List Items; field by name; value as shown in the project: text, a number, a date YYYY-MM-DD, an option\'s name or an iteration\'s title). Sent 20 per request; one output item per entry, in order, with status "updated" or "error" and GitHub\'s message, so one failing entry does not stop the others. With "Allowed Repositories" set, the owner must own an allowed repository and each item\'s issue or pull request must be in one. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: updateItems,
		fields: [
			projectOwner(),
			projectNumber(),
			{
				displayName: 'Updates (JSON)', name: 'updates', type: 'json', in: 'none', required: true, jsonList: true, default: '[]',
				description: 'The updates as a JSON list, e.g. [{"itemId": "PVTI_lADO…", "field": "Status", "value": "Done"}, {"itemId": "PVTI_lADP…", "field": "Points", "value": 3}]',
			},
		],
	},
	{
		resource: 'project',
		operation: 'deleteItem',
		name: 'Delete Item',
		action: 'Remove an issue or pull request from a project',
		description: 'Remove the item of an issue or pull request from a project (V2), with its field values; the issue or pull request itself stays. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: deleteItem,
		fields: [projectOwner(), projectNumber(), ...projectContent('Number of the issue or pull request to remove from the project')],
	},
	{
		resource: 'project',
		operation: 'archiveItem',
		name: 'Archive Item',
		action: 'Archive a project item',
		description: 'Archive the item of an issue or pull request in a project (V2): hidden from the project’s views, field values kept; Unarchive Item brings it back. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: archiveItem,
		fields: [projectOwner(), projectNumber(), ...projectContent('Number of the issue or pull request whose project item to archive')],
	},
	{
		resource: 'project',
		operation: 'unarchiveItem',
		name: 'Unarchive Item',
		action: 'Unarchive a project item',
		description: 'Bring back an archived item of an issue or pull request in a project (V2), with its field values. Changes the project. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: unarchiveItem,
		fields: [projectOwner(), projectNumber(), ...projectContent('Number of the issue or pull request whose project item to unarchive')],
	},
	{
		resource: 'project',
		operation: 'create',
		name: 'Create Project',
		action: 'Create a project',
		description:
			'Create an empty project (V2) for a user or organization with a title. Returns its ID, number, title and URL. Needs the token’s "project" scope (classic) or the organization’s Projects write permission. With "Allowed Repositories" set, it must name OWNER/* for the owner: a project can gather issues of every repository of it. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: createProject,
		fields: [projectOwner(), { displayName: 'Title', name: 'title', type: 'string', default: '', in: 'none', required: true, description: 'Title of the new project, e.g. "Q3 Roadmap"' }],
	},
	{
		resource: 'project',
		operation: 'listStatusUpdates',
		name: 'List Status Updates',
		action: 'List the status updates of a project',
		description: `List the status updates of a project (V2), newest first: status (ON_TRACK, AT_RISK, OFF_TRACK, COMPLETE, INACTIVE), text, start and target dates, author and time.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listStatusUpdates,
		paging: {},
		fields: [projectOwner(), projectNumber()],
	},
	{
		resource: 'project',
		operation: 'createStatusUpdate',
		name: 'Create Status Update',
		action: 'Post a status update to a project',
		description: `Post a status update to a project (V2): a status (On Track, At Risk, Off Track, Complete, Inactive), a text (Markdown) and start / target dates, shown in the project's header. Changes the project.${OWNER_CONFINED} Uses GitHub’s GraphQL API.`,
		method: 'POST',
		path: '/graphql',
		handler: createStatusUpdate,
		fields: [
			projectOwner(),
			projectNumber(),
			{
				displayName: 'Status', name: 'statusUpdateStatus', type: 'options', default: 'ON_TRACK', in: 'none', required: true, description: 'How the project is doing',
				options: [
					{ name: 'At Risk', value: 'AT_RISK' },
					{ name: 'Complete', value: 'COMPLETE' },
					{ name: 'Inactive', value: 'INACTIVE' },
					{ name: 'Off Track', value: 'OFF_TRACK' },
					{ name: 'On Track', value: 'ON_TRACK' },
				],
			},
			{ displayName: 'Body', name: 'body', type: 'string', default: '', in: 'none', optional: true, description: 'Text of the update (Markdown)', ui: { typeOptions: { rows: 4 } } },
			{ displayName: 'Start Date', name: 'startDate', type: 'string', default: '', in: 'none', optional: true, description: 'Start date as YYYY-MM-DD, e.g. 2026-03-01' },
			{ displayName: 'Target Date', name: 'targetDate', type: 'string', default: '', in: 'none', optional: true, description: 'Target date as YYYY-MM-DD, e.g. 2026-03-31' },
		],
	},
]);
