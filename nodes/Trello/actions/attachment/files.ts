import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { percentDecoded } from '../../../shared/percentDecoding';
import { pathSegment } from '../../../../credentials/requestGuard';
import { inputFile, MB, saveDownload, sizeOf, sizeText } from '../../../shared/transfer';
import type { MultipartPart } from '../../../shared/uploads';
import { multipartBody } from '../../../shared/uploads';
import type { RowField } from '../../../shared/rowEngine';
import type { TrelloRowRun } from '../types';

/** Trello's per-file limit on free workspaces; paid workspaces accept up to 250 MB. */
export const FREE_PLAN_LIMIT_MB = 10;
export const PAID_PLAN_LIMIT_MB = 250;


/** The largest file an upload takes: "Max File Size (MB)" of Attachment → Upload File and Card → Create. */
export const MAX_FILE_SIZE: RowField = {
	displayName: 'Max File Size (MB)',
	name: 'maxFileSizeMb',
	type: 'number',
	in: 'none',
	optional: true,
	default: FREE_PLAN_LIMIT_MB,
	ui: { typeOptions: { minValue: 1, maxValue: PAID_PLAN_LIMIT_MB } },
	description: `Larger files are refused before anything is sent. Trello’s limit is ${FREE_PLAN_LIMIT_MB} MB on free workspaces, ${PAID_PLAN_LIMIT_MB} MB on paid ones.`,
};

/**
 * The input item's file in the binary property `property` names, refused before anything is read
 * or sent when the item lacks it or it is larger than "Max File Size (MB)". `parameter` is the
 * parameter that named the property, for the messages.
 */
export async function checkedInputFile(run: TrelloRowRun, property: string, parameter: string) {
	const { ctx, values, itemIndex } = run;
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		throw new NodeOperationError(ctx.getNode(), `The "${parameter}" parameter names "${property}", which the input item does not have`, {
			itemIndex,
			description: 'Give the name of the binary property that holds the file (often "data").',
		});
	}
	const limitMb = Number(values.maxFileSizeMb ?? FREE_PLAN_LIMIT_MB);
	if (!Number.isFinite(limitMb) || limitMb <= 0 || limitMb > PAID_PLAN_LIMIT_MB) {
		throw new NodeOperationError(ctx.getNode(), `The "Max File Size (MB)" parameter must be between 1 and ${PAID_PLAN_LIMIT_MB} (got ${String(values.maxFileSizeMb)})`, {
			itemIndex,
			description: `Trello accepts files up to ${FREE_PLAN_LIMIT_MB} MB on free workspaces and ${PAID_PLAN_LIMIT_MB} MB on paid ones.`,
		});
	}
	// The size comes from the binary data's metadata: a file over the limit is never read.
	const file = inputFile(ctx, itemIndex, property, parameter);
	const size = await sizeOf(ctx, itemIndex, file);
	if (size !== undefined && size > limitMb * MB) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The file in "${property}" is ${sizeText(size)}, over the ${limitMb} MB set in "Max File Size (MB)"; nothing was sent`,
			{
				itemIndex,
				description: `Trello accepts files up to ${FREE_PLAN_LIMIT_MB} MB on free workspaces and ${PAID_PLAN_LIMIT_MB} MB on paid ones. On a paid workspace raise "Max File Size (MB)"; otherwise attach a link to the file instead.`,
			},
		);
	}
	return { file, size, fileName: String(binary.fileName || 'file') };
}

/**
 * Upload: the input item's binary property as a multipart form streamed from n8n's binary data
 * store, refused before anything is read when larger than the chosen limit.
 */
export async function uploadAttachment(run: TrelloRowRun) {
	const { values, request } = run;
	const property = String(values.binaryPropertyName || 'data').trim();
	const { file, size, fileName: storedName } = await checkedInputFile(run, property, 'Input Binary Field');
	const fileName = String(values.name || storedName);
	const chosenType = String(values.mimeType ?? '').trim();
	const mimeType = chosenType || file.mimeType;
	const parts: MultipartPart[] = [
		{ field: 'file', file, fileName, mimeType: chosenType ? { value: chosenType, parameter: 'MIME Type' } : undefined, size },
		{ field: 'name', value: fileName },
		{ field: 'mimeType', value: mimeType },
	];
	if (values.setCover !== undefined) parts.push({ field: 'setCover', value: String(Boolean(values.setCover)) });
	// Streamed from n8n's binary data store as multipart/form-data.
	return await run.generic({ ...request, body: multipartBody(parts) });
}

const DOWNLOAD_PATH = /\/1\/cards\/([0-9a-fA-F]{24})\/attachments\/([0-9a-fA-F]{24})\/download\/([^/?#]+)$/;

/**
 * Download: the attachment's file into a binary property. Trello serves uploads under
 * /1/cards/{card}/attachments/{id}/download/{file name}, only to requests carrying the
 * credential's Authorization header (never key or token in the address).
 */
export async function downloadAttachment(run: TrelloRowRun) {
	const { ctx, client, values, itemIndex, request, allowlist } = run;
	const attachment = await client.request<IDataObject>({
		method: 'GET',
		path: request.path,
		qs: { fields: 'id,name,url,mimeType,bytes,isUpload,date' },
	});
	const url = String(attachment?.url ?? '');
	const match = DOWNLOAD_PATH.exec(safePathOf(url));
	if (attachment?.isUpload === false) {
		throw new NodeOperationError(ctx.getNode(), `The "Attachment" parameter names a link (${url || 'no address'}), not an uploaded file`, {
			itemIndex,
			description: 'Only files uploaded to Trello can be downloaded; fetch a link with the HTTP Request node.',
		});
	}
	if (!match) {
		throw new ServiceAnswerError(
			'Trello sent an answer of an unexpected shape: no download address for the attachment',
			'Check the attachment with Get; if it is an uploaded file, check the API Base URL of the credential.',
		);
	}
	const fileName = percentDecoded(match[3]);
	if (fileName === undefined) {
		throw new ServiceAnswerError(
			`Trello sent an answer of an unexpected shape: the download address's file name has a broken % escape (${match[3]})`,
			'Nothing was downloaded. Check the attachment with Get; rename the file in Trello if its name is odd.',
		);
	}
	// The address is the service's word: a card it names other than the one checked is checked too.
	const fileCard = match[1].toLowerCase();
	if (allowlist.allowed && fileCard !== String(values.card ?? '').toLowerCase()) {
		await allowlist.check.assertAllowed(client, allowlist.allowed, 'card', fileCard, itemIndex);
	}
	// Streamed into n8n's binary data store, bounded by "Max Download Size (MB)" whatever the metadata says.
	const file = await client.send({
		method: 'GET',
		path: `/1/cards/${pathSegment(match[1])}/attachments/${pathSegment(match[2])}/download/${pathSegment(fileName)}`,
		encoding: 'stream',
	});
	const property = String(values.binaryPropertyName || 'data').trim();
	const mimeType = attachment.mimeType ? String(attachment.mimeType) : undefined;
	const binary = await saveDownload(ctx, file.body, String(attachment.name || fileName), mimeType);
	return [{ json: attachment, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
}


function safePathOf(url: string): string {
	try {
		return new URL(url).pathname;
	} catch {
		return '';
	}
}
