/**
 * The shape of a mapping row: one per operation of n8n's node. The rows drive the converter and the
 * table in docs/migrating.md, and the request-for-request suite runs every row.
 */
import type { N8nParameters } from './values';
import type { Json, JsonObject } from './types';

/** Where a converted operation lands: an operation of the action node, or the service's API Call node. */
export type Destination = { resource: string; operation: string } | 'apiCall';

export interface OperationMapping {
	/** n8n's `resource.operation`. */
	from: string;
	to: Destination;
	convert(parameters: N8nParameters, notes: string[]): JsonObject;
}

export interface ApiCallRequest {
	method: string;
	endpoint: string;
	query?: Record<string, Json | undefined>;
	body?: JsonObject;
	/** Follow every page (GitHub's Link header) as n8n's Return All did. */
	followAllPages?: boolean;
	/** The response's media type when it is not JSON (diffs, patches). */
	accept?: string;
}

/** An API Call node's parameters for one request. */
export function apiCallParameters(request: ApiCallRequest): JsonObject {
	const rows = Object.entries(request.query ?? {})
		.filter(([, value]) => value !== undefined && value !== '')
		.map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) }));
	const parameters: JsonObject = { method: request.method, endpoint: request.endpoint };
	if (rows.length) parameters.queryParameters = { parameter: rows };
	if (request.body && Object.keys(request.body).length) {
		parameters.bodyContentType = 'json';
		parameters.body = JSON.stringify(request.body);
	}
	if (request.followAllPages) parameters.followAllPages = true;
	if (request.accept) parameters.accept = request.accept;
	return parameters;
}

export const describeDestination = (to: Destination, apiCallName: string) =>
	to === 'apiCall' ? apiCallName : `${titleCase(to.resource)} → ${titleCase(to.operation)}`;

export const titleCase = (name: string) =>
	name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
