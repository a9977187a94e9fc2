import { SCOPED_GRAPHQL_SCHEMA } from '../../nodes/GitHub/scope/graphql';
import type { SchemaType } from './githubGraphqlContract';
import { GITHUB_GRAPHQL_CONTRACT } from './githubGraphqlContract';

/**
 * The part of GitHub's GraphQL schema a repository-scoped query may use, checked against GitHub's
 * published schema (github-graphql-subset.json, taken from it): every field exists with the type
 * the check assumes, so a query the check follows is the query GitHub runs. GraphQL is not in
 * GitHub's OpenAPI description, which covers REST only.
 */
const contract = GITHUB_GRAPHQL_CONTRACT;

const checked = Object.entries(SCOPED_GRAPHQL_SCHEMA);

describe("the repository-scoped part of GitHub's GraphQL schema", () => {
	it.each(checked)('%s: every field exists in GitHub\'s schema with the type the check follows', (name, type) => {
		const github = contract.types[name];
		expect(github).toBeDefined();
		for (const leaf of type.leaves) {
			expect([name, leaf, contract.leafTypes.includes(github.fields?.[leaf] ?? '')]).toEqual([name, leaf, true]);
		}
		for (const [field, target] of Object.entries(type.objects ?? {})) {
			expect([name, field, github.fields?.[field]]).toEqual([name, field, target]);
			expect(SCOPED_GRAPHQL_SCHEMA[target]).toBeDefined();
		}
		for (const possible of type.possible ?? []) {
			expect(github.possibleTypes).toContain(possible);
		}
	});

	it('reaches a repository only from the query root', () => {
		const toRepository = checked.flatMap(([name, type]) =>
			Object.entries(type.objects ?? {})
				.filter(([, target]) => target === 'Repository' || target === 'RepositoryConnection')
				.map(([field]) => `${name}.${field}`),
		);
		expect(toRepository).toEqual(['Query.repository']);
	});

	it.each([
		['Repository', ['forks', 'parent', 'templateRepository', 'projectsV2', 'collaborators', 'watchers']],
		['User', ['repositories', 'repositoriesContributedTo', 'starredRepositories', 'issues', 'pullRequests', 'organizations', 'gists', 'contributionsCollection']],
		['Organization', ['repositories', 'teams', 'projectsV2']],
		['RepositoryOwner', ['repositories', 'repository']],
		['Issue', ['parent', 'subIssues', 'trackedIssues', 'trackedInIssues', 'timelineItems', 'closedByPullRequestsReferences', 'projectItems', 'repository']],
		['PullRequest', ['headRepository', 'headRef', 'headRepositoryOwner', 'closingIssuesReferences', 'timelineItems', 'reviewRequests', 'repository']],
		['Ref', ['associatedPullRequests', 'repository']],
		['Commit', ['associatedPullRequests', 'submodules', 'repository']],
		['Topic', ['repositories', 'relatedTopics']],
	])('leaves out the links of %s that lead to other repositories', (name, fields) => {
		const type = SCOPED_GRAPHQL_SCHEMA[name];
		for (const field of fields) {
			expect(contract.types[name].fields?.[field]).toBeDefined();
			expect([field, type.leaves.includes(field) || field in (type.objects ?? {})]).toEqual([field, false]);
		}
	});
});
