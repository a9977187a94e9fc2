import { createHash, createHmac } from 'crypto';
import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

import { manualWorkflow, PACKAGE, RealN8n } from './n8n';

/**
 * Files of hundreds of MiB through a real n8n with the filesystem binary data mode, byte for
 * byte: downloads stream into n8n's binary data store, uploads stream from it. The fake hashes
 * what it sends and what it receives.
 */

const MIB = 1024 * 1024;
const SIZE = 200 * MIB;
const CARD = '61b2c3d4e5f60718293a4b5c';
const ATTACHMENT = '67a000000000000000000001';
const TOKEN = 'ghp_e2eFilesToken0123456789abcdefABCDEF';
const TRELLO = { apiKey: 'files-e2e-key-0123456789', apiToken: 'files-e2e-token-0123456789abcdef' };
const OAUTH1 = {
	consumerKey: 'files-e2e-consumer-0123456789',
	consumerSecret: 'files-e2e-consumer-secret-0123456789',
	token: 'files-e2e-oauth-token-0123456789abcdef',
	tokenSecret: 'files-e2e-oauth-token-secret-0123456789',
};
/** A few MiB for File → Create or Update (GitHub's contents API takes up to 100 MB): 5 MiB, 3n + 2 bytes. */
const SMALL = 5 * MIB;

/** SIZE bytes: 1 MiB of random bytes, each copy stamped with its index. */
const block = createHash('sha512').update('seed').digest();
const MiBlock = Buffer.concat(Array.from({ length: MIB / block.length }, (_, i) => createHash('sha512').update(block).update(String(i)).digest()));
function chunkAt(index: number): Buffer {
	const chunk = Buffer.from(MiBlock);
	chunk.writeUInt32BE(index, 0);
	return chunk;
}
const expectedHash = (() => {
	const hash = createHash('sha256');
	for (let i = 0; i < SIZE / MIB; i++) hash.update(chunkAt(i));
	return hash.digest('hex');
})();
const smallHash = (() => {
	const hash = createHash('sha256');
	for (let i = 0; i < SMALL / MIB; i++) hash.update(chunkAt(i));
	return hash.digest('hex');
})();

/** OAuth 1.0a percent-encoding (RFC 5849 3.6). */
const percent = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether an `Authorization: OAuth …` header is a valid HMAC-SHA1 signature of the request (RFC 5849 3.4.1). */
function validOAuth1(header: string | undefined, method: string, url: string): boolean {
	const parameters = Object.fromEntries([...String(header).matchAll(/(oauth_\w+)="([^"]*)"/g)].map(([, name, value]) => [name, decodeURIComponent(value)]));
	const pairs = Object.entries(parameters)
		.filter(([name]) => name !== 'oauth_signature')
		.map(([name, value]) => `${percent(name)}=${percent(value)}`)
		.sort();
	const base = [method, percent(url), percent(pairs.join('&'))].join('&');
	const signature = createHmac('sha1', `${percent(OAUTH1.consumerSecret)}&${percent(OAUTH1.tokenSecret)}`).update(base).digest('base64');
	return parameters.oauth_signature === signature && parameters.oauth_token === OAUTH1.token && parameters.oauth_consumer_key === OAUTH1.consumerKey;
}

function streamFile(res: ServerResponse, headers: Record<string, string>, size = SIZE) {
	res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size), ...headers });
	let index = 0;
	const pump = () => {
		while (index < size / MIB) {
			if (!res.write(chunkAt(index++))) return void res.once('drain', pump);
		}
		res.end();
	};
	pump();
}

interface Received {
	path: string;
	authorization?: string;
	contentType: string;
	contentLength?: string;
	bytes: number;
	/** sha256 of the body, or of the multipart file part. */
	hash: string;
}

/** Hashes a body as it arrives; for multipart, only the first part's content (the file). */
async function hashBody(req: IncomingMessage): Promise<{ bytes: number; hash: string }> {
	const hash = createHash('sha256');
	const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
	let bytes = 0;
	let head = Buffer.alloc(0);
	let inFile = !boundary;
	let held = Buffer.alloc(0);
	const HOLD = 64 * 1024;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		bytes += chunk.length;
		let data = chunk;
		if (!inFile) {
			head = Buffer.concat([head, data]);
			const end = head.indexOf('\r\n\r\n');
			if (end === -1) continue;
			inFile = true;
			data = head.subarray(end + 4);
		}
		held = Buffer.concat([held, data]);
		if (boundary && held.length > HOLD) {
			hash.update(held.subarray(0, held.length - HOLD));
			held = Buffer.from(held.subarray(held.length - HOLD));
		} else if (!boundary) {
			hash.update(held);
			held = Buffer.alloc(0);
		}
	}
	if (boundary) hash.update(held.subarray(0, held.indexOf(`\r\n--${boundary}`)));
	return { bytes, hash: hash.digest('hex') };
}

