import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { BuiltRequest, OperationRow } from '../../shared/catalogue';
import type { GitHubClient } from '../transport';

/** What a multi-request operation gets: the item's values, the generic request and the client. */
export interface HandlerInput {
	ctx: IExecuteFunctions;
	client: GitHubClient;
	row: GitHubRow;
	values: IDataObject;
	itemIndex: number;
	/** The request the row's fields describe (path, query, body already filled). */
	request: BuiltRequest;
	/** Repositories the node is confined to; empty = any. */
	allowlist: RepositoryAllowlist;
	/** Runs the row generically (request or paging) with changed values or request. */
	generic: (request?: BuiltRequest) => Promise<INodeExecutionData[]>;
}

export type GitHubHandler = (input: HandlerInput) => Promise<INodeExecutionData[]>;

export interface RepositoryAllowlist {
	isEmpty(): boolean;
	allows(owner: string, repo: string): boolean;
	entries(): string[];
}

export interface GitHubRow extends OperationRow<GitHubHandler> {
	/**
	 * How "Allowed Repositories" applies: 'repository' (owner + repository values, the default
	 * for rows with those fields), 'search' (query confined by the handler) or 'none'
	 * (not about a repository: gists, rate limit).
	 */
	scope?: 'repository' | 'search' | 'none';
	/** Value naming the repository when it is not `repository` (Create Repository: `name`). */
	repositoryValue?: string;
	/** Shapes a successful response into the output (e.g. the assignees of an issue). */
	output?: (body: unknown, values: IDataObject) => unknown;
}
