import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fileTextKind, hiddenTextFound } from '../../../shared/hiddenText';
import { toItems } from '../../../shared/items';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { InputFile } from '../../../shared/transfer';
import { inputFile, jsonWithBase64File, MB, saveDownload, sizeOf, sizeText } from '../../../shared/transfer';
import type { GitHubRowRun } from '../types';

const RAW_MEDIA_TYPE = 'application/vnd.github.raw+json';

/** A folder lists its entries; a file is decoded to text or a binary property. */
export async function getContent({ ctx, client, values, request, itemIndex }: GitHubRowRun) {
	const found = await client.request<IDataObject | IDataObject[]>({ method: 'GET', path: request.path, qs: request.qs });
	if (Array.isArray(found)) return toItems(found, itemIndex);
	if (found.type !== 'file') return toItems(found, itemIndex);
	const { content: _content, encoding: _encoding, ...metadata } = found;
	const property = String(values.binaryPropertyName || 'data');
	const fileName = String(found.name ?? 'file');
	let data: Buffer;
	if (typeof found.content === 'string' && found.encoding === 'base64') {
		// Transport redaction saw base64 only; the decoded text gets the same treatment.
		data = await client.redact(Buffer.from(found.content, 'base64'));
	} else {
		// Files over 1 MB come without content; the raw media type returns the bytes.
		const raw = await client.send({
			method: 'GET',
			path: request.path,
			qs: request.qs,
			headers: { Accept: RAW_MEDIA_TYPE },
			encoding: values.outputAs === 'binary' ? 'stream' : 'arraybuffer',
		});
		if (values.outputAs === 'binary') {
			const binary = await saveDownload(ctx, raw.body, fileName);
			return [{ json: metadata, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
		}
		data = Buffer.from(raw.body as Buffer);
	}
	if (values.outputAs === 'binary') {
		const binary = await ctx.helpers.prepareBinaryData(data, fileName);
		return [{ json: metadata, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
	}
	const content = data.toString('utf8');
	return [{ json: { ...metadata, content, ...hiddenTextFound(content, fileTextKind(fileName)) }, pairedItem: { item: itemIndex } }];
}

async function currentSha(input: GitHubRowRun, mustExist: boolean): Promise<string | undefined> {
	const { ctx, client, request, itemIndex, values } = input;
	const branch = (request.body as IDataObject | undefined)?.branch;
	const response = await client.send<IDataObject | IDataObject[]>({
		method: 'GET',
		path: request.path,
		qs: branch ? { ref: branch } : {},
		acceptStatus: mustExist ? [] : [404],
	});
	if (response.statusCode === 404) return undefined;
	if (Array.isArray(response.body) || response.body.type !== 'file') {
		throw new NodeOperationError(ctx.getNode(), `"${String(values.path)}" is a folder, not a file`, {
			itemIndex,
			description: 'Give the path of a file in "File Path".',
		});
	}
	return String(response.body.sha);
}

/** GitHub's limit for a file written through the contents API (100 MB). */
export const CONTENTS_API_LIMIT_BYTES = 100 * MB;

/**
 * Text goes as it is given; a binary property streams from n8n's binary data store, base64-encoded
 * on the way into the JSON body, after its size is checked against GitHub's limit.
 */
export async function createOrUpdateFile(input: GitHubRowRun) {
	const { ctx, values, request, itemIndex, generic } = input;
	let file: InputFile | undefined;
	let size: number | undefined;
	if (values.binaryData) {
		const property = String(values.binaryPropertyName || 'data');
		if (!ctx.getInputData()[itemIndex]?.binary?.[property]) {
			throw new NodeOperationError(ctx.getNode(), `The "Input Binary Field" parameter names "${property}", which the input item does not have`, {
				itemIndex,
				description: 'Give the name of the binary property that holds the file, or turn off "Binary File" to send text.',
			});
		}
		file = inputFile(ctx, itemIndex, property, 'Input Binary Field');
		size = await sizeOf(ctx, itemIndex, file);
		if (size !== undefined && size > CONTENTS_API_LIMIT_BYTES) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The file in "Input Binary Field" ("${property}") is ${sizeText(size)}, over the 100 MB GitHub accepts for File → Create or Update; nothing was sent`,
				{
					itemIndex,
					description:
						'Write larger files with the Git Data API (create a blob, a tree and a commit, e.g. through the API Call node), or publish them as a release asset (Release → Upload Asset).',
				},
			);
		}
	}
	const sha = String(values.sha ?? '').trim() || (await currentSha(input, false));
	const fields: IDataObject = { ...(request.body as IDataObject), content: '', ...(sha ? { sha } : {}) };
	if (!file) {
		return await generic({ ...request, body: { ...fields, content: Buffer.from(String(values.fileContent ?? ''), 'utf8').toString('base64') } });
	}
	return await generic({ ...request, body: jsonWithBase64File(fields, 'content', file, size) });
}

export async function deleteFile(input: GitHubRowRun) {
	const { values, request, generic } = input;
	const sha = String(values.sha ?? '').trim() || (await currentSha(input, true));
	return await generic({ ...request, body: { ...request.body, sha } });
}

/** A folder's entries, one item each; a path naming a file is a parameter mistake. */
export async function listFolder({ ctx, values, request, itemIndex, generic }: GitHubRowRun) {
	const folder = String(values.path ?? '').trim().replace(/^\/+|\/+$/g, '');
	// The root is the contents path with an empty last segment (…/contents/), as GitHub describes it.
	const path = request.path.replace('{path}', folder.split('/').map(pathSegment).join('/'));
	// GitHub answers a folder with a list (each entry passes `keep`) and a file with one object.
	let listed = false;
	const items = await generic({ ...request, path }, () => (listed = true));
	if (!listed && items.length) {
		throw new NodeOperationError(ctx.getNode(), `"${folder}" is a file, not a folder`, {
			itemIndex,
			description: 'Give the path of a folder in "Folder Path", or use File → Get for a file.',
		});
	}
	return items;
}
