import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { numericIdField, repositoryFields } from '../fields';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';

const hookId = () => numericIdField('Webhook ID', 'hookId', 'hook_id', 'Numeric ID of the repository webhook (List returns it as "id")');

const CONFIG_FIELDS: Record<string, string> = { url: 'url', contentType: 'content_type', signingKey: 'secret', insecureSsl: 'insecure_ssl' };

/** The delivery settings go in GitHub's "config" object; "web" is the only hook name GitHub takes. */
async function sendWebhook({ ctx, values, request, generic, itemIndex }: GitHubRowRun) {
	if (request.method === 'POST' && !String(values.url ?? '').trim()) {
		throw new NodeOperationError(ctx.getNode(), 'The "Payload URL" parameter is empty', {
			itemIndex,
			description: 'Give the address GitHub sends the events to, e.g. https://example.com/hooks/github.',
		});
	}
	const config: IDataObject = {};
	for (const [field, key] of Object.entries(CONFIG_FIELDS)) {
		const value = values[field];
		if (value === undefined || value === '') continue;
		config[key] = field === 'insecureSsl' ? (value === true ? '1' : '0') : value;
	}
	const body: IDataObject = {
		...(request.method === 'POST' ? { name: 'web' } : {}),
		...(request.body as IDataObject | undefined),
		...(Object.keys(config).length ? { config } : {}),
	};
	return await generic({ ...request, body: Object.keys(body).length ? body : undefined });
}

const settings = (forCreate: boolean): RowField[] => [
	{
		displayName: 'Payload URL', name: 'url', type: 'string', default: '', in: 'none', placeholder: 'e.g. https://example.com/hooks/github',
		...(forCreate ? { required: true } : { optional: true }),
		description: 'Address GitHub sends the events to',
	},
	{
		displayName: 'Events', name: 'events', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. push, pull_request',
		description: forCreate ? 'Events that trigger it, separated by commas (default: push; "*" for all)' : 'Replaces the events that trigger it, separated by commas ("*" for all)',
		toApi: (value) => listOf(value),
	},
	{
		displayName: 'Content Type', name: 'contentType', type: 'options', in: 'none', optional: true, default: 'json', description: 'How the payload is encoded',
		options: [
			{ name: 'JSON', value: 'json' },
			{ name: 'Form', value: 'form' },
		],
	},
	{
		displayName: 'Signing Secret', name: 'signingKey', type: 'string', default: '', in: 'none', optional: true, secret: true, ui: { typeOptions: { password: true } },
		description: 'Key GitHub signs each delivery with (X-Hub-Signature-256); it never appears in the output',
	},
	{ displayName: 'Skip TLS Verification', name: 'insecureSsl', type: 'boolean', default: false, in: 'none', optional: true, description: 'Whether GitHub delivers without checking the certificate (not recommended)' },
	{ displayName: 'Active', name: 'active', type: 'boolean', default: true, in: 'body', optional: true, description: 'Whether events are delivered' },
];

export const webhookRows = gitHubRowTable([
	{
		resource: 'webhook',
		operation: 'list',
		objectType: 'webhook',
		name: 'List',
		action: 'List the webhooks of a repository',
		description: 'List the webhooks of a repository: ID, payload URL, events, active flag and the last delivery’s response.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/hooks',
		paging: {},
		fields: repositoryFields(),
	},
	{
		resource: 'webhook',
		operation: 'get',
		objectType: 'webhook',
		name: 'Get',
		action: 'Get a repository webhook',
		description: 'Get one webhook of a repository: payload URL, events, active flag and the last delivery’s response.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}',
		fields: [...repositoryFields(), hookId()],
	},
	{
		resource: 'webhook',
		operation: 'create',
		objectType: 'webhook',
		name: 'Create',
		action: 'Create a repository webhook',
		description: 'Create a webhook that sends a repository’s events to a URL, optionally signed with a secret. Changes the repository’s settings: deliveries start at once. Returns the webhook.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/hooks',
		handler: sendWebhook,
		fields: [...repositoryFields(), ...settings(true)],
	},
	{
		resource: 'webhook',
		operation: 'update',
		objectType: 'webhook',
		name: 'Update',
		action: 'Update a repository webhook',
		description: 'Change a repository webhook: URL, events, signing secret, active flag. Changes the repository’s settings; only the settings given change. Returns the webhook.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}',
		handler: sendWebhook,
		fields: [...repositoryFields(), hookId(), ...settings(false)],
	},
	{
		resource: 'webhook',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a repository webhook',
		description: 'Delete a webhook of a repository. Deletes data: its deliveries stop and its delivery history is gone.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}',
		fields: [...repositoryFields(), hookId()],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, hookId: values.hookId }),
	},
	{
		resource: 'webhook',
		operation: 'ping',
		name: 'Ping',
		action: 'Ping a repository webhook',
		description: 'Make GitHub send a "ping" event to a webhook’s URL (to test it). Sends a delivery; changes nothing in the repository.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}/pings',
		fields: [...repositoryFields(), hookId()],
		shapeAnswer: (_body, values: IDataObject) => ({ pinged: true, hookId: values.hookId }),
	},
	{
		resource: 'webhook',
		operation: 'listDeliveries',
		objectType: 'delivery',
		name: 'List Deliveries',
		action: 'List the deliveries of a repository webhook',
		description: 'List a webhook’s recent deliveries, newest first: ID, event, action, status code, duration and whether it was a redelivery.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries',
		paging: {},
		fields: [
			...repositoryFields(),
			hookId(),
			{
				displayName: 'Status', name: 'status', type: 'options', in: 'query', optional: true, default: 'failure', description: 'Only successful or only failed deliveries',
				options: [
					{ name: 'Failure', value: 'failure' },
					{ name: 'Success', value: 'success' },
				],
			},
		],
	},
	{
		resource: 'webhook',
		operation: 'redeliver',
		name: 'Redeliver',
		action: 'Redeliver a webhook delivery',
		description: 'Send a past delivery of a webhook again (e.g. one that failed). Sends a delivery; the receiver acts on the event again.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts',
		fields: [...repositoryFields(), hookId(), numericIdField('Delivery ID', 'deliveryId', 'delivery_id', 'Numeric ID of the delivery (List Deliveries returns it as "id")')],
		shapeAnswer: (_body, values: IDataObject) => ({ redelivered: true, deliveryId: values.deliveryId }),
	},
]);
