import { generateKeyPairSync } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { GitHubTrigger } from '../../nodes/GitHub/GitHubTrigger.node';
import { getOwnerRepositories } from '../../nodes/GitHub/methods/loadOptions';
import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { resetGitHubAppTokens } from '../../credentials/githubApp';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes } from '../harness/nodeTypes';
import { packageNode } from '../harness/workflow';
import { credentialsFor, SECRET, signedDelivery, TOKEN, webhookTrigger } from './helpers';

const API = 'https://api.github.com';
const octo = { __rl: true, mode: 'list', value: 'octo' };

/** n8n-core's option-loading context on a GitHub Toolkit Trigger with these parameters and credentials. */
function context(parameters: IDataObject, credentials: Record<string, ICredentialDataDecryptedObject> = credentialsFor()) {
	const node = packageNode('Trigger', 'gitHubTrigger', { authentication: 'accessToken', triggers: ['newIssue'], ...parameters }, {
		githubAccessTokenApi: 'token-cred',
		githubServerAppApi: 'app-cred',
	});
	const workflow = new Workflow({ id: 'options', nodes: [node], connections: {}, nodeTypes: new HarnessNodeTypes(), active: false, settings: {} });
	const additionalData = {
		credentialsHelper: new HarnessCredentialsHelper(credentials),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.repositories');
}

const repository = (owner: string, name: string, extra: IDataObject = {}) => ({
	name,
	full_name: `${owner}/${name}`,
	owner: { login: owner },
	private: false,
	archived: false,
	description: null,
	...extra,
});

const ACCOUNT_REPOSITORIES = [
	repository('octo', 'site', { private: true, description: 'Company site' }),
	repository('acme', 'hello'),
	repository('Octo', 'hello'),
	repository('octo', 'old-api', { archived: true }),
];

const USER_REPOS_QUERY = { affiliation: 'owner,collaborator,organization_member', sort: 'full_name', per_page: '100' };

describe('GitHub Trigger: the repositories multi-select', () => {
	beforeEach(() => {
		resetGitHubRateLimitState();
		resetGitHubAppTokens();
	});
	afterEach(() => nock.cleanAll());

	it('is a multi-select loaded from the account, reloaded when the owner or the authentication changes', () => {
		const property = new GitHubTrigger().description.properties.find((p) => p.name === 'repositories');
		expect(property).toMatchObject({
			type: 'multiOptions',
			default: [],
			typeOptions: { loadOptionsMethod: 'getOwnerRepositories', loadOptionsDependsOn: ['owner.value', 'authentication'] },
		});
		expect(new GitHubTrigger().methods.loadOptions.getOwnerRepositories).toBe(getOwnerRepositories);
	});

	it("offers the chosen owner's repositories the account reaches (any case), by name, across pages", async () => {
		const scope = nock(API, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
			.get('/user/repos')
			.query(USER_REPOS_QUERY)
			.reply(200, ACCOUNT_REPOSITORIES.slice(0, 2), { link: `<${API}/user/repos?page=2&per_page=100>; rel="next"` })
			.get('/user/repos')
			.query({ page: '2', per_page: '100' })
			.reply(200, ACCOUNT_REPOSITORIES.slice(2));
		const options = await getOwnerRepositories.call(context({ owner: octo }));
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'hello', value: 'hello', description: 'Public' },
			{ name: 'old-api', value: 'old-api', description: 'Public · archived' },
			{ name: 'site', value: 'site', description: 'Private · Company site' },
		]);
	});

	it("leaves out repositories outside the credential's Allowed Repositories", async () => {
		const scoped = { githubAccessTokenApi: { server: API, accessToken: TOKEN, allowedRepositories: 'octo/hello, acme/*' } };
		const scope = nock(API).get('/user/repos').query(USER_REPOS_QUERY).reply(200, ACCOUNT_REPOSITORIES);
		const options = await getOwnerRepositories.call(context({ owner: octo }, scoped));
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([{ name: 'hello', value: 'hello', description: 'Public' }]);
	});

	it('with a GitHub App, offers the repositories the installation reaches, within its Allowed Repositories', async () => {
		const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
		const app = {
			githubServerAppApi: {
				server: API,
				appId: '123456',
				privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
				installationSelection: 'id',
				installationId: '42',
				allowedRepositories: 'octo/site, octo/hello',
			},
		};
		const scope = nock(API)
			.post('/app/installations/42/access_tokens')
			.reply(201, { token: 'ghs_installationTokenForPicker0123456789', expires_at: new Date(Date.now() + 3_600_000).toISOString() })
			.get('/installation/repositories')
			.query({ per_page: '100' })
			.matchHeader('authorization', 'Bearer ghs_installationTokenForPicker0123456789')
			.reply(200, { total_count: 4, repositories: ACCOUNT_REPOSITORIES });
		const options = await getOwnerRepositories.call(context({ authentication: 'githubApp', owner: octo }, app));
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'hello', value: 'hello', description: 'Public' },
			{ name: 'site', value: 'site', description: 'Private · Company site' },
		]);
	});

	it('asks for the owner first, nothing sent', async () => {
		await expect(getOwnerRepositories.call(context({ owner: { __rl: true, mode: 'list', value: '' } }))).rejects.toThrow('Choose the Owner first');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it.each([
		['picked names', ['hello', 'docs']],
		['"owner/name" and URLs of the owner, by expression', '={{ ["octo/hello", "https://github.com/Octo/docs"] }}'],
		['text, as the parameter held before it was a multi-select', 'hello, docs'],
		['text by expression', '={{ "hello" + ", docs" }}'],
	])('registers one hook per repository from %s', async (_kind, repositories) => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories });
		const scope = nock(API).post('/repos/octo/hello/hooks').reply(201, { id: 1 }).post('/repos/octo/docs/hooks').reply(201, { id: 2 });
		await harness.create();
		expect(scope.isDone()).toBe(true);
		expect((harness.staticData.hooks as IDataObject[]).map((hook) => [hook.owner, hook.repository, hook.id])).toEqual([
			['octo', 'hello', 1],
			['octo', 'docs', 2],
		]);
	});

	it("refuses another owner's repository, naming it and the fix, before any hook is made", async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: ['hello', 'acme/api'] });
		await expect(harness.create()).rejects.toThrow('"acme/api" in "Repository Names or IDs" belongs to "acme", not to the Owner "octo"');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('lets through deliveries of the picked repositories only (any case)', async () => {
		forgetDeliveriesInMemory();
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: ['Docs'] });
		harness.staticData.secret = SECRET;
		const opened = (name: string) => ({ action: 'opened', issue: { number: 1 }, repository: { name, full_name: `octo/${name}` } });
		const other = await harness.deliver(signedDelivery('issues', opened('hello')));
		const picked = await harness.deliver(signedDelivery('issues', opened('docs')));
		expect(other.result.workflowData).toBeUndefined();
		expect((picked.result.workflowData?.[0] ?? []).map((item) => item.json)).toEqual([
			expect.objectContaining({ trigger: 'New Issue', event: 'issues', payload: opened('docs') }),
		]);
	});
});
