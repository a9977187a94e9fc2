import type { RowField } from '../../../shared/rowEngine';
import { pathSegment } from '../../../../credentials/requestGuard';
import { numberLocator, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import type { GitHubRowRun } from '../types';
import { issueIdsByNumber } from './subIssues';

const blockedIssue = () =>
	numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number', description: 'Number of the blocked issue, e.g. 42 or #42 (as in …/issues/42)' });

const blockingIssue = (description: string): RowField => ({
	displayName: 'Blocking Issue Number', name: 'blockingNumber', type: 'string', default: '', in: 'none', required: true, integer: true, placeholder: 'e.g. 43', description,
});

const SAME_REPOSITORY = 'The blocking issue is taken by number from the same repository (GitHub names it by an internal ID, which is looked up).';

/** GitHub names the blocking issue by its internal ID: looked up by number in the repository, then sent in the body or the path. */
async function withBlockingId(input: GitHubRowRun) {
	const { values, request, generic } = input;
	const { ids, scopeProof } = await issueIdsByNumber(input, [{ field: 'Blocking Issue Number', value: values.blockingNumber }]);
	const [id] = ids;
	if (request.path.includes('{issue_id}')) return await generic({ ...request, path: request.path.replace('{issue_id}', pathSegment(String(id))), scopeProof });
	return await generic({ ...request, body: { issue_id: id }, scopeProof });
}

export const issueDependencyRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'listBlockedBy',
		objectType: 'issue',
		name: 'List Blocked By',
		action: 'List the issues blocking an issue',
		description: 'List the issues an issue is blocked by (its dependencies: work to finish first), which may be in other repositories. With "Allowed Repositories" set, issues of other repositories are left out and a first entry (leftOutOfScope) says how many.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by',
		paging: {},
		fields: [...repositoryFields(), blockedIssue()],
	},
	{
		resource: 'issue',
		operation: 'listBlocking',
		objectType: 'issue',
		name: 'List Blocking',
		action: 'List the issues an issue blocks',
		description: 'List the issues an issue is blocking (those that wait for it), which may be in other repositories. With "Allowed Repositories" set, issues of other repositories are left out and a first entry (leftOutOfScope) says how many.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocking',
		paging: {},
		fields: [...repositoryFields(), numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number', description: 'Number of the blocking issue, e.g. 43 or #43 (as in …/issues/43)' })],
	},
	{
		resource: 'issue',
		operation: 'addBlockedBy',
		objectType: 'issue',
		name: 'Add Blocked By',
		action: 'Mark an issue as blocked by another',
		description: `Record that an issue is blocked by another issue (a dependency). ${SAME_REPOSITORY} Changes both issues. Returns the issue GitHub answers with.`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by',
		handler: withBlockingId,
		fields: [...repositoryFields(), blockedIssue(), blockingIssue('Number of the issue that blocks it, e.g. 43')],
	},
	{
		resource: 'issue',
		operation: 'removeBlockedBy',
		objectType: 'issue',
		name: 'Remove Blocked By',
		action: 'Remove a blocking issue from an issue',
		description: `Remove the record that an issue is blocked by another issue (both issues stay). ${SAME_REPOSITORY} Changes both issues. Returns the issue GitHub answers with.`,
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}',
		handler: withBlockingId,
		fields: [...repositoryFields(), blockedIssue(), blockingIssue('Number of the issue that no longer blocks it, e.g. 43')],
	},
	{
		resource: 'issue',
		operation: 'getParent',
		objectType: 'issue',
		name: 'Get Parent',
		action: 'Get the parent issue of a sub-issue',
		description: 'Get the parent issue of a sub-issue (it may be in another repository: with "Allowed Repositories" set, one outside them is replaced by an entry leftOutOfScope); GitHub answers 404 when the issue has no parent. To change the parent use Add Sub-Issue with Replace Parent. github.com only.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/parent',
		fields: [...repositoryFields(), numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number', description: 'Number of the sub-issue, e.g. 43 or #43 (as in …/issues/43)' })],
	},
]);
