import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { GitHubRowRun } from '../types';

/**
 * Label names may hold "/" ("area/ui"), which a request path can only carry as %2F, and the
 * transport refuses encoded slashes in paths. Removing one from an issue goes through setting
 * the issue's remaining labels; operations on the label itself are refused with a clear message.
 */
const hasSlash = (name: unknown) => String(name ?? '').includes('/');

function refuse({ ctx, itemIndex }: GitHubRowRun, name: string, what: string) {
	return new NodeOperationError(ctx.getNode(), `The "Label" parameter names "${name}", which contains "/", so that label cannot be ${what} by name`, {
		itemIndex,
		description: 'Labels with "/" in their name can be changed in the repository\'s settings on GitHub (Issues → Labels); List shows them.',
	});
}

const VERBS: Record<string, string> = { get: 'read', update: 'updated', delete: 'deleted' };

/** Get, update and delete of a repository label: GitHub offers no other way than the label's path. */
export async function labelByName(input: GitHubRowRun) {
	if (hasSlash(input.values.labelName)) throw refuse(input, String(input.values.labelName), VERBS[input.row.operation]);
	return await input.generic();
}

/** Removes one label from an issue; a name with "/" by setting the issue's remaining labels. */
export async function removeIssueLabel({ ctx, client, values, request, itemIndex, generic }: GitHubRowRun) {
	const name = String(values.label ?? '').trim();
	if (!hasSlash(name)) return await generic();
	const labelsPath = request.path.replace(/\/labels\/[^/]+$/, '/labels');
	const current = await client.paginate<IDataObject>({ method: 'GET', path: labelsPath }, { returnAll: true });
	const remaining = current.map((label) => String(label.name)).filter((label) => label.toLowerCase() !== name.toLowerCase());
	if (remaining.length === current.length) {
		throw new NodeOperationError(ctx.getNode(), `The "Label" parameter names "${name}", which the issue does not have`, {
			itemIndex,
			description: 'Give a label the issue has (Issue → Get lists them).',
		});
	}
	return await generic({ method: 'PUT', path: labelsPath, qs: {}, body: { labels: remaining } });
}
