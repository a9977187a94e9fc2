import { contextCost } from './contextCost';

describe('agent context cost: simplified objects on the documented examples', () => {
	const rows = contextCost();

	// The project item is built by the Projects v2 operation itself (five fields), not taken from an API object.
	it('covers every simplified type of both services but the project item', () => {
		expect(new Set(rows.map((r) => `${r.service}:${r.type}`)).size).toBe(29);
	});

	it.each(rows.map((r) => [`${r.service} ${r.type} (${r.kind}, ${r.example})`, r] as const))('%s meets its goal', (_name, r) => {
		expect(r.raw).toBeGreaterThan(0);
		expect(r.simplified).toBeGreaterThan(2);
		expect(r.ratio).toBeLessThanOrEqual(r.goal);
	});
});
