import type { IDataObject } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow } from '../harness/workflow';
import { GitHubRecorder } from './recorder';
import { byId, byList, byName, credentials, githubNode, githubWorkflow, repo, runGitHub, TOKEN } from './run';

beforeEach(() => resetGitHubRateLimitState());

describe('GitHub node: items, errors and validation', () => {
	it('pairs every output item with its input; with Continue On Fail a failed item becomes an error item', async () => {
		const recorder = new GitHubRecorder([
			{ status: 404, body: { message: 'Not Found' } },
			{ body: { number: 8, assignees: [{ login: 'a' }, { login: 'b' }] } },
		]);
		const workflow = githubWorkflow(
			{ resource: 'issue', operation: 'getAssignees', ...repo(), issueNumber: byId('={{ $json.n }}') },
			[{ n: 404 }, { n: 8 }],
		);
		workflow.nodes[1].continueOnFail = true;
		const run = await runWorkflow(workflow, { credentials });
		expect(recorder.requests.map((r) => r.path)).toEqual(['/repos/octo/hello/issues/404', '/repos/octo/hello/issues/8']);
		expect(run.items('GitHub').map((item) => ({ json: item.json, pairedItem: item.pairedItem }))).toEqual([
			{
				json: {
					error: 'GitHub answered 404: Not Found - Not found or not visible to this token: check owner, repository and the token’s access.',
					description: 'Not found or not visible to this token: check owner, repository and the token’s access.',
				},
				pairedItem: { item: 0 },
			},
			{ json: { login: 'a' }, pairedItem: { item: 1 } },
			{ json: { login: 'b' }, pairedItem: { item: 1 } },
		]);
	});

	it('without Continue On Fail the run stops with GitHub’s message, the token never shown', async () => {
		new GitHubRecorder([{ status: 422, body: { message: `Validation Failed for ${TOKEN}`, errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }] } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: 'x' });
		expect(run.error('GitHub')?.message).toBe('GitHub answered 422: Validation Failed for [redacted] (Issue title missing_field)');
		expect(run.error('GitHub')?.description).toBe('Issue title missing_field');
		expect(JSON.stringify(run.run)).not.toContain(TOKEN);
	});

	it.each(['write', 'read', 'Admin', 'owner'])('refuses collaborator permission %j before sending anything', async (permission) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'collaborator', operation: 'add', ...repo(), username: 'mona', permission: `={{ "${permission}" }}` });
		expect(run.error('GitHub')?.message).toBe(
			`The "Permission" parameter must be one of pull, triage, push, maintain, admin (got "${permission}")`,
		);
		expect(run.error('GitHub')?.description).toBe('Set "Permission" to one of: pull, triage, push, maintain, admin.');
		expect(recorder.requests).toEqual([]);
	});

	it('refuses a merge method GitHub does not know, before sending', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'pullRequest', operation: 'merge', ...repo(), pullNumber: byId('1'), merge_method: '={{ "fast-forward" }}' });
		expect(run.error('GitHub')?.message).toBe('The "Merge Method" parameter must be one of merge, rebase, squash (got "fast-forward")');
		expect(recorder.requests).toEqual([]);
	});

	it('refuses workflow inputs that are not a JSON object', async () => {
		const recorder = new GitHubRecorder([]);
		const bad = await runGitHub({ resource: 'workflow', operation: 'dispatch', ...repo(), workflow: byId('1'), ref: byName('main'), additionalFields: { inputs: '{"a":' } });
		expect(bad.error('GitHub')?.message).toBe('The "Inputs (JSON)" parameter is not valid JSON');
		const list = await runGitHub({ resource: 'workflow', operation: 'dispatch', ...repo(), workflow: byId('1'), ref: byName('main'), additionalFields: { inputs: '[1]' } });
		expect(list.error('GitHub')?.message).toBe('The "Inputs (JSON)" parameter must be a JSON object');
		expect(recorder.requests).toEqual([]);
	});

	it('refuses an issue number that is not a number', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'issue', operation: 'get', ...repo(), issueNumber: byId('={{ "seven" }}') });
		expect(run.error('GitHub')?.message).toBe('The "Issue Number" parameter must be a number (got "seven")');
		expect(recorder.requests).toEqual([]);
	});

	it('refuses team IDs that are not numbers when inviting by email, naming the parameter', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({
			resource: 'organization',
			operation: 'inviteByEmail',
			organization: 'acme',
			email: 'new.dev@example.com',
			role: 'direct_member',
			additionalFields: { teamIds: '12, core' },
		});
		expect(run.error('GitHub')?.message).toBe('The "Team IDs" parameter must be numbers separated by commas (got "12, core")');
		expect(run.error('GitHub')?.description).toBe('Give the numeric IDs only, e.g. 12, 34.');
		expect(recorder.requests).toEqual([]);
	});

	it('refuses an empty repository, naming the parameter', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'release', operation: 'list', owner: byList('octo'), repository: byName('={{ "" }}') });
		expect(run.error('GitHub')?.message).toBe('The "Repository" parameter is empty');
		expect(recorder.requests).toEqual([]);
	});

	it('a path value cannot add path segments: ".." in a file path is refused', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'file', operation: 'get', ...repo(), path: '../../user' });
		expect(run.error('GitHub')?.message).toContain('contains "." or ".." segments');
		expect(recorder.requests).toEqual([]);
	});

	it('writing a file onto a folder path is a clear error', async () => {
		const recorder = new GitHubRecorder([{ body: [{ type: 'file', name: 'a' }] }]);
		const run = await runGitHub({ resource: 'file', operation: 'createOrUpdate', ...repo(), path: 'src', fileContent: 'x', message: 'm' });
		expect(run.error('GitHub')?.message).toBe('"src" is a folder, not a file');
		expect(recorder.requests.map((r) => r.method)).toEqual(['GET']);
	});
});

