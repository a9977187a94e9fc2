import type { IDataObject } from 'n8n-workflow';

import { parseRepositoryList } from '../../nodes/GitHub/scope/repositories';
import type { GitHubScope } from '../../nodes/GitHub/scope';
import { checkGitHubRequest } from '../../nodes/GitHub/scope';
import { GRAPHQL_DEPTH_BOUND, graphqlTokens, parseGraphqlDocument } from '../../nodes/GitHub/scope/graphqlDocument';
import { GitHubRecorder } from '../githubActions/recorder';
import { credentials } from '../githubActions/run';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

/**
 * GraphQL against a repository scope: a query passes only when every field it selects is in the
 * part of GitHub's schema that stays inside one repository and every repository(owner:, name:)
 * resolves (literal, variable or default) to an allowed one; read-only passes no mutation or
 * subscription wherever it hides. Each attack here must be refused before anything is sent.
 */

const list = parseRepositoryList('acme-org/api-server, widgets-inc/*', "the credential's scope", 'Allowed Repositories')!;
const scope: GitHubScope = { repositories: list, readOnly: false };
const readOnly: GitHubScope = { repositories: undefined, readOnly: true };
const lookups = { login: async () => 'me' };

async function verdict(body: IDataObject, over: GitHubScope = scope): Promise<string> {
	try {
		await checkGitHubRequest(over, { method: 'POST', path: '/graphql', body }, lookups);
		return 'allowed';
	} catch (error) {
		return (error as Error).message;
	}
}

