import { gitHubRowTable } from '../types';

export const rateLimitRows = gitHubRowTable([
	{
		resource: 'rateLimit',
		operation: 'get',
		name: 'Get Status',
		action: 'Get the rate limit status',
		description: 'Get how many API requests the connected account has left in each category (core, search, graphql …) and when each limit resets. Does not count against the limit.',
		method: 'GET',
		path: '/rate_limit',
		spec: [{ kind: 'endpoint', name: 'Rate limit status' }],
		fields: [],
	},
]);
