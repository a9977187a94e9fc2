import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { GITHUB_API_VERSION, GITHUB_MEDIA_TYPE, GITHUB_SERVER_PROPERTY, INSTALLATION_TOKEN_FIELDS } from './githubServer';
import { ACCESS_LEVEL_PROPERTY, ALLOWED_REPOSITORIES_PROPERTY, TRUSTED_CONTENT_ONLY_PROPERTY } from './limitProperties';

/**
 * n8n requires every credential class at start; the signing code (githubApp.ts and what it
 * imports) is required when an App credential is first used, so a start loads none of it.
 */
export class GitHubServerAppApi implements ICredentialType {
	name = 'githubServerAppApi';

	displayName = 'GitHub Toolkit App API';

	icon = { light: 'file:icons/github.svg', dark: 'file:icons/github.dark.svg' } as const;

	documentationUrl =
		'https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/authenticating-as-a-github-app-installation';

	properties: INodeProperties[] = [
		GITHUB_SERVER_PROPERTY,
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 123456',
			description: 'The app\'s numeric App ID (or its client ID, Iv…), shown under "About" in the app\'s settings',
		},
		{
			displayName: 'Private Key',
			name: 'privateKey',
			type: 'string',
			typeOptions: { password: true, rows: 5 },
			default: '',
			required: true,
			placeholder: '-----BEGIN RSA PRIVATE KEY-----',
			description:
				'The whole .pem file generated under "Private keys" in the app\'s settings. It signs a short-lived sign-in token and never leaves n8n.',
		},
		{
			displayName: 'Installation',
			name: 'installationSelection',
			type: 'options',
			default: 'id',
			options: [
				{ name: 'By ID', value: 'id', description: 'The number in the installation\'s settings address' },
				{
					name: 'Find by Owner',
					value: 'owner',
					description: 'The installation on an organization, a user or one repository, looked up by the app',
				},
			],
		},
		{
			displayName: 'Installation ID',
			name: 'installationId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 12345678',
			description: 'Ends the installation\'s settings address: …/settings/installations/12345678',
			displayOptions: { show: { installationSelection: ['id'] } },
		},
		{
			displayName: 'Installation Owner',
			name: 'installationOwner',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. octo-org or octo-org/hello-world',
			description:
				'The organization or user the app is installed on, or owner/repository when the installation covers chosen repositories',
			displayOptions: { show: { installationSelection: ['owner'] } },
		},
		ALLOWED_REPOSITORIES_PROPERTY,
		TRUSTED_CONTENT_ONLY_PROPERTY,
		ACCESS_LEVEL_PROPERTY,
		// Filled by n8n from preAuthentication; `expirable` makes n8n run it when the token is empty or refused (401).
		{
			displayName: 'Installation Token',
			name: INSTALLATION_TOKEN_FIELDS.token,
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Installation Token Renew At',
			name: INSTALLATION_TOKEN_FIELDS.renewAt,
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Installation Token Issued For',
			name: INSTALLATION_TOKEN_FIELDS.issuedFor,
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
	];

	/** Exchanges a JWT signed with the private key for an installation token, through n8n's HTTP helper. */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<IDataObject> {
		const { issueInstallationToken } = await import('./githubApp');
		return await issueInstallationToken.call(this, credentials);
	}

	/** Adds the stored installation token; one about to expire or issued for other settings is renewed first. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const { authenticateAsInstallation } = await import('./githubApp');
		return await authenticateAsInstallation(credentials, requestOptions);
	}

	/** An installation token cannot read /user; listing the installation's repositories proves key, app and installation. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.server.replace(/\\/+$/, "")}}',
			url: '/installation/repositories',
			qs: { per_page: 1 },
			headers: {
				Accept: GITHUB_MEDIA_TYPE,
				'X-GitHub-Api-Version': GITHUB_API_VERSION,
			},
		},
	};
}
