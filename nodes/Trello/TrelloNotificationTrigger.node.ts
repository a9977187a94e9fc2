import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import { TRELLO_TRIGGER_OPTIONS } from './triggers/itemText';
import { NOTIFICATION_TYPES, pollNotifications } from './triggers/polling/notifications';

export class TrelloNotificationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit Notification Trigger',
		name: 'trelloNotificationTrigger',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['trigger'],
		version: 1,
		description: 'Starts the workflow when the connected Trello account receives a notification (polling)',
		subtitle: 'New Notification',
		defaults: { name: 'Trello Toolkit Notification Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: [
			TRELLO_AUTHENTICATION_PROPERTY,
			{
				displayName: 'Notification Types',
				name: 'notificationTypes',
				type: 'multiOptions',
				options: NOTIFICATION_TYPES,
				default: [],
				description: 'Notification types that start the workflow; leave empty for all',
			},
			{
				displayName: 'Unread Only',
				name: 'unreadOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to skip notifications already read in Trello when the poll runs',
			},
			TRELLO_TRIGGER_OPTIONS,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollNotifications(this);
	}
}
