import type { IDataObject } from 'n8n-workflow';

import { loopbackServers, runNode } from './support';

/**
 * Bad input is a NodeOperationError naming the parameter, sent nowhere; an odd answer is a
 * NodeApiError saying what was unexpected — never a raw JS error or a request built from junk.
 */
const [host] = loopbackServers(1);

const locator = (value: unknown) => ({ __rl: true, mode: 'name', value });
const repo = { owner: locator('o'), repository: locator('r') };

async function github(parameters: IDataObject) {
	return await runNode('gitHub', parameters, host.baseUrl);
}

describe('bad input never reaches the service', () => {
	it.each([
		[{ until: 'not-a-date' }, 'The "Until" parameter is not a date (got "not-a-date")'],
		[{ since: '={{ {a: 1} }}' }, 'The "Since" parameter is not a date (got an object)'],
		[{ author: '={{ {login: "mona"} }}' }, 'The "Author" parameter must be text (got an object: {"login":"mona"})'],
		[{ author: '={{ ["a", "b"] }}' }, 'The "Author" parameter must be text (got a list: ["a","b"])'],
		[{ path: '={{ "src/\\ud800.ts" }}' }, 'The "Path" parameter contains a broken Unicode character (half of a surrogate pair)'],
	])('commit list with filters %j', async (filters, message) => {
		const run = await github({ resource: 'commit', operation: 'list', ...repo, additionalFields: filters, returnAll: false, limit: 5 });
		const error = run.error('Call');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(host.received).toEqual([]);
	});

	it.each([
		[{ owner: locator('={{ {x: 1} }}') }, 'The "Repository Owner" parameter must be text (got an object: {"x":1})'],
		[{ owner: locator('={{ ["LA", "LB"] }}') }, 'The "Repository Owner" parameter must be text (got a list: ["LA","LB"])'],
		[{ owner: locator('={{ "o\\udc00" }}') }, 'The "Repository Owner" parameter contains a broken Unicode character (half of a surrogate pair)'],
	])('issue get with %j', async (changed, message) => {
		const run = await github({ resource: 'issue', operation: 'get', ...repo, ...changed, issueNumber: 1 });
		expect(run.error('Call')?.name).toBe('NodeOperationError');
		expect(run.error('Call')?.message).toBe(message);
		expect(host.received).toEqual([]);
	});

	it('an expression refused by n8n ($env) is a NodeOperationError naming the parameter', async () => {
		const before = process.env.N8N_BLOCK_ENV_ACCESS_IN_NODE;
		process.env.N8N_BLOCK_ENV_ACCESS_IN_NODE = 'true';
		try {
			const run = await github({ resource: 'issue', operation: 'get', ...repo, owner: locator('={{ $env.HOME }}'), issueNumber: 1 });
			const error = run.error('Call');
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toMatch(/^The "owner(\.value)?" parameter could not be resolved: /);
			expect(error?.message).not.toMatch(/request failed|Check the credential/);
			expect(host.received).toEqual([]);
		} finally {
			if (before === undefined) delete process.env.N8N_BLOCK_ENV_ACCESS_IN_NODE;
			else process.env.N8N_BLOCK_ENV_ACCESS_IN_NODE = before;
		}
	});
});

describe('odd answers become NodeApiErrors saying what was unexpected', () => {
	it.each([
		['null', null],
		['a list', []],
	])('GitHub File → Get answered %s', async (_label, body) => {
		host.on('GET', '/repos/o/r/contents/{path}', () => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
		const run = await github({ resource: 'file', operation: 'get', ...repo, path: 'a.txt', outputAs: 'text' });
		const error = run.error('Call');
		if (Array.isArray(body)) {
			expect(error).toBeUndefined();
			expect(run.json('Call')).toEqual([]);
			return;
		}
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/^GitHub sent an answer of an unexpected shape \(/);
	});

	it('GitHub issue list answered with an object instead of a list', async () => {
		host.on('GET', '/repos/o/r/issues', () => ({ body: { message: 'not a list' } }));
		const run = await github({ resource: 'issue', operation: 'list', ...repo, returnAll: true });
		expect(run.error('Call')?.name).toBe('NodeApiError');
		expect(run.error('Call')?.message).toBe('GitHub answered a list request without a list');
	});

	it('Trello list endpoints answered with an object instead of a list', async () => {
		host.on('GET', '/1/lists/{id}/cards', () => ({ body: { weird: true } }));
		const run = await runNode(
			'trello',
			{ authentication: 'keyToken', resource: 'list', operation: 'getCards', list: locator('5f0c0c0c0c0c0c0c0c0c0c0c'), returnAll: true },
			host.baseUrl,
		);
		expect(run.error('Call')?.message).toBe('Trello answered a list request (/1/lists/5f0c0c0c0c0c0c0c0c0c0c0c/cards) without a list');
		expect(run.error('Call')?.name).toBe('NodeApiError');
	});
});
