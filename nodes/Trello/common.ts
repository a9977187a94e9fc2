import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { TRELLO_CREDENTIAL_TYPES } from './transport';

export const TRELLO_AUTHENTICATION_PROPERTY: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'API Key and Token', value: 'keyToken' },
		{ name: 'OAuth 1.0a', value: 'oAuth1' },
	],
	default: 'keyToken',
};

export const TRELLO_CREDENTIALS: INodeCredentialDescription[] = [
	{
		name: TRELLO_CREDENTIAL_TYPES.keyToken,
		required: true,
		displayOptions: { show: { authentication: ['keyToken'] } },
	},
	{
		name: TRELLO_CREDENTIAL_TYPES.oAuth1,
		required: true,
		displayOptions: { show: { authentication: ['oAuth1'] } },
	},
];
