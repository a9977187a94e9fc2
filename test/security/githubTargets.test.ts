import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { credentials } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/**
 * Requests that make a repository somewhere else out of an allowed one - a template copy, a
 * transfer, a fork into an organization - are checked on where the new repository lands.
 * Credential Allowed Repositories = octo/hello, octo-org/*.
 */
beforeEach(() => resetGitHubRateLimitState());

const ALLOWED = 'Allowed repositories: octo/hello, octo-org/*.';

async function apiCall(method: string, endpoint: string, body?: IDataObject, query: Record<string, string> = {}) {
	const node = packageNode(
		'Call',
		'githubApiCall',
		{
			authentication: 'accessToken',
			method,
			endpoint,
			...(body ? { body: JSON.stringify(body) } : {}),
			queryParameters: { parameter: Object.entries(query).map(([name, value]) => ({ name, value })) },
		},
		{ githubAccessTokenApi: 'token-cred' },
	);
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo/hello, octo-org/*', accessLevel: 'readWrite' } };
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
}

const outside = (full: string) => `Refused: the repository "${full}" is outside the credential's scope. ${ALLOWED}`;

describe('GitHub: repositories created from an allowed one land inside the scope', () => {
	it.each([
		['template copy to another owner', '/repos/octo/hello/generate', { owner: 'evil', name: 'x' }, outside('evil/x')],
		['template copy into the account (its login read)', '/repos/octo/hello/generate', { name: 'copy' }, outside('mona/copy')],
		['transfer to another owner', '/repos/octo/hello/transfer', { new_owner: 'evil' }, outside('evil/hello')],
		['transfer with a new name outside', '/repos/octo/hello/transfer', { new_owner: 'octo', new_name: 'other' }, outside('octo/other')],
		['fork into an organization outside', '/repos/octo/hello/forks', { organization: 'evil' }, outside('evil/hello')],
	] as const)('%s: refused, nothing created', async (_name, endpoint, body, message) => {
		const recorder = new GitHubRecorder([{ body: { login: 'mona' } }]);
		const run = await apiCall('POST', endpoint, body);
		expect(run.error('Call')?.message).toBe(message);
		expect(recorder.requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});

	it.each([
		['owner given as a list', '/repos/octo/hello/generate', { owner: ['octo-org'], name: 'x' }, 'owner'],
		['organization given as an object', '/repos/octo/hello/forks', { organization: { login: 'octo-org' } }, 'organization'],
		['new_owner missing', '/repos/octo/hello/transfer', { new_name: 'x' }, 'new_owner'],
	] as const)('%s: refused, nothing sent', async (_name, endpoint, body, field) => {
		const recorder = new GitHubRecorder([{ body: { login: 'mona' } }]);
		const run = await apiCall('POST', endpoint, body as IDataObject);
		expect(run.error('Call')?.message).toMatch(new RegExp(`^Refused: "${field}" `));
		expect(recorder.requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});

	it('the target given in the query and another in the body is refused', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall('POST', '/repos/octo/hello/generate', { owner: 'octo-org', name: 'x' }, { owner: 'evil' });
		expect(run.error('Call')?.message).toBe(
			`Refused: "owner" is given twice with different values ("evil" and "octo-org"), and the service may apply either. ${ALLOWED}`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a template copy, transfer and fork inside the scope are sent as given', async () => {
		const recorder = new GitHubRecorder([
			{ status: 201, body: { full_name: 'octo-org/copy' } },
			{ status: 202, body: { full_name: 'octo-org/hello' } },
			{ status: 202, body: { full_name: 'octo-org/hello' } },
		]);
		expect((await apiCall('POST', '/repos/octo/hello/generate', { owner: 'octo-org', name: 'copy' })).json('Call')).toEqual([{ full_name: 'octo-org/copy' }]);
		expect((await apiCall('POST', '/repos/octo/hello/transfer', { new_owner: 'octo-org' })).json('Call')).toEqual([{ full_name: 'octo-org/hello' }]);
		expect((await apiCall('POST', '/repos/octo/hello/forks', { organization: 'octo-org' })).json('Call')).toEqual([{ full_name: 'octo-org/hello' }]);
		expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/repos/octo/hello/generate', { owner: 'octo-org', name: 'copy' }],
			['POST', '/repos/octo/hello/transfer', { new_owner: 'octo-org' }],
			['POST', '/repos/octo/hello/forks', { organization: 'octo-org' }],
		]);
	});
});
