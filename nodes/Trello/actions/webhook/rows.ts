import { trelloRowTable } from '../types';
import { pickedField } from '../fields';
import { tokenWebhooks } from './handlers';

export const webhookRows = trelloRowTable([
	{
		resource: 'webhook',
		operation: 'getAll',
		objectType: 'webhook',
		name: 'Get Many',
		action: 'Get the webhooks of the connected token',
		description:
			'List the webhooks Trello keeps for the connected token (every Trello Trigger registers one), one item per webhook with its callback URL, watched model, description and whether it is active. Use it to find webhooks left behind by workflows that are gone. With Allowed Boards: only webhooks watching those boards (or their lists and cards).',
		// The member's tokens with their webhooks, of which the connected token's (the token stays out of the path).
		method: 'GET',
		path: '/1/members/me/tokens',
		fixedQuery: { webhooks: true },
		paging: { kind: 'all' },
		targets: [],
		fields: [],
		handler: tokenWebhooks,
	},
	{
		resource: 'webhook',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a webhook of the connected token',
		description:
			'Delete one webhook of the connected token permanently: Trello stops sending its events. Use it to clean up webhooks whose workflow is gone (compare the callback URL from Get Many with your n8n’s webhook addresses); deleting the webhook of an active Trello Trigger silences that trigger until it is activated again.',
		method: 'DELETE',
		path: '/1/webhooks/{id}',
		targets: [{ field: 'webhook', kind: 'webhook' }],
		fields: [
			pickedField(
				'webhook',
				'Webhook',
				'searchWebhooks',
				'The webhook: pick it from the connected token’s webhooks (by description or callback URL) or give its 24-character ID',
				{ in: 'path', apiName: 'id' },
			),
		],
		shapeAnswer: (_body, values) => ({ deleted: true, id: values.webhook }),
	},
]);
