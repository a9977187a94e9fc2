import type { ICredentialType, IHttpRequestOptions } from 'n8n-workflow';

import { GitHubAccessTokenApi } from '../../credentials/GitHubAccessTokenApi.credentials';
import { GitHubServerOAuth2Api } from '../../credentials/GitHubServerOAuth2Api.credentials';
import { TrelloKeyTokenApi } from '../../credentials/TrelloKeyTokenApi.credentials';
import { TrelloOAuth10aApi } from '../../credentials/TrelloOAuth10aApi.credentials';
import { HarnessCredentialsHelper } from '../harness/credentialsHelper';

/** Evaluates a credential default expression "={{ … }}" with $self, as n8n does for hidden OAuth fields. */
function evaluate(expression: string, self: Record<string, unknown>): unknown {
	const body = /^=\{\{([\s\S]*)\}\}$/.exec(expression)?.[1];
	if (!body) throw new Error(`not an expression: ${expression}`);
	return new Function('$self', `return (${body});`)(self);
}

function property(credential: ICredentialType, name: string) {
	const found = credential.properties.find((p) => p.name === name);
	if (!found) throw new Error(`${credential.name} has no ${name}`);
	return found;
}

describe('GitHub OAuth2 credential', () => {
	const credential = new GitHubServerOAuth2Api();
	const authUrl = property(credential, 'authUrl').default as string;
	const tokenUrl = property(credential, 'accessTokenUrl').default as string;

	it('extends n8n’s OAuth2 credential with a server field defaulting to api.github.com', () => {
		expect(credential.extends).toEqual(['oAuth2Api']);
		expect(property(credential, 'server').default).toBe('https://api.github.com');
	});

	it.each([
		['https://api.github.com', 'https://github.com/login/oauth/authorize', 'https://github.com/login/oauth/access_token'],
		['https://api.github.com/', 'https://github.com/login/oauth/authorize', 'https://github.com/login/oauth/access_token'],
		['https://ghe.example.com/api/v3', 'https://ghe.example.com/login/oauth/authorize', 'https://ghe.example.com/login/oauth/access_token'],
		['https://ghe.example.com/api/v3/', 'https://ghe.example.com/login/oauth/authorize', 'https://ghe.example.com/login/oauth/access_token'],
	])('server %s → authorize %s and token %s', (server, authorize, token) => {
		expect(evaluate(authUrl, { server })).toBe(authorize);
		expect(evaluate(tokenUrl, { server })).toBe(token);
	});

	it('asks for every scope the nodes need', () => {
		expect(String(property(credential, 'scope').default).split(' ').sort()).toEqual(
			['admin:org_hook', 'admin:repo_hook', 'gist', 'notifications', 'project', 'read:org', 'repo', 'workflow'].sort(),
		);
	});

	it('offers a connection test against GET <server>/user', () => {
		expect(credential.test.request.url).toBe('/user');
	});
});

describe('credential authentication as n8n applies it', () => {
	const helper = new HarnessCredentialsHelper({});
	const apply = async (type: string, data: Record<string, unknown>) =>
		await helper.authenticate(data as never, type, { url: '/x', headers: {} } as IHttpRequestOptions);

	it('GitHub access tokens (classic or fine-grained) go out as Authorization: Bearer', async () => {
		for (const token of ['ghp_classic0123456789', 'github_pat_fineGrained0123456789']) {
			const options = await apply('githubAccessTokenApi', { accessToken: token, server: 'https://api.github.com' });
			expect(options.headers).toEqual({ Authorization: `Bearer ${token}` });
		}
	});

	it('Trello key + token go out in the OAuth Authorization header, not the URL', async () => {
		const options = await apply('trelloKeyTokenApi', { apiKey: 'KEY', apiToken: 'TOKEN' });
		expect(options.headers).toEqual({ Authorization: 'OAuth oauth_consumer_key="KEY", oauth_token="TOKEN"' });
		expect(options.qs).toBeUndefined();
	});

	it('OAuth credentials are signed by n8n-core itself (parents reported)', () => {
		expect(helper.getParentTypes('githubServerOAuth2Api')).toEqual(['oAuth2Api']);
		expect(helper.getParentTypes('trelloOAuth10aApi')).toEqual(['oAuth1Api']);
	});
});

describe('Trello credentials', () => {
	it('OAuth 1.0a uses Trello’s three endpoints and HMAC-SHA1', () => {
		const credential = new TrelloOAuth10aApi();
		expect(credential.extends).toEqual(['oAuth1Api']);
		expect(property(credential, 'requestTokenUrl').default).toBe('https://trello.com/1/OAuthGetRequestToken');
		const authorize = new URL(String(evaluate(String(property(credential, 'authUrl').default), { expiration: 'never' })));
		expect(authorize.origin + authorize.pathname).toBe('https://trello.com/1/OAuthAuthorizeToken');
		// Without these Trello would issue a read-only token that expires after 30 days.
		expect(Object.fromEntries(authorize.searchParams)).toEqual({ name: 'n8n', scope: 'read,write', expiration: 'never' });
		expect(evaluate(String(property(credential, 'authUrl').default), { expiration: '1day' })).toContain('expiration=1day');
		expect(property(credential, 'accessTokenUrl').default).toBe('https://trello.com/1/OAuthGetAccessToken');
		expect(property(credential, 'signatureMethod').default).toBe('HMAC-SHA1');
	});

	it('key + token has an optional application secret, stored as a password', () => {
		const secret = property(new TrelloKeyTokenApi(), 'applicationSecret');
		expect(secret.required).toBeFalsy();
		expect(secret.typeOptions?.password).toBe(true);
	});

	it.each([new GitHubAccessTokenApi(), new GitHubServerOAuth2Api(), new TrelloKeyTokenApi(), new TrelloOAuth10aApi()].map((c) => [c.name, c] as const))(
		'%s has a connection test',
		(_name, credential) => {
			expect(credential.test?.request.url).toMatch(/^\/(user|1\/members\/me)$/);
		},
	);
});
