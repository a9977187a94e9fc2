import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../../../credentials/requestGuard';
import type { GitHubRowRun } from '../types';

/** Branch names keep their "/" between encoded segments (GitHub routes them as plain segments). */
const refSegments = (ref: string) => ref.replace(/^\/+/, '').split('/').map(pathSegment).join('/');

/** GitHub takes both sides as one path value, {basehead} = BASE...HEAD. */
export async function compareCommits({ ctx, values, request, itemIndex, generic }: GitHubRowRun) {
	const side = (name: 'base' | 'head', label: string) => {
		const text = String(values[name] ?? '').trim();
		if (!text || text.includes('...')) {
			throw new NodeOperationError(ctx.getNode(), `The "${label}" parameter ${text ? 'contains "..."' : 'is empty'}`, {
				itemIndex,
				description: `Give one branch, tag or commit SHA in "${label}".`,
			});
		}
		return refSegments(text);
	};
	return await generic({ ...request, path: request.path.replace('{basehead}', `${side('base', 'Base')}...${side('head', 'Head')}`) });
}

/** Comments of one commit live under the commit; all of them under the repository. */
export async function listCommitComments({ values, request, generic }: GitHubRowRun) {
	const sha = String(values.commitSha ?? '').trim();
	if (!sha) return await generic(request);
	return await generic({ ...request, path: request.path.replace(/\/comments$/, `/commits/${pathSegment(sha)}/comments`) });
}
