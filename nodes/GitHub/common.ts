import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { GITHUB_CREDENTIAL_TYPES } from './transport';

export const GITHUB_AUTHENTICATION_PROPERTY: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
		{ name: 'GitHub App', value: 'githubApp' },
	],
	default: 'accessToken',
};

export const GITHUB_CREDENTIALS: INodeCredentialDescription[] = [
	{
		name: GITHUB_CREDENTIAL_TYPES.accessToken,
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: GITHUB_CREDENTIAL_TYPES.oAuth2,
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
	{
		name: GITHUB_CREDENTIAL_TYPES.githubApp,
		required: true,
		displayOptions: { show: { authentication: ['githubApp'] } },
	},
];