class FilesFake {
	private server?: Server;
	readonly received: Received[] = [];
	readonly paths: string[] = [];
	baseUrl = '';

	async start(route: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void) {
		this.server = createServer((req, res) => {
			this.paths.push(`${req.method} ${req.url}`);
			void Promise.resolve(route(req, res)).catch((error: Error) => res.writeHead(500).end(error.message));
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async record(req: IncomingMessage) {
		const { bytes, hash } = await hashBody(req);
		this.received.push({
			path: (req.url ?? '').split('?')[0],
			authorization: req.headers.authorization,
			contentType: String(req.headers['content-type'] ?? ''),
			contentLength: req.headers['content-length'],
			bytes,
			hash,
		});
	}

	async stop() {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}

const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('files of 200 MiB through a real n8n (filesystem binary data mode)', () => {
	const api = new FilesFake();
	const codeload = new FilesFake();
	const codeloadAuthorization: Array<string | undefined> = [];
	const contentsPuts: Array<{ contentType: string; contentLength?: string; body: Buffer }> = [];
	let n8n: RealN8n;

	beforeAll(async () => {
		await codeload.start((req, res) => {
			codeloadAuthorization.push(req.headers.authorization);
			streamFile(res, { 'content-type': 'application/x-gzip', 'content-disposition': 'attachment; filename=octo-hello-main.tar.gz' });
			req.resume();
		});
		await api.start(async (req, res) => {
			const path = (req.url ?? '').split('?')[0];
			if (req.method === 'GET' && path === '/repos/octo/hello/tarball/main') {
				res.writeHead(302, { location: `${codeload.baseUrl}/octo/hello/legacy.tar.gz/refs/heads/main` }).end();
			} else if (req.method === 'GET' && path === `/1/cards/${CARD}/attachments/${ATTACHMENT}`) {
				json(res, { id: ATTACHMENT, name: 'big.bin', url: `https://trello.com/1/cards/${CARD}/attachments/${ATTACHMENT}/download/big.bin`, mimeType: 'application/octet-stream', bytes: SIZE, isUpload: true });
			} else if (req.method === 'GET' && path === `/1/cards/${CARD}/attachments/${ATTACHMENT}/download/big.bin`) {
				streamFile(res, {});
			} else if (req.method === 'GET' && path === '/repos/octo/hello/tarball/small') {
				streamFile(res, { 'content-type': 'application/x-gzip', 'content-disposition': 'attachment; filename=small.tar.gz' }, SMALL);
			} else if (req.method === 'PUT' && path === '/repos/octo/hello/contents/assets/small.tar.gz') {
				const chunks: Buffer[] = [];
				for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
				const body = Buffer.concat(chunks);
				contentsPuts.push({ contentType: String(req.headers['content-type']), contentLength: req.headers['content-length'], body });
				res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ content: { path: 'assets/small.tar.gz', sha: 'new' }, commit: { sha: 'c1' } }));
			} else if (req.method === 'POST') {
				await api.record(req);
				json(res, { id: 'received' });
			} else {
				res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
			}
		});

		n8n = await RealN8n.create();
		n8n.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
		await n8n.importCredentials([
			{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: api.baseUrl, accessToken: TOKEN } },
			{ id: 'trKey', name: 'Trello key', type: 'trelloKeyTokenApi', data: { ...TRELLO, apiBaseUrl: api.baseUrl } },
			{
				id: 'trOAuth1',
				name: 'Trello OAuth 1.0a',
				type: 'trelloOAuth10aApi',
				data: {
					consumerKey: OAUTH1.consumerKey,
					consumerSecret: OAUTH1.consumerSecret,
					requestTokenUrl: `${api.baseUrl}/1/OAuthGetRequestToken`,
					authUrl: `${api.baseUrl}/1/OAuthAuthorizeToken`,
					accessTokenUrl: `${api.baseUrl}/1/OAuthGetAccessToken`,
					signatureMethod: 'HMAC-SHA1',
					apiBaseUrl: api.baseUrl,
					oauthTokenData: { oauth_token: OAUTH1.token, oauth_token_secret: OAUTH1.tokenSecret },
				},
			},
		]);
		// Runs and imports go through the REST API of this n8n (test/e2e/n8n.ts): each CLI run would start an n8n of its own.
		await n8n.start();
	}, 300_000);

	afterAll(async () => {
		await n8n?.dispose();
		await api.stop();
		await codeload.stop();
	});

	it('GitHub API Call archive (after the redirect) → Trello upload, and Trello download → GitHub API Call binary body, byte for byte', async () => {
		const github = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
		const trello = { trelloKeyTokenApi: { id: 'trKey', name: 'Trello key' } };
		await n8n.importWorkflow(
			manualWorkflow('files', [
				{ name: 'Archive', type: `${PACKAGE}.githubApiCall`, credentials: github, parameters: { method: 'GET', endpoint: '/repos/octo/hello/tarball/main' } },
				{
					name: 'Attach',
					type: `${PACKAGE}.trello`,
					credentials: trello,
					parameters: {
						resource: 'attachment', operation: 'upload', card: { __rl: true, mode: 'id', value: CARD }, binaryPropertyName: 'data',
						additionalFields: { maxFileSizeMb: 250 },
					},
				},
				{
					name: 'Download',
					type: `${PACKAGE}.trello`,
					credentials: trello,
					parameters: { resource: 'attachment', operation: 'download', card: { __rl: true, mode: 'id', value: CARD }, attachment: { __rl: true, mode: 'id', value: ATTACHMENT }, binaryPropertyName: 'data' },
				},
				{
					name: 'Send',
					type: `${PACKAGE}.githubApiCall`,
					credentials: github,
					parameters: { method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary', inputBinaryField: 'data', contentType: 'text/plain' },
				},
			]),
		);

		const result = await n8n.execute('files');

		const errors = Object.entries(result.runData).flatMap(([name, runs]) => runs.filter((r) => r.error).map((r) => `${name}: ${r.error!.message}`));
		expect(errors).toEqual([]);
		expect(api.received.map(({ path, bytes: _bytes, ...rest }) => ({ path, ...rest }))).toEqual([
			{
				path: `/1/cards/${CARD}/attachments`,
				authorization: `OAuth oauth_consumer_key="${TRELLO.apiKey}", oauth_token="${TRELLO.apiToken}"`,
				contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
				contentLength: String(api.received[0]?.bytes),
				hash: expectedHash,
			},
			{ path: '/markdown/raw', authorization: `Bearer ${TOKEN}`, contentType: 'text/plain', contentLength: String(SIZE), hash: expectedHash },
		]);
		expect(api.received[1].bytes).toBe(SIZE);
		expect(codeload.paths).toEqual(['GET /octo/hello/legacy.tar.gz/refs/heads/main']);
		expect(codeloadAuthorization).toEqual([undefined]);
	}, 600_000);

	it('File → Create or Update sends a 5 MiB stored file as base64 in its JSON body; a Trello upload with the OAuth 1.0a credential streams its form, signed', async () => {
		const github = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
		const oauth1 = { trelloOAuth10aApi: { id: 'trOAuth1', name: 'Trello OAuth 1.0a' } };
		const small = { type: `${PACKAGE}.githubApiCall`, credentials: github, parameters: { method: 'GET', endpoint: '/repos/octo/hello/tarball/small' } };
		await n8n.importWorkflow(
			manualWorkflow('contents', [
				{ name: 'Small', ...small },
				{
					name: 'Write',
					type: `${PACKAGE}.gitHub`,
					credentials: github,
					parameters: {
						resource: 'file', operation: 'createOrUpdate',
						owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' },
						path: 'assets/small.tar.gz', message: 'Add archive', binaryData: true, binaryPropertyName: 'data',
						additionalFields: { sha: 'old-sha' },
					},
				},
				{ name: 'Small again', ...small },
				{
					name: 'Attach signed',
					type: `${PACKAGE}.trello`,
					credentials: oauth1,
					parameters: { authentication: 'oAuth1', resource: 'attachment', operation: 'upload', card: { __rl: true, mode: 'id', value: CARD }, binaryPropertyName: 'data' },
				},
			]),
		);
		api.received.length = 0;

		const result = await n8n.execute('contents');

		const errors = Object.entries(result.runData).flatMap(([name, runs]) => runs.filter((r) => r.error).map((r) => `${name}: ${r.error!.message}`));
		expect(errors).toEqual([]);
		expect(contentsPuts).toHaveLength(1);
		const [put] = contentsPuts;
		expect(put.contentType).toBe('application/json');
		expect(put.contentLength).toBe(String(put.body.length));
		const sent = JSON.parse(put.body.toString()) as { message: string; sha: string; content: string };
		expect({ message: sent.message, sha: sent.sha }).toEqual({ message: 'Add archive', sha: 'old-sha' });
		expect(sent.content.length).toBe(4 * Math.ceil(SMALL / 3));
		expect(createHash('sha256').update(Buffer.from(sent.content, 'base64')).digest('hex')).toBe(smallHash);
		expect(api.received).toHaveLength(1);
		const [form] = api.received;
		expect(form).toMatchObject({
			path: `/1/cards/${CARD}/attachments`,
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
			contentLength: String(form.bytes),
			hash: smallHash,
		});
		expect(form.authorization).toMatch(/^OAuth oauth_consumer_key="/);
		expect(validOAuth1(form.authorization, 'POST', `${api.baseUrl}/1/cards/${CARD}/attachments`)).toBe(true);
	}, 600_000);
});
