import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { repo } from '../githubActions/run';
import { loopbackServers, runNode } from './support';

/**
 * "Max Download Size (MB)" bounds every answer read into memory, not only files: a JSON answer
 * over it (a huge repository, a list, a card) stops the item with an error naming the setting,
 * whether its length was announced (nothing is read) or not (reading stops at the limit).
 */

const [api] = loopbackServers(1);

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const MB = 1024 * 1024;
const CARD = '61b2c3d4e5f60718293a4b5c';
/** A JSON object of about `bytes` bytes. */
const large = (bytes: number, fields: IDataObject = {}) => ({ ...fields, description: 'x'.repeat(bytes) });

const OPERATIONS: Array<[string, string, string, IDataObject, (reply: { body: unknown; headers?: Record<string, string> }) => void]> = [
	['GitHub Repository → Get', 'gitHub', 'accessToken', { resource: 'repository', operation: 'get', ...repo() }, (reply) => api.on('GET', '/repos/octo/hello', () => reply)],
	['GitHub Issue → List', 'gitHub', 'accessToken', { resource: 'issue', operation: 'list', ...repo(), returnAll: false, limit: 5 }, (reply) => api.on('GET', '/repos/octo/hello/issues', () => reply)],
	['Trello Card → Get', 'trello', 'keyToken', { resource: 'card', operation: 'get', card: { __rl: true, mode: 'id', value: CARD } }, (reply) => api.on('GET', `/1/cards/${CARD}`, () => reply)],
];

describe.each(OPERATIONS)('%s', (name, type, authentication, parameters, answer) => {
	const service = type === 'gitHub' ? 'GitHub' : 'Trello';
	const run = async () => await runNode(type, { ...parameters, authentication, options: { maxDownloadSizeMb: 1 } }, api.baseUrl);
	const body = (bytes: number) => (name.includes('List') ? [large(bytes, { number: 1 })] : large(bytes, { id: CARD, name: 'x' }));

	it('an answer announced over the limit is not read', async () => {
		const text = JSON.stringify(body(2 * MB));
		answer({ body: text, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } });

		const result = await run();

		expect(result.error('Call')?.name).toBe('NodeApiError');
		expect(result.error('Call')?.message).toBe(`${service} announced an answer of 2.0 MB, over the 1 MB set in "Max Download Size (MB)"; nothing was read`);
		expect(result.error('Call')?.description).toBe('Ask for less in one request (a smaller Limit, filters), or raise "Max Download Size (MB)" in the node options.');
	});

	it('an answer over the limit without a length is stopped at the limit', async () => {
		answer({ body: body(2 * MB) });

		const result = await run();

		expect(result.error('Call')?.message).toBe(`${service} sent an answer of more than the 1 MB set in "Max Download Size (MB)"; the reading was stopped`);
	});

	it('an answer under the limit is read as before', async () => {
		answer({ body: body(1000) });

		const result = await run();

		expect(result.error('Call')).toBeUndefined();
		expect(result.items('Call').length).toBeGreaterThan(0);
	});
});