const ISSUES = `query($owner: String!, $name: String!, $cursor: String) {
  repository(owner: $owner, name: $name) {
    issues(first: 100, after: $cursor, states: OPEN) {
      totalCount
      nodes { number title author { login ... on User { name } } labels(first: 10) { nodes { name color } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

describe('GraphQL queries inside an allowed repository pass', () => {
	it.each([
		['literal owner and name', { query: '{ repository(owner: "acme-org", name: "api-server") { name stargazerCount } }' }],
		['names in another case', { query: '{ repository(owner: "ACME-org", name: "API-Server") { id } }' }],
		['an owner/* entry', { query: '{ repository(owner: "widgets-inc", name: "anything") { id } }' }],
		['variables', { query: ISSUES, variables: { owner: 'acme-org', name: 'api-server' } }],
		['a default value', { query: 'query($o: String = "acme-org") { repository(owner: $o, name: "api-server") { id } }' }],
		['aliases, fragments and inline fragments', {
			query: `query { a: repository(owner: "acme-org", name: "api-server") { ...R } b: repository(owner: "widgets-inc", name: "w") { ...R } }
			fragment R on Repository { pullRequests(last: 5) { edges { cursor node { number mergedBy { login } commits(first: 1) { nodes { commit { oid message } } } } } }
			  object(expression: "main:README.md") { ... on Blob { text byteSize } } defaultBranchRef { target { ... on Commit { history(first: 3) { nodes { oid author { name user { login } } } } } } } }`,
		}],
		['viewer scalars, rate limit and __typename', { query: '{ viewer { login name } rateLimit { remaining resetAt } __typename }' }],
		['a comment and a string holding keywords', { query: '# node(id: "x") mutation\n{ repository(owner: "acme-org", name: "api-server") { issues(first: 1, filterBy: {mentioned: "node search mutation"}) { totalCount } } }' }],
	])('%s', async (_name, body) => {
		expect(await verdict(body)).toBe('allowed');
	});
});

describe('GraphQL attacks on a repository scope are refused', () => {
	it.each([
		['an aliased node(id:)', '{ x: node(id: "MDEwOlJlcG9zaXRvcnkx") { ... on Repository { issues(first: 9) { nodes { title } } } } }', 'starts at "node"'],
		['nodes(ids:)', '{ nodes(ids: ["a"]) { id } }', 'starts at "nodes"'],
		['search', '{ search(query: "repo:evil/x", type: ISSUE, first: 5) { issueCount } }', 'starts at "search"'],
		['resource(url:)', '{ resource(url: "https://github.com/evil/x") { resourcePath } }', 'starts at "resource"'],
		['organization', '{ organization(login: "evil") { repositories(first: 5) { nodes { name } } } }', 'starts at "organization"'],
		['viewer repositories', '{ viewer { repositories(first: 5) { nodes { nameWithOwner } } } }', 'selects User.repositories'],
		['a repository outside the list', '{ repository(owner: "evil", name: "x") { id } }', 'Refused: the repository "evil/x" is outside'],
		['a second repository outside the list', '{ a: repository(owner: "acme-org", name: "api-server") { id } b: repository(owner: "acme-org", name: "secret") { id } }', '"acme-org/secret" is outside'],
		['the owner\'s other repositories', '{ repository(owner: "acme-org", name: "api-server") { owner { repositories(first: 5) { nodes { name } } } } }', 'selects RepositoryOwner.repositories'],
		['forks and parent', '{ repository(owner: "acme-org", name: "api-server") { parent { issues(first: 1) { nodes { title } } } } }', 'selects Repository.parent'],
		['an author\'s repositories through a fragment on User', '{ repository(owner: "acme-org", name: "api-server") { issues(first: 1) { nodes { author { ... on User { repositories(first: 3) { nodes { name } } } } } } } }', 'selects User.repositories'],
		['a pull request\'s head repository', '{ repository(owner: "acme-org", name: "api-server") { pullRequest(number: 1) { headRepository { name } } } }', 'selects PullRequest.headRepository'],
		['a fragment on a type outside the checked part', '{ repository(owner: "acme-org", name: "api-server") { ...F } } fragment F on Organization { repositories(first: 1) { totalCount } }', 'narrows Repository to "Organization"'],
		['a spread of an undefined fragment', '{ repository(owner: "acme-org", name: "api-server") { ...Missing } }', 'does not define'],
		['a fragment spread inside itself', '{ repository(owner: "acme-org", name: "api-server") { ...A } } fragment A on Repository { ...A }', 'inside itself'],
		['a field under a scalar', '{ repository(owner: "acme-org", name: "api-server") { name { x } } }', 'has none here'],
		['owner given twice', '{ repository(owner: "acme-org", owner: "evil", name: "api-server") { id } }', 'more than one "owner"'],
		['owner as a block string', '{ repository(owner: """evil""", name: "x") { id } }', 'not one plain string'],
		['owner from an undeclared variable', '{ repository(owner: $o, name: "api-server") { id } }', 'not one plain string'],
		['an escaped owner', '{ repository(owner: "\\u0065vil", name: "x") { id } }', '"evil/x" is outside'],
		['a mutation', 'mutation { addStar(input: {starrableId: "R_1"}) { clientMutationId } }', 'holds a mutation'],
		['a mutation behind an allowed query', 'query A { repository(owner: "acme-org", name: "api-server") { id } } mutation B { deleteIssue(input: {issueId: "I_1"}) { clientMutationId } }', 'holds a mutation'],
		['a subscription', 'subscription { x }', 'holds a subscription'],
		['a type-system definition', 'type Query { x: Int }', 'cannot be read exactly'],
		['an unclosed string', '{ repository(owner: "acme-org, name: "x") { id } }', 'cannot be read exactly'],
		['an unknown escape', '{ repository(owner: "acme\\xorg", name: "x") { id } }', 'cannot be read exactly'],
		['a character GraphQL does not use', '{ repository(owner: "acme-org", name: "api-server") { id } };', 'cannot be read exactly'],
	])('%s', async (_name, query, message) => {
		expect(await verdict({ query })).toContain(message);
	});

	it.each([
		['an owner variable outside the list', { owner: 'evil', name: 'x' }, '"evil/x" is outside'],
		['a variable overriding an allowed default', { owner: 'evil' }, '"evil/api-server" is outside'],
		['a variable that is not text', { owner: ['acme-org'] }, 'not one plain string'],
		['a variable set to null', { owner: null }, 'not one plain string'],
	])('%s', async (_name, variables, message) => {
		const query = 'query($owner: String = "acme-org", $name: String = "api-server") { repository(owner: $owner, name: $name) { id } }';
		expect(await verdict({ query, variables: variables as IDataObject })).toContain(message);
	});

	it('checks every operation whichever one operationName picks', async () => {
		const query = 'query Good { repository(owner: "acme-org", name: "api-server") { id } } query Bad { repository(owner: "evil", name: "x") { id } }';
		expect(await verdict({ query, operationName: 'Good' })).toContain('"evil/x" is outside');
	});

	it.each([
		['a repository scope', scope],
		['a read-only credential', readOnly],
	])('refuses query parameters next to the body with %s (the server may read variables from them)', async (_name, over) => {
		const request = { method: 'POST' as const, path: '/graphql', qs: { variables: '{"o":"evil"}' }, body: { query: 'query($o: String = "acme-org") { repository(owner: $o, name: "api-server") { id } }' } };
		await expect(checkGitHubRequest(over, request, lookups)).rejects.toThrow('Refused: a GraphQL request with query parameters (variables) cannot be checked');
	});

	it('refuses GraphQL sent with another method than POST', async () => {
		await expect(checkGitHubRequest(scope, { method: 'GET', path: '/graphql' }, lookups)).rejects.toThrow('GraphQL is sent with POST');
	});
});

describe('GraphQL on a read-only credential', () => {
	it.each([
		['a query', '{ viewer { login } }', 'allowed'],
		['"mutation" inside a string or comment', '# mutation\n{ search(query: "mutation", type: REPOSITORY, first: 1) { repositoryCount } }', 'allowed'],
		['a mutation', 'mutation { addStar(input: {starrableId: "x"}) { clientMutationId } }', 'the credential is read-only'],
		['a mutation as a second operation', 'query A { viewer { login } } mutation B { addStar(input: {starrableId: "x"}) { clientMutationId } }', 'the credential is read-only'],
		['a subscription', 'subscription S { x }', 'the credential is read-only'],
		['a document that cannot be read', '{ viewer { login } ', 'the credential is read-only'],
	])('%s', async (_name, query, expected) => {
		const result = await verdict({ query }, readOnly);
		if (expected === 'allowed') expect(result).toBe('allowed');
		else expect(result).toContain(expected);
	});
});

describe('GraphQL too deep to read', () => {
	const deep = `{ ${'a { '.repeat(GRAPHQL_DEPTH_BOUND + 1)}b${' }'.repeat(GRAPHQL_DEPTH_BOUND + 1)} }`;
	const depthRefusal = `Refused: the GraphQL query nests deeper than ${GRAPHQL_DEPTH_BOUND} levels`;

	it.each([
		['a read-only credential', readOnly],
		['a read-only credential with a repository scope', { repositories: list, readOnly: true }],
	])('is refused for its depth, not taken for a write, with %s', async (_name, over) => {
		const message = await verdict({ query: deep }, over);
		expect(message).toContain(`${depthRefusal} (selections, with fragments counted where they are spread, or values), the depth bound of the check, so whether it changes data was not checked for the read-only credential.`);
		expect(message).not.toContain('would change data');
	});

	it('is refused for its depth under a repository scope', async () => {
		expect(await verdict({ query: deep })).toContain(`${depthRefusal} (selections`);
	});

	it('a mutation within the bounds is still a write for a read-only credential', async () => {
		expect(await verdict({ query: 'mutation { addStar(input: {starrableId: "x"}) { clientMutationId } }' }, readOnly)).toContain('the credential is read-only');
	});
});

describe('GraphQL reader', () => {
	it('reads tokens as the specification does: comments, commas and a byte order mark are ignored, escapes decoded', () => {
		expect(graphqlTokens('\ufeff{ a(b: "x\\"\\u0041", c: -1.5e3), # c\r d }').map((token) => `${token.kind}:${token.text}`)).toEqual([
			'punctuator:{', 'name:a', 'punctuator:(', 'name:b', 'punctuator::', 'string:x"A', 'name:c', 'punctuator::', 'number:-1.5e3', 'punctuator:)', 'name:d', 'punctuator:}',
		]);
	});

	it.each(['{ a(b: 1a) }', '{ a(b: 01) }', '{ a . b }', '"x\ny"', '{ a(b: """x) }', 'query Q { a } query Q { b }', 'query($o: String = "a", $o: String = "b") { a }', 'fragment F on T { a } fragment F on T { a } { a }'])('refuses %j', (source) => {
		expect(() => parseGraphqlDocument(source)).toThrow();
	});

	it('reads operations, variables with defaults, aliases, spreads and inline fragments', () => {
		const document = parseGraphqlDocument('query Q($a: [String!]! = ["x"] @d, $b: Int) @e { x: f(a: $a) @include(if: true) { ...F ... on T { g } ... { h } } } fragment F on U { i }');
		expect(document.operations).toEqual([
			{
				type: 'query',
				name: 'Q',
				variables: [
					{ name: 'a', defaultValue: { kind: 'list', values: [{ kind: 'string', value: 'x' }] } },
					{ name: 'b', defaultValue: undefined },
				],
				selections: [
					{
						kind: 'field',
						name: 'f',
						alias: 'x',
						arguments: [{ name: 'a', value: { kind: 'variable', name: 'a' } }],
						selections: [
							{ kind: 'spread', name: 'F' },
							{ kind: 'inline', typeCondition: 'T', selections: [{ kind: 'field', name: 'g', alias: undefined, arguments: [] }] },
							{ kind: 'inline', typeCondition: undefined, selections: [{ kind: 'field', name: 'h', alias: undefined, arguments: [] }] },
						],
					},
				],
			},
		]);
		expect([...document.fragments.keys()]).toEqual(['F']);
	});
});

describe('GraphQL mode of the API Call node on a scoped credential', () => {
	const scopedCredentials = {
		...credentials,
		githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'acme-org/api-server', accessLevel: 'readOnly' },
	};

	async function graphqlCall(parameters: IDataObject) {
		const node = packageNode('Call', 'githubApiCall', { authentication: 'accessToken', mode: 'graphql', ...parameters }, { githubAccessTokenApi: 'token-cred' });
		return await runWorkflow(singleNodeWorkflow(node), { credentials: scopedCredentials as never });
	}

	it.each([
		['a node(id:) query', { query: '{ node(id: "R_1") { id } }' }, 'Refused: the GraphQL query starts at "node"'],
		['a repository from variables outside the scope', { query: 'query($o: String!) { repository(owner: $o, name: "x") { id } }', variables: '{"o": "evil"}' }, 'Refused: the repository "evil/x" is outside'],
		['a mutation', { query: 'mutation { addStar(input: {starrableId: "x"}) { clientMutationId } }' }, 'Refused: the credential is read-only, and POST /graphql would change data'],
	])('%s is refused before anything is sent', async (_name, parameters, message) => {
		const recorder = new GitHubRecorder([]);
		const run = await graphqlCall(parameters);
		expect(run.error('Call')?.message.startsWith(message)).toBe(true);
		expect(recorder.requests).toEqual([]);
	});

	it('sends a query confined to the allowed repository', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { name: 'api-server' } } } }]);
		const query = '{ repository(owner: "acme-org", name: "api-server") { name } }';
		const run = await graphqlCall({ query });
		expect(run.json('Call')).toEqual([{ repository: { name: 'api-server' } }]);
		expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/graphql', { query, variables: {} }]]);
	});
});
