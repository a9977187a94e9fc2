import type { IDataObject } from 'n8n-workflow';

import { ownerField, repositoryFields } from '../fields';
import type { GitHubRow } from '../types';
import { createRepository } from './handlers';

export const repositoryRows: GitHubRow[] = [
	{
		resource: 'repository',
		operation: 'create',
		returns: 'repository',
		name: 'Create',
		action: 'Create a repository',
		description:
			'Create a new repository in the connected account or in an organization. Returns the new repository.',
		method: 'POST',
		path: '/user/repos',
		spec: [{ kind: 'toolStep', name: 'Create Repository' }],
		handler: createRepository,
		scope: 'repository',
		fields: [
			{
				...ownerField(
					'Account or organization to create the repository in. Leave empty for the connected account; an organization needs the right to create repositories there.',
				),
				in: 'none',
			},
			{
				name: 'name',
				displayName: 'Repository Name',
				type: 'string',
				in: 'body',
				required: true,
				identifies: 'repository',
				placeholder: 'e.g. my-project',
				description: 'Name of the new repository (letters, digits, "-", "_" and ".")',
			},
			{ name: 'description', displayName: 'Description', type: 'string', in: 'body', optional: true, description: 'Short description shown on the repository page' },
			{ name: 'homepage', displayName: 'Homepage', type: 'string', in: 'body', optional: true, description: 'URL of a page about the project' },
			{ name: 'private', displayName: 'Private', type: 'boolean', in: 'body', optional: true, description: 'Whether only people with access can see the repository' },
			{ name: 'auto_init', displayName: 'Initialize With README', type: 'boolean', in: 'body', optional: true, description: 'Whether to create an initial commit with an empty README' },
			{ name: 'gitignore_template', displayName: '.gitignore Template', type: 'string', in: 'body', optional: true, placeholder: 'e.g. Node', description: 'Name of a GitHub .gitignore template to apply' },
			{ name: 'license_template', displayName: 'License Template', type: 'string', in: 'body', optional: true, placeholder: 'e.g. mit', description: 'Keyword of an open source license to add, e.g. "mit" or "apache-2.0"' },
			{ name: 'has_issues', displayName: 'Has Issues', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether issues are enabled' },
			{ name: 'has_wiki', displayName: 'Has Wiki', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether the wiki is enabled' },
			{ name: 'is_template', displayName: 'Is Template', type: 'boolean', in: 'body', optional: true, description: 'Whether the repository can be used as a template' },
		],
	},
	{
		resource: 'repository',
		operation: 'get',
		returns: 'repository',
		name: 'Get',
		action: 'Get a repository',
		description:
			'Get information about a repository: description, default branch, visibility, stars, forks, open issues count, topics and URLs.',
		method: 'GET',
		path: '/repos/{owner}/{repo}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Get Repository Info' }],
		fields: repositoryFields(),
	},
	{
		resource: 'repository',
		operation: 'star',
		name: 'Star',
		action: 'Star a repository',
		description: 'Star a repository as the connected account. Starring an already starred repository changes nothing.',
		method: 'PUT',
		path: '/user/starred/{owner}/{repo}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Star Repo' }],
		fields: repositoryFields(),
		output: (_body, values: IDataObject) => ({ starred: true, owner: values.owner, repository: values.repository }),
	},
];
