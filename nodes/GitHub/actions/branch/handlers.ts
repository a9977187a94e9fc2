import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { GitHubRowRun } from '../types';

/** A branch name is resolved to its head commit first; a SHA is used as given. */
export async function createBranch({ ctx, client, values, request, itemIndex, generic }: GitHubRowRun) {
	const newBranch = String(values.newBranch ?? '').trim().replace(/^refs\/heads\//, '');
	if (!newBranch) {
		throw new NodeOperationError(ctx.getNode(), 'The "New Branch Name" parameter is empty', {
			itemIndex,
			description: 'Give the name of the branch to create, e.g. "feature/login".',
		});
	}
	let sha = String(values.sha ?? '').trim();
	if (values.source !== 'sha') {
		const from = String(values.fromBranch ?? '').trim();
		if (!from) {
			throw new NodeOperationError(ctx.getNode(), 'The "Source Branch" parameter is empty', {
				itemIndex,
				description: 'Give the branch the new branch starts from, or choose "Commit SHA" in "Start From".',
			});
		}
		const base = request.path.replace(/\/git\/refs$/, '');
		const refPath = `${base}/git/ref/heads/${from.split('/').map(pathSegment).join('/')}`;
		const answer = await client.send<IDataObject | null>({ method: 'GET', path: refPath });
		const head = (answer.body?.object as IDataObject | null | undefined)?.sha;
		if (typeof head !== 'string' || !head) {
			throw new ServiceAnswerError(
				`GitHub answered ${refPath} without the branch's commit SHA (object.sha)`,
				`Nothing was created. Check that "${from}" is a branch of the repository, or start from a commit SHA.`,
				answer,
			);
		}
		sha = head;
	} else if (!sha) {
		throw new NodeOperationError(ctx.getNode(), 'The "Commit SHA" parameter is empty', {
			itemIndex,
			description: 'Give the commit SHA the new branch starts at, or choose "Branch" in "Start From".',
		});
	}
	return await generic({ ...request, body: { ref: `refs/heads/${newBranch}`, sha } });
}
