import { gitHubRowTable } from '../types';
import type { RowField } from '../../../shared/rowEngine';
import { searchInScope, searchUsers } from './handlers';

export const searchRows = gitHubRowTable([
	{
		resource: 'search',
		operation: 'issuesAndPullRequests',
		objectType: 'issue',
		name: 'Search Issues and Pull Requests',
		action: 'Search issues and pull requests',
		description:
			'Find issues and pull requests across repositories with GitHub’s search syntax, e.g. "is:issue is:open label:bug repo:owner/name" or "is:pr author:octocat". One item per match.',
		method: 'GET',
		path: '/search/issues',
		spec: [{ kind: 'toolStep', name: 'Search Issues and Pull Requests' }],
		handler: searchInScope('issues'),
		paging: { itemsKey: 'items' },
		fields: [
			{
				displayName: 'Query',
				name: 'query',
				apiName: 'q',
				type: 'string',
				default: '',
				in: 'query',
				required: true,
				placeholder: 'e.g. is:issue is:open label:bug',
				description:
					'GitHub search query: keywords plus qualifiers such as is:issue, is:pr, is:open, label:, author:, assignee:, repo:owner/name, org:',
			},
			{
				displayName: 'Sort By',
				name: 'sort', type: 'options', in: 'query', optional: true, default: 'created',
				description: 'What to sort by. Default: best match.',
				options: [
					{ name: 'Comments', value: 'comments' },
					{ name: 'Created', value: 'created' },
					{ name: 'Interactions', value: 'interactions' },
					{ name: 'Reactions', value: 'reactions' },
					{ name: 'Updated', value: 'updated' },
				],
			},
			order(),
		],
	},
	{
		resource: 'search',
		operation: 'repositories',
		objectType: 'repository',
		name: 'Search Repositories',
		action: 'Search repositories',
		description:
			'Find repositories with GitHub’s search syntax, e.g. "topic:n8n language:typescript stars:>100" or "org:n8n-io". One item per repository. With "Allowed Repositories" set, only those repositories are searched.',
		method: 'GET',
		path: '/search/repositories',
		handler: searchInScope('repositories'),
		paging: { itemsKey: 'items' },
		fields: [
			query('e.g. topic:n8n language:typescript', 'GitHub search query: keywords plus qualifiers such as language:, topic:, stars:>N, org:, user:, in:name, archived:false'),
			sortBy([
				{ name: 'Forks', value: 'forks' },
				{ name: 'Help Wanted Issues', value: 'help-wanted-issues' },
				{ name: 'Stars', value: 'stars' },
				{ name: 'Updated', value: 'updated' },
			], 'stars'),
			order(),
		],
	},
	{
		resource: 'search',
		operation: 'code',
		objectType: 'codeMatch',
		name: 'Search Code',
		action: 'Search code',
		description:
			'Find files whose content or path matches, with GitHub’s code search syntax, e.g. "useState repo:owner/name path:src language:ts". One item per file (name, path, repository, URL). With "Allowed Repositories" set, only those repositories are searched.',
		method: 'GET',
		path: '/search/code',
		handler: searchInScope('code'),
		paging: { itemsKey: 'items' },
		fields: [
			query('e.g. useState repo:owner/name path:src', 'GitHub code search query: keywords plus qualifiers such as repo:owner/name, org:, path:, language:, extension:, filename:'),
			order(),
		],
	},
	{
		resource: 'search',
		operation: 'commits',
		objectType: 'commit',
		name: 'Search Commits',
		action: 'Search commits',
		description:
			'Find commits on the default branches of repositories with GitHub’s commit search syntax, e.g. "fix login repo:owner/name author:octocat committer-date:>2026-01-01". One item per commit (SHA, message, author, date, repository, URL). With "Allowed Repositories" set, only those repositories are searched.',
		method: 'GET',
		path: '/search/commits',
		handler: searchInScope('commits'),
		paging: { itemsKey: 'items' },
		fields: [
			query('e.g. fix login repo:owner/name', 'GitHub commit search query: keywords of the message plus qualifiers such as repo:owner/name, org:, author:, committer:, author-date:, committer-date:, hash:, merge:false'),
			sortBy([
				{ name: 'Author Date', value: 'author-date' },
				{ name: 'Committer Date', value: 'committer-date' },
			], 'committer-date'),
			order(),
		],
	},
	{
		resource: 'search',
		operation: 'users',
		objectType: 'user',
		name: 'Search Users',
		action: 'Search users',
		description:
			'Find users and organizations with GitHub’s search syntax, e.g. "location:berlin language:go followers:>50" or "type:org". Refused while "Allowed Repositories" (node or credential) is set, because people belong to no repository.',
		method: 'GET',
		path: '/search/users',
		handler: searchUsers,
		paging: { itemsKey: 'items' },
		fields: [
			query('e.g. location:berlin type:user', 'GitHub user search query: keywords plus qualifiers such as type:user, type:org, location:, language:, followers:>N, in:login'),
			sortBy([
				{ name: 'Followers', value: 'followers' },
				{ name: 'Joined', value: 'joined' },
				{ name: 'Repositories', value: 'repositories' },
			], 'followers'),
			order(),
		],
	},
]);

function query(placeholder: string, description: string): RowField {
	return { displayName: 'Query', name: 'query', apiName: 'q', type: 'string', default: '', in: 'query', required: true, placeholder, description };
}

function sortBy(options: Array<{ name: string; value: string }>, fallback: string): RowField {
	return {
		displayName: 'Sort By',
		name: 'sort', type: 'options', in: 'query', optional: true, default: fallback,
		description: 'What to sort by. Default: best match.',
		options,
	};
}

function order(): RowField {
	return {
		displayName: 'Order',
		name: 'order', type: 'options', in: 'query', optional: true, default: 'desc',
		description: 'Sort order (only with Sort By)',
		options: [
			{ name: 'Ascending', value: 'asc' },
			{ name: 'Descending', value: 'desc' },
		],
	};
}
