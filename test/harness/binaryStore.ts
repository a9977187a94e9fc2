import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';
import { BinaryDataService } from 'n8n-core';
import { Readable } from 'stream';

/** The mode name the emulated store is registered under (what nodes store stays in the items). */
const MODE = 'filesystem-emulated';

/**
 * n8n's filesystem binary data mode, emulated for input files: items carry only an id
 * ("mode:file") and the bytes live in a store reached through n8n-core's BinaryDataService, as in
 * a real n8n with N8N_DEFAULT_BINARY_DATA_MODE=filesystem. Reads are counted, so a test can tell a
 * file streamed (getAsStream) from one read whole (getAsBuffer) or not read at all. The store has
 * a mode name of its own, so binary data the nodes produce is still kept in the items.
 */
export class EmulatedBinaryStore {
	private files = new Map<string, { bytes: Buffer; fileSize: number }>();
	readonly reads = { stream: 0, buffer: 0, metadata: 0 };
	/** Bytes per chunk the streams deliver (an odd size exercises chunk boundaries). */
	chunkSize = 1000;
	/**
	 * Awaited before each chunk after the first: a test can hold the rest of a file until the
	 * server has seen the upload begin, which only a streamed upload can satisfy.
	 */
	beforeLaterChunks?: () => Promise<void>;
	private static next = 0;

	constructor() {
		const store = this;
		Container.get(BinaryDataService).setManager(MODE as never, {
			async getAsStream(fileId: string) {
				store.reads.stream++;
				const { bytes } = store.file(fileId);
				const { chunkSize, beforeLaterChunks } = store;
				return Readable.from(
					(async function* () {
						for (let at = 0; at < bytes.length; at += chunkSize) {
							if (at > 0 && beforeLaterChunks) await beforeLaterChunks();
							yield bytes.subarray(at, at + chunkSize);
						}
					})(),
				);
			},
			async getAsBuffer() {
				store.reads.buffer++;
				throw new Error('the file was read whole into memory');
			},
			async getMetadata(fileId: string) {
				store.reads.metadata++;
				return { fileSize: store.file(fileId).fileSize };
			},
		} as never);
	}

	private file(fileId: string) {
		const file = this.files.get(fileId);
		if (!file) throw new Error(`no stored file ${fileId}`);
		return file;
	}

	/**
	 * An item's binary data for stored bytes. `recordsBytes`: n8n 2.x records the size in the item
	 * (`bytes`); 1.x leaves it to the store's metadata. `claimedSize` stands in for a file too large
	 * to hold in a test (the metadata says so; the bytes are never there).
	 */
	add(bytes: Buffer, details: { fileName: string; mimeType: string; recordsBytes?: boolean; claimedSize?: number }): IDataObject {
		const fileId = `emulated-${++EmulatedBinaryStore.next}`;
		const fileSize = details.claimedSize ?? bytes.length;
		this.files.set(fileId, { bytes, fileSize });
		return {
			id: `${MODE}:${fileId}`,
			data: MODE,
			fileName: details.fileName,
			mimeType: details.mimeType,
			...(details.recordsBytes ? { bytes: fileSize } : {}),
		};
	}

	resetCounts() {
		this.reads.stream = this.reads.buffer = this.reads.metadata = 0;
		this.beforeLaterChunks = undefined;
	}
}
