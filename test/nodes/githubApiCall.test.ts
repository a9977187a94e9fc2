import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

const TOKEN = 'ghp_harnessTokenValue1234567890abcdef';
const credentials = {
	githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN },
	githubServerOAuth2Api: {
		server: 'https://github.example.com/api/v3',
		clientId: 'client-id',
		clientSecret: 'client-secret-value',
		accessTokenUrl: 'https://github.example.com/login/oauth/access_token',
		authUrl: 'https://github.example.com/login/oauth/authorize',
		scope: 'repo',
		grantType: 'authorizationCode',
		authentication: 'header',
		oauthTokenData: { access_token: 'gho_oauthAccessTokenValue123456', token_type: 'bearer' },
	},
};

function apiCall(parameters: IDataObject) {
	return singleNodeWorkflow(
		packageNode('Call', 'githubApiCall', parameters, {
			githubAccessTokenApi: 'token-cred',
			githubServerOAuth2Api: 'oauth-cred',
		}),
	);
}

describe('GitHub API Call node (in-process workflow run)', () => {
	it('sends the access token as Bearer with GitHub media type and API version', async () => {
		const scope = nock('https://api.github.com', {
			reqheaders: {
				authorization: `Bearer ${TOKEN}`,
				accept: 'application/vnd.github+json',
				'x-github-api-version': '2022-11-28',
			},
		})
			.get('/repos/octo/hello/collaborators/mona/permission')
			.reply(200, { permission: 'admin', user: { login: 'mona' } });

		const run = await runWorkflow(
			apiCall({ method: 'GET', endpoint: '/repos/octo/hello/collaborators/mona/permission' }),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ permission: 'admin', user: { login: 'mona' } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends API calls of an Enterprise Server OAuth2 credential to https://HOST/api/v3', async () => {
		const scope = nock('https://github.example.com', {
			reqheaders: { authorization: 'Bearer gho_oauthAccessTokenValue123456' },
		})
			.put('/api/v3/repos/octo/hello/collaborators/mona', { permission: 'push' })
			.reply(201, { id: 7 });

		const run = await runWorkflow(
			apiCall({
				authentication: 'oAuth2',
				method: 'PUT',
				endpoint: '/repos/octo/hello/collaborators/mona',
				body: '{"permission":"push"}',
			}),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ id: 7 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('follows every page when asked and returns one item per element', async () => {
		const scope = nock('https://api.github.com')
			.get('/repos/octo/hello/issues')
			.query({ state: 'all', per_page: '100' })
			.reply(200, [{ number: 1 }, { number: 2 }], {
				link: '<https://api.github.com/repositories/1/issues?state=all&per_page=100&page=2>; rel="next"',
			})
			.get('/repositories/1/issues')
			.query({ state: 'all', per_page: '100', page: '2' })
			.reply(200, [{ number: 3 }]);

		const run = await runWorkflow(
			apiCall({
				method: 'GET',
				endpoint: '/repos/octo/hello/issues',
				queryParameters: { parameter: [{ name: 'state', value: 'all' }] },
				followAllPages: true,
			}),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ number: 1 }, { number: 2 }, { number: 3 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a non-GitHub media type before sending anything', async () => {
		const run = await runWorkflow(
			apiCall({ method: 'GET', endpoint: '/rate_limit', accept: 'text/html' }),
			{ credentials },
		);
		expect(run.error('Call')?.message).toBe('The "Accept" parameter "text/html" is not a GitHub media type');
		expect(run.error('Call')?.description).toContain('application/vnd.github+json');
	});

	it.each([
		['https://evil.example/steal', 'is a full URL'],
		['//evil.example/steal', 'is a full URL'],
		['/repos/../../etc', 'contains "." or ".." segments'],
		['/repos/%2e%2e/x', 'contains "." or ".." segments'],
		['/user\r\nX-Injected: 1', 'line break'],
	])('refuses endpoint %j before sending anything', async (endpoint, message) => {
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint }), { credentials });
		expect(run.error('Call')?.message).toContain(message);
	});

	it('turns a GitHub error into its own message without the token', async () => {
		nock('https://api.github.com')
			.get('/repos/octo/secret')
			.reply(404, { message: `Not Found (token ${TOKEN})`, documentation_url: 'https://docs.github.com/rest' });

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/secret' }), { credentials });
		const error = run.error('Call');
		expect(error?.message).toBe('GitHub answered 404: Not Found (token [redacted]) - Not found or not visible to this token: check owner, repository and the token’s access.');
		// Said once: n8n hands a tool's caller "<message>\n\nDetails: <description>" unless the message holds the description.
		expect(error?.description).toBe('Not found or not visible to this token: check owner, repository and the token’s access.');
		expect(JSON.stringify(run.run)).not.toContain(TOKEN);
	});
});
