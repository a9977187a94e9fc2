import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { byList, byName, credentials, githubNode, repo } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

beforeEach(() => resetGitHubRateLimitState());

const ALLOWED = 'Allowed repositories: acme-org/api-server, widgets-inc/*.';

function scoped(extra: IDataObject = {}) {
	return {
		...credentials,
		githubAccessTokenApi: {
			...credentials.githubAccessTokenApi,
			allowedRepositories: 'acme-org/api-server, https://github.com/widgets-inc/*',
			accessLevel: 'readWrite',
			...extra,
		},
	};
}

type Credentials = Record<string, IDataObject>;

async function apiCall(parameters: IDataObject, creds: Credentials = scoped()) {
	const node = packageNode('Call', 'githubApiCall', { authentication: 'accessToken', ...parameters }, {
		githubAccessTokenApi: 'token-cred',
	});
	return await runWorkflow(singleNodeWorkflow(node), { credentials: creds as never });
}

async function github(parameters: IDataObject, creds: Credentials = scoped()) {
	return await runWorkflow(singleNodeWorkflow(githubNode('GitHub', parameters)), { credentials: creds as never });
}

describe('credential scope: GitHub API Call', () => {
	it.each([
		['POST', '/repos/evil/x/issues', 'Refused: the repository "evil/x" is outside the credential\'s scope. ' + ALLOWED],
		['GET', '/repos/acme-org/other', 'Refused: the repository "acme-org/other" is outside the credential\'s scope. ' + ALLOWED],
		// Dot segments are resolved as the URL parser will: this is GET /repos/evil/x.
		['GET', '/repos/acme-org/api-server/../../evil/x', 'The endpoint'],
	])('%s %j is refused before anything is sent', async (method, endpoint, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method, endpoint, body: '{"title":"x"}' });
		const error = run.error('Call');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message.startsWith(message)).toBe(true);
		expect(recorder.requests).toEqual([]);
	});

	it.each([
		['DELETE', '/user/keys/1'],
		['GET', '/repositories/1296269'],
	])('%s %s cannot be verified inside the scope → refused, naming the allowed repositories', async (method, endpoint) => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method, endpoint, body: '{"query":"{ viewer { login } }"}' });
		expect(run.error('Call')?.message).toMatch(/^Refused: .* cannot be checked against the credential's repository scope\. Allowed repositories: acme-org\/api-server, widgets-inc\/\*\./);
		expect(recorder.requests).toEqual([]);
	});

	it('POST /graphql in REST mode gets the same GraphQL check as the GraphQL mode', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { viewer: { login: 'me' } } } }]);
		const refused = await apiCall({ method: 'POST', endpoint: '/graphql', body: '{"query":"{ node(id: \\"R_1\\") { id } }"}' });
		expect(refused.error('Call')?.message).toMatch(/^Refused: the GraphQL query starts at "node" .* Allowed repositories: acme-org\/api-server, widgets-inc\/\*\./);
		const viewer = await apiCall({ method: 'POST', endpoint: '/graphql', body: '{"query":"{ viewer { login } }"}' });
		expect(viewer.json('Call')).toEqual([{ data: { viewer: { login: 'me' } } }]);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /graphql']);
	});

	it('an allowed repository (any case) and owner/* are sent; account-level reads pass', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 1 } }, { body: { id: 2 } }, { body: { login: 'me' } }, { body: { resources: {} } }]);
		for (const endpoint of ['/repos/ACME-ORG/Api-Server', '/repos/widgets-inc/anything', '/user', '/rate_limit']) {
			const run = await apiCall({ method: 'GET', endpoint });
			expect(run.error('Call')).toBeUndefined();
		}
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /repos/ACME-ORG/Api-Server',
			'GET /repos/widgets-inc/anything',
			'GET /user',
			'GET /rate_limit',
		]);
	});

	it('a query string in the endpoint is checked like Query Parameters: sent as query when the path is in scope', async () => {
		const recorder = new GitHubRecorder([{ body: [] }]);
		const run = await apiCall({ method: 'GET', endpoint: '/repos/acme-org/api-server/issues?state=open&labels=bug&per_page=5' });
		expect(run.error('Call')).toBeUndefined();
		expect(recorder.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/repos/acme-org/api-server/issues', { state: 'open', labels: 'bug', per_page: '5' }],
		]);
	});

	it.each([
		['/repos/evil/x/issues?state=open', 'Refused: the repository "evil/x" is outside the credential\'s scope. ' + ALLOWED],
		// The search query is confined the same way as when given in Query Parameters.
		['/search/issues?q=repo:evil/x', `Refused: the search query names the repository "evil/x", which is not allowed. ${ALLOWED}`],
		// A fragment cannot be checked at all.
		['/repos/acme-org/api-server/issues#x', 'Refused: "/repos/acme-org/api-server/issues…" carries a fragment (#…) or a query string of its own'],
	])('a query string in the endpoint does not widen the scope: %s is refused, nothing sent', async (endpoint, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method: 'GET', endpoint });
		expect(run.error('Call')?.message.startsWith(message)).toBe(true);
		expect(recorder.requests).toEqual([]);
	});

	it('a query parameter given both in the endpoint and in Query Parameters is refused (neither silently wins)', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({
			method: 'GET',
			endpoint: '/search/issues?q=repo:acme-org/api-server',
			queryParameters: { parameter: [{ name: 'q', value: 'repo:evil/x' }] },
		});
		expect(run.error('Call')?.message).toBe('The query parameter "q" is given both in "Endpoint" and in "Query Parameters"');
		expect(run.error('Call')?.description).toBe('Give "q" in one place only.');
		expect(recorder.requests).toEqual([]);
	});

	it('search must name allowed repositories, and results from elsewhere are dropped', async () => {
		const recorder = new GitHubRecorder([
			{
				body: {
					total_count: 2,
					items: [
						{ number: 1, repository_url: 'https://api.github.com/repos/acme-org/api-server' },
						{ number: 2, repository_url: 'https://api.github.com/repos/evil/x' },
					],
				},
			},
		]);
		const refused = await apiCall({ method: 'GET', endpoint: '/search/issues', queryParameters: { parameter: [{ name: 'q', value: 'is:open' }] } });
		expect(refused.error('Call')?.message).toBe(`Refused: the search query names no allowed repository (add repo:OWNER/NAME). ${ALLOWED}`);
		const run = await apiCall({
			method: 'GET',
			endpoint: '/search/issues',
			queryParameters: { parameter: [{ name: 'q', value: 'is:open repo:acme-org/api-server' }] },
		});
		expect(run.json('Call')).toEqual([
			// The count included the dropped result: it is left out.
			{ items: [{ number: 1, repository_url: 'https://api.github.com/repos/acme-org/api-server' }] },
		]);
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['is:open repo:acme-org/api-server']);
	});

	it('repository lists keep only repositories in the scope', async () => {
		const recorder = new GitHubRecorder([
			{ body: [{ full_name: 'acme-org/api-server' }, { full_name: 'acme-org/secret' }, { full_name: 'widgets-inc/a' }] },
		]);
		const run = await apiCall({ method: 'GET', endpoint: '/user/repos' });
		expect(run.json('Call')).toEqual([{ full_name: 'acme-org/api-server' }, { full_name: 'widgets-inc/a' }]);
		expect(recorder.requests).toHaveLength(1);
	});

	it('read-only: every write is refused, reads and GraphQL queries pass, GraphQL mutations do not', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 1 } }, { body: { data: { viewer: { login: 'me' } } } }]);
		const readOnly = scoped({ accessLevel: 'readOnly', allowedRepositories: '' });
		const write = await apiCall({ method: 'PATCH', endpoint: '/repos/acme-org/api-server/issues/1', body: '{"state":"closed"}' }, readOnly);
		expect(write.error('Call')?.message).toBe(
			'Refused: the credential is read-only, and PATCH /repos/acme-org/api-server/issues/1 would change data. Allowed: GET requests and GraphQL queries.',
		);
		const read = await apiCall({ method: 'GET', endpoint: '/repos/acme-org/api-server' }, readOnly);
		expect(read.error('Call')).toBeUndefined();
		const query = await apiCall({ method: 'POST', endpoint: '/graphql', body: '{"query":"{ viewer { login } }"}' }, readOnly);
		expect(query.error('Call')).toBeUndefined();
		const mutation = await apiCall(
			{ method: 'POST', endpoint: '/graphql', body: '{"query":"mutation { addStar(input: {starrableId: \\"x\\"}) { clientMutationId } }"}' },
			readOnly,
		);
		expect(mutation.error('Call')?.message).toContain('the credential is read-only, and POST /graphql would change data');
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme-org/api-server', 'POST /graphql']);
	});

	it.each([',', '/', 'https://github.com/', '.git'])('allowed repositories %j parse to nothing → everything refused', async (setting) => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method: 'GET', endpoint: '/repos/acme-org/api-server' }, scoped({ allowedRepositories: setting }));
		expect(run.error('Call')?.message).toMatch(/^("[^"]*" in "Allowed Repositories" is not a repository|"Allowed Repositories" is set but names no repository), so nothing is allowed$/);
		expect(recorder.requests).toEqual([]);
	});
});

