import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { GITHUB_AUTHENTICATION_PROPERTY, GITHUB_CREDENTIALS } from './common';
import { searchOwners } from './methods/listSearch';
import { getOwnerRepositories } from './methods/loadOptions';
import { GitHubClient } from './transport';
import { WEBHOOK_TRIGGERS } from './triggers/events';
import { alreadySeen } from './triggers/delivery';
import { isStale } from './triggers/freshness';
import type { WebhookState } from './triggers/registration';
import { hooksExist, registerHooks, unregisterHooks } from './triggers/registration';
import { itemsForDelivery } from './triggers/matching';
import { chosenTriggers, deliveryMatching, FILTERS_PROPERTY, hookTargets, OWNER_PROPERTY, rowsForEvent } from './triggers/parameters';
import { EVENT_ACTIONS_PROPERTY, WEBHOOK_EVENTS_PROPERTY, webhookEventActions } from './triggers/anyEvent';
import { verifySignature } from './triggers/signature';
import { FIRST_PING_ANSWER, firstPingSecret } from './triggers/firstPing';
import { withholdTriggerText, TRIGGER_TEXT_OPTIONS } from './triggers/trustedItems';
import { WEBHOOK_TRIGGER_DEFAULT_VERSION, WEBHOOK_TRIGGER_VERSIONS } from '../shared/webhookTriggerVersions';

const NO_MATCH = 'Delivery does not match the chosen triggers';

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

function header(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = ctx.getHeaderData()[name] as string | string[] | undefined;
	return Array.isArray(value) ? value[0] : value;
}

async function accountLogin(ctx: IHookFunctions | IWebhookFunctions, state: WebhookState): Promise<string | undefined> {
	if (!state.login) {
		const me = await new GitHubClient(ctx).request<IDataObject>({ method: 'GET', path: '/user' });
		state.login = String(me.login ?? '');
	}
	return state.login || undefined;
}

