import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import { searchOwners, searchRepositories } from './methods/listSearch';
import { OWNER_NAMED_BY_REPOSITORY, repositoryReference } from './repositoryReference';
import { GitHubClient } from './transport';
import { POLL_TRIGGERS, triggersByValue } from './triggers/catalogue';
import { OWNER_PROPERTY } from './triggers/parameters';
import type { PollState } from './triggers/pollers';
import { ACCOUNT_POLLERS, runPoller } from './triggers/pollers';

/** The name the editor lists a poll trigger under. */
function optionName(row: (typeof POLL_TRIGGERS)[number]): string {
	if (row.value === 'newRepository') return 'New Repository (in the account)';
	if (row.value === 'newMention') return 'New Mention (from notifications)';
	return row.name;
}

const ACCOUNT_TRIGGER_NAMES = POLL_TRIGGERS.filter((row) => row.poller && ACCOUNT_POLLERS.has(row.poller)).map(optionName);

export class GitHubPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'GitHub Toolkit Poll Trigger',
		name: 'gitHubPollTrigger',
		icon: { light: 'file:github.svg', dark: 'file:github.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["trigger"]}}',
		description: 'Checks GitHub on the polling schedule for what has no webhook (new gists, watchers, account repositories, mentions) and starts the workflow once per new item',
		defaults: { name: 'GitHub Toolkit Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: GITHUB_CREDENTIALS,
		properties: [
			GITHUB_AUTHENTICATION_PROPERTY,
			{
				// "Trigger On" is the label n8n's node creator lists a trigger's events from.
				displayName: 'Trigger On',
				name: 'trigger',
				type: 'options',
				default: 'newGist',
				options: POLL_TRIGGERS.map((row) => ({
					name: optionName(row),
					value: row.value,
					description: row.pollDescription ?? row.description,
				})),
			},
			{ ...OWNER_PROPERTY, displayOptions: { show: { trigger: ['newWatcher'] }, hide: OWNER_NAMED_BY_REPOSITORY.hide } },
			{
				displayName: 'Repository',
				name: 'repository',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				required: true,
				displayOptions: { show: { trigger: ['newWatcher'] } },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a repository...',
						typeOptions: { searchListMethod: 'searchRepositories', searchable: true },
					},
					{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. hello-world or octo-org/hello-world' },
				],
			},
			{
				displayName: 'Only Participating',
				name: 'onlyParticipating',
				type: 'boolean',
				default: true,
				displayOptions: { show: { trigger: ['newMention'] } },
				description: 'Whether to read only notifications where the account participates or is mentioned (fewer requests)',
			},
		],
	};

	methods = { listSearch: { searchOwners, searchRepositories } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const value = this.getNodeParameter('trigger') as string;
		const [row] = triggersByValue([value]).filter((candidate) => candidate.poller);
		if (!row?.poller) {
			throw new NodeOperationError(this.getNode(), `Unknown trigger "${value}"`, {
				description: 'Choose one of the listed triggers in "Trigger".',
			});
		}
		// Known from the node's settings, so nothing is sent that GitHub would refuse.
		if (ACCOUNT_POLLERS.has(row.poller) && this.getNodeParameter('authentication', 'accessToken') === 'githubApp') {
			throw new NodeOperationError(
				this.getNode(),
				`"${optionName(row)}" needs a user's token: it reads the signed-in account, and a GitHub App installation token has none`,
				{
					description: `Set "Authentication" to "OAuth2" or "Access Token" for ${ACCOUNT_TRIGGER_NAMES.map((name) => `"${name}"`).join(', ')} (GitHub answers /gists, /user/repos and /notifications only for a user). With "GitHub App", use "New Watcher" here, or the GitHub Toolkit Trigger for repository and organization events (e.g. New Repository in an organization).`,
				},
			);
		}
		const text = (name: string) => String(this.getNodeParameter(name, '', { extractValue: true }) ?? '').trim();
		// A repository picked without an owner comes as "owner/name", which names the owner.
		const named = row.poller === 'watchers' ? repositoryReference(text('repository')) : undefined;
		const owner = row.poller === 'watchers' ? (named?.owner ?? text('owner')) : undefined;
		const repository = row.poller === 'watchers' ? (named?.repo ?? text('repository')) : undefined;
		if (row.poller === 'watchers' && (!owner || !repository)) {
			throw new NodeOperationError(this.getNode(), 'The "Owner" and "Repository" parameters are required for New Watcher', {
				description: 'Choose the repository whose watchers to follow.',
			});
		}
		const state = this.getWorkflowStaticData('node') as PollState & IDataObject;
		const items = await runPoller(new GitHubClient(this), state, {
			poller: row.poller,
			triggerName: row.name,
			owner,
			repository,
			onlyParticipating: this.getNodeParameter('onlyParticipating', true) as boolean,
			manual: this.getMode() === 'manual',
		});
		return items.length > 0 ? [this.helpers.returnJsonArray(items)] : null;
	}
}
