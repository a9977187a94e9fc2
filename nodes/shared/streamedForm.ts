type Readable = import('stream').Readable;

/** A file of a StreamedForm: read from n8n's binary data store only when the form is sent. */
export class StreamedFile {
	constructor(
		readonly name: string,
		readonly type: string,
		/** Bytes, when known (the form's Content-Length needs every part's). */
		readonly size: number | undefined,
		private readonly openContent: () => Promise<Readable | Buffer>,
	) {}

	/** The content's chunks, as a web Blob's stream() gives them. */
	stream(): AsyncIterable<Buffer> {
		const openContent = this.openContent;
		return (async function* () {
			const content = await openContent();
			if (Buffer.isBuffer(content)) yield content;
			else for await (const chunk of content as AsyncIterable<Buffer | string>) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		})();
	}
}

/**
 * A complete multipart form in the shape of the web's FormData (entries of text and File-like
 * values). n8n's HTTP client (axios) writes such a form itself: it chooses the boundary, sets the
 * multipart Content-Type and the Content-Length, and streams each file part through stream().
 * The content type thus travels with the body and survives n8n's OAuth 1.0a signing, which
 * replaces the request's headers; OAuth 1.0a leaves multipart bodies out of the signature.
 */
export class StreamedForm {
	readonly [Symbol.toStringTag] = 'FormData';

	constructor(private readonly fields: Array<[string, string | StreamedFile]>) {}

	/** Present for the FormData shape; the form is complete when built. */
	append(): void {
		throw new Error('the form is complete');
	}

	entries(): IterableIterator<[string, string | StreamedFile]> {
		return this.fields[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, string | StreamedFile]> {
		return this.entries();
	}
}
