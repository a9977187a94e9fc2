import type {
	IHookFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyOptions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { EventClause, EventRow } from './events';
import { ANY_EVENT } from './events';
import { WEBHOOK_EVENTS } from './webhookEvents';

/** "*": a hook subscribed to every event GitHub sends. */
export const EVERY_EVENT = '*';

const EVENTS_BY_NAME = new Map(WEBHOOK_EVENTS.map((fact) => [fact.event, fact]));

function titleOf(event: string): string {
	return event
		.split('_')
		.map((word) => (word === 'v2' ? 'V2' : word.charAt(0).toUpperCase() + word.slice(1)))
		.join(' ');
}

export const WEBHOOK_EVENTS_PROPERTY: INodeProperties = {
	displayName: 'Webhook Events',
	name: 'webhookEvents',
	type: 'multiOptions',
	required: true,
	default: [],
	displayOptions: { show: { triggers: [ANY_EVENT] } },
	options: [
		{ name: '* (Every Event)', value: EVERY_EVENT, description: 'Every event GitHub sends to the hook, present and future' },
		...WEBHOOK_EVENTS.map((fact) => ({
			name: titleOf(fact.event),
			value: fact.event,
			description: [
				fact.description,
				fact.repositoryHook ? '' : 'Organization hooks only.',
				fact.only ? `Only on ${fact.only.join(' and ')}.` : '',
			]
				.filter(Boolean)
				.join(' '),
		})),
	],
	description:
		'For "Any Event": the webhook events that start the workflow, as GitHub names them (X-GitHub-Event). Events that only organization hooks receive add an organization hook. Events marked "Only on" exist on GitHub Enterprise Cloud or Enterprise Server only.',
};

export const EVENT_ACTIONS_PROPERTY: INodeProperties = {
	displayName: 'Event Action Names or IDs',
	name: 'eventActions',
	type: 'multiOptions',
	default: [],
	// What the actions do is said in the hint: n8n's convention fixes this description's wording.
	hint: 'For "Any Event": only these actions (e.g. issues: opened; IDs as event.action). An event none of whose actions is chosen starts the workflow on every action.',
	displayOptions: { show: { triggers: [ANY_EVENT] } },
	typeOptions: { loadOptionsMethod: 'webhookEventActions', loadOptionsDependsOn: ['webhookEvents'] },
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** The chosen events' actions as "event.action" options. */
export async function webhookEventActions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const chosen = (this.getCurrentNodeParameter('webhookEvents') as string[] | undefined) ?? [];
	const facts = chosen.includes(EVERY_EVENT)
		? WEBHOOK_EVENTS
		: WEBHOOK_EVENTS.filter((fact) => chosen.includes(fact.event));
	return facts.flatMap((fact) =>
		fact.actions.map((action) => {
			const only = fact.actionsOnly?.[action];
			return {
				name: `${fact.event}: ${action}${only ? ` (${only.join(', ')})` : ''}`,
				value: `${fact.event}.${action}`,
			};
		}),
	);
}

type Ctx = IHookFunctions | IWebhookFunctions;

function listValue(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	return typeof value === 'string' ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : [];
}

/**
 * The concrete rows "Any Event" stands for: one listening on repository hooks and, for events
 * only organization hooks receive, one on the organization hook. Each chosen event is a clause,
 * narrowed to its chosen actions.
 */
export function anyEventRows(ctx: Ctx, template: EventRow): EventRow[] {
	const events = listValue(ctx.getNodeParameter('webhookEvents', []));
	const pairs = listValue(ctx.getNodeParameter('eventActions', []));
	if (events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No event chosen in "Webhook Events"', {
			description: 'With "Any Event", pick at least one webhook event, or "*" for every event.',
		});
	}
	const unknown = events.filter((event) => event !== EVERY_EVENT && !EVENTS_BY_NAME.has(event));
	if (unknown.length) {
		throw new NodeOperationError(ctx.getNode(), `"Webhook Events" names unknown events: ${unknown.join(', ')}`, {
			description: 'Use GitHub\'s event names as the list shows them, e.g. pull_request or check_run, or "*".',
		});
	}
	const actionsByEvent = new Map<string, string[]>();
	for (const pair of pairs) {
		const [event, action] = pair.split('.');
		if (!action || !EVENTS_BY_NAME.get(event)?.actions.includes(action)) {
			throw new NodeOperationError(ctx.getNode(), `"Event Actions" has "${pair}", which is not an action of a GitHub event`, {
				description: 'Give event.action values such as issues.opened, or pick them from the list.',
			});
		}
		actionsByEvent.set(event, [...(actionsByEvent.get(event) ?? []), action]);
	}
	const clauseFor = (event: string): EventClause =>
		actionsByEvent.has(event) ? { event, actions: actionsByEvent.get(event) } : { event };
	const row = (clauses: EventClause[], level: 'repository' | 'organization'): EventRow => ({
		...template,
		webhook: { clauses, level, emit: 'delivery' },
	});

	if (events.includes(EVERY_EVENT)) {
		const narrowed = [...actionsByEvent.keys()];
		return [row([{ event: EVERY_EVENT, otherThan: narrowed }, ...narrowed.map(clauseFor)], 'repository')];
	}
	const repositoryEvents = events.filter((event) => EVENTS_BY_NAME.get(event)!.repositoryHook);
	const organizationEvents = events.filter((event) => !EVENTS_BY_NAME.get(event)!.repositoryHook);
	const rows: EventRow[] = [];
	if (repositoryEvents.length) rows.push(row(repositoryEvents.map(clauseFor), 'repository'));
	if (organizationEvents.length) rows.push(row(organizationEvents.map(clauseFor), 'organization'));
	return rows;
}
