import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import { RealN8n } from './n8n';

const GITHUB_TOKEN = 'ghp_credentialTestToken0123456789abcd';
const TRELLO = { apiKey: 'cred-test-key-0123456789', apiToken: 'cred-test-token-0123456789abcdef' };

/** What a user sees in the editor: the credentials exist, OAuth URLs resolve, connection tests run. */
describe('credentials in a real n8n editor session', () => {
	const github = new FakeGitHub('/api/v3');
	const trello = new FakeTrello();
	let n8n: RealN8n;
	const rest = async (method: string, path: string, body?: unknown) => await n8n.rest(method, path, body);

	beforeAll(async () => {
		await github.start();
		await trello.start();
		github.tokens.add(GITHUB_TOKEN);
		github.on('GET', '/user', () => ({ body: { login: 'mona' } }));
		trello.accounts.push(TRELLO);
		trello.on('GET', '/1/members/me', () => ({ body: { id: 'm1', username: 'trello-user' } }));
		n8n = await RealN8n.create({ editor: true });
		await n8n.importCredentials([
			{
				id: 'gheOAuth',
				name: 'GHE OAuth2',
				type: 'githubServerOAuth2Api',
				data: { server: 'https://ghe.example.com/api/v3', clientId: 'the-client-id', clientSecret: 'the-client-secret' },
			},
			{ id: 'ghToken', name: 'gh', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
			{ id: 'trKey', name: 'tr', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: trello.baseUrl } },
		]);
		await n8n.start();
		await n8n.signInAsOwner();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
		await trello.stop();
	});

	it('lists all four credential types of the package', async () => {
		const response = await fetch(`${n8n.baseUrl}/types/credentials.json`, { headers: { cookie: n8n.cookie } });
		const types = (await response.json()) as Array<{ name: string }>;
		const names = types.map((t) => t.name);
		for (const name of ['githubAccessTokenApi', 'githubServerOAuth2Api', 'trelloKeyTokenApi', 'trelloOAuth10aApi']) {
			expect(names).toContain(name);
		}
	});

	it('sends the Enterprise Server OAuth2 sign-in to https://HOST/login/oauth/authorize', async () => {
		const { status, json } = await rest('GET', '/oauth2-credential/auth?id=gheOAuth');
		expect(status).toBe(200);
		const url = new URL(String(json.data));
		expect(url.origin + url.pathname).toBe('https://ghe.example.com/login/oauth/authorize');
		expect(url.searchParams.get('client_id')).toBe('the-client-id');
		expect(url.searchParams.get('scope')?.split(' ')).toEqual(
			expect.arrayContaining(['repo', 'workflow', 'gist', 'read:org', 'admin:repo_hook', 'admin:org_hook', 'notifications', 'project']),
		);
	});

	it('runs the GitHub access token connection test against the server in the credential', async () => {
		const good = await rest('POST', '/credentials/test', {
			credentials: { id: 'ghToken', name: 'gh', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
		});
		expect((good.json.data as { status: string }).status).toBe('OK');
		expect(github.requestsTo('GET', '/api/v3/user').at(-1)?.headers.authorization).toBe(`Bearer ${GITHUB_TOKEN}`);

		const bad = await rest('POST', '/credentials/test', {
			credentials: { id: 'ghToken', name: 'gh', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: 'ghp_wrong' } },
		});
		expect((bad.json.data as { status: string }).status).toBe('Error');
	});

	it('runs the Trello key + token connection test', async () => {
		const good = await rest('POST', '/credentials/test', {
			credentials: { id: 'trKey', name: 'tr', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: trello.baseUrl } },
		});
		expect((good.json.data as { status: string }).status).toBe('OK');
		const bad = await rest('POST', '/credentials/test', {
			credentials: { id: 'trKey', name: 'tr', type: 'trelloKeyTokenApi', data: { apiKey: 'x', apiToken: 'y', apiBaseUrl: trello.baseUrl } },
		});
		expect((bad.json.data as { status: string }).status).toBe('Error');
	});
});
