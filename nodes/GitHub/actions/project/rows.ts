import { numberLocator, ownerField, repositoryFields } from '../fields';
import type { GitHubRow } from '../types';
import { updateItemStatus } from './handlers';

export const projectRows: GitHubRow[] = [
	{
		resource: 'project',
		operation: 'updateItemStatus',
		name: 'Update Item Status',
		action: 'Update the status of a project item',
		description:
			'Set the Status (or another single-select field) of an issue or pull request in a GitHub Project (V2), choosing the option by its name, e.g. "In Progress". Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Update Project (V2) Item Status' }],
		handler: updateItemStatus,
		fields: [
			{ ...ownerField('User or organization that owns the project, e.g. "n8n-io"'), name: 'projectOwner', displayName: 'Project Owner', in: 'none', identifies: undefined },
			{
				displayName: 'Project Number',
				name: 'projectNumber', type: 'number', in: 'none', required: true, integer: true, default: 1,
				description: 'Number of the project, as in https://github.com/orgs/OWNER/projects/NUMBER',
			},
			...repositoryFields().map((field) => ({ ...field, in: 'none' as const })),
			numberLocator('issue', {
				name: 'issueNumber',
				in: 'none',
				displayName: 'Issue or Pull Request Number',
				description: 'Number of the issue or pull request whose project item to update',
			}),
			{ displayName: 'Status', name: 'status', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. In Progress', description: 'Name of the option to set, as shown in the project (case-insensitive)' },
			{ displayName: 'Status Field Name', name: 'statusField', type: 'string', in: 'none', optional: true, default: 'Status', description: 'Name of the single-select field to set. Default: "Status".' },
			{ displayName: 'Add to Project If Missing', name: 'addToProject', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether to add the issue or pull request to the project when it is not in it yet' },
		],
	},
];
