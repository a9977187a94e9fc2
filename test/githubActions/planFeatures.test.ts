import type { IDataObject } from 'n8n-workflow';

import { searchIssueFields } from '../../nodes/GitHub/methods/listSearch';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FINDING } from './fixtures/codeQuality';
import { FIELD_VALUES, ISSUE_FIELDS } from './fixtures/issueField';
import { GitHubRecorder } from './recorder';
import { byId, byList, credentials, githubNode, OAUTH_TOKEN, repo, TOKEN } from './run';
import { searchContext } from './searchContext';

beforeEach(() => resetGitHubRateLimitState());

/** The access-token credential with a scope of its own. */
const withScope = (scope: IDataObject) => ({ ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, accessLevel: 'readWrite', ...scope } });

async function run(parameters: IDataObject, creds: object = credentials) {
	return await runWorkflow(singleNodeWorkflow(githubNode('GitHub', parameters)), { credentials: creds as never });
}

const CODE_QUALITY_MISSING =
	'GitHub Code Quality (public preview) is offered for repositories of organizations on GitHub Team or GitHub Enterprise Cloud, not for repositories of personal accounts, and is switched on per repository in its Settings → Code quality (it runs on GitHub Actions). A 403 can also mean the token lacks the "Code quality" repository permission (read) or the repo scope; a 404, that the repository or finding is not visible to it.';
const ISSUE_FIELDS_MISSING =
	'Issue fields (public preview) exist only where an owner of the repository’s organization has set them up (organization Settings → Planning → Issue fields), on github.com and GitHub Enterprise Cloud; repositories of personal accounts have none. A 404 can also mean the organization, issue or field is not visible to the token; a 403, that it lacks the read:org scope (an organization’s fields) or push access to the repository (setting and removing values).';

const listFindings = { resource: 'codeQuality', operation: 'listFindings', ...repo(), limit: 5 };
const getFinding = { resource: 'codeQuality', operation: 'getFinding', ...repo(), findingNumber: '42' };
const setValue = { resource: 'issue', operation: 'setFieldValue', ...repo(), issueNumber: byId('7'), issueField: byId('2'), valueType: 'single_select', value: 'High' };
const removeValue = { resource: 'issue', operation: 'removeFieldValue', ...repo(), issueNumber: byId('7'), issueField: byId('2') };
const listFields = { resource: 'organization', operation: 'listIssueFields', organization: 'octo' };

