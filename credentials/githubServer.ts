import type { ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

/**
 * What the GitHub credentials and the GitHub transport agree on: the API root, the media type and
 * API version every request names, and how a credential is tested. Imports nothing of the package,
 * so credentials and nodes both build on it.
 */

export const GITHUB_DOT_COM_API = 'https://api.github.com';

/** GitHub's JSON media type and the REST API version every request names. */
export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';
export const GITHUB_API_VERSION = '2022-11-28';

/** Both user-token credentials are tested by reading the authenticated user with the transport's headers. */
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

/** The API root; GitHub Enterprise Server serves it at https://HOST/api/v3. */
export const GITHUB_SERVER_PROPERTY: INodeProperties = {
	displayName: 'GitHub Server',
	name: 'server',
	type: 'string',
	default: GITHUB_DOT_COM_API,
	required: true,
	placeholder: 'https://github.example.com/api/v3',
	description:
		'Leave as https://api.github.com for github.com. For GitHub Enterprise Server use https://YOUR-HOST/api/v3. A plain http(s) address: with a user name, password, "?…" or "#…" every request is refused.',
};

/**
 * Expression for the web (OAuth) root belonging to the API root in `server`:
 * api.github.com → github.com, https://HOST/api/v3 → https://HOST.
 * Kept as an n8n expression because the OAuth URLs are resolved by n8n itself.
 */
const WEB_ROOT_EXPRESSION =
	'(($self["server"] || "' +
	GITHUB_DOT_COM_API +
	'").trim().replace(/\\/+$/, "") === "' +
	GITHUB_DOT_COM_API +
	'" ? "https://github.com" : ($self["server"] || "").trim().replace(/\\/+$/, "").replace(/\\/api\\/v3$/i, ""))';

export const GITHUB_AUTHORIZE_URL_EXPRESSION = `={{ ${WEB_ROOT_EXPRESSION} + "/login/oauth/authorize" }}`;
export const GITHUB_ACCESS_TOKEN_URL_EXPRESSION = `={{ ${WEB_ROOT_EXPRESSION} + "/login/oauth/access_token" }}`;

/** Scopes, by need: code and issues, Actions workflow files, gists, org membership, hooks, notifications, Projects v2. */
export const GITHUB_OAUTH_SCOPES = [
	'repo',
	'workflow',
	'gist',
	'read:org',
	'admin:repo_hook',
	'admin:org_hook',
	'notifications',
	'project',
];

/** The credential's hidden fields n8n keeps the issued token in (declared in GitHubServerAppApi). */
export const INSTALLATION_TOKEN_FIELDS = {
	/** The token; n8n's `expirable` field: empty means "run preAuthentication first". */
	token: 'installationToken',
	/** When the token is to be replaced (ISO 8601): GitHub's expires_at less the renewal margin. */
	renewAt: 'installationTokenRenewAt',
	/** A digest of the settings the token was issued for (server, app, key, installation). */
	issuedFor: 'installationTokenIssuedFor',
} as const;
