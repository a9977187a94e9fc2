import { isoDate, repositoryFields } from '../fields';
import type { GitHubRow } from '../types';

export const commitRows: GitHubRow[] = [
	{
		resource: 'commit',
		operation: 'get',
		returns: 'commit',
		name: 'Get',
		action: 'Get a commit',
		description: 'Get one commit: message, author, committer, parents, changed files with their patches, and stats.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits/{ref}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Get Commit' }],
		fields: [
			...repositoryFields(),
			{
				name: 'ref',
				displayName: 'Commit',
				type: 'string',
				in: 'path',
				required: true,
						placeholder: 'e.g. 6dcb09b5b57875f334f61aebed695e2e4193db5e',
				description: 'Commit SHA, or a branch or tag name to get its latest commit',
			},
		],
	},
	{
		resource: 'commit',
		operation: 'list',
		returns: 'commit',
		name: 'List',
		action: 'List commits',
		description:
			'List commits of a repository, newest first, optionally only on a branch, touching a path, by an author, or within a time range.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'List Commits' }],
		paging: {},
		fields: [
			...repositoryFields(),
			{ name: 'sha', displayName: 'Branch or SHA', type: 'string', in: 'query', optional: true, placeholder: 'e.g. main', description: 'Branch name or commit SHA to start listing from. Default: the default branch.' },
			{ name: 'path', displayName: 'Path', type: 'string', in: 'query', optional: true, placeholder: 'e.g. src/index.ts', description: 'Only commits that changed this file or folder' },
			{ name: 'author', displayName: 'Author', type: 'string', in: 'query', optional: true, description: 'Only commits by this GitHub login or email address' },
			{ name: 'committer', displayName: 'Committer', type: 'string', in: 'query', optional: true, description: 'Only commits committed by this GitHub login or email address' },
			isoDate('since', 'Since', 'Only commits after this time'),
			isoDate('until', 'Until', 'Only commits before this time'),
		],
	},
];
