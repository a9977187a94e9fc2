import type { IHttpRequestOptions } from 'n8n-workflow';

import type { ApiContext } from '../../nodes/shared/context';

/**
 * A context whose authenticated request helper serves canned pages and records each request
 * (its query copied as sent, since a paginator may reuse the object for the next page).
 */
export function contextServing(credentials: object, serve: (options: IHttpRequestOptions) => { body: unknown; headers?: object }) {
	const sent: IHttpRequestOptions[] = [];
	const ctx = {
		getNode: () => ({ name: 'Test', type: 'test', typeVersion: 1, position: [0, 0], parameters: {}, id: 'n' }),
		getCredentials: async () => credentials,
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				sent.push({ ...options, qs: options.qs ? { ...options.qs } : options.qs });
				const { body, headers } = serve(options);
				return { statusCode: 200, headers: headers ?? {}, body };
			},
		},
	} as unknown as ApiContext;
	return { ctx, sent };
}
