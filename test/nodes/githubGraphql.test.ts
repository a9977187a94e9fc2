import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { GithubApiCall } from '../../nodes/GitHub/GithubApiCall.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { credentials, OAUTH_TOKEN, TOKEN } from '../githubActions/run';
import { FakeClock } from '../transport/fakeClock';

/**
 * The GraphQL mode of the GitHub API Call node against nock: exact requests (endpoint, body,
 * headers) and exact items. GitHub's GraphQL API is not part of its OpenAPI description
 * (@octokit/openapi describes REST only), so the endpoint is asserted as GitHub documents it:
 * POST https://api.github.com/graphql, and https://HOST/api/graphql on Enterprise Server.
 */

const HEADERS = {
	authorization: `Bearer ${TOKEN}`,
	accept: 'application/vnd.github+json',
	'x-github-api-version': '2022-11-28',
	'user-agent': 'n8n-nodes-github-trello',
	'content-type': 'application/json',
};

function graphqlCall(parameters: IDataObject, inputItems: IDataObject[] = [{}]) {
	return singleNodeWorkflow(
		packageNode('Call', 'githubApiCall', { mode: 'graphql', ...parameters }, { githubAccessTokenApi: 'token-cred', githubServerOAuth2Api: 'oauth-cred' }),
		inputItems,
	);
}

const ISSUES = 'query($owner: String!, $name: String!, $cursor: String) { repository(owner: $owner, name: $name) { issues(first: 2, after: $cursor) { nodes { number } pageInfo { hasNextPage endCursor } } } }';
const issuesPage = (numbers: number[], endCursor: string | null, hasNextPage: boolean) => ({
	data: { repository: { issues: { nodes: numbers.map((number) => ({ number })), pageInfo: { hasNextPage, endCursor } } } },
});

beforeEach(() => resetGitHubRateLimitState());

