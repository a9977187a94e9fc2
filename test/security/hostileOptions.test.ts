import type { INodeProperties } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GithubApiCall } from '../../nodes/GitHub/GithubApiCall.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { OPTION_DISPLAY_NAMES } from '../../nodes/shared/options';
import { Trello } from '../../nodes/Trello/Trello.node';
import { TrelloApiCall } from '../../nodes/Trello/TrelloApiCall.node';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { runGitHub } from '../githubActions/run';
import { rl, runTrello, trelloApi } from '../trelloActions/support';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import type { AuthKind } from './support';
import { apiCallNode, credentialsFor, loopbackServers } from './support';

/**
 * An option an expression turns into an object (no prototype, a list of objects, an object whose
 * toString throws) stops the item with an error naming the option and the fix, before anything is
 * sent: never a raw "Cannot convert object to primitive value" from the request code.
 */

beforeEach(() => {
	resetTrelloRateLimitState();
	resetGitHubRateLimitState();
});

const HOSTILE = [
	['an object without prototype', '={{ Object.create(null) }}', 'an object'],
	['a list of objects', '={{ [Object.create(null)] }}', 'a list holding something other than text'],
	['an object whose toString throws', '={{ ({ toString: () => { throw new Error("boom") } }) }}', 'an object'],
] as const;

const CARD = '61b2c3d4e5f60718293a4b5c';
const TRELLO_ROWS = [
	['Card → Get', { resource: 'card', operation: 'get', card: rl(CARD) }],
	['Card → Create', { resource: 'card', operation: 'create', list: rl('60a1b2c3d4e5f60718293a4b'), name: 'x' }],
	['Board → Get Many', { resource: 'board', operation: 'getAll', returnAll: true }],
] as const;
const GITHUB_ROWS = [
	['Issue → Get', { resource: 'issue', operation: 'get', owner: rl('octo'), repository: rl('hello'), issueNumber: 1 }],
	['Issue → Create', { resource: 'issue', operation: 'create', owner: rl('octo'), repository: rl('hello'), title: 'x' }],
	['Repository → Get', { resource: 'repository', operation: 'get', owner: rl('octo'), repository: rl('hello') }],
] as const;

const expectOptionError = (error: unknown, displayName: string, got: string) => {
	expect((error as Error | undefined)?.name).toBe('NodeOperationError');
	expect((error as Error).message).toBe(`The "${displayName}" option must be text or a number (got ${got})`);
	expect((error as { description?: string }).description).toBe(
		`Give "${displayName}" (in Options) as text or a number; check the expression that produces it, e.g. take a property of the object.`,
	);
};

describe.each(HOSTILE)('an option given %s', (_name, expression, got) => {
	it.each(TRELLO_ROWS)('Trello %s', async (_row, parameters) => {
		for (const [option, displayName] of [
			['maxRateLimitWait', 'Max Rate-Limit Wait (Seconds)'],
			['maxDownloadSizeMb', 'Max Download Size (MB)'],
			['allowedBoards', 'Allowed Boards'],
		]) {
			const api = trelloApi([]);
			const run = await runTrello({ ...parameters, options: { [option]: expression } });
			expectOptionError(run.error('Trello'), displayName, got);
			expect(api.recorded).toEqual([]);
		}
	});

	it.each(GITHUB_ROWS)('GitHub %s', async (_row, parameters) => {
		for (const [option, displayName] of [
			['maxRateLimitWait', 'Max Rate-Limit Wait (Seconds)'],
			['allowedRepositories', 'Allowed Repositories'],
		]) {
			// Network is disabled: a request sent would fail with another message.
			const run = await runGitHub({ ...parameters, options: { [option]: expression } });
			expectOptionError(run.error('GitHub'), displayName, got);
		}
	});

	it('the Trello API Call', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ method: 'GET', endpoint: `/1/cards/${CARD}`, options: { maxRateLimitWait: expression } }, 'keyToken', [{}], { type: 'trelloApiCall' });
		expectOptionError(run.error('Call'), 'Max Rate-Limit Wait (Seconds)', got);
		expect(api.recorded).toEqual([]);
	});
});

/**
 * The same for parameters other than options that are made text before anything is sent: the API
 * Call's endpoint and query parameter values, a row's Limit (found by the seeded fuzzer; header
 * values were already refused by the header check).
 */
