import type { CatalogueField } from '../../../shared/catalogue';
import { branchField, numberLocator, repositoryFields, sortDirection } from '../fields';
import type { GitHubRow } from '../types';

const pullNumber = () => numberLocator('pullRequest', { name: 'pullNumber', apiName: 'pull_number' });

const bodyText = (description: string): CatalogueField => ({
	name: 'body',
	displayName: 'Body',
	type: 'string',
	in: 'body',
	optional: true,
	description,
	ui: { typeOptions: { rows: 4 } },
});

const maintainerCanModify: CatalogueField = {
	name: 'maintainer_can_modify',
	displayName: 'Maintainers Can Modify',
	type: 'boolean',
	in: 'body',
	optional: true,
	default: true,
	description: 'Whether maintainers of the base repository may push to the head branch',
};

export const pullRequestRows: GitHubRow[] = [
	{
		resource: 'pullRequest',
		operation: 'create',
		name: 'Create',
		action: 'Create a pull request',
		description: 'Open a pull request that merges the head branch into the base branch, optionally as a draft. Returns the pull request with its number and URL.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/pulls',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Create Pull Request' }, { kind: 'endpoint', name: 'Create pull request' }],
		fields: [
			...repositoryFields(),
			{ name: 'title', displayName: 'Title', type: 'string', in: 'body', required: true, description: 'Title of the pull request' },
			{
				name: 'head', displayName: 'Head Branch', type: 'string', in: 'body', required: true, placeholder: 'e.g. feature/login',
				description: 'Branch with the changes; for a branch in a fork write "fork-owner:branch"',
			},
			branchField({ name: 'base', displayName: 'Base Branch', in: 'body', required: true, description: 'Branch the changes should be merged into, e.g. "main"' }),
			bodyText('Description of the pull request (Markdown)'),
			{ name: 'draft', displayName: 'Draft', type: 'boolean', in: 'body', optional: true, description: 'Whether to open the pull request as a draft' },
			maintainerCanModify,
		],
	},
	{
		resource: 'pullRequest',
		operation: 'get',
		name: 'Get',
		action: 'Get a pull request',
		description: 'Get one pull request: title, body, state, draft flag, head and base branches, mergeability, merge commit and review counts.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'Get pull request' }],
		fields: [...repositoryFields(), pullNumber()],
	},
	{
		resource: 'pullRequest',
		operation: 'list',
		name: 'List',
		action: 'List pull requests',
		description: 'List pull requests of a repository, filtered by state, head or base branch.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/pulls',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'List pull requests' }],
		paging: {},
		fields: [
			...repositoryFields(),
			{
				name: 'state', displayName: 'State', type: 'options', in: 'query', optional: true, default: 'open',
				description: 'Only pull requests in this state',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Closed', value: 'closed' },
					{ name: 'Open', value: 'open' },
				],
			},
			{ name: 'head', displayName: 'Head', type: 'string', in: 'query', optional: true, placeholder: 'e.g. octocat:feature', description: 'Only pull requests from this "user:branch"' },
			{ name: 'base', displayName: 'Base Branch', type: 'string', in: 'query', optional: true, placeholder: 'e.g. main', description: 'Only pull requests into this branch' },
			{
				name: 'sort', displayName: 'Sort By', type: 'options', in: 'query', optional: true, default: 'created',
				description: 'What to sort the results by',
				options: [
					{ name: 'Created', value: 'created' },
					{ name: 'Long-Running', value: 'long-running' },
					{ name: 'Popularity', value: 'popularity' },
					{ name: 'Updated', value: 'updated' },
				],
			},
			sortDirection(),
		],
	},
	{
		resource: 'pullRequest',
		operation: 'update',
		name: 'Update',
		action: 'Update a pull request',
		description: 'Change a pull request’s title, body, base branch or open/closed state. Fields left out stay unchanged.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'Update pull request' }],
		fields: [
			...repositoryFields(),
			pullNumber(),
			{ name: 'title', displayName: 'Title', type: 'string', in: 'body', optional: true, description: 'New title (leave out to keep the current one)' },
			bodyText('New description (Markdown)'),
			{
				name: 'state', displayName: 'State', type: 'options', in: 'body', optional: true, default: 'closed',
				description: 'Close or reopen the pull request',
				options: [
					{ name: 'Closed', value: 'closed' },
					{ name: 'Open', value: 'open' },
				],
			},
			{ name: 'base', displayName: 'Base Branch', type: 'string', in: 'body', optional: true, description: 'Branch to merge into instead of the current base' },
			maintainerCanModify,
		],
	},
	{
		resource: 'pullRequest',
		operation: 'merge',
		name: 'Merge',
		action: 'Merge a pull request',
		description: 'Merge a pull request with a merge commit, by squashing or by rebasing. Optionally only if the head is still at a given SHA. Returns the merge commit SHA.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'Merge pull request' }],
		fields: [
			...repositoryFields(),
			pullNumber(),
			{
				name: 'merge_method', displayName: 'Merge Method', type: 'options', in: 'body', default: 'merge',
				description: 'How to merge',
				options: [
					{ name: 'Merge Commit', value: 'merge' },
					{ name: 'Rebase', value: 'rebase' },
					{ name: 'Squash', value: 'squash' },
				],
			},
			{ name: 'commit_title', displayName: 'Commit Title', type: 'string', in: 'body', optional: true, description: 'Title of the merge or squash commit' },
			{ name: 'commit_message', displayName: 'Commit Message', type: 'string', in: 'body', optional: true, description: 'Extra detail appended to the commit message' },
			{ name: 'sha', displayName: 'Expected Head SHA', type: 'string', in: 'body', optional: true, description: 'Merge only if the pull request’s head is still at this commit' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'getReviewers',
		name: 'Get Reviewers',
		action: 'Get the requested reviewers of a pull request',
		description: 'Get the users and teams whose review is requested on a pull request (reviewers who already reviewed are not included).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Get Reviewers' }],
		fields: [...repositoryFields(), pullNumber()],
	},
];
