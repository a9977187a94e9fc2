import { LIST_SIZE, TABLE_GOAL, tableCost } from '../../test/simplify/tableCost';
import { table } from '../report';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 6c. Compact tables: Compact Table against today's simplified items, on the same lists
// ---------------------------------------------------------------------------------------------
describe('Compact tables for long lists', () => {
	const report = section('Compact tables for long lists');
	const rows: Array<Array<string | number>> = [];
	afterAll(() =>
		report(
			table(['Service', 'List', 'Documented item', 'Items (chars / object)', 'Table (chars / object)', 'Table ÷ items', 'Goal'], rows) +
				`\n\nWhat a model receives per object (the output items as JSON) for the same list of ${LIST_SIZE} objects, read through the node once with Simplify (today's items) and once with Compact Table on (one item: columns, rows, the values every row shares written once, URLs as a template or with their shared start once, count): lists made of the services' documented list items (GitHub's @octokit/openapi examples, Trello's objects built from its OpenAPI schemas), the objects differing as a real list's do (ids, numbers, the URLs built from them, titles, texts, dates, shas, authors; test/simplify/tableCost.ts), so a value is shared only where a real list shares it. Every simplified field but bodies and descriptions is in the table (test/simplify/compactTableFormat.test.ts reads the objects back). Goal: the table at most ${TABLE_GOAL * 100} % of the items. Where an object's values alone are more than half its item (a checklist: its id, name and card's id; a member: id, username, full name: 24-character ids and names are most of each item), no table that keeps every value reaches it.`,
		),
	);

	it('measures the table against the items', async () => {
		const measured = await tableCost();
		for (const r of measured) {
			rows.push([r.service, r.list, r.example, r.items, r.table, r.ratio.toFixed(2), r.ratio <= TABLE_GOAL ? 'met' : 'not met']);
		}
		const met = measured.filter((r) => r.ratio <= TABLE_GOAL);
		goals.push([`Compact tables: ≤ ${TABLE_GOAL} × the characters per object of the simplified items`, `${met.length} of ${measured.length} lists`, met.length === measured.length ? 'met' : 'not met']);
		expect(measured.every((r) => r.table < r.items)).toBe(true);
	});
});