describe('GitHub API Call node: GraphQL mode', () => {
	it('keeps REST as the default mode, so saved workflows run unchanged', () => {
		const mode = new GithubApiCall().description.properties.find((property) => property.name === 'mode');
		expect(mode?.default).toBe('rest');
		const endpoint = new GithubApiCall().description.properties.find((property) => property.name === 'endpoint');
		expect(endpoint?.displayOptions).toEqual({ show: { mode: ['rest'] } });
	});

	it('POSTs query, variables and operation name to https://api.github.com/graphql and returns data as one item', async () => {
		const body = { query: 'query Me { viewer { login } }', variables: { unused: 1 }, operationName: 'Me' };
		const scope = nock('https://api.github.com', { reqheaders: HEADERS })
			.post('/graphql', body)
			.reply(200, { data: { viewer: { login: 'mona' } } });

		const run = await runWorkflow(
			graphqlCall({ authentication: 'accessToken', query: body.query, variables: '{"unused": 1}', operationName: 'Me' }),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ viewer: { login: 'mona' } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends GraphQL of an Enterprise Server credential to https://HOST/api/graphql', async () => {
		const scope = nock('https://github.example.com', { reqheaders: { authorization: `Bearer ${OAUTH_TOKEN}` } })
			.post('/api/graphql', { query: '{ viewer { login } }', variables: {} })
			.reply(200, { data: { viewer: { login: 'octo' } } });

		const run = await runWorkflow(graphqlCall({ authentication: 'oAuth2', query: '{ viewer { login } }' }), { credentials });

		expect(run.json('Call')).toEqual([{ viewer: { login: 'octo' } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('REST mode: POST /graphql of an Enterprise Server credential goes to https://HOST/api/graphql too, not under /api/v3', async () => {
		const scope = nock('https://github.example.com', { reqheaders: { authorization: `Bearer ${OAUTH_TOKEN}` } })
			.post('/api/graphql', { query: '{ viewer { login } }' })
			.reply(200, { data: { viewer: { login: 'octo' } } });

		const run = await runWorkflow(
			singleNodeWorkflow(
				packageNode('Call', 'githubApiCall', { authentication: 'oAuth2', method: 'POST', endpoint: '/graphql', body: '{"query": "{ viewer { login } }"}' }, { githubServerOAuth2Api: 'oauth-cred' }),
			),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ data: { viewer: { login: 'octo' } } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('outputs status, headers and the whole answer with "Include Status and Headers"', async () => {
		nock('https://api.github.com')
			.post('/graphql', { query: '{ viewer { login } }', variables: {} })
			.reply(200, { data: { viewer: { login: 'mona' } } }, { 'x-ratelimit-resource': 'graphql', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': '1900000000' });

		const run = await runWorkflow(graphqlCall({ query: '{ viewer { login } }', options: { fullResponse: true } }), { credentials });

		const [item] = run.json('Call');
		expect(item.statusCode).toBe(200);
		expect(item.body).toEqual({ data: { viewer: { login: 'mona' } } });
		expect((item.headers as IDataObject)['x-ratelimit-resource']).toBe('graphql');
	});

	it('follows the cursor through every page and returns one item per node', async () => {
		const variables = { owner: 'octo', name: 'hello' };
		const scope = nock('https://api.github.com', { reqheaders: HEADERS })
			.post('/graphql', { query: ISSUES, variables: { ...variables, cursor: null } })
			.reply(200, issuesPage([1, 2], 'Y3Vyc29yOjI=', true))
			.post('/graphql', { query: ISSUES, variables: { ...variables, cursor: 'Y3Vyc29yOjI=' } })
			.reply(200, issuesPage([3], 'Y3Vyc29yOjM=', false));

		const run = await runWorkflow(
			graphqlCall({ query: ISSUES, variables: JSON.stringify(variables), followCursor: true, connectionPath: 'repository.issues' }),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ number: 1 }, { number: 2 }, { number: 3 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('uses a named cursor variable, starts from a cursor given in Variables, pages edges, and stops at Max Pages', async () => {
		const query = 'query($after: String) { viewer { login } repository(owner: "octo", name: "hello") { labels(first: 1, after: $after) { edges { cursor node { name } } pageInfo { hasNextPage endCursor } } } }';
		const page = (name: string, cursor: string) => ({
			data: { viewer: { login: 'mona' }, repository: { labels: { edges: [{ cursor, node: { name } }], pageInfo: { hasNextPage: true, endCursor: cursor } } } },
		});
		const scope = nock('https://api.github.com')
			.post('/graphql', { query, variables: { after: 'c0' } })
			.reply(200, page('bug', 'c1'))
			.post('/graphql', { query, variables: { after: 'c1' } })
			.reply(200, page('docs', 'c2'));

		const run = await runWorkflow(
			graphqlCall({ query, variables: '{"after": "c0"}', followCursor: true, connectionPath: 'repository.labels', cursorVariable: 'after', maxPages: 2 }),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([
			{ cursor: 'c1', node: { name: 'bug' } },
			{ cursor: 'c2', node: { name: 'docs' } },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('stops when the server repeats a cursor (the page limit)', async () => {
		nock('https://api.github.com')
			.post('/graphql')
			.reply(200, issuesPage([1], 'same', true))
			.post('/graphql')
			.reply(200, issuesPage([2], 'same', true));

		const run = await runWorkflow(
			graphqlCall({ query: ISSUES, variables: '{"owner": "o", "name": "r"}', followCursor: true, connectionPath: 'repository.issues' }),
			{ credentials },
		);

		expect(run.error('Call')?.message).toContain('GitHub pointed paging back to a page already fetched; paging stopped');
	});

	it('turns GraphQL errors answered with 200 into a NodeApiError with GitHub\'s message, partial data dropped, token redacted', async () => {
		nock('https://api.github.com')
			.post('/graphql')
			.reply(200, {
				data: { a: { id: 'R_1' }, b: null },
				errors: [{ type: 'NOT_FOUND', path: ['b'], message: `Could not resolve to a Repository with the name 'octo/gone'. ${TOKEN}` }],
			});

		const run = await runWorkflow(
			graphqlCall({ query: '{ a: repository(owner: "octo", name: "hello") { id } b: repository(owner: "octo", name: "gone") { id } }' }),
			{ credentials },
		);

		const error = run.error('Call');
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe("GitHub answered 200: Could not resolve to a Repository with the name 'octo/gone'. [redacted]");
		expect(JSON.stringify(run.run)).not.toContain(TOKEN);
	});

	it.each([
		[{ query: '  ' }, 'The "Query" parameter is empty'],
		[{ query: '{ viewer { login } }', variables: '[1]' }, 'The "Variables" parameter is not a JSON object'],
		[{ query: '{ viewer { login } }', variables: '{oops' }, 'The "Variables" parameter is not valid JSON'],
		[{ query: '{ viewer { login } }', followCursor: true, connectionPath: 'viewer' }, 'The query does not declare the cursor variable $cursor'],
		[{ query: ISSUES, followCursor: true, connectionPath: 'repository..issues' }, 'The "Connection Path" parameter "repository..issues" is not a path of field names'],
		[{ query: 'query A($cursor: String) { viewer { login } } query B { viewer { login } }', followCursor: true, connectionPath: 'viewer' }, 'The query holds more than one operation'],
		[{ query: 'query($cursor: String) { viewer { login }', followCursor: true, connectionPath: 'viewer' }, 'The "Query" parameter cannot be read: a name expected at the end'],
	])('refuses bad input before sending: %j', async (parameters, message) => {
		const run = await runWorkflow(graphqlCall(parameters), { credentials });
		expect(run.error('Call')?.name).toBe('NodeOperationError');
		expect(run.error('Call')?.message).toBe(message);
	});

	it('fails with a clear message when the connection path holds no pageInfo', async () => {
		nock('https://api.github.com')
			.post('/graphql')
			.reply(200, { data: { repository: { issues: { nodes: [{ number: 1 }] } } } });

		const run = await runWorkflow(
			graphqlCall({ query: ISSUES, variables: '{"owner": "o", "name": "r"}', followCursor: true, connectionPath: 'repository.issues' }),
			{ credentials },
		);

		expect(run.error('Call')?.message).toBe('GitHub\'s answer has no connection with pageInfo { hasNextPage } at "repository.issues"');
	});

	it('returns no items when the connection\'s parent is null', async () => {
		nock('https://api.github.com').post('/graphql').reply(200, { data: { repository: null } });
		const run = await runWorkflow(
			graphqlCall({ query: ISSUES, variables: '{"owner": "o", "name": "r"}', followCursor: true, connectionPath: 'repository.issues' }),
			{ credentials },
		);
		expect(run.json('Call')).toEqual([]);
	});
});

describe('GitHub API Call node: GraphQL rate limits', () => {
	let clock: FakeClock;
	beforeEach(() => {
		clock = new FakeClock().install();
	});
	afterEach(() => FakeClock.uninstall());

	it('paces GraphQL by its own budget (x-ratelimit-resource: graphql) and REST by core', async () => {
		const reset = String(Math.floor(clock.now() / 1000) + 10);
		const graphqlSpent = { 'x-ratelimit-resource': 'graphql', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-used': '5000' };
		const start = clock.now();
		const sentAt: string[] = [];
		const at = (what: string) => sentAt.push(`${what} +${(clock.now() - start) / 1000}s`);
		const scope = nock('https://api.github.com')
			.post('/graphql')
			.reply(200, () => (at('graphql'), { data: { viewer: { login: 'first' } } }), graphqlSpent)
			.get('/user')
			.reply(200, () => (at('rest'), { login: 'rest' }), { 'x-ratelimit-resource': 'core', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': reset })
			.post('/graphql')
			.reply(200, () => (at('graphql'), { data: { viewer: { login: 'second' } } }));

		const run = await runWorkflow(
			singleNodeWorkflow(
				packageNode('Call', 'githubApiCall', { mode: '={{ $json.mode }}', method: 'GET', endpoint: '/user', query: '{ viewer { login } }', connectionPath: 'unused' }, { githubAccessTokenApi: 'token-cred' }),
				[{ mode: 'graphql' }, { mode: 'rest' }, { mode: 'graphql' }],
			),
			{ credentials },
		);

		expect(run.json('Call')).toEqual([{ viewer: { login: 'first' } }, { login: 'rest' }, { viewer: { login: 'second' } }]);
		// Only the second GraphQL request waited for the graphql reset; the REST request went at once.
		expect(sentAt).toEqual(['graphql +0s', 'rest +0s', 'graphql +10s']);
		expect(clock.sleeps).toEqual([10_000]);
		expect(scope.isDone()).toBe(true);
	});
});
