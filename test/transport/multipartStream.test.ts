import { Readable } from 'stream';

import { multipartBody } from '../../nodes/shared/uploads';
import type { InputFile } from '../../nodes/shared/transfer';

/**
 * A multipart body whose files stream from n8n's binary data store: every byte in order, the
 * file's chunks passed on as they come, and a slow reader holding the file back.
 */

const fileOf = (chunks: Buffer[], fileName: string): InputFile => ({
	property: 'data',
	fileName,
	mimeType: 'application/octet-stream',
	size: chunks.reduce((sum, chunk) => sum + chunk.length, 0),
	open: async () => Readable.from(chunks),
});

describe('multipart bodies with streamed files', () => {
	it('sends heads, files and fields in order, byte for byte, with the announced length', async () => {
		const first = Array.from({ length: 40 }, (_, i) => Buffer.alloc(65536, i));
		const second = [Buffer.from([0, 255, 13, 10]), Buffer.from('--not a boundary')];
		const body = multipartBody([
			{ field: 'name', value: 'report.bin' },
			{ field: 'file', file: fileOf(first, 'a.bin'), size: 40 * 65536 },
			{ field: 'other', file: fileOf(second, 'b "quoted".bin'), size: 20 },
		]);
		const boundary = /boundary=(.+)$/.exec(body.contentType)![1];
		const stream = (await body.open()) as Readable;
		// Read as n8n's HTTP client reads a body: piped, chunk by chunk.
		const received: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => received.push(chunk));
		await new Promise((resolve, reject) => stream.once('end', resolve).once('error', reject));
		const sent = Buffer.concat(received);

		const expected = Buffer.concat([
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nreport.bin\r\n`),
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
			...first,
			Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="b %22quoted%22.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
			...second,
			Buffer.from(`\r\n--${boundary}--\r\n`),
		]);
		expect(sent.equals(expected)).toBe(true);
		expect(body.length).toBe(expected.length);
		// The file's chunks came through as they were read, not re-joined.
		expect(received.filter((chunk) => chunk.length === 65536)).toHaveLength(40);
	});

	it('reads the file only as fast as the body is read', async () => {
		let read = 0;
		const file: InputFile = {
			property: 'data',
			fileName: 'big.bin',
			mimeType: 'application/octet-stream',
			size: 64 * 65536,
			open: async () =>
				Readable.from(
					(function* () {
						for (let i = 0; i < 64; i++) {
							read++;
							yield Buffer.alloc(65536, i);
						}
					})(),
				),
		};
		const stream = (await multipartBody([{ field: 'file', file, size: 64 * 65536 }]).open()) as Readable;
		stream.once('data', () => stream.pause());
		await new Promise<void>((resolve) => stream.once('pause', () => resolve()));
		await new Promise((resolve) => setImmediate(resolve));
		await new Promise((resolve) => setImmediate(resolve));
		// A paused reader holds the file back: a few chunks buffered, not the whole file.
		expect(read).toBeGreaterThan(0);
		expect(read).toBeLessThan(8);
		stream.destroy();
	});
	it('closes every file when the body is given up, and fails when a file fails', async () => {
		const opened: Readable[] = [];
		const tracked = (chunks: Buffer[], fileName: string): InputFile => ({
			...fileOf(chunks, fileName),
			open: async () => {
				const stream = Readable.from(chunks);
				opened.push(stream);
				return stream;
			},
		});
		const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(65536, i));
		const body = multipartBody([
			{ field: 'first', file: tracked(chunks, 'a.bin'), size: 64 * 65536 },
			{ field: 'second', file: tracked(chunks, 'b.bin'), size: 64 * 65536 },
		]);
		const stream = (await body.open()) as Readable;
		await new Promise<void>((resolve) => stream.once('data', () => resolve()));
		stream.destroy();
		await new Promise((resolve) => setImmediate(resolve));
		// The second file was never reached, and is closed all the same.
		expect(opened.map((file) => file.destroyed)).toEqual([true, true]);

		const broken: InputFile = {
			...fileOf([], 'broken.bin'),
			open: async () =>
				Readable.from(
					(function* () {
						yield Buffer.alloc(16, 1);
						throw new Error('the binary data store lost the file');
					})(),
				),
		};
		const failing = (await multipartBody([{ field: 'file', file: broken, size: 32 }]).open()) as Readable;
		failing.resume();
		await expect(new Promise((resolve, reject) => failing.once('end', resolve).once('error', reject))).rejects.toThrow('the binary data store lost the file');
	});
});
