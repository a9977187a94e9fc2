import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { describeRows, resourceNames, toolVariantNamedByOperation } from '../shared/rowEngine';
import { assertNotCustomApiCall, customApiCallNotice, MAX_RATE_LIMIT_WAIT_OPTION, REMOVE_HIDDEN_TEXT_OPTION } from '../shared/options';
import { MAX_DOWNLOAD_SIZE_OPTION } from '../shared/transfer';
import { SECRETS_IN_WRITES_OPTION } from '../shared/secretWrites';
import { TRELLO_RESOURCES, TRELLO_ROWS } from './actions/catalogue';
import { runTrelloRows } from './actions/router';
import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import {
	searchAttachments,
	searchBoards,
	searchCards,
	searchCheckItems,
	searchChecklists,
	searchComments,
	searchCustomFieldOptions,
	searchCustomFields,
	searchLabels,
	searchLists,
	searchNotifications,
	searchDestinationLists,
	searchWebhooks,
	searchWorkspaces,
} from './methods/listSearch';
import { getCustomFieldNames, getLabels, getMembers } from './methods/loadOptions';
import { TRELLO_FIELD_SETS } from './actions/fieldSets';
import { TRELLO_TRUST_MEANING, TRUSTED_MEMBERS_OPTIONS } from './trustedMembers';
import { TRELLO_NODE_DEFAULT_VERSION, TRELLO_NODE_VERSIONS } from './actions/versions';

const TRELLO_PROPERTIES: INodeProperties[] = [
	TRELLO_AUTHENTICATION_PROPERTY,
	customApiCallNotice('Trello Toolkit API Call'),
	...describeRows(TRELLO_RESOURCES, TRELLO_ROWS, TRELLO_FIELD_SETS, TRELLO_TRUST_MEANING),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allowed Boards',
				name: 'allowedBoards',
				type: 'string',
				default: '',
				placeholder: '5abbe4b7ddc1b351ef961414, https://trello.com/b/AbCd1234/team',
				description:
					'Comma-separated board IDs, short links or board addresses. When set, every operation acts only on cards, lists, checklists and labels of these boards and fails before sending any change otherwise; lists of boards, notifications and webhooks keep only what concerns these boards; Create Board and Mark All Notifications as Read are refused.',
			},
			MAX_RATE_LIMIT_WAIT_OPTION,
			MAX_DOWNLOAD_SIZE_OPTION,
			REMOVE_HIDDEN_TEXT_OPTION,
			SECRETS_IN_WRITES_OPTION,
			...TRUSTED_MEMBERS_OPTIONS,
		],
	},
];

export class Trello implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Trello Toolkit',
		name: 'trello',
		icon: { light: 'file:trello.svg', dark: 'file:trello.dark.svg' },
		group: ['transform'],
		version: TRELLO_NODE_VERSIONS,
		defaultVersion: TRELLO_NODE_DEFAULT_VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: `Create, read and change Trello objects: ${resourceNames(TRELLO_RESOURCES)}. Can be limited to chosen boards.`,
		defaults: { name: 'Trello Toolkit' },
		// Main nodes keep the name "Trello Toolkit" rather than the action ("Create a card"), which n8n's own Trello node also uses;
		// as a tool a new node is named after its operation (see toolVariantNamedByOperation).
		skipNameGeneration: true,
		usableAsTool: toolVariantNamedByOperation(TRELLO_PROPERTIES, TRELLO_ROWS),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: TRELLO_PROPERTIES,
	};

	methods = {
		listSearch: {
			searchBoards,
			searchLists,
			searchDestinationLists,
			searchCards,
			searchLabels,
			searchChecklists,
			searchCheckItems,
			searchAttachments,
			searchCustomFields,
			searchCustomFieldOptions,
			searchComments,
			searchWorkspaces,
			searchNotifications,
			searchWebhooks,
		},
		loadOptions: { getLabels, getMembers, getCustomFieldNames },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		assertNotCustomApiCall(this, 'Trello Toolkit API Call');
		return await runTrelloRows(this);
	}
}
