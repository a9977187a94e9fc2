import type { IDataObject } from 'n8n-workflow';

import { GITHUB_RESOURCES, GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { FakeClock } from '../transport/fakeClock';
import type { OperationFixture } from './fixtures';
import { FIXTURES } from './fixtures';
import { GitHubRecorder } from './recorder';
import { byList, byName, repo, runGitHub } from './run';
import { worksOnOrganization, worksOnRepository } from './rowTargets';

// Dispatch and Wait's polling sleeps on the transport's clock: instant here.
beforeEach(() => {
	resetGitHubRateLimitState();
	new FakeClock().install();
});
afterEach(() => FakeClock.uninstall());

const plain = (value: unknown) => (value && typeof value === 'object' ? (value as IDataObject).value : value) as string;

/** The repository a fixture works on, as owner/name; undefined when it works on none. */
function repositoryOf(fixture: OperationFixture): string | undefined {
	const p = fixture.parameters;
	if (fixture.row === 'repository.create') return `${plain(p.owner)}/${String(p.name)}`;
	const repository = plain(p.repository);
	if (!repository) return undefined;
	const url = /^https?:\/\/[^/]+\/([^/]+)\/([^/]+?)(\.git)?$/.exec(repository);
	return url ? `${url[1]}/${url[2]}` : `${plain(p.owner)}/${repository}`;
}

/** The organization a fixture of an organization-wide row works on; undefined for other rows. */
const organizationRows = new Set(GITHUB_ROWS.filter(worksOnOrganization).map((row) => `${row.resource}.${row.operation}`));
const organizationOf = (fixture: OperationFixture) => (organizationRows.has(fixture.row) ? plain(fixture.parameters.organization) : undefined);

/**
 * Rows confined otherwise (queries, result lists: one by one below; gists: test/security/nodeAllowlistGists.test.ts;
 * notifications, accounts and users: test/security/githubClassifier.test.ts).
 */
const handlerConfined = (row: (typeof GITHUB_ROWS)[number]) => !worksOnRepository(row) && !worksOnOrganization(row);

/** Repositories an operation creates besides the one it works on (a fork), as owner/name. */
function createdRepository(fixture: OperationFixture): string | undefined {
	if (fixture.row !== 'repository.createFork') return undefined;
	const fields = (fixture.parameters.additionalFields ?? {}) as IDataObject;
	return `${String(fields.organization)}/${String(fields.name)}`;
}

/** First fixture of each row that names a repository (or any, for rows that work on none). */
const CASES = GITHUB_ROWS.filter((row) => !handlerConfined(row)).map((row) => {
	const key = `${row.resource}.${row.operation}`;
	const fixtures = FIXTURES.filter((fixture) => fixture.row === key);
	return [key, fixtures.find((fixture) => repositoryOf(fixture)) ?? fixtures[0]] as [string, OperationFixture];
});

describe('Allowed Repositories: every resource', () => {
	it('covers every resource', () => {
		const searchResources = GITHUB_ROWS.filter(handlerConfined).map((row) => row.resource);
		const resources = new Set([...CASES.map(([key]) => key.split('.')[0]), ...searchResources]);
		expect([...resources].sort()).toEqual(GITHUB_RESOURCES.map((r) => r.value).sort());
	});

	it.each(CASES)('%s: allowed repository (case-insensitive, among others) → runs as without the setting', async (key, fixture) => {
		const target = repositoryOf(fixture);
		const recorder = new GitHubRecorder(fixture.exchanges.map((e) => e.reply));
		const [resource, operation] = key.split('.');
		const run = await runGitHub({
			resource,
			operation,
			...fixture.parameters,
			// A project must belong to an owner the list names.
			options: { allowedRepositories: `someone/else, ${(target ?? (organizationOf(fixture) ? `${organizationOf(fixture)}/*` : 'any/repo')).toUpperCase()}${fixture.parameters.projectOwner ? `, ${plain(fixture.parameters.projectOwner)}/board` : ''}${createdRepository(fixture) ? `, ${createdRepository(fixture)}` : ''}` },
		}, fixture.input, fixture.inputBinary);
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests).toHaveLength(fixture.exchanges.length);
		expect(run.json('GitHub')).toEqual(fixture.output);
	});

	const scoped = CASES.filter(([, fixture]) => repositoryOf(fixture));
	it.each(scoped)('%s: repository outside the list → NodeOperationError, nothing sent', async (key, fixture) => {
		const recorder = new GitHubRecorder(fixture.exchanges.map((e) => e.reply));
		const [resource, operation] = key.split('.');
		const run = await runGitHub({ resource, operation, ...fixture.parameters, options: { allowedRepositories: 'someone/else\nacme/*' } });
		const error = run.error('GitHub');
		expect(error?.message).toBe(
			`Refused: the repository "${repositoryOf(fixture)}" is outside the node's "Allowed Repositories". Allowed repositories: someone/else, acme/*.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	const organizationCases = CASES.filter(([key]) => organizationRows.has(key));
	it.each(organizationCases)('%s: an organization the list does not name as OWNER/* → NodeOperationError, nothing sent', async (key, fixture) => {
		const recorder = new GitHubRecorder(fixture.exchanges.map((e) => e.reply));
		const [resource, operation] = key.split('.');
		const organization = organizationOf(fixture);
		const run = await runGitHub({ resource, operation, ...fixture.parameters, options: { allowedRepositories: `${organization}/api, someone/*` } });
		expect(run.error('GitHub')?.message).toBe(
			`Refused: the organization "${organization}" reaches every repository of it, and the node's "Allowed Repositories" does not name ${organization}/*. Allowed repositories: ${organization}/api, someone/*.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('every row is checked: by its repository, its organization, or (the others) as test/security/githubClassifier.test.ts shows', () => {
		expect(organizationCases.length).toBeGreaterThan(10);
		expect(CASES.filter(([key, fixture]) => !repositoryOf(fixture) && !organizationRows.has(key)).map(([key]) => key)).toEqual([]);
	});

	it('owner/* allows every repository of that owner', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 1 } }]);
		const run = await runGitHub({ resource: 'repository', operation: 'get', ...repo('octo', 'anything'), options: { allowedRepositories: 'octo/*' } });
		expect(run.json('GitHub')).toEqual([{ id: 1 }]);
		expect(recorder.requests.map((r) => r.path)).toEqual(['/repos/octo/anything']);
	});

	it('a repository URL is checked with the owner it names', async () => {
		const recorder = new GitHubRecorder([{ body: { id: 1 } }]);
		const run = await runGitHub({
			resource: 'issue',
			operation: 'list',
			owner: byList(''),
			repository: { __rl: true, mode: 'url', value: 'https://github.com/evil/hello' },
			options: { allowedRepositories: 'octo/hello' },
		});
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the repository "evil/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Create Repository without an owner is refused while the list is set (the account is unknown before a request)', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'repository', operation: 'create', owner: byList(''), name: 'x', options: { allowedRepositories: 'octo/x' } });
		expect(run.error('GitHub')?.message).toBe('The repository owner is empty while "Allowed Repositories" is set (allowed: octo/x)');
		expect(recorder.requests).toEqual([]);
	});

	it('an entry that is not owner/name is a clear error', async () => {
		const run = await runGitHub({ resource: 'rateLimit', operation: 'get', options: { allowedRepositories: 'octo' } });
		expect(run.error('GitHub')?.message).toBe('"octo" in "Allowed Repositories" is not a repository, so nothing is allowed');
	});
});

describe('Allowed Repositories: Search is confined', () => {
	const search = (query: string, allowedRepositories: string) =>
		runGitHub({ resource: 'search', operation: 'issuesAndPullRequests', query, returnAll: true, options: { allowedRepositories } });
	const hit = (number: number, repository: string) => ({ number, repository_url: `https://api.github.com/repos/${repository}` });

	it('appends the allowed repositories as qualifiers and drops results from anywhere else', async () => {
		const recorder = new GitHubRecorder([
			{ body: { total_count: 3, items: [hit(1, 'octo/hello'), hit(2, 'acme/tools'), hit(3, 'evil/x')] } },
		]);
		const run = await search('is:issue label:bug -repo:octo/old', 'octo/hello, acme/*');
		expect(recorder.requests.map((r) => r.query)).toEqual([
			{ q: 'is:issue label:bug -repo:octo/old repo:octo/hello user:acme', per_page: '100' },
		]);
		expect(recorder.contractProblems()).toEqual([]);
		expect(run.json('GitHub')).toEqual([hit(1, 'octo/hello'), hit(2, 'acme/tools')]);
	});

	it('keeps a query that names only allowed repositories as it is', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 1, items: [hit(4, 'octo/hello')] } }]);
		const run = await search('repo:Octo/Hello is:pr', 'octo/hello, octo/world');
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['repo:Octo/Hello is:pr']);
		expect(run.json('GitHub')).toEqual([hit(4, 'octo/hello')]);
	});

	it.each([
		['repo:evil/x is:open', 'names the repository "evil/x", which is not allowed'],
		['is:open org:evil', 'uses "org:evil", which can reach repositories outside the allowed ones'],
		['is:open user:octo', 'uses "user:octo", which can reach repositories outside the allowed ones'],
		['bug OR repo:evil/x', 'uses OR, NOT or parentheses, which could reach other repositories'],
		['(is:issue) label:bug', 'uses OR, NOT or parentheses, which could reach other repositories'],
	])('refuses %j before sending anything', async (query, why) => {
		const recorder = new GitHubRecorder([]);
		const run = await search(query, 'octo/hello');
		expect(run.error('GitHub')?.message).toBe(`Refused: the search query ${why}. Allowed repositories: octo/hello.`);
		expect(recorder.requests).toEqual([]);
	});

	it('without the setting, the query is sent unchanged and nothing is filtered', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 1, items: [hit(3, 'evil/x')] } }]);
		const run = await search('repo:evil/x', '');
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['repo:evil/x']);
		expect(run.json('GitHub')).toEqual([hit(3, 'evil/x')]);
	});

	it('Project item status: the item’s repository must be allowed', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({
			resource: 'project',
			operation: 'updateItemStatus',
			projectOwner: byName('acme'),
			projectNumber: 1,
			...repo('evil', 'x'),
			issueNumber: { __rl: true, mode: 'id', value: '1' },
			status: 'Done',
			options: { allowedRepositories: 'octo/hello' },
		});
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Allowed Repositories: lists, forks and searches beyond issues', () => {
	const repository = (fullName: string) => ({ full_name: fullName, html_url: `https://github.com/${fullName}` });

	it.each([
		['listMine', {}, '/user/repos'],
		['listForUser', { username: 'mona' }, '/users/mona/repos'],
		['listForOrganization', { organization: 'acme' }, '/orgs/acme/repos'],
		['listStarred', {}, '/user/starred'],
	])('Repository → %s keeps only allowed repositories, checked before Simplify', async (operation, parameters, path) => {
		const recorder = new GitHubRecorder([{ body: [repository('octo/hello'), repository('acme/secret'), repository('acme/tools')] }]);
		const run = await runGitHub({ resource: 'repository', operation, ...parameters, limit: 3, simplify: true, options: { allowedRepositories: 'octo/hello, ACME/tools' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => r.path)).toEqual([path]);
		expect(run.json('GitHub').map((item) => item.fullName)).toEqual(['octo/hello', 'acme/tools']);
	});

	it('Repository → Create Fork: a fork outside the list is refused before anything is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'repository', operation: 'createFork', ...repo(), additionalFields: { organization: 'evil' }, options: { allowedRepositories: 'octo/*' } });
		expect(run.error('GitHub')?.message).toBe(
			'Refused: the repository "evil/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/*.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Repository → Create Fork into the account: its login is read, then the fork is checked', async () => {
		const recorder = new GitHubRecorder([{ body: { login: 'mona' } }, { status: 202, body: { full_name: 'mona/hello' } }]);
		const run = await runGitHub({ resource: 'repository', operation: 'createFork', ...repo(), options: { allowedRepositories: 'octo/hello, mona/hello' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', 'POST /repos/octo/hello/forks']);
		expect(run.json('GitHub')).toEqual([{ full_name: 'mona/hello' }]);
	});

	it.each([
		['repositories', 'topic:cli', { total_count: 2, items: [{ full_name: 'octo/hello' }, { full_name: 'evil/x' }] }, 'fullName', 'octo/hello'],
		['code', 'useState', { total_count: 2, items: [{ name: 'a.ts', repository: { full_name: 'evil/x' } }, { name: 'b.ts', repository: { full_name: 'octo/hello' } }] }, 'name', 'b.ts'],
		['issuesAndPullRequests', 'is:open', { total_count: 2, items: [{ number: 1, repository_url: 'https://api.github.com/repos/octo/hello' }, { number: 2, repository_url: 'https://api.github.com/repos/evil/x' }] }, 'number', 1],
		['commits', 'fix login', { total_count: 2, items: [{ sha: 'e1', repository: { full_name: 'evil/x' } }, { sha: 'a1', repository: { full_name: 'octo/hello' } }] }, 'sha', 'a1'],
	])('Search → %s: allowed repositories appended, other results dropped before Simplify', async (operation, query, body, key, kept) => {
		const recorder = new GitHubRecorder([{ body }]);
		const run = await runGitHub({ resource: 'search', operation, query, limit: 5, simplify: true, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => r.query.q)).toEqual([`${query} repo:octo/hello`]);
		expect(recorder.contractProblems()).toEqual([]);
		expect(run.json('GitHub').map((item) => item[key])).toEqual([kept]);
	});

	it('Collaborator → List My Invitations keeps only invitations to allowed repositories', async () => {
		const invitations = [{ id: 1, repository: { full_name: 'octo/hello' } }, { id: 2, repository: { full_name: 'evil/x' } }];
		new GitHubRecorder([{ body: invitations }]);
		const run = await runGitHub({ resource: 'collaborator', operation: 'listMyInvitations', returnAll: true, options: { allowedRepositories: 'octo/*' } });
		expect(run.json('GitHub')).toEqual([invitations[0]]);
	});

	it('Collaborator → Accept Invitation: the invitation’s repository is looked up and checked before accepting', async () => {
		const invitations = [{ id: 1, repository: { full_name: 'octo/hello' } }, { id: 2, repository: { full_name: 'evil/x' } }];
		const refused = new GitHubRecorder([{ body: invitations }]);
		const outside = await runGitHub({ resource: 'collaborator', operation: 'acceptInvitation', invitationId: 2, options: { allowedRepositories: 'octo/*' } });
		expect(outside.error('GitHub')?.message).toBe(
			'Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/*.',
		);
		expect(refused.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user/repository_invitations']);
	});

	it('Collaborator → Accept Invitation to an allowed repository: looked up, then accepted', async () => {
		const invitations = [{ id: 1, repository: { full_name: 'octo/hello' } }, { id: 2, repository: { full_name: 'evil/x' } }];
		const accepted = new GitHubRecorder([{ body: invitations }, { status: 204 }]);
		const inside = await runGitHub({ resource: 'collaborator', operation: 'acceptInvitation', invitationId: 1, options: { allowedRepositories: 'octo/*' } });
		expect(inside.json('GitHub')).toEqual([{ accepted: true, invitationId: 1 }]);
		expect(accepted.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user/repository_invitations', 'PATCH /user/repository_invitations/1']);
	});

	it('Search → Users is refused while the list is set: people belong to no repository', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'search', operation: 'users', query: 'location:berlin', limit: 5, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toBe(
			'Refused: searching users reaches beyond the node\'s "Allowed Repositories", because people belong to no repository. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Allowed Repositories: Projects (V2) reads', () => {
	it.each([
		['list', {}],
		['listFields', { projectNumber: 3 }],
		['listItems', { projectNumber: 3 }],
	])('Project → %s of an owner the list does not name is refused before any GraphQL request', async (operation, parameters) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'project', operation, projectOwner: byName('evil'), ...parameters, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toMatch(
			/^Refused: (projects|project 3) of "evil" (belong|belongs) to an owner outside the node's "Allowed Repositories"\. Allowed repositories: octo\/hello\. Projects of those owners can be used\.$/,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Project → List Items leaves out items of other repositories, keeps drafts', async () => {
		const issue = (id: string, repository: string) => ({ id, type: 'ISSUE', isArchived: false, content: { number: 1, title: id, repository: { nameWithOwner: repository } }, fieldValues: { nodes: [] } });
		const recorder = new GitHubRecorder([
			{
				body: {
					data: {
						repositoryOwner: {
							projectV2: {
								items: {
									nodes: [issue('A', 'octo/hello'), issue('B', 'octo/secret'), { id: 'C', type: 'DRAFT_ISSUE', isArchived: false, content: { title: 'C' }, fieldValues: { nodes: [] } }, { id: 'D', type: 'REDACTED', isArchived: false, content: null, fieldValues: { nodes: [] } }],
									pageInfo: { hasNextPage: false, endCursor: null },
								},
							},
						},
					},
				},
			},
		]);
		const run = await runGitHub({ resource: 'project', operation: 'listItems', projectOwner: byName('octo'), projectNumber: 2, limit: 10, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests).toHaveLength(1);
		expect(run.json('GitHub').map((item) => item.itemId)).toEqual(['A', 'C']);
	});
});
