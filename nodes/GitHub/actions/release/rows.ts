import { repositoryFields } from '../fields';
import type { GitHubRow } from '../types';

export const releaseRows: GitHubRow[] = [
	{
		resource: 'release',
		operation: 'list',
		returns: 'release',
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
	{
		resource: 'release',
		operation: 'getLatest',
		returns: 'release',
		name: 'Get Latest',
		action: 'Get the latest release',
		description:
			'Get the latest published full release of a repository (drafts and prereleases are skipped): tag, name, notes, assets and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/latest',
		scope: 'repository',
		fields: repositoryFields(),
	},
];