describe('a parameter value an expression turns into an object', () => {
	const [api] = loopbackServers(1);
	const UNPRINTABLE = '={{ { toString: 1 } }}';
	const message = (what: string) => `${what} must be text or a number (got an object)`;
	const apiCall = async (kind: AuthKind, parameters: object) =>
		await runWorkflow(singleNodeWorkflow(apiCallNode(kind, { method: 'GET', ...parameters })), { credentials: credentialsFor(api.baseUrl) });

	it.each(['githubToken', 'trelloKeyToken'] as const)('API Call (%s): the endpoint', async (kind) => {
		const run = await apiCall(kind, { endpoint: UNPRINTABLE });
		expect(run.error('Call')?.name).toBe('NodeOperationError');
		expect(run.error('Call')?.message).toBe(message('The "Endpoint" parameter'));
		expect(api.received).toEqual([]);
	});

	it.each([
		['githubToken', '/repos/octo/hello'],
		['trelloKeyToken', `/1/cards/${CARD}`],
	] as const)('API Call (%s): a query parameter value', async (kind, endpoint) => {
		const run = await apiCall(kind, { endpoint, queryParameters: { parameter: [{ name: 'fields', value: UNPRINTABLE }] } });
		expect(run.error('Call')?.name).toBe('NodeOperationError');
		expect(run.error('Call')?.message).toBe(message('The value of "fields" in "Query Parameters"'));
		expect(api.received).toEqual([]);
	});

	it('a row’s Limit: GitHub Organization → List Members and Trello Attachment → Get Many', async () => {
		const github = await runGitHub({ resource: 'organization', operation: 'listMembers', organization: 'octo', returnAll: false, limit: UNPRINTABLE });
		expect(github.error('GitHub')?.name).toBe('NodeOperationError');
		expect(github.error('GitHub')?.message).toBe(message('The "Limit" parameter'));
		const trello = trelloApi([]);
		const run = await runTrello({ resource: 'attachment', operation: 'getAll', card: rl(CARD), returnAll: false, limit: UNPRINTABLE });
		expect(run.error('Trello')?.message).toBe(message('The "Limit" parameter'));
		expect(trello.recorded).toEqual([]);
	});

	it('a row’s Limit read outside the shared paging: GitHub Project → List (GraphQL) and Trello Webhook → Get Many', async () => {
		const github = await runGitHub({ resource: 'project', operation: 'list', projectOwner: { __rl: true, mode: 'list', value: 'octo' }, returnAll: false, limit: UNPRINTABLE });
		expect(github.error('GitHub')?.name).toBe('NodeOperationError');
		expect(github.error('GitHub')?.message).toBe(message('The "Limit" parameter'));
		trelloApi([{ method: 'GET', path: '/1/members/me/tokens', reply: [] }]);
		const run = await runTrello({ resource: 'webhook', operation: 'getAll', returnAll: false, limit: UNPRINTABLE });
		expect(run.error('Trello')?.name).toBe('NodeOperationError');
		expect(run.error('Trello')?.message).toBe(message('The "Limit" parameter'));
	});

	it.each([
		['a header name', { headers: { header: [{ name: UNPRINTABLE, value: 'v' }] } }, 'The "Headers" parameter has a name that is not text'],
		['the Accept value', { accept: UNPRINTABLE }, message('The "Accept" parameter')],
		['the Items Property value', { followAllPages: true, itemsProperty: UNPRINTABLE }, message('The "Items Property" parameter')],
	])('GitHub API Call: %s', async (_name, parameters, expected) => {
		const run = await apiCall('githubToken', { endpoint: '/repos/octo/hello', ...parameters });
		expect(run.error('Call')?.name).toBe('NodeOperationError');
		expect(run.error('Call')?.message).toBe(expected);
		expect(api.received).toEqual([]);
	});
});

describe('option names in messages', () => {
	it('are the display names the nodes show', () => {
		const collections = [new Trello(), new GitHub(), new TrelloApiCall(), new GithubApiCall()].map(
			(node) => node.description.properties.find((property) => property.name === 'options')?.options as INodeProperties[],
		);
		const shown = new Map(collections.flat().map((option) => [option.name, option.displayName]));
		for (const [name, displayName] of Object.entries(OPTION_DISPLAY_NAMES)) expect([name, shown.get(name)]).toEqual([name, displayName]);
	});
});
