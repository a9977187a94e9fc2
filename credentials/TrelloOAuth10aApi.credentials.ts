import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { TRELLO_API_BASE_PROPERTY } from './trelloApiBase';
import { ACCESS_LEVEL_PROPERTY, ALLOWED_BOARDS_PROPERTY, TRUSTED_MEMBERS_ONLY_PROPERTY, TRUSTED_MEMBERS_PROPERTY } from './limitProperties';

export class TrelloOAuth10aApi implements ICredentialType {
	name = 'trelloOAuth10aApi';

	extends = ['oAuth1Api'];

	displayName = 'Trello Toolkit OAuth 1.0a API';

	icon = { light: 'file:icons/trello.svg', dark: 'file:icons/trello.dark.svg' } as const;

	documentationUrl = 'https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/';

	properties: INodeProperties[] = [
		// Same names as oAuth1Api's fields, so these replace them with directions to Trello's admin page.
		{
			displayName: 'Consumer Key',
			name: 'consumerKey',
			type: 'string',
			default: '',
			required: true,
			description:
				'The API key of your Trello Power-Up: https://trello.com/power-ups/admin → your Power-Up → API key',
		},
		{
			displayName: 'Consumer Secret',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The secret shown beside that API key on the same page. It also verifies the Trello Toolkit Trigger’s webhook deliveries.',
		},
		{
			displayName: 'Request Token URL',
			name: 'requestTokenUrl',
			type: 'hidden',
			default: 'https://trello.com/1/OAuthGetRequestToken',
		},
		{
			displayName: 'Token Expiration',
			name: 'expiration',
			type: 'options',
			options: [
				{ name: 'Never', value: 'never' },
				{ name: '30 Days', value: '30days' },
				{ name: '1 Day', value: '1day' },
				{ name: '1 Hour', value: '1hour' },
			],
			default: 'never',
			description: 'How long the token Trello issues stays valid',
		},
		{
			// Trello grants read-only, 30-day tokens unless asked otherwise; n8n keeps these
			// parameters and adds oauth_token when it sends the user here.
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default:
				'={{"https://trello.com/1/OAuthAuthorizeToken?name=n8n&scope=read,write&expiration=" + ($self["expiration"] || "never")}}',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: 'https://trello.com/1/OAuthGetAccessToken',
		},
		{ displayName: 'Signature Method', name: 'signatureMethod', type: 'hidden', default: 'HMAC-SHA1' },
		TRELLO_API_BASE_PROPERTY,
		ALLOWED_BOARDS_PROPERTY,
		TRUSTED_MEMBERS_ONLY_PROPERTY,
		TRUSTED_MEMBERS_PROPERTY,
		ACCESS_LEVEL_PROPERTY,
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{($credentials.apiBaseUrl || "https://api.trello.com").replace(/\\/+$/, "")}}',
			url: '/1/members/me',
			qs: { fields: 'username' },
		},
	};
}
