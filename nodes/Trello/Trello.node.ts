import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { describeCatalogue, resourceNames } from '../shared/catalogue';
import { assertNotCustomApiCall, customApiCallNotice, MAX_RATE_LIMIT_WAIT_OPTION } from '../shared/options';
import { MAX_DOWNLOAD_SIZE_OPTION } from '../shared/transfer';
import { TRELLO_RESOURCES, TRELLO_ROWS } from './actions/catalogue';
import { executeTrelloRows } from './actions/router';
import { TRELLO_AUTHENTICATION_PROPERTY, TRELLO_CREDENTIALS } from './common';
import {
	searchAttachments,
	searchBoards,
	searchCards,
	searchCheckItems,
	searchChecklists,
	searchComments,
	searchCustomFields,
	searchLabels,
	searchLists,
	searchTargetLists,
} from './methods/listSearch';
import { getLabels, getMembers } from './methods/loadOptions';
import { TRELLO_FIELD_SETS } from './actions/output';
import { TRELLO_NODE_DEFAULT_VERSION, TRELLO_NODE_VERSIONS } from './actions/versions';

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
		// Canvas names stay "Trello Toolkit" rather than the action ("Create a card"), which n8n's own Trello node also uses.
		skipNameGeneration: true,
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: TRELLO_CREDENTIALS,
		properties: [
			TRELLO_AUTHENTICATION_PROPERTY,
			customApiCallNotice('Trello Toolkit API Call'),
			...describeCatalogue(TRELLO_RESOURCES, TRELLO_ROWS, TRELLO_FIELD_SETS),
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
							'Comma-separated board IDs, short links or board addresses. When set, every operation acts only on cards, lists, checklists and labels of these boards and fails before sending any change otherwise; Get Many Boards returns only these boards and Create Board is refused.',
					},
					MAX_RATE_LIMIT_WAIT_OPTION,
					MAX_DOWNLOAD_SIZE_OPTION,
				],
			},
		],
	};

	methods = {
		listSearch: {
			searchBoards,
			searchLists,
			searchTargetLists,
			searchCards,
			searchLabels,
			searchChecklists,
			searchCheckItems,
			searchAttachments,
			searchCustomFields,
			searchComments,
		},
		loadOptions: { getLabels, getMembers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		assertNotCustomApiCall(this, 'Trello Toolkit API Call');
		return await executeTrelloRows(this);
	}
}
