import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import type { OpenApiContract } from '../contracts/openapi';
import { githubContract, githubEnterpriseContract } from '../contracts/openapi';

export interface RecordedRequest {
	method: string;
	/** Path after the API base (https://api.github.com or https://HOST/api/v3). */
	path: string;
	query: Record<string, string>;
	body?: unknown;
	headers: Record<string, string>;
	/** Set when the request followed a Link header of an earlier reply (a server-made URL). */
	followedLink?: boolean;
}

export interface Reply {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

/** Headers that depend on the transport, not on the operation. */
const TRANSPORT_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'traceparent']);

/**
 * A fake GitHub answering from a queue of replies and recording every request exactly as it
 * arrived (method, path, parsed query, parsed JSON body, headers).
 */
export class GitHubRecorder {
	readonly requests: RecordedRequest[] = [];
	private readonly replies: Reply[];
	private readonly linksGiven = new Set<string>();

	constructor(
		replies: Reply[],
		readonly origin = 'https://api.github.com',
		readonly basePath = '',
	) {
		this.replies = [...replies];
		const scope = nock(origin).persist();
		for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
			// eslint-disable-next-line @typescript-eslint/no-this-alias
			const recorder = this;
			scope.intercept(() => true, method).reply(function (uri, body) {
				const url = new URL(uri, origin);
				const headers: Record<string, string> = {};
				for (const [name, value] of Object.entries(this.req.headers)) {
					if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = String(value);
				}
				const query: Record<string, string> = {};
				url.searchParams.forEach((value, key) => (query[key] = value));
				const followedLink = recorder.linksGiven.has(canonical(url));
				recorder.requests.push({
					...(followedLink ? { followedLink } : {}),
					method,
					path: url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname,
					query,
					body: parseBody(body),
					headers,
				});
				const reply = recorder.replies.shift();
				if (!reply) return [599, { message: `No reply queued for ${method} ${url.pathname}` }];
				for (const link of String(reply.headers?.link ?? '').matchAll(/<([^>]+)>/g)) recorder.linksGiven.add(canonical(new URL(link[1])));
				const replyBody = Buffer.isBuffer(reply.body) ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
				return [
					reply.status ?? 200,
					replyBody,
					{ ...(Buffer.isBuffer(reply.body) || reply.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...reply.headers },
				];
			});
		}
	}

	/**
	 * Problems GitHub's OpenAPI description finds in the requests the node built. GraphQL is not
	 * described there, and next-page URLs come from GitHub's own Link headers (often /repositories/{id}/…).
	 */
	contractProblems(contract: OpenApiContract = this.basePath ? githubEnterpriseContract() : githubContract()): string[] {
		return this.requests
			.filter((request) => !request.path.endsWith('/graphql') && !request.followedLink)
			.flatMap((request) =>
				contract.validate({ method: request.method, path: request.path, query: request.query, body: request.body, headers: request.headers }),
			);
	}

	unusedReplies(): number {
		return this.replies.length;
	}
}

function canonical(url: URL): string {
	const params = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
	return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function parseBody(body: unknown): unknown {
	if (body === undefined || body === null || body === '') return undefined;
	if (typeof body === 'string') {
		try {
			return JSON.parse(body) as IDataObject;
		} catch {
			return body;
		}
	}
	return body;
}
