import type { TrelloRow } from '../types';
import { BOARD_FILTER_FIELD, cardField, fieldsFilter } from '../fields';

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
		fields: [BOARD_FILTER_FIELD, cardField({ in: 'path', apiName: 'id' }), fieldsFilter('attachment', 'name,url,mimeType')],
	},
];
