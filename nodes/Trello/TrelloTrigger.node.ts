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
import { EVENT_TYPES, TRIGGERS } from './triggers/events';
import { filtersCollection } from './triggers/filters';
import { createWebhooks, deleteWebhooks, webhooksExist } from './triggers/registration';
import { getBoards, getLists } from './triggers/loadOptions';
import { boardsPicker, listsPicker } from './actions/fields';
import { WEBHOOK_TRIGGER_DEFAULT_VERSION, WEBHOOK_TRIGGER_VERSIONS } from '../shared/webhookTriggerVersions';

const EVENT_TYPE_OPTIONS = EVENT_TYPES.map(({ name, value, description }) => ({ name, value, description }));

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
			{
				displayName: 'Watch',
				name: 'watch',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { event: ['custom'] } },
				options: [
					{ name: 'Boards', value: 'board', description: 'Everything on the chosen boards' },
					{ name: 'Lists', value: 'list', description: 'The chosen lists and their cards' },
					{ name: 'Cards', value: 'card', description: 'Only the chosen cards' },
				],
				default: 'board',
				description: 'What Trello webhooks are created on',
			},
			boardsPicker('Boards to watch; one Trello webhook is created per board.', {
				displayOptions: { hide: { event: ['newBoard'], watch: ['list', 'card'] } },
			}),
			listsPicker('watchedLists', 'Lists to Watch', 'Lists to watch; one webhook is created per list.', {
				displayOptions: { show: { event: ['custom'], watch: ['list'] } },
				required: true,
			}),
			{
				displayName: 'Cards to Watch',
				name: 'watchedCards',
				type: 'string',
				displayOptions: { show: { event: ['custom'], watch: ['card'] } },
				default: '',
				required: true,
				placeholder: 'https://trello.com/c/AbCd1234, 5f1c0e1d2a3b4c5d6e7f8093',
				description: 'Comma-separated card IDs, short links or card addresses; one webhook is created per card',
			},
			{
				displayName: 'Activity Types',
				name: 'activityTypes',
				type: 'multiOptions',
				displayOptions: { show: { event: ['newBoardActivity'] } },
				options: EVENT_TYPE_OPTIONS,
				default: [],
				description: 'Activity that starts the workflow; leave empty for any activity on the boards',
			},
			{
				displayName: 'Event Types',
				name: 'eventTypes',
				type: 'multiOptions',
				displayOptions: { show: { event: ['custom'] } },
				options: EVENT_TYPE_OPTIONS,
				default: [],
				description:
					'Events that start the workflow; leave empty (and Action Types empty) for every event the watched models report',
			},
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
		],
	};

	methods = { loadOptions: { getBoards, getLists } };

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
