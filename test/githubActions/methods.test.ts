import { GitHub } from '../../nodes/GitHub/GitHub.node';
import {
	searchBranches,
	searchIssues,
	searchLabels,
	searchMilestones,
	searchOwners,
	searchPullRequests,
	searchReleases,
	searchRepositories,
	searchWorkflows,
} from '../../nodes/GitHub/methods/listSearch';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { BASE_HEADERS, byList, byUrl } from './run';
import { searchContext } from './searchContext';

beforeEach(() => resetGitHubRateLimitState());

const issueParameters = { resource: 'issue', operation: 'get', owner: byList('octo'), repository: byList('hello') };

describe('GitHub node list search', () => {
	it('offers every search method its locators name', () => {
		const methods = Object.keys(new GitHub().methods.listSearch).sort();
		const named = new Set<string>();
		const walk = (value: unknown) => {
			if (Array.isArray(value)) value.forEach(walk);
			else if (value && typeof value === 'object') {
				for (const [key, child] of Object.entries(value)) {
					if (key === 'searchListMethod') named.add(String(child));
					else walk(child);
				}
			}
		};
		walk(new GitHub().description.properties);
		expect([...named].sort()).toEqual(methods);
	});

	it('searches branches of the chosen repository, filtered by name', async () => {
		const recorder = new GitHubRecorder([{ body: [{ name: 'main' }, { name: 'feature/login' }, { name: 'dev' }] }]);
		const result = await searchBranches.call(searchContext({ ...issueParameters, resource: 'branch' }), 'LOG');
		expect(result).toEqual({ results: [{ name: 'feature/login', value: 'feature/login' }], paginationToken: undefined });
		expect(recorder.requests).toEqual([
			{ method: 'GET', path: '/repos/octo/hello/branches', query: { per_page: '100', page: '1' }, body: undefined, headers: BASE_HEADERS },
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('reads owner and name from a repository URL', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 1, workflows: [{ id: 161335, name: 'CI', path: '.github/workflows/ci.yml', html_url: 'https://github.com/n8n-io/n8n/actions' }] } }]);
		const result = await searchWorkflows.call(
			searchContext({ resource: 'workflow', operation: 'enable', owner: byList(''), repository: byUrl('https://github.com/n8n-io/n8n') }),
		);
		expect(result.results).toEqual([{ name: 'CI (ci.yml)', value: '161335', url: 'https://github.com/n8n-io/n8n/actions' }]);
		expect(recorder.requests.map((r) => [r.path, r.query])).toEqual([['/repos/n8n-io/n8n/actions/workflows', { per_page: '100', page: '1' }]]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('searches releases of the repository by tag or name; the value is the release ID', async () => {
		const releases = [
			{ id: 3, tag_name: 'v2.0.0-rc.1', name: 'Second', prerelease: true, html_url: 'https://github.com/octo/hello/releases/tag/v2.0.0-rc.1' },
			{ id: 2, tag_name: 'v1.1.0', name: 'v1.1.0', html_url: 'https://github.com/octo/hello/releases/tag/v1.1.0' },
			{ id: 1, tag_name: 'v1.0.0', name: '', draft: true, html_url: 'https://github.com/octo/hello/releases/tag/untagged-1' },
		];
		const recorder = new GitHubRecorder([{ body: releases }, { body: releases }]);
		const result = await searchReleases.call(searchContext({ ...issueParameters, resource: 'release' }), 'SECOND');
		expect(result).toEqual({
			results: [{ name: 'v2.0.0-rc.1 – Second (prerelease)', value: '3', url: 'https://github.com/octo/hello/releases/tag/v2.0.0-rc.1' }],
			paginationToken: undefined,
		});
		const all = await searchReleases.call(searchContext({ ...issueParameters, resource: 'release' }));
		expect(all.results.map((r) => r.name)).toEqual(['v2.0.0-rc.1 – Second (prerelease)', 'v1.1.0', 'v1.0.0 (draft)']);
		expect(recorder.requests.map((r) => [r.path, r.query])).toEqual([
			['/repos/octo/hello/releases', { per_page: '100', page: '1' }],
			['/repos/octo/hello/releases', { per_page: '100', page: '1' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('searches issues and pull requests of the repository by title words, pages by token', async () => {
		const recorder = new GitHubRecorder([
			{ body: { total_count: 120, items: [{ number: 7, title: 'Crash', html_url: 'https://github.com/octo/hello/issues/7' }] } },
			{ body: { total_count: 1, items: [{ number: 12, title: 'Add login', html_url: 'https://github.com/octo/hello/pull/12' }] } },
		]);
		const issues = await searchIssues.call(searchContext(issueParameters), 'crash', '2');
		const pulls = await searchPullRequests.call(searchContext({ ...issueParameters, resource: 'pullRequest' }));
		expect(issues).toEqual({ results: [{ name: '#7 Crash', value: '7', url: 'https://github.com/octo/hello/issues/7' }], paginationToken: '3' });
		expect(pulls).toEqual({ results: [{ name: '#12 Add login', value: '12', url: 'https://github.com/octo/hello/pull/12' }], paginationToken: undefined });
		expect(recorder.requests.map((r) => r.query)).toEqual([
			{ q: 'crash repo:octo/hello is:issue', per_page: '50', page: '2' },
			{ q: 'repo:octo/hello is:pr', per_page: '50', page: '1' },
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('searches labels of the repository by name or description, the name as value', async () => {
		const recorder = new GitHubRecorder([
			{ body: [{ name: 'bug', description: 'Something is broken' }, { name: 'help wanted', description: null }, { name: 'docs', description: 'Broken links too' }] },
		]);
		const result = await searchLabels.call(searchContext({ ...issueParameters, operation: 'addLabel' }), 'broken');
		expect(result).toEqual({ results: [{ name: 'bug', value: 'bug' }, { name: 'docs', value: 'docs' }], paginationToken: undefined });
		expect(recorder.requests.map((r) => [r.path, r.query])).toEqual([['/repos/octo/hello/labels', { per_page: '100', page: '1' }]]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('searches open and closed milestones of the repository by title, the number as value', async () => {
		const recorder = new GitHubRecorder([
			{
				body: [
					{ number: 3, title: 'v1.2', state: 'open', html_url: 'https://github.com/octo/hello/milestone/3' },
					{ number: 1, title: 'v1.0', state: 'closed', html_url: 'https://github.com/octo/hello/milestone/1' },
				],
			},
		]);
		const result = await searchMilestones.call(searchContext({ ...issueParameters, resource: 'milestone' }), 'V1');
		expect(result).toEqual({
			results: [
				{ name: 'v1.2', value: '3', url: 'https://github.com/octo/hello/milestone/3' },
				{ name: 'v1.0 (closed)', value: '1', url: 'https://github.com/octo/hello/milestone/1' },
			],
			paginationToken: undefined,
		});
		expect(recorder.requests.map((r) => [r.path, r.query])).toEqual([['/repos/octo/hello/milestones', { state: 'all', per_page: '100', page: '1' }]]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('asks for the repository first when none is chosen', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchBranches.call(searchContext({ resource: 'branch', operation: 'get', owner: byList(''), repository: byList('') }))).rejects.toThrow(
			'Choose the repository owner and the repository first',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('without an owner, offers the account’s repositories as "owner/name", so the owner need not be chosen', async () => {
		const recorder = new GitHubRecorder([
			{ body: [{ full_name: 'octo/hello', name: 'hello', html_url: 'https://github.com/octo/hello' }] },
			{ body: { total_count: 1, items: [{ full_name: 'acme/hello-api', name: 'hello-api', html_url: 'https://github.com/acme/hello-api' }] } },
		]);
		const noOwner = { ...issueParameters, owner: byList('') };
		expect(await searchRepositories.call(searchContext(noOwner))).toEqual({
			results: [{ name: 'octo/hello', value: 'octo/hello', url: 'https://github.com/octo/hello' }],
			paginationToken: undefined,
		});
		expect(await searchRepositories.call(searchContext(noOwner), 'hello')).toEqual({
			results: [{ name: 'acme/hello-api', value: 'acme/hello-api', url: 'https://github.com/acme/hello-api' }],
			paginationToken: undefined,
		});
		expect(recorder.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/user/repos', { per_page: '100', page: '1', sort: 'updated' }],
			['GET', '/search/repositories', { q: 'hello in:name', per_page: '100', page: '1' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('keeps owner and repository search working (the trigger nodes use them)', async () => {
		const recorder = new GitHubRecorder([
			{ body: { login: 'octo' } },
			{ body: [{ login: 'acme' }] },
			{ body: { total_count: 1, items: [{ full_name: 'octo/hello', name: 'hello', html_url: 'https://github.com/octo/hello' }] } },
		]);
		const owners = await searchOwners.call(searchContext(issueParameters));
		const repositories = await searchRepositories.call(searchContext(issueParameters), 'hel');
		expect(owners.results.map((r) => r.value)).toEqual(['octo', 'acme']);
		expect(repositories.results).toEqual([{ name: 'octo/hello', value: 'hello', url: 'https://github.com/octo/hello' }]);
		expect(recorder.contractProblems()).toEqual([]);
	});
});
