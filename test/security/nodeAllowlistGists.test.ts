import type { IDataObject } from 'n8n-workflow';

import type { GitHubOperationKey } from '../../nodes/GitHub/actions/catalogue';
import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { findRow } from '../../nodes/shared/operationKeys';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { runGitHub } from '../githubActions/run';

/**
 * The node's "Allowed Repositories" narrows the credential's scope, so gists - which belong to
 * no repository - are confined by it as by the credential's scope: only the account's own gist
 * list may be read. The credential here has no scope at all.
 */
beforeEach(() => resetGitHubRateLimitState());

const options = { allowedRepositories: 'octo/hello' };
type GistOperation<Key = GitHubOperationKey> = Key extends `gist.${infer Operation}` ? Operation : never;
const gistRow = (operation: GistOperation) => findRow(GITHUB_ROWS, `gist.${operation}` as const);

describe('node Allowed Repositories confines gists', () => {
	it.each([
		['create', { files: { file: [{ name: 'a.txt', content: 'x' }] } }],
		['update', { gistId: 'aa5a315d61ae9438b18d', files: { file: [{ name: 'a.txt', content: 'x' }] } }],
		['get', { gistId: 'aa5a315d61ae9438b18d' }],
		['delete', { gistId: 'aa5a315d61ae9438b18d' }],
		['listForUser', { username: 'someone-else', limit: 5 }],
	] as const)('gist → %s is refused, nothing but the login sent', async (operation, parameters) => {
		expect(gistRow(operation)).toBeDefined();
		const recorder = new GitHubRecorder([{ body: { login: 'mona' } }]);
		const run = await runGitHub({ resource: 'gist', operation, ...(parameters as IDataObject), options });
		expect(run.error('GitHub')?.name).toBe('NodeOperationError');
		expect(run.error('GitHub')?.message).toMatch(
			/^Refused: gists belong to no repository, so while the node's "Allowed Repositories" is set only the account's own gist list can be read .* Allowed repositories: octo\/hello\.$/,
		);
		expect(recorder.requests.filter((request) => request.path !== '/user')).toEqual([]);
	});

	it('the account’s own gist lists are read', async () => {
		const recorder = new GitHubRecorder([
			{ body: [{ id: 'g1' }] },
			{ body: { login: 'mona' } },
			{ body: [{ id: 'g2' }] },
		]);
		const mine = await runGitHub({ resource: 'gist', operation: 'listMine', limit: 5, options });
		const own = await runGitHub({ resource: 'gist', operation: 'listForUser', username: 'Mona', limit: 5, options });
		expect(mine.json('GitHub')).toEqual([{ id: 'g1' }]);
		expect(own.json('GitHub')).toEqual([{ id: 'g2' }]);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /gists', 'GET /user', 'GET /users/Mona/gists']);
	});
});
