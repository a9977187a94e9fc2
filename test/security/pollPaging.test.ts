import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { MAX_PAGES } from '../../nodes/shared/paging';
import { pollTrigger } from '../githubTriggers/helpers';
import { loopbackServers } from './support';

/**
 * The Poll Trigger's New Repository walks /user/repos page by page: a server that ignores
 * `page`, or one whose pages never end, must not keep it going.
 */
const [host] = loopbackServers(1);

beforeEach(() => resetGitHubRateLimitState());

const repo = (id: number) => ({ id, full_name: `octocat/r${id}`, created_at: '2026-11-20T12:00:00Z' });
const page = (first: number) => Array.from({ length: 100 }, (_, i) => repo(first + i));

async function primed() {
	// First poll: the position is recorded from one old repository.
	host.on('GET', '/user/repos', () => ({ body: [{ id: 1, full_name: 'octocat/old', created_at: '2026-11-20T10:00:00Z' }] }));
	const harness = pollTrigger({ trigger: 'newRepository' }, host.baseUrl);
	expect(await harness.poll()).toBeNull();
	host.received.length = 0;
	(host as unknown as { routes: unknown[] }).routes = [];
	return harness;
}

describe('Poll Trigger paging', () => {
	it('a server that ignores `page` (the same page again) stops with a NodeApiError', async () => {
		const harness = await primed();
		host.on('GET', '/user/repos', () => ({ body: page(1000) }));

		const failure = await harness.poll().then(
			() => undefined,
			(error: Error) => error,
		);

		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe('GitHub answered page 2 with the same entries as an earlier page; paging stopped');
		expect(host.received.map((request) => request.query.page)).toEqual(['1', '2']);
		expect((harness.staticData.position as IDataObject).at).toBe('2026-11-20T10:00:00Z');
	});

	it(`pages that never end stop at the documented maximum (${MAX_PAGES})`, async () => {
		const harness = await primed();
		host.on('GET', '/user/repos', (request) => ({ body: page(Number(request.query.page) * 1000) }));

		const failure = await harness.poll().then(
			() => undefined,
			(error: Error) => error,
		);

		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe(`GitHub returned more than ${MAX_PAGES} pages; paging stopped`);
		expect(host.received).toHaveLength(MAX_PAGES);
	}, 120_000);
});
