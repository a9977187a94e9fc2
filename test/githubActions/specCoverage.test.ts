import { readFileSync } from 'fs';
import { join } from 'path';

import { GITHUB_RESOURCES, GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { FIXTURES } from './fixtures';

/** The spec's "Pre-built tool steps" and "Generic API-call endpoints", word for word. */
const TOOL_STEPS = [
	'Create Repository', 'Get Repository Info', 'Get Repository Content', 'Star Repo',
	'Create Branch', 'Get Commit', 'List Commits', 'Create or Update File Contents',
	'Create Issue', 'Create Issue Comment', 'Update Issue', 'Get Issue Assignees', 'Search Issues and Pull Requests',
	'Create Pull Request', 'Get Reviewers', 'Update Project (V2) Item Status',
	'Create Workflow Dispatch', 'Enable Workflow', 'Disable Workflow', 'Get Workflow Run', 'List Workflow Runs',
	'Create Gist', 'Update Gist', 'List Gists for a User',
	'List Releases',
];
const ENDPOINTS = [
	'Check collaborator permission', 'Add collaborator', 'Remove collaborator',
	'Get contents', 'Create or update file', 'Delete file',
	'List issues', 'Get issue', 'Create issue', 'Update issue',
	'List pull requests', 'Get pull request', 'Create pull request', 'Update pull request', 'Merge pull request',
	'List branches', 'Get branch', 'Create branch',
	'Rate limit status',
];

describe('spec coverage', () => {
	it('lists 25 tool steps and 19 endpoints', () => {
		expect(TOOL_STEPS).toHaveLength(25);
		expect(ENDPOINTS).toHaveLength(19);
	});

	it.each([...TOOL_STEPS, ...ENDPOINTS])('"%s" is a catalogue row with a tested fixture', (name) => {
		const rows = GITHUB_ROWS.filter((row) => row.spec?.includes(name));
		expect(rows).toHaveLength(1);
		const key = `${rows[0].resource}:${rows[0].operation}`;
		expect(FIXTURES.some((fixture) => fixture.row === key)).toBe(true);
	});

	it('every row implements something the spec names (no orphan operations)', () => {
		expect(GITHUB_ROWS.filter((row) => !row.spec?.length).map((row) => row.name)).toEqual([]);
		const named = new Set([...TOOL_STEPS, ...ENDPOINTS]);
		expect(GITHUB_ROWS.flatMap((row) => row.spec ?? []).filter((name) => !named.has(name))).toEqual([]);
	});

	it('docs/github-operations.md maps every spec name to its resource and operation', () => {
		const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'github-operations.md'), 'utf8');
		for (const name of [...TOOL_STEPS, ...ENDPOINTS]) {
			const row = GITHUB_ROWS.find((r) => r.spec?.includes(name))!;
			const resource = GITHUB_RESOURCES.find((r) => r.value === row.resource)!.name;
			expect(doc).toContain(`| ${name} | ${resource} → ${row.name} | \`${row.method} ${row.path}\` |`);
		}
	});
});
