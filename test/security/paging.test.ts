import { MAX_PAGES } from '../../nodes/shared/paging';
import { loopbackServers, runApiCall, runNode } from './support';

/** Paging that a server could keep going forever stops with a clear error. */
const [host] = loopbackServers(1);

describe('endless paging', () => {
	it('GitHub: a Link rel="next" pointing at the same page stops after the repeat', async () => {
		host.on('GET', '/repos/o/r/issues', (request) => ({
			body: [{ n: 1 }],
			headers: { link: `<${host.baseUrl}/repos/o/r/issues?per_page=100&page=2>; rel="next"`, 'x-page': request.query.page ?? '1' },
		}));

		const run = await runApiCall('githubToken', { method: 'GET', endpoint: '/repos/o/r/issues', followAllPages: true }, host.baseUrl);

		const error = run.error('Call');
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('GitHub pointed paging back to a page already fetched; paging stopped');
		expect(host.received.map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
	});

	it('GitHub: pages that never end stop at the documented maximum', async () => {
		host.on('GET', '/repos/o/r/issues', (request) => {
			const page = Number(request.query.page ?? '1');
			return { body: [{ page }], headers: { link: `</repos/o/r/issues?per_page=100&page=${page + 1}>; rel="next"` } };
		});

		const run = await runApiCall('githubToken', { method: 'GET', endpoint: '/repos/o/r/issues', followAllPages: true }, host.baseUrl);

		expect(run.error('Call')?.message).toBe(`GitHub returned more than ${MAX_PAGES} pages; paging stopped`);
		expect(host.received).toHaveLength(MAX_PAGES);
	}, 60_000);

	it('GitHub node (Return All) stops the same way', async () => {
		host.on('GET', '/repos/o/r/issues', () => ({
			body: [{ number: 1 }],
			headers: { link: `<${host.baseUrl}/repos/o/r/issues?page=1>; rel="next"` },
		}));
		const run = await runNode(
			'gitHub',
			{ resource: 'issue', operation: 'list', owner: { __rl: true, mode: 'name', value: 'o' }, repository: { __rl: true, mode: 'name', value: 'r' }, returnAll: true },
			host.baseUrl,
		);
		expect(run.error('Call')?.message).toBe('GitHub pointed paging back to a page already fetched; paging stopped');
		expect(host.received.length).toBeLessThanOrEqual(3);
	});

	it('GitHub: a list endpoint answering an object is a NodeApiError naming what was missing', async () => {
		host.on('GET', '/repos/o/r/issues', () => ({ body: { total_count: 1 } }));
		const run = await runApiCall(
			'githubToken',
			{ method: 'GET', endpoint: '/repos/o/r/issues', followAllPages: true, itemsProperty: 'items' },
			host.baseUrl,
		);
		expect(run.error('Call')?.name).toBe('NodeApiError');
		expect(run.error('Call')?.message).toBe('GitHub answered a list request without a list in "items"');
	});
});
