import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { ServiceAnswerError } from '../../../shared/errors';
import { percentDecoded } from '../../../shared/percentDecoding';
import { pathSegment } from '../../../../credentials/requestGuard';
import { issueIdsProof } from '../../scope';
import { numberLocator, repositoryFields } from '../fields';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';

const issueNumber = (description?: string) =>
	numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number', ...(description ? { description } : {}) });

const PARENT = 'Number of the parent issue, e.g. 42 or #42 (as in …/issues/42)';

const otherIssue = (displayName: string, name: string, description: string, required: boolean): RowField => ({
	displayName,
	name,
	type: 'string',
	default: '',
	in: 'none',
	integer: true,
	...(required ? { required: true } : { optional: true }),
	placeholder: 'e.g. 43',
	description,
});

/**
 * GitHub names sub-issues and blocking issues by their internal ID, people by their number: each
 * number is looked up in the request's repository. IDs say nothing of their repository, so the
 * proof tells the scope they were read from this one by number.
 */
export async function issueIdsByNumber({ ctx, client, request, allowlist, itemIndex }: GitHubRowRun, numbers: Array<{ field: string; value: unknown }>) {
	const repositoryPath = request.path.replace(/\/issues\/.*$/, '');
	const ids: number[] = [];
	for (const { field, value } of numbers) {
		const number = String(value ?? '').replace(/^#/, '').trim();
		if (!number) {
			throw new NodeOperationError(ctx.getNode(), `The "${field}" parameter is empty`, { itemIndex, description: `Give the issue's number in "${field}", e.g. 43.` });
		}
		const answer = await client.send<IDataObject>({ method: 'GET', path: `${repositoryPath}/issues/${pathSegment(number)}` });
		if (typeof answer.body?.id !== 'number') {
			throw new ServiceAnswerError(`GitHub answered issue #${number} without its ID`, 'Check the issue number; nothing was changed.', answer);
		}
		ids.push(answer.body.id);
	}
	const [, owner, repo] = repositoryPath.split('/').slice(1);
	const scopeProof = issueIdsProof([allowlist, (await client.scope()).repositories], { owner: percentDecoded(owner) ?? owner, repo: percentDecoded(repo) ?? repo }, ids);
	return { ids, scopeProof };
}

/** The sub-issue (and the one a moved sub-issue goes after or before) sent by ID. */
async function withSubIssueIds(input: GitHubRowRun) {
	const { values, request, generic } = input;
	const named: Array<{ key: string; field: string; value: unknown }> = [{ key: 'sub_issue_id', field: 'Sub-Issue Number', value: values.subIssueNumber }];
	if (values.otherNumber !== undefined) {
		named.push({ key: values.position === 'before' ? 'before_id' : 'after_id', field: 'Other Sub-Issue Number', value: values.otherNumber });
	}
	const { ids, scopeProof } = await issueIdsByNumber(input, named);
	const body: IDataObject = { ...(request.body as IDataObject | undefined) };
	named.forEach(({ key }, index) => (body[key] = ids[index]));
	return await generic({ ...request, body, scopeProof });
}

const subIssue = (description: string) => otherIssue('Sub-Issue Number', 'subIssueNumber', description, true);

export const subIssueRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'listSubIssues',
		objectType: 'issue',
		name: 'List Sub-Issues',
		action: 'List the sub-issues of an issue',
		description: 'List the sub-issues of an issue in their order. github.com only (Enterprise Server has no sub-issues API yet). With "Allowed Repositories" set, issues of other repositories are left out and a first entry (leftOutOfScope) says how many.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues',
		paging: {},
		fields: [...repositoryFields(), issueNumber(PARENT)],
	},
	{
		resource: 'issue',
		operation: 'addSubIssue',
		objectType: 'issue',
		name: 'Add Sub-Issue',
		action: 'Add a sub-issue to an issue',
		description: 'Make an issue of the same repository a sub-issue of another (by their numbers). Changes both issues; an issue that has a parent already is refused unless Replace Parent is on. Returns the parent issue.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues',
		handler: withSubIssueIds,
		fields: [
			...repositoryFields(),
			issueNumber(PARENT),
			subIssue('Number of the issue to add as a sub-issue, e.g. 43'),
			{ displayName: 'Replace Parent', name: 'replace_parent', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether an issue that has another parent is moved here' },
		],
	},
	{
		resource: 'issue',
		operation: 'removeSubIssue',
		objectType: 'issue',
		name: 'Remove Sub-Issue',
		action: 'Remove a sub-issue from an issue',
		description: 'Remove a sub-issue from its parent issue (the issue itself stays). Changes both issues. Returns the parent issue.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/sub_issue',
		handler: withSubIssueIds,
		fields: [...repositoryFields(), issueNumber(PARENT), subIssue('Number of the sub-issue to remove, e.g. 43')],
	},
	{
		resource: 'issue',
		operation: 'reprioritizeSubIssue',
		objectType: 'issue',
		name: 'Reorder Sub-Issue',
		action: 'Move a sub-issue within its parent’s list',
		description: 'Move a sub-issue right after or right before another sub-issue of the same parent (both by number). Changes the order of the parent’s sub-issues. Returns the parent issue.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority',
		handler: withSubIssueIds,
		fields: [
			...repositoryFields(),
			issueNumber(PARENT),
			subIssue('Number of the sub-issue to move, e.g. 43'),
			{
				displayName: 'Position', name: 'position', type: 'options', in: 'none', required: true, default: 'after', description: 'Whether it goes right after or right before the other sub-issue',
				options: [
					{ name: 'After', value: 'after' },
					{ name: 'Before', value: 'before' },
				],
			},
			otherIssue('Other Sub-Issue Number', 'otherNumber', 'Number of the sub-issue it goes after or before, e.g. 44', true),
		],
	},
]);
