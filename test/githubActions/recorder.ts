import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import type { OpenApiContract } from '../contracts/openapi';
import { githubContract, githubEnterpriseContract } from '../contracts/openapi';

export interface RecordedRequest {
	/**
	 * Where the request went when not to the API: 'uploads' (GitHub's upload host for the API in
	 * use) or the origin of another host a redirect led to.
	 */
	server?: string;
	method: string;
	/** Path after the API base (https://api.github.com or https://HOST/api/v3), or after the upload base. */
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
 * arrived (method, path, parsed query, parsed JSON body, headers). It also answers on GitHub's
 * upload host (uploads.github.com, or /api/uploads on Enterprise Server) and on every other host
 * a reply redirects to.
 */
export class GitHubRecorder {
	readonly requests: RecordedRequest[] = [];
	private readonly replies: Reply[];
	private readonly linksGiven = new Set<string>();
	private readonly intercepted = new Set<string>();

	constructor(
		replies: Reply[],
		readonly origin = 'https://api.github.com',
		readonly basePath = '',
	) {
		this.replies = [...replies];
		this.intercept(origin);
		if (!basePath) this.intercept(this.uploadOrigin());
	}

	/** uploads.github.com for api.github.com; Enterprise Server uploads under its own origin. */
	private uploadOrigin(): string {
		return this.origin.replace('://api.', '://uploads.');
	}

	private place(url: URL): { server?: string; path: string } {
		const uploadsPath = this.basePath.replace(/\/v3$/, '/uploads');
		if (this.basePath && url.origin === this.origin && url.pathname.startsWith(`${uploadsPath}/`)) {
			return { server: 'uploads', path: url.pathname.slice(uploadsPath.length) };
		}
		if (url.origin === this.origin) {
			return { path: url.pathname.startsWith(this.basePath) ? url.pathname.slice(this.basePath.length) : url.pathname };
		}
		return { server: url.origin === this.uploadOrigin() ? 'uploads' : url.origin, path: url.pathname };
	}

	private intercept(origin: string): void {
		if (this.intercepted.has(origin)) return;
		this.intercepted.add(origin);
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
				const { server, path } = recorder.place(url);
				recorder.requests.push({
					...(server ? { server } : {}),
					...(followedLink ? { followedLink } : {}),
					method,
					path,
					query,
					body: parseBody(body),
					headers,
				});
				const reply = recorder.replies.shift();
				if (!reply) return [599, { message: `No reply queued for ${method} ${url.pathname}` }];
				for (const link of String(reply.headers?.link ?? '').matchAll(/<([^>]+)>/g)) recorder.linksGiven.add(canonical(new URL(link[1])));
				if (reply.headers?.location) recorder.intercept(new URL(reply.headers.location, url).origin);
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
	 * described there, next-page URLs come from GitHub's own Link headers (often /repositories/{id}/…),
	 * and hosts a redirect leads to are not GitHub's API.
	 */
	contractProblems(contract: OpenApiContract = this.basePath ? githubEnterpriseContract() : githubContract()): string[] {
		return this.requests
			.filter((request) => !request.path.endsWith('/graphql') && !request.followedLink && (!request.server || request.server === 'uploads'))
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
