import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { GitHubRecorder } from './recorder';
import { credentials, githubNode, repo } from './run';

beforeEach(() => resetGitHubRateLimitState());

const deletion = (extra: IDataObject = {}) => ({ resource: 'repository', operation: 'delete', ...repo(), confirmFullName: 'octo/hello', ...extra });

function withScope(scope: IDataObject) {
	return { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, accessLevel: 'readWrite', ...scope } };
}

async function run(parameters: IDataObject, creds: object = credentials) {
	return await runWorkflow(singleNodeWorkflow(githubNode('GitHub', parameters)), { credentials: creds as never });
}

describe('Repository → Delete runs only when confirmed and allowed', () => {
	it.each([
		// The editor requires the field; an expression can still leave it empty.
		['empty (an expression resolving to nothing)', '={{ $json.missing }}', 'The "Confirm Full Name" parameter is empty, so the repository "octo/hello" was not deleted'],
		['another repository', 'octo/other', 'The "Confirm Full Name" parameter is "octo/other", not the repository "octo/hello", so nothing was deleted'],
		['the name alone', 'hello', 'The "Confirm Full Name" parameter is "hello", not the repository "octo/hello", so nothing was deleted'],
		['other letter case', 'Octo/Hello', 'The "Confirm Full Name" parameter is "Octo/Hello", not the repository "octo/hello", so nothing was deleted'],
		['trailing space', 'octo/hello ', 'The "Confirm Full Name" parameter is "octo/hello ", not the repository "octo/hello", so nothing was deleted'],
	])('a confirmation that is %s is refused and nothing is sent', async (_case, confirmFullName, message) => {
		const recorder = new GitHubRecorder([]);
		const result = await run(deletion({ confirmFullName }));
		const error = result.error('GitHub');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(error?.description).toBe('Give "octo/hello" (owner/name, exactly as the repository is chosen) in "Confirm Full Name" to delete it permanently.');
		expect(recorder.requests).toEqual([]);
	});

	it('a read-only credential refuses it, saying the request would delete data; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run(deletion(), withScope({ accessLevel: 'readOnly' }));
		const error = result.error('GitHub');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(
			'Refused: the credential is read-only, and DELETE /repos/octo/hello would delete data. Allowed: GET requests and GraphQL queries.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a credential scoped by owner/* refuses it in words: deleting needs the repository named; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run(deletion(), withScope({ allowedRepositories: 'octo/*' }));
		const error = result.error('GitHub');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(
			'Refused: deleting the repository "octo/hello" needs the credential\'s scope to name it as octo/hello; an entry octo/* allows working in its repositories, not deleting them. Allowed repositories: octo/*.',
		);
		expect(error?.description).toBe('Add octo/hello to the credential\'s scope to allow deleting it, or delete it on GitHub.');
		expect(recorder.requests).toEqual([]);
	});

	it('a credential scoped to other repositories refuses it as outside the scope; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run(deletion(), withScope({ allowedRepositories: 'octo/docs' }));
		expect(result.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the credential\'s scope. Allowed repositories: octo/docs.');
		expect(recorder.requests).toEqual([]);
	});

	it('the node\'s "Allowed Repositories" with owner/* refuses it the same way; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const result = await run(deletion({ options: { allowedRepositories: 'octo/*' } }));
		expect(result.error('GitHub')?.message).toBe(
			'Refused: deleting the repository "octo/hello" needs the node\'s "Allowed Repositories" to name it as octo/hello; an entry octo/* allows working in its repositories, not deleting them. Allowed repositories: octo/*.',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a scope naming the repository itself lets the deletion through', async () => {
		const recorder = new GitHubRecorder([{ status: 204 }]);
		const result = await run(deletion(), withScope({ allowedRepositories: 'octo/*, octo/hello' }));
		expect(result.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /repos/octo/hello']);
		expect(result.json('GitHub')).toEqual([{ deleted: true, repository: 'octo/hello' }]);
	});
});