describe('Code Quality: a repository without it, or a server without the API, is named in words', () => {
	it('GitHub’s 404 for a repository without Code Quality keeps its message and names the plan and the setting', async () => {
		const recorder = new GitHubRecorder([{ status: 404, body: { message: 'Code quality is not available for this repository.' } }]);
		const result = await run(listFindings);
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 404: Code quality is not available for this repository. - ${CODE_QUALITY_MISSING}`);
		expect(result.error('GitHub')?.description).toBe(CODE_QUALITY_MISSING);
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([['GET', '/repos/octo/hello/code-quality/findings', { per_page: '5' }]]);
	});

	it('a 403 of Get Finding names the same plan and setting, and the permission', async () => {
		new GitHubRecorder([{ status: 403, body: { message: 'Resource not accessible by personal access token', documentation_url: 'https://docs.github.com/rest/code-quality/code-quality#get-a-code-quality-finding', status: '403' } }]);
		const result = await run(getFinding);
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 403: Resource not accessible by personal access token - ${CODE_QUALITY_MISSING}`);
	});

	it('on Enterprise Server the 404 says the server has no Code Quality API', async () => {
		const recorder = new GitHubRecorder([{ status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/enterprise-server@3.19/rest' } }], 'https://github.example.com', '/api/v3');
		const result = await run({ authentication: 'oAuth2', ...getFinding });
		expect(result.error('GitHub')?.message).toBe(
			'GitHub answered 404: Not Found - GitHub Enterprise Server has no Code Quality API: code quality findings are read on github.com and GitHub Enterprise Cloud only.',
		);
		expect(recorder.requests.map((request) => request.path)).toEqual(['/repos/octo/hello/code-quality/findings/42']);
		expect(JSON.stringify(result)).not.toContain(OAUTH_TOKEN);
	});

	it('on Enterprise Server a failure other than 404 keeps the client’s own words', async () => {
		new GitHubRecorder([{ status: 500, body: { message: 'Server Error' } }], 'https://github.example.com', '/api/v3');
		const result = await run({ authentication: 'oAuth2', ...getFinding });
		expect(result.error('GitHub')?.message).toBe('GitHub answered 500: Server Error');
	});

	it('a failure that is no plan matter (a server error) carries no plan note', async () => {
		new GitHubRecorder([{ status: 500, body: { message: 'Server Error' } }]);
		const result = await run(getFinding);
		expect(result.error('GitHub')?.message).toBe('GitHub answered 500: Server Error');
	});

	it('a read-only credential reads findings', async () => {
		const readOnly = new GitHubRecorder([{ body: FINDING }]);
		const read = await run(getFinding, withScope({ accessLevel: 'readOnly' }));
		expect(read.error('GitHub')).toBeUndefined();
		expect(read.json('GitHub')).toEqual([FINDING]);
		expect(readOnly.requests).toHaveLength(1);
	});

	it('a repository outside the credential’s scope is refused before any request', async () => {
		const outside = new GitHubRecorder([]);
		const refused = await run(listFindings, withScope({ allowedRepositories: 'octo/docs' }));
		expect(refused.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the credential\'s scope. Allowed repositories: octo/docs.');
		expect(outside.requests).toEqual([]);
	});

	it('the node’s "Allowed Repositories" refuses another repository before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run({ ...listFindings, options: { allowedRepositories: 'octo/docs' } });
		expect(result.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/docs.');
		expect(recorder.requests).toEqual([]);
	});
});

describe('Issue fields: values typed by the field, plan errors in words, the scope applied', () => {
	it('an organization without issue fields: GitHub’s 404 keeps its message and names the setting', async () => {
		const body = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/orgs/issue-fields#list-issue-fields-for-an-organization', status: '404' };
		new GitHubRecorder([{ status: 404, body }]);
		const result = await run(listFields);
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 404: Not Found - ${ISSUE_FIELDS_MISSING}`);
		expect(result.error('GitHub')?.description).toBe(ISSUE_FIELDS_MISSING);
	});

	it('setting a value on an issue of a personal account’s repository (no issue fields there) says why', async () => {
		const body = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/issue-field-values#add-issue-field-values-to-an-issue', status: '404' };
		const recorder = new GitHubRecorder([{ status: 404, body }]);
		const result = await run({ ...setValue, ...repo('mona', 'notes') });
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 404: Not Found - ${ISSUE_FIELDS_MISSING}`);
		expect(recorder.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['POST', '/repos/mona/notes/issues/7/issue-field-values', { issue_field_values: [{ field_id: 2, value: 'High' }] }],
		]);
	});

	it('GitHub’s 422 for a value that does not fit keeps its words and says what fits', async () => {
		new GitHubRecorder([{ status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'IssueFieldValue', code: 'invalid', field: 'value' }], documentation_url: 'https://docs.github.com/rest/issues/issue-field-values#add-issue-field-values-to-an-issue', status: '422' } }]);
		const result = await run({ ...setValue, value: 'Urgent' });
		expect(result.error('GitHub')?.message).toMatch(/^GitHub answered 422: Validation Failed .*- The value must fit the field: text, a number, a date as YYYY-MM-DD, or the exact name of one of the field’s options/);
	});

	it('removing a value the issue does not have: the 404 says so before the plan', async () => {
		new GitHubRecorder([{ status: 404, body: { message: 'Not Found', status: '404' } }]);
		const result = await run(removeValue);
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 404: Not Found - GitHub answers 404 when the issue has no value for this field. ${ISSUE_FIELDS_MISSING}`);
	});

	it('on Enterprise Server setting a value says the server has no such API', async () => {
		new GitHubRecorder([{ status: 404, body: { message: 'Not Found' } }], 'https://github.example.com', '/api/v3');
		const result = await run({ authentication: 'oAuth2', ...setValue });
		expect(result.error('GitHub')?.message).toBe(
			'GitHub answered 404: Not Found - GitHub Enterprise Server has no API for an organization’s issue fields or for setting their values (3.17 to 3.19 only list an issue’s values).',
		);
	});

	it('on Enterprise Server, which lists an issue’s values, their 404 means what it means on github.com', async () => {
		new GitHubRecorder([{ status: 404, body: { message: 'Not Found' } }], 'https://github.example.com', '/api/v3');
		const result = await run({ authentication: 'oAuth2', resource: 'issue', operation: 'listFieldValues', ...repo(), issueNumber: byId('7'), limit: 5 });
		expect(result.error('GitHub')?.message).toBe(`GitHub answered 404: Not Found - ${ISSUE_FIELDS_MISSING}`);
	});

	it.each([
		['number', 'many', 'The "Value" parameter must be a number for a Number field (got "many")'],
		['date', '24.12.2026', 'The "Value" parameter must be a date as YYYY-MM-DD for a Date field (got "24.12.2026")'],
		['text', '  ', 'The "Value" parameter is empty'],
	])('a %s value "%s" that does not fit its type is refused before any request', async (valueType, value, message) => {
		const recorder = new GitHubRecorder([]);
		const result = await run({ ...setValue, valueType, value });
		expect(result.error('GitHub')?.name).toBe('NodeOperationError');
		expect(result.error('GitHub')?.message).toBe(message);
		expect(recorder.requests).toEqual([]);
	});

	it('a read-only credential refuses setting and removing values in words; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const set = await run(setValue, withScope({ accessLevel: 'readOnly' }));
		const removed = await run(removeValue, withScope({ accessLevel: 'readOnly' }));
		expect(set.error('GitHub')?.message).toBe(
			'Refused: the credential is read-only, and POST /repos/octo/hello/issues/7/issue-field-values would change data. Allowed: GET requests and GraphQL queries.',
		);
		expect(removed.error('GitHub')?.message).toBe(
			'Refused: the credential is read-only, and DELETE /repos/octo/hello/issues/7/issue-field-values/2 would delete data. Allowed: GET requests and GraphQL queries.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('the read-only refusal is said before what is wrong with the value', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run({ ...setValue, valueType: 'number', value: 'many' }, withScope({ accessLevel: 'readOnly' }));
		expect(result.error('GitHub')?.message).toBe(
			'Refused: the credential is read-only, and POST /repos/octo/hello/issues/7/issue-field-values would change data. Allowed: GET requests and GraphQL queries.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a read-only credential still lists an issue’s values', async () => {
		const recorder = new GitHubRecorder([{ body: FIELD_VALUES }]);
		const result = await run({ resource: 'issue', operation: 'listFieldValues', ...repo(), issueNumber: byId('7'), limit: 5 }, withScope({ accessLevel: 'readOnly' }));
		expect(result.error('GitHub')).toBeUndefined();
		expect(result.json('GitHub')).toEqual(FIELD_VALUES);
		expect(recorder.requests.map((request) => request.query)).toEqual([{ per_page: '5' }]);
	});

	it('an issue of a repository outside the credential’s scope is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run(setValue, withScope({ allowedRepositories: 'octo/docs' }));
		expect(result.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the credential\'s scope. Allowed repositories: octo/docs.');
		expect(recorder.requests).toEqual([]);
	});

	it('the organization’s fields need OWNER/* in the credential’s scope: a repository entry does not reach them', async () => {
		const refusedRecorder = new GitHubRecorder([]);
		const refused = await run(listFields, withScope({ allowedRepositories: 'octo/hello' }));
		expect(refused.error('GitHub')?.message).toBe(
			'Refused: the organization "octo" reaches every repository of it, and the credential\'s scope does not name octo/*. Allowed repositories: octo/hello.',
		);
		expect(refusedRecorder.requests).toEqual([]);
	});

	it('with OWNER/* in the credential’s scope the organization’s fields are read', async () => {
		const allowedRecorder = new GitHubRecorder([{ body: ISSUE_FIELDS }]);
		const allowed = await run(listFields, withScope({ allowedRepositories: 'octo/*' }));
		expect(allowed.error('GitHub')).toBeUndefined();
		expect(allowed.json('GitHub')).toEqual(ISSUE_FIELDS);
		expect(allowedRecorder.requests.map((request) => request.path)).toEqual(['/orgs/octo/issue-fields']);
	});

	it('the node’s "Allowed Repositories" refuses the organization’s fields without OWNER/*', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run({ ...listFields, options: { allowedRepositories: 'octo/hello' } });
		expect(result.error('GitHub')?.message).toBe(
			'Refused: the organization "octo" reaches every repository of it, and the node\'s "Allowed Repositories" does not name octo/*. Allowed repositories: octo/hello.',
		);
		expect(recorder.requests).toEqual([]);
	});
});

describe('Issue field picker (fields of the chosen repository’s organization)', () => {
	const editing = { resource: 'issue', operation: 'setFieldValue', ...repo() };

	it('lists the fields by name and type, the ID as value, filtered by words', async () => {
		const recorder = new GitHubRecorder([{ body: ISSUE_FIELDS }, { body: ISSUE_FIELDS }]);
		const all = await searchIssueFields.call(searchContext(editing));
		const filtered = await searchIssueFields.call(searchContext(editing), 'importance');
		expect(all).toEqual({
			results: [
				{ name: 'DRI (text)', value: '1' },
				{ name: 'Priority (single select)', value: '2' },
				{ name: 'Points (number)', value: '3' },
			],
		});
		expect(filtered).toEqual({ results: [{ name: 'Priority (single select)', value: '2' }] });
		expect(recorder.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/orgs/octo/issue-fields', {}],
			['GET', '/orgs/octo/issue-fields', {}],
		]);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('lists nothing when the node’s "Allowed Repositories" does not name the organization as OWNER/*', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchIssueFields.call(searchContext({ ...editing, options: { allowedRepositories: 'octo/hello' } }))).rejects.toThrow(
			'Refused: the organization "octo" reaches every repository of it, and the node\'s "Allowed Repositories" does not name octo/*.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('lists nothing when the credential’s scope names only repositories of it', async () => {
		const recorder = new GitHubRecorder([]);
		await expect(searchIssueFields.call(searchContext(editing, withScope({ allowedRepositories: 'octo/hello' }) as never))).rejects.toThrow(
			'Refused: the organization "octo" reaches every repository of it, and the credential\'s scope does not name octo/*.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('asks for the repository first', async () => {
		await expect(searchIssueFields.call(searchContext({ resource: 'issue', operation: 'setFieldValue', owner: byList(''), repository: byList('') }))).rejects.toThrow(
			'Choose the repository owner and the repository first',
		);
	});
});

it('no token in any error of these rows', async () => {
	new GitHubRecorder([{ status: 404, body: { message: `Not Found ${TOKEN}` } }]);
	const result = await run(listFields);
	expect(JSON.stringify(result.error('GitHub'))).not.toContain(TOKEN);
	expect(result.error('GitHub')?.message).toContain('Issue fields (public preview)');
});
