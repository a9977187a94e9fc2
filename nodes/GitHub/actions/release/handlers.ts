import { NodeOperationError } from 'n8n-workflow';

import type { HandlerInput } from '../types';

/**
 * The asset's bytes come from the input item's binary data and go to the upload host; the file
 * name and the MIME type of the binary data name and type the asset unless a name is given.
 */
export async function uploadReleaseAsset({ ctx, values, request, itemIndex, generic }: HandlerInput) {
	const property = String(values.binaryPropertyName ?? '').trim() || 'data';
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		throw new NodeOperationError(ctx.getNode(), `The "Input Binary Field" parameter names "${property}", which the input item does not have`, {
			itemIndex,
			description: 'Give the name of the binary property that holds the file (e.g. "data" after a Read File or HTTP Request node).',
		});
	}
	const name = String(values.name ?? '').trim() || String(binary.fileName ?? '').trim();
	if (!name) {
		throw new NodeOperationError(ctx.getNode(), `The binary data in "${property}" has no file name`, {
			itemIndex,
			description: 'Give the asset’s name in "File Name" under Additional Fields, e.g. "app-linux.zip".',
		});
	}
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	return await generic({
		...request,
		server: 'uploads',
		qs: { ...request.qs, name },
		headers: { 'Content-Type': binary.mimeType || 'application/octet-stream' },
		body: data,
	});
}
