import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from './errors';
import { percentDecoded } from './percentDecoding';
import { REDACTED } from '../../credentials/redact';
import type { StreamedForm } from './streamedForm';

/**
 * File transfers with bounded memory: downloads stream into n8n's binary data store through a
 * size limit (counted on the bytes as delivered, i.e. after gzip/deflate/br decoding), uploads
 * stream from it. Node's stream module is not importable from community nodes, so new streams
 * are built with the Readable class of a stream n8n handed over (a response or a stored file).
 */

// Types only; no module is loaded at runtime.
type Readable = import('stream').Readable;
type ReadableClass = typeof import('stream').Readable;

export const MB = 1024 * 1024;

/** Default for "Max Download Size (MB)": above Trello's largest attachment (250 MB). */
export const DEFAULT_MAX_DOWNLOAD_MB = 256;

export const MAX_DOWNLOAD_SIZE_OPTION: INodeProperties = {
	displayName: 'Max Download Size (MB)',
	name: 'maxDownloadSizeMb',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_MAX_DOWNLOAD_MB,
	description:
		'Largest answer one request may download or read (files, archives, logs, and JSON answers such as long lists; counted after decompression). A larger one stops the item with an error instead of filling the disk or memory.',
};

/** The option's value in bytes; anything unusable falls back to the default. */
export function downloadLimitFrom(maxDownloadSizeMb: unknown): number {
	const mb = Number(maxDownloadSizeMb);
	return Math.floor((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MAX_DOWNLOAD_MB) * MB);
}

export function sizeText(bytes: number): string {
	return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

function limitText(bytes: number): string {
	return `${Number((bytes / MB).toFixed(2))} MB`;
}

/**
 * A download, or an answer read into memory (JSON, text, an error body), that went over the
 * limit; the transfer is stopped where it was.
 */
export class DownloadLimitError extends ServiceAnswerError {
	constructor(service: string, limitBytes: number, announced?: number, kind: 'download' | 'answer' = 'download') {
		const what = kind === 'answer' ? 'an answer of ' : '';
		super(
			announced !== undefined
				? `${service} announced ${what}${sizeText(announced)}, over the ${limitText(limitBytes)} set in "Max Download Size (MB)"; nothing was ${kind === 'answer' ? 'read' : 'downloaded'}`
				: `${service} sent ${kind === 'answer' ? 'an answer of ' : ''}more than the ${limitText(limitBytes)} set in "Max Download Size (MB)"; the ${kind === 'answer' ? 'reading' : 'download'} was stopped`,
			kind === 'answer'
				? 'Ask for less in one request (a smaller Limit, filters), or raise "Max Download Size (MB)" in the node options.'
				: 'Raise "Max Download Size (MB)" in the node options if a file this large is expected.',
		);
		this.name = 'DownloadLimitError';
	}
}

export function isReadable(value: unknown): value is Readable {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as Readable).pipe === 'function' &&
		typeof (value as Readable).on === 'function' &&
		typeof (value as Readable)[Symbol.asyncIterator] === 'function'
	);
}

/**
 * Node's Readable class, reached through a stream's constructor: IncomingMessage, zlib, fs and
 * HTTP-client streams all descend from it, and it is the class that defines push().
 */
export function readableClassOf(stream: Readable): ReadableClass {
	let constructor = stream.constructor as ReadableClass | null;
	while (constructor && !Object.prototype.hasOwnProperty.call(constructor.prototype, 'push')) {
		constructor = Object.getPrototypeOf(constructor) as ReadableClass | null;
	}
	if (typeof constructor?.from !== 'function') throw new Error('the answer is not a Node.js stream');
	return constructor;
}

/**
 * Stops a body nobody will read (redirects, retried answers, refused sizes) so its connection is
 * freed. The HTTP client may wrap the response in a stream that only reaches the connection once
 * reading began, so the body is destroyed at its first chunk (or ends, when empty).
 */
export function discardBody(body: unknown): void {
	if (!isReadable(body)) return;
	body.on('error', () => undefined);
	body.once('data', () => body.destroy());
	body.resume();
}

const failures = new WeakMap<object, Error>();

