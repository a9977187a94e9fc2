import { NodeOperationError } from 'n8n-workflow';

import type { HandlerInput } from '../types';

const SCOPE_QUALIFIER = /(^|\s)(-?)(repo|org|user|owner):("[^"]*"|\S+)/gi;

/**
 * With "Allowed Repositories" set, the query may only name allowed repositories; otherwise the
 * allowed ones are appended as repo:/user: qualifiers (GitHub ORs them). Results from any
 * other repository are dropped as well, so a query that slips past the qualifiers leaks nothing.
 */
export async function searchIssuesAndPullRequests({ ctx, request, scope: allowlist, itemIndex, generic }: HandlerInput) {
	if (allowlist.isEmpty()) return await generic(request);
	const query = String(request.qs.q ?? '');
	const refuse = (why: string) =>
		new NodeOperationError(ctx.getNode(), `The search query ${why}`, {
			itemIndex,
			description: `This node is limited to the repositories in "Allowed Repositories" (${allowlist.entries().join(', ')}). Leave repository qualifiers out or name only those repositories.`,
		});
	if (/(^|\s)(OR|NOT)(\s|$)|[()]/.test(query)) throw refuse('uses OR, NOT or parentheses, which could reach other repositories');
	let namesAllowedRepository = false;
	for (const match of query.matchAll(SCOPE_QUALIFIER)) {
		const negated = match[2] === '-';
		const kind = match[3].toLowerCase();
		const target = match[4].replace(/^"|"$/g, '');
		if (negated) continue;
		if (kind !== 'repo') throw refuse(`uses "${kind}:${target}", which can reach repositories outside the allowed ones`);
		const [owner, repo] = target.split('/');
		if (!owner || !repo || !allowlist.allows(owner, repo)) throw refuse(`names the repository "${target}", which is not allowed`);
		namesAllowedRepository = true;
	}
	const confined = namesAllowedRepository
		? query
		: [query, ...allowlist.entries().map((entry) => (entry.endsWith('/*') ? `user:${entry.slice(0, -2)}` : `repo:${entry}`))]
				.filter(Boolean)
				.join(' ');
	const items = await generic({ ...request, qs: { ...request.qs, q: confined } });
	return items.filter((item) => {
		const match = /\/repos\/([^/]+)\/([^/]+)$/.exec(String(item.json.repository_url ?? ''));
		return match !== null && allowlist.allows(decodeURIComponent(match[1]), decodeURIComponent(match[2]));
	});
}
