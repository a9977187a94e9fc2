import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from '../harness/workflow';
import type { FixtureBinary } from './fixtures';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

export const TOKEN = 'ghp_actionsTokenValue1234567890abcdefXYZ';
export const OAUTH_TOKEN = 'gho_enterpriseOauthToken1234567890ab';

export const credentials = {
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
		oauthTokenData: { access_token: OAUTH_TOKEN, token_type: 'bearer' },
	},
};

/** Headers every request of the node carries. */
export const BASE_HEADERS = {
	accept: 'application/vnd.github+json',
	'x-github-api-version': '2022-11-28',
	'user-agent': 'n8n-nodes-github-trello',
	authorization: `Bearer ${TOKEN}`,
};

/** Tests compare raw API objects unless they ask for Simplify (see test/simplify). */
export function githubNode(name: string, parameters: IDataObject) {
	return packageNode(name, 'gitHub', { simplify: false, ...parameters }, {
		githubAccessTokenApi: 'token-cred',
		githubServerOAuth2Api: 'oauth-cred',
	});
}

export function githubWorkflow(parameters: IDataObject, input: IDataObject[] = [{}], inputBinary?: FixtureBinary[]): WorkflowJson {
	return singleNodeWorkflow(githubNode('GitHub', parameters), input, inputBinary);
}

export async function runGitHub(parameters: IDataObject, input?: IDataObject[], inputBinary?: FixtureBinary[]) {
	return await runWorkflow(githubWorkflow(parameters, input, inputBinary), { credentials });
}

/** Locator values as the editor stores them. */
export const byName = (value: string) => ({ __rl: true, mode: 'name', value });
export const byList = (value: string) => ({ __rl: true, mode: 'list', value });
export const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const repo = (owner = 'octo', name = 'hello') => ({ owner: byList(owner), repository: byList(name) });
