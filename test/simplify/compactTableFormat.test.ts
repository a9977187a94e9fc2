import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { toTable } from '../../nodes/shared/compactTable';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, repo, runGitHub } from '../githubActions/run';
import { runTrello, trelloApi } from '../trelloActions/support';
import { measuredLists } from './tableCost';

/**
 * The table's format as the option's description states it (same, templates, prefixes), read back
 * the way an agent would: every object rebuilt from the table must be the simplified item.
 */

interface Table {
	columns: string[];
	rows: unknown[][];
	same?: IDataObject;
	templates?: Record<string, string>;
	prefixes?: Record<string, string>;
	count: number;
}

/** The objects of a table, following the description's rules and nothing else. */
function fromTable(table: Table): IDataObject[] {
	return table.rows.map((row) => {
		const object: IDataObject = { ...(table.same ?? {}) };
		table.columns.forEach((column, index) => {
			const cell = row[index] as IDataObject[keyof IDataObject];
			const prefix = table.prefixes?.[column];
			object[column] = prefix !== undefined && cell !== null ? `${prefix}${String(cell)}` : cell;
		});
		for (const [column, template] of Object.entries(table.templates ?? {})) {
			object[column] = template.replace(/\{([^}]+)\}/g, (_, key: string) => String(object[key]));
		}
		return object;
	});
}

/** An item as the table holds it: no undefined fields, null where the item has none of a column. */
const withNulls = (item: IDataObject, columns: string[]) => ({ ...Object.fromEntries(columns.map((column) => [column, null])), ...item });

beforeEach(() => resetGitHubRateLimitState());
afterEach(() => nock.cleanAll());

describe('every field of the simplified items survives the table (the bench lists, read back)', () => {
	// The bodies and descriptions of titled objects are what a table leaves out (read them with Get).
	const LEFT_OUT: Record<string, string[]> = {
		'Issue → Get Many': ['body'],
		'Pull Request → Get Many': ['body'],
		'Release → Get Many': ['body'],
		'List → Get Cards': ['desc'],
		'Board → Get Many': ['desc'],
	};
	let lists: Awaited<ReturnType<typeof measuredLists>> = [];
	beforeAll(async () => {
		lists = await measuredLists();
	});

	it('measures the twelve lists', () => {
		expect(lists.map((entry) => entry.list)).toHaveLength(12);
	});

	it.each([
		'Issue → Get Many',
		'Pull Request → Get Many',
		'Issue → Get Many Comments',
		'Commit → Get Many',
		'Release → Get Many',
		'Repository → Get Many of Mine',
		'List → Get Cards',
		'Board → Get Many',
		'List → Get Many',
		'Comment → Get Many',
		'Checklist → Get Many on Board',
		'Board → Get Members',
	])('%s: the objects rebuilt from the table are the items without their bodies', (name) => {
		const entry = lists.find((list) => list.list === name)!;
		const left = LEFT_OUT[name] ?? [];
		const expected = entry.items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !left.includes(key))));
		expect(expected.every((item) => Object.keys(item).length > 0)).toBe(true);
		expect(fromTable(entry.table as unknown as Table)).toEqual(expected);
		for (const key of left) expect(entry.items[0][key]).toBeDefined();
	});
});

describe('the compact output of representative lists', () => {
	it('GitHub: the comments of an issue: URLs as a template from the id, the author shared', async () => {
		const comment = (id: number, body: string, createdAt: string) => ({
			id,
			html_url: `https://github.com/octo/hello/issues/7#issuecomment-${id}`,
			user: { login: 'mona' },
			author_association: 'MEMBER',
			created_at: createdAt,
			updated_at: createdAt,
			body,
		});
		const recorder = new GitHubRecorder([{ body: [comment(901, 'Seen on 2.3 too', '2026-01-02T10:00:00Z'), comment(905, 'Fixed by #12', '2026-01-04T08:30:00Z')] }]);
		const run = await runGitHub({ resource: 'issue', operation: 'listComments', ...repo(), issueNumber: byId('7'), simplify: true, compactTable: true, limit: 10 });
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/repos/octo/hello/issues/7/comments' }]);
		expect(run.json('GitHub')).toEqual([
			{
				columns: ['id', 'createdAt', 'updatedAt', 'body'],
				same: { author: 'mona', trust: 'writer' },
				templates: { url: 'https://github.com/octo/hello/issues/7#issuecomment-{id}' },
				rows: [
					[901, '2026-01-02T10:00:00Z', '2026-01-02T10:00:00Z', 'Seen on 2.3 too'],
					[905, '2026-01-04T08:30:00Z', '2026-01-04T08:30:00Z', 'Fixed by #12'],
				],
				count: 2,
			},
		]);
	});

	it('Trello: boards: the short URLs share their start (prefixes), each cell the rest', async () => {
		const board = (id: string, name: string, link: string, closed: boolean) => ({ id, name, shortUrl: `https://trello.com/b/${link}`, closed, desc: 'Long text left out.' });
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/members/me/boards',
				reply: [
					board('5f0000000000000000000b01', 'Roadmap', 'Xk2pQ9aZ', false),
					board('60aa00000000000000000b02', 'Support, "L2"', 'r7TT01bc', true),
					board('61bb00000000000000000b03', 'Hiring', 'Q0x8mPwe', false),
				],
			},
		]);
		const run = await runTrello({ resource: 'board', operation: 'getAll', simplify: true, compactTable: true, returnAll: true });
		expect(api.sent().map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/1/members/me/boards' }]);
		expect(run.json('Trello')).toEqual([
			{
				columns: ['id', 'name', 'url', 'closed'],
				same: { trust: 'unknown' },
				prefixes: { url: 'https://trello.com/b/' },
				rows: [
					['5f0000000000000000000b01', 'Roadmap', 'Xk2pQ9aZ', false],
					['60aa00000000000000000b02', 'Support, "L2"', 'r7TT01bc', true],
					['61bb00000000000000000b03', 'Hiring', 'Q0x8mPwe', false],
				],
				count: 3,
			},
		]);
	});
});

