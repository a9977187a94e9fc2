import type { IDataObject } from 'n8n-workflow';

import { branchField, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { createBranch } from './handlers';

export const branchRows = gitHubRowTable([
	{
		resource: 'branch',
		operation: 'list',
		objectType: 'branch',
		name: 'List',
		action: 'List branches',
		description: 'List the branches of a repository with the SHA of each branch’s latest commit and whether it is protected.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/branches',
		spec: [{ kind: 'endpoint', name: 'List branches' }],
		paging: {},
		fields: [
			...repositoryFields(),
			{
				displayName: 'Protected Only',
				name: 'protected',
				type: 'boolean',
				in: 'query',
				optional: true,
				default: true,
				description: 'Whether to return only protected branches (true) or only unprotected ones (false)',
			},
		],
	},
	{
		resource: 'branch',
		operation: 'get',
		objectType: 'branch',
		name: 'Get',
		action: 'Get a branch',
		description: 'Get one branch: its latest commit, protection status and links.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/branches/{branch}',
		spec: [{ kind: 'endpoint', name: 'Get branch' }],
		fields: [...repositoryFields(), branchField({ name: 'branch', in: 'path', required: true })],
	},
	{
		resource: 'branch',
		operation: 'create',
		name: 'Create',
		action: 'Create a branch',
		description:
			'Create a branch starting at another branch’s latest commit or at a given commit SHA. Returns the new Git reference.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/git/refs',
		spec: [{ kind: 'toolStep', name: 'Create Branch' }, { kind: 'endpoint', name: 'Create branch' }],
		handler: createBranch,
		fields: [
			...repositoryFields(),
			{
				displayName: 'New Branch Name',
				name: 'newBranch',
				type: 'string',
				default: '',
				in: 'none',
				required: true,
				placeholder: 'e.g. feature/login',
				description: 'Name of the branch to create, without "refs/heads/"',
			},
			{
				displayName: 'Start From',
				name: 'source',
				type: 'options',
				in: 'none',
				default: 'branch',
				description: 'Whether the new branch starts at another branch or at a commit SHA',
				options: [
					{ name: 'Branch', value: 'branch', description: 'The latest commit of an existing branch' },
					{ name: 'Commit SHA', value: 'sha', description: 'A specific commit' },
				],
			},
			branchField({
				name: 'fromBranch',
				displayName: 'Source Branch',
				in: 'none',
				description: 'Existing branch whose latest commit the new branch starts at, e.g. "main"',
				ui: { displayOptions: { show: { source: ['branch'] } } },
			}),
			{
				displayName: 'Commit SHA',
				name: 'sha',
				type: 'string',
				default: '',
				in: 'body',
				description: 'Full SHA of the commit the new branch starts at',
				ui: { displayOptions: { show: { source: ['sha'] } } },
			},
		],
	},
	{
		resource: 'branch',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a branch',
		description: 'Delete a branch of a repository (its Git reference; commits reachable from other branches stay). Deletes data: a protected or default branch is refused by GitHub.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/git/refs/heads/{branch}',
		fields: [...repositoryFields(), branchField({ name: 'branch', in: 'path', required: true, description: 'Branch to delete, e.g. "feature/login"' })],
		shapeAnswer: (_body, values: IDataObject) => ({ branch: values.branch, deleted: true }),
	},
]);
