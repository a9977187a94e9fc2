import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { GITHUB_CREDENTIAL_TEST, GITHUB_SERVER_PROPERTY } from './githubServer';
import { ACCESS_LEVEL_PROPERTY, ALLOWED_REPOSITORIES_PROPERTY, TRUSTED_CONTENT_ONLY_PROPERTY } from './limitProperties';

export class GitHubAccessTokenApi implements ICredentialType {
	name = 'githubAccessTokenApi';

	displayName = 'GitHub Toolkit Access Token API';

	icon = { light: 'file:icons/github.svg', dark: 'file:icons/github.dark.svg' } as const;

	documentationUrl =
		'https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens';

	properties: INodeProperties[] = [
		GITHUB_SERVER_PROPERTY,
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A classic personal access token (ghp_…) or a fine-grained token (github_pat_…). Fine-grained tokens can be limited to chosen repositories.',
		},
		ALLOWED_REPOSITORIES_PROPERTY,
		TRUSTED_CONTENT_ONLY_PROPERTY,
		ACCESS_LEVEL_PROPERTY,
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = GITHUB_CREDENTIAL_TEST;
}
