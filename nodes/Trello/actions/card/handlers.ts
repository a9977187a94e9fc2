import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../../../credentials/requestGuard';
import { TRELLO_ID } from '../../scope/addresses';
import { hasCustomFieldValues, plannedCustomFields, setPlannedCustomFields } from '../customField/onCards';
import { checkedInputFile } from '../attachment/files';
import type { MultipartPart } from '../../../shared/uploads';
import { multipartBody } from '../../../shared/uploads';
import type { TrelloRowRun } from '../types';

/**
 * What Trello takes as "empty" for each clearable card property: no ids for labels and members,
 * null for the dates. Empty values given in the other fields are dropped, so clearing is asked for
 * explicitly.
 */
const CLEARED: Record<string, string> = { idLabels: '', idMembers: '', due: 'null', start: 'null' };

const FIELD_NAMES: Record<string, string> = {
	idLabels: 'Label Names or IDs',
	idMembers: 'Member Names or IDs',
	due: 'Due Date',
	start: 'Start Date',
};

/** Update Card: the row's request plus the properties chosen in "Clear". */
export async function clearingUpdate(run: TrelloRowRun) {
	const { ctx, values, itemIndex, request } = run;
	const chosen = Array.isArray(values.clear) ? (values.clear as string[]) : [];
	const qs: IDataObject = { ...request.qs };
	for (const name of chosen) {
		if (!(name in CLEARED)) {
			throw new NodeOperationError(ctx.getNode(), `The "Clear" parameter has an unknown entry "${name}"`, {
				itemIndex,
				description: `Choose from: ${Object.keys(FIELD_NAMES).map((key) => FIELD_NAMES[key]).join(', ')}.`,
			});
		}
		if (qs[name] !== undefined) {
			throw new NodeOperationError(ctx.getNode(), `"${FIELD_NAMES[name]}" is both set and chosen in the "Clear" parameter`, {
				itemIndex,
				description: `Either give "${FIELD_NAMES[name]}" a value or clear it, not both.`,
			});
		}
		qs[name] = CLEARED[name];
	}
	const update = { ...request, qs };
	if (!hasCustomFieldValues(values)) return await run.generic(update);
	// Values are checked against the fields of the board the card ends up on, before any write.
	const board = values.idBoard ? String(values.idBoard) : await run.client.boards().boardOf('card', String(values.card));
	const planned = await plannedCustomFields(run, board);
	// Only custom fields to set: the card is read, not written.
	const card = Object.keys(qs).length ? await run.client.request<IDataObject>(update) : await run.client.request<IDataObject>({ method: 'GET', path: request.path });
	return await withCustomFieldsSet(run, card, planned);
}

/**
 * Create Card: the card (with its file, in one multipart request), then its custom fields (checked
 * against the list's board first).
 */
export async function createCard(run: TrelloRowRun) {
	const { client, values } = run;
	assertWebAddress(run, values.urlSource);
	const request = await withAttachedFile(run);
	if (!hasCustomFieldValues(values)) return await run.generic(request);
	const planned = await plannedCustomFields(run, await client.boards().boardOf('list', String(values.list)));
	return await withCustomFieldsSet(run, await client.request<IDataObject>(request), planned);
}

/**
 * "Attach File": Trello's card creation takes the file as its fileSource form field; the card's
 * other values stay in the query, where the scope checks read idList. The file is checked (present,
 * not over "Max File Size (MB)") before anything is sent.
 */
async function withAttachedFile(run: TrelloRowRun): Promise<TrelloRowRun['request']> {
	const { ctx, values, itemIndex, request } = run;
	const property = String(values.binaryPropertyName ?? '').trim();
	if (!property) return request;
	if (values.urlSource) {
		throw new NodeOperationError(ctx.getNode(), 'Give "Attach Link" or "Attach File", not both', {
			itemIndex,
			description: 'Trello attaches one source with a new card. Attach the other afterwards with Attachment → Attach Link or Attachment → Upload File.',
		});
	}
	const { file, size, fileName } = await checkedInputFile(run, property, 'Attach File');
	const parts: MultipartPart[] = [
		{ field: 'fileSource', file, fileName, size },
		{ field: 'mimeType', value: file.mimeType },
	];
	return { ...request, body: multipartBody(parts) };
}

/** "Attach Link" must be a web address: Trello would otherwise answer with a bare "invalid value". */
function assertWebAddress(run: TrelloRowRun, link: unknown) {
	if (link === undefined || link === null || link === '') return;
	const text = String(link).trim();
	let protocol = '';
	try {
		protocol = new URL(text).protocol;
	} catch {
		// Not an address at all: refused below.
	}
	if (protocol === 'http:' || protocol === 'https:') return;
	throw new NodeOperationError(run.ctx.getNode(), `The "Attach Link" parameter is not a web address (got "${text}")`, {
		itemIndex: run.itemIndex,
		description: 'Give an http or https address, e.g. https://github.com/acme/app/pull/42; to attach a file, give its binary property in "Attach File".',
	});
}

async function withCustomFieldsSet(run: TrelloRowRun, card: IDataObject | null, planned: Awaited<ReturnType<typeof plannedCustomFields>>) {
	const written = card ?? {};
	const customFields = await setPlannedCustomFields(run, String(written.id ?? run.values.card), planned);
	return run.respond({ ...written, customFields });
}

export const KEEP_FROM_SOURCE_OPTIONS = [
	{ name: 'All', value: 'all' },
	{ name: 'Attachments', value: 'attachments' },
	{ name: 'Checklists', value: 'checklists' },
	{ name: 'Comments', value: 'comments' },
	{ name: 'Custom Fields', value: 'customFields' },
	{ name: 'Due Date', value: 'due' },
	{ name: 'Labels', value: 'labels' },
	{ name: 'Members', value: 'members' },
	{ name: 'Start Date', value: 'start' },
	{ name: 'Stickers', value: 'stickers' },
];

/** Copy Card: a source card given by address or short link is sent as its id, which idCardSource needs. */
export async function copyCard(run: TrelloRowRun) {
	const { client, values, request } = run;
	const source = String(values.card);
	if (TRELLO_ID.test(source)) return await run.generic();
	const card = await client.request<IDataObject>({ method: 'GET', path: `/1/cards/${pathSegment(source)}`, qs: { fields: 'id' } });
	return await run.generic({ ...request, qs: { ...request.qs, idCardSource: String(card?.id ?? source) } });
}
