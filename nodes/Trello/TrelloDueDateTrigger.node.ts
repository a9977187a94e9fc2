import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import { TRELLO_TRIGGER_OPTIONS } from './triggers/itemText';
import { getBoards, getLists } from './triggers/loadOptions';
import { boardsPicker, listsPicker } from './actions/fields';
import { pollDueDates } from './triggers/polling/dueDates';

export class TrelloDueDateTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit Due Date Trigger',
		name: 'trelloDueDateTrigger',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['trigger'],
		version: 1,
		description: 'Starts the workflow when a card on the chosen boards is due soon or overdue, once per card and due date (polling)',
		subtitle: '={{$parameter["window"] === "overdue" ? "Overdue cards" : "Cards due within " + $parameter["dueWithinHours"] + " h"}}',
		defaults: { name: 'Trello Toolkit Due Date Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: [
			TRELLO_AUTHENTICATION_PROPERTY,
			boardsPicker('Boards whose cards are checked at every poll.'),
			{
				displayName: 'Trigger On',
				name: 'window',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Cards Due Soon', value: 'dueSoon', description: 'The due date is within the chosen hours from now' },
					{ name: 'Overdue Cards', value: 'overdue', description: 'The due date has passed' },
					{
						name: 'Cards Due Soon or Overdue',
						value: 'dueSoonOrOverdue',
						description: 'The due date has passed or is within the chosen hours from now',
					},
				],
				default: 'dueSoon',
			},
			{
				displayName: 'Due Within (Hours)',
				name: 'dueWithinHours',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				displayOptions: { show: { window: ['dueSoon', 'dueSoonOrOverdue'] } },
				default: 24,
				description: 'How far ahead a due date counts as due soon',
			},
			{
				displayName: 'Incomplete Only',
				name: 'incompleteOnly',
				type: 'boolean',
				default: true,
				description: 'Whether to skip cards whose due date is marked complete',
			},
			listsPicker('lists', 'Lists', 'Only cards in these lists; leave empty for every list of the boards.'),
			TRELLO_TRIGGER_OPTIONS,
			{
				displayName:
					'Each card starts the workflow once per due date: when its due date changes, it fires again once the new date is in the window. The first poll reports every card already in the window.',
				name: 'onceNotice',
				type: 'notice',
				default: '',
			},
		],
	};

	methods = { loadOptions: { getBoards, getLists } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollDueDates(this);
	}
}
