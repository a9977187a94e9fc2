import type { IDataObject } from 'n8n-workflow';

import * as blameDocuments from '../../nodes/GitHub/actions/file/blame';
import * as discussionDocuments from '../../nodes/GitHub/actions/discussion/handlers';
import * as discussionManageDocuments from '../../nodes/GitHub/actions/discussion/manage';
import * as projectDocuments from '../../nodes/GitHub/actions/project/handlers';
import * as projectItemDocuments from '../../nodes/GitHub/actions/project/items';
import * as projectDocumentsOfOwner from '../../nodes/GitHub/actions/project/projects';
import * as projectViewDocuments from '../../nodes/GitHub/actions/project/views';
import * as projectBatchDocuments from '../../nodes/GitHub/actions/project/batch';
import * as autoMergeDocuments from '../../nodes/GitHub/actions/pullRequest/autoMerge';
import * as draftDocuments from '../../nodes/GitHub/actions/pullRequest/draft';
import * as pendingReviewDocuments from '../../nodes/GitHub/actions/pullRequest/pendingReview';
import type { ExpectedRequest } from './fixtures';
import { BASE_HEADERS } from './run';

/** Every GraphQL document the node sends, by its exported name (fixtures name documents, not copy them). */
const GRAPHQL_DOCUMENTS: Record<string, string> = Object.fromEntries(
	(Object.entries({ ...blameDocuments, ...projectDocuments, ...projectItemDocuments, ...projectDocumentsOfOwner, ...projectViewDocuments, ...projectBatchDocuments, ...discussionDocuments, ...discussionManageDocuments, ...autoMergeDocuments, ...draftDocuments, ...pendingReviewDocuments }) as Array<[string, unknown]>).filter(
		(entry): entry is [string, string] => typeof entry[1] === 'string' && /_(QUERY|MUTATION)$/.test(entry[0]),
	),
);

/** A fixture's request as the recorder sees it: default headers added, GraphQL documents filled in. */
export function expectedRequest(request: ExpectedRequest) {
	const body =
		request.body && typeof (request.body as IDataObject).query === 'string' && GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string]
			? { ...(request.body as IDataObject), query: GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string] }
			: request.body;
	// Another host (a redirect's target) gets no credential and no API headers.
	const elsewhere = request.server !== undefined && request.server !== 'uploads';
	return {
		...(request.server ? { server: request.server } : {}),
		...(request.followedLink ? { followedLink: true } : {}),
		method: request.method,
		path: request.path,
		query: request.query ?? {},
		body,
		headers: {
			...(elsewhere ? { accept: BASE_HEADERS.accept, 'user-agent': BASE_HEADERS['user-agent'] } : BASE_HEADERS),
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
			...request.headers,
		},
	};
}

