/**
 * n8n's GitHub Trigger and Trello Trigger as this package's triggers, and what their items look
 * like next to n8n's (so expressions downstream can be rewritten).
 */
import { WEBHOOK_EVENTS } from '../nodes/GitHub/triggers/webhookEvents';
import { ownerName } from './github';
import type { Json, JsonObject } from './types';
import type { N8nParameters } from './values';
import { isExpression } from './values';

const OUR_WEBHOOK_EVENTS = new Set(['*', ...WEBHOOK_EVENTS.map((fact) => fact.event)]);

/** GitHub App events: GitHub sends them to an App's own webhook, never to a repository hook. */
export const APP_ONLY_EVENTS = ['github_app_authorization', 'installation', 'installation_repositories', 'marketplace_purchase', 'security_advisory'];

export function convertGitHubTrigger(p: N8nParameters, notes: string[]): JsonObject {
	const events = p.get('events');
	let webhookEvents: Json;
	if (Array.isArray(events)) {
		const kept = events.filter((event) => OUR_WEBHOOK_EVENTS.has(String(event)));
		for (const event of events.filter((e) => !OUR_WEBHOOK_EVENTS.has(String(e)))) {
			notes.push(
				APP_ONLY_EVENTS.includes(String(event))
					? `event "${String(event)}" reaches only a GitHub App's own webhook, never a repository hook (n8n's trigger never received it); it was left out`
					: `event "${String(event)}" is not a webhook event GitHub documents; it was left out`,
			);
		}
		webhookEvents = kept;
	} else {
		webhookEvents = events ?? [];
	}
	const options = p.object('options');
	if (options.insecureSSL === true) notes.push('"Insecure SSL" is not offered: GitHub checks the TLS certificate of this n8n when it delivers');
	const owner = p.locator('owner');
	const repository = p.locator('repository');
	const repositoryValue = String(repository.value);
	notes.push('items are { trigger, event, action, deliveryId, payload }: n8n’s $json.body is $json.payload, the X-GitHub-Event header is $json.event (expressions of later nodes that read them were rewritten)');
	return {
		triggers: ['anyEvent'],
		webhookEvents,
		owner: { __rl: true, mode: 'name', value: ownerName(owner) },
		listenOn: 'repositories',
		repositories: isExpression(repositoryValue) ? repositoryValue : repositoryValue ? [repositoryName(repository.mode, repositoryValue)] : [],
		filters: {},
		options: {},
	};
}

function repositoryName(mode: string, value: string): string {
	if (mode === 'url') {
		const match = /^https?:\/\/[^/]+\/[^/]+\/([^/?#]+)/.exec(value);
		if (match) return match[1].replace(/\.git$/, '');
	}
	return value;
}

export function convertTrelloTrigger(p: N8nParameters, notes: string[]): JsonObject {
	const id = p.get('id') ?? '';
	notes.push(
		'n8n’s Trello Trigger watches one model id of any kind; it is converted as watching a board with every event. If the id is a list, card or member, change "Watch" in the node',
	);
	return { event: 'custom', watch: 'board', boards: isExpression(id) ? id : id ? [id] : [], eventTypes: [], filters: {}, options: {} };
}

/**
 * How an expression that read n8n's trigger item reads this package's item. Each pattern is the
 * text after `$json` (or after `.json` of `$('Name').item` and the like).
 */
export const GITHUB_TRIGGER_READS: Array<{ from: RegExp; to: string; what: string }> = [
	{ from: /^\.body\b/, to: '.payload', what: 'the delivery’s body' },
	{ from: /^\.headers(?:\[\s*["']x-github-event["']\s*\]|\.\["x-github-event"\])/i, to: '.event', what: 'the X-GitHub-Event header' },
	{ from: /^\.headers\[\s*["']x-github-delivery["']\s*\]/i, to: '.deliveryId', what: 'the X-GitHub-Delivery header' },
];

/** Reads of n8n's trigger item that have no counterpart here (reported, left as they are). */
export const GITHUB_TRIGGER_LOST = /^\.(headers|query)\b/;
