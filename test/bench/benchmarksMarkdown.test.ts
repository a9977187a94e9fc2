import { benchmarksMarkdown } from '../../scripts/benchmarks-md';

describe('BENCHMARKS.md from the parts of a bench run', () => {
	const inProcess = {
		header: ['# Benchmarks', '', 'Measured by `npm run bench`.'],
		goals: [['Fewer requests', '3 of 3', 'met']] as Array<[string, string, string]>,
		sections: [
			{ title: 'Trello rate limit', body: 'table A' },
			{ title: 'Trigger cost (in-process)', body: 'table B\n' },
			{ title: 'Trigger cost end to end', body: 'table C' },
		],
		notes: ['Ratios move with the load.'],
	};

	it('numbers the sections 1… in run order, queue mode after the in-process ones, notes last', () => {
		const text = benchmarksMarkdown(inProcess, { sections: [{ title: 'Queue mode', body: 'table D' }] });
		expect(text.split('\n').filter((line) => line.startsWith('## '))).toEqual([
			'## Goals',
			'## 1. Trello rate limit',
			'## 2. Trigger cost (in-process)',
			'## 3. Trigger cost end to end',
			'## 4. Queue mode',
			'## Notes',
		]);
		expect(text).toContain('| Fewer requests | 3 of 3   | met    |');
		expect(text).toContain('## 2. Trigger cost (in-process)\n\ntable B\n\n## 3.');
		expect(text.endsWith('- Ratios move with the load.\n')).toBe(true);
	});

	it('leaves queue mode out when the run had none', () => {
		const headings = benchmarksMarkdown(inProcess).split('\n').filter((line) => line.startsWith('## '));
		expect(headings).toEqual(['## Goals', '## 1. Trello rate limit', '## 2. Trigger cost (in-process)', '## 3. Trigger cost end to end', '## Notes']);
	});
});