/** What finds the credential's secrets (as they are and URL-encoded) in a stream's bytes. */
interface SecretScanner {
	needles: Buffer[];
	/** Bytes to hold back at a chunk's end: a secret may start in them and end in the next chunk. */
	keep: number;
	/** `data` up to `cutoff` with its secrets replaced (one starting before it is taken whole), and the rest. */
	redactUpTo(data: Buffer, cutoff: number): { done: Buffer; rest: Buffer };
	hasSecret(data: Buffer): boolean;
}

function secretScanner(secrets: string[]): SecretScanner {
	const needles = secrets
		.filter((secret) => typeof secret === 'string' && secret.length >= 4)
		.flatMap((secret) => {
			const encoded = encodeURIComponent(secret);
			return encoded === secret ? [Buffer.from(secret)] : [Buffer.from(secret), Buffer.from(encoded)];
		})
		.sort((a, b) => b.length - a.length);
	const keep = needles.length ? needles[0].length - 1 : 0;
	const replacement = Buffer.from(REDACTED);

	const redactUpTo = (data: Buffer, cutoff: number): { done: Buffer; rest: Buffer } => {
		const parts: Buffer[] = [];
		let from = 0;
		while (from < cutoff) {
			let at = -1;
			let length = 0;
			for (const needle of needles) {
				const found = data.indexOf(needle, from);
				if (found !== -1 && found < cutoff && (at === -1 || found < at)) {
					at = found;
					length = needle.length;
				}
			}
			if (at === -1) {
				parts.push(data.subarray(from, cutoff));
				from = cutoff;
				break;
			}
			parts.push(data.subarray(from, at), replacement);
			from = at + length;
		}
		return { done: Buffer.concat(parts), rest: data.subarray(from) };
	};
	const hasSecret = (data: Buffer) => needles.some((needle) => data.includes(needle));

	return { needles, keep, redactUpTo, hasSecret };
}

/**
 * The body as it may be kept: at most `limitBytes` (then DownloadLimitError), with the
 * credential's secrets replaced as in any other answer. Each chunk is held until the next one
 * shows no secret crosses their seam, then passed on as it came: no copy, one buffer per chunk
 * (a copy per chunk would double what n8n's garbage collector has to reclaim, and it collects a
 * large heap). Only a chunk with a secret in it, or one shorter than a secret, is copied.
 */
export function boundedDownload(
	source: Readable,
	limitBytes: number,
	secrets: string[],
	service: string,
	kind: 'download' | 'answer' = 'download',
): Readable {
	const { needles, keep, redactUpTo, hasSecret } = secretScanner(secrets);

	// Driven by the source's events, as a pipe is (an async generator in between costs more).
	const output: Readable = new (readableClassOf(source))({
		read() {
			source.resume();
		},
		destroy(error, callback) {
			source.destroy();
			callback(error);
		},
	});
	let received = 0;
	/** Bytes received and not yet passed on: the last chunk, or what a secret's redaction left. */
	let held: Buffer | undefined;
	/** Passes on what precedes `next`; `next` becomes the held bytes. Returns whether to read on. */
	const passBefore = (next: Buffer): boolean => {
		if (!held) {
			held = next;
			return true;
		}
		if (next.length < keep) {
			// Too short to show whether a secret crosses its far seam: its last bytes wait.
			const joined = Buffer.concat([held, next]);
			const { done, rest } = redactUpTo(joined, Math.max(0, joined.length - keep));
			held = Buffer.from(rest);
			return done.length ? output.push(done) : true;
		}
		const seam = Buffer.concat([held.subarray(Math.max(0, held.length - keep)), next.subarray(0, keep)]);
		if (!hasSecret(held) && !hasSecret(seam)) {
			const passed = held;
			held = next;
			return output.push(passed);
		}
		const { done, rest } = redactUpTo(Buffer.concat([held, next]), held.length);
		held = rest;
		return done.length ? output.push(done) : true;
	};
	source.on('data', (chunk: Buffer | string) => {
		if (output.destroyed) return;
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		received += bytes.length;
		if (received > limitBytes) {
			const tooLarge = new DownloadLimitError(service, limitBytes, undefined, kind);
			failures.set(output, tooLarge);
			output.destroy(tooLarge);
			return;
		}
		if (!(needles.length ? passBefore(bytes) : output.push(bytes))) source.pause();
	});
	let ended = false;
	source.once('end', () => {
		ended = true;
		if (output.destroyed) return;
		if (held) {
			const { done } = redactUpTo(held, held.length);
			if (done.length) output.push(done);
		}
		output.push(null);
	});
	source.once('error', (error: Error) => output.destroy(error));
	// A connection that closes early may end the answer without an error: never a short file.
	source.once('close', () => {
		if (!ended && !output.destroyed) output.destroy(new Error(`The connection to ${service} closed before the download was complete`));
	});
	// Nothing flows until the output is read.
	source.pause();
	return output;
}

