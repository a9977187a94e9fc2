import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { TRELLO_API_BASE_PROPERTY } from './trelloApiBase';

export class TrelloOAuth10aApi implements ICredentialType {
	name = 'trelloOAuth10aApi';

	extends = ['oAuth1Api'];

	displayName = 'Trello OAuth 1.0a API';

	icon = { light: 'file:icons/trello.svg', dark: 'file:icons/trello.dark.svg' } as const;

	documentationUrl = 'https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/';

	properties: INodeProperties[] = [
		{
			displayName: 'Request Token URL',
			name: 'requestTokenUrl',
			type: 'hidden',
			default: 'https://trello.com/1/OAuthGetRequestToken',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: 'https://trello.com/1/OAuthAuthorizeToken',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: 'https://trello.com/1/OAuthGetAccessToken',
		},
		{ displayName: 'Signature Method', name: 'signatureMethod', type: 'hidden', default: 'HMAC-SHA1' },
		TRELLO_API_BASE_PROPERTY,
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{($credentials.apiBaseUrl || "https://api.trello.com").replace(/\\/+$/, "")}}',
			url: '/1/members/me',
			qs: { fields: 'username' },
		},
	};
}
