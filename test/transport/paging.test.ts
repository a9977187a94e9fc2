import { GitHubClient } from '../../nodes/GitHub/transport';
import { TrelloClient } from '../../nodes/Trello/transport';
import { contextServing } from './contextServing';

const numbered = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ n: from + i }));

describe('GitHub paging', () => {
	const credentials = { server: 'https://api.github.com', accessToken: 'ghp_x' };

	function github(total: number) {
		return contextServing(credentials, (options) => {
			const perPage = Number(options.qs?.per_page);
			const page = Number(options.qs?.page ?? 1);
			const items = numbered((page - 1) * perPage + 1, Math.max(0, Math.min(perPage, total - (page - 1) * perPage)));
			const more = page * perPage < total;
			return {
				body: items,
				headers: more ? { link: `<https://api.github.com/repos/o/r/issues?per_page=${perPage}&page=${page + 1}>; rel="next"` } : {},
			};
		});
	}

	it('a limit of 7 asks for 7 in one request and returns exactly 7', async () => {
		const { ctx, sent } = github(1000);
		const items = await new GitHubClient(ctx, 'accessToken').paginate({ method: 'GET', path: '/repos/o/r/issues' }, { returnAll: false, limit: 7 });
		expect(items).toEqual(numbered(1, 7));
		expect(sent.map((o) => o.qs)).toEqual([{ per_page: 7 }]);
	});

	it('a limit of 150 takes two pages of 100 and stops', async () => {
		const { ctx, sent } = github(1000);
		const items = await new GitHubClient(ctx, 'accessToken').paginate({ method: 'GET', path: '/repos/o/r/issues' }, { returnAll: false, limit: 150 });
		expect(items).toHaveLength(150);
		expect(items[149]).toEqual({ n: 150 });
		expect(sent).toHaveLength(2);
	});

	it('Return All follows Link rel="next" with per_page=100 until the last page', async () => {
		const { ctx, sent } = github(1000);
		const items = await new GitHubClient(ctx, 'accessToken').paginate({ method: 'GET', path: '/repos/o/r/issues' }, { returnAll: true });
		expect(items).toHaveLength(1000);
		expect(sent).toHaveLength(10);
		expect(sent.map((o) => o.url)).toEqual(Array(10).fill('https://api.github.com/repos/o/r/issues'));
		expect(sent[9].qs).toEqual({ per_page: '100', page: '10' });
	});

	it('reads wrapped lists (search results) from itemsKey', async () => {
		const { ctx } = contextServing(credentials, () => ({ body: { total_count: 2, items: [{ id: 1 }, { id: 2 }] } }));
		const items = await new GitHubClient(ctx, 'accessToken').paginate({ method: 'GET', path: '/search/issues', qs: { q: 'x' } }, { returnAll: true, itemsKey: 'items' });
		expect(items).toEqual([{ id: 1 }, { id: 2 }]);
	});

	it('sends GraphQL to /api/graphql on Enterprise Server and /graphql on github.com', async () => {
		for (const [server, url] of [
			['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/graphql'],
			['https://api.github.com', 'https://api.github.com/graphql'],
		]) {
			const { ctx, sent } = contextServing({ server, accessToken: 'ghp_x' }, () => ({ body: { data: { viewer: { login: 'me' } } } }));
			const data = await new GitHubClient(ctx, 'accessToken').graphql('query { viewer { login } }');
			expect(data).toEqual({ viewer: { login: 'me' } });
			expect(sent[0].url).toBe(url);
			expect(sent[0].method).toBe('POST');
		}
	});
});

describe('Trello paging', () => {
	const credentials = { apiKey: 'k', apiToken: 't', apiBaseUrl: 'https://api.trello.com' };
	const id = (n: number) => n.toString(16).padStart(24, '0');

	it('"before" paging asks for min(limit, 1000), then continues before the oldest id', async () => {
		const all = Array.from({ length: 2500 }, (_, i) => ({ id: id(2500 - i) })); // newest first, like Trello
		const { ctx, sent } = contextServing(credentials, (options) => {
			const before = options.qs?.before as string | undefined;
			const older = before ? all.filter((a) => a.id < before) : all;
			return { body: older.slice(0, Number(options.qs?.limit)) };
		});
		const items = await new TrelloClient(ctx, 'keyToken').paginate({ method: 'GET', path: '/1/boards/b/actions' }, { returnAll: true, paging: 'before' });
		expect(items).toHaveLength(2500);
		expect(sent.map((o) => o.qs)).toEqual([
			{ limit: 1000 },
			{ limit: 1000, before: id(1501) },
			{ limit: 1000, before: id(501) },
		]);
	});

	it('"limit" paging passes ?limit=N once; "all" slices one response', async () => {
		const { ctx, sent } = contextServing(credentials, () => ({ body: numbered(1, 1000) }));
		const client = new TrelloClient(ctx, 'keyToken');
		expect(await client.paginate({ method: 'GET', path: '/1/boards/b/cards' }, { returnAll: false, limit: 150, paging: 'limit' })).toHaveLength(150);
		expect(await client.paginate({ method: 'GET', path: '/1/boards/b/lists' }, { returnAll: false, limit: 7, paging: 'all' })).toHaveLength(7);
		expect(sent.map((o) => o.qs)).toEqual([{ limit: 150 }, undefined]);
	});
});
