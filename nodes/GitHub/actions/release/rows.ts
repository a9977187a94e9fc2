import { repositoryFields } from '../fields';
import type { GitHubRow } from '../types';

export const releaseRows: GitHubRow[] = [
	{
		resource: 'release',
		operation: 'list',
		name: 'List',
		action: 'List releases',
		description: 'List the releases of a repository, newest first: tag, name, notes, draft/prerelease flags, assets and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'List Releases' }],
		paging: {},
		fields: repositoryFields(),
	},
];
