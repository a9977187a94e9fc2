import { tableCost } from './tableCost';
import type { TableCostRow } from './tableCost';

describe('Compact Table: characters per object against the simplified items of the same list', () => {
	let rows: TableCostRow[] = [];
	beforeAll(async () => {
		rows = await tableCost();
	});

	it('measures six lists of each service', () => {
		expect(rows.filter((r) => r.service === 'GitHub')).toHaveLength(6);
		expect(rows.filter((r) => r.service === 'Trello')).toHaveLength(6);
	});

	it('the table costs fewer characters per object than the items on every list', () => {
		expect(rows.filter((r) => !(r.items > 0 && r.table > 0 && r.table < r.items))).toEqual([]);
	});
});
