import { parseRepositoryList } from '../../nodes/GitHub/scope/repositories';
import { UnreadableBody } from '../../nodes/shared/scope';
import type { GraphqlCheckWork } from '../../nodes/GitHub/scope/graphql';
import { assertGraphqlConfined, GRAPHQL_SIZE_BOUND, GRAPHQL_WORK_BOUND } from '../../nodes/GitHub/scope/graphql';
import type { GraphqlSelection } from '../../nodes/GitHub/scope/graphqlDocument';
import { GRAPHQL_DEPTH_BOUND, parseGraphqlDocument } from '../../nodes/GitHub/scope/graphqlDocument';
import { doublingFragments, doublingFragmentsOfSize, naiveExpansions, wideQuery } from './graphqlDocuments';

/**
 * The GraphQL scope check costs work in proportion to the document, whatever its fragments do:
 * each fragment is checked once (once per operation when its check reads the operation's
 * variables), and size, depth and total work have bounds whose refusals name them. Work is
 * counted (selections visited, fragments checked), not timed; the 64 kB tests print their check time
 * (not asserted), and the bench section "GraphQL scope check cost" times them too.
 */

const list = parseRepositoryList('acme-org/api-server', "the credential's scope", 'Allowed Repositories')!;
const ALLOWED = 'Allowed repositories: acme-org/api-server.';

function checked(query: string): { verdict: string; work: GraphqlCheckWork } {
	const work: GraphqlCheckWork = { selections: 0, fragmentChecks: 0 };
	try {
		assertGraphqlConfined({ query }, list, work);
		return { verdict: 'allowed', work };
	} catch (error) {
		return { verdict: (error as Error).message, work };
	}
}

/** Selections as written in the document (each spread counted once, never expanded). */
function writtenSelections(query: string): number {
	const document = parseGraphqlDocument(query);
	const count = (selections: GraphqlSelection[]): number =>
		selections.reduce((sum, selection) => sum + 1 + (selection.kind === 'spread' ? 0 : count(selection.selections ?? [])), 0);
	return document.operations.reduce((sum, operation) => sum + count(operation.selections), 0) +
		[...document.fragments.values()].reduce((sum, fragment) => sum + count(fragment.selections), 0);
}

describe('work grows with the document, not with what its fragments expand to', () => {
	it.each([8, 16, 32, 60])('%i levels of fragments each spread twice: every fragment checked once', (levels) => {
		const query = doublingFragments(levels);

		const { verdict, work } = checked(query);

		expect(verdict).toBe('allowed');
		expect(work).toEqual({ selections: 3 * levels, fragmentChecks: levels });
		expect(work.selections).toBe(writtenSelections(query));
		// What expanding every spread would have cost:
		expect(naiveExpansions(levels)).toBe(2 ** levels - 1);
	});

	it.each([
		['fragments spread twice per level', doublingFragmentsOfSize(60, 65536)],
		['a wide query', wideQuery(65536)],
	])('a 64 kB document (%s) visits each written selection once', (name, query) => {
		expect(query.length).toBeGreaterThan(60000);

		const { verdict, work } = checked(query);

		expect(verdict).toBe('allowed');
		expect(work.selections).toBe(writtenSelections(query));
		// Printed, not asserted (a time depends on the machine): the median of 15 checks after 5 untimed ones.
		const times: number[] = [];
		for (let run = 0; run < 20; run++) {
			const started = process.hrtime.bigint();
			expect(checked(query).verdict).toBe('allowed');
			if (run >= 5) times.push(Number(process.hrtime.bigint() - started) / 1e6);
		}
		const sorted = [...times].sort((a, b) => a - b);
		console.log(`GraphQL scope check of a ${query.length}-character document (${name}): median ${sorted[7].toFixed(1)} ms (${sorted[0].toFixed(1)}-${sorted[14].toFixed(1)} ms over 15 checks; goal under 50 ms)`);
	});

	it('a fragment whose check reads variables is checked again per operation; the fragments inside it are not', () => {
		const query = `
			query A($o: String = "acme-org") { ...Q }
			query B($o: String = "ACME-ORG") { ...Q }
			query C($o: String = "acme-org") { ...Q }
			fragment Q on Query { repository(owner: $o, name: "api-server") { ...R } }
			fragment R on Repository { issues(first: 1) { nodes { ...I } } }
			fragment I on Issue { number title }`;

		const { verdict, work } = checked(query);

		expect(verdict).toBe('allowed');
		expect(work.fragmentChecks).toBe(3 + 1 + 1);
	});

	it('each operation still resolves the variables itself: one of them naming another repository is refused', () => {
		const query = `
			query A($o: String = "acme-org") { ...Q }
			query B($o: String = "evil") { ...Q }
			fragment Q on Query { repository(owner: $o, name: "api-server") { ...R } }
			fragment R on Repository { name }`;

		expect(checked(query).verdict).toBe(`Refused: the repository "evil/api-server" is outside the credential's scope. ${ALLOWED}`);
	});
});

