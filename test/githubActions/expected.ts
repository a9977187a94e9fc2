import type { IDataObject } from 'n8n-workflow';

import { ADD_ITEM_MUTATION, PROJECT_ITEM_QUERY, SET_STATUS_MUTATION } from '../../nodes/GitHub/actions/project/handlers';
import type { ExpectedRequest } from './fixtures';
import { BASE_HEADERS } from './run';

const GRAPHQL_DOCUMENTS: Record<string, string> = { PROJECT_ITEM_QUERY, ADD_ITEM_MUTATION, SET_STATUS_MUTATION };

/** A fixture's request as the recorder sees it: default headers added, GraphQL documents filled in. */
export function expectedRequest(request: ExpectedRequest) {
	const body =
		request.body && typeof (request.body as IDataObject).query === 'string' && GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string]
			? { ...(request.body as IDataObject), query: GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string] }
			: request.body;
	return {
		...(request.followedLink ? { followedLink: true } : {}),
		method: request.method,
		path: request.path,
		query: request.query ?? {},
		body,
		headers: {
			...BASE_HEADERS,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
			...request.headers,
		},
	};
}

