import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DownloadLimitError, inputFile, saveDownload, sizeOf } from '../../../shared/transfer';
import { binaryFileBody } from '../../../shared/uploads';
import type { GitHubRowRun } from '../types';

/**
 * The asset's bytes come from the input item's binary data and go to the upload host; the file
 * name and the MIME type of the binary data name and type the asset unless a name is given.
 */
export async function uploadReleaseAsset({ ctx, values, request, itemIndex, generic }: GitHubRowRun) {
	const property = String(values.binaryPropertyName ?? '').trim() || 'data';
	const file = inputFile(ctx, itemIndex, property, 'Input Binary Field');
	const name = String(values.name ?? '').trim() || file.fileName;
	if (!name) {
		throw new NodeOperationError(ctx.getNode(), `The binary data in "${property}" has no file name`, {
			itemIndex,
			description: 'Give the asset’s name in "File Name" under Additional Fields, e.g. "app-linux.zip".',
		});
	}
	// Streamed from n8n's binary data store; GitHub's upload host wants the length up front.
	const body = binaryFileBody(file, await sizeOf(ctx, itemIndex, file));
	return await generic({
		...request,
		server: 'uploads',
		qs: { ...request.qs, name },
		headers: { 'Content-Type': body.contentType },
		body,
	});
}

/**
 * The asset's metadata names and sizes the file (a file over "Max Download Size (MB)" is refused
 * before downloading); its bytes come with Accept: application/octet-stream, from GitHub's
 * storage host after a redirect (followed without the credential).
 */
export async function downloadReleaseAsset({ ctx, client, values, request, itemIndex }: GitHubRowRun) {
	const asset = await client.request<IDataObject>({ method: 'GET', path: request.path });
	const size = Number(asset.size);
	if (Number.isFinite(size) && size > client.maxDownloadBytes) {
		throw new DownloadLimitError('GitHub', client.maxDownloadBytes, size);
	}
	const response = await client.send({ ...request, headers: { Accept: 'application/octet-stream' }, encoding: 'stream' });
	const fileName = String(asset.name ?? '').trim() || `asset-${String(values.assetId)}`;
	const mimeType = String(asset.content_type ?? '').trim() || undefined;
	const property = String(values.binaryPropertyName ?? '').trim() || 'data';
	const binary = await saveDownload(ctx, response.body, fileName, mimeType);
	return [{ json: asset, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
}
