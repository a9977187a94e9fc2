import { NodeOperationError } from 'n8n-workflow';

import { allowedRepositoriesText } from '../../scope/repositories';
import { confineSearchQuery, searchResultAllowed } from '../../scope';
import type { GitHubRowRun } from '../types';

/**
 * With "Allowed Repositories" (the node's, else the credential's) the query may only name
 * allowed repositories; otherwise the allowed ones are appended as repo:/user: qualifiers
 * (GitHub ORs them). The transport checks the query again and drops results from any other
 * repository, so a query that slips past the qualifiers leaks nothing. Results are checked as
 * GitHub returned them, before Simplify drops the fields that name their repository.
 */
export const searchInScope =
	(kind: 'issues' | 'repositories' | 'code' | 'commits') =>
	async ({ ctx, client, request, allowlist, itemIndex, generic }: GitHubRowRun) => {
		const list = allowlist ?? (await client.scope()).repositories;
		if (!list) return await generic(request);
		let confined: string;
		try {
			confined = confineSearchQuery(String(request.qs.q ?? ''), list);
		} catch (error) {
			throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
				itemIndex,
				description: `Leave repository qualifiers out or name only allowed repositories. ${allowedRepositoriesText(list)}`,
			});
		}
		return await generic({ ...request, qs: { ...request.qs, q: confined } }, (raw) => searchResultAllowed(kind, raw, list));
	};

/**
 * People are not inside repositories, so a user search cannot be confined to them: while
 * "Allowed Repositories" (the node's or the credential's) is set, it is refused before sending.
 */
export async function searchUsers({ ctx, client, request, allowlist, itemIndex, generic }: GitHubRowRun) {
	const list = allowlist ?? (await client.scope()).repositories;
	if (list) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Refused: searching users reaches beyond ${list.source}, because people belong to no repository. ${allowedRepositoriesText(list)}`,
			{ itemIndex, description: 'Use Get User with a known login, or a credential and node without "Allowed Repositories".' },
		);
	}
	return await generic(request);
}
