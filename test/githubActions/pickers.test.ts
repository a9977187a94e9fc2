import type { IDataObject } from 'n8n-workflow';

import {
	searchIssueComments,
	searchIssuesAndPullRequests,
	searchOwners,
	searchProjectFieldOptions,
	searchProjects,
	searchRepositories,
	searchReviewComments,
	searchReviews,
	searchArtifacts,
	searchEnvironments,
	searchWorkflowRuns,
} from '../../nodes/GitHub/methods/listSearch';
import { LIST_PROJECTS_QUERY, PROJECT_FIELDS_QUERY } from '../../nodes/GitHub/actions/project/handlers';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { BASE_HEADERS, byId, byList, byName, credentials, runGitHub, TOKEN } from './run';
import { searchContext } from './searchContext';

beforeEach(() => resetGitHubRateLimitState());

/** The access-token credential limited to these repositories. */
const scopedTo = (allowedRepositories: string) => ({
	...credentials,
	githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN, allowedRepositories },
});

const graphqlRequest = (query: string, variables: IDataObject) => ({
	method: 'POST',
	path: '/graphql',
	query: {},
	body: { query, variables },
	headers: { ...BASE_HEADERS, 'content-type': 'application/json' },
});

const project = { resource: 'project', operation: 'updateItemStatus', projectOwner: byList('acme') };

const PROJECTS_PAGE_1 = {
	data: {
		repositoryOwner: {
			projectsV2: {
				nodes: [
					{ id: 'PVT_1', number: 1, title: 'Old roadmap', url: 'https://github.com/orgs/acme/projects/1', closed: true },
					{ id: 'PVT_3', number: 3, title: 'Roadmap', url: 'https://github.com/orgs/acme/projects/3', closed: false },
					{ id: 'PVT_4', number: 4, title: 'Bugs', url: 'https://github.com/orgs/acme/projects/4', closed: false },
				],
				pageInfo: { hasNextPage: true, endCursor: 'Y3Vyc29yOjM=' },
			},
		},
	},
};

const FIELDS = {
	data: {
		repositoryOwner: {
			projectV2: {
				id: 'PVT_3',
				title: 'Roadmap',
				fields: {
					nodes: [
						{ id: 'F_t', name: 'Title', dataType: 'TITLE' },
						{ id: 'F_s', name: 'Status', dataType: 'SINGLE_SELECT', options: [{ id: 'o1', name: 'Todo' }, { id: 'o2', name: 'In Progress' }, { id: 'o3', name: 'Done' }] },
						{ id: 'F_p', name: 'Priority', dataType: 'SINGLE_SELECT', options: [{ id: 'p1', name: 'High' }, { id: 'p2', name: 'Low' }] },
						{ id: 'F_i', name: 'Sprint', dataType: 'ITERATION', configuration: { iterations: [] } },
					],
				},
			},
		},
	},
};

