import nock from 'nock';

export interface Recorded {
	method: string;
	path: string;
	query: Record<string, string>;
	body?: unknown;
	accept?: string;
}

export interface Answer {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

function parseBody(body: unknown): unknown {
	if (body === undefined || body === '') return undefined;
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/**
 * One recording fake for GitHub and Trello: every request both nodes send is recorded as it
 * arrived, and each is answered by `answer` from its method and path alone, so n8n's node and the
 * converted node get the same answer to the same request.
 */
export class RecordingFake {
	requests: Recorded[] = [];

	constructor(answer: (request: Recorded) => Answer, origins = ['https://api.github.com', 'https://api.trello.com']) {
		for (const origin of origins) {
			const scope = nock(origin).persist();
			for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
				// eslint-disable-next-line @typescript-eslint/no-this-alias
				const fake = this;
				scope.intercept(() => true, method).reply(function (uri, body) {
					const url = new URL(uri, origin);
					const query: Record<string, string> = {};
					url.searchParams.forEach((value, key) => (query[key] = value));
					const accept = this.req.headers.accept;
					const request: Recorded = { method, path: url.pathname, query, body: parseBody(body), accept: accept === undefined ? undefined : String(accept) };
					fake.requests.push(request);
					const reply = answer(request);
					const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
					const type = typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
					return [reply.status, text, { ...(reply.body === undefined ? {} : { 'content-type': type }), ...reply.headers }];
				});
			}
		}
	}

	take(): Recorded[] {
		const taken = this.requests;
		this.requests = [];
		return taken;
	}
}