export class GitHubTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'GitHub Toolkit Trigger',
		// n8n's node creator files a trigger under the node whose name is the trigger's without "Trigger".
		name: 'gitHubTrigger',
		icon: { light: 'file:github.svg', dark: 'file:github.dark.svg' },
		group: ['trigger'],
		version: WEBHOOK_TRIGGER_VERSIONS,
		defaultVersion: WEBHOOK_TRIGGER_DEFAULT_VERSION,
		subtitle: '={{$parameter["triggers"].join(", ")}}',
		description: 'Starts the workflow when GitHub events happen (webhooks registered automatically)',
		defaults: { name: 'GitHub Toolkit Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: GITHUB_CREDENTIALS,
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			GITHUB_AUTHENTICATION_PROPERTY,
			{
				displayName:
					'Webhooks need admin rights on each repository. With read access only, use the GitHub Toolkit Poll Trigger ("Trigger On": Repository Events): the same events, filters and items for issues, pull requests, reviews, comments, releases, tags, branches, commits, stars, forks, workflow runs and discussions.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				// "Events" is the label n8n's node creator lists a trigger's events from ("On …" actions).
				displayName: 'Events',
				name: 'triggers',
				type: 'multiOptions',
				required: true,
				default: [],
				options: WEBHOOK_TRIGGERS.map((row) => ({ name: row.name, value: row.value, description: row.description })),
				description:
					'Events that start the workflow. The hook subscribes to exactly the GitHub events these need. "Any Event" offers every webhook event GitHub sends. For New Watcher and New Gist use the GitHub Toolkit Poll Trigger.',
			},
			WEBHOOK_EVENTS_PROPERTY,
			EVENT_ACTIONS_PROPERTY,
			OWNER_PROPERTY,
			{
				displayName: 'Listen On',
				name: 'listenOn',
				type: 'options',
				default: 'repositories',
				options: [
					{
						name: 'Chosen Repositories',
						value: 'repositories',
						description:
							'One webhook per repository (needs admin rights on each); organization-only triggers add one organization webhook',
					},
					{
						name: 'Whole Organization',
						value: 'organization',
						description: 'One organization webhook for every repository of the organization (needs organization owner)',
					},
				],
			},
			{
				displayName: 'Repository Names or IDs',
				name: 'repositories',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getOwnerRepositories', loadOptionsDependsOn: ['owner.value', 'authentication'] },
				default: [],
				description:
					'Repositories of the owner to listen on. With "Whole Organization", leave empty for all repositories or choose some to only react to those. By expression: names as a list or as text like "hello-world, docs" ("owner/name" and repository URLs of the owner work too). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			FILTERS_PROPERTY,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Max Delivery Age (Minutes)',
						name: 'maxDeliveryAgeMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 60,
						description:
							'Ignore deliveries whose payload times (issue, comment, pull request, review, release, run, push time …) are all older than this, so a captured delivery sent again later does not run the workflow. 0 turns the check off. Events whose payload has no time (e.g. New Branch, New Collaborator) are not checked; GitHub redeliveries of old events are ignored too.',
					},
					...TRIGGER_TEXT_OPTIONS,
				],
			},
		],
	};

	methods = { listSearch: { searchOwners }, loadOptions: { webhookEventActions, getOwnerRepositories } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as WebhookState;
				const client = new GitHubClient(this);
				return await hooksExist(client, state, hookTargets(this), this.getNodeWebhookUrl('default') as string);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as WebhookState;
				const targets = hookTargets(this);
				const client = new GitHubClient(this);
				if (chosenTriggers(this).some((row) => row.webhook?.mentionsAccount)) {
					delete state.login;
					await accountLogin(this, state);
				}
				await registerHooks(this, client, state, targets, this.getNodeWebhookUrl('default') as string);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as WebhookState;
				await unregisterHooks(new GitHubClient(this), state);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const state = this.getWorkflowStaticData('node') as WebhookState;
		const request = this.getRequestObject();
		const signature = header(this, 'x-hub-signature-256');
		const event = header(this, 'x-github-event') ?? '';
		const verdict = verifySignature(state.secret, request.rawBody, signature);
		if (verdict !== 'valid' && event === 'ping') {
			// Only GitHub's ping of a hook still being saved; every other event needs the saved secret.
			const held = firstPingSecret(this.getNodeWebhookUrl('default') as string);
			if (held && verifySignature(held, request.rawBody, signature) === 'valid') return answer(this, 200, FIRST_PING_ANSWER);
		}
		if (verdict !== 'valid') {
			const reasons = {
				noSecret: 'No webhook secret is registered for this trigger',
				missing: 'Missing X-Hub-Signature-256 header',
				malformed: 'Malformed X-Hub-Signature-256 header',
				mismatch: 'Signature does not match',
			};
			return answer(this, 401, reasons[verdict]);
		}
		if (event === 'ping') return answer(this, 200, 'pong');
		const matching = deliveryMatching(this, state.secret!);
		const candidates = rowsForEvent(matching, event);
		if (!candidates.length) return answer(this, 200, NO_MATCH);

		const payload = (request.body ?? {}) as IDataObject;
		if (isStale(payload, matching.maxDeliveryAgeMinutes)) {
			return answer(this, 200, 'Delivery is older than the maximum delivery age; ignored');
		}
		const deliveryId = header(this, 'x-github-delivery') ?? null;
		if (alreadySeen(state, deliveryId ?? undefined)) return answer(this, 200, 'Delivery already received');

		const login = matching.needsLogin ? await accountLogin(this, state) : undefined;
		const matched = itemsForDelivery(candidates, { event, deliveryId, payload }, { ...matching, login });
		if (matched.length === 0) return answer(this, 200, NO_MATCH);
		const items = await withholdTriggerText(this, new GitHubClient(this), this.getNodeParameter('options', {}) as IDataObject, matched);
		return { workflowData: [this.helpers.returnJsonArray(items)] };
	}
}
