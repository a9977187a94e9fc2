import { readFileSync } from 'fs';
import { join } from 'path';

import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { FIXTURES } from './fixtures';
import type { Auth } from './support';
import { AUTHS, contractProblems, expectAuthenticated, expectedSent, runTrello, SECRETS, trelloApi } from './support';

const ROW_KEYS = TRELLO_ROWS.map((row) => `${row.resource}.${row.operation}`);

beforeEach(() => resetTrelloRateLimitState());

describe('Trello node catalogue ↔ fixtures', () => {
	it('has exactly one fixture per operation row', () => {
		expect(ROW_KEYS.filter((key) => !FIXTURES[key])).toEqual([]);
		expect(Object.keys(FIXTURES).filter((key) => !ROW_KEYS.includes(key))).toEqual([]);
		expect(new Set(ROW_KEYS).size).toBe(ROW_KEYS.length);
	});
});

/** The spec's pre-built tool steps (API Call is its own node) and generic endpoints. */
const SPEC_TOOL_STEPS = [
	'Create Card',
	'Update Card',
	'Get Card',
	'Archive Card',
	'Get Boards',
	'Get List Cards',
	'Create List',
	'Add Comment to Card',
	'Add Comment (legacy action)',
	'Add Checklist',
	'Create a Checklist Item',
];
const SPEC_ENDPOINTS = [
	'GET /1/cards/{id}',
	'POST /1/cards',
	'PUT /1/cards/{id}',
	'DELETE /1/cards/{id}',
	'POST /1/cards/{id}/actions/comments',
	'GET /1/boards/{id}',
	'GET /1/boards/{id}/lists',
	'GET /1/boards/{id}/cards',
	'POST /1/boards',
	'GET /1/lists/{id}',
	'POST /1/lists',
	'PUT /1/lists/{id}',
	'GET /1/lists/{id}/cards',
	'GET /1/checklists/{id}',
	'POST /1/checklists',
	'POST /1/checklists/{id}/checkItems',
	'PUT /1/cards/{id}/checkItem/{idCheckItem}',
	'GET /1/labels/{id}',
	'POST /1/labels',
	'POST /1/cards/{id}/idLabels',
	'DELETE /1/cards/{id}/idLabels/{idLabel}',
];

describe('Trello node coverage of the spec', () => {
	const specEntries = TRELLO_ROWS.flatMap((row) => row.spec ?? []);

	it('implements every pre-built tool step and every generic endpoint as an operation', () => {
		expect(SPEC_TOOL_STEPS.filter((step) => !specEntries.includes(`Tool step: ${step}`))).toEqual([]);
		expect(SPEC_ENDPOINTS.filter((endpoint) => !specEntries.some((entry) => entry.endsWith(` — ${endpoint}`)))).toEqual([]);
	});

	it('maps every operation to its test in docs/trello-operations.md', () => {
		const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'trello-operations.md'), 'utf8');
		expect(ROW_KEYS.filter((key) => !doc.includes(`\`${key}\``))).toEqual([]);
		expect(SPEC_ENDPOINTS.filter((endpoint) => !doc.includes(endpoint.split(' ')[1]))).toEqual([]);
	});

	it('lists every spec tool step and endpoint in the README', () => {
		const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
		const trello = readme.slice(readme.indexOf('### Trello'));
		expect(SPEC_ENDPOINTS.filter((endpoint) => !trello.includes(`\`${endpoint}\``))).toEqual([]);
		expect(SPEC_TOOL_STEPS.filter((step) => !trello.includes(`| ${step}`))).toEqual([]);
	});
});

describe.each(AUTHS)('every Trello operation, authenticated with %s', (auth: Auth) => {
	it.each(ROW_KEYS)('%s sends exactly the expected requests and outputs the expected items', async (key) => {
		const fixture = FIXTURES[key];
		if (!fixture) throw new Error(`No fixture for the row ${key}`);
		const [resource, operation] = key.split('.');
		const api = trelloApi(fixture.calls);

		const run = await runTrello({ resource, operation, ...fixture.parameters }, auth);

		expect(run.json('Trello')).toEqual(fixture.output);
		expect(run.items('Trello').every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		expect(api.sent()).toEqual(expectedSent(fixture.calls));
		for (const call of api.recorded) {
			expectAuthenticated(call, auth);
			expect(contractProblems(call)).toEqual([]);
		}
		expect(api.scope.isDone()).toBe(true);
		const everything = JSON.stringify(run.run);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
	});
});
