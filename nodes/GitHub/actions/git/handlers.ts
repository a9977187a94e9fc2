import type { IDataObject } from 'n8n-workflow';

import type { GitHubRowRun } from '../types';

/** The tag object alone is invisible; with "Create Reference" refs/tags/NAME is created to point at it. */
export async function createTagObject({ client, values, request, itemIndex }: GitHubRowRun) {
	const tag = await client.request<IDataObject>({ method: 'POST', path: request.path, body: request.body });
	if (values.createReference === false) return [{ json: tag, pairedItem: { item: itemIndex } }];
	const reference = await client.request<IDataObject>({
		method: 'POST',
		path: request.path.replace(/\/git\/tags$/, '/git/refs'),
		body: { ref: `refs/tags/${String(tag.tag ?? values.tag)}`, sha: tag.sha },
	});
	return [{ json: { ...tag, reference }, pairedItem: { item: itemIndex } }];
}