describe('credential scope: GitHub node', () => {
	it('an operation on a repository outside the credential scope is refused even when the node setting allows it', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await github({
			resource: 'issue',
			operation: 'create',
			...repo('evil', 'x'),
			title: 'hi',
			options: { allowedRepositories: 'evil/*' },
		});
		expect(run.error('GitHub')?.message).toBe(`Refused: the repository "evil/x" is outside the credential's scope. ${ALLOWED}`);
		expect(recorder.requests).toEqual([]);
	});

	it('the node setting narrows the credential scope', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await github({ resource: 'repository', operation: 'get', ...repo('widgets-inc', 'gears'), options: { allowedRepositories: 'acme-org/api-server' } });
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the repository "widgets-inc/gears" is outside the node\'s "Allowed Repositories". Allowed repositories: acme-org/api-server.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a node setting given as an expression that resolves to nothing fails closed', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await github({ resource: 'rateLimit', operation: 'get', options: { allowedRepositories: '={{ $json.nothing }}' } }, credentials);
		expect(run.error('GitHub')?.message).toBe('"Allowed Repositories" is set but names no repository, so nothing is allowed');
		expect(recorder.requests).toEqual([]);
	});

	it('gists: creating and updating are refused while a repository scope is set', async () => {
		const recorder = new GitHubRecorder([]);
		const create = await github({ resource: 'gist', operation: 'create', files: { file: [{ name: 'a.md', content: 'x' }] } });
		expect(create.error('GitHub')?.message).toMatch(/^Refused: gists belong to no repository, .* POST \/gists is not allowed\. Allowed repositories: /);
		const update = await github({ resource: 'gist', operation: 'update', gistId: 'aa5a315d61ae9438b18d', additionalFields: { description: 'x' } });
		expect(update.error('GitHub')?.message).toContain('PATCH /gists/aa5a315d61ae9438b18d is not allowed');
		expect(recorder.requests).toEqual([]);
	});

	it('gists: only the account’s own gists can be listed (its login is read first)', async () => {
		const recorder = new GitHubRecorder([{ body: { login: 'me' } }, { body: [{ id: 'g1' }] }, { body: { login: 'me' } }]);
		const own = await github({ resource: 'gist', operation: 'listForUser', username: 'ME', limit: 5 });
		expect(own.json('GitHub')).toEqual([{ id: 'g1' }]);
		const other = await github({ resource: 'gist', operation: 'listForUser', username: 'octocat', limit: 5 });
		expect(other.error('GitHub')?.message).toContain('GET /users/octocat/gists is not allowed');
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', 'GET /users/ME/gists', 'GET /user']);
	});

	it('Projects v2: a project of an owner outside the scope is refused before any GraphQL request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await github({
			resource: 'project',
			operation: 'updateItemStatus',
			projectOwner: byName('evil'),
			projectNumber: 1,
			owner: byList('acme-org'),
			repository: byList('api-server'),
			issueNumber: { __rl: true, mode: 'id', value: '1' },
			status: 'Done',
		});
		expect(run.error('GitHub')?.message).toBe(
			`Refused: project 1 of "evil" belongs to an owner outside the credential's scope. ${ALLOWED} Projects of those owners can be used.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Create Fork: the fork must be inside the credential scope too (the account’s login read for a fork into it)', async () => {
		const recorder = new GitHubRecorder([{ body: { login: 'mona' } }, { status: 202, body: { full_name: 'widgets-inc/api-server' } }]);
		const intoAccount = await github({ resource: 'repository', operation: 'createFork', ...repo('acme-org', 'api-server') });
		expect(intoAccount.error('GitHub')?.message).toBe(`Refused: the repository "mona/api-server" is outside the credential's scope. ${ALLOWED}`);
		const intoOrganization = await github({ resource: 'repository', operation: 'createFork', ...repo('acme-org', 'api-server'), additionalFields: { organization: 'widgets-inc' } });
		expect(intoOrganization.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', 'POST /repos/acme-org/api-server/forks']);
	});

	it('List Starred keeps only repositories in the scope; Search → Users is refused', async () => {
		const recorder = new GitHubRecorder([{ body: [{ full_name: 'acme-org/api-server' }, { full_name: 'evil/x' }] }]);
		const starred = await github({ resource: 'repository', operation: 'listStarred', limit: 5 });
		expect(starred.json('GitHub')).toEqual([{ full_name: 'acme-org/api-server' }]);
		const users = await github({ resource: 'search', operation: 'users', query: 'mona', limit: 5 });
		expect(users.error('GitHub')?.message).toBe(
			`Refused: searching users reaches beyond the credential's scope, because people belong to no repository. ${ALLOWED}`,
		);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user/starred']);
	});

	it('Discussions: GraphQL for an allowed repository is sent, another repository is refused before any request', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { discussion: { id: 'D_1' } } } } }, { body: { data: { addDiscussionComment: { comment: { id: 'DC_1', author: null } } } } }]);
		const allowed = await github({ resource: 'discussion', operation: 'addComment', ...repo('widgets-inc', 'gears'), discussionNumber: '1', body: 'Hi' });
		expect(allowed.error('GitHub')).toBeUndefined();
		const refused = await github({ resource: 'discussion', operation: 'list', ...repo('evil', 'x'), limit: 5 });
		expect(refused.error('GitHub')?.message).toBe(`Refused: the repository "evil/x" is outside the credential's scope. ${ALLOWED}`);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /graphql', 'POST /graphql']);
	});

	it('Projects v2 reads: only projects of owners the scope names', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { projectsV2: { nodes: [{ number: 1 }], pageInfo: { hasNextPage: false, endCursor: null } } } } } }]);
		const allowed = await github({ resource: 'project', operation: 'list', projectOwner: byName('acme-org'), limit: 5 });
		expect(allowed.json('GitHub')).toEqual([{ number: 1 }]);
		const refused = await github({ resource: 'project', operation: 'listFields', projectOwner: byName('evil'), projectNumber: 2 });
		expect(refused.error('GitHub')?.message).toBe(
			`Refused: project 2 of "evil" belongs to an owner outside the credential's scope. ${ALLOWED} Projects of those owners can be used.`,
		);
		expect(recorder.requests).toHaveLength(1);
	});

	it('Search: confined to the credential scope when the node sets none', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 0, items: [] } }]);
		const run = await github({ resource: 'search', operation: 'issuesAndPullRequests', query: 'is:open', limit: 5 });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['is:open repo:acme-org/api-server user:widgets-inc']);
	});

	it('read-only credential: Issue → Create is refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await github({ resource: 'issue', operation: 'create', ...repo('acme-org', 'api-server'), title: 'x' }, scoped({ accessLevel: 'readOnly' }));
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the credential is read-only, and POST /repos/acme-org/api-server/issues would change data. Allowed: GET requests and GraphQL queries.',
		);
		expect(recorder.requests).toEqual([]);
	});
});