/** Reads a (bounded) body into memory: for JSON and text answers, and error bodies. */
export async function readBody(body: unknown): Promise<Buffer> {
	if (Buffer.isBuffer(body)) return body;
	if (!isReadable(body)) return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
	const chunks: Buffer[] = [];
	try {
		for await (const chunk of body as AsyncIterable<Buffer | string>) {
			chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
		}
	} catch (error) {
		throw failures.get(body) ?? error;
	}
	return Buffer.concat(chunks);
}

/** JSON when it parses, the text otherwise (an error page, an empty body). */
export function parseAnswer(bytes: Buffer): unknown {
	const text = bytes.toString('utf8');
	if (!text.trim()) return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** Stores a downloaded body as n8n binary data (streamed into n8n's binary data store). */
export async function saveDownload(
	ctx: IExecuteFunctions,
	body: unknown,
	fileName: string,
	mimeType?: string,
): Promise<IBinaryData> {
	try {
		const data = isReadable(body) ? body : Buffer.isBuffer(body) ? body : await readBody(body);
		return await ctx.helpers.prepareBinaryData(data as Buffer, fileName, mimeType);
	} catch (error) {
		throw (isReadable(body) && failures.get(body)) || error;
	}
}

/** Bytes of stored binary data: n8n 2.x records them; 1.x keeps them in the store's metadata. */
export async function storedSize(ctx: IExecuteFunctions, binary: IBinaryData): Promise<number | undefined> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (!binary.id) return Buffer.byteLength(binary.data ?? '', 'base64');
	const size = Number((await ctx.helpers.getBinaryMetadata(binary.id))?.fileSize);
	return Number.isFinite(size) ? size : undefined;
}

/** A body that is sent from a source opened anew for each attempt (a stream can be read once). */
export class UploadBody {
	/**
	 * The same content as a form that carries its own content type, for signing schemes that
	 * replace the request's headers (see streamedForm).
	 */
	toSelfDescribingForm?: () => Promise<StreamedForm>;

	constructor(
		readonly open: () => Promise<Readable | Buffer | string | StreamedForm>,
		/** Bytes, when known: sent as Content-Length. */
		readonly length: number | undefined,
		readonly contentType: string,
		/** The body's values other than file contents, as the scope checks read them. */
		readonly fields: IDataObject = {},
		/**
		 * What the body is: a service reads values from JSON and (Trello) forms; a binary body's
		 * values, if any, are unreadable to the scope checks (see UnreadableBody).
		 */
		readonly kind: UploadKind = 'binary',
	) {}
}

export type UploadKind = 'json' | 'form' | 'multipart' | 'binary';

/** An application/x-www-form-urlencoded body. */
export function formBody(fields: Record<string, string>): UploadBody {
	// A string: n8n's HTTP client reads form bodies as text.
	const text = new URLSearchParams(fields).toString();
	return new UploadBody(async () => text, Buffer.byteLength(text), 'application/x-www-form-urlencoded', fields, 'form');
}

/** One file in an input item's binary data, read by streaming when n8n keeps it in its binary data store. */
export interface InputFile {
	property: string;
	/** The parameter that names the property, for messages (default "Input Binary Field"). */
	parameter?: string;
	fileName: string;
	mimeType: string;
	/** Size in bytes, known before anything is read. */
	size: number | undefined;
	open: () => Promise<Readable | Buffer>;
}

export function inputFile(ctx: IExecuteFunctions, itemIndex: number, property: string, parameter: string): InputFile {
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		throw new NodeOperationError(ctx.getNode(), `The "${parameter}" parameter names "${property}", which the input item does not have`, {
			itemIndex,
			description: 'Give the name of the binary property that holds the file (often "data").',
		});
	}
	const base = {
		property,
		parameter,
		fileName: String(binary.fileName ?? '').trim(),
		mimeType: String(binary.mimeType ?? '').trim() || 'application/octet-stream',
	};
	const id = binary.id;
	if (!id) {
		// Kept in the item itself (n8n's in-memory mode): already in memory as base64.
		return {
			...base,
			size: Buffer.byteLength(binary.data ?? '', 'base64'),
			open: async () => Buffer.from(binary.data ?? '', 'base64'),
		};
	}
	const bytesField = binary.bytes;
	return {
		...base,
		size: typeof bytesField === 'number' ? bytesField : undefined,
		open: async () => await ctx.helpers.getBinaryStream(id),
	};
}

