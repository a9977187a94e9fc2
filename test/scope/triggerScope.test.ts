import nock from 'nock';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { TOKEN } from '../githubTriggers/helpers';
import { TriggerHarness } from '../harness/triggers';

beforeEach(() => resetGitHubRateLimitState());

const scopedCredentials = { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN, allowedRepositories: 'octo/hello' } };

function trigger(repositories: string) {
	return new TriggerHarness(
		'gitHubTrigger',
		{ authentication: 'accessToken', owner: { __rl: true, mode: 'name', value: 'octo' }, triggers: ['newIssue'], repositories },
		scopedCredentials,
	);
}

describe('credential scope: triggers register only inside it', () => {
	it('a repository hook outside the scope is refused before anything is sent', async () => {
		const scope = nock('https://api.github.com').post(/.*/).reply(201, { id: 1 });
		await expect(trigger('other').create()).rejects.toThrow(
			'Refused: the repository "octo/other" is outside the credential\'s scope. Allowed repositories: octo/hello.',
		);
		expect(scope.isDone()).toBe(false);
		nock.cleanAll();
	});

	it('a repository hook inside the scope is created', async () => {
		const scope = nock('https://api.github.com').post('/repos/octo/hello/hooks').reply(201, { id: 42, active: true });
		await expect(trigger('hello').create()).resolves.toBe(true);
		expect(scope.isDone()).toBe(true);
	});
});
