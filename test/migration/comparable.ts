import type { Recorded } from './fake';

/**
 * What a request is, for the comparison, with the differences that carry no meaning for the
 * service taken out (each is a row of docs/migrating.md's "Every request" table):
 * - Trello's key and token are how it authenticates, compared apart;
 * - an empty JSON body is no body;
 * - `%2F` in a path is `/` (n8n encodes a file path's slashes, GitHub reads both alike), `//` is `/`,
 *   a trailing `/` is none;
 * - Trello reads a field from the query or from a JSON body alike: both are compared as one set;
 * - GitHub's `page=1` is its default page: a first page asked for without it is the same request.
 */
export function comparable(request: Recorded) {
	const path = request.path.replace(/%2F/gi, '/').replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
	let query: Record<string, unknown> = { ...request.query };
	let body = request.body ?? null;
	if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) body = null;
	if (!path.startsWith('/1/') && query.page === '1') delete query.page;
	if (path.startsWith('/1/')) {
		delete query.key;
		delete query.token;
		if (body && typeof body === 'object' && !Array.isArray(body)) {
			const fields = Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
			query = { ...query, ...fields };
			body = null;
		}
	}
	return { method: request.method, path, query, body };
}
