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
import { GITHUB_RESOURCES, GITHUB_ROWS } from './actions/catalogue';
import { runGitHubRows } from './actions/router';
import { GITHUB_TRUST_MEANING, TRUSTED_CONTENT_ONLY_OPTION } from './trustedContent';
import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import { listSearch } from './methods/listSearch';
import { GITHUB_FIELD_SETS } from './actions/fieldSets';

const GITHUB_PROPERTIES: INodeProperties[] = [
	GITHUB_AUTHENTICATION_PROPERTY,
	customApiCallNotice('GitHub Toolkit API Call'),
	...describeRows(GITHUB_RESOURCES, GITHUB_ROWS, GITHUB_FIELD_SETS, GITHUB_TRUST_MEANING),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		// Where the Trello Toolkit node has Allowed Boards: both nodes keep their scope in Options.
		options: [
			{
				displayName: 'Allowed Repositories',
				name: 'allowedRepositories',
				type: 'string',
				default: '',
				placeholder: 'e.g. n8n-io/n8n, n8n-io/docs, my-org/*',
				description:
					'Limit this node to these repositories (owner/name or owner/*, comma-separated). Operations on any other repository fail before a request is sent, and Search only returns results from these repositories. Empty = no limit.',
			},
			MAX_RATE_LIMIT_WAIT_OPTION,
			MAX_DOWNLOAD_SIZE_OPTION,
			REMOVE_HIDDEN_TEXT_OPTION,
			SECRETS_IN_WRITES_OPTION,
			TRUSTED_CONTENT_ONLY_OPTION,
		],
	},
];

export class GitHub implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'GitHub Toolkit',
		name: 'gitHub',
		icon: { light: 'file:github.svg', dark: 'file:github.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: `Work with GitHub: ${resourceNames(GITHUB_RESOURCES)}`,
		defaults: { name: 'GitHub Toolkit' },
		// Main nodes keep the name "GitHub Toolkit" rather than the action ("Create an issue"), which n8n's own GitHub node also uses;
		// as a tool a new node is named after its operation (see toolVariantNamedByOperation).
		skipNameGeneration: true,
		usableAsTool: toolVariantNamedByOperation(GITHUB_PROPERTIES, GITHUB_ROWS),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: GITHUB_CREDENTIALS,
		properties: GITHUB_PROPERTIES,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		assertNotCustomApiCall(this, 'GitHub Toolkit API Call');
		return await runGitHubRows(this);
	}
}
