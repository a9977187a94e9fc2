import type { OperationKeyOf, OperationKeyParts } from '../../shared/operationKeys';
import type { ResourceSpec } from '../../shared/rowEngine';
import { advisoryRows } from './advisory/rows';
import { branchProtectionRows } from './branch/protection';
import { branchRows } from './branch/rows';
import { checkRows } from './check/rows';
import { codeQualityRows } from './codeQuality/rows';
import { collaboratorRows } from './collaborator/rows';
import { commitRows } from './commit/rows';
import { deploymentRows } from './deployment/rows';
import { discussionManageRows } from './discussion/manage';
import { discussionRows } from './discussion/rows';
import { fileRows } from './file/rows';
import { gistRows } from './gist/rows';
import { gitRows } from './git/rows';
import { copilotRows } from './issue/copilot';
import { issueDependencyRows } from './issue/dependencies';
import { issueFieldRows } from './issue/issueFields';
import { issueTypeRows } from './issue/issueTypes';
import { issueRows } from './issue/rows';
import { similarIssueRows } from './issue/similar';
import { subIssueRows } from './issue/subIssues';
import { issueTimelineRows } from './issue/timeline';
import { labelRows } from './label/rows';
import { milestoneRows } from './milestone/rows';
import { notificationRows } from './notification/rows';
import { organizationRows } from './organization/rows';
import { projectRows } from './project/rows';
import { autoMergeRows } from './pullRequest/autoMerge';
import { draftRows } from './pullRequest/draft';
import { pendingReviewRows } from './pullRequest/pendingReview';
import { pullRequestRows } from './pullRequest/rows';
import { reactionRows } from './reaction/rows';
import { rateLimitRows } from './rateLimit/rows';
import { releaseRows } from './release/rows';
import { repositoryRows } from './repository/rows';
import { rulesetRows } from './ruleset/rows';
import { runnerRows } from './runner/rows';
import { searchRows } from './search/rows';
import { secretRows } from './secret/rows';
import { securityAlertRows } from './securityAlert/rows';
import { teamRows } from './team/rows';
import type { GitHubRow } from './types';
import { userRows } from './user/rows';
import { variableRows } from './variable/rows';
import { webhookRows } from './webhook/rows';
import { workflowRows } from './workflow/rows';

export const GITHUB_RESOURCES: ResourceSpec[] = [
	{ name: 'Branch', value: 'branch', description: 'Branches of a repository' },
	{ name: 'Check Run', value: 'checkRun', description: 'Checks on commits with their reports and annotations (GitHub Apps)' },
	{ name: 'Check Suite', value: 'checkSuite', description: 'Groups of check runs of a GitHub App on a commit' },
	{ name: 'Code Quality', value: 'codeQuality', description: 'Code quality findings of a repository (GitHub Code Quality)' },
	{ name: 'Collaborator', value: 'collaborator', description: 'People with access to a repository' },
	{ name: 'Commit', value: 'commit', description: 'Commits of a repository' },
	{ name: 'Commit Status', value: 'commitStatus', description: 'Statuses (CI results) set on commits' },
	{ name: 'Deployment', value: 'deployment', description: 'Deployments of a repository and their statuses' },
	{ name: 'Discussion', value: 'discussion', description: 'Discussions of a repository' },
	{ name: 'Environment', value: 'environment', description: 'Deployment environments and their protection rules' },
	{ name: 'File', value: 'file', description: 'Files and folders in a repository' },
	{ name: 'Gist', value: 'gist', description: 'Gists (shared snippets)' },
	{ name: 'Git Database', value: 'git', description: 'Git references, tag objects and trees' },
	{ name: 'Issue', value: 'issue', description: 'Issues of a repository' },
	{ name: 'Label', value: 'label', description: 'Labels of a repository' },
	{ name: 'Milestone', value: 'milestone', description: 'Milestones of a repository' },
	{ name: 'Notification', value: 'notification', description: 'Notifications of the connected account' },
	{ name: 'Organization', value: 'organization', description: 'Organizations and their members' },
	{ name: 'Project (V2)', value: 'project', description: 'GitHub Projects, their fields and items' },
	{ name: 'Pull Request', value: 'pullRequest', description: 'Pull requests of a repository' },
	{ name: 'Rate Limit', value: 'rateLimit', description: 'API requests left for the connected account' },
	{ name: 'Reaction', value: 'reaction', description: 'Emoji reactions on issues, comments and releases' },
	{ name: 'Release', value: 'release', description: 'Releases of a repository' },
	{ name: 'Repository', value: 'repository', description: 'Repositories' },
	{ name: 'Repository Webhook', value: 'webhook', description: 'Webhooks of a repository and their deliveries' },
	{ name: 'Ruleset', value: 'ruleset', description: 'Rulesets of repositories and organizations' },
	{ name: 'Search', value: 'search', description: 'Search across repositories' },
	{ name: 'Secret (Actions)', value: 'secret', description: 'Encrypted GitHub Actions secrets of repositories, environments and organizations' },
	{ name: 'Security Advisory', value: 'securityAdvisory', description: 'The GitHub Advisory Database and the security advisories of repositories' },
	{ name: 'Security Alert', value: 'securityAlert', description: 'Dependabot, code scanning and secret scanning alerts' },
	{ name: 'Self-Hosted Runner', value: 'runner', description: 'Self-hosted GitHub Actions runners of a repository, their labels and registration tokens' },
	{ name: 'Team', value: 'team', description: 'Teams of an organization' },
	{ name: 'User', value: 'user', description: 'GitHub accounts' },
	{ name: 'Variable (Actions)', value: 'variable', description: 'GitHub Actions configuration variables of repositories and environments' },
	{ name: 'Workflow', value: 'workflow', description: 'GitHub Actions workflows and their runs' },
];

const ROWS = [
	...repositoryRows,
	...fileRows,
	...branchRows,
	...commitRows,
	...gitRows,
	...issueRows,
	...labelRows,
	...milestoneRows,
	...searchRows,
	...pullRequestRows,
	...projectRows,
	...discussionRows,
	...discussionManageRows,
	...workflowRows,
	...runnerRows,
	...gistRows,
	...releaseRows,
	...collaboratorRows,
	...organizationRows,
	...userRows,
	...rateLimitRows,
	...secretRows,
	...variableRows,
	...checkRows,
	...branchProtectionRows,
	...deploymentRows,
	...rulesetRows,
	...webhookRows,
	...notificationRows,
	...reactionRows,
	...teamRows,
	...issueTimelineRows,
	...subIssueRows,
	...securityAlertRows,
	...autoMergeRows,
	...draftRows,
	...pendingReviewRows,
	...copilotRows,
	...issueTypeRows,
	...similarIssueRows,
	...issueDependencyRows,
	...advisoryRows,
	...issueFieldRows,
	...codeQualityRows,
];

/** "resource.operation" of every GitHub operation, computed from the rows: fixtures and docs are keyed by it. */
export type GitHubOperationKey = OperationKeyOf<(typeof ROWS)[number]>;

/** Every operation of the GitHub node: one row each, its resource and operation typed as a GitHubOperationKey. */
export const GITHUB_ROWS: Array<GitHubRow & OperationKeyParts<GitHubOperationKey>> = ROWS;
