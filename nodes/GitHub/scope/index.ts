/** GitHub's scope: what a request touches (classify.ts) and what a repository list lets through (rules.ts). */
export type { GitHubPlace, GitHubScopedRequest, GitHubTarget, GitHubTargetKind } from './classify';
export { classifyGitHubRequest, placeOf, rowTarget } from './classify';
export type { GitHubLookups, GitHubScope } from './rules';
export { checkGitHubRequest, CREDENTIAL_SOURCE, githubScopeOf, NODE_SOURCE } from './rules';
export { issueIdsProof, projectCreationProof, projectItemAllowed, projectOwnerProof, projectProof, repositoryProof, ScopeProof } from './proofs';
export { confineSearchQuery, searchQueryProblem, searchResultAllowed } from './search';
