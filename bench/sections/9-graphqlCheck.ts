import { parseRepositoryList } from '../../nodes/GitHub/scope/repositories';
import type { GraphqlCheckWork } from '../../nodes/GitHub/scope/graphql';
import { assertGraphqlConfined } from '../../nodes/GitHub/scope/graphql';
import { doublingFragments, doublingFragmentsOfSize, naiveExpansions, wideQuery } from '../../test/security/graphqlDocuments';
import { spread, table, valueSpread } from '../report';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 9. GraphQL scope check cost
// ---------------------------------------------------------------------------------------------
/** Timed checks per document (after as many untimed ones, so the code is compiled). */
const SAMPLES = 15;
const GOAL_MS = 50;

describe('GraphQL scope check cost', () => {
	const report = section('GraphQL scope check cost');
	const rows: Array<Array<string | number>> = [];
	afterAll(() =>
		report(
			table(['Document', 'Characters', 'Selections checked', 'Fragment checks', 'Spreads a naive check expands', 'Check time (ms)'], rows) +
				`\n\nThe repository scope checks every GraphQL document sent under a credential limited to repositories (\`assertGraphqlConfined\`): reading it and checking every selection against the scoped schema. Each fragment is checked once (once per operation when its check reads the operation's variables), so the work follows the document's size, not what its fragments expand to: the doubling documents spread each fragment level twice, which a check expanding every spread would follow 2^levels times. Time: median (min–max) of ${SAMPLES} checks in this process after ${SAMPLES} untimed ones. Goal: a 64 kB document in under ${GOAL_MS} ms. The check's bounds (size, depth, work) are in docs/security.md.`,
		),
	);

	it('checks 64 kB documents', () => {
		const list = parseRepositoryList('acme-org/api-server', "the credential's scope", 'Allowed Repositories')!;
		const documents: Array<[string, string, number | undefined]> = [
			['Fragments spread twice per level, 20 levels', doublingFragments(20), 20],
			['Fragments spread twice per level, 60 levels, 64 kB', doublingFragmentsOfSize(60, 65536), 60],
			['Wide query (aliased repositories with issues and commits), 64 kB', wideQuery(65536), undefined],
		];
		const largest: number[] = [];
		for (const [name, query, levels] of documents) {
			const check = () => {
				const work: GraphqlCheckWork = { selections: 0, fragmentChecks: 0 };
				assertGraphqlConfined({ query }, list, work);
				return work;
			};
			for (let i = 0; i < SAMPLES; i++) check();
			const times: number[] = [];
			let work: GraphqlCheckWork = { selections: 0, fragmentChecks: 0 };
			for (let i = 0; i < SAMPLES; i++) {
				const started = process.hrtime.bigint();
				work = check();
				times.push(Number(process.hrtime.bigint() - started) / 1e6);
			}
			if (query.length >= 60000) largest.push(...times);
			rows.push([name, query.length, work.selections, work.fragmentChecks, levels ? naiveExpansions(levels).toExponential(2) : '—', valueSpread(times, 2)]);
		}
		const { median } = spread(largest);
		goals.push([`GraphQL scope check: a 64 kB document in < ${GOAL_MS} ms`, `${median.toFixed(1)} ms (median of both 64 kB documents)`, median < GOAL_MS ? 'met' : 'not met']);
	});
});
