import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { packageCredentialTypes, packageNodeTypes } from '../harness/nodeTypes';
import { GitHubRecorder } from './recorder';
import { BASE_HEADERS, byList, byName, byUrl, githubNode, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const description = new GitHub().description;
const issueGet = { resource: 'issue', operation: 'get', issueNumber: { __rl: true, mode: 'id', value: '7' } };
const ISSUE = { number: 7, title: 'Crash' };

/** The issues n8n's editor (and its run check) finds on a GitHub node with these parameters, by parameter. */
function parameterIssues(parameters: INodeParameters): Record<string, string[]> {
	const node = githubNode('GitHub', { ...issueGet, ...parameters });
	const full = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description)!;
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, { ...node, parameters: full }, description);
	return (issues?.parameters ?? {}) as Record<string, string[]>;
}

/** Whether the editor shows Repository Owner for these parameters (the Issue → Get one). */
function ownerShown(parameters: INodeParameters): boolean {
	const node = githubNode('GitHub', { ...issueGet, ...parameters });
	const owner = description.properties.find(
		(property: INodeProperties) => property.name === 'owner' && property.displayOptions?.show?.operation?.includes('get') && property.displayOptions.show.resource?.includes('issue'),
	)!;
	return NodeHelpers.displayParameter(node.parameters, owner, node, description);
}

describe('Repository Owner: required where a run needs it', () => {
	it('is marked required, in every repository operation', () => {
		const owners = description.properties.filter((property) => property.name === 'owner');
		// Operations of a resource share one property where it is the same field (nodes/shared/sharedProperties.ts).
		const operationsShown = owners.flatMap((property) => (property.displayOptions?.show?.operation as string[]).map((operation) => `${String(property.displayOptions?.show?.resource)}.${operation}`));
		expect(operationsShown.length).toBeGreaterThan(200);
		// Repository → Create is the one owner that may stay empty (the connected account).
		expect(owners.filter((property) => !property.required).map((property) => property.displayOptions?.show)).toEqual([
			{ resource: ['repository'], operation: ['create'] },
		]);
	});

	it.each([
		['From List, a name', true, byList('hello')],
		['By Name, a name', true, byName('hello')],
		['By Name, an expression', true, byName('={{ $json.repository }}')],
		['By Name, an expression with "/"', true, byName('={{ $json.full_name.split("/").join("/") }}')],
		['By Name, "owner/name"', true, byName('octo/hello')],
		['By URL', false, byUrl('https://github.com/octo/hello')],
		['By URL, an expression', false, byUrl('={{ $json.url }}')],
	])('repository %s: owner shown = %s', (_mode, shown, repository) => {
		expect(ownerShown({ owner: byList(''), repository })).toBe(shown);
	});

	it('an empty owner is an issue for a repository by name or "owner/name", none for a repository by URL', () => {
		expect(parameterIssues({ owner: byList(''), repository: byList('hello') })).toEqual({
			owner: ['Parameter "Repository Owner" is required.'],
		});
		expect(parameterIssues({ owner: byList(''), repository: byName('octo/hello') })).toEqual({
			owner: ['Parameter "Repository Owner" is required.'],
		});
		expect(parameterIssues({ owner: byList(''), repository: byUrl('https://github.com/octo/hello') })).toEqual({});
		expect(parameterIssues({ owner: byList('octo'), repository: byList('hello') })).toEqual({});
	});

	it.each([
		['From List', { owner: byList('octo'), repository: byList('hello') }],
		['By Name', { owner: byName('octo'), repository: byName('hello') }],
		['By Name "owner/name" of the same owner', { owner: byList('octo'), repository: byName('octo/hello') }],
		['By URL, no owner', { owner: byList(''), repository: byUrl('https://github.com/octo/hello.git') }],
	])('%s: the request goes to octo/hello', async (_mode, parameters) => {
		const recorder = new GitHubRecorder([{ body: ISSUE }]);
		const run = await runGitHub({ ...issueGet, ...parameters });
		expect(run.json('GitHub')).toEqual([ISSUE]);
		expect(recorder.requests).toEqual([
			{ method: 'GET', path: '/repos/octo/hello/issues/7', query: {}, body: undefined, headers: BASE_HEADERS },
		]);
	});

	it('"owner/name" without an owner does not run: n8n reports the required parameter, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(runGitHub({ ...issueGet, owner: byList(''), repository: byName('octo/hello') })).rejects.toThrow(
			`The 'GitHub' node has issues:\n- Parameter "Repository Owner" is required.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('By URL: the URL names the owner; an owner left from before (hidden in the editor) is not used', async () => {
		const recorder = new GitHubRecorder([{ body: ISSUE }]);
		const run = await runGitHub({ ...issueGet, owner: byList('acme-org'), repository: byUrl('https://github.com/widgets-inc/widget-factory') });
		expect(run.json('GitHub')).toEqual([ISSUE]);
		expect(recorder.requests.map((request) => request.path)).toEqual(['/repos/widgets-inc/widget-factory/issues/7']);
	});

	it('a repository by name without owner does not run: n8n reports the required parameter, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(runGitHub({ ...issueGet, owner: byList(''), repository: byList('hello') })).rejects.toThrow(
			`The 'GitHub' node has issues:\n- Parameter "Repository Owner" is required.`,
		);
		expect(recorder.requests).toEqual([]);
	});

	it('an owner expression that resolves to nothing, with a repository by name: the owner is asked for, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...issueGet, owner: byName('={{ "" }}'), repository: byList('hello') });
		expect(run.error('GitHub')?.message).toBe('The "Repository Owner" parameter is empty');
		expect(run.error('GitHub')?.description).toBe(
			'Choose the owner of the repository "hello", or give "Repository" by URL or as "owner/name".',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('an expression (no "/" in it, owner shown) giving "owner/name" of another owner than the one given is an error, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...issueGet, owner: byList('acme-org'), repository: byName('={{ $json.full_name }}') }, [
			{ full_name: 'widgets-inc/widget-factory' },
		]);
		expect(run.error('GitHub')?.message).toBe(
			'The "Repository" "widgets-inc/widget-factory" belongs to "widgets-inc", but "Repository Owner" is "acme-org"',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('display conditions n8n evaluates on every parameter read', () => {
	// regex: n8n runs it in a VM with a 250 ms limit that fails on a busy host; includes/startsWith/endsWith:
	// n8n 1.x calls them on a missing value and throws, failing every run of the node.
	it('no node or credential of the package uses a regex or string-method condition', () => {
		const risky = ['regex', 'includes', 'startsWith', 'endsWith'];
		const found: string[] = [];
		const visit = (value: unknown, path: string) => {
			if (Array.isArray(value)) value.forEach((entry, index) => visit(entry, `${path}[${index}]`));
			else if (value && typeof value === 'object') {
				for (const [key, entry] of Object.entries(value)) {
					if (key === '_cnd' && entry && typeof entry === 'object' && risky.some((name) => name in entry)) found.push(path);
					visit(entry, `${path}.${key}`);
				}
			}
		};
		for (const [name, node] of packageNodeTypes()) visit(node.description.properties, name);
		for (const [name, credential] of packageCredentialTypes()) visit(credential.properties, name);
		expect(packageNodeTypes().size).toBeGreaterThan(8);
		expect(found).toEqual([]);
	});
});
