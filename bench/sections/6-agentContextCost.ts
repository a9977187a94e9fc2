import { contextCost, COMPACT_ALREADY, LIST_GOAL, SINGLE_GOAL } from '../../test/simplify/contextCost';
import { table } from '../report';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 6. Agent context cost
// ---------------------------------------------------------------------------------------------
describe('Agent context cost', () => {
	const report = section('Agent context cost');
	const rows: Array<Array<string | number>> = [];
	afterAll(() =>
		report(
			table(['Service', 'Object', 'As', 'Documented example', 'Raw (chars)', 'Simplified (chars)', 'Share', 'Goal'], rows) +
				`\n\nWhat a model receives per object with Simplify on (the default), against the raw API object, measured on GitHub's documented examples (@octokit/openapi, components.examples) and on Trello objects built from Trello's official OpenAPI schemas (test/simplify/trelloExamples.ts). Goals: list item ≤ ${LIST_GOAL * 100} %, single object ≤ ${SINGLE_GOAL * 100} %; objects under ${COMPACT_ALREADY} characters are compact already and only must not grow. The fields kept per object type are listed in docs/agents.md (Compact results).`,
		),
	);

	it('measures simplified against raw objects', () => {
		const measured = contextCost();
		for (const r of measured) {
			rows.push([r.service, r.type, r.kind, r.example, r.raw, r.simplified, `${(r.ratio * 100).toFixed(0)} %`, r.goal === 1 ? 'not larger' : `≤ ${r.goal * 100} %`]);
		}
		const missed = measured.filter((r) => r.ratio > r.goal);
		goals.push([
			`Agent context cost: list item ≤ ${LIST_GOAL * 100} %, single ≤ ${SINGLE_GOAL * 100} % of raw`,
			`${measured.length - missed.length} of ${measured.length} objects`,
			missed.length ? 'not met' : 'met',
		]);
		expect(missed).toEqual([]);
	});
});
