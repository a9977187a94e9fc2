import type { IDataObject, INodeExecutionData, INodePropertyOptions, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { byName, locatorModes } from '../shared/locator';
import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import { searchOwners, searchRepositories } from './methods/listSearch';
import { getOwnerRepositories } from './methods/loadOptions';
import { OWNER_NAMED_BY_REPOSITORY, repositoryReference } from './repositoryReference';
import { DEFAULT_RETRY_BOUNDS } from '../shared/rateLimit';
import { GitHubClient } from './transport';
import { POLL_TRIGGERS, POLLED_REPOSITORY_TRIGGERS, triggersByValue } from './triggers/events';
import { chosenRepositories, filtersPropertyFor, OWNER_PROPERTY, REPOSITORIES_LABEL, userFilters } from './triggers/parameters';
import type { RepositoryName, RepositoryPollState } from './triggers/polling/pollRun';
import { MAX_OWNER_REPOSITORIES } from './triggers/polling/pollRun';
import { pollRepositories } from './triggers/polling/repositories';
import type { PollerInput, PollState } from './triggers/polling/runPoller';
import { ACCOUNT_POLLERS, POLLER_INPUTS, runPoller } from './triggers/polling/runPoller';
import { withholdTriggerText, TRIGGER_TEXT_OPTIONS } from './triggers/trustedItems';

type PollRow = (typeof POLL_TRIGGERS)[number];

/** The name the editor lists a poll trigger under. */
const optionName = (row: PollRow): string => row.pollName ?? row.name;

/** Whether the trigger's poller reads that input from the node's parameters. */
const reads = (row: PollRow, input: PollerInput): boolean => Boolean(row.poller && POLLER_INPUTS[row.poller].includes(input));
/** The "Trigger On" values whose poller reads that input: the parameters it needs are shown for them. */
const triggersReading = (input: PollerInput): string[] => POLL_TRIGGERS.filter((row) => reads(row, input)).map((row) => row.value);

/** "Trigger On" value for the repository events (their rows carry polledFrom). */
const REPOSITORY_EVENTS = 'repositoryEvents';
const REPOSITORY_EVENTS_SHOWN = { show: { trigger: [REPOSITORY_EVENTS] } };
/** "Watch" value for every repository of the owner. */
const ALL_OF_OWNER = 'allOfOwner';

const TRIGGER_OPTIONS: INodePropertyOptions[] = [
	...POLL_TRIGGERS.map((row) => ({
		name: optionName(row),
		value: row.value,
		description: row.pollDescription ?? row.description,
	})),
	{
		name: 'Repository Events',
		value: REPOSITORY_EVENTS,
		description:
			'Issues, pull requests, reviews, comments, releases, tags, branches, commits, stars, forks, workflow runs and discussions of chosen repositories or of all repositories of an owner, read from their lists (read access is enough; no webhook)',
	},
];

const NOTIFICATION_TRIGGERS = triggersReading('notifications');
const REASONS_CHOSEN = POLL_TRIGGERS.filter((row) => row.notificationReasons === 'chosen').map((row) => row.value);

/** GitHub's notification reasons (docs: "About notifications", reasons). */
const NOTIFICATION_REASONS = [
	['approval_requested', 'Approval Requested', 'Asked to review and approve a deployment'],
	['assign', 'Assign', 'Assigned to the issue'],
	['author', 'Author', 'Created the thread'],
	['ci_activity', 'CI Activity', 'A GitHub Actions workflow run that the account triggered completed'],
	['comment', 'Comment', 'Commented on the thread'],
	['invitation', 'Invitation', 'Accepted an invitation to contribute to the repository'],
	['manual', 'Manual', 'Subscribed to the thread (via an issue or pull request)'],
	['member_feature_requested', 'Member Feature Requested', 'Organization members asked for a feature'],
	['mention', 'Mention', 'Specifically @mentioned in the content'],
	['review_requested', 'Review Requested', 'The account or its team was asked to review a pull request'],
	['security_advisory_credit', 'Security Advisory Credit', 'Credited for contributing to a security advisory'],
	['security_alert', 'Security Alert', 'GitHub found a security vulnerability in a repository the account has alerts for'],
	['state_change', 'State Change', 'Changed the thread state (for example, closed an issue or merged a pull request)'],
	['subscribed', 'Subscribed', 'Watching the repository'],
	['team_mention', 'Team Mention', 'On a team that was mentioned'],
].map(([value, name, description]) => ({ value, name, description }));

const KNOWN_REASONS = new Set(NOTIFICATION_REASONS.map((reason) => reason.value));

/** The Reasons parameter; a value GitHub does not send (e.g. misspelt by expression) is refused, not silently never matched. */
function notificationReasonsParameter(ctx: IPollFunctions): string[] {
	const raw = ctx.getNodeParameter('reasons', []) as unknown;
	const reasons = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((reason) => String(reason).trim()).filter(Boolean);
	const unknown = reasons.find((reason) => !KNOWN_REASONS.has(reason));
	if (unknown !== undefined) {
		throw new NodeOperationError(ctx.getNode(), `"${unknown}" in "Reasons" is not a reason GitHub gives a notification`, {
			description: `Choose from the list in "Reasons" (e.g. review_requested, mention, assign), or leave it empty for every reason.`,
		});
	}
	return reasons;
}

/** Project Item Changed's parameters, each named when it is missing or not usable. */
function projectParameters(ctx: IPollFunctions): { owner: string; number: number; fields: string[] } {
	const owner = String(ctx.getNodeParameter('projectOwner', '') ?? '').trim();
	const number = Number(ctx.getNodeParameter('projectNumber', 0));
	if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(owner)) {
		throw new NodeOperationError(ctx.getNode(), owner ? `"${owner}" in "Project Owner" is not a GitHub user or organization name` : 'The "Project Owner" parameter is required for Project Item Changed', {
			description: 'Enter the login of the user or organization that owns the project, e.g. octo-org.',
		});
	}
	if (!Number.isInteger(number) || number < 1) {
		throw new NodeOperationError(ctx.getNode(), '"Project Number" must be a whole number of 1 or more', {
			description: 'Use the number in the project\'s URL: https://github.com/orgs/octo-org/projects/5 → 5.',
		});
	}
	const fields = String(ctx.getNodeParameter('projectFields', '') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
	return { owner, number, fields };
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
		description:
			'Checks GitHub on the polling schedule for repository events (no admin rights needed) and for what has no webhook (new gists, watchers, account repositories, notifications), and starts the workflow once per new item',
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
				options: TRIGGER_OPTIONS,
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				displayOptions: REPOSITORY_EVENTS_SHOWN,
				options: POLLED_REPOSITORY_TRIGGERS.map((row) => ({ name: row.name, value: row.value, description: row.pollDescription ?? row.description })),
				description:
					'Events that start the workflow, with the same names, filters and items as the GitHub Toolkit Trigger\'s webhooks. Events of one repository share their list requests.',
			},
			{
				displayName: 'Watch',
				name: 'watch',
				type: 'options',
				default: 'chosen',
				displayOptions: REPOSITORY_EVENTS_SHOWN,
				options: [
					{
						name: 'All Repositories of the Owner',
						value: ALL_OF_OWNER,
						description: `Every repository of the user or organization that the credential can read, at most ${MAX_OWNER_REPOSITORIES}. The owner's repository list is read on each poll (free while it does not change); a repository added later is watched from then on, without its past.`,
					},
					{ name: 'Chosen Repositories', value: 'chosen', description: 'The repositories picked in the list below' },
				],
			},
			{ ...OWNER_PROPERTY, displayOptions: { show: { trigger: [...triggersReading('repository'), REPOSITORY_EVENTS] }, hide: OWNER_NAMED_BY_REPOSITORY.hide } },
			{
				displayName: REPOSITORIES_LABEL,
				name: 'repositories',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getOwnerRepositories', loadOptionsDependsOn: ['owner.value', 'authentication'] },
				default: [],
				displayOptions: { show: { trigger: [REPOSITORY_EVENTS], watch: ['chosen'] } },
				description:
					'Repositories of the owner to watch; read access is enough. By expression: names as a list or as text like "hello-world, docs" ("owner/name" and repository URLs of the owner work too). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{ ...filtersPropertyFor(POLLED_REPOSITORY_TRIGGERS), displayOptions: REPOSITORY_EVENTS_SHOWN },
			{
				displayName: 'Repository',
				name: 'repository',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				required: true,
				displayOptions: { show: { trigger: triggersReading('repository') } },
				...locatorModes(
					{ searchListMethod: 'searchRepositories', placeholder: 'Select a repository...' },
					byName('e.g. hello-world or octo-org/hello-world'),
				),
			},
			{
				displayName: 'Only Participating',
				name: 'onlyParticipating',
				type: 'boolean',
				default: true,
				displayOptions: { show: { trigger: NOTIFICATION_TRIGGERS } },
				description: 'Whether to read only notifications where the account participates or is mentioned (fewer requests)',
			},
			{
				displayName: 'Reasons',
				name: 'reasons',
				type: 'multiOptions',
				default: [],
				displayOptions: { show: { trigger: REASONS_CHOSEN } },
				options: NOTIFICATION_REASONS,
				description: 'Only notifications for these reasons (GitHub\'s <code>reason</code> of the thread); none chosen means every reason',
			},
			{
				displayName: 'Project Owner',
				name: 'projectOwner',
				type: 'string',
				default: '',
				required: true,
				placeholder: 'e.g. octo-org',
				displayOptions: { show: { trigger: triggersReading('project') } },
				description: 'The user or organization the project belongs to',
			},
			{
				displayName: 'Project Number',
				name: 'projectNumber',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				required: true,
				displayOptions: { show: { trigger: triggersReading('project') } },
				description: 'The number in the project\'s URL (…/projects/5 → 5)',
			},
			{
				displayName: 'Fields',
				name: 'projectFields',
				type: 'string',
				default: '',
				placeholder: 'e.g. Status, Priority',
				displayOptions: { show: { trigger: triggersReading('project') } },
				description:
					'Field names whose value changes start the workflow, separated by commas; empty means every field. Items added, removed, archived or restored always count.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: REPOSITORY_EVENTS_SHOWN,
				options: [
					{
						displayName: 'Max Items per Poll',
						name: 'maxItemsPerPoll',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 0,
						description:
							'Most items one poll emits (0 = no bound). The rest follow on the next polls, oldest first; nothing is skipped.',
					},
					...TRIGGER_TEXT_OPTIONS,
				],
			},
		],
	};

	methods = { listSearch: { searchOwners, searchRepositories }, loadOptions: { getOwnerRepositories } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const value = this.getNodeParameter('trigger') as string;
		if (value === REPOSITORY_EVENTS) return await pollRepositoryEvents(this);
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
		const readsRepository = reads(row, 'repository');
		const named = readsRepository ? repositoryReference(text('repository')) : undefined;
		const owner = readsRepository ? (named?.owner ?? text('owner')) : undefined;
		const repository = readsRepository ? (named?.repo ?? text('repository')) : undefined;
		if (readsRepository && (!owner || !repository)) {
			throw new NodeOperationError(this.getNode(), 'The "Owner" and "Repository" parameters are required for New Watcher', {
				description: 'Choose the repository whose watchers to follow.',
			});
		}
		const project = reads(row, 'project') ? projectParameters(this) : undefined;
		const state = this.getWorkflowStaticData('node') as PollState & IDataObject;
		const items = await runPoller(new GitHubClient(this), state, {
			poller: row.poller,
			triggerName: row.name,
			owner,
			repository,
			onlyParticipating: this.getNodeParameter('onlyParticipating', true) as boolean,
			project,
			reasons: row.notificationReasons === 'chosen' ? notificationReasonsParameter(this) : (row.notificationReasons ?? []),
			manual: this.getMode() === 'manual',
		});
		return items.length > 0 ? [this.helpers.returnJsonArray(items)] : null;
	}
}

