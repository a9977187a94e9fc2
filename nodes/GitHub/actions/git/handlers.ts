import type { IDataObject } from 'n8n-workflow';

import { pathSegment } from '../../../../credentials/requestGuard';
import { ServiceAnswerError } from '../../../shared/errors';

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

/**
 * A tag by name: its reference, and for an annotated tag the tag object it points to (message,
 * tagger, and the commit it tags); a lightweight tag points at the commit itself.
 */
export async function getTag({ client, values, request, itemIndex }: GitHubRowRun) {
	const reference = await objectAnswer(client, request.path, "the tag's object SHA");
	const target = reference.object;
	const name = String(values.tag ?? '').trim().replace(/^\/*(refs\/)?tags\//, '');
	if (target.type !== 'tag') {
		const json = { name, annotated: false, sha: target.sha, objectType: target.type, ref: reference.ref };
		return [{ json: json as IDataObject, pairedItem: { item: itemIndex } }];
	}
	const repository = request.path.replace(/\/git\/ref\/tags\/.*$/, '');
	const tag = await objectAnswer(client, `${repository}/git/tags/${pathSegment(target.sha)}`, 'the SHA of what the tag object tags');
	const tagged = tag.object;
	const json = {
		name,
		annotated: true,
		sha: tagged.sha,
		objectType: tagged.type,
		ref: reference.ref,
		tagSha: tag.sha,
		message: tag.message,
		tagger: tag.tagger,
		verified: (tag.verification as IDataObject | null | undefined)?.verified,
	};
	return [{ json: json as IDataObject, pairedItem: { item: itemIndex } }];
}

/** A reference or tag object answer must point at an object with a SHA; any other answer is refused in words. */
async function objectAnswer(client: GitHubRowRun['client'], path: string, what: string) {
	const answer = await client.send<IDataObject | null>({ method: 'GET', path });
	const object = answer.body?.object as IDataObject | null | undefined;
	if (typeof object?.sha !== 'string' || !object.sha) {
		throw new ServiceAnswerError(`GitHub answered ${path} without ${what} (object.sha)`, 'Check "Tag Name"; the API Call node shows the raw answer.', answer);
	}
	return answer.body as IDataObject & { object: IDataObject & { sha: string } };
}