/** The file's size from n8n's binary data store when the item does not carry it. */
export async function sizeOf(ctx: IExecuteFunctions, itemIndex: number, file: InputFile): Promise<number | undefined> {
	if (file.size !== undefined) return file.size;
	const id = ctx.getInputData()[itemIndex]?.binary?.[file.property]?.id;
	if (!id) return undefined;
	const metadata = await ctx.helpers.getBinaryMetadata(id);
	const size = Number(metadata?.fileSize);
	return Number.isFinite(size) ? size : undefined;
}

/** Characters of base64 (padding included) for `bytes` bytes. */
export function base64Length(bytes: number): number {
	return 4 * Math.ceil(bytes / 3);
}

/**
 * A byte stream as base64, chunk by chunk, equal to encoding it at once: the 0–2 bytes after the
 * last whole group of three wait for the next chunk, so padding only comes at the end.
 */
export async function* base64Chunks(source: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<Buffer> {
	let carry = Buffer.alloc(0);
	for await (const chunk of source) {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		const data = carry.length ? Buffer.concat([carry, bytes]) : bytes;
		const whole = data.length - (data.length % 3);
		if (whole) yield Buffer.from(data.subarray(0, whole).toString('base64'));
		carry = Buffer.from(data.subarray(whole));
	}
	if (carry.length) yield Buffer.from(carry.toString('base64'));
}

/**
 * A JSON body one of whose values is a file in base64 (GitHub's contents API), streamed from n8n's
 * binary data store: the text sent is exactly JSON.stringify(value) with the file's base64 as
 * value[key], and its length is known from the file's size before anything is read.
 */
export function jsonWithBase64File(value: IDataObject, key: string, file: InputFile, size: number | undefined): UploadBody {
	const placeholder = `base64-${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
	const text = JSON.stringify({ ...value, [key]: placeholder });
	const at = text.indexOf(`"${placeholder}"`);
	const prefix = Buffer.from(text.slice(0, at + 1));
	const suffix = Buffer.from(text.slice(at + placeholder.length + 1));
	const open = async (): Promise<Readable | Buffer> => {
		const content = await file.open();
		if (Buffer.isBuffer(content)) return Buffer.concat([prefix, Buffer.from(content.toString('base64')), suffix]);
		async function* chunks() {
			yield prefix;
			yield* base64Chunks(content as AsyncIterable<Buffer>);
			yield suffix;
		}
		return readableClassOf(content).from(chunks(), { objectMode: false });
	};
	const length = size === undefined ? undefined : prefix.length + base64Length(size) + suffix.length;
	const { [key]: _file, ...fields } = value;
	return new UploadBody(open, length, 'application/json', fields, 'json');
}

/** A file name from Content-Disposition (filename* first), if the answer names one. */
export function fileNameFromDisposition(header: unknown): string | undefined {
	const value = Array.isArray(header) ? String(header[0] ?? '') : typeof header === 'string' ? header : '';
	const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
	// A broken % escape falls through to the plain parameter.
	const decoded = extended ? percentDecoded(extended[2].trim().replace(/^"|"$/g, '')) : undefined;
	if (decoded !== undefined) return decoded;
	const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(value);
	if (!plain) return undefined;
	const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]).trim();
	return name || undefined;
}
