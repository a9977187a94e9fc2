import type { INodeProperties } from 'n8n-workflow';

export const TRELLO_API_ORIGIN = 'https://api.trello.com';

export const TRELLO_API_BASE_PROPERTY: INodeProperties = {
	displayName: 'API Base URL',
	name: 'apiBaseUrl',
	type: 'string',
	default: TRELLO_API_ORIGIN,
	description:
		'Keep the default. Change it only to route requests through a proxy or to a test server. A plain http(s) address: with a user name, password, "?…" or "#…" every request is refused.',
};
