import type { ICredentialTestRequest } from 'n8n-workflow';

/** GitHub's JSON media type and the REST API version every request names. */
export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';
export const GITHUB_API_VERSION = '2022-11-28';

/** Both GitHub credentials are tested by reading the authenticated user with the transport's headers. */
export const GITHUB_CREDENTIAL_TEST: ICredentialTestRequest = {
	request: {
		baseURL: '={{$credentials.server.replace(/\\/+$/, "")}}',
		url: '/user',
		headers: {
			Accept: GITHUB_MEDIA_TYPE,
			'X-GitHub-Api-Version': GITHUB_API_VERSION,
		},
	},
};
