import type { CatalogueField } from '../../../shared/catalogue';
import type { TrelloRow } from '../types';
import { BOARD_FILTER_FIELD, cardField, fieldsFilter, pickedField } from '../fields';
import { downloadAttachment, FREE_PLAN_LIMIT_MB, PAID_PLAN_LIMIT_MB, uploadAttachment } from './files';

const CARD_IN_PATH = cardField({ in: 'path', apiName: 'id' });

const ATTACHMENT = pickedField(
	'attachment',
	'Attachment',
	'searchAttachments',
	'The attachment: pick it from the chosen card’s attachments or give its 24-character ID',
	{ in: 'path', apiName: 'idAttachment' },
);

const BINARY_PROPERTY: CatalogueField = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	in: 'none',
	required: true,
	default: 'data',
	placeholder: 'data',
	description: 'Name of the input item’s binary property holding the file',
};

const SET_COVER: CatalogueField = {
	displayName: 'Set as Cover',
	name: 'setCover',
	type: 'boolean',
	default: false,
	in: 'query',
	optional: true,
	description: 'Whether the attachment becomes the card’s cover (images only)',
};

export const attachmentRows: TrelloRow[] = [
	{
		resource: 'attachment',
		operation: 'getAll',
		returns: 'attachment',
		name: 'Get Many',
		action: 'Get the attachments of a card',
		description:
			'List the files and links attached to a card, one item per attachment (name, URL, MIME type, size, date)',
		method: 'GET',
		path: '/1/cards/{id}/attachments',
		paging: { kind: 'all' },
		scope: [{ field: 'card', kind: 'card' }],
		fields: [BOARD_FILTER_FIELD, CARD_IN_PATH, fieldsFilter('attachment', 'name,url,mimeType')],
	},
	{
		resource: 'attachment',
		operation: 'get',
		returns: 'attachment',
		name: 'Get',
		action: 'Get an attachment',
		description: 'Get one attachment of a card: name, URL, MIME type, size, whether it is an uploaded file, date',
		method: 'GET',
		path: '/1/cards/{id}/attachments/{idAttachment}',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [BOARD_FILTER_FIELD, CARD_IN_PATH, ATTACHMENT, fieldsFilter('attachment', 'name,url,mimeType,bytes')],
	},
	{
		resource: 'attachment',
		operation: 'upload',
		returns: 'attachment',
		name: 'Upload File',
		action: 'Upload a file to a card',
		description: `Attach a file from the input item’s binary data to a card (multipart upload; Trello accepts up to ${FREE_PLAN_LIMIT_MB} MB on free and ${PAID_PLAN_LIMIT_MB} MB on paid workspaces). Returns the new attachment.`,
		method: 'POST',
		path: '/1/cards/{id}/attachments',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [
			BOARD_FILTER_FIELD,
			CARD_IN_PATH,
			BINARY_PROPERTY,
			{ displayName: 'File Name', name: 'name', type: 'string', default: '', in: 'none', optional: true, description: 'Name of the attachment (default: the binary data’s file name)' },
			{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '', in: 'none', optional: true, placeholder: 'application/pdf', description: 'MIME type of the file (default: the binary data’s)' },
			{ ...SET_COVER, in: 'none' },
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSizeMb',
				type: 'number',
				in: 'none',
				optional: true,
				default: FREE_PLAN_LIMIT_MB,
				ui: { typeOptions: { minValue: 1, maxValue: PAID_PLAN_LIMIT_MB } },
				description: `Larger files are refused before anything is sent. Trello’s limit is ${FREE_PLAN_LIMIT_MB} MB on free workspaces, ${PAID_PLAN_LIMIT_MB} MB on paid ones.`,
			},
		],
		handler: uploadAttachment,
	},
	{
		resource: 'attachment',
		operation: 'attachUrl',
		returns: 'attachment',
		name: 'Attach Link',
		action: 'Attach a link to a card',
		description: 'Attach a web address (URL) to a card, optionally named and as its cover. Returns the new attachment.',
		method: 'POST',
		path: '/1/cards/{id}/attachments',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [
			BOARD_FILTER_FIELD,
			CARD_IN_PATH,
			{ displayName: 'URL', name: 'url', type: 'string', default: '', in: 'query', required: true, placeholder: 'https://example.com/spec', description: 'The address to attach' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', optional: true, description: 'Name shown for the link (default: the address)' },
			SET_COVER,
		],
	},
	{
		resource: 'attachment',
		operation: 'download',
		returns: 'attachment',
		name: 'Download',
		action: 'Download an attachment',
		description: 'Download an uploaded file attached to a card into binary data (links cannot be downloaded). Returns the attachment with the file.',
		method: 'GET',
		path: '/1/cards/{id}/attachments/{idAttachment}',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [
			BOARD_FILTER_FIELD,
			CARD_IN_PATH,
			ATTACHMENT,
			{ ...BINARY_PROPERTY, displayName: 'Put Output File in Field', description: 'Name of the output item’s binary property to put the file in' },
		],
		handler: downloadAttachment,
	},
	{
		resource: 'attachment',
		operation: 'setCover',
		returns: 'card',
		name: 'Set as Cover',
		action: 'Set an attachment as the card cover',
		description: 'Make an image attachment the card’s cover (replaces the current cover). Returns the card.',
		method: 'PUT',
		path: '/1/cards/{id}',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [BOARD_FILTER_FIELD, CARD_IN_PATH, { ...ATTACHMENT, in: 'query', apiName: 'idAttachmentCover' }],
	},
	{
		resource: 'attachment',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete an attachment',
		description: 'Remove an attachment from a card permanently (an uploaded file is deleted; cannot be undone)',
		method: 'DELETE',
		path: '/1/cards/{id}/attachments/{idAttachment}',
		scope: [{ field: 'card', kind: 'card' }],
		fields: [BOARD_FILTER_FIELD, CARD_IN_PATH, ATTACHMENT],
		output: (_body, values) => ({ deleted: true, id: values.attachment, idCard: values.card }),
	},
];
