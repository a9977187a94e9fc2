import { NodeOperationError } from 'n8n-workflow';

import { allowedRepositoriesText } from '../../../shared/scope';
import { confineSearchQuery, searchResultAllowed } from '../../../shared/scope/github';
import type { HandlerInput } from '../types';

/**
 * With "Allowed Repositories" (the node's, else the credential's) the query may only name
 * allowed repositories; otherwise the allowed ones are appended as repo:/user: qualifiers
 * (GitHub ORs them). The transport checks the query again and drops results from any other
 * repository, so a query that slips past the qualifiers leaks nothing.
 */
export async function searchIssuesAndPullRequests({ ctx, client, request, scope: allowlist, itemIndex, generic }: HandlerInput) {
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
	const items = await generic({ ...request, qs: { ...request.qs, q: confined } });
	return items.filter((item) => searchResultAllowed('issues', item.json, list));
}
