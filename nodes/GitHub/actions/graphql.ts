import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readLimit } from '../../shared/options';
import { PageLimit } from '../../shared/paging';
import type { RepositoryList } from '../scope/repositories';
import type { ScopeProof } from '../scope';
import type { GitHubRowRun } from './types';

export interface Connection<T> {
	nodes: T[];
	pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** GraphQL's largest page. */
const MAX_FIRST = 100;

/**
 * Follows a GraphQL connection's cursors under the row's Return All / Limit. `page` fetches one
 * page of `first` nodes after `after` (null: the first page), or undefined when the parent is missing.
 */
export async function graphqlPages<T>(
	{ ctx, itemIndex }: Pick<GitHubRowRun, 'ctx' | 'itemIndex'>,
	page: (first: number, after: string | null) => Promise<Connection<T> | undefined>,
): Promise<T[]> {
	const returnAll = readPaging(ctx, 'returnAll', itemIndex, false) as boolean;
	const wanted = returnAll ? Infinity : Math.max(0, Number(ctx.getNode().parameters.limit === undefined ? 50 : readLimit(ctx, itemIndex)));
	const collected: T[] = [];
	const pageLimit = new PageLimit('GitHub');
	let after: string | null = null;
	while (collected.length < wanted) {
		pageLimit.admit(after ?? 'first page');
		const connection = await page(Math.min(MAX_FIRST, wanted - collected.length), after);
		if (!connection) break;
		collected.push(...connection.nodes);
		if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor || connection.nodes.length === 0) break;
		after = connection.pageInfo.endCursor;
	}
	return collected.slice(0, wanted);
}

function readPaging(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback: unknown): unknown {
	if (ctx.getNode().parameters[name] === undefined) return fallback;
	return ctx.getNodeParameter(name, itemIndex, fallback as never);
}

/** The node's and the credential's repository lists (either may be unset), as the scope proofs take them. */
export async function repositoryLists({ client, allowlist }: Pick<GitHubRowRun, 'client' | 'allowlist'>): Promise<Array<RepositoryList | undefined>> {
	return [allowlist, (await client.scope()).repositories];
}

/** Runs a scope check that throws a refusal, as a NodeOperationError for the item. */
export function proven(input: Pick<GitHubRowRun, 'ctx' | 'itemIndex'>, check: () => ScopeProof): ScopeProof {
	try {
		return check();
	} catch (error) {
		throw new NodeOperationError(input.ctx.getNode(), (error as Error).message, {
			itemIndex: input.itemIndex,
			description: (error as { hint?: string }).hint ?? '',
		});
	}
}

/** The login of a GraphQL actor (author, editor), or null when the account was deleted. */
export const loginOf = (actor: unknown) => ((actor as IDataObject | null | undefined)?.login as string | undefined) ?? null;
