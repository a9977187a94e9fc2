import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RepositoryAllowlist } from './types';

/**
 * "Allowed Repositories": owner/name entries (or owner/* for all of an owner's repositories,
 * or repository URLs), separated by commas or new lines, compared case-insensitively.
 */
export function parseAllowlist(node: INode, raw: unknown): RepositoryAllowlist {
	const entries: string[] = [];
	for (const part of String(raw ?? '').split(/[\s,]+/)) {
		const text = part.trim().replace(/^https?:\/\/[^/]+\//i, '').replace(/\.git$/i, '').replace(/\/+$/, '');
		if (!text) continue;
		if (!/^[-\w.]+\/([-\w.]+|\*)$/.test(text)) {
			throw new NodeOperationError(node, `"${part}" in "Allowed Repositories" is not a repository`, {
				description: 'Write each entry as owner/name (or owner/* for every repository of an owner), separated by commas.',
			});
		}
		entries.push(text.toLowerCase());
	}
	return {
		isEmpty: () => entries.length === 0,
		entries: () => [...entries],
		allows: (owner: string, repo: string) => {
			if (entries.length === 0) return true;
			const full = `${owner}/${repo}`.toLowerCase();
			return entries.some((entry) => entry === full || entry === `${owner.toLowerCase()}/*`);
		},
	};
}