describe('edge cases of the format (each read back to the same objects)', () => {
	const roundTrip = (objects: IDataObject[], order: string[]) => {
		const table = toTable(objects, order, false) as unknown as Table;
		expect(fromTable(table)).toEqual(objects.map((object) => withNulls(object, order)));
		return table;
	};

	it('a number that also appears earlier in the URL: the template takes the place that varies', () => {
		const table = roundTrip(
			[
				{ number: 1, url: 'https://github.com/o/r1/issues/1' },
				{ number: 2, url: 'https://github.com/o/r1/issues/2' },
			],
			['number', 'url'],
		);
		expect(table).toMatchObject({ columns: ['number'], templates: { url: 'https://github.com/o/r1/issues/{number}' } });
	});

	it('a URL with braces is never a template (they would read as a placeholder); its start is shared instead', () => {
		const table = roundTrip(
			[
				{ id: 1, url: 'https://example.com/{x}/1' },
				{ id: 2, url: 'https://example.com/{x}/2' },
			],
			['id', 'url'],
		);
		expect(table.templates).toBeUndefined();
		expect(table).toMatchObject({ columns: ['id', 'url'], prefixes: { url: 'https://example.com/{x}/' }, rows: [[1, '1'], [2, '2']] });
	});

	it('one row whose URL does not follow the others: no template, the shared start only', () => {
		const table = roundTrip(
			[
				{ number: 1, url: 'https://github.com/o/r/issues/1' },
				{ number: 2, url: 'https://github.com/o/r/pull/2' },
				{ number: 3, url: 'https://github.com/o/r/issues/3' },
			],
			['number', 'url'],
		);
		expect(table).toMatchObject({ columns: ['number', 'url'], prefixes: { url: 'https://github.com/o/r/' }, rows: [[1, 'issues/1'], [2, 'pull/2'], [3, 'issues/3']] });
	});

	it('a URL missing in one row stays null; a URL equal to the shared start is an empty cell', () => {
		const table = roundTrip(
			[
				{ id: 'a', url: 'https://trello.com/c/' },
				{ id: 'b', url: null },
				{ id: 'c', url: 'https://trello.com/c/Zz9' },
				{ id: 'd', url: 'https://trello.com/c/Yy8' },
			],
			['id', 'url'],
		);
		expect(table).toMatchObject({ prefixes: { url: 'https://trello.com/c/' }, rows: [['a', ''], ['b', null], ['c', 'Zz9'], ['d', 'Yy8']] });
	});

	it('ids and other text that start alike are never cut; only URLs are', () => {
		const table = roundTrip(
			[
				{ id: '5abbe4b7ddc1b351ef961001', title: 'Release notes, part 1' },
				{ id: '5abbe4b7ddc1b351ef961002', title: 'Release notes, part 2' },
			],
			['id', 'title'],
		);
		expect(table).toEqual({ columns: ['id', 'title'], rows: [['5abbe4b7ddc1b351ef961001', 'Release notes, part 1'], ['5abbe4b7ddc1b351ef961002', 'Release notes, part 2']], count: 2 });
	});

	it('text that looks like a placeholder stays text; a column null in every row is shared as null', () => {
		const table = roundTrip(
			[
				{ number: 3, title: 'Use {number} in links', closedAt: null, url: 'https://github.com/o/r/issues/3' },
				{ number: 4, title: '{url}', closedAt: null, url: 'https://github.com/o/r/issues/4' },
			],
			['number', 'title', 'closedAt', 'url'],
		);
		expect(table).toEqual({
			columns: ['number', 'title'],
			same: { closedAt: null },
			templates: { url: 'https://github.com/o/r/issues/{number}' },
			rows: [[3, 'Use {number} in links'], [4, '{url}']],
			count: 2,
		});
	});

	it('lists and objects shared by every row are shared whole; differing ones stay in their cells', () => {
		const table = roundTrip(
			[
				{ id: 1, labels: ['bug', 'ui'], items: [{ id: 'x', state: 'complete' }] },
				{ id: 2, labels: ['bug', 'ui'], items: [{ id: 'y', state: 'incomplete' }] },
			],
			['id', 'labels', 'items'],
		);
		expect(table).toMatchObject({ columns: ['id', 'items'], same: { labels: ['bug', 'ui'] } });
	});

	it('a URL a template is built from stays in the rows, never a template itself', () => {
		const table = roundTrip(
			[
				{ comments: 'https://x.io/p/1#c', page: 'https://x.io/p/1', number: 1 },
				{ comments: 'https://x.io/p/2#c', page: 'https://x.io/p/2', number: 2 },
			],
			['comments', 'page', 'number'],
		);
		expect(table).toEqual({ columns: ['page', 'number'], templates: { comments: '{page}#c' }, rows: [['https://x.io/p/1', 1], ['https://x.io/p/2', 2]], count: 2 });
	});

	it('a shared start is written once only where that is shorter than in every row', () => {
		const urls = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index, url: `https://a.io/${'x'.repeat(index + 1)}` }));
		// Two rows save 2 × 13 characters, the prefix costs 13 + "url" + 20: kept in the cells.
		expect(roundTrip(urls(2), ['id', 'url']).prefixes).toBeUndefined();
		expect(roundTrip(urls(3), ['id', 'url']).prefixes).toEqual({ url: 'https://a.io/' });
	});
});