describe('GitHub node: binary in and out', () => {
	it('a file read into a binary property is written back from it by a second GitHub node', async () => {
		const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
		const recorder = new GitHubRecorder([
			{ body: { type: 'file', name: 'logo.png', path: 'img/logo.png', sha: 's1', size: 7, encoding: 'base64', content: bytes.toString('base64') } },
			{ status: 404, body: { message: 'Not Found' } },
			{ status: 201, body: { content: { path: 'copy/logo.png' }, commit: { sha: 'c9' } } },
		]);
		const workflow = githubWorkflow({ resource: 'file', operation: 'get', ...repo(), path: 'img/logo.png', outputAs: 'binary' });
		workflow.nodes.push(
			githubNode('Write', {
				resource: 'file',
				operation: 'createOrUpdate',
				...repo(),
				path: 'copy/logo.png',
				binaryData: true,
				binaryPropertyName: 'data',
				message: 'Copy logo',
			}),
		);
		workflow.connections.GitHub = { main: [[{ node: 'Write', type: 'main', index: 0 }]] };
		const run = await runWorkflow(workflow, { credentials });

		const read = run.items('GitHub');
		expect(read[0].binary?.data).toMatchObject({ fileName: 'logo.png', mimeType: 'image/png', fileExtension: 'png' });
		expect(recorder.requests[2]).toMatchObject({
			method: 'PUT',
			path: '/repos/octo/hello/contents/copy/logo.png',
			body: { message: 'Copy logo', content: bytes.toString('base64') },
		});
		expect(run.json('Write')).toEqual([{ content: { path: 'copy/logo.png' }, commit: { sha: 'c9' } }]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('a missing input binary property is a clear error', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'file', operation: 'createOrUpdate', ...repo(), path: 'a.bin', binaryData: true, binaryPropertyName: 'upload', message: 'm' });
		expect(run.error('GitHub')?.message).toContain('upload');
		expect(recorder.requests).toEqual([]);
	});
});

