import { generateKeyPairSync, verify } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';
import nock from 'nock';

import { GitHubServerAppApi } from '../../credentials/GitHubServerAppApi.credentials';
import { resetGitHubAppTokens, TOKEN_RENEWAL_MARGIN_MS } from '../../credentials/githubApp';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FakeClock } from '../transport/fakeClock';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const KEY_BODY_LINE = PEM.split('\n')[1];
const INSTALLATION_TOKEN = 'ghs_installationTokenValue0123456789abcd';
const SECOND_TOKEN = 'ghs_secondInstallationToken0123456789abc';

function appCredentials(extra: ICredentialDataDecryptedObject = {}): { githubServerAppApi: ICredentialDataDecryptedObject } {
	return {
		githubServerAppApi: {
			server: 'https://api.github.com',
			appId: '123456',
			privateKey: PEM,
			installationSelection: 'id',
			installationId: '42',
			...extra,
		},
	};
}

function apiCall(parameters: IDataObject) {
	return singleNodeWorkflow(
		packageNode('Call', 'githubApiCall', { authentication: 'githubApp', ...parameters }, { githubServerAppApi: 'app-cred' }),
	);
}

interface JwtClaims {
	iat: number;
	exp: number;
	iss: number | string;
}

/** Checks the JWT's RS256 signature with the app's public key and returns its claims. */
function verifiedClaims(authorization: string | undefined): JwtClaims {
	const jwt = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
	if (!jwt) throw new Error(`no bearer JWT in ${String(authorization)}`);
	const [header, payload, signature] = jwt.split('.');
	expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
	expect(verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
	return JSON.parse(Buffer.from(payload, 'base64url').toString()) as JwtClaims;
}

describe('GitHub App credential', () => {
	let clock: FakeClock;
	const nowSeconds = () => Math.floor(clock.now() / 1000);

	beforeEach(() => {
		clock = new FakeClock().install();
		resetGitHubAppTokens();
		resetGitHubRateLimitState();
	});

	afterEach(() => FakeClock.uninstall());

	function tokenExchange(installation: number, token: string, lifetimeMs = 3_600_000) {
		const claims: JwtClaims[] = [];
		const scope = nock('https://api.github.com', {
			reqheaders: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
		})
			.post(`/app/installations/${installation}/access_tokens`)
			.reply(function () {
				claims.push(verifiedClaims(this.req.headers.authorization as string));
				return [201, { token, expires_at: new Date(clock.now() + lifetimeMs).toISOString(), permissions: { issues: 'write' } }];
			});
		return { scope, claims };
	}

	it('signs a JWT (RS256, iat a minute back, exp within ten minutes), exchanges it in preAuthentication, stores the token in the credential and sends it', async () => {
		const exchange = tokenExchange(42, INSTALLATION_TOKEN);
		const api = nock('https://api.github.com', { reqheaders: { authorization: `Bearer ${INSTALLATION_TOKEN}` } })
			.get('/repos/octo/hello/issues/1')
			.reply(200, { number: 1, title: 'Bug' });
		const stored = appCredentials();
		const helper = new HarnessCredentialsHelper(stored);

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello/issues/1' }), { credentialsHelper: helper });

		expect(run.json('Call')).toEqual([{ number: 1, title: 'Bug' }]);
		expect(exchange.claims).toEqual([{ iat: nowSeconds() - 60, exp: nowSeconds() + 540, iss: 123456 }]);
		expect(exchange.scope.isDone()).toBe(true);
		expect(api.isDone()).toBe(true);
		expect(helper.preAuthenticationRuns).toEqual([{ typeName: 'githubServerAppApi', credentialsExpired: false }]);
		expect(stored.githubServerAppApi).toEqual({
			...appCredentials().githubServerAppApi,
			installationToken: INSTALLATION_TOKEN,
			installationTokenRenewAt: new Date(clock.now() + 3_600_000 - TOKEN_RENEWAL_MARGIN_MS).toISOString(),
			installationTokenIssuedFor: expect.stringMatching(/^[0-9a-f]{64}$/),
		});
	});

	it('keeps the stored token for later runs until five minutes before it expires, then has n8n issue a new one before sending', async () => {
		const first = tokenExchange(42, INSTALLATION_TOKEN);
		const seen: string[] = [];
		const api = nock('https://api.github.com')
			.get('/rate_limit')
			.times(3)
			.reply(function () {
				seen.push(String(this.req.headers.authorization));
				return [200, {}];
			});
		const call = apiCall({ method: 'GET', endpoint: '/rate_limit' });
		const stored = appCredentials();
		const helper = new HarnessCredentialsHelper(stored);

		await runWorkflow(call, { credentialsHelper: helper });
		clock.current += 3_600_000 - TOKEN_RENEWAL_MARGIN_MS - 1000;
		await runWorkflow(call, { credentialsHelper: helper });
		expect(first.scope.isDone()).toBe(true);

		clock.current += 2000;
		const second = tokenExchange(42, SECOND_TOKEN);
		const runThree = await runWorkflow(call, { credentialsHelper: helper });

		expect(runThree.json('Call')).toEqual([{}]);
		// The expiring token never reached GitHub again: n8n renewed it when authenticate asked.
		expect(seen).toEqual([`Bearer ${INSTALLATION_TOKEN}`, `Bearer ${INSTALLATION_TOKEN}`, `Bearer ${SECOND_TOKEN}`]);
		expect(helper.preAuthenticationRuns.map((run) => run.credentialsExpired)).toEqual([false, true]);
		expect(first.claims).toHaveLength(1);
		expect(second.claims).toHaveLength(1);
		expect(stored.githubServerAppApi.installationToken).toBe(SECOND_TOKEN);
		expect(api.isDone()).toBe(true);
	});

	it('uses a token issued with less than ten minutes to live for half of its life, so a new token is never renewed at once', async () => {
		tokenExchange(42, INSTALLATION_TOKEN, 4 * 60_000);
		const seen: string[] = [];
		nock('https://api.github.com')
			.get('/rate_limit')
			.times(3)
			.reply(function () {
				seen.push(String(this.req.headers.authorization));
				return [200, {}];
			});
		const call = apiCall({ method: 'GET', endpoint: '/rate_limit' });
		const stored = appCredentials();
		const helper = new HarnessCredentialsHelper(stored);

		await runWorkflow(call, { credentialsHelper: helper });
		clock.current += 2 * 60_000 - 1000;
		await runWorkflow(call, { credentialsHelper: helper });
		clock.current += 1000;
		tokenExchange(42, SECOND_TOKEN);
		await runWorkflow(call, { credentialsHelper: helper });

		expect(seen).toEqual([`Bearer ${INSTALLATION_TOKEN}`, `Bearer ${INSTALLATION_TOKEN}`, `Bearer ${SECOND_TOKEN}`]);
		expect(helper.preAuthenticationRuns.map((run) => run.credentialsExpired)).toEqual([false, true]);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('never sends a stored token issued for other settings: a token from github.com is replaced, not sent, once the server is Enterprise Server', async () => {
		tokenExchange(42, INSTALLATION_TOKEN);
		nock('https://api.github.com').get('/rate_limit').reply(200, {});
		const stored = appCredentials();
		await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), { credentialsHelper: new HarnessCredentialsHelper(stored) });
		expect(stored.githubServerAppApi.installationToken).toBe(INSTALLATION_TOKEN);

		const seen: string[] = [];
		nock('https://ghe.example.com')
			.post('/api/v3/app/installations/42/access_tokens')
			.reply(201, { token: SECOND_TOKEN, expires_at: new Date(clock.now() + 3_600_000).toISOString() })
			.get('/api/v3/rate_limit')
			.reply(function () {
				seen.push(String(this.req.headers.authorization));
				return [200, {}];
			});
		stored.githubServerAppApi.server = 'https://ghe.example.com/api/v3';
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), { credentialsHelper: new HarnessCredentialsHelper(stored) });

		expect(run.json('Call')).toEqual([{}]);
		expect(seen).toEqual([`Bearer ${SECOND_TOKEN}`]);
		expect(stored.githubServerAppApi.installationToken).toBe(SECOND_TOKEN);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it.each([
		['an organization', 'octo-org', [['/orgs/octo-org/installation', 200]]],
		[
			'a user (the organization lookup answers 404)',
			'mona',
			[
				['/orgs/mona/installation', 404],
				['/users/mona/installation', 200],
			],
		],
		['one repository', 'octo-org/hello', [['/repos/octo-org/hello/installation', 200]]],
	] as Array<[string, string, Array<[string, number]>]>)(
		'finds the installation on %s from the owner',
		async (_what, owner, lookups) => {
			const lookupClaims: JwtClaims[] = [];
			const github = nock('https://api.github.com');
			for (const [path, status] of lookups) {
				github.get(path).reply(function () {
					lookupClaims.push(verifiedClaims(this.req.headers.authorization as string));
					return status === 200 ? [200, { id: 77, account: { login: owner } }] : [404, { message: 'Not Found' }];
				});
			}
			const exchange = tokenExchange(77, INSTALLATION_TOKEN);
			nock('https://api.github.com', { reqheaders: { authorization: `Bearer ${INSTALLATION_TOKEN}` } })
				.get('/installation/repositories')
				.reply(200, { total_count: 0, repositories: [] });

			const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/installation/repositories' }), {
				credentials: appCredentials({ installationSelection: 'owner', installationOwner: owner, installationId: '' }),
			});

			expect(run.json('Call')).toEqual([{ total_count: 0, repositories: [] }]);
			expect(lookupClaims).toHaveLength(lookups.length);
			expect(exchange.scope.isDone()).toBe(true);
		},
	);

	it('talks to Enterprise Server at its API root', async () => {
		const claims: JwtClaims[] = [];
		nock('https://ghe.example.com')
			.post('/api/v3/app/installations/42/access_tokens')
			.reply(function () {
				claims.push(verifiedClaims(this.req.headers.authorization as string));
				return [201, { token: INSTALLATION_TOKEN, expires_at: new Date(clock.now() + 3_600_000).toISOString() }];
			})
			.get('/api/v3/repos/octo/hello')
			.matchHeader('authorization', `Bearer ${INSTALLATION_TOKEN}`)
			.reply(200, { full_name: 'octo/hello' });

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello' }), {
			credentials: appCredentials({ server: 'https://ghe.example.com/api/v3/' }),
		});

		expect(run.json('Call')).toEqual([{ full_name: 'octo/hello' }]);
		expect(claims).toHaveLength(1);
	});

	it.each([
		['a damaged key', PEM.replace(KEY_BODY_LINE, 'not-base64-at-all'), 'is not a readable PEM private key'],
		['an empty key', '', 'is empty'],
		['a key of another kind', generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'holds a key of type EC; GitHub Apps sign with RSA keys'],
	])('refuses %s with an error naming "Private Key", sending nothing and showing no key', async (_what, key, problem) => {
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), {
			credentials: appCredentials({ privateKey: key }),
		});
		const error = run.error('Call');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`The credential field "Private Key" ${problem}`);
		expect(error?.description).toContain('.pem');
		const everything = JSON.stringify(run.run);
		expect(everything).not.toContain('PRIVATE KEY-----');
		if (key) expect(everything).not.toContain(key.split('\n')[2]);
	});

	it('accepts a key pasted with its line breaks written as \\n', async () => {
		const exchange = tokenExchange(42, INSTALLATION_TOKEN);
		nock('https://api.github.com').get('/rate_limit').reply(200, {});
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), {
			credentials: appCredentials({ privateKey: PEM.trim().split('\n').join('\\n') }),
		});
		expect(run.json('Call')).toEqual([{}]);
		expect(exchange.claims).toHaveLength(1);
	});

	it('reports a refused exchange with GitHub\'s words and the fields to check, never the JWT', async () => {
		let sentJwt = '';
		nock('https://api.github.com')
			.post('/app/installations/42/access_tokens')
			.reply(function () {
				sentJwt = String(this.req.headers.authorization).slice('Bearer '.length);
				return [401, { message: `A JSON web token could not be decoded: ${sentJwt}` }];
			});

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), { credentials: appCredentials() });

		const error = run.error('Call');
		expect(sentJwt).toMatch(/^eyJ/);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(
			'GitHub refused an installation token for installation 42 (401: A JSON web token could not be decoded: [redacted]) - check "App ID" and "Private Key"',
		);
		expect(error?.description).toContain('"App ID" and "Private Key"');
		expect(JSON.stringify(run.run)).not.toContain(sentJwt);
	});

	it('says when the app is not installed on the owner', async () => {
		nock('https://api.github.com')
			.get('/orgs/nobody/installation')
			.reply(404, { message: 'Not Found' })
			.get('/users/nobody/installation')
			.reply(404, { message: 'Not Found' });
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/rate_limit' }), {
			credentials: appCredentials({ installationSelection: 'owner', installationOwner: 'nobody' }),
		});
		expect(run.error('Call')?.message).toBe('The GitHub App is not installed on nobody');
	});

	it('has n8n replace a token GitHub refuses (revoked) once and send the request again', async () => {
		tokenExchange(42, INSTALLATION_TOKEN);
		nock('https://api.github.com')
			.get('/repos/octo/hello')
			.matchHeader('authorization', `Bearer ${INSTALLATION_TOKEN}`)
			.reply(401, { message: 'Bad credentials' });
		const second = tokenExchange(42, SECOND_TOKEN);
		nock('https://api.github.com')
			.get('/repos/octo/hello')
			.matchHeader('authorization', `Bearer ${SECOND_TOKEN}`)
			.reply(200, { full_name: 'octo/hello' });
		const stored = appCredentials();
		const helper = new HarnessCredentialsHelper(stored);

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello' }), { credentialsHelper: helper });

		expect(run.json('Call')).toEqual([{ full_name: 'octo/hello' }]);
		expect(second.scope.isDone()).toBe(true);
		expect(helper.preAuthenticationRuns.map((entry) => entry.credentialsExpired)).toEqual([false, true]);
		expect(stored.githubServerAppApi.installationToken).toBe(SECOND_TOKEN);
	});

	it('reports a 401 that stays after the new token as GitHub\'s refusal with the app hint', async () => {
		tokenExchange(42, INSTALLATION_TOKEN);
		tokenExchange(42, SECOND_TOKEN);
		const seen: string[] = [];
		nock('https://api.github.com')
			.get('/repos/octo/hello')
			.times(2)
			.reply(function () {
				seen.push(String(this.req.headers.authorization));
				return [401, { message: 'Bad credentials' }];
			});

		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello' }), { credentials: appCredentials() });

		expect(seen).toEqual([`Bearer ${INSTALLATION_TOKEN}`, `Bearer ${SECOND_TOKEN}`]);
		expect(run.error('Call')?.message).toBe(
			"GitHub answered 401: Bad credentials - GitHub refused the app's installation token: check that the app is still installed and the private key not revoked.",
		);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('keeps the installation token out of outputs and errors', async () => {
		tokenExchange(42, INSTALLATION_TOKEN);
		nock('https://api.github.com')
			.get('/repos/octo/hello/issues/1')
			.reply(200, { body: `echo ${INSTALLATION_TOKEN}` })
			.get('/repos/octo/hello/issues/2')
			.reply(422, { message: `Validation failed for ${INSTALLATION_TOKEN}` });

		const helper = new HarnessCredentialsHelper(appCredentials());
		const ok = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello/issues/1' }), { credentialsHelper: helper });
		const failed = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/octo/hello/issues/2' }), { credentialsHelper: helper });

		expect(ok.json('Call')).toEqual([{ body: 'echo [redacted]' }]);
		expect(failed.error('Call')?.message).toBe('GitHub answered 422: Validation failed for [redacted]');
		expect(JSON.stringify([ok.run, failed.run])).not.toContain(INSTALLATION_TOKEN);
	});

	it('applies the credential scope: a repository outside "Allowed Repositories" is refused before anything is sent', async () => {
		const run = await runWorkflow(apiCall({ method: 'GET', endpoint: '/repos/other/secret' }), {
			credentials: appCredentials({ allowedRepositories: 'octo/hello' }),
		});
		expect(run.error('Call')?.message).toContain('other/secret');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('applies "Read Only": a write is refused before a token is even requested', async () => {
		const run = await runWorkflow(apiCall({ method: 'POST', endpoint: '/repos/octo/hello/issues', body: '{"title":"x"}' }), {
			credentials: appCredentials({ accessLevel: 'readOnly' }),
		});
		expect(run.error('Call')?.message).toMatch(/read.only/i);
	});

	it('offers a connection test (n8n runs preAuthentication for it) that lists the installation\'s repositories with the installation token', async () => {
		const credential = new GitHubServerAppApi();
		expect(credential.test.request).toMatchObject({ url: '/installation/repositories', qs: { per_page: 1 } });
		expect(credential.properties.find((property) => property.typeOptions?.expirable)).toMatchObject({
			name: 'installationToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
		});
		const sent: IHttpRequestOptions[] = [];
		const httpRequest = async (options: IHttpRequestOptions) => {
			sent.push(options);
			return {
				statusCode: 201,
				headers: {},
				body: { token: INSTALLATION_TOKEN, expires_at: new Date(clock.now() + 3_600_000).toISOString() },
			};
		};
		const data = appCredentials().githubServerAppApi;

		const issued = await credential.preAuthentication.call({ helpers: { httpRequest } } as unknown as IHttpRequestHelper, data);

		expect(sent).toEqual([
			{
				method: 'POST',
				url: 'https://api.github.com/app/installations/42/access_tokens',
				headers: {
					Accept: 'application/vnd.github+json',
					'X-GitHub-Api-Version': '2022-11-28',
					'User-Agent': 'n8n-nodes-github-trello',
					Authorization: expect.stringMatching(/^Bearer eyJ/),
				},
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
			},
		]);
		verifiedClaims(sent[0].headers?.Authorization as string);
		// Only the token fields: a test of unsaved settings never overwrites the saved ones.
		expect(Object.keys(issued).sort()).toEqual(['installationToken', 'installationTokenIssuedFor', 'installationTokenRenewAt']);
		const options = await credential.authenticate({ ...data, ...(issued as ICredentialDataDecryptedObject) }, {
			url: 'https://api.github.com/installation/repositories',
			headers: { Accept: 'application/vnd.github+json' },
		});
		expect(options.headers).toEqual({
			Accept: 'application/vnd.github+json',
			Authorization: `Bearer ${INSTALLATION_TOKEN}`,
		});
		await expect(credential.authenticate(data, { url: 'https://api.github.com/installation/repositories' })).rejects.toMatchObject({
			response: { status: 401 },
		});
	});
});
