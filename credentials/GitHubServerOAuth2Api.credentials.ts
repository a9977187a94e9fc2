import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	GITHUB_ACCESS_TOKEN_URL_EXPRESSION,
	GITHUB_CREDENTIAL_TEST,
	GITHUB_AUTHORIZE_URL_EXPRESSION,
	GITHUB_OAUTH_SCOPES,
	GITHUB_SERVER_PROPERTY,
} from './githubServer';
import { ACCESS_LEVEL_PROPERTY, ALLOWED_REPOSITORIES_PROPERTY, TRUSTED_CONTENT_ONLY_PROPERTY } from './limitProperties';

export class GitHubServerOAuth2Api implements ICredentialType {
	name = 'githubServerOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'GitHub Toolkit OAuth2 API';

	icon = { light: 'file:icons/github.svg', dark: 'file:icons/github.dark.svg' } as const;

	documentationUrl = 'https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps';

	properties: INodeProperties[] = [
		GITHUB_SERVER_PROPERTY,
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: GITHUB_AUTHORIZE_URL_EXPRESSION,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: GITHUB_ACCESS_TOKEN_URL_EXPRESSION,
			required: true,
		},
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: GITHUB_OAUTH_SCOPES.join(' ') },
		{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'hidden', default: '' },
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
		ALLOWED_REPOSITORIES_PROPERTY,
		TRUSTED_CONTENT_ONLY_PROPERTY,
		ACCESS_LEVEL_PROPERTY,
	];

	test: ICredentialTestRequest = GITHUB_CREDENTIAL_TEST;
}