describe('GitHub node: Project (V2) status errors', () => {
	const parameters: IDataObject = { resource: 'project', operation: 'updateItemStatus', projectOwner: byName('acme'), projectNumber: 3, ...repo(), issueNumber: byId('7') };
	const found = (nodes: IDataObject[]) => ({
		data: {
			repositoryOwner: { projectV2: { id: 'P', title: 'Roadmap', field: { id: 'F', name: 'Status', options: [{ id: 'a', name: 'Todo' }, { id: 'b', name: 'Done' }] } } },
			repository: { issueOrPullRequest: { id: 'I', projectItems: { nodes } } },
		},
	});

	it('names the options when the wanted one does not exist', async () => {
		new GitHubRecorder([{ body: found([{ id: 'X', project: { id: 'P' } }]) }]);
		const run = await runGitHub({ ...parameters, status: 'Blocked' });
		expect(run.error('GitHub')?.message).toBe('"Blocked" is not an option of the field "Status"');
		expect(run.error('GitHub')?.description).toBe('Use one of: Todo, Done.');
	});

	it('refuses an item outside the project unless asked to add it', async () => {
		const recorder = new GitHubRecorder([{ body: found([]) }]);
		const run = await runGitHub({ ...parameters, status: 'Done' });
		expect(run.error('GitHub')?.message).toBe('#7 is not in the project "Roadmap"');
		expect(recorder.requests).toHaveLength(1);
	});

	it('reports GraphQL errors with GitHub’s message', async () => {
		new GitHubRecorder([{ body: { data: null, errors: [{ message: "Could not resolve to a ProjectV2 with the number 3." }] } }]);
		const run = await runGitHub({ ...parameters, status: 'Done' });
		expect(run.error('GitHub')?.message).toBe('GitHub answered 200: Could not resolve to a ProjectV2 with the number 3.');
	});
});

describe('GitHub node: description for people and AI agents', () => {
	const description = new GitHub().description;

	it('is usable as a tool and offers Allowed Repositories and the rate-limit wait option under Options', () => {
		expect(description.usableAsTool).toMatchObject({ replacements: { skipNameGeneration: false } });
		const options = description.properties.find((p) => p.name === 'options');
		expect((options?.options ?? []).map((o) => o.name)).toEqual(['allowedRepositories', 'maxRateLimitWait', 'maxDownloadSizeMb', 'removeHiddenText', 'secretsInWrites', 'trustedContentOnly']);
	});

	it('every operation and every field has a description an agent can choose by', () => {
		for (const row of GITHUB_ROWS) {
			expect(row.description.length).toBeGreaterThan(40);
			expect(row.action).toMatch(/^[A-Z]/);
			for (const field of row.fields) expect(`${row.resource}.${row.operation}:${field.name}:${field.description.length > 10}`).toMatch(/true$/);
		}
	});

	it('every list operation offers Return All and Limit', () => {
		for (const row of GITHUB_ROWS.filter((r) => r.paging)) {
			const show = (p: { displayOptions?: { show?: IDataObject } }) =>
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes(row.resource) &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes(row.operation);
			expect(description.properties.filter((p) => show(p) && ['returnAll', 'limit'].includes(p.name)).map((p) => p.name)).toEqual(['returnAll', 'limit']);
		}
	});
});

describe('GitHub node: rate limits', () => {
	it('with "Max Rate-Limit Wait" at 0, an exhausted limit fails the item at once, naming the option', async () => {
		const reset = Math.floor(Date.now() / 1000) + 3600;
		const recorder = new GitHubRecorder([
			{
				status: 403,
				body: { message: 'API rate limit exceeded' },
				headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': 'core' },
			},
		]);
		const started = Date.now();
		const run = await runGitHub({ resource: 'rateLimit', operation: 'get', options: { maxRateLimitWait: 0 } });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(run.error('GitHub')?.message).toMatch(/^GitHub: /);
		expect(run.error('GitHub')?.description).toContain('Max Rate-Limit Wait');
		expect(recorder.requests).toHaveLength(1);
	});

	it('File → List Folder without a path lists the root (…/contents/, which the OpenAPI description has no template for)', async () => {
		const recorder = new GitHubRecorder([{ body: [{ type: 'file', name: 'README.md', path: 'README.md' }] }]);
		const run = await runGitHub({ resource: 'file', operation: 'listFolder', ...repo() });
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/octo/hello/contents/']);
		expect(run.json('GitHub')).toEqual([{ type: 'file', name: 'README.md', path: 'README.md' }]);
	});

	it('File → List Folder on a file path is a parameter error naming the file', async () => {
		new GitHubRecorder([{ body: { type: 'file', name: 'a.md', path: 'docs/a.md', content: 'eA==', encoding: 'base64' } }]);
		const run = await runGitHub({ resource: 'file', operation: 'listFolder', ...repo(), path: 'docs/a.md' });
		expect(run.error('GitHub')?.message).toBe('"docs/a.md" is a file, not a folder');
	});

	it('Commit → Compare refuses a side that already holds "..."', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'commit', operation: 'compare', ...repo(), base: 'main...dev', head: 'x' });
		expect(run.error('GitHub')?.message).toBe('The "Base" parameter contains "..."');
		expect(recorder.requests).toEqual([]);
	});
});
