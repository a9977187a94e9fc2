/**
 * GraphQL documents that cost a naive checker much more than their size: fragments spread twice
 * per level (each level doubles the expansions), and wide documents of a given size. Shared by the
 * unit test of the checker's work (test/security/graphqlCost.test.ts) and the bench, which times
 * the check of a 64 kB document.
 */

/** `levels` fragments on Repository, each spreading the next one twice, with `leaves` aliased fields each. */
export function doublingFragments(levels: number, leaves = 1): string {
	const fragments: string[] = [];
	for (let level = 0; level < levels; level++) {
		const fields = Array.from({ length: leaves }, (_, index) => `f${level}_${index}: name`).join(' ');
		const next = level + 1 < levels ? ` ...F${level + 1} ...F${level + 1}` : '';
		fragments.push(`fragment F${level} on Repository {${next} ${fields} }`);
	}
	return `query { repository(owner: "acme-org", name: "api-server") { ...F0 } }\n${fragments.join('\n')}`;
}

/** Spreads a doubling document would expand without memoising: 2 + 4 + … + 2^(levels-1). */
export function naiveExpansions(levels: number): number {
	return 2 ** levels - 1;
}

/** Doubling fragments with as many leaves per level as bring the document to about `characters`. */
export function doublingFragmentsOfSize(levels: number, characters: number): string {
	let leaves = 1;
	while (doublingFragments(levels, leaves * 2).length <= characters) leaves *= 2;
	for (let step = leaves / 2; step >= 1; step /= 2) {
		if (doublingFragments(levels, leaves + step).length <= characters) leaves += step;
	}
	return doublingFragments(levels, leaves);
}

/** A wide query of about `characters`: aliased repository selections with issues, pull requests and commits. */
export function wideQuery(characters: number): string {
	const entry = (index: number) =>
		`r${index}: repository(owner: "acme-org", name: "api-server") { issues(first: 10) { nodes { number title author { login } labels(first: 5) { nodes { name } } } } defaultBranchRef { target { ... on Commit { history(first: 3) { nodes { oid message } } } } } }`;
	const entries: string[] = [];
	let length = 'query {  }'.length;
	for (let index = 0; length + entry(index).length + 1 <= characters; index++) {
		entries.push(entry(index));
		length += entry(index).length + 1;
	}
	return `query { ${entries.join(' ')} }`;
}
