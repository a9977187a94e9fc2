import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeHttpServer } from '../fakes/server';
import { manualWorkflow, PACKAGE, RealN8n } from './n8n';
import { gitHubNode, OCTO_HELLO } from './workflows';

const TOKEN = 'ghp_e2eActionsToken0123456789abcdefABCD';
const credentials = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
const DIFF = 'diff --git a/src/login.ts b/src/login.ts\n--- a/src/login.ts\n+++ b/src/login.ts\n@@ -1 +1,2 @@\n export {};\n+export const lgoin = true;\n';
const repo = OCTO_HELLO;
const github = (name: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => gitHubNode(credentials, name, parameters, extra);

describe('GitHub node in a real n8n: one operation of every resource, and the API Call node paging', () => {
	const fake = new FakeGitHub();
	// Another host, as GitHub's archive downloads are: it must never see the token.
	const otherHost = new FakeHttpServer();
	let n8n: RealN8n;

	beforeAll(async () => {
		await fake.start();
		await otherHost.start();
		otherHost.on('GET', '/archive', () => ({ body: { archive: true } }));
		fake.tokens.add(TOKEN);
		const releases = Array.from({ length: 130 }, (_, i) => ({ id: i + 1, tag_name: `v${i + 1}` }));
		const issues = Array.from({ length: 205 }, (_, i) => ({ number: i + 1 }));
		const hit = (number: number, repository: string) => ({ number, repository_url: `${fake.apiUrl}/repos/${repository}` });
		fake
			.on('GET', '/repos/{owner}/{repo}', (req) => ({ body: { full_name: `${req.params.owner}/${req.params.repo}`, default_branch: 'main' } }))
			.on('GET', '/repos/{owner}/{repo}/contents/{path}', () => ({
				body: { type: 'file', name: 'README.md', path: 'README.md', sha: 'r1', encoding: 'base64', content: Buffer.from('# Hello\n').toString('base64') },
			}))
			.on('GET', '/repos/{owner}/{repo}/git/ref/heads/{branch}', () => ({ body: { ref: 'refs/heads/main', object: { sha: 'main-sha' } } }))
			.on('POST', '/repos/{owner}/{repo}/git/refs', (req) => ({ status: 201, body: { ref: (req.body as { ref: string }).ref, object: { sha: (req.body as { sha: string }).sha } } }))
			.on('GET', '/repos/{owner}/{repo}/commits', (req) => fake.paged(req, [{ sha: 'c1' }, { sha: 'c2' }, { sha: 'c3' }]))
			.on('POST', '/repos/{owner}/{repo}/issues', (req) => ({ status: 201, body: { number: 42, ...(req.body as object) } }))
			.on('GET', '/search/issues', () => ({ body: { total_count: 2, incomplete_results: false, items: [hit(1, 'octo/hello'), hit(2, 'evil/x')] } }))
			.on('PUT', '/repos/{owner}/{repo}/pulls/{number}/merge', () => ({ body: { merged: true, sha: 'merge-sha' } }))
			// The diff media type answers with text; the JSON one with the pull request.
			.on('GET', '/repos/{owner}/{repo}/pulls/{number}', (req) =>
				/vnd\.github\.diff/.test(req.headers.accept ?? '')
					? { body: DIFF, headers: { 'content-type': 'text/plain; charset=utf-8' } }
					: { body: { number: Number(req.params.number), head: { sha: 'head-sha' } } },
			)
			.on('POST', '/repos/{owner}/{repo}/pulls/{number}/reviews', (req) => ({ body: { id: 80, state: 'CHANGES_REQUESTED', ...(req.body as object) } }))
			.on('POST', '/graphql', (req) => {
				const { query } = req.body as { query: string };
				if (query.startsWith('query')) {
					return {
						body: {
							data: {
								repositoryOwner: { projectV2: { id: 'P1', title: 'Roadmap', field: { id: 'F1', name: 'Status', options: [{ id: 'o-done', name: 'Done' }] } } },
								repository: { issueOrPullRequest: { id: 'I42', projectItems: { nodes: [{ id: 'PVTI42', project: { id: 'P1' } }] } } },
							},
						},
					};
				}
				return { body: { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI42' } } } } };
			})
			.on('POST', '/repos/{owner}/{repo}/actions/workflows/{id}/dispatches', () => ({ status: 204 }))
			.on('POST', '/gists', () => ({ status: 201, body: { id: 'g1' } }))
			.on('GET', '/repos/{owner}/{repo}/releases', (req) => fake.paged(req, releases))
			.on('PUT', '/repos/{owner}/{repo}/collaborators/{username}', () => ({ status: 201, body: { id: 5, permissions: 'push' } }))
			.on('GET', '/rate_limit', () => ({ body: { resources: { core: { limit: 5000, remaining: 4990 } } } }))
			.on('GET', '/repos/{owner}/{repo}/issues', (req) => fake.paged(req, issues))
			.on('GET', '/repos/{owner}/{repo}/tarball', () => ({ status: 302, headers: { location: `${otherHost.baseUrl}/archive` } }))
			.on('POST', '/repos/{owner}/{repo}/dispatches', () => ({ status: 307, headers: { location: `${otherHost.baseUrl}/archive` } }));

		// Dispatches start runs the fake completes at their second look (ci.yml answers as before: 204).
		fake.serveActions('octo', 'hello', { completeAfterLooks: 1, withoutRunDetails: ['ci.yml', 'legacy.yml'], neverComplete: ['stuck.yml'] });
		fake.on('GET', '/repos/{owner}/{repo}/actions/runs/{id}/logs', (req) => ({ status: 302, headers: { location: `${otherHost.baseUrl}/logs/${req.params.id}.zip` } }));
		otherHost.on('GET', '/logs/{id}', () => ({ body: 'PK fake logs', headers: { 'content-type': 'application/zip' } }));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: fake.apiUrl, accessToken: TOKEN } },
		]);
		// Runs and imports go through the REST API of this n8n (test/e2e/n8n.ts): each CLI run would start an n8n of its own.
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await fake.stop();
		await otherHost.stop();
	});

	it('runs every resource, confines Search, refuses a repository outside the allowlist, and pages', async () => {
		await n8n.importWorkflow(
			manualWorkflow('githubActions', [
				github('Repository', { resource: 'repository', operation: 'get', ...repo }),
				github('File', { resource: 'file', operation: 'get', ...repo, path: 'README.md' }),
				github('Branch', { resource: 'branch', operation: 'create', ...repo, newBranch: 'feature/e2e', source: 'branch', fromBranch: { __rl: true, mode: 'name', value: 'main' } }),
				github('Commit', { resource: 'commit', operation: 'list', ...repo, limit: 2 }),
				github('Issue', { resource: 'issue', operation: 'create', ...repo, title: 'From n8n', labels: 'e2e, bot' }),
				github('Search', { resource: 'search', operation: 'issuesAndPullRequests', query: 'is:issue', limit: 10, options: { allowedRepositories: 'octo/hello' } }),
				github('Pull Request', { resource: 'pullRequest', operation: 'merge', ...repo, pullNumber: { __rl: true, mode: 'id', value: '12' }, merge_method: 'squash' }),
				github('Project', {
					resource: 'project', operation: 'updateItemStatus', projectOwner: { __rl: true, mode: 'name', value: 'octo' }, projectNumber: 1, ...repo,
					issueNumber: { __rl: true, mode: 'id', value: '42' }, status: 'done',
				}),
				github('Workflow', { resource: 'workflow', operation: 'dispatch', ...repo, workflow: { __rl: true, mode: 'filename', value: 'ci.yml' }, ref: { __rl: true, mode: 'name', value: 'main' } }),
				github('Gist', { resource: 'gist', operation: 'create', files: { file: [{ name: 'a.md', content: 'A' }] } }),
				github('Release', { resource: 'release', operation: 'list', ...repo, returnAll: true }),
				github('Collaborator', { resource: 'collaborator', operation: 'add', ...repo, username: 'mona', permission: 'push' }),
				github('Rate Limit', { resource: 'rateLimit', operation: 'get' }),
				github(
					'Refused',
					{ resource: 'issue', operation: 'get', owner: { __rl: true, mode: 'name', value: 'evil' }, repository: { __rl: true, mode: 'name', value: 'x' }, issueNumber: { __rl: true, mode: 'id', value: '1' }, options: { allowedRepositories: 'octo/hello' } },
					{ onError: 'continueRegularOutput' },
				),
				{
					name: 'API Call',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { method: 'GET', endpoint: '/repos/octo/hello/issues', followAllPages: true },
					credentials,
					executeOnce: true,
				},
				{
					name: 'Redirected GET',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { method: 'GET', endpoint: '/repos/octo/hello/tarball' },
					credentials,
					executeOnce: true,
				},
				{
					name: 'Redirected POST',
					type: `${PACKAGE}.githubApiCall`,
					parameters: { method: 'POST', endpoint: '/repos/octo/hello/dispatches', body: '{"event_type":"x"}' },
					credentials,
					executeOnce: true,
					onError: 'continueRegularOutput',
				},
			]),
		);
		const result = await n8n.execute('githubActions');
		const json = (name: string) => result.runData[name][0].data!.main[0].map((item) => item.json);

		expect(json('Repository')).toEqual([{ full_name: 'octo/hello', default_branch: 'main' }]);
		expect(json('File')).toEqual([{ type: 'file', name: 'README.md', path: 'README.md', sha: 'r1', content: '# Hello\n' }]);
		expect(json('Branch')).toEqual([{ ref: 'refs/heads/feature/e2e', object: { sha: 'main-sha' } }]);
		expect(json('Commit')).toEqual([{ sha: 'c1' }, { sha: 'c2' }]);
		expect(json('Issue')).toEqual([{ number: 42, title: 'From n8n', labels: ['e2e', 'bot'] }]);
		expect(json('Search').map((item) => item.number)).toEqual([1]);
		expect(json('Pull Request')).toEqual([{ merged: true, sha: 'merge-sha' }]);
		expect(json('Project')).toEqual([
			{ projectId: 'P1', projectTitle: 'Roadmap', itemId: 'PVTI42', field: 'Status', fieldId: 'F1', status: 'Done', optionId: 'o-done' },
		]);
		expect(json('Workflow')).toEqual([{ dispatched: true, workflow: 'ci.yml', ref: 'main' }]);
		expect(json('Gist')).toEqual([{ id: 'g1' }]);
		expect(json('Release')).toHaveLength(130);
		expect(json('Collaborator')).toEqual([{ id: 5, permissions: 'push' }]);
		expect(json('Rate Limit')).toEqual([{ resources: { core: { limit: 5000, remaining: 4990 } } }]);
		expect(json('Refused')).toEqual([
			{
				error: 'Refused: the repository "evil/x" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/hello.',
				description: 'Work on one of the allowed repositories, or ask for the scope to be extended.',
			},
		]);
		expect(json('API Call')).toHaveLength(205);
		// n8n's own redirect following is off: the package follows a GET to another host without the
		// token and refuses to send a POST (and its body) there.
		expect(json('Redirected GET')).toEqual([{ archive: true }]);
		expect(json('Redirected POST')[0].error).toBe(
			`GitHub redirected the request (307) from POST to another host (${new URL(otherHost.baseUrl).host}); it was not followed`,
		);
		expect(otherHost.received.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['GET', '/archive', undefined]]);

		expect(fake.requestsTo('GET', '/search/issues').map((r) => r.query)).toEqual([{ q: 'is:issue repo:octo/hello', per_page: '10' }]);
		expect(fake.requestsTo('POST', '/repos/octo/hello/git/refs').map((r) => r.body)).toEqual([{ ref: 'refs/heads/feature/e2e', sha: 'main-sha' }]);
		expect(fake.requestsTo('PUT', '/repos/octo/hello/pulls/12/merge').map((r) => r.body)).toEqual([{ merge_method: 'squash' }]);
		expect(fake.requestsTo('POST', '/repos/octo/hello/actions/workflows/ci.yml/dispatches').map((r) => r.body)).toEqual([{ ref: 'main', return_run_details: true }]);
		expect(fake.requestsTo('GET', '/repos/octo/hello/releases').map((r) => r.query)).toEqual([{ per_page: '100' }, { per_page: '100', page: '2' }]);
		expect(fake.requestsTo('GET', '/repos/octo/hello/issues').map((r) => r.query)).toEqual([
			{ per_page: '100' },
			{ per_page: '100', page: '2' },
			{ per_page: '100', page: '3' },
		]);
		expect(fake.received.filter((r) => r.path.startsWith('/repos/evil'))).toEqual([]);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});

	it('reviews a pull request: its diff as text, then a review with a line comment built from the diff step', async () => {
		const pullNumber = { __rl: true, mode: 'id', value: '12' };
		await n8n.importWorkflow(
			manualWorkflow('githubReview', [
				github('Diff', { resource: 'pullRequest', operation: 'getDiff', ...repo, pullNumber }),
				github('Review', {
					resource: 'pullRequest',
					operation: 'submitReview',
					...repo,
					pullNumber,
					event: 'REQUEST_CHANGES',
					body: '={{ "Read " + $json.bytes + " bytes of " + $json.format }}',
					additionalFields: {
						lineCommentsJson: '={{ [{ path: "src/login.ts", line: $json.diff.split("\\n").findIndex(l => l.includes("lgoin")) - 3, body: "Typo: login" }] }}',
					},
				}),
			]),
		);
		const result = await n8n.execute('githubReview');
		const json = (name: string) => result.runData[name][0].data!.main[0].map((item) => item.json);

		const bytes = Buffer.byteLength(DIFF);
		expect(json('Diff')).toEqual([{ pullNumber: 12, format: 'diff', bytes, diff: DIFF }]);
		expect(fake.requestsTo('GET', '/repos/octo/hello/pulls/12').map((r) => r.headers.accept)).toEqual(['application/vnd.github.diff']);
		const review = { event: 'REQUEST_CHANGES', body: `Read ${bytes} bytes of diff`, comments: [{ path: 'src/login.ts', line: 2, side: 'RIGHT', body: 'Typo: login' }] };
		expect(fake.requestsTo('POST', '/repos/octo/hello/pulls/12/reviews').map((r) => r.body)).toEqual([review]);
		expect(json('Review')).toEqual([{ id: 80, state: 'CHANGES_REQUESTED', ...review }]);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});

	it('compares two commits, lists an organization’s repositories inside Allowed Repositories, creates a tag with its reference and deletes a branch', async () => {
		fake
			.on('GET', '/repos/{owner}/{repo}/compare/{basehead}', (req) => ({ body: { status: 'ahead', ahead_by: 1, base_head: req.params.basehead } }))
			.on('GET', '/orgs/{org}/repos', () => ({ body: [{ full_name: 'acme/tools' }, { full_name: 'acme/secret' }, { full_name: 'acme/web' }] }))
			.on('POST', '/repos/{owner}/{repo}/git/tags', (req) => ({ status: 201, body: { sha: 'tag-sha', ...(req.body as object) } }))
			.on('DELETE', '/repos/{owner}/{repo}/git/refs/heads/{branch}', () => ({ status: 204 }));
		await n8n.importWorkflow(
			manualWorkflow('githubRepositoryData', [
				github('Compare', { resource: 'commit', operation: 'compare', ...repo, base: 'main', head: 'dev' }),
				github('Org Repositories', { resource: 'repository', operation: 'listForOrganization', organization: 'acme', returnAll: true, options: { allowedRepositories: 'acme/tools, acme/web' } }),
				github('Tag', { resource: 'git', operation: 'createTag', ...repo, tag: 'v1.0.0', message: 'First', object: 'c1', type: 'commit' }),
				github('Delete Branch', { resource: 'branch', operation: 'delete', ...repo, branch: { __rl: true, mode: 'name', value: 'old' } }),
			]),
		);
		const result = await n8n.execute('githubRepositoryData');
		const json = (name: string) => result.runData[name][0].data!.main[0].map((item) => item.json);

		expect(json('Compare')).toEqual([{ status: 'ahead', ahead_by: 1, base_head: 'main...dev' }]);
		expect(json('Org Repositories')).toEqual([{ full_name: 'acme/tools' }, { full_name: 'acme/web' }]);
		expect(fake.requestsTo('GET', '/orgs/acme/repos').map((r) => r.query)).toEqual([{ per_page: '100' }]);
		expect(fake.requestsTo('POST', '/repos/octo/hello/git/tags').map((r) => r.body)).toEqual([{ tag: 'v1.0.0', message: 'First', object: 'c1', type: 'commit' }]);
		expect(fake.requestsTo('POST', '/repos/octo/hello/git/refs').map((r) => r.body)).toContainEqual({ ref: 'refs/tags/v1.0.0', sha: 'tag-sha' });
		expect(json('Tag')).toEqual([{ sha: 'tag-sha', tag: 'v1.0.0', message: 'First', object: 'c1', type: 'commit', reference: { ref: 'refs/tags/v1.0.0', object: { sha: 'tag-sha' } } }]);
		expect(fake.requestsTo('DELETE', '/repos/octo/hello/git/refs/heads/old')).toHaveLength(1);
		expect(json('Delete Branch')).toEqual([{ branch: 'old', deleted: true }]);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});

	it('Dispatch and Wait follows the run until the fake completes it, with and without run details, and fails at Max Wait naming the run', async () => {
		const workflow = (file: string) => ({ __rl: true, mode: 'filename', value: file });
		await n8n.importWorkflow(
			manualWorkflow('githubDispatchAndWait', [
				github('Deploy', {
					resource: 'workflow', operation: 'dispatchAndWait', ...repo, workflow: workflow('deploy.yml'), ref: { __rl: true, mode: 'name', value: 'main' },
					additionalFields: { inputs: '{"environment":"staging"}' }, maxWaitMinutes: 1,
				}),
				github('Legacy', { resource: 'workflow', operation: 'dispatchAndWait', ...repo, workflow: workflow('legacy.yml'), ref: { __rl: true, mode: 'name', value: 'release/2.0' }, maxWaitMinutes: 1 }),
				github(
					'Stuck',
					{ resource: 'workflow', operation: 'dispatchAndWait', ...repo, workflow: workflow('stuck.yml'), ref: { __rl: true, mode: 'name', value: 'main' }, maxWaitMinutes: 0.1 },
					{ onError: 'continueRegularOutput' },
				),
				github('Logs', { resource: 'workflow', operation: 'downloadLogs', ...repo, runId: '={{ $("Deploy").first().json.id }}', binaryPropertyName: 'logs' }),
			]),
		);
		const started = Date.now();
		const result = await n8n.execute('githubDispatchAndWait');
		const elapsed = Date.now() - started;
		const items = (name: string) => result.runData[name][0].data!.main[0];
		const json = (name: string) => items(name).map((item) => item.json);
		const runOf = (file: string) => fake.runs.find((run) => run.workflow === file)!;
		const runView = (file: string, ref: string) => ({
			id: runOf(file).id,
			name: file,
			event: 'workflow_dispatch',
			head_branch: ref,
			status: 'completed',
			conclusion: 'success',
			created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
			html_url: `${fake.baseUrl}/octo/hello/actions/runs/${runOf(file).id}`,
		});

		expect(json('Deploy')).toEqual([runView('deploy.yml', 'main')]);
		expect(json('Legacy')).toEqual([runView('legacy.yml', 'release/2.0')]);
		const stuck = runOf('stuck.yml').id;
		expect(json('Stuck')).toEqual([
			{
				error: `The workflow run ${fake.baseUrl}/octo/hello/actions/runs/${stuck} did not complete within the maximum wait of 0.1 minutes (last status: in_progress)`,
				description: `The run goes on on GitHub. Raise "Max Wait (Minutes)", or follow it with Workflow → Get Run (run ID ${stuck}).`,
			},
		]);
		expect(json('Logs')).toEqual([{ runId: runOf('deploy.yml').id, fileName: `run-${runOf('deploy.yml').id}-logs.zip`, size: 12 }]);
		expect((items('Logs')[0] as { binary?: Record<string, unknown> }).binary?.logs).toMatchObject({ fileName: `run-${runOf('deploy.yml').id}-logs.zip`, mimeType: 'application/zip' });

		// With run details the run is polled by ID: in progress at the first look (after 5 s), completed at the second (12.5 s).
		expect(fake.requestsTo('POST', '/repos/octo/hello/actions/workflows/deploy.yml/dispatches').map((r) => r.body)).toEqual([
			{ ref: 'main', inputs: { environment: 'staging' }, return_run_details: true },
		]);
		expect(fake.requestsTo('GET', `/repos/octo/hello/actions/runs/${runOf('deploy.yml').id}`)).toHaveLength(2);
		// Without them (204) the run is found among the workflow_dispatch runs on the ref created since the dispatch.
		expect(fake.requestsTo('GET', '/repos/octo/hello/actions/workflows/legacy.yml/runs').map((r) => r.query)).toEqual([
			{ event: 'workflow_dispatch', branch: 'release/2.0', created: expect.stringMatching(/^>=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), per_page: '100' },
		]);
		expect(fake.requestsTo('GET', `/repos/octo/hello/actions/runs/${runOf('legacy.yml').id}`)).toHaveLength(1);
		// The stuck one is looked at after 5 s and again at the 6 s deadline, unless the first look ends after it.
		expect([1, 2]).toContain(fake.requestsTo('GET', `/repos/octo/hello/actions/runs/${stuck}`).length);
		expect(elapsed).toBeGreaterThan(12_500 + 12_500 + 6_000);
		// The log archive came from the other host, without the token.
		expect(otherHost.received.filter((r) => r.path.startsWith('/logs/')).map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
			['GET', `/logs/${runOf('deploy.yml').id}.zip`, undefined],
		]);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});
});
