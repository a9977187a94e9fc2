import type { INodeExecutionData } from 'n8n-workflow';

import type { OperationRow } from '../../shared/rowEngine';
import { rowTable } from '../../shared/operationKeys';
import type { RowRun } from '../../shared/pipeline';
import type { RepositoryList } from '../scope/repositories';
import type { GitHubClient } from '../transport';

/**
 * What a multi-request operation gets: the item's values, the generic request, the client and,
 * as `allowlist`, the node's "Allowed Repositories" (narrowing the credential's scope; undefined = not set).
 */
export type GitHubRowRun = RowRun<GitHubRow, GitHubClient, RepositoryList | undefined>;

type GitHubHandler = (input: GitHubRowRun) => Promise<INodeExecutionData[]>;

export interface GitHubRow extends OperationRow<GitHubHandler> {
	/**
	 * What the row's requests touch, as the scope's classifier (nodes/GitHub/scope/classify.ts)
	 * tells it from the request - a test checks every row's declaration against it: 'repository'
	 * (its owner and repository fields; a new repository too), 'organization' (settings and data
	 * reaching every repository of it: members, invitations, secrets, rulesets, alerts, teams),
	 * 'user' (another account), 'account' (the signed-in account, rate limit), 'gist',
	 * 'notification' (the inbox, one thread), 'search' (query confined by the handler) or
	 * 'confined' (lists whose results are kept inside the scope, projects' owners and items,
	 * invitations looked up by ID) or 'public' (GitHub's public data of no repository: the global
	 * security advisories).
	 */
	target: 'repository' | 'organization' | 'user' | 'account' | 'gist' | 'notification' | 'search' | 'confined' | 'public';
}

/** A table of GitHub rows whose resource and operation keep their literal types (for GitHubOperationKey). */
export const gitHubRowTable = rowTable<GitHubRow>();
