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

/** What a row touches is not declared: the classifier tells it from the row's request (scope/classify.ts rowTarget). */
export type GitHubRow = OperationRow<GitHubHandler>;

/** A table of GitHub rows whose resource and operation keep their literal types (for GitHubOperationKey). */
export const gitHubRowTable = rowTable<GitHubRow>();
