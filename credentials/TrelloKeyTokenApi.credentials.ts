import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { TRELLO_API_BASE_PROPERTY } from './trelloApiBase';
import { ACCESS_LEVEL_PROPERTY, ALLOWED_BOARDS_PROPERTY, TRUSTED_MEMBERS_ONLY_PROPERTY, TRUSTED_MEMBERS_PROPERTY } from './limitProperties';

export class TrelloKeyTokenApi implements ICredentialType {
	name = 'trelloKeyTokenApi';

	displayName = 'Trello Toolkit Key and Token API';

	icon = { light: 'file:icons/trello.svg', dark: 'file:icons/trello.dark.svg' } as const;

	documentationUrl = 'https://developer.atlassian.com/cloud/trello/guides/rest-api/api-introduction/';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Shown on your Power-Up / integration page in Trello’s admin area',
		},
		{
			// A notice, not a tooltip: the token comes from a page the user has to open.
			displayName:
				'Get the token from <a href="https://trello.com/1/authorize?expiration=never&scope=read,write&response_type=token&name=n8n&key=YOUR_API_KEY" target="_blank">Trello’s authorization page</a>: replace YOUR_API_KEY in its address with the API key above, allow access, then paste the token Trello shows below.',
			name: 'authorizationNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The token Trello shows after you allow access on its authorization page (see the link above)',
		},
		{
			displayName: 'Application Secret',
			name: 'applicationSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'The secret shown beside the API key. Needed by the Trello Toolkit Trigger to verify that webhook deliveries really come from Trello.',
		},
		TRELLO_API_BASE_PROPERTY,
		ALLOWED_BOARDS_PROPERTY,
		TRUSTED_MEMBERS_ONLY_PROPERTY,
		TRUSTED_MEMBERS_PROPERTY,
		ACCESS_LEVEL_PROPERTY,
	];

	// Header form keeps key and token out of URLs, which Trello and proxies may echo back.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization:
					'=OAuth oauth_consumer_key="{{$credentials.apiKey}}", oauth_token="{{$credentials.apiToken}}"',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{($credentials.apiBaseUrl || "https://api.trello.com").replace(/\\/+$/, "")}}',
			url: '/1/members/me',
			qs: { fields: 'username' },
		},
	};
}
