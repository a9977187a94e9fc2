import { readFileSync } from 'fs';
import { join } from 'path';

import { GITHUB_ROWS } from '../nodes/GitHub/actions/catalogue';
import { TRELLO_ROWS } from '../nodes/Trello/actions/catalogue';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const operations = readme.slice(readme.indexOf('## Operations'));

/** The README's operation tables must name every spec step and endpoint a catalogue row implements. */
describe('README operation tables', () => {
	const cases = [
		...GITHUB_ROWS.flatMap((row) => (row.spec ?? []).map((name) => ['GitHub', name, row.name] as const)),
		...TRELLO_ROWS.flatMap((row) => (row.spec ?? []).map((name) => ['Trello', name, row.name] as const)),
	];

	it('has rows to check', () => {
		expect(cases.length).toBeGreaterThan(60);
	});

	it.each(cases)('%s: "%s" (%s) is in the README', (_service, specName) => {
		// Trello rows name "Tool step: X" or "Endpoint: purpose — METHOD /path"; GitHub rows name the step itself.
		const step = specName.replace(/^Tool step: /, '');
		const endpoint = /— ((?:GET|POST|PUT|PATCH|DELETE) \S+)$/.exec(specName)?.[1];
		const found = endpoint ? operations.includes(`| \`${endpoint}\` |`) : operations.includes(`| ${step}`);
		expect(found).toBe(true);
	});
});