describe('Project picker (Projects V2 of the project owner)', () => {
	it('lists the owner’s projects by title, open before closed, the number as value; the cursor pages', async () => {
		const recorder = new GitHubRecorder([
			{ body: PROJECTS_PAGE_1 },
			{ body: { data: { repositoryOwner: { projectsV2: { nodes: [{ id: 'PVT_9', number: 9, title: 'Hiring', url: 'https://github.com/orgs/acme/projects/9', closed: false }], pageInfo: { hasNextPage: false, endCursor: 'Y3Vyc29yOjQ=' } } } } } },
		]);
		const first = await searchProjects.call(searchContext(project));
		const second = await searchProjects.call(searchContext(project), undefined, first.paginationToken);
		expect(first).toEqual({
			results: [
				{ name: 'Roadmap', value: '3', url: 'https://github.com/orgs/acme/projects/3' },
				{ name: 'Bugs', value: '4', url: 'https://github.com/orgs/acme/projects/4' },
				{ name: 'Old roadmap (closed)', value: '1', url: 'https://github.com/orgs/acme/projects/1' },
			],
			paginationToken: 'Y3Vyc29yOjM=',
		});
		expect(second).toEqual({ results: [{ name: 'Hiring', value: '9', url: 'https://github.com/orgs/acme/projects/9' }], paginationToken: undefined });
		expect(recorder.requests).toEqual([
			graphqlRequest(LIST_PROJECTS_QUERY, { owner: 'acme', first: 100, after: null }),
			graphqlRequest(LIST_PROJECTS_QUERY, { owner: 'acme', first: 100, after: 'Y3Vyc29yOjM=' }),
		]);
	});

	it('filters by title words or by "#number"', async () => {
		new GitHubRecorder([{ body: PROJECTS_PAGE_1 }, { body: PROJECTS_PAGE_1 }]);
		const byTitle = await searchProjects.call(searchContext(project), 'ROADMAP');
		const byNumber = await searchProjects.call(searchContext(project), '#4');
		expect(byTitle.results.map((result) => result.name)).toEqual(['Roadmap', 'Old roadmap (closed)']);
		expect(byNumber.results.map((result) => result.value)).toEqual(['4']);
	});

	it('asks for the owner first, and says when the owner does not exist', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: null } } }]);
		await expect(searchProjects.call(searchContext({ ...project, projectOwner: byList('') }))).rejects.toThrow('Choose the project owner first');
		expect(recorder.requests).toEqual([]);
		await expect(searchProjects.call(searchContext({ ...project, projectOwner: byName('nobody-here') }))).rejects.toThrow(
			'"nobody-here" is not a GitHub user or organization',
		);
		expect(recorder.requests).toHaveLength(1);
	});

	it('lists nothing of an owner outside the node’s "Allowed Repositories" and sends nothing', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchProjects.call(searchContext({ ...project, options: { allowedRepositories: 'octo/hello' } }))).rejects.toThrow(
			'Refused: projects of "acme" belong to an owner outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('lists nothing of an owner outside the credential’s scope, and lists the projects of an owner it names', async () => {
		const recorder = new GitHubRecorder([{ body: PROJECTS_PAGE_1 }]);
		await expect(searchProjects.call(searchContext(project, scopedTo('octo/hello')))).rejects.toThrow(
			'Refused: projects of "acme" belong to an owner outside the credential\'s scope. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
		const allowed = await searchProjects.call(searchContext(project, scopedTo('acme/tools')));
		expect(allowed.results.map((result) => result.value)).toEqual(['3', '4', '1']);
		expect(recorder.requests).toEqual([graphqlRequest(LIST_PROJECTS_QUERY, { owner: 'acme', first: 100, after: null })]);
	});

	it('refuses while "Allowed Repositories" is an expression (resolved only in runs), sending nothing', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(
			searchProjects.call(searchContext({ ...project, options: { allowedRepositories: '={{ $json.repositories }}' } })),
		).rejects.toThrow('the node\'s "Allowed Repositories" is an expression, which is resolved only when the workflow runs');
		expect(recorder.requests).toEqual([]);
	});
});

