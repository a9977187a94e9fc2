import * as batchDocuments from '../../nodes/GitHub/actions/project/batch';
import * as viewDocuments from '../../nodes/GitHub/actions/project/views';
import type { GraphqlDocument, GraphqlSelection } from '../../nodes/GitHub/scope/graphqlDocument';
import { parseGraphqlDocument } from '../../nodes/GitHub/scope/graphqlDocument';
import type { SchemaType } from './githubGraphqlContract';
import { GITHUB_GRAPHQL_CONTRACT } from './githubGraphqlContract';

/**
 * The GraphQL documents of the Projects (V2) rows, checked against GitHub's published schema
 * (github-graphql-subset.json): every field exists on the type it is selected from, scalars and
 * enums get no selection, objects get one, and every fragment's type can be the type it is spread in.
 */
const contract = GITHUB_GRAPHQL_CONTRACT;

/** The concrete types a type stands for: itself, or an interface's or union's members. */
const concrete = (name: string): string[] => contract.types[name]?.possibleTypes ?? [name];

/** Every problem of a document against the schema, as "Type.field: problem". */
function schemaProblems(source: string): string[] {
	const document: GraphqlDocument = parseGraphqlDocument(source);
	const problems: string[] = [];
	const visit = (selections: GraphqlSelection[], typeName: string) => {
		const type = contract.types[typeName];
		if (!type) {
			problems.push(`${typeName}: not in the schema subset`);
			return;
		}
		for (const selection of selections) {
			if (selection.kind !== 'field') {
				const condition = selection.kind === 'inline' ? selection.typeCondition ?? typeName : document.fragments.get(selection.name)?.typeCondition;
				const inner = selection.kind === 'inline' ? selection.selections : document.fragments.get(selection.name)?.selections;
				if (!condition || !inner) {
					problems.push(`${typeName}: the fragment ${selection.kind === 'spread' ? selection.name : ''} is not defined`);
					continue;
				}
				if (!contract.types[condition]) problems.push(`${condition}: not in the schema subset`);
				else if (!concrete(condition).some((member) => concrete(typeName).includes(member))) problems.push(`${typeName}: cannot be ${condition}`);
				else visit(inner, condition);
				continue;
			}
			if (selection.name === '__typename') continue;
			const result = type.fields?.[selection.name];
			if (!result) problems.push(`${typeName}.${selection.name}: no such field`);
			else if (contract.leafTypes.includes(result)) {
				if (selection.selections) problems.push(`${typeName}.${selection.name}: ${result} has no fields to select`);
			} else if (!selection.selections) problems.push(`${typeName}.${selection.name}: ${result} needs a selection`);
			else visit(selection.selections, result);
		}
	};
	for (const operation of document.operations) visit(operation.selections, operation.type === 'mutation' ? 'Mutation' : 'Query');
	return problems;
}

const documents = (Object.entries({ ...viewDocuments, ...batchDocuments, UPDATE_ITEMS_MUTATION: batchDocuments.updateItemsMutation(batchDocuments.UPDATE_BATCH_SIZE) }) as Array<[string, unknown]>).filter(
	(entry): entry is [string, string] => typeof entry[1] === 'string' && /_(QUERY|MUTATION)$/.test(entry[0]),
);

describe("the Projects (V2) rows' GraphQL documents against GitHub's schema", () => {
	it.each(documents)('%s selects only fields GitHub has, each as its type allows', (_name, source) => {
		expect(schemaProblems(source)).toEqual([]);
	});

	it('finds a misspelt field, a selection on a scalar, a missing selection and an impossible fragment', () => {
		expect(
			schemaProblems(`query { repositoryOwner(login: "a") { ... on ProjectV2Owner { projectV2(number: 1) { titel id { x } views(first: 1) } } ... on ProjectV2View { name } } }`),
		).toEqual([
			'ProjectV2.titel: no such field',
			'ProjectV2.id: ID has no fields to select',
			'ProjectV2.views: ProjectV2ViewConnection needs a selection',
			'RepositoryOwner: cannot be ProjectV2View',
		]);
	});
});
