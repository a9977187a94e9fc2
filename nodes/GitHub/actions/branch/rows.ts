import { branchField, repositoryFields } from '../fields';
import type { GitHubRow } from '../types';
import { createBranch } from './handlers';

export const branchRows: GitHubRow[] = [
	{
		resource: 'branch',
		operation: 'list',
		name: 'List',
		action: 'List branches',
		description: 'List the branches of a repository with the SHA of each branch’s latest commit and whether it is protected.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/branches',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'List branches' }],
		paging: {},
		fields: [
			...repositoryFields(),
			{
				name: 'protected',
				displayName: 'Protected Only',
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
		name: 'Get',
		action: 'Get a branch',
		description: 'Get one branch: its latest commit, protection status and links.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/branches/{branch}',
		scope: 'repository',
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
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Create Branch' }, { kind: 'endpoint', name: 'Create branch' }],
		handler: createBranch,
		fields: [
			...repositoryFields(),
			{
				name: 'newBranch',
				displayName: 'New Branch Name',
				type: 'string',
				in: 'none',
				required: true,
				placeholder: 'e.g. feature/login',
				description: 'Name of the branch to create, without "refs/heads/"',
			},
			{
				name: 'source',
				displayName: 'Start From',
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
				name: 'sha',
				displayName: 'Commit SHA',
				type: 'string',
				in: 'body',
				description: 'Full SHA of the commit the new branch starts at',
				ui: { displayOptions: { show: { source: ['sha'] } } },
			},
		],
	},
];
