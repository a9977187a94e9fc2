import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';
import { graphqlPullRequestFields, pullRequestId } from './autoMerge';

const DRAFT_FIELDS = 'number url state isDraft';

export const MARK_READY_FOR_REVIEW_MUTATION = `mutation($pullRequest: ID!) {
  markPullRequestReadyForReview(input: {pullRequestId: $pullRequest}) { pullRequest { ${DRAFT_FIELDS} } }
}`;

export const CONVERT_TO_DRAFT_MUTATION = `mutation($pullRequest: ID!) {
  convertPullRequestToDraft(input: {pullRequestId: $pullRequest}) { pullRequest { ${DRAFT_FIELDS} } }
}`;

/** REST has no way to change a pull request's draft state after its creation; GraphQL does. */
async function setDraftState(input: GitHubRowRun, mutation: string, field: 'markPullRequestReadyForReview' | 'convertPullRequestToDraft') {
	const { id, proof } = await pullRequestId(input);
	const data = await input.client.graphql<Record<string, { pullRequest: { number: number; url: string; state: string; isDraft: boolean } }>>(
		mutation,
		{ pullRequest: id },
		proof,
	);
	return [{ json: data[field].pullRequest, pairedItem: { item: input.itemIndex } }];
}

export const markReadyForReview = async (input: GitHubRowRun) =>
	await setDraftState(input, MARK_READY_FOR_REVIEW_MUTATION, 'markPullRequestReadyForReview');

export const convertToDraft = async (input: GitHubRowRun) => await setDraftState(input, CONVERT_TO_DRAFT_MUTATION, 'convertPullRequestToDraft');

export const draftRows = gitHubRowTable([
	{
		resource: 'pullRequest',
		operation: 'markReadyForReview',
		name: 'Mark Ready for Review',
		action: 'Mark a draft pull request ready for review',
		description:
			'Take a pull request out of draft, so it can be reviewed and merged (code owners are asked for review then). Changes the pull request. Returns its number, URL, state and isDraft. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: markReadyForReview,
		fields: graphqlPullRequestFields(),
	},
	{
		resource: 'pullRequest',
		operation: 'convertToDraft',
		name: 'Convert to Draft',
		action: 'Convert a pull request to a draft',
		description:
			'Turn an open pull request back into a draft (not ready for review, cannot be merged). Changes the pull request. Returns its number, URL, state and isDraft. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: convertToDraft,
		fields: graphqlPullRequestFields(),
	},
]);
