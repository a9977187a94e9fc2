import type { InputFile } from './transfer';
import { isReadable, readableClassOf, UploadBody } from './transfer';
import { UnsafeRequestError, visible } from '../../credentials/requestGuard';
import { StreamedFile, StreamedForm } from './streamedForm';

// Types only; no module is loaded at runtime.
type Readable = import('stream').Readable;

/**
 * Bodies made of files: multipart forms and binary bodies. A file's MIME type and name end up in
 * headers (a part's Content-Type and Content-Disposition, a binary body's Content-Type), where a
 * line break would start headers of the sender's choosing. Every such value passes here: a MIME
 * type must be a media type or the item is refused, naming where it came from; names are escaped
 * inside their quotes as browsers escape them.
 */

/** Where a MIME type came from, for the refusal: a parameter, or the binary data a parameter names. */
type MediaTypeSource = { parameter: string } | { file: InputFile };

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[ !#-\\[\\]-~]|\\\\[ -~])*"';
/** RFC 9110's media-type: type/subtype with optional parameters (token or quoted values). */
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?: *; *${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))*$`);

/** The MIME type as a header value, or a refusal naming its source. */
function mediaType(value: string, source: MediaTypeSource): string {
	if (MEDIA_TYPE.test(value)) return value;
	const [where, hint] =
		'parameter' in source
			? [`The "${source.parameter}" parameter`, `Write a media type such as application/pdf (type/subtype, parameters after ";" allowed) in "${source.parameter}".`]
			: [
					`The MIME type of the file in "${source.file.property}" (named in "${source.file.parameter ?? 'Input Binary Field'}")`,
					'Set the binary data’s MIME type to a media type such as application/pdf (type/subtype), where the file is made or read.',
				];
	throw new UnsafeRequestError(`${where} is not a media type: "${visible(value)}"`, hint);
}

/**
 * A name inside the quotes of a Content-Disposition parameter: quote, backslash and control
 * characters percent-encoded (as the HTML standard does for " CR LF), so the value cannot close
 * its quotes or its header.
 */
function quotedParameter(value: string): string {
	return value.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A binary body: the file's bytes, typed by `contentType` or else by the binary data's MIME type. */
export function binaryFileBody(file: InputFile, size: number | undefined, contentType?: { value: string; parameter: string }): UploadBody {
	const type = contentType ? mediaType(contentType.value, contentType) : mediaType(file.mimeType, { file });
	return new UploadBody(file.open, size, type);
}

export type MultipartPart =
	| { field: string; value: string }
	| {
			field: string;
			file: InputFile;
			/** Instead of the binary data's file name. */
			fileName?: string;
			/** Instead of the binary data's MIME type, with the parameter it was given in. */
			mimeType?: { value: string; parameter: string };
			size: number | undefined;
	  };

/**
 * The pieces one after another as one stream, driven by each file's own events as a pipe is: with
 * an async generator in between, the bench's multipart upload was about a fifth slower. A piece is
 * read only as fast as the stream is; destroying the stream closes every file not yet sent.
 */
function joinedStream(pieces: Array<Buffer | Readable>, ReadableClass: ReturnType<typeof readableClassOf>): Readable {
	let next = 0;
	let current: Readable | undefined;
	const files = pieces.filter((piece): piece is Readable => !Buffer.isBuffer(piece));
	const output: Readable = new ReadableClass({
		read() {
			if (current) current.resume();
			else sendOn();
		},
		destroy(error, callback) {
			for (const file of files) file.destroy();
			callback(error);
		},
	});
	/** Pushes the pieces that are bytes up to the next file, which then flows; ends after the last. */
	const sendOn = () => {
		while (next < pieces.length) {
			const piece = pieces[next++];
			// Heads and line breaks are a few hundred bytes: pushed whatever the buffer holds.
			if (Buffer.isBuffer(piece)) {
				output.push(piece);
				continue;
			}
			current = piece;
			piece.on('data', (chunk: Buffer | string) => {
				if (!output.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) piece.pause();
			});
			piece.once('end', () => {
				current = undefined;
				if (!output.destroyed) sendOn();
			});
			piece.once('error', (error) => output.destroy(error));
			return;
		}
		output.push(null);
	};
	return output;
}

/**
 * A multipart/form-data body whose files stream from n8n's binary data store; its length is
 * known (Content-Length) when every file's size is.
 */
export function multipartBody(parts: MultipartPart[]): UploadBody {
	const boundary = `----n8nToolkit${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
	// Every header value of every part, checked or escaped before anything is read or sent.
	const described = parts.map((part) =>
		'file' in part
			? {
					...part,
					name: quotedParameter(part.field),
					fileName: quotedParameter(part.fileName ?? (part.file.fileName || 'file')),
					type: part.mimeType ? mediaType(part.mimeType.value, part.mimeType) : mediaType(part.file.mimeType, { file: part.file }),
				}
			: { ...part, name: quotedParameter(part.field) },
	);
	const heads = described.map((part) => {
		const lines = [`--${boundary}`];
		if ('file' in part) {
			lines.push(`Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"`);
			lines.push(`Content-Type: ${part.type}`);
		} else {
			lines.push(`Content-Disposition: form-data; name="${part.name}"`);
		}
		return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
	});
	const lineBreak = Buffer.from('\r\n');
	const closing = Buffer.from(`--${boundary}--\r\n`);
	let length: number | undefined = closing.length;
	parts.forEach((part, index) => {
		const size = 'file' in part ? part.size : Buffer.byteLength(part.value);
		length = length === undefined || size === undefined ? undefined : length + heads[index].length + size + lineBreak.length;
	});
	const open = async (): Promise<Readable | Buffer> => {
		const contents = await Promise.all(
			parts.map(async (part) => ('file' in part ? await part.file.open() : Buffer.from(part.value))),
		);
		const stream = contents.find(isReadable);
		const pieces = (): Array<Buffer | Readable> =>
			contents.flatMap((content, index) => [heads[index], content, lineBreak]).concat(closing);
		if (!stream) return Buffer.concat(pieces() as Buffer[]);
		return joinedStream(pieces(), readableClassOf(stream));
	};
	const fields = Object.fromEntries(parts.flatMap((part) => ('value' in part ? [[part.field, part.value]] : [])));
	const body = new UploadBody(open, length, `multipart/form-data; boundary=${boundary}`, fields, 'multipart');
	// The same checked and escaped values: n8n's client escapes less (not the backslash).
	body.toSelfDescribingForm = async () =>
		new StreamedForm(
			described.map((part): [string, string | StreamedFile] =>
				'file' in part ? [part.name, new StreamedFile(part.fileName, part.type, part.size, part.file.open)] : [part.name, part.value],
			),
		);
	return body;
}
