import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import { manualWorkflow, PACKAGE, RealN8n, REGEX_LIMIT_LINE } from './n8n';

const GITHUB_TOKEN = 'ghp_e2eAccessToken0123456789abcdefABCD';
const GITHUB_OAUTH_TOKEN = 'gho_e2eOAuthToken0123456789abcdefABCD';
const TRELLO = { apiKey: 'e2e-trello-key-0123456789', apiToken: 'e2e-trello-token-0123456789abcdef' };
const TRELLO_OAUTH = {
	apiKey: 'e2e-consumer-key-0123456789',
	apiToken: 'e2e-oauth-token-0123456789abcdef',
	consumerSecret: 'e2e-consumer-secret-0123',
	tokenSecret: 'e2e-token-secret-0123',
};

describe('foundation in a real n8n: credentials and transport', () => {
	const github = new FakeGitHub('/api/v3');
	const trello = new FakeTrello();
	let n8n: RealN8n;

	beforeAll(async () => {
		await github.start();
		await trello.start();
		github.tokens.add(GITHUB_TOKEN).add(GITHUB_OAUTH_TOKEN);
		trello.accounts.push(TRELLO, TRELLO_OAUTH);
		const issues = Array.from({ length: 250 }, (_, i) => ({ number: i + 1, title: `Issue ${i + 1}` }));
		github.on('GET', '/user', (req) => ({
			body: { login: req.headers.authorization === `Bearer ${GITHUB_TOKEN}` ? 'token-user' : 'oauth-user' },
		}));
		github.on('GET', '/repos/{owner}/{repo}/issues', (req) => github.paged(req, issues));
		trello.on('GET', '/1/members/me', (req) => ({
			body: { id: 'm1', username: trello.account(req)?.apiKey === TRELLO.apiKey ? 'key-user' : 'oauth-user' },
		}));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
			{
				id: 'ghOAuth',
				name: 'GitHub OAuth2',
				type: 'githubServerOAuth2Api',
				data: {
					server: github.apiUrl,
					clientId: 'client-id',
					clientSecret: 'client-secret',
					oauthTokenData: { access_token: GITHUB_OAUTH_TOKEN, token_type: 'bearer', scope: 'repo' },
				},
			},
			{ id: 'trKey', name: 'Trello key', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: trello.baseUrl } },
			{
				id: 'trOAuth',
				name: 'Trello OAuth',
				type: 'trelloOAuth10aApi',
				data: {
					consumerKey: TRELLO_OAUTH.apiKey,
					consumerSecret: TRELLO_OAUTH.consumerSecret,
					apiBaseUrl: trello.baseUrl,
					oauthTokenData: { oauth_token: TRELLO_OAUTH.apiToken, oauth_token_secret: TRELLO_OAUTH.tokenSecret },
				},
			},
		]);
		// Runs and imports go through the REST API of this n8n (test/e2e/n8n.ts): each CLI run would start an n8n of its own.
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
		await trello.stop();
	});

	it("runs n8n with the tests' limit on regular expressions (a loaded machine is not timed)", () => {
		expect(n8n.log).toContain(REGEX_LIMIT_LINE);
	});

	it('GitHub: access token and OAuth2 credentials authenticate through the transport on an Enterprise Server base path, and Link paging is followed', async () => {
		await n8n.importWorkflow(
			manualWorkflow('githubFoundation', [
				{
					name: 'Who (token)',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { authentication: 'accessToken', method: 'GET', endpoint: '/user' },
					credentials: { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } },
				},
				{
					name: 'Who (OAuth2)',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { authentication: 'oAuth2', method: 'GET', endpoint: '/user' },
					credentials: { githubServerOAuth2Api: { id: 'ghOAuth', name: 'GitHub OAuth2' } },
				},
				{
					name: 'All issues',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { authentication: 'accessToken', method: 'GET', endpoint: '/repos/octo/hello/issues', followAllPages: true },
					credentials: { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } },
				},
			]),
		);
		const result = await n8n.execute('githubFoundation');

		expect(result.runData['Who (token)'][0].data!.main[0].map((i) => i.json)).toEqual([{ login: 'token-user' }]);
		expect(result.runData['Who (OAuth2)'][0].data!.main[0].map((i) => i.json)).toEqual([{ login: 'oauth-user' }]);
		const issues = result.runData['All issues'][0].data!.main[0];
		expect(issues).toHaveLength(250);
		expect(issues[249].json).toEqual({ number: 250, title: 'Issue 250' });

		const userCalls = github.requestsTo('GET', '/api/v3/user');
		expect(userCalls.map((r) => r.headers.authorization)).toEqual([`Bearer ${GITHUB_TOKEN}`, `Bearer ${GITHUB_OAUTH_TOKEN}`]);
		for (const call of userCalls) {
			expect(call.headers.accept).toBe('application/vnd.github+json');
			expect(call.headers['x-github-api-version']).toBe('2022-11-28');
		}
		const pages = github.requestsTo('GET', '/api/v3/repos/octo/hello/issues');
		expect(pages.map((r) => r.query)).toEqual([{ per_page: '100' }, { per_page: '100', page: '2' }, { per_page: '100', page: '3' }]);
		expect(JSON.stringify(result.raw)).not.toContain(GITHUB_TOKEN);
	});

	it('Trello: key + token and OAuth 1.0a (HMAC-SHA1 signature checked by the fake) authenticate through the transport', async () => {
		await n8n.importWorkflow(
			manualWorkflow('trelloFoundation', [
				{
					name: 'Me (key)',
					type: `${PACKAGE}.trelloApiCall`,
					parameters: { authentication: 'keyToken', method: 'GET', endpoint: '/1/members/me' },
					credentials: { trelloKeyTokenApi: { id: 'trKey', name: 'Trello key' } },
				},
				{
					name: 'Me (OAuth)',
					type: `${PACKAGE}.trelloApiCall`,
					parameters: {
						authentication: 'oAuth1',
						method: 'GET',
						endpoint: '/1/members/me',
						queryParameters: { parameter: [{ name: 'fields', value: 'username' }] },
					},
					credentials: { trelloOAuth10aApi: { id: 'trOAuth', name: 'Trello OAuth' } },
				},
			]),
		);
		const result = await n8n.execute('trelloFoundation');

		expect(result.runData['Me (key)'][0].data!.main[0].map((i) => i.json)).toEqual([{ id: 'm1', username: 'key-user' }]);
		expect(result.runData['Me (OAuth)'][0].data!.main[0].map((i) => i.json)).toEqual([{ id: 'm1', username: 'oauth-user' }]);
		const calls = trello.requestsTo('GET', '/1/members/me');
		expect(calls).toHaveLength(2);
		expect(calls[0].headers.authorization).toBe(
			`OAuth oauth_consumer_key="${TRELLO.apiKey}", oauth_token="${TRELLO.apiToken}"`,
		);
		expect(calls[1].headers.authorization).toMatch(/oauth_signature_method="HMAC-SHA1"/);
		expect(calls[1].query).toEqual({ fields: 'username' });
		const raw = JSON.stringify(result.raw);
		for (const secret of [TRELLO.apiToken, TRELLO_OAUTH.apiToken, TRELLO_OAUTH.consumerSecret]) expect(raw).not.toContain(secret);
	});
});
