import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import { handleDelivery } from './triggers/delivery';
import { TRIGGERS } from './triggers/events';
import { filtersCollection } from './triggers/filters';
import { createWebhooks, deleteWebhooks, webhooksExist } from './triggers/registration';
import { getBoards, getLists, getWatchableMembers, getWorkspaces } from './triggers/loadOptions';
import { watchedModelProperties } from './triggers/models';
import { WEBHOOK_TRIGGER_DEFAULT_VERSION, WEBHOOK_TRIGGER_VERSIONS } from '../shared/webhookTriggerVersions';
import { TRELLO_TRIGGER_OPTIONS } from './triggers/itemText';

export class TrelloTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit Trigger',
		name: 'trelloTrigger',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['trigger'],
		version: WEBHOOK_TRIGGER_VERSIONS,
		defaultVersion: WEBHOOK_TRIGGER_DEFAULT_VERSION,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow when something happens on Trello boards (instant, webhook-based)',
		defaults: { name: 'Trello Toolkit Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		webhooks: [
			// Trello checks the callback address with HEAD before it accepts a webhook. Listed first so
			// n8n registers it before the default webhook's create() asks Trello for the webhook.
			{ name: 'setup', httpMethod: 'HEAD', responseMode: 'onReceived', path: 'webhook' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			TRELLO_AUTHENTICATION_PROPERTY,
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: TRIGGERS.map(({ name, value, description }) => ({ name, value, description })),
				default: 'newComment',
			},
			...watchedModelProperties(),
			filtersCollection(),
			{
				displayName: 'Verify Signatures',
				name: 'verifySignature',
				type: 'boolean',
				default: true,
				description:
					"Whether to reject deliveries whose X-Trello-Webhook signature does not match. Needs the application secret in the credential (shown beside the API key on Trello's Power-Up admin page).",
			},
			{
				displayName:
					'Turning this off lets anyone who learns the webhook address start the workflow with made-up Trello events',
				name: 'unverifiedNotice',
				type: 'notice',
				displayOptions: { show: { verifySignature: [false] } },
				default: '',
			},
			TRELLO_TRIGGER_OPTIONS,
		],
	};

	methods = { loadOptions: { getBoards, getLists, getWatchableMembers, getWorkspaces } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhooksExist(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createWebhooks(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteWebhooks(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleDelivery(this);
	}
}
