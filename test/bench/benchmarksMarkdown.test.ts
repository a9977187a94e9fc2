import { benchmarksMarkdown, replaceSection } from '../../scripts/benchmarks-md';

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

	describe('one section replaced by a run of that section alone', () => {
		const published = benchmarksMarkdown(
			{ ...inProcess, goals: [['Fewer requests', '3 of 3', 'met'], ['Idle polling is free', '0 units', 'met']] },
			{ sections: [{ title: 'Queue mode', body: 'table D' }] },
		);
		const sectionRun = {
			header: ['# Benchmarks'],
			goals: [['Idle polling is free', '12 units after the first poll', 'not met']] as Array<[string, string, string]>,
			sections: [{ title: 'Trigger cost (in-process)', body: 'table B, measured again\n' }],
			notes: [],
		};

		it('keeps the number, says where the figures come from, replaces the goal row and nothing else', () => {
			const text = replaceSection(published, sectionRun, 'Trigger cost (in', '2026-11-28 06:40');
			expect(text).toBe(
				published
					.replace(
						'## 2. Trigger cost (in-process)\n\ntable B\n',
						"## 2. Trigger cost (in-process)\n\ntable B, measured again\n\nFigures from their own run of this section (`npm run bench -- --section 'Trigger cost (in'`) on 2026-11-28 06:40 UTC, not from the run named at the top.\n",
					)
					.replace(
						[
							'| Goal (issue)         | Measured | Status |',
							'|----------------------|----------|--------|',
							'| Fewer requests       | 3 of 3   | met    |',
							'| Idle polling is free | 0 units  | met    |',
						].join('\n'),
						[
							'| Goal (issue)         | Measured                      | Status  |',
							'|----------------------|-------------------------------|---------|',
							'| Fewer requests       | 3 of 3                        | met     |',
							'| Idle polling is free | 12 units after the first poll | not met |',
						].join('\n'),
					),
			);
			expect(text).not.toBe(published);
		});

		it('replaces it again from its own previous replacement', () => {
			const once = replaceSection(published, sectionRun, 'Trigger cost (in', '2026-11-28 06:40');
			expect(replaceSection(once, sectionRun, 'Trigger cost (in', '2026-11-28 06:40')).toBe(once);
		});

		it('refuses a run that measured no such section, or two, or a goal the report does not have', () => {
			expect(() => replaceSection(published, sectionRun, 'Polling cost', 'now')).toThrow('the run measured 0 sections whose title holds "Polling cost"');
			expect(() => replaceSection(published, { ...sectionRun, sections: [...sectionRun.sections, { title: 'Trigger cost end to end', body: 'x' }] }, 'Trigger cost', 'now')).toThrow(
				'the run measured 2 sections',
			);
			expect(() => replaceSection(published, { ...sectionRun, goals: [['Idle polling (10 repositories)', '0', 'met']] }, 'Trigger cost (in', 'now')).toThrow(
				'BENCHMARKS.md\'s goals table has no row "Idle polling (10 repositories)"',
			);
			const twice = published.replace('## 3. Trigger cost end to end', '## 3. Trigger cost (in-process)');
			expect(() => replaceSection(twice, sectionRun, 'Trigger cost (in', 'now')).toThrow('BENCHMARKS.md has 2 sections titled "Trigger cost (in-process)": exactly one is needed');
			expect(() => replaceSection(published, { ...sectionRun, sections: [{ title: 'Trigger cost (renamed)', body: 'x' }] }, 'Trigger cost (re', 'now')).toThrow(
				'BENCHMARKS.md has no section titled "Trigger cost (renamed)" and the run\'s order of sections does not name it, so it has no place',
			);
		});
	});

	describe('a section BENCHMARKS.md does not have yet, from a run of that section alone', () => {
		const queue = { sections: [{ title: 'Queue mode', body: 'table D' }] };
		const published = benchmarksMarkdown(inProcess, queue);
		const order = ['Trello rate limit', 'Request economy', 'Trigger cost (in-process)', 'Trigger cost end to end', 'GraphQL check', 'Queue mode'];
		const sectionRun = (title: string, goal: [string, string, string]) => ({
			header: ['# Benchmarks'],
			goals: [goal],
			sections: [{ title, body: `${title} table\n` }],
			notes: [],
			order,
		});
		const note = (words: string) => `Figures from their own run of this section (\`npm run bench -- --section '${words}'\`) on 2026-11-28 09:40 UTC, not from the run named at the top.`;

		it('goes where the run order puts it, the later sections renumbered, its goal row added', () => {
			const text = replaceSection(published, sectionRun('Request economy', ['Minimum requests', 'every row', 'met']), 'Request eco', '2026-11-28 09:40');
			expect(text.split('\n').filter((line) => line.startsWith('## '))).toEqual([
				'## Goals',
				'## 1. Trello rate limit',
				'## 2. Request economy',
				'## 3. Trigger cost (in-process)',
				'## 4. Trigger cost end to end',
				'## 5. Queue mode',
				'## Notes',
			]);
			// The same document as a complete run that measured it, but for the line saying where its figures come from.
			expect(text).toBe(
				benchmarksMarkdown(
					{
						...inProcess,
						goals: [...inProcess.goals, ['Minimum requests', 'every row', 'met']],
						sections: [inProcess.sections[0], { title: 'Request economy', body: `Request economy table\n\n${note('Request eco')}` }, ...inProcess.sections.slice(1)],
					},
					queue,
				),
			);
		});

		it('goes before queue mode when it is the last in-process section, and before the notes when nothing published runs after it', () => {
			const run = sectionRun('GraphQL check', ['GraphQL: 64 kB in < 50 ms', '3.1 ms', 'met']);
			const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));
			expect(headings(replaceSection(published, run, 'GraphQL', 'now'))).toEqual([
				'## Goals',
				'## 1. Trello rate limit',
				'## 2. Trigger cost (in-process)',
				'## 3. Trigger cost end to end',
				'## 4. GraphQL check',
				'## 5. Queue mode',
				'## Notes',
			]);
			const withoutQueue = replaceSection(benchmarksMarkdown(inProcess), run, 'GraphQL', '2026-11-28 09:40');
			expect(withoutQueue).toContain(`## 4. GraphQL check\n\nGraphQL check table\n\n${note('GraphQL')}\n\n## Notes\n`);
			expect(withoutQueue).toContain('| GraphQL: 64 kB in < 50 ms | 3.1 ms   | met    |');
		});

		it('is replaced, not added again, by the next run of it, and its goal row with it', () => {
			const once = replaceSection(published, sectionRun('Request economy', ['Minimum requests', 'every row', 'met']), 'Request eco', '2026-11-28 09:40');
			const twice = replaceSection(once, { ...sectionRun('Request economy', ['Minimum requests', 'one row above', 'not met']), sections: [{ title: 'Request economy', body: 'new table' }] }, 'Request eco', '2026-11-28 09:40');
			expect(twice).toBe(
				once
					.replace('## 2. Request economy\n\nRequest economy table\n', '## 2. Request economy\n\nnew table\n')
					.replace('| Minimum requests | every row | met    |', '| Minimum requests | one row above | not met |')
					.replace('| Goal (issue)     | Measured  | Status |', '| Goal (issue)     | Measured      | Status  |')
					.replace('|------------------|-----------|--------|', '|------------------|---------------|---------|')
					.replace('| Fewer requests   | 3 of 3    | met    |', '| Fewer requests   | 3 of 3        | met     |'),
			);
		});
	});
});
