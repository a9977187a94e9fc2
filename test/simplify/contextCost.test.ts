import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/fieldSets';
import { contextCost } from './contextCost';

describe('agent context cost: simplified objects on the documented examples', () => {
	const rows = contextCost();

	it('measures every field set of both services', () => {
		const fieldSets = [...Object.keys(GITHUB_FIELD_SETS).map((type) => `GitHub:${type}`), ...Object.keys(TRELLO_FIELD_SETS).map((type) => `Trello:${type}`)];
		expect(fieldSets.length).toBeGreaterThan(0);
		expect([...new Set(rows.map((r) => `${r.service}:${r.type}`))].sort()).toEqual(fieldSets.sort());
	});

	it.each(rows.map((r) => [`${r.service} ${r.type} (${r.kind}, ${r.example})`, r] as const))('%s meets its goal', (_name, r) => {
		expect(r.raw).toBeGreaterThan(0);
		expect(r.simplified).toBeGreaterThan(2);
		expect(r.ratio).toBeLessThanOrEqual(r.goal);
	});
});
