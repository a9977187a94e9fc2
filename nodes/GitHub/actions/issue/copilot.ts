import type { IDataObject } from 'n8n-workflow';

import { apiErrorFromResponse, ServiceAnswerError } from '../../../shared/errors';
import { numberLocator, repositoryFields } from '../fields';
import { pullNumber } from '../pullRequest/rows';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';

/** The account GitHub's REST API takes for Copilot's coding agent as an issue assignee. */
export const COPILOT_ASSIGNEE = 'copilot-swe-agent[bot]';
/** The account GitHub's REST API takes for Copilot code review as a requested reviewer. */
const COPILOT_REVIEWER = 'copilot-pull-request-reviewer[bot]';

const PLAN_NOTE =
	'needs a Copilot plan that includes it (Copilot Pro, Pro+, Business or Enterprise) for the account the credential signs in as and, in an organization, the policy that allows it';

const NOT_ASSIGNED = `Copilot's coding agent ${PLAN_NOTE}, enabled for this repository; and a user's token (a personal access token or an OAuth / GitHub App user token, not an app installation): GitHub leaves out an assignee it cannot assign.`;
const NOT_REVIEWED = `Copilot code review ${PLAN_NOTE}; GitHub answers 422 when Copilot cannot be asked for a review in this repository.`;

/** Assigns Copilot's coding agent, which then opens a pull request for the issue; GitHub drops an assignee it cannot assign, so the answer is checked. */
async function assignCopilot(input: GitHubRowRun) {
	const { ctx, client, values, request } = input;
	const body: IDataObject = { assignees: [COPILOT_ASSIGNEE] };
	const response = await client.send({ ...request, body, acceptStatus: [422] });
	if (response.statusCode === 422) {
		throw apiErrorFromResponse(ctx.getNode(), 'GitHub', response, await client.secrets(), `Copilot could not be assigned: ${NOT_ASSIGNED}`);
	}
	const issue = response.body as IDataObject;
	const assignees = Array.isArray(issue.assignees) ? (issue.assignees as IDataObject[]) : [];
	if (!assignees.some((assignee) => /^copilot(-swe-agent(\[bot\])?)?$/i.test(String(assignee.login ?? '')))) {
		// GitHub answered, but without the assignee: a service refusal (NodeApiError), not a wrong parameter.
		throw new ServiceAnswerError(`Copilot was not assigned to #${String(values.issueNumber)}: GitHub left it out of the assignees`, NOT_ASSIGNED, response);
	}
	return await input.respond(issue);
}

/** Asks Copilot code review for a review of the pull request; GitHub's 422 is explained. */
async function requestCopilotReview(input: GitHubRowRun) {
	const { ctx, client, request } = input;
	const response = await client.send({ ...request, body: { reviewers: [COPILOT_REVIEWER] }, acceptStatus: [422] });
	if (response.statusCode === 422) {
		throw apiErrorFromResponse(ctx.getNode(), 'GitHub', response, await client.secrets(), `Copilot's review could not be requested: ${NOT_REVIEWED}`);
	}
	return await input.respond(response.body);
}

export const copilotRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'assignCopilot',
		objectType: 'issue',
		name: 'Assign Copilot',
		action: 'Assign Copilot to an issue',
		description: `Assign Copilot's coding agent to an issue: it works on the issue and opens a pull request. Changes the issue. Returns the issue. Not every account has it: it ${PLAN_NOTE}, enabled for the repository, and a user's token; otherwise the error says so.`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/assignees',
		handler: assignCopilot,
		fields: [
			...repositoryFields(),
			numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number' }),
		],
	},
	{
		resource: 'pullRequest',
		operation: 'requestCopilotReview',
		objectType: 'pullRequest',
		name: 'Request Copilot Review',
		action: 'Request a review from Copilot',
		description: `Ask Copilot code review to review a pull request (adds Copilot to its requested reviewers; Copilot posts a review with comments, which neither approves nor blocks). Returns the pull request. Not every account has it: it ${PLAN_NOTE}; otherwise the error says so.`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
		handler: requestCopilotReview,
		fields: [...repositoryFields(), pullNumber()],
	},
]);
