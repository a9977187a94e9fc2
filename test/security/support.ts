import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { FakeHttpServer } from '../fakes/server';
import type { WorkflowRun } from '../harness/workflow';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/** Secret values of every credential kind; none of them may reach another host or any output. */
export const SECRETS = {
	githubToken: 'ghp_securitySuiteToken0123456789abcdefABCD',
	oauth2Token: 'gho_securitySuiteOauth0123456789abcdefABCD',
	oauth2ClientSecret: 'oauth2-client-secret-0123456789',
	trelloKey: 'k3y0123456789abcdef0123456789abcd',
	trelloToken: 'ATTAsecuritySuiteToken0123456789abcdef0123456789abcdef012345',
	trelloSecret: 'appSecret0123456789abcdef0123456789abcdef',
	oauth1Token: 'ATTAsecuritySuiteOauth10123456789abcdef0123456789abcdef01234',
	oauth1TokenSecret: 'oauth1-token-secret-0123456789abcdef',
	oauth1ConsumerSecret: 'oauth1-consumer-secret-0123456789abcdef',
};

export const ALL_SECRETS = Object.values(SECRETS);

export type AuthKind = 'githubToken' | 'githubOAuth2' | 'trelloKeyToken' | 'trelloOAuth1';

export const AUTH_KINDS: AuthKind[] = ['githubToken', 'githubOAuth2', 'trelloKeyToken', 'trelloOAuth1'];

export function serviceOf(kind: AuthKind): 'GitHub' | 'Trello' {
	return kind.startsWith('github') ? 'GitHub' : 'Trello';
}

/** Credentials of every kind with their server (GitHub Server / API Base URL) set to `server`. */
export function credentialsFor(server: string): Record<string, ICredentialDataDecryptedObject> {
	return {
		githubAccessTokenApi: { server, accessToken: SECRETS.githubToken },
		githubServerOAuth2Api: {
			server,
			clientId: 'client-id',
			clientSecret: SECRETS.oauth2ClientSecret,
			accessTokenUrl: `${server}/login/oauth/access_token`,
			authUrl: `${server}/login/oauth/authorize`,
			scope: 'repo',
			grantType: 'authorizationCode',
			authentication: 'header',
			oauthTokenData: { access_token: SECRETS.oauth2Token, token_type: 'bearer' },
		},
		trelloKeyTokenApi: {
			apiKey: SECRETS.trelloKey,
			apiToken: SECRETS.trelloToken,
			applicationSecret: SECRETS.trelloSecret,
			apiBaseUrl: server,
		},
		trelloOAuth10aApi: {
			consumerKey: SECRETS.trelloKey,
			consumerSecret: SECRETS.oauth1ConsumerSecret,
			requestTokenUrl: `${server}/1/OAuthGetRequestToken`,
			authUrl: `${server}/1/OAuthAuthorizeToken`,
			accessTokenUrl: `${server}/1/OAuthGetAccessToken`,
			signatureMethod: 'HMAC-SHA1',
			apiBaseUrl: server,
			oauthTokenData: { oauth_token: SECRETS.oauth1Token, oauth_token_secret: SECRETS.oauth1TokenSecret },
		},
	};
}

const NODE_CREDENTIALS = {
	githubAccessTokenApi: 'token-cred',
	githubServerOAuth2Api: 'oauth2-cred',
	trelloKeyTokenApi: 'key-cred',
	trelloOAuth10aApi: 'oauth1-cred',
};

/** The API Call node of the kind's service, set to that authentication. */
export function apiCallNode(kind: AuthKind, parameters: IDataObject) {
	const github = serviceOf(kind) === 'GitHub';
	const authentication = { githubToken: 'accessToken', githubOAuth2: 'oAuth2', trelloKeyToken: 'keyToken', trelloOAuth1: 'oAuth1' }[kind];
	return packageNode('Call', github ? 'githubApiCall' : 'trelloApiCall', { authentication, ...parameters }, NODE_CREDENTIALS);
}

/** Runs one node of this package against credentials pointing at `server`. */
export async function runNode(
	type: string,
	parameters: IDataObject,
	server: string,
	inputItems: IDataObject[] = [{}],
): Promise<WorkflowRun> {
	return await runWorkflow(singleNodeWorkflow(packageNode('Call', type, parameters, NODE_CREDENTIALS), inputItems), {
		credentials: credentialsFor(server),
	});
}

export async function runApiCall(kind: AuthKind, parameters: IDataObject, server: string): Promise<WorkflowRun> {
	return await runWorkflow(singleNodeWorkflow(apiCallNode(kind, parameters)), { credentials: credentialsFor(server) });
}

/** Every secret found anywhere in a value (requests received, outputs, errors). */
export function leakedSecrets(value: unknown): string[] {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return ALL_SECRETS.filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
}

/** Authentication evidence in a received request, whatever the scheme. */
export function carriesCredential(request: { headers: Record<string, string>; rawBody: string; query: Record<string, string> }) {
	return (
		'authorization' in request.headers ||
		leakedSecrets(request).length > 0 ||
		/oauth_/i.test(JSON.stringify(request.query)) ||
		/oauth_/i.test(request.rawBody)
	);
}

/** Starts loopback servers and stops them after the file's tests, also on failure. */
export function loopbackServers(count: number): FakeHttpServer[] {
	const servers = Array.from({ length: count }, () => new FakeHttpServer());
	beforeAll(async () => {
		for (const server of servers) await server.start();
	});
	afterAll(async () => {
		for (const server of servers) await server.stop();
	});
	beforeEach(() => {
		for (const server of servers) {
			server.received.length = 0;
			server.resetArrivals();
			(server as unknown as { routes: unknown[] }).routes = [];
		}
	});
	return servers;
}

/** The path prefix every endpoint of the kind's service starts with. */
export function prefixOf(kind: AuthKind): string {
	return serviceOf(kind) === 'GitHub' ? '/' : '/1/';
}