async function pollRepositoryEvents(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const rows = triggersByValue(ctx.getNodeParameter('events', []) as string[]).filter((row) => row.polledFrom);
	if (rows.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No event chosen in "Events"', {
			description: 'Pick at least one event in "Events", e.g. New Issue.',
		});
	}
	const owner = String(ctx.getNodeParameter('owner', '', { extractValue: true }) ?? '').trim();
	if (!owner) {
		throw new NodeOperationError(ctx.getNode(), 'The "Owner" parameter is empty', {
			description: 'Choose the user or organization that owns the repositories.',
		});
	}
	const allOfOwner = ctx.getNodeParameter('watch', 'chosen') === ALL_OF_OWNER;
	let repositories: RepositoryName[] = [];
	if (!allOfOwner) {
		const names = chosenRepositories(ctx, owner);
		repositories = names
			.filter((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index)
			.map((repo) => ({ owner, repo }));
		if (repositories.length === 0) {
			throw new NodeOperationError(ctx.getNode(), `The "${REPOSITORIES_LABEL}" parameter is empty`, {
				description: 'Choose at least one repository of the owner (or give names by expression), or set "Watch" to "All Repositories of the Owner".',
			});
		}
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const state = ctx.getWorkflowStaticData('node') as RepositoryPollState & IDataObject;
	const client = new GitHubClient(ctx);
	// A used-up budget stops the poll at once; the next poll after the reset goes on from there.
	const polled = await pollRepositories(new GitHubClient(ctx, undefined, { ...DEFAULT_RETRY_BOUNDS, stopWhenSpent: true }), state, {
		rows,
		repositories,
		allRepositoriesOf: allOfOwner ? { owner, userAccount: ctx.getNodeParameter('authentication', 'accessToken') !== 'githubApp', node: ctx.getNode() } : undefined,
		filters: userFilters(ctx),
		maxItems: Math.max(0, Math.floor(Number(options.maxItemsPerPoll ?? 0) || 0)),
		manual: ctx.getMode() === 'manual',
		warn: (message) => ctx.logger.warn(`${ctx.getNode().name}: ${message}`),
	});
	const items = await withholdTriggerText(ctx, client, options, polled);
	return items.length > 0 ? [ctx.helpers.returnJsonArray(items)] : null;
}
