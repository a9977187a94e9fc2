import { createHash, randomBytes } from 'crypto';
import type { IncomingMessage } from 'http';
import { Readable } from 'stream';

import { receiveBody } from '../../bench/files';

/** A request body arriving in the given chunk sizes (the last chunk takes the rest). */
function arriving(body: Buffer, sizes: number[], contentType: string): IncomingMessage {
	const chunks: Buffer[] = [];
	let at = 0;
	for (const size of sizes) {
		if (at >= body.length) break;
		chunks.push(body.subarray(at, at + size));
		at += size;
	}
	if (at < body.length) chunks.push(body.subarray(at));
	const request = Readable.from(chunks, { objectMode: false }) as unknown as IncomingMessage;
	request.headers = { 'content-type': contentType };
	return request;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe("the files bench fake's multipart receiver", () => {
	const boundary = '----n8nToolkit18c0ffee';
	// The file holds the delimiter's first bytes (CR LF - -, then part of the boundary) several times.
	const file = Buffer.concat([randomBytes(3000), Buffer.from(`\r\n--${boundary.slice(0, 10)}`), randomBytes(5000), Buffer.from('\r\n--'), randomBytes(70)]);
	const body = Buffer.concat([
		Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
		file,
		Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\na.bin\r\n--${boundary}--\r\n`),
	]);
	const contentType = `multipart/form-data; boundary=${boundary}`;
	const fileEnd = body.indexOf(`\r\n--${boundary}\r\n`);

	it.each([
		['one chunk', [body.length]],
		['64-byte chunks', Array.from({ length: 400 }, () => 64)],
		['chunks of 1 to 7 bytes', Array.from({ length: 4000 }, (_, i) => 1 + (i % 7))],
		['a chunk ending just inside the delimiter', [fileEnd + 3]],
		['a chunk ending one byte before the delimiter ends', [fileEnd + boundary.length + 3]],
		['a chunk ending right after the delimiter', [fileEnd + boundary.length + 4]],
		['large chunks, a seam in the middle of the file', [4000, 6000]],
	])('hashes exactly the file part, arriving as %s', async (_name, sizes) => {
		const received = await receiveBody(arriving(body, sizes, contentType));
		expect(received).toEqual({ bytes: body.length, fileBytes: file.length, hash: sha256(file) });
	});

	it('hashes the whole body when it is not multipart', async () => {
		const received = await receiveBody(arriving(file, [1000, 3, 5000], 'application/octet-stream'));
		expect(received).toEqual({ bytes: file.length, fileBytes: file.length, hash: sha256(file) });
	});
});