describe('Status option picker (options of the chosen project’s field)', () => {
	const status = { ...project, projectNumber: byList('3') };

	it('loads the project’s fields and lists the options of "Status", the name as value', async () => {
		const recorder = new GitHubRecorder([{ body: FIELDS }, { body: FIELDS }]);
		const all = await searchProjectFieldOptions.call(searchContext(status));
		const filtered = await searchProjectFieldOptions.call(searchContext({ ...status, projectNumber: byId('#3') }), 'PROG');
		expect(all).toEqual({
			results: [
				{ name: 'Todo', value: 'Todo' },
				{ name: 'In Progress', value: 'In Progress' },
				{ name: 'Done', value: 'Done' },
			],
		});
		expect(filtered).toEqual({ results: [{ name: 'In Progress', value: 'In Progress' }] });
		expect(recorder.requests).toEqual([
			graphqlRequest(PROJECT_FIELDS_QUERY, { owner: 'acme', number: 3 }),
			graphqlRequest(PROJECT_FIELDS_QUERY, { owner: 'acme', number: 3 }),
		]);
	});

	it('lists the options of the field named in "Status Field Name"', async () => {
		new GitHubRecorder([{ body: FIELDS }]);
		const result = await searchProjectFieldOptions.call(searchContext({ ...status, additionalFields: { statusField: 'Priority' } }));
		expect(result).toEqual({ results: [{ name: 'High', value: 'High' }, { name: 'Low', value: 'Low' }] });
	});

	it('names the single-select fields when the field does not exist', async () => {
		new GitHubRecorder([{ body: FIELDS }]);
		const failure = searchProjectFieldOptions.call(searchContext({ ...status, additionalFields: { statusField: 'Stage' } }));
		await expect(failure).rejects.toMatchObject({
			message: 'The project has no single-select field named "Stage"',
			description: 'Set "Status Field Name" to one of: Status, Priority.',
		});
	});

	it('asks for the project first; a missing project is named', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: null } } } }]);
		await expect(searchProjectFieldOptions.call(searchContext({ ...project, projectNumber: byList('') }))).rejects.toThrow('Choose the project first');
		expect(recorder.requests).toEqual([]);
		await expect(searchProjectFieldOptions.call(searchContext({ ...project, projectNumber: byId('8') }))).rejects.toThrow('Project 8 of "acme" was not found');
	});

	it('reads no fields of a project whose owner is outside the scope', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchProjectFieldOptions.call(searchContext({ ...status, options: { allowedRepositories: 'octo/*' } }))).rejects.toThrow(
			'Refused: project 3 of "acme" belongs to an owner outside the node\'s "Allowed Repositories"',
		);
		await expect(searchProjectFieldOptions.call(searchContext(status, scopedTo('octo/*')))).rejects.toThrow(
			'Refused: project 3 of "acme" belongs to an owner outside the credential\'s scope',
		);
		expect(recorder.requests).toEqual([]);
	});
});

const repository = { owner: byList('octo'), repository: byList('hello') };

const ISSUES = [
	{ number: 12, title: 'Add login', html_url: 'https://github.com/octo/hello/pull/12', pull_request: { url: 'https://api.github.com/repos/octo/hello/pulls/12' } },
	{ number: 7, title: 'Crash on login', html_url: 'https://github.com/octo/hello/issues/7' },
	{ number: 3, title: 'Docs', html_url: 'https://github.com/octo/hello/issues/3' },
];

