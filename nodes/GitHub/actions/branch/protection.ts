import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { branchField, repositoryFields } from '../fields';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';

const protectedBranch = (description = 'Protected branch, e.g. "main"') => branchField({ name: 'branch', in: 'path', required: true, description });

/**
 * GitHub replaces a branch's whole protection with each update and needs its four parts named,
 * each as settings or null (off): status checks, admin enforcement, reviews and push restrictions.
 */
async function updateBranchProtection({ values, request, generic }: GitHubRowRun) {
	const checks = listOf(values.requiredChecks);
	const strict = values.requireUpToDate === true;
	const reviews = values.requiredApprovals;
	const body: IDataObject = {
		...(request.body as IDataObject | undefined),
		required_status_checks: checks.length || strict ? { strict, contexts: checks } : null,
		enforce_admins: values.enforceAdmins === true,
		required_pull_request_reviews:
			reviews === undefined || reviews === null || reviews === ''
				? null
				: {
						required_approving_review_count: Number(reviews),
						dismiss_stale_reviews: values.dismissStaleReviews === true,
						require_code_owner_reviews: values.requireCodeOwnerReviews === true,
					},
		restrictions: null,
	};
	return await generic({ ...request, body });
}

const flag = (displayName: string, name: string, description: string, apiName?: string): RowField => ({
	displayName,
	name,
	apiName,
	type: 'boolean',
	default: false,
	in: apiName ? 'body' : 'none',
	optional: true,
	description,
});

export const branchProtectionRows = gitHubRowTable([
	{
		resource: 'branch',
		operation: 'getProtection',
		objectType: 'branchProtection',
		name: 'Get Protection',
		action: 'Get the protection of a branch',
		description: 'Get the protection rules of a branch: required status checks, required reviews, admin enforcement, push restrictions, force-push and deletion rules. GitHub answers 404 for an unprotected branch.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/branches/{branch}/protection',
		fields: [...repositoryFields(), protectedBranch()],
	},
	{
		resource: 'branch',
		operation: 'updateProtection',
		objectType: 'branchProtection',
		name: 'Update Protection',
		action: 'Protect a branch',
		description:
			'Protect a branch, replacing its current protection: required status checks, required approving reviews, admin enforcement, linear history, force pushes and deletions. Changes the repository’s rules: settings not given are turned off, and push restrictions are removed. Returns the protection.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/branches/{branch}/protection',
		handler: updateBranchProtection,
		fields: [
			...repositoryFields(),
			protectedBranch('Branch to protect, e.g. "main"'),
			{
				displayName: 'Required Status Checks', name: 'requiredChecks', type: 'string', default: '', in: 'none', optional: true, placeholder: 'e.g. ci/build, lint',
				description: 'Status checks that must pass before merging, separated by commas',
			},
			flag('Require Up-to-Date Branch', 'requireUpToDate', 'Whether a pull request’s branch must be up to date with the base before merging'),
			{
				displayName: 'Required Approvals', name: 'requiredApprovals', type: 'number', default: 1, in: 'none', optional: true,
				description: 'Number of approving reviews a pull request needs (0 to 6); not set: no review rule',
			},
			flag('Dismiss Stale Reviews', 'dismissStaleReviews', 'Whether new commits dismiss earlier approvals (with Required Approvals)'),
			flag('Require Code Owner Review', 'requireCodeOwnerReviews', 'Whether code owners must approve (with Required Approvals)'),
			flag('Enforce for Admins', 'enforceAdmins', 'Whether the rules apply to administrators too'),
			flag('Require Linear History', 'requireLinearHistory', 'Whether merge commits are refused', 'required_linear_history'),
			flag('Require Conversation Resolution', 'requireConversationResolution', 'Whether all review conversations must be resolved before merging', 'required_conversation_resolution'),
			flag('Allow Force Pushes', 'allowForcePushes', 'Whether people with push access may force-push', 'allow_force_pushes'),
			flag('Allow Deletions', 'allowDeletions', 'Whether people with push access may delete the branch', 'allow_deletions'),
		],
	},
	{
		resource: 'branch',
		operation: 'deleteProtection',
		name: 'Delete Protection',
		action: 'Remove the protection of a branch',
		description: 'Remove every protection rule of a branch. Deletes the rules: anyone with push access can then push, force-push or delete it (rulesets still apply).',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/branches/{branch}/protection',
		fields: [...repositoryFields(), protectedBranch()],
		shapeAnswer: (_body, values: IDataObject) => ({ branch: values.branch, protectionRemoved: true }),
	},
]);
