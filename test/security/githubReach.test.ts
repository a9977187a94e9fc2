import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { credentials } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/**
 * Ways GitHub's REST, GraphQL and search documentation gives to reach another repository than the
 * one a path names: by numeric id, by a fork's owner inside a ref, through events that embed other
 * repositories' issues, through where a write lands, and through spellings of the path. Under
 * Allowed Repositories "octo/hello" each must be refused before anything is sent, or answered with
 * only what belongs to octo/hello.
 */
beforeEach(() => resetGitHubRateLimitState());

const ALLOWED = 'Allowed repositories: octo/hello.';

async function apiCall(method: string, endpoint: string, extra: IDataObject = {}, allowedRepositories = 'octo/hello') {
	const node = packageNode('Call', 'githubApiCall', { authentication: 'accessToken', method, endpoint, ...extra }, { githubAccessTokenApi: 'token-cred' });
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories, accessLevel: 'readWrite' } };
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
}

const sent = (recorder: GitHubRecorder) => recorder.requests.map((request) => `${request.method} ${request.path}`);

describe('repositories named by numeric id', () => {
	it.each([
		['GET', '/repositories/1296269'],
		['GET', '/repositories/1296269/issues'],
		['PATCH', '/repositories/1296269/issues/1'],
		['GET', '/repositories/1296269/contents/README.md'],
		['GET', '/search/labels?repository_id=1296269&q=bug'],
		['GET', '/user/1/repos'],
	])('%s %s is refused, nothing sent', async (method, endpoint) => {
		const recorder = new GitHubRecorder([{ body: {} }]);
		const run = await apiCall(method, endpoint, method === 'GET' ? {} : { body: '{"title":"x"}' });
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(recorder.requests).toEqual([]);
	});
});

