import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { repositoryProof } from '../../scope';
import { numberLocator, repositoryFields } from '../fields';
import { loginOf, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';

export const PULL_REQUEST_ID_QUERY = `query($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) { pullRequest(number: $number) { id } }
}`;

const AUTO_MERGE_FIELDS = `number url autoMergeRequest { enabledAt mergeMethod commitHeadline enabledBy { login } }`;

export const ENABLE_AUTO_MERGE_MUTATION = `mutation($pullRequest: ID!, $mergeMethod: PullRequestMergeMethod!, $commitHeadline: String, $commitBody: String) {
  enablePullRequestAutoMerge(input: {pullRequestId: $pullRequest, mergeMethod: $mergeMethod, commitHeadline: $commitHeadline, commitBody: $commitBody}) {
    pullRequest { ${AUTO_MERGE_FIELDS} }
  }
}`;

export const DISABLE_AUTO_MERGE_MUTATION = `mutation($pullRequest: ID!) {
  disablePullRequestAutoMerge(input: {pullRequestId: $pullRequest}) {
    pullRequest { ${AUTO_MERGE_FIELDS} }
  }
}`;

interface AutoMergeAnswer {
	number: number;
	url: string;
	autoMergeRequest: (IDataObject & { enabledBy?: IDataObject | null }) | null;
}

/** The pull request's GraphQL ID, inside the repository the scope checked. */
export async function pullRequestId(input: GitHubRowRun) {
	const owner = String(input.values.owner ?? '').trim();
	const repo = String(input.values.repository ?? '').trim();
	const number = Number(input.values.pullNumber);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => repositoryProof(lists, { owner, repo }));
	const data = await input.client.graphql<{ repository: { pullRequest: { id: string } | null } | null }>(PULL_REQUEST_ID_QUERY, { owner, repo, number }, proof);
	const id = data.repository?.pullRequest?.id;
	if (!id) {
		throw new NodeOperationError(input.ctx.getNode(), `Pull request #${number} was not found in ${owner}/${repo}`, {
			itemIndex: input.itemIndex,
			description: 'Check "Repository Owner", "Repository" and "Pull Request Number".',
		});
	}
	return { id, proof };
}

const item = (input: GitHubRowRun, pullRequest: AutoMergeAnswer) => {
	const { autoMergeRequest, ...rest } = pullRequest;
	const autoMerge = autoMergeRequest ? { ...autoMergeRequest, enabledBy: loginOf(autoMergeRequest.enabledBy) } : null;
	return [{ json: { ...rest, autoMerge }, pairedItem: { item: input.itemIndex } }];
};

export async function enableAutoMerge(input: GitHubRowRun) {
	const { id, proof } = await pullRequestId(input);
	const headline = String(input.values.commitHeadline ?? '').trim();
	const body = String(input.values.commitBody ?? '');
	const data = await input.client.graphql<{ enablePullRequestAutoMerge: { pullRequest: AutoMergeAnswer } }>(
		ENABLE_AUTO_MERGE_MUTATION,
		{ pullRequest: id, mergeMethod: String(input.values.mergeMethod), ...(headline ? { commitHeadline: headline } : {}), ...(body ? { commitBody: body } : {}) },
		proof,
	);
	return item(input, data.enablePullRequestAutoMerge.pullRequest);
}

export async function disableAutoMerge(input: GitHubRowRun) {
	const { id, proof } = await pullRequestId(input);
	const data = await input.client.graphql<{ disablePullRequestAutoMerge: { pullRequest: AutoMergeAnswer } }>(DISABLE_AUTO_MERGE_MUTATION, { pullRequest: id }, proof);
	return item(input, data.disablePullRequestAutoMerge.pullRequest);
}

/** GraphQL rows read owner, repository and number themselves; the router still checks "Allowed Repositories". */
export const graphqlPullRequestFields = (): RowField[] => [
	...repositoryFields().map((field) => ({ ...field, in: 'none' as const })),
	{ ...numberLocator('pullRequest', { name: 'pullNumber' }), in: 'none' },
];

export const autoMergeRows = gitHubRowTable([
	{
		resource: 'pullRequest',
		operation: 'enableAutoMerge',
		name: 'Enable Auto-Merge',
		action: 'Enable auto-merge for a pull request',
		description:
			'Have GitHub merge a pull request by itself once its required reviews and checks pass, with a merge method (merge, squash, rebase). Changes the pull request: it is merged later without another step. The repository must allow auto-merge. Returns the pull request’s auto-merge settings. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: enableAutoMerge,
		fields: [
			...graphqlPullRequestFields(),
			{
				displayName: 'Merge Method', name: 'mergeMethod', type: 'options', in: 'none', required: true, default: 'SQUASH', description: 'How the pull request is merged',
				options: [
					{ name: 'Merge Commit', value: 'MERGE' },
					{ name: 'Rebase', value: 'REBASE' },
					{ name: 'Squash', value: 'SQUASH' },
				],
			},
			{ displayName: 'Commit Title', name: 'commitHeadline', type: 'string', default: '', in: 'none', optional: true, description: 'Title of the merge or squash commit (default: GitHub’s)' },
			{ displayName: 'Commit Message', name: 'commitBody', type: 'string', default: '', in: 'none', optional: true, description: 'Message of the merge or squash commit (default: GitHub’s)' },
		],
	},
	{
		resource: 'pullRequest',
		operation: 'disableAutoMerge',
		name: 'Disable Auto-Merge',
		action: 'Disable auto-merge for a pull request',
		description: 'Cancel the auto-merge of a pull request, so it is no longer merged when its checks pass. Changes the pull request. Returns the pull request’s (now empty) auto-merge settings. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: disableAutoMerge,
		fields: graphqlPullRequestFields(),
	},
]);