describe('bounds, each named in its refusal', () => {
	const boundHint = 'Send a smaller query: fewer operations, fewer or shallower fragments, or split it into several requests.';

	it('size: a query over the size bound is refused before it is read', () => {
		const query = wideQuery(GRAPHQL_SIZE_BOUND + 1000);

		expect(checked(query).verdict).toBe(
			`Refused: the GraphQL query is ${query.length} characters long, over the size bound of the check (${GRAPHQL_SIZE_BOUND} characters), so it was not checked against the credential's scope. ${ALLOWED}`,
		);
	});

	const depthRefusal = `Refused: the GraphQL query nests deeper than ${GRAPHQL_DEPTH_BOUND} levels (selections, with fragments counted where they are spread, or values), the depth bound of the check, so it was not checked against the credential's scope. ${ALLOWED}`;
	const history = (levels: number) =>
		`{ repository(owner: "acme-org", name: "api-server") { defaultBranchRef { target { ... on Commit { ${'history(first: 1) { nodes { '.repeat(levels)}oid${' } }'.repeat(levels)} } } } } }`;

	it('depth: selections written deeper than the bound', () => {
		expect(checked(history(10)).verdict).toBe('allowed');
		expect(checked(history(GRAPHQL_DEPTH_BOUND)).verdict).toBe(depthRefusal);
	});

	it('depth: fragments that nest deeper than the bound where they are spread, though none is deep as written', () => {
		const chain = (count: number) =>
			[
				'{ repository(owner: "acme-org", name: "api-server") { defaultBranchRef { target { ...C0 } } } }',
				...Array.from({ length: count }, (_, i) => `fragment C${i} on Commit { history(first: 1) { nodes { ${i + 1 < count ? `...C${i + 1}` : 'oid'} } } }`),
			].join('\n');

		expect(checked(chain(5)).verdict).toBe('allowed');
		expect(checked(chain(GRAPHQL_DEPTH_BOUND)).verdict).toBe(depthRefusal);
	});

	it('depth: a value nested deeper than the bound', () => {
		const nested = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;

		expect(checked(`{ repository(owner: "acme-org", name: "api-server") { issues(labels: ${nested}) { totalCount } } }`).verdict).toBe(depthRefusal);
	});

	it('work: many operations spreading one large fragment that reads their variables', () => {
		const repositories = Array.from({ length: 1000 }, (_, i) => `r${i}: repository(owner: $o, name: "api-server") { id }`).join(' ');
		const operations = Array.from({ length: 60 }, (_, i) => `query O${i}($o: String = "acme-org") { ...Q }`).join('\n');
		const query = `${operations}\nfragment Q on Query { ${repositories} }`;
		expect(query.length).toBeLessThan(GRAPHQL_SIZE_BOUND);

		const { verdict, work } = checked(query);

		expect(verdict).toBe(
			`Refused: the GraphQL query takes more than ${GRAPHQL_WORK_BOUND} selection checks (the work bound of the check; many operations spread the same fragments), so it was not checked against the credential's scope. ${ALLOWED}`,
		);
		expect(work.selections).toBe(GRAPHQL_WORK_BOUND + 1);
	});

	it('the refusals say what to do', () => {
		try {
			assertGraphqlConfined({ query: history(GRAPHQL_DEPTH_BOUND) }, list);
			throw new Error('not refused');
		} catch (error) {
			expect((error as { hint?: string }).hint).toBe(boundHint);
		}
	});
});

it('a GraphQL body the check cannot read (a binary file) is refused saying so', () => {
	expect(() => assertGraphqlConfined(new UnreadableBody('a binary file', 'POST /graphql', 'Send JSON.'), list)).toThrow(
		`Refused: the GraphQL query is not in a JSON body (the body is a binary file), so it could reach repositories outside the credential's scope. ${ALLOWED}`,
	);
});
