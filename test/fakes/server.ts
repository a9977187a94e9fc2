import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

export interface FakeRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	rawBody: string;
	/** The body as received, for binary uploads. */
	bytes: Buffer;
	body: unknown;
	params: Record<string, string>;
}

export interface FakeReply {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export type RouteHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
	method: string;
	pattern: RegExp;
	names: string[];
	handler: RouteHandler;
}

/**
 * A loopback HTTP server with a route table, recording every request it receives.
 * Service fakes add their own authentication, limit headers and paging on top.
 */
export class FakeHttpServer {
	private server?: Server;
	private routes: Route[] = [];
	readonly received: FakeRequest[] = [];
	baseUrl = '';
	/** Body bytes received since the last reset, counted as they arrive (before a request is complete). */
	private arrived = 0;
	private arrivalWaiters: Array<{ bytes: number; resolve: () => void }> = [];

	/** Runs before routing; a reply here (e.g. 401, 429) answers the request instead. */
	protected gate(_request: FakeRequest): FakeReply | undefined {
		return undefined;
	}

	/** Headers added to every answer (rate-limit headers). */
	protected commonHeaders(_request: FakeRequest): Record<string, string> {
		return {};
	}

	on(method: string, path: string, handler: RouteHandler): this {
		const names: string[] = [];
		const pattern = new RegExp(
			'^' +
				path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
					names.push(name);
					return name === 'path' ? '(.+)' : '([^/]+)';
				}) +
				'$',
		);
		this.routes.unshift({ method: method.toUpperCase(), pattern, names, handler });
		return this;
	}

	/** Resolves once `bytes` body bytes have arrived: a streamed upload is seen while it is still being sent. */
	async bodyBytesArrived(bytes: number): Promise<void> {
		if (this.arrived >= bytes) return;
		await new Promise<void>((resolve) => this.arrivalWaiters.push({ bytes, resolve }));
	}

	resetArrivals() {
		this.arrived = 0;
		this.arrivalWaiters = [];
	}

	requestsTo(method: string, path: string): FakeRequest[] {
		return this.received.filter((r) => r.method === method.toUpperCase() && r.path === path);
	}

	async start(): Promise<string> {
		this.server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		const { port } = this.server.address() as AddressInfo;
		this.baseUrl = `http://127.0.0.1:${port}`;
		return this.baseUrl;
	}

	async stop(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections?.();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
		this.server = undefined;
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) {
			chunks.push(chunk as Buffer);
			this.arrived += (chunk as Buffer).length;
			for (const waiter of this.arrivalWaiters.filter((w) => this.arrived >= w.bytes)) waiter.resolve();
			this.arrivalWaiters = this.arrivalWaiters.filter((w) => this.arrived < w.bytes);
		}
		const bytes = Buffer.concat(chunks);
		const rawBody = bytes.toString('utf8');
		const url = new URL(req.url ?? '/', 'http://fake');
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
		let body: unknown = rawBody;
		if (rawBody && /json/.test(headers['content-type'] ?? '')) {
			try {
				body = JSON.parse(rawBody);
			} catch {
				body = rawBody;
			}
		}
		const request: FakeRequest = {
			method: (req.method ?? 'GET').toUpperCase(),
			path: decodeURI(url.pathname),
			query: Object.fromEntries(url.searchParams.entries()),
			headers,
			rawBody,
			bytes,
			body,
			params: {},
		};
		this.received.push(request);
		let reply: FakeReply;
		try {
			reply = this.gate(request) ?? (await this.route(request));
		} catch (error) {
			reply = { status: 500, body: { message: (error as Error).message } };
		}
		const binary = Buffer.isBuffer(reply.body);
		const payload =
			reply.body === undefined ? '' : typeof reply.body === 'string' || binary ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
		res.writeHead(reply.status ?? 200, {
			'content-type': binary ? 'application/octet-stream' : typeof reply.body === 'string' ? 'text/plain' : 'application/json; charset=utf-8',
			...this.commonHeaders(request),
			...reply.headers,
		});
		res.end(payload);
	}

	private async route(request: FakeRequest): Promise<FakeReply> {
		for (const route of this.routes) {
			if (route.method !== request.method) continue;
			const match = route.pattern.exec(request.path);
			if (!match) continue;
			request.params = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]]));
			return await route.handler(request);
		}
		return { status: 404, body: { message: 'Not Found' } };
	}
}
