import { NodeOperationError } from 'n8n-workflow';

import { inputFile, sizeOf, UploadBody } from '../../../shared/transfer';
import type { HandlerInput } from '../types';

/**
 * The asset's bytes come from the input item's binary data and go to the upload host; the file
 * name and the MIME type of the binary data name and type the asset unless a name is given.
 */
export async function uploadReleaseAsset({ ctx, values, request, itemIndex, generic }: HandlerInput) {
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
	const size = await sizeOf(ctx, itemIndex, file);
	return await generic({
		...request,
		server: 'uploads',
		qs: { ...request.qs, name },
		headers: { 'Content-Type': file.mimeType },
		body: new UploadBody(file.open, size, file.mimeType),
	});
}
