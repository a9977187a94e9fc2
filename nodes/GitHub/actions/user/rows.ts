import { gitHubRowTable } from '../types';

export const userRows = gitHubRowTable([
	{
		resource: 'user',
		operation: 'get',
		objectType: 'user',
		name: 'Get',
		action: 'Get a user',
		description: 'Get the public profile of a GitHub user or organization: name, company, location, bio, followers and public repository count.',
		method: 'GET',
		path: '/users/{username}',
		fields: [
			{ displayName: 'Username', name: 'username', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. octocat', description: 'GitHub login of the user' },
		],
	},
	{
		resource: 'user',
		operation: 'getAuthenticated',
		objectType: 'user',
		name: 'Get Connected Account',
		action: 'Get the connected account',
		description: 'Get the profile of the account the credential signs in as (login, name, email when visible, plan).',
		method: 'GET',
		path: '/user',
		fields: [],
	},
]);
