import type { IDataObject } from 'n8n-workflow';
import { Readable } from 'stream';

import { CONTENTS_API_LIMIT_BYTES } from '../../nodes/GitHub/actions/file/handlers';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { base64Chunks, base64Length, MB, readBody } from '../../nodes/shared/transfer';
import { githubContract } from '../contracts/openapi';
import { EmulatedBinaryStore } from '../harness/binaryStore';
import { loopbackServers, runNode } from '../security/support';

/**
 * GitHub File → Create or Update with a binary property: the file streams from n8n's binary data
 * store into the JSON body GitHub's contents API takes, base64-encoded chunk by chunk, with the
 * body's length known in advance; the request is the one a whole-file encoding would make.
 */

const [api] = loopbackServers(1);
const store = new EmulatedBinaryStore();

beforeEach(() => {
	resetGitHubRateLimitState();
	store.resetCounts();
	store.chunkSize = 1000;
	api.on('PUT', '/repos/octo/hello/contents/{path}', () => ({ status: 201, body: { content: { path: 'x', sha: 'new' }, commit: { sha: 'c1' } } }));
});

const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
/** `length` bytes cycling through every byte value. */
const bytesOf = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + (i >> 8)) % 256));
const byList = (value: string) => ({ __rl: true, mode: 'list', value });

function write(parameters: IDataObject, input: IDataObject[]) {
	return runNode(
		'gitHub',
		{
			resource: 'file',
			operation: 'createOrUpdate',
			owner: byList('octo'),
			repository: byList('hello'),
			path: 'assets/blob.bin',
			message: 'Add blob',
			binaryData: true,
			binaryPropertyName: 'data',
			additionalFields: { sha: 'old-sha', branch: byList('main') },
			...parameters,
		},
		api.baseUrl,
		input,
	);
}

const inMemory = (bytes: Buffer) => [{ $binary: { data: { data: bytes.toString('base64'), mimeType: 'application/octet-stream', fileName: 'blob.bin' } } }];
const stored = (binary: IDataObject) => [{ $binary: { data: binary } }];

describe('base64 in chunks', () => {
	const sizes = [0, 1, 2, 3, 4, 5, 255, 256, 257, 3 * 4096 - 1, 3 * 4096, 3 * 4096 + 1, 3 * 4096 + 2];

	it.each(sizes)('%i bytes in chunks of 1, 2, 3, 4, 5, 7 and 1000 bytes equal Buffer base64', async (size) => {
		const bytes = size === 256 ? EVERY_BYTE : bytesOf(size);
		for (const chunkSize of [1, 2, 3, 4, 5, 7, 1000]) {
			const chunks: Buffer[] = [];
			for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
			const encoded = await readBody(Readable.from(base64Chunks(Readable.from(chunks))));
			expect(encoded.toString()).toBe(bytes.toString('base64'));
		}
		expect(base64Length(size)).toBe(bytes.toString('base64').length);
	});
});

describe('GitHub File → Create or Update from a binary property', () => {
	it('sends exactly the request the text of the same file sends (headers, length, bytes)', async () => {
		const text = 'Hello ✓\n';
		await write({ binaryData: false, fileContent: text }, [{}]);
		await write({}, inMemory(Buffer.from(text)));

		expect(api.received).toHaveLength(2);
		const [fromText, fromBinary] = api.received;
		expect(fromBinary.headers).toEqual(fromText.headers);
		expect(fromBinary.bytes.equals(fromText.bytes)).toBe(true);
		expect(fromBinary.rawBody).toBe(
			JSON.stringify({ message: 'Add blob', branch: 'main', sha: 'old-sha', content: Buffer.from(text).toString('base64') }),
		);
		expect(fromBinary.headers['content-type']).toBe('application/json');
		expect(fromBinary.headers['content-length']).toBe(String(fromBinary.bytes.length));
	});

	it.each([
		['every byte value, 12 times', Buffer.concat(Array.from({ length: 12 }, () => EVERY_BYTE)), true],
		['3n bytes', bytesOf(3 * 40_000), true],
		['3n + 1 bytes', bytesOf(3 * 40_000 + 1), false],
		['3n + 2 bytes', bytesOf(3 * 40_000 + 2), true],
	])('a stored file (%s) is read as a stream only, and arrives as its base64 with the announced length', async (_kind, bytes, recordsBytes) => {
		const binary = store.add(bytes, { fileName: 'blob.bin', mimeType: 'application/octet-stream', recordsBytes });
		// The file's later chunks come only once GitHub has begun to receive the body.
		store.beforeLaterChunks = async () => await api.bodyBytesArrived(1);

		const run = await write({ additionalFields: { sha: 'old-sha' } }, stored(binary));

		expect(run.error('Call')).toBeUndefined();
		expect(store.reads).toEqual({ stream: 1, buffer: 0, metadata: recordsBytes ? 0 : 1 });
		const [sent] = api.received;
		const expected = JSON.stringify({ message: 'Add blob', sha: 'old-sha', content: bytes.toString('base64') });
		// Compared as a flag: a difference in a body of 160 kB would flood the report.
		expect(sent.rawBody === expected).toBe(true);
		expect(sent.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
		expect(sent.headers['content-type']).toBe('application/json');
		expect(sent.headers.authorization).toMatch(/^Bearer /);
		expect(Buffer.from((sent.body as { content: string }).content, 'base64').equals(bytes)).toBe(true);
		expect(githubContract().validate({ method: 'PUT', path: '/repos/octo/hello/contents/assets/blob.bin', body: sent.body })).toEqual([]);
	});

	it.each([
		['recorded in the item', true],
		['in the store’s metadata', false],
	])('refuses a file over GitHub’s 100 MB (size %s) before reading it or sending anything', async (_where, recordsBytes) => {
		const binary = store.add(Buffer.alloc(0), { fileName: 'video.mp4', mimeType: 'video/mp4', recordsBytes, claimedSize: 150 * MB });

		const run = await write({ binaryPropertyName: 'data' }, stored(binary));

		const error = run.error('Call');
		expect(error?.message).toBe(
			'The file in "Input Binary Field" ("data") is 150.0 MB, over the 100 MB GitHub accepts for File → Create or Update; nothing was sent',
		);
		expect(error?.description).toBe(
			'Write larger files with the Git Data API (create a blob, a tree and a commit, e.g. through the API Call node), or publish them as a release asset (Release → Upload Asset).',
		);
		expect(store.reads.stream + store.reads.buffer).toBe(0);
		expect(api.received).toEqual([]);
		expect(CONTENTS_API_LIMIT_BYTES).toBe(100 * MB);
	});
});
