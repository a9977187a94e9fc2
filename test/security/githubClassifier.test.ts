import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import nock from 'nock';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { checkGitHubRequest, CREDENTIAL_SOURCE, NODE_SOURCE, rowTarget } from '../../nodes/GitHub/scope';
import { namesItsRepository } from '../githubActions/rowTargets';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { parseRepositoryList } from '../../nodes/GitHub/scope/repositories';
import { FIXTURES } from '../githubActions/fixtures';
import { GitHubRecorder } from '../githubActions/recorder';
import { credentials, repo, runGitHub } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FakeClock } from '../transport/fakeClock';

/**
 * One answer to "what does this request touch" (nodes/GitHub/scope/classify.ts), decided on by
 * the same rules for the node's "Allowed Repositories" and the credential's scope.
 */
// Dispatch and Wait's polling sleeps on the transport's clock: instant here.
beforeEach(() => {
	resetGitHubRateLimitState();
	new FakeClock().install();
});
afterEach(() => FakeClock.uninstall());

describe('what a GitHub row touches is the classifier\'s answer for its request (no row declares it)', () => {
	it.each(GITHUB_ROWS.map((row) => [`${row.resource}.${row.operation}`, row] as const))('%s', (_key, row) => {
		const target = rowTarget(row);
		expect(target.kind).not.toBe('unknown');
		if (target.kind === 'repository' && row.path.startsWith('/repos/')) {
			// Each placeholder stands for itself.
			expect([target.owner, target.repo]).toEqual(['owner', 'repo']);
			// The fields the node checks before sending are the ones in the path.
			const identifying = row.fields.filter((field) => field.identifies === 'owner' || field.identifies === 'repository');
			expect(identifying.map((field) => field.apiName ?? field.name).sort()).toEqual(['owner', 'repo']);
		}
		if (target.kind === 'organization') expect(target.org).toBe('org');
		// A row whose request names no repository but whose fields do is checked by those fields first (router.ts).
		if (namesItsRepository(row) && target.kind !== 'repository') expect(['graphql', 'newRepository', 'search']).toContain(target.kind);
	});

	it('the rows reach every kind but unknown', () => {
		const kinds = new Set(GITHUB_ROWS.map((row) => rowTarget(row).kind));
		expect([...kinds].sort()).toEqual(
			['account', 'gist', 'graphql', 'newRepository', 'notificationThread', 'notifications', 'organization', 'publicData', 'repository', 'repositoryInvitation', 'repositoryList', 'search', 'user'].sort(),
		);
	});
});

const nodeRun = (parameters: IDataObject, allowedRepositories: string) => runGitHub({ ...parameters, options: { allowedRepositories } });

describe('the node list reaches organization rows (HIGH: an admin invited under a list of one repository)', () => {
	it.each([
		['invite', { username: 'attacker', additionalFields: { role: 'admin' } }],
		['inviteByEmail', { email: 'attacker@example.com', additionalFields: { role: 'admin' } }],
	])('Organization → %s with role admin under octo/hello: refused, nothing sent', async (operation, parameters) => {
		const recorder = new GitHubRecorder([{ status: 200, body: { state: 'pending', role: 'admin' } }]);
		const run = await nodeRun({ resource: 'organization', operation, organization: 'octo', ...parameters }, 'octo/hello');
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the organization "octo" reaches every repository of it, and the node\'s "Allowed Repositories" does not name octo/*. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Organization → Invite Member to another organization under octo/*: refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([{ status: 200, body: { state: 'pending' } }]);
		const run = await nodeRun({ resource: 'organization', operation: 'invite', organization: 'evil', username: 'mona' }, 'octo/*');
		expect(run.error('GitHub')?.message).toMatch(/^Refused: the organization "evil" reaches every repository of it/);
		expect(recorder.requests).toEqual([]);
	});

	it('Organization → Invite Member under octo/*: the organization is granted, the invitation sent', async () => {
		const recorder = new GitHubRecorder([{ status: 200, body: { state: 'pending', role: 'member' } }]);
		const run = await nodeRun({ resource: 'organization', operation: 'invite', organization: 'octo', username: 'mona' }, 'octo/*');
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /orgs/octo/memberships/mona']);
	});
});

