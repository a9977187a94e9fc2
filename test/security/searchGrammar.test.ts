import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { credentials, runGitHub } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/**
 * Search confinement reads the query as GitHub does: a qualifier inside a phrase is text, not
 * a qualifier, so a query whose only repo: sits in quotes is unconfined. Credential (API Call)
 * or node (GitHub node) Allowed Repositories = octo/hello.
 */
beforeEach(() => resetGitHubRateLimitState());

const ALLOWED = 'Allowed repositories: octo/hello.';

async function searchCall(q: string) {
	const node = packageNode(
		'Call',
		'githubApiCall',
		{ authentication: 'accessToken', method: 'GET', endpoint: '/search/issues', queryParameters: { parameter: [{ name: 'q', value: q }] } },
		{ githubAccessTokenApi: 'token-cred' },
	);
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo/hello' } };
	return await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
}

const hit = (number: number, repository: string) => ({ number, repository_url: `https://api.github.com/repos/${repository}` });

describe('search queries are read with GitHub’s grammar', () => {
	it.each([
		['a qualifier inside a phrase', '"a repo:octo/hello " is:issue', 'names no allowed repository (add repo:OWNER/NAME)'],
		['a qualifier inside a phrase with an escaped quote', '"a \\" repo:octo/hello " is:issue', 'names no allowed repository (add repo:OWNER/NAME)'],
		['an unterminated phrase', 'is:issue "repo:octo/hello', 'has a quote that is not closed, so where its phrase ends cannot be told'],
		['a backslash outside a phrase', 'is:issue repo\\:evil/x repo:octo/hello', 'uses a backslash outside a phrase, which GitHub may read differently'],
		['a space other than a plain one', 'is:issue\u00a0repo:octo/hello', 'uses a space character other than space, tab or line break'],
		['a quote in the middle of a word', 'is:issue"x repo:evil/x" repo:octo/hello', 'has a quote inside a word, so where its phrase starts or ends cannot be told'],
		['only a negated repository', 'is:issue -repo:octo/hello', 'names no allowed repository (add repo:OWNER/NAME)'],
		['NOT', 'is:issue NOT repo:octo/hello', 'uses OR, NOT or parentheses, which could reach other repositories'],
		['an empty qualifier', 'is:issue repo: repo:octo/hello', 'has an empty "repo:" qualifier'],
		['a quoted repository outside', 'is:issue repo:"evil/x"', 'names the repository "evil/x", which is not allowed'],
		['a scope qualifier in capitals', 'is:issue REPO:evil/x repo:octo/hello', 'names the repository "evil/x", which is not allowed'],
	])('API Call: %s is refused, nothing sent', async (_name, q, why) => {
		const recorder = new GitHubRecorder([]);
		const run = await searchCall(q);
		expect(run.error('Call')?.message).toBe(`Refused: the search query ${why}. ${ALLOWED}`);
		expect(recorder.requests).toEqual([]);
	});

	it('API Call: a quoted repository value that is allowed is sent as given', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 1, items: [hit(1, 'octo/hello')] } }]);
		const run = await searchCall('is:issue repo:"octo/hello" "a phrase (with parentheses)"');
		expect(run.json('Call')).toEqual([{ total_count: 1, items: [hit(1, 'octo/hello')] }]);
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['is:issue repo:"octo/hello" "a phrase (with parentheses)"']);
	});

	it('API Call: when results from elsewhere are dropped, their count does not reach the output', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 7421, incomplete_results: false, items: [hit(1, 'octo/hello'), hit(2, 'evil/x')] } }]);
		const run = await searchCall('is:issue repo:octo/hello');
		expect(run.json('Call')).toEqual([{ incomplete_results: false, items: [hit(1, 'octo/hello')] }]);
		expect(recorder.requests).toHaveLength(1);
	});

	it('GitHub node Search: a phrase holding repo: does not count as confined; the allowed repository is appended', async () => {
		const recorder = new GitHubRecorder([{ body: { total_count: 2, items: [hit(1, 'octo/hello'), hit(2, 'evil/x')] } }]);
		const run = await runGitHub({
			resource: 'search',
			operation: 'issuesAndPullRequests',
			query: '"a repo:octo/hello " is:issue',
			limit: 5,
			options: { allowedRepositories: 'octo/hello' },
		});
		expect(recorder.requests.map((r) => r.query.q)).toEqual(['"a repo:octo/hello " is:issue repo:octo/hello']);
		expect(run.json('GitHub')).toEqual([hit(1, 'octo/hello')]);
		expect(JSON.stringify(run.json('GitHub') as IDataObject[])).not.toContain('total_count');
	});
});
