import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGES } from '../../nodes/shared/paging';
import { resetTrelloRateLimitState, TrelloClient } from '../../nodes/Trello/transport';
import { contextServing } from '../transport/contextServing';
import { FakeClock } from '../transport/fakeClock';
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

describe('Trello "before" paging (notification poller)', () => {
	const credentials = { apiKey: 'k3y0123456789', apiToken: 'tok0123456789', apiBaseUrl: 'https://api.trello.test' };
	const id = (n: number) => n.toString(16).padStart(24, '0');

	it('a server ignoring "before" (the same page again) stops with an error after the repeat', async () => {
		const { ctx, sent } = contextServing(credentials, (options) => ({
			body: Array.from({ length: Number((options.qs as IDataObject).limit) }, (_, i) => ({ id: id(5000 - i) })),
		}));
		const paging = new TrelloClient(ctx, 'keyToken').paginate({ method: 'GET', path: '/1/members/me/notifications' }, { returnAll: true, paging: 'before', maxPageSize: 10 });
		await expect(paging).rejects.toThrow('Trello pointed paging back to a page already fetched; paging stopped');
		expect(sent.map((options) => (options.qs as IDataObject).before)).toEqual([undefined, id(4991)]);
	});

	it('pages that never end stop at the documented maximum', async () => {
		// Trello's pacing (100 requests per 10 s) would make this take minutes on the real clock.
		resetTrelloRateLimitState();
		new FakeClock().install();
		try {
			let next = 10_000_000;
			const { ctx, sent } = contextServing(credentials, () => ({ body: [{ id: id(next--) }] }));
			const paging = new TrelloClient(ctx, 'keyToken').paginate({ method: 'GET', path: '/1/members/me/notifications' }, { returnAll: true, paging: 'before', maxPageSize: 1 });
			await expect(paging).rejects.toThrow(`Trello returned more than ${MAX_PAGES} pages; paging stopped`);
			expect(sent).toHaveLength(MAX_PAGES);
		} finally {
			FakeClock.uninstall();
		}
	});
});
