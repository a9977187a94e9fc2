import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { Readable } from 'stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'zlib';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { Trello } from '../../nodes/Trello/Trello.node';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { DEFAULT_MAX_DOWNLOAD_MB, downloadLimitFrom, boundedDownload, MB, readBody } from '../../nodes/shared/transfer';
import { leakedSecrets, runApiCall, runNode } from './support';

/**
 * Bounded downloads: a body is refused at "Max Download Size (MB)" while it streams, whatever
 * the metadata or Content-Length announced, and compressed answers are counted decompressed.
 */

const CARD = '61b2c3d4e5f60718293a4b5c';
const ATTACHMENT = '67a000000000000000000001';

interface Served {
	path: string;
	/** Bytes written into the socket for this answer. */
	written: number;
	/** The client went away before the answer was complete. */
	cutOff: boolean;
	done: Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, served: Served) => void;

/** A loopback server whose answers are written by each test (streamed, endless, compressed). */
class StreamingServer {
	private server?: Server;
	readonly served: Served[] = [];
	private handlers = new Map<string, Handler>();
	baseUrl = '';

	on(path: string, handler: Handler) {
		this.handlers.set(path, handler);
	}

	reset() {
		this.served.length = 0;
		this.handlers.clear();
	}

	async start() {
		this.server = createServer((req, res) => {
			let finish!: () => void;
			const served: Served = { path: (req.url ?? '').split('?')[0], written: 0, cutOff: false, done: new Promise((r) => (finish = r)) };
			this.served.push(served);
			res.on('close', () => {
				served.cutOff = !res.writableFinished;
				finish();
			});
			const handler = this.handlers.get(served.path);
			if (!handler) {
				res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
				return;
			}
			handler(req, res, served);
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop() {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}

const server = new StreamingServer();
beforeAll(async () => await server.start());
afterAll(async () => await server.stop());
beforeEach(() => {
	server.reset();
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

/** Writes `total` bytes (Infinity: never ends) in 1 MiB chunks, as fast as the client reads. */
function streamBytes(res: ServerResponse, served: Served, total: number, headers: Record<string, string> = {}) {
	res.writeHead(200, { 'content-type': 'application/octet-stream', ...headers });
	const chunk = Buffer.alloc(MB, 7);
	const pump = () => {
		while (served.written < total && !res.destroyed) {
			const size = Math.min(chunk.length, total - served.written);
			served.written += size;
			if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
				res.once('drain', pump);
				return;
			}
		}
		if (!res.destroyed) res.end();
	};
	pump();
}

function json(res: ServerResponse, body: unknown) {
	res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const attachmentMetadata = {
	id: ATTACHMENT,
	name: 'report.bin',
	url: `https://trello.com/1/cards/${CARD}/attachments/${ATTACHMENT}/download/report.bin`,
	mimeType: 'application/octet-stream',
	bytes: 10,
	isUpload: true,
	date: '2026-01-01T00:00:00.000Z',
};

async function downloadAttachment(options: Record<string, unknown>) {
	return await runNode(
		'trello',
		{
			resource: 'attachment',
			operation: 'download',
			card: { __rl: true, mode: 'id', value: CARD },
			attachment: { __rl: true, mode: 'id', value: ATTACHMENT },
			binaryPropertyName: 'data',
			options,
		},
		server.baseUrl,
	);
}

const tarballCall = (options: Record<string, unknown>) =>
	runApiCall('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/tarball/main', responseFormat: 'file', options }, server.baseUrl);

const stoppedAt = (mb: number, service: string) =>
	`${service} sent more than the ${mb} MB set in "Max Download Size (MB)"; the download was stopped`;

describe('downloads are bounded by "Max Download Size (MB)"', () => {
	it('offers the option on both services’ nodes, 256 MB unless raised', () => {
		expect(DEFAULT_MAX_DOWNLOAD_MB).toBe(256);
		expect(downloadLimitFrom(undefined)).toBe(256 * MB);
		expect(downloadLimitFrom('')).toBe(256 * MB);
		expect(downloadLimitFrom(1024)).toBe(1024 * MB);
		for (const node of [new GitHub(), new Trello()]) {
			const options = node.description.properties.find((p) => p.name === 'options');
			expect(options?.options).toContainEqual(expect.objectContaining({ name: 'maxDownloadSizeMb', default: 256, type: 'number' }));
		}
	});

	it('stops a Trello attachment whose metadata says 10 bytes when 96 MB arrive, at the limit', async () => {
		server.on(`/1/cards/${CARD}/attachments/${ATTACHMENT}`, (_req, res) => json(res, attachmentMetadata));
		server.on(`/1/cards/${CARD}/attachments/${ATTACHMENT}/download/report.bin`, (_req, res, served) => streamBytes(res, served, 96 * MB));

		const run = await downloadAttachment({ maxDownloadSizeMb: 16 });

		const error = run.error('Call');
		expect(error?.message).toBe(stoppedAt(16, 'Trello'));
		expect(error?.description).toBe('Raise "Max Download Size (MB)" in the node options if a file this large is expected.');
		const download = server.served.find((s) => s.path.endsWith('/download/report.bin'))!;
		await download.done;
		expect(download.cutOff).toBe(true);
		// Socket buffers hold a few MB more than was read; the rest of the 96 MB was never sent.
		expect(download.written).toBeLessThan(48 * MB);
		expect(leakedSecrets(run.run)).toEqual([]);
	});

	it('stops an endless body at the limit', async () => {
		server.on('/repos/octo/hello/tarball/main', (_req, res, served) => streamBytes(res, served, Infinity));

		const run = await tarballCall({ maxDownloadSizeMb: 4 });

		expect(run.error('Call')?.message).toBe(stoppedAt(4, 'GitHub'));
		await server.served[0].done;
		expect(server.served[0].cutOff).toBe(true);
	});

	it('refuses an answer whose Content-Length is over the limit before reading it', async () => {
		server.on('/repos/octo/hello/tarball/main', (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(300 * MB) });
			res.write(Buffer.alloc(1024));
		});

		const run = await tarballCall({});

		expect(run.error('Call')?.message).toBe(
			'GitHub announced 300.0 MB, over the 256 MB set in "Max Download Size (MB)"; nothing was downloaded',
		);
		await server.served[0].done;
		expect(server.served[0].cutOff).toBe(true);
	});

	it('stops a body larger than its Content-Length announced (gzip: 32 kB announced, 32 MB decoded)', async () => {
		// 32 MB of zeros as a 32 kB gzip body: Content-Length says 32 kB, 32 MB arrive decoded.
		const compressed = gzipSync(Buffer.alloc(32 * MB));
		server.on(`/1/cards/${CARD}/attachments/${ATTACHMENT}`, (_req, res) => json(res, attachmentMetadata));
		server.on(`/1/cards/${CARD}/attachments/${ATTACHMENT}/download/report.bin`, (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': String(compressed.length) });
			res.end(compressed);
		});

		const run = await downloadAttachment({ maxDownloadSizeMb: 8 });

		expect(compressed.length).toBeLessThan(8 * MB);
		expect(run.error('Call')?.message).toBe(stoppedAt(8, 'Trello'));
	});

	it.each([
		['gzip', gzipSync],
		['deflate', deflateSync],
		['br', brotliCompressSync],
	] as const)('counts a %s answer decompressed: a bomb is refused at the limit', async (encoding, compress) => {
		const bomb = compress(Buffer.alloc(64 * MB));
		server.on('/repos/octo/hello/tarball/main', (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/gzip', 'content-encoding': encoding, 'content-length': String(bomb.length) });
			res.end(bomb);
		});

		const run = await tarballCall({ maxDownloadSizeMb: 8 });

		expect(bomb.length).toBeLessThan(MB);
		expect(run.error('Call')?.message).toBe(stoppedAt(8, 'GitHub'));
	});

	it('delivers a compressed answer under the limit decompressed, byte for byte', async () => {
		const content = Buffer.from(Array.from({ length: 3 * 256 }, (_, i) => i % 256));
		const compressed = gzipSync(content);
		server.on('/repos/octo/hello/tarball/main', (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': String(compressed.length) });
			res.end(compressed);
		});

		const run = await tarballCall({ maxDownloadSizeMb: 1 });

		const [item] = run.items('Call');
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(content)).toBe(true);
	});

	it('reports an answer cut off before its end instead of saving a short file', async () => {
		server.on('/repos/octo/hello/tarball/main', (_req, res, served) => {
			res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(4 * MB) });
			served.written = MB;
			res.write(Buffer.alloc(MB, 1), () => res.socket?.destroy());
		});

		const run = await tarballCall({ maxDownloadSizeMb: 8 });

		expect(run.error('Call')?.message).toMatch(/^The connection to the server was closed unexpectedly/);
		expect(() => run.items('Call')).toThrow(/failed/);
	});

	it('fails a body whose source closes without an error before its end, instead of ending it short', async () => {
		const source = new Readable({ read() {} });
		const reading = readBody(boundedDownload(source, MB, ['ghp_closedEarly0123456789abcdefABCDEFGH'], 'GitHub'));
		source.push(Buffer.alloc(1000, 1));
		setImmediate(() => source.destroy());

		await expect(reading).rejects.toThrow('The connection to GitHub closed before the download was complete');
	});

	it('bounds a workflow artifact download after its redirect to another host', async () => {
		const other = new StreamingServer();
		await other.start();
		try {
			server.on('/repos/octo/hello/actions/artifacts/7', (_req, res) => json(res, { id: 7, name: 'build', workflow_run: { id: 3 } }));
			server.on('/repos/octo/hello/actions/artifacts/7/zip', (_req, res) => {
				res.writeHead(302, { location: `${other.baseUrl}/blob/build.zip` }).end();
			});
			other.on('/blob/build.zip', (_req, res, served) => streamBytes(res, served, Infinity));

			const run = await runNode(
				'gitHub',
				{
					resource: 'workflow',
					operation: 'downloadArtifact',
					owner: { __rl: true, mode: 'name', value: 'octo' },
					repository: { __rl: true, mode: 'name', value: 'hello' },
					artifactId: { __rl: true, mode: 'id', value: '7' },
					options: { maxDownloadSizeMb: 2 },
				},
				server.baseUrl,
			);

			expect(run.error('Call')?.message).toBe(stoppedAt(2, 'GitHub'));
			await other.served[0].done;
			expect(other.served[0].cutOff).toBe(true);
			expect(other.served[0].written).toBeLessThan(34 * MB);
		} finally {
			await other.stop();
		}
	});

	it('refuses a release asset whose size is over the limit before downloading anything', async () => {
		server.on('/repos/octo/hello/releases/assets/42', (_req, res) => json(res, { id: 42, name: 'big.iso', size: 300 * MB, content_type: 'application/octet-stream' }));

		const run = await runNode(
			'gitHub',
			{
				resource: 'release',
				operation: 'downloadAsset',
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repository: { __rl: true, mode: 'name', value: 'hello' },
				assetId: 42,
			},
			server.baseUrl,
		);

		expect(run.error('Call')?.message).toBe('GitHub announced 300.0 MB, over the 256 MB set in "Max Download Size (MB)"; nothing was downloaded');
		expect(server.served.map((s) => s.path)).toEqual(['/repos/octo/hello/releases/assets/42']);
	});

	it('redacts a secret split across the chunks of a stream, and nothing else', async () => {
		const secret = 'ghp_splitAcrossChunks0123456789abcdefABCD';
		const content = Buffer.concat([Buffer.from([0, 255, 1]), Buffer.from(`a ${secret} b ${secret}`), Buffer.from([254])]);
		const chunks = [content.subarray(0, 9), content.subarray(9, 10), content.subarray(10, 40), content.subarray(40)];

		const out = await readBody(boundedDownload(Readable.from(chunks), MB, [secret], 'GitHub'));

		expect(out.equals(Buffer.concat([Buffer.from([0, 255, 1]), Buffer.from('a [redacted] b [redacted]'), Buffer.from([254])]))).toBe(true);
	});

	it('redacts secrets across the seams of socket-sized and tiny chunks, and keeps every other byte', async () => {
		const secret = 'ghp_chunkSeam0123456789abcdefABCDEFGHIJ';
		const encoded = 'key with/slash+plus 0123456789';
		const content = Buffer.alloc(3 * MB + 12345);
		for (let i = 0; i < content.length; i++) content[i] = (i * 7919) % 251;
		// 64 KiB chunks as sockets deliver them, with chunks shorter than a secret between some.
		const sizes = [65536, 65536, 20, 65536, 5, 65536];
		const ends: number[] = [];
		for (let at = 0, i = 0; at < content.length; i++) ends.push((at = Math.min(content.length, at + sizes[i % sizes.length])));
		// Over a tiny chunk into the next, over two seams, across a plain seam, and at the very end.
		const places = [ends[1] - 10, ends[3] - 3, ends[20] - 1, content.length - secret.length];
		for (const at of places) content.write(secret, at);
		content.write(encodeURIComponent(encoded), ends[30] - 7);
		const expected = Buffer.from(content.toString('latin1').split(secret).join('[redacted]').split(encodeURIComponent(encoded)).join('[redacted]'), 'latin1');
		const chunks = ends.map((end, i) => content.subarray(i ? ends[i - 1] : 0, end));

		const out = await readBody(boundedDownload(Readable.from(chunks), 4 * MB, [secret, encoded], 'GitHub'));

		expect(out.length).toBe(expected.length);
		expect(out.equals(expected)).toBe(true);
	});
});
