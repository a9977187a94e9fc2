import type { INodeExecutionData } from 'n8n-workflow';

import type { OperationRow } from '../../shared/rowEngine';
import type { RowRun } from '../../shared/pipeline';
import type { RepositoryList } from '../../shared/scope';
import type { GitHubClient } from '../transport';

/**
 * What a multi-request operation gets: the item's values, the generic request, the client and,
 * as `allowlist`, the node's "Allowed Repositories" (narrowing the credential's scope; undefined = not set).
 */
export type GitHubRowRun = RowRun<GitHubRow, GitHubClient, RepositoryList | undefined>;

export type GitHubHandler = (input: GitHubRowRun) => Promise<INodeExecutionData[]>;

export interface GitHubRow extends OperationRow<GitHubHandler> {
	/**
	 * How "Allowed Repositories" applies: 'repository' (the values of the fields identifying the
	 * owner and the repository), 'search' (query confined by the handler), 'confined' (the
	 * handler keeps the results inside it: repository lists, project owners and items), 'account'
	 * (the account's own objects in no repository - gists - checked as the credential's scope
	 * checks them), 'organization' (settings and data that reach every repository of an
	 * organization - its secrets, rulesets, alerts, teams - need OWNER/* for the field identifying
	 * the organization) or 'none' (not about a repository: organization membership, users, rate limit).
	 */
	target: 'repository' | 'organization' | 'search' | 'confined' | 'account' | 'none';
}