describe('the GitHub Advisory Database under a repository list', () => {
	it.each([['listGlobal', {}], ['getGlobal', { ghsaId: 'GHSA-35jh-r3h4-6jhm' }]])('Security Advisory → %s: public data of no repository, read', async (operation, parameters) => {
		const recorder = new GitHubRecorder([{ body: [] }]);
		const run = await nodeRun({ resource: 'securityAdvisory', operation, ...parameters }, 'octo/hello');
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests).toHaveLength(1);
	});

	it.each([
		['POST', '/advisories'],
		['GET', '/advisories/GHSA-35jh-r3h4-6jhm/extra'],
	])('API Call %s %s is no read of the database: refused as unknown', async (method, endpoint) => {
		const recorder = new GitHubRecorder([{ body: {} }]);
		const run = await apiCall(method, endpoint);
		expect(run.error('Call')?.message).toMatch(/^Refused: .* cannot be checked against the credential's repository scope\./);
		expect(recorder.requests).toEqual([]);
	});
});

describe('a security advisory\'s temporary private fork creates a repository', () => {
	const FORK = '/repos/octo/hello/security-advisories/GHSA-35jh-r3h4-6jhm/forks';

	it('API Call POST …/security-advisories/GHSA…/forks under octo/hello: refused, nothing sent (a name in the body changes nothing)', async () => {
		const recorder = new GitHubRecorder([{ status: 202, body: { full_name: 'octo/hello-ghsa-35jh-r3h4-6jhm' } }]);
		const run = await apiCall('POST', FORK, { name: 'hello' });
		expect(run.error('Call')?.message).toBe(
			'Refused: this request creates a temporary private fork of a security advisory in "octo", a repository GitHub names itself, and the credential\'s scope does not name octo/*. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('is allowed by octo/*, and refused by a list naming octo only by single repositories', async () => {
		const lookups = { login: async () => 'octo' };
		const request = { method: 'POST' as const, path: FORK };
		await expect(checkGitHubRequest({ repositories: parseRepositoryList('octo/*', CREDENTIAL_SOURCE, 'Allowed Repositories'), readOnly: false }, request, lookups)).resolves.toEqual({});
		await expect(checkGitHubRequest({ repositories: parseRepositoryList('octo/hello, octo/hello-ghsa-35jh-r3h4-6jhm', CREDENTIAL_SOURCE, 'Allowed Repositories'), readOnly: false }, request, lookups)).rejects.toThrow(/GitHub names itself/);
	});
});

describe('notifications under the node list', () => {
	it('Mark All as Read is refused: it reaches every repository', async () => {
		const recorder = new GitHubRecorder([{ status: 205 }]);
		const run = await nodeRun({ resource: 'notification', operation: 'markAllRead' }, 'octo/hello');
		expect(run.error('GitHub')?.message).toBe(
			'Refused: PUT /notifications marks the notifications of every repository read, which reaches beyond the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it.each([
		['getThread', 'GET'],
		['markThreadRead', 'PATCH'],
		['unsubscribe', 'DELETE'],
	])('%s of a thread of another repository: its repository is looked up, then refused', async (operation) => {
		const recorder = new GitHubRecorder([{ body: { id: '7', repository: { full_name: 'evil/x' } } }, { status: 205 }]);
		const run = await nodeRun({ resource: 'notification', operation, threadId: '7' }, 'octo/hello');
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
		);
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /notifications/threads/7']);
	});

	it('Mark Thread as Read of a thread of an allowed repository: looked up, then marked', async () => {
		const recorder = new GitHubRecorder([{ body: { id: '7', repository: { full_name: 'octo/hello' } } }, { status: 205 }]);
		const run = await nodeRun({ resource: 'notification', operation: 'markThreadRead', threadId: '7' }, 'octo/hello');
		expect(run.json('GitHub')).toEqual([{ markedRead: true, threadId: '7' }]);
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /notifications/threads/7', 'PATCH /notifications/threads/7']);
	});
});

const SCOPED = 'octo/hello';

async function apiCall(method: string, endpoint: string, body?: IDataObject) {
	const node = packageNode(
		'Call',
		'githubApiCall',
		{ authentication: 'accessToken', method, endpoint, ...(body ? { body: JSON.stringify(body) } : {}) },
		{ githubAccessTokenApi: 'token-cred' },
	);
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: SCOPED, accessLevel: 'readWrite' } };
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
}

const scopedNode = async (parameters: IDataObject) => {
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: SCOPED, accessLevel: 'readWrite' } };
	const node = packageNode('GitHub', 'gitHub', { simplify: false, ...parameters }, { githubAccessTokenApi: 'token-cred' });
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
};

describe('sub-issues and dependencies named by ID', () => {
	it.each([
		['POST', '/repos/octo/hello/issues/1/sub_issues', { sub_issue_id: 99 }, 'sub_issue_id'],
		['PATCH', '/repos/octo/hello/issues/1/sub_issues/priority', { sub_issue_id: 99, after_id: 98 }, 'sub_issue_id'],
		['DELETE', '/repos/octo/hello/issues/1/sub_issue', { sub_issue_id: 99 }, 'sub_issue_id'],
		['POST', '/repos/octo/hello/issues/1/dependencies/blocked_by', { issue_id: 99 }, 'issue_id'],
	])('API Call %s %s: the issue ID may be of any repository → refused, nothing sent', async (method, endpoint, body, name) => {
		const recorder = new GitHubRecorder([{ status: 201, body: { id: 1 } }]);
		const run = await apiCall(method, endpoint, body);
		expect(run.error('Call')?.message).toBe(
			`Refused: "${name}" names the issue with ID 99, and which repository that issue is in cannot be checked against the credential's scope. Allowed repositories: octo/hello.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('API Call DELETE …/dependencies/blocked_by/ID: the ID in the path may be of any repository → refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([{ status: 200, body: { id: 1 } }]);
		const run = await apiCall('DELETE', '/repos/octo/hello/issues/1/dependencies/blocked_by/99');
		expect(run.error('Call')?.message).toBe(
			'Refused: the path names the issue with ID "99", and which repository that issue is in cannot be checked against the credential\'s scope. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('API Call GET …/dependencies/blocked_by (a read of the repository\'s issue) is allowed', async () => {
		const recorder = new GitHubRecorder([{ status: 200, body: [] }]);
		const run = await apiCall('GET', '/repos/octo/hello/issues/1/dependencies/blocked_by');
		expect(run.error('Call')).toBeUndefined();
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /repos/octo/hello/issues/1/dependencies/blocked_by']);
	});

	const issueOf = (repository: string, number: number) => ({ number, title: `Issue ${number} of ${repository}`, repository_url: `https://api.github.com/repos/${repository}` });
	const leftOut = (count: number) => ({ leftOutOfScope: count, note: `${count} ${count === 1 ? 'issue' : 'issues'} outside the allowed repositories ${count === 1 ? 'was' : 'were'} left out.` });

	it.each([
		['listSubIssues', '/repos/octo/hello/issues/42/sub_issues'],
		['listBlockedBy', '/repos/octo/hello/issues/42/dependencies/blocked_by'],
		['listBlocking', '/repos/octo/hello/issues/42/dependencies/blocking'],
	])('Issue → %s under the credential\'s scope keeps issues of allowed repositories and says how many were left out', async (operation, path) => {
		const recorder = new GitHubRecorder([{ body: [issueOf('octo/hello', 2), issueOf('evil/x', 3), issueOf('Evil/Y', 4)] }]);
		const run = await scopedNode({ resource: 'issue', operation, ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' }, returnAll: true });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${path}`]);
		expect(run.json('GitHub')).toEqual([leftOut(2), issueOf('octo/hello', 2)]);
	});

	it('Issue → Get Parent of a parent in another repository: only the note, no title of it', async () => {
		new GitHubRecorder([{ body: issueOf('evil/x', 7) }]);
		const run = await scopedNode({ resource: 'issue', operation: 'getParent', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' } });
		expect(run.json('GitHub')).toEqual([leftOut(1)]);
	});

	it('Issue → Get Parent in the same repository is returned as it is', async () => {
		new GitHubRecorder([{ body: issueOf('octo/hello', 7) }]);
		const run = await scopedNode({ resource: 'issue', operation: 'getParent', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' } });
		expect(run.json('GitHub')).toEqual([issueOf('octo/hello', 7)]);
	});

	it('Issue → List Sub-Issues simplified under the node\'s list: the note stays as it is', async () => {
		new GitHubRecorder([{ body: [issueOf('octo/other', 2), issueOf('octo/hello', 3)] }]);
		const run = await nodeRun({ resource: 'issue', operation: 'listSubIssues', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' }, returnAll: true }, 'octo/hello');
		expect(run.error('GitHub')).toBeUndefined();
		expect(run.json('GitHub')[0]).toEqual(leftOut(1));
		expect(run.json('GitHub').slice(1).map((item) => item.number)).toEqual([3]);
	});

	it('under both lists (credential octo/*, node octo/hello) one note counts what each left out', async () => {
		new GitHubRecorder([{ body: [issueOf('evil/x', 1), issueOf('evil/y', 2), issueOf('octo/other', 3), issueOf('octo/hello', 4)] }]);
		const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo/*', accessLevel: 'readWrite' } };
		const node = packageNode('GitHub', 'gitHub', { simplify: false, resource: 'issue', operation: 'listSubIssues', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' }, returnAll: true, options: { allowedRepositories: 'octo/hello' } }, { githubAccessTokenApi: 'token-cred' });
		const run = await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
		expect(run.json('GitHub')).toEqual([leftOut(3), issueOf('octo/hello', 4)]);
	});

	it.each(['sub_issues', 'parent', 'dependencies/blocked_by', 'dependencies/blocking'])('API Call GET …/issues/1/%s leaves out issues of other repositories', async (relation) => {
		new GitHubRecorder([{ body: relation === 'parent' ? issueOf('evil/x', 9) : [issueOf('evil/x', 9), issueOf('octo/hello', 3)] }]);
		const run = await apiCall('GET', `/repos/octo/hello/issues/1/${relation}`);
		expect(run.error('Call')).toBeUndefined();
		expect(JSON.stringify(run.json('Call'))).not.toContain('evil');
		expect(run.json('Call')[0]).toEqual(leftOut(1));
	});

	it('Issue → Add Sub-Issue reads the sub-issue by number in the repository, and that proves where its ID is from', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 4343, number: 43 } }, { status: 201, body: { number: 42 } }]);
		const run = await scopedNode({ resource: 'issue', operation: 'addSubIssue', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' }, subIssueNumber: '43' });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['GET', '/repos/octo/hello/issues/43', undefined],
			['POST', '/repos/octo/hello/issues/42/sub_issues', { sub_issue_id: 4343 }],
		]);
	});

	it.each([
		['addBlockedBy', ['POST', '/repos/octo/hello/issues/42/dependencies/blocked_by', { issue_id: 4343 }]],
		['removeBlockedBy', ['DELETE', '/repos/octo/hello/issues/42/dependencies/blocked_by/4343', undefined]],
	])('Issue → %s reads the blocking issue by number in the repository, and that proves where its ID is from', async (operation, sent) => {
		const recorder = new GitHubRecorder([{ body: { id: 4343, number: 43 } }, { status: 201, body: { number: 43 } }]);
		const run = await scopedNode({ resource: 'issue', operation, ...repo(), issueNumber: { __rl: true, mode: 'id', value: '42' }, blockingNumber: '43' });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => [request.method, request.path, request.body])).toEqual([['GET', '/repos/octo/hello/issues/43', undefined], sent]);
	});
});

/** Requests an API Call could send, with what each touches. */
const CORPUS: Array<[IHttpRequestMethods, string, IDataObject?]> = [
	['GET', '/repos/octo/hello/issues'],
	['POST', '/repos/octo/hello/issues', { title: 'x' }],
	['GET', '/repos/evil/x'],
	['POST', '/repos/octo/hello/forks', { organization: 'evil' }],
	['POST', '/repos/octo/hello/forks', { organization: 'octo' , name: 'fork' }],
	['POST', '/repos/octo/hello/issues/1/sub_issues', { sub_issue_id: 5 }],
	['POST', '/repos/octo/hello/issues/1/dependencies/blocked_by', { issue_id: 5 }],
	['DELETE', '/repos/octo/hello/issues/1/dependencies/blocked_by/5'],
	['GET', '/repos/octo/hello/issues/1/dependencies/blocking'],
	['PUT', '/user/starred/octo/hello'],
	['PUT', '/user/starred/evil/x'],
	['POST', '/user/repos', { name: 'hello' }],
	['POST', '/orgs/octo/repos', { name: 'new' }],
	['GET', '/orgs/octo'],
	['GET', '/orgs/octo/members'],
	['PUT', '/orgs/octo/memberships/attacker', { role: 'admin' }],
	['POST', '/orgs/octo/invitations', { email: 'a@example.com', role: 'admin' }],
	['GET', '/orgs/octo/actions/secrets'],
	['GET', '/orgs/octo/rulesets'],
	['GET', '/orgs/octo/teams'],
	['POST', '/orgs/octo/hooks', { name: 'web' }],
	['GET', '/orgs/evil/teams'],
	['GET', '/users/octo'],
	['GET', '/users/evil'],
	['GET', '/user'],
	['PATCH', '/user', { bio: 'x' }],
	['GET', '/user/orgs'],
	['GET', '/rate_limit'],
	['GET', '/advisories', { ecosystem: 'npm' }],
	['GET', '/advisories/GHSA-35jh-r3h4-6jhm'],
	['POST', '/advisories', { summary: 'x' }],
	['GET', '/advisories/GHSA-35jh-r3h4-6jhm/extra'],
	['GET', '/user/repos'],
	['GET', '/orgs/evil/repos'],
	['GET', '/user/repository_invitations'],
	['PATCH', '/user/repository_invitations/1'],
	['PATCH', '/user/repository_invitations/2'],
	['GET', '/search/issues', { q: 'repo:octo/hello bug' }],
	['GET', '/search/issues', { q: 'bug' }],
	['GET', '/search/users', { q: 'mona' }],
	['GET', '/notifications'],
	['PUT', '/notifications'],
	['GET', '/notifications/threads/1'],
	['PATCH', '/notifications/threads/2'],
	['GET', '/gists'],
	['GET', '/users/mona/gists'],
	['GET', '/users/evil/gists'],
	['POST', '/gists', { files: {} }],
	['DELETE', '/user/keys/1'],
	['GET', '/repositories/1'],
	['GET', '/teams/1'],
	['GET', '/enterprises/x/settings'],
];

const LOOKUPS = {
	login: async () => 'mona',
	threadRepository: async (id: string) => ({ '1': 'octo/hello', '2': 'evil/x' })[id],
	invitationRepository: async (id: string) => ({ '1': 'octo/hello', '2': 'evil/x' })[id],
};

async function verdict(list: string, source: string, [method, path, values]: (typeof CORPUS)[number]) {
	const request = { method, path, ...(method === 'GET' ? { qs: values } : { body: values }) };
	try {
		await checkGitHubRequest({ repositories: parseRepositoryList(list, source, 'Allowed Repositories'), readOnly: false }, request, LOOKUPS);
		return 'allowed';
	} catch (error) {
		return (error as Error).message.startsWith('Refused') ? 'refused' : `failed: ${(error as Error).message}`;
	}
}

describe('the node list and the credential scope agree', () => {
	const LISTS = ['octo/hello', 'octo/*', 'evil/x, octo/*'];

	it.each(LISTS)('on a corpus of API Call requests (%s)', async (list) => {
		const asNode = await Promise.all(CORPUS.map(async (request) => await verdict(list, NODE_SOURCE, request)));
		const asCredential = await Promise.all(CORPUS.map(async (request) => await verdict(list, CREDENTIAL_SOURCE, request)));
		expect(asNode).toEqual(asCredential);
		// The corpus tells both answers apart: neither list allows or refuses everything.
		expect(asNode).toContain('allowed');
		expect(asNode).toContain('refused');
	});

	it('organization-level endpoints are granted by OWNER/* and by nothing narrower', async () => {
		const organizationLevel = CORPUS.filter(([, path]) => /^\/orgs\/octo(\/(?!repos)|$)/.test(path));
		expect(organizationLevel.length).toBeGreaterThan(6);
		for (const request of organizationLevel) {
			expect([request[1], await verdict('octo/hello', CREDENTIAL_SOURCE, request)]).toEqual([request[1], 'refused']);
			expect([request[1], await verdict('octo/*', NODE_SOURCE, request)]).toEqual([request[1], 'allowed']);
		}
	});

	it('an endpoint the classifier does not know is refused, naming it', async () => {
		const run = await apiCall('GET', '/teams/1');
		expect(run.error('Call')?.message).toMatch(/^Refused: GET \/teams\/1 cannot be checked against the credential's repository scope\./);
	});
});

/** Answers any request: the fixture's reply for the same method and path first, else a plausible object. */
function answerEverything(exchanges: Array<{ request: { method: string; path: string }; reply: { status?: number; body?: unknown } }>) {
	const unused = [...exchanges];
	const scope = nock('https://api.github.com').persist();
	for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
		scope.intercept(() => true, method).reply((uri) => {
			const path = new URL(uri, 'https://api.github.com').pathname;
			const at = unused.findIndex((exchange) => exchange.request.method === method && exchange.request.path === path);
			if (at >= 0) {
				const [exchange] = unused.splice(at, 1);
				return [exchange.reply.status ?? 200, exchange.reply.body === undefined ? '' : JSON.stringify(exchange.reply.body)];
			}
			if (path === '/user') return [200, JSON.stringify({ login: 'mona' })];
			if (path === '/user/repository_invitations') return [200, JSON.stringify([{ id: 1, repository: { full_name: 'octo/hello' } }])];
			return [200, JSON.stringify({ id: 1, repository: { full_name: 'octo/hello' } })];
		});
	}
}

const plain = (value: unknown) => String(value && typeof value === 'object' ? (value as IDataObject).value : value ?? '');

describe('the node list and the credential scope agree on every row', () => {
	const rows = GITHUB_ROWS.map((row) => {
		const key = `${row.resource}.${row.operation}`;
		return [key, FIXTURES.find((fixture) => fixture.row === key)] as const;
	}).filter(([, fixture]) => fixture !== undefined);

	it('every row has a fixture to run', () => {
		expect(rows.length).toBe(GITHUB_ROWS.length);
	});

	it.each(rows)('%s', async (key, fixture) => {
		const [resource, operation] = key.split('.');
		const parameters = { resource, operation, ...fixture!.parameters };
		const owners = ['owner', 'organization', 'projectOwner', 'username'].map((name) => plain(fixture!.parameters[name])).filter(Boolean);
		for (const list of ['someone/else', [...new Set([...owners, 'octo'])].map((owner) => `${owner}/*`).join(', ')]) {
			answerEverything(fixture!.exchanges);
			const underNode = await runGitHub({ ...parameters, options: { allowedRepositories: list } }, fixture!.input, fixture!.inputBinary);
			nock.cleanAll();
			answerEverything(fixture!.exchanges);
			const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: list, accessLevel: 'readWrite' } };
			const node = packageNode('GitHub', 'gitHub', { simplify: false, ...parameters }, { githubAccessTokenApi: 'token-cred' });
			const underCredential = await runWorkflow(singleNodeWorkflow(node, fixture!.input, fixture!.inputBinary), { credentials: scoped as never });
			nock.cleanAll();
			const refused = (message: string | undefined) => (/^Refused/.test(message ?? '') ? 'refused' : 'not refused');
			expect([list, refused(underNode.error('GitHub')?.message)]).toEqual([list, refused(underCredential.error('GitHub')?.message)]);
		}
	});
});