describe('Issue or pull request picker (Projects V2 items)', () => {
	const item = { resource: 'project', operation: 'addItem', projectOwner: byList('acme'), projectNumber: byList('3'), ...repository };

	it('lists issues and pull requests of the repository, pull requests marked "(PR)", the number as value', async () => {
		const recorder = new GitHubRecorder([{ body: ISSUES }]);
		const result = await searchIssuesAndPullRequests.call(searchContext(item));
		expect(result).toEqual({
			results: [
				{ name: '#12 Add login (PR)', value: '12', url: 'https://github.com/octo/hello/pull/12' },
				{ name: '#7 Crash on login', value: '7', url: 'https://github.com/octo/hello/issues/7' },
				{ name: '#3 Docs', value: '3', url: 'https://github.com/octo/hello/issues/3' },
			],
			paginationToken: undefined,
		});
		expect(recorder.requests).toEqual([
			{
				method: 'GET',
				path: '/repos/octo/hello/issues',
				query: { state: 'all', sort: 'updated', direction: 'desc', per_page: '100', page: '1' },
				body: undefined,
				headers: BASE_HEADERS,
			},
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('filters by title words or number, and pages while GitHub returns full pages', async () => {
		const full = Array.from({ length: 100 }, (_, index) => ({ number: 200 - index, title: `Item ${200 - index}`, html_url: `https://github.com/octo/hello/issues/${200 - index}` }));
		const recorder = new GitHubRecorder([{ body: ISSUES }, { body: full }]);
		const filtered = await searchIssuesAndPullRequests.call(searchContext(item), 'login');
		const paged = await searchIssuesAndPullRequests.call(searchContext(item), '#150', '2');
		expect(filtered.results.map((result) => result.name)).toEqual(['#12 Add login (PR)', '#7 Crash on login']);
		expect(paged).toEqual({ results: [{ name: '#150 Item 150', value: '150', url: 'https://github.com/octo/hello/issues/150' }], paginationToken: '3' });
		expect(recorder.requests.map((request) => request.query.page)).toEqual(['1', '2']);
	});

	it('lists nothing of a repository outside the node’s or the credential’s "Allowed Repositories"', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchIssuesAndPullRequests.call(searchContext({ ...item, options: { allowedRepositories: 'octo/other, acme/*' } }))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/other, acme/*.',
		);
		await expect(searchIssuesAndPullRequests.call(searchContext(item, scopedTo('octo/other')))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the credential\'s scope. Allowed repositories: octo/other.',
		);
		expect(recorder.requests).toEqual([]);
	});
});

const pullRequest = { resource: 'pullRequest', operation: 'getReview', ...repository, pullNumber: byList('12') };

describe('Review picker (reviews of the chosen pull request)', () => {
	const REVIEWS = [
		{ id: 80, user: { login: 'octocat' }, state: 'APPROVED', body: 'Looks good', submitted_at: '2026-03-02T10:00:00Z', html_url: 'https://github.com/octo/hello/pull/12#pullrequestreview-80' },
		{ id: 81, user: { login: 'hubot' }, state: 'CHANGES_REQUESTED', body: 'Please add tests', submitted_at: '2026-03-03T09:30:00Z', html_url: 'https://github.com/octo/hello/pull/12#pullrequestreview-81' },
		{ id: 82, user: null, state: 'PENDING', body: '', html_url: 'https://github.com/octo/hello/pull/12#pullrequestreview-82' },
	];

	it('lists the reviews as "Review by @login — STATE — date", the ID as value', async () => {
		const recorder = new GitHubRecorder([{ body: REVIEWS }]);
		const result = await searchReviews.call(searchContext(pullRequest));
		expect(result).toEqual({
			results: [
				{ name: 'Review by @octocat — APPROVED — 2026-03-02', value: '80', url: 'https://github.com/octo/hello/pull/12#pullrequestreview-80' },
				{ name: 'Review by @hubot — CHANGES_REQUESTED — 2026-03-03', value: '81', url: 'https://github.com/octo/hello/pull/12#pullrequestreview-81' },
				{ name: 'Review by @ghost — PENDING', value: '82', url: 'https://github.com/octo/hello/pull/12#pullrequestreview-82' },
			],
			paginationToken: undefined,
		});
		expect(recorder.requests).toEqual([
			{ method: 'GET', path: '/repos/octo/hello/pulls/12/reviews', query: { per_page: '100', page: '1' }, body: undefined, headers: BASE_HEADERS },
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('filters by reviewer, state or text; takes the pull request as "#12"; pages on full pages', async () => {
		const full = Array.from({ length: 100 }, (_, index) => ({ ...REVIEWS[0], id: 1000 + index }));
		const recorder = new GitHubRecorder([{ body: REVIEWS }, { body: full }]);
		const filtered = await searchReviews.call(searchContext({ ...pullRequest, pullNumber: byId('#12') }), 'changes');
		const paged = await searchReviews.call(searchContext(pullRequest), undefined, '2');
		expect(filtered.results.map((result) => result.value)).toEqual(['81']);
		expect(paged.results).toHaveLength(100);
		expect(paged.paginationToken).toBe('3');
		expect(recorder.requests.map((request) => [request.path, request.query.page])).toEqual([
			['/repos/octo/hello/pulls/12/reviews', '1'],
			['/repos/octo/hello/pulls/12/reviews', '2'],
		]);
	});

	it('asks for the pull request first, and lists nothing outside the scope', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchReviews.call(searchContext({ ...pullRequest, pullNumber: byList('') }))).rejects.toThrow('Choose the pull request first');
		await expect(searchReviews.call(searchContext({ ...pullRequest, options: { allowedRepositories: 'octo/other' } }))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories"',
		);
		await expect(searchReviews.call(searchContext(pullRequest, scopedTo('acme/*')))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the credential\'s scope',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Review comment picker (threads of the chosen pull request)', () => {
	const COMMENTS = [
		{ id: 10, user: { login: 'octocat' }, path: 'src/login.ts', line: 4, body: 'Extract this\ninto a helper', html_url: 'https://github.com/octo/hello/pull/12#discussion_r10' },
		{ id: 11, in_reply_to_id: 10, user: { login: 'hubot' }, path: 'src/login.ts', line: 4, body: 'Done', html_url: 'https://github.com/octo/hello/pull/12#discussion_r11' },
		{ id: 12, user: { login: 'hubot' }, path: 'README.md', line: null, original_line: 9, body: 'x'.repeat(80), html_url: 'https://github.com/octo/hello/pull/12#discussion_r12' },
	];

	it('lists the comments that start a thread (replies go to those), as "@login on path:line — text"', async () => {
		const recorder = new GitHubRecorder([{ body: COMMENTS }, { body: COMMENTS }]);
		const result = await searchReviewComments.call(searchContext({ ...pullRequest, operation: 'replyToReviewComment' }));
		const filtered = await searchReviewComments.call(searchContext({ ...pullRequest, operation: 'replyToReviewComment' }), 'readme');
		expect(result).toEqual({
			results: [
				{ name: '@octocat on src/login.ts:4 — Extract this into a helper', value: '10', url: 'https://github.com/octo/hello/pull/12#discussion_r10' },
				{ name: `@hubot on README.md:9 — ${'x'.repeat(59)}…`, value: '12', url: 'https://github.com/octo/hello/pull/12#discussion_r12' },
			],
			paginationToken: undefined,
		});
		expect(filtered.results.map((entry) => entry.value)).toEqual(['12']);
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/repos/octo/hello/pulls/12/comments', { per_page: '100', page: '1' }],
			['GET', '/repos/octo/hello/pulls/12/comments', { per_page: '100', page: '1' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});
});

describe('Comment picker (conversation comments of the repository)', () => {
	const COMMENTS = [
		{ id: 1081119451, user: { login: 'octocat' }, body: 'Fixed in #12', created_at: '2026-03-04T08:00:00Z', issue_url: 'https://api.github.com/repos/octo/hello/issues/7', html_url: 'https://github.com/octo/hello/issues/7#issuecomment-1081119451' },
		{ id: 1081119452, user: { login: 'hubot' }, body: 'Deployed', created_at: '2026-03-01T08:00:00Z', issue_url: 'https://api.github.com/repos/octo/hello/issues/12', html_url: 'https://github.com/octo/hello/pull/12#issuecomment-1081119452' },
	];
	const comment = { resource: 'issue', operation: 'editComment', ...repository };

	it('lists the newest comments as "@login on #number — date — text", the ID as value', async () => {
		const recorder = new GitHubRecorder([{ body: COMMENTS }, { body: COMMENTS }]);
		const result = await searchIssueComments.call(searchContext(comment));
		const onTwelve = await searchIssueComments.call(searchContext(comment), '#12');
		expect(result).toEqual({
			results: [
				{ name: '@octocat on #7 — 2026-03-04 — Fixed in #12', value: '1081119451', url: 'https://github.com/octo/hello/issues/7#issuecomment-1081119451' },
				{ name: '@hubot on #12 — 2026-03-01 — Deployed', value: '1081119452', url: 'https://github.com/octo/hello/pull/12#issuecomment-1081119452' },
			],
			paginationToken: undefined,
		});
		// "#12" matches the comment on #12 and the comment that mentions #12.
		expect(onTwelve.results.map((entry) => entry.value)).toEqual(['1081119451', '1081119452']);
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/repos/octo/hello/issues/comments', { sort: 'updated', direction: 'desc', per_page: '100', page: '1' }],
			['GET', '/repos/octo/hello/issues/comments', { sort: 'updated', direction: 'desc', per_page: '100', page: '1' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('lists nothing of a repository outside the node’s "Allowed Repositories"', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchIssueComments.call(searchContext({ ...comment, repository: byList('octo/secret'), owner: byList(''), options: { allowedRepositories: 'octo/hello' } }))).rejects.toThrow(
			'Refused: the repository "octo/secret" is outside the node\'s "Allowed Repositories"',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Run and artifact pickers (GitHub Actions of the repository)', () => {
	const RUNS = {
		total_count: 150,
		workflow_runs: [
			{ id: 30433642, name: 'CI', run_number: 512, status: 'completed', conclusion: 'failure', head_branch: 'main', created_at: '2026-03-05T12:00:00Z', display_title: 'Fix login', html_url: 'https://github.com/octo/hello/actions/runs/30433642' },
			{ id: 30433641, name: 'Deploy', run_number: 88, status: 'in_progress', conclusion: null, head_branch: 'release/1.2', created_at: '2026-03-05T11:00:00Z', display_title: 'Release 1.2', html_url: 'https://github.com/octo/hello/actions/runs/30433641' },
		],
	};
	const run = { resource: 'workflow', operation: 'getRun', ...repository };

	it('lists the runs as "Workflow #number — outcome — branch — date", the ID as value, paging by the total', async () => {
		const recorder = new GitHubRecorder([{ body: RUNS }, { body: RUNS }]);
		const result = await searchWorkflowRuns.call(searchContext(run));
		const filtered = await searchWorkflowRuns.call(searchContext(run), 'release', '2');
		expect(result).toEqual({
			results: [
				{ name: 'CI #512 — failure — main — 2026-03-05', value: '30433642', url: 'https://github.com/octo/hello/actions/runs/30433642' },
				{ name: 'Deploy #88 — in_progress — release/1.2 — 2026-03-05', value: '30433641', url: 'https://github.com/octo/hello/actions/runs/30433641' },
			],
			paginationToken: '2',
		});
		expect(filtered).toEqual({ results: [result.results[1]], paginationToken: undefined });
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/repos/octo/hello/actions/runs', { per_page: '100', page: '1' }],
			['GET', '/repos/octo/hello/actions/runs', { per_page: '100', page: '2' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('lists the artifacts as "name — run — size", expired ones marked, the ID as value', async () => {
		const recorder = new GitHubRecorder([
			{
				body: {
					total_count: 2,
					artifacts: [
						{ id: 11, name: 'coverage', size_in_bytes: 3145728, expired: false, workflow_run: { id: 30433642 } },
						{ id: 9, name: 'build-logs', size_in_bytes: 2000, expired: true, workflow_run: { id: 30433600 } },
					],
				},
			},
		]);
		const result = await searchArtifacts.call(searchContext({ ...run, operation: 'downloadArtifact' }));
		expect(result).toEqual({
			results: [
				{ name: 'coverage — run 30433642 — 3.0 MB', value: '11' },
				{ name: 'build-logs — run 30433600 — 2 KB, expired', value: '9' },
			],
			paginationToken: undefined,
		});
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/repos/octo/hello/actions/artifacts', { per_page: '100', page: '1' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('lists no runs or artifacts of a repository outside the scope', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchWorkflowRuns.call(searchContext({ ...run, options: { allowedRepositories: 'octo/other' } }))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories"',
		);
		await expect(searchArtifacts.call(searchContext(run, scopedTo('octo/other')))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the credential\'s scope',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Environment picker (deployment environments of the repository)', () => {
	const secret = { resource: 'secret', operation: 'setEnvironment', ...repository };

	it('lists the environments by name, the name as value, filtered by words, paging by the total', async () => {
		const environments = [
			{ id: 1, name: 'production', html_url: 'https://github.com/octo/hello/deployments/activity_log?environments_filter=production' },
			{ id: 2, name: 'staging', html_url: 'https://github.com/octo/hello/deployments/activity_log?environments_filter=staging' },
		];
		const recorder = new GitHubRecorder([{ body: { total_count: 102, environments } }, { body: { total_count: 102, environments } }]);
		const first = await searchEnvironments.call(searchContext(secret));
		const filtered = await searchEnvironments.call(searchContext(secret), 'stag', '2');
		expect(first).toEqual({
			results: environments.map((environment) => ({ name: environment.name, value: environment.name, url: environment.html_url })),
			paginationToken: '2',
		});
		expect(filtered).toEqual({ results: [first.results[1]], paginationToken: undefined });
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/repos/octo/hello/environments', { per_page: '100', page: '1' }],
			['GET', '/repos/octo/hello/environments', { per_page: '100', page: '2' }],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('lists nothing of a repository outside the node’s "Allowed Repositories"', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchEnvironments.call(searchContext({ ...secret, options: { allowedRepositories: 'octo/other' } }))).rejects.toThrow(
			'Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories"',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Owner and repository pickers inside the node’s "Allowed Repositories"', () => {
	it('offers only owners the allowed repositories name, and only allowed repositories', async () => {
		const recorder = new GitHubRecorder([
			{ body: { login: 'octo' } },
			{ body: [{ login: 'acme' }, { login: 'other' }] },
			{ body: [{ full_name: 'octo/hello', name: 'hello', html_url: 'https://github.com/octo/hello' }, { full_name: 'octo/secret', name: 'secret', html_url: 'https://github.com/octo/secret' }, { full_name: 'acme/tools', name: 'tools', html_url: 'https://github.com/acme/tools' }] },
		]);
		const parameters = { resource: 'issue', operation: 'get', owner: byList(''), repository: byList(''), options: { allowedRepositories: 'octo/hello, acme/*' } };
		const owners = await searchOwners.call(searchContext(parameters));
		const repositories = await searchRepositories.call(searchContext(parameters));
		expect(owners.results.map((result) => result.value)).toEqual(['octo', 'acme']);
		expect(repositories.results.map((result) => result.name)).toEqual(['octo/hello', 'acme/tools']);
		expect(recorder.requests.map((request) => request.path)).toEqual(['/user', '/user/orgs', '/user/repos']);
	});
});

describe('By-ID modes take plain values, as expressions and AI Agent tools ($fromAI) give them', () => {
	it.each([
		['a number', '={{ 80 }}'],
		['text', '={{ "80" }}'],
	])('Get Review with the review ID as %s', async (_kind, value) => {
		const recorder = new GitHubRecorder([{ body: { id: 80, state: 'APPROVED' } }]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'getReview', ...repository, pullNumber: byId('={{ 12 }}'), reviewId: byId(value) });
		expect(run.error('GitHub')).toBeUndefined();
		expect(run.json('GitHub')).toEqual([{ id: 80, state: 'APPROVED' }]);
		expect(recorder.requests.map((request) => [request.method, request.path])).toEqual([['GET', '/repos/octo/hello/pulls/12/reviews/80']]);
	});

	it('Update Item Status with the project number, item number and status name as plain values', async () => {
		const recorder = new GitHubRecorder([
			{
				body: {
					data: {
						repositoryOwner: { projectV2: { id: 'PVT_3', title: 'Roadmap', field: { id: 'F_s', name: 'Status', options: [{ id: 'o3', name: 'Done' }] } } },
						repository: { issueOrPullRequest: { id: 'I_7', projectItems: { nodes: [{ id: 'PVTI_7', project: { id: 'PVT_3' } }] } } },
					},
				},
			},
			{ body: { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_7' } } } } },
		]);
		const run = await runGitHub({
			resource: 'project',
			operation: 'updateItemStatus',
			projectOwner: byName('acme'),
			projectNumber: byId('={{ 3 }}'),
			...repository,
			issueNumber: byId('={{ 7 }}'),
			status: byName('={{ "done" }}'),
		});
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => (request.body as IDataObject).variables)).toEqual([
			{ projectOwner: 'acme', projectNumber: 3, field: 'Status', owner: 'octo', repo: 'hello', number: 7 },
			{ project: 'PVT_3', item: 'PVTI_7', field: 'F_s', option: 'o3' },
		]);
	});

	it('an empty project (an expression that resolves to nothing) is named, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'project', operation: 'listItems', projectOwner: byName('acme'), projectNumber: byId('={{ "" }}') });
		expect(run.error('GitHub')?.message).toBe('The "Project" parameter is empty');
		expect(recorder.requests).toEqual([]);
	});
});
