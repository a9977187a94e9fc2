import type { GitHubRow } from '../types';
import { searchIssuesAndPullRequests } from './handlers';

export const searchRows: GitHubRow[] = [
	{
		resource: 'search',
		operation: 'issuesAndPullRequests',
		returns: 'issue',
		name: 'Search Issues and Pull Requests',
		action: 'Search issues and pull requests',
		description:
			'Find issues and pull requests across repositories with GitHub’s search syntax, e.g. "is:issue is:open label:bug repo:owner/name" or "is:pr author:octocat". One item per match.',
		method: 'GET',
		path: '/search/issues',
		spec: [{ kind: 'toolStep', name: 'Search Issues and Pull Requests' }],
		scope: 'search',
		handler: searchIssuesAndPullRequests,
		paging: { itemsKey: 'items' },
		fields: [
			{
				name: 'query',
				apiName: 'q',
				displayName: 'Query',
				type: 'string',
				in: 'query',
				required: true,
				placeholder: 'e.g. is:issue is:open label:bug',
				description:
					'GitHub search query: keywords plus qualifiers such as is:issue, is:pr, is:open, label:, author:, assignee:, repo:owner/name, org:',
			},
			{
				name: 'sort', displayName: 'Sort By', type: 'options', in: 'query', optional: true, default: 'created',
				description: 'What to sort by. Default: best match.',
				options: [
					{ name: 'Comments', value: 'comments' },
					{ name: 'Created', value: 'created' },
					{ name: 'Interactions', value: 'interactions' },
					{ name: 'Reactions', value: 'reactions' },
					{ name: 'Updated', value: 'updated' },
				],
			},
			{
				name: 'order', displayName: 'Order', type: 'options', in: 'query', optional: true, default: 'desc',
				description: 'Sort order (only with Sort By)',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
			},
		],
	},
];
