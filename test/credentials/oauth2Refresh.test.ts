import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

const EXPIRED = 'ghu_expiredUserToServerToken0123456789';
const RENEWED = 'ghu_renewedUserToServerToken0123456789';
const REFRESH = 'ghr_refreshTokenValue0123456789abcdefghij';
const RENEWED_REFRESH = 'ghr_renewedRefreshToken0123456789abcdefg';

const oauthCredential: ICredentialDataDecryptedObject = {
	server: 'https://api.github.com',
	clientId: 'Iv1.client',
	clientSecret: 'client-secret-value',
	accessTokenUrl: 'https://github.com/login/oauth/access_token',
	authUrl: 'https://github.com/login/oauth/authorize',
	scope: '',
	grantType: 'authorizationCode',
	authentication: 'header',
	oauthTokenData: { access_token: EXPIRED, refresh_token: REFRESH, token_type: 'bearer' },
};

/** Records what n8n would store after a refresh. */
class RecordingCredentialsHelper extends HarnessCredentialsHelper {
	readonly stored: IDataObject[] = [];

	// n8n passes (node credentials, type, credential data, additional data).
	async updateCredentialsOauthTokenData(...args: unknown[]): Promise<void> {
		this.stored.push((args[2] as ICredentialDataDecryptedObject).oauthTokenData as IDataObject);
	}
}

function apiCall(endpoint: string) {
	return singleNodeWorkflow(
		packageNode('Call', 'githubApiCall', { authentication: 'oAuth2', method: 'GET', endpoint }, { githubServerOAuth2Api: 'oauth-cred' }),
	);
}

describe('GitHub OAuth2: an expired user-to-server token is refreshed by n8n', () => {
	beforeEach(() => resetGitHubRateLimitState());

	function refreshEndpoint() {
		const bodies: string[] = [];
		const scope = nock('https://github.com')
			.post('/login/oauth/access_token', (body) => {
				bodies.push(typeof body === 'string' ? body : new URLSearchParams(body as Record<string, string>).toString());
				return true;
			})
			.reply(200, { access_token: RENEWED, refresh_token: RENEWED_REFRESH, token_type: 'bearer', expires_in: 28800 });
		return { scope, bodies };
	}

	it('a 401 makes n8n refresh the token, the request is sent again with the new one, and n8n stores it', async () => {
		const helper = new RecordingCredentialsHelper({ githubServerOAuth2Api: oauthCredential });
		const api = nock('https://api.github.com')
			.get('/repos/octo/hello')
			.matchHeader('authorization', `Bearer ${EXPIRED}`)
			.reply(401, { message: 'Bad credentials' })
			.get('/repos/octo/hello')
			.matchHeader('authorization', `Bearer ${RENEWED}`)
			.reply(200, { full_name: 'octo/hello' });
		const refresh = refreshEndpoint();

		const run = await runWorkflow(apiCall('/repos/octo/hello'), { credentialsHelper: helper });

		expect(run.json('Call')).toEqual([{ full_name: 'octo/hello' }]);
		expect(api.isDone()).toBe(true);
		expect(refresh.bodies).toHaveLength(1);
		expect(new URLSearchParams(refresh.bodies[0]).get('grant_type')).toBe('refresh_token');
		expect(new URLSearchParams(refresh.bodies[0]).get('refresh_token')).toBe(REFRESH);
		expect(helper.stored).toHaveLength(1);
		expect(helper.stored[0]).toMatchObject({ access_token: RENEWED, refresh_token: RENEWED_REFRESH });
	});

	it('when GitHub refuses the renewed token too, the node fails with GitHub\'s 401 and the reconnect hint, no token shown', async () => {
		const helper = new RecordingCredentialsHelper({ githubServerOAuth2Api: oauthCredential });
		nock('https://api.github.com').get('/repos/octo/hello').times(2).reply(401, { message: 'Bad credentials' });
		refreshEndpoint();

		const run = await runWorkflow(apiCall('/repos/octo/hello'), { credentialsHelper: helper });

		expect(run.error('Call')?.message).toBe(
			'GitHub answered 401: Bad credentials - The token was refused: reconnect or replace the credential.',
		);
		const everything = JSON.stringify(run.run);
		for (const secret of [EXPIRED, RENEWED, REFRESH, RENEWED_REFRESH]) expect(everything).not.toContain(secret);
	});

	it('other failures are still answers: a 404 is mapped without any refresh', async () => {
		const helper = new RecordingCredentialsHelper({ githubServerOAuth2Api: oauthCredential });
		nock('https://api.github.com').get('/repos/octo/missing').reply(404, { message: 'Not Found' });

		const run = await runWorkflow(apiCall('/repos/octo/missing'), { credentialsHelper: helper });

		expect(run.error('Call')?.message).toBe(
			'GitHub answered 404: Not Found - Not found or not visible to this token: check owner, repository and the token’s access.',
		);
		expect(helper.stored).toEqual([]);
	});

	it('an OAuth app token without a refresh token (they do not expire) reports the 401 as it is', async () => {
		const helper = new RecordingCredentialsHelper({
			githubServerOAuth2Api: { ...oauthCredential, oauthTokenData: { access_token: EXPIRED, token_type: 'bearer' } },
		});
		const api = nock('https://api.github.com').get('/repos/octo/hello').once().reply(401, { message: 'Bad credentials' });

		const run = await runWorkflow(apiCall('/repos/octo/hello'), { credentialsHelper: helper });

		expect(run.error('Call')?.message).toBe(
			'GitHub answered 401: Bad credentials - The token was refused: reconnect or replace the credential.',
		);
		expect(api.isDone()).toBe(true);
		expect(helper.stored).toEqual([]);
	});

	it('an access-token credential is not retried on 401 (nothing to refresh)', async () => {
		const api = nock('https://api.github.com').get('/user').once().reply(401, { message: 'Bad credentials' });
		const run = await runWorkflow(
			singleNodeWorkflow(packageNode('Call', 'githubApiCall', { method: 'GET', endpoint: '/user' }, { githubAccessTokenApi: 't' })),
			{ credentials: { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: 'ghp_someToken0123456789abcdefgh' } } },
		);
		expect(run.error('Call')?.message).toBe(
			'GitHub answered 401: Bad credentials - The token was refused: reconnect or replace the credential.',
		);
		expect(api.isDone()).toBe(true);
	});
});