describe('a fork of the network named inside a compare (BASE...USER:BRANCH)', () => {
	it.each([
		['/repos/octo/hello/compare/main...evil:main', 'evil'],
		['/repos/octo/hello/compare/evil:main...main', 'evil'],
		['/repos/octo/hello/compare/main...evil:hello:main', 'evil'],
		['/repos/octo/hello/compare/main..evil:main', 'evil'],
		['/repos/octo/hello/compare/main...EVIL%3Amain', 'EVIL'],
	])('GET %s reads another repository: refused, nothing sent', async (endpoint, owner) => {
		const recorder = new GitHubRecorder([{ body: { commits: [] } }]);
		const run = await apiCall('GET', endpoint);
		expect(run.error('Call')?.message).toBe(
			`Refused: the compare names a branch of "${owner}"'s repository in the network of octo/hello, which is outside the credential's scope: a fork can be compared when the list names ${owner}/*. ${ALLOWED}`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('the owner of the allowed repository in the head (octo:main) names the repository itself: sent', async () => {
		const recorder = new GitHubRecorder([{ body: { status: 'identical', commits: [] } }]);
		const run = await apiCall('GET', '/repos/octo/hello/compare/v1...octo:main');
		expect(run.error('Call')).toBeUndefined();
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/compare/v1...octo:main']);
	});

	it('a fork whose owner the list names as evil/*: sent', async () => {
		const recorder = new GitHubRecorder([{ body: { status: 'ahead', commits: [] } }]);
		const run = await apiCall('GET', '/repos/octo/hello/compare/main...evil:main', {}, 'octo/hello, evil/*');
		expect(run.error('Call')).toBeUndefined();
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/compare/main...evil:main']);
	});

	it('plain branches and tags (main...feature, v1.0...v2.0) are compared as before', async () => {
		const recorder = new GitHubRecorder([{ body: { commits: [] } }, { body: { commits: [] } }]);
		expect((await apiCall('GET', '/repos/octo/hello/compare/main...feature')).error('Call')).toBeUndefined();
		expect((await apiCall('GET', '/repos/octo/hello/compare/v1.0...v2.0')).error('Call')).toBeUndefined();
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/compare/main...feature', 'GET /repos/octo/hello/compare/v1.0...v2.0']);
	});
});

describe('an issue timeline embeds issues of other repositories (cross-referenced events)', () => {
	const crossReference = (repository: string, title: string) => ({
		event: 'cross-referenced',
		source: { type: 'issue', issue: { number: 9, title, body: 'text of that repository', repository_url: `https://api.github.com/repos/${repository}` } },
	});

	it('GET …/issues/1/timeline keeps events and references of octo/hello, leaves the others out with a count', async () => {
		new GitHubRecorder([
			{ body: [{ event: 'labeled', label: { name: 'bug' } }, crossReference('evil/secret', 'private plans'), crossReference('octo/hello', 'ours'), crossReference('evil/other', 'more')] },
		]);
		const run = await apiCall('GET', '/repos/octo/hello/issues/1/timeline');
		expect(run.json('Call')).toEqual([
			{ leftOutOfScope: 2, note: '2 timeline events naming issues outside the allowed repositories were left out.' },
			{ event: 'labeled', label: { name: 'bug' } },
			crossReference('octo/hello', 'ours'),
		]);
	});

	it('a reference without a repository it can be told by is left out too', async () => {
		new GitHubRecorder([{ body: [{ event: 'cross-referenced', source: { type: 'issue', issue: { title: 'no repository' } } }] }]);
		const run = await apiCall('GET', '/repos/octo/hello/issues/1/timeline');
		expect(run.json('Call')).toEqual([{ leftOutOfScope: 1, note: '1 timeline event naming issues outside the allowed repositories was left out.' }]);
	});
});

describe('where a write lands', () => {
	it.each([
		['a fork renamed (name) into the signed-in account', '/repos/octo/hello/forks', { name: 'elsewhere' }],
		['a fork into an organization', '/repos/octo/hello/forks', { organization: 'evil' }],
		['a fork into octo under another name', '/repos/octo/hello/forks', { organization: 'octo', name: 'hello-copy' }],
		['a template copy into another owner', '/repos/octo/hello/generate', { owner: 'evil', name: 'copy' }],
		['a template copy into octo under another name', '/repos/octo/hello/generate', { owner: 'octo', name: 'copy' }],
		['a transfer to another owner', '/repos/octo/hello/transfer', { new_owner: 'evil' }],
		['a transfer that keeps the owner and renames', '/repos/octo/hello/transfer', { new_owner: 'octo', new_name: 'renamed' }],
	])('%s is refused, nothing sent', async (_name, endpoint, body) => {
		const recorder = new GitHubRecorder([{ body: { login: 'me' } }, { status: 202, body: {} }]);
		const run = await apiCall('POST', endpoint, { body: JSON.stringify(body) });
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(sent(recorder).filter((line) => !line.startsWith('GET /user'))).toEqual([]);
	});

	it.each([
		['a sub-issue named by its internal id', 'POST', '/repos/octo/hello/issues/1/sub_issues', { sub_issue_id: 424242 }],
		['a sub-issue reordered after an issue named by id', 'PATCH', '/repos/octo/hello/issues/1/sub_issues/priority', { sub_issue_id: 1, after_id: 424242 }],
		['a blocking issue named by id', 'POST', '/repos/octo/hello/issues/1/dependencies/blocked_by', { issue_id: 424242 }],
		['a blocking issue removed by an id in the path', 'DELETE', '/repos/octo/hello/issues/1/dependencies/blocked_by/424242', undefined],
	])('API Call: %s (no proof it was read in octo/hello) is refused, nothing sent', async (_name, method, endpoint, body) => {
		const recorder = new GitHubRecorder([{ body: {} }]);
		const run = await apiCall(method, endpoint, body ? { body: JSON.stringify(body) } : {});
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(recorder.requests).toEqual([]);
	});
});

describe('search qualifiers', () => {
	it.each([
		'repo:octo/hello repo:evil/x bug',
		'repo:octo/hello OR repo:evil/x',
		'repo:octo/hello (repo:evil/x)',
		'user:octo bug',
		'org:evil repo:octo/hello',
		'"repo:octo/hello" bug',
		'repo:octo/hello\u00a0repo:evil/x',
		'repo:octo/hello NOT repo:evil/x',
	])('q=%j is refused, nothing sent', async (q) => {
		const recorder = new GitHubRecorder([{ body: { total_count: 0, items: [] } }]);
		const run = await apiCall('GET', '/search/issues', { queryParameters: { parameter: [{ name: 'q', value: q }] } });
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(recorder.requests).toEqual([]);
	});

	it('results of other repositories in an answer to a confined query are dropped, and total_count with them', async () => {
		new GitHubRecorder([
			{ body: { total_count: 2, items: [{ title: 'ours', repository_url: 'https://api.github.com/repos/octo/hello' }, { title: 'theirs', repository_url: 'https://api.github.com/repos/evil/x' }] } },
		]);
		const run = await apiCall('GET', '/search/issues?q=repo:octo/hello+bug');
		expect(run.json('Call')).toEqual([{ items: [{ title: 'ours', repository_url: 'https://api.github.com/repos/octo/hello' }] }]);
	});
});

describe('spellings of the path', () => {
	it.each([
		'/repos/octo/hello/..%2F..%2Fevil/x',
		'/repos/octo/hello/%2e%2e/%2e%2e/evil/x',
		'/repos/octo/hello/%2E%2E/%2E%2E/evil/x',
		'/repos/octo/hello/..\\..\\evil\\x',
		'/repos/octo/hello/.%2e/.%2e/evil/x',
		'/repos/evil/x\t',
		'//api.github.com/repos/evil/x',
		'/repos/octo%2Fhello/../evil/x',
		'/repos/evil/x#/repos/octo/hello',
		'/repos/octo/hello.',
		'/repos/octo/hello.git',
		'/repos/octo/hello%00/issues',
		'/REPOS/evil/x',
		'/repos/octo/hello\u2024\u2024/x',
	])('%j does not reach outside octo/hello: refused, nothing sent', async (endpoint) => {
		const recorder = new GitHubRecorder([{ body: {} }]);
		const run = await apiCall('GET', endpoint);
		expect(run.error('Call')).toBeDefined();
		expect(recorder.requests).toEqual([]);
	});

	it.each(['/repos/OCTO/Hello/issues', '/repos//octo/hello/issues', '/repos/octo/hello/issues/'])('%j names octo/hello as GitHub reads it: sent', async (endpoint) => {
		const recorder = new GitHubRecorder([{ body: [] }]);
		const run = await apiCall('GET', endpoint);
		expect(run.error('Call')).toBeUndefined();
		expect(recorder.requests).toHaveLength(1);
	});
});

describe('GraphQL documents reaching another repository', () => {
	it.each([
		['node(id:) of another repository\'s issue', '{ node(id: "I_kwDOAbc") { ... on Issue { title body } } }'],
		['nodes(ids:)', '{ nodes(ids: ["R_kgDOAbc"]) { id } }'],
		['an alias named like the allowed repository', '{ hello: repository(owner: "evil", name: "x") { name } }'],
		['a fragment on Query carrying the other repository', 'query { ...F } fragment F on Query { repository(owner: "evil", name: "x") { name } }'],
		['a variable whose value is another owner', { query: 'query($o: String!) { repository(owner: $o, name: "hello") { name } }', variables: { o: 'evil' } }],
		['a variable given as a list', { query: 'query($o: String!) { repository(owner: $o, name: "hello") { name } }', variables: { o: ['octo', 'evil'] } }],
		['a cross-referenced event\'s source', '{ repository(owner: "octo", name: "hello") { issue(number: 1) { timelineItems(first: 5) { nodes { ... on CrossReferencedEvent { source { ... on Issue { title body } } } } } } } }'],
		['a pull request\'s head repository', '{ repository(owner: "octo", name: "hello") { pullRequest(number: 1) { headRepository { description } } } }'],
		['the forks', '{ repository(owner: "octo", name: "hello") { forks(first: 5) { nodes { name } } } }'],
		['transferring an issue', 'mutation { transferIssue(input: {issueId: "I_1", repositoryId: "R_2"}) { issue { id } } }'],
		['creating a repository from a template', 'mutation { cloneTemplateRepository(input: {repositoryId: "R_1", name: "x", ownerId: "O_2", visibility: PUBLIC}) { repository { id } } }'],
		['a ref compared with a fork\'s branch', '{ repository(owner: "octo", name: "hello") { ref(qualifiedName: "main") { compare(headRef: "evil:main") { aheadBy } } } }'],
		['search of every repository', '{ search(query: "secret", type: ISSUE, first: 5) { nodes { ... on Issue { title } } } }'],
	])('%s is refused, nothing sent', async (_name, document) => {
		const recorder = new GitHubRecorder([{ body: { data: {} } }]);
		const body = typeof document === 'string' ? { query: document } : document;
		const run = await apiCall('POST', '/graphql', { body: JSON.stringify(body) });
		expect(run.error('Call')?.message).toMatch(/^Refused: /);
		expect(recorder.requests).toEqual([]);
	});
});
