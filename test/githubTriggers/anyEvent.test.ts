import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readdirSync, readFileSync } from 'fs';
import nock from 'nock';
import { dirname, join } from 'path';

import { GitHubTrigger } from '../../nodes/GitHub/GitHubTrigger.node';
import { webhookEventActions } from '../../nodes/GitHub/triggers/anyEvent';
import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { SECRET, signedDelivery, webhookTrigger } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;
type Description = {
	webhooks: Record<string, { post: { 'x-github': { subcategory: string; 'supported-webhook-types': string[] } } }>;
};
/** Every product's description the package ships: api.github.com, Enterprise Cloud, each Enterprise Server version. */
const descriptionDirectory = dirname(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'));
const descriptions = readdirSync(descriptionDirectory)
	.filter((file) => /^(api\.github\.com|ghec|ghes-\d+\.\d+)\.json$/.test(file))
	.map((file) => JSON.parse(readFileSync(join(descriptionDirectory, file), 'utf8')) as Description);

const examples = definitions
	.flatMap((definition) => definition.examples.map((payload, index) => ({ event: definition.name, index, payload })))
	.filter((example) => example.event !== 'ping');

/** Hook types GitHub's description gives per event (read here independently of the facts file). */
const hookTypesByEvent = new Map<string, Set<string>>();
for (const { post } of descriptions.flatMap((description) => Object.values(description.webhooks))) {
	const event = post['x-github'].subcategory.replace(/-/g, '_');
	const types = hookTypesByEvent.get(event) ?? new Set<string>();
	for (const type of post['x-github']['supported-webhook-types']) types.add(type);
	hookTypesByEvent.set(event, types);
}

function offeredEvents(): INodePropertyOptions[] {
	const property = new GitHubTrigger().description.properties.find((p) => p.name === 'webhookEvents')!;
	return property.options as INodePropertyOptions[];
}

describe('GitHub Trigger: Any Event', () => {
	beforeEach(() => {
		forgetDeliveriesInMemory();
		resetGitHubRateLimitState();
	});

	it('offers "*" and every event repository or organization hooks receive, by GitHub\'s own description', () => {
		const values = offeredEvents().map((option) => String(option.value));
		const hookable = [...hookTypesByEvent]
			.filter(([event, types]) => event !== 'ping' && (types.has('repository') || types.has('organization')))
			.map(([event]) => event)
			.sort();
		expect(values[0]).toBe('*');
		expect(values.slice(1).sort()).toEqual(hookable);
		for (const event of ['check_run', 'check_suite', 'status', 'deployment', 'deployment_status', 'delete', 'label', 'milestone', 'dependabot_alert', 'secret_scanning_alert', 'code_scanning_alert', 'team', 'membership', 'organization']) {
			expect(values).toContain(event);
		}
		// Only GitHub Apps (or Marketplace listings) receive these; a hook cannot subscribe to them.
		for (const event of ['installation', 'github_app_authorization', 'marketplace_purchase', 'security_advisory', 'workflow_dispatch']) {
			expect(values).not.toContain(event);
		}
	});

	it('marks events and actions api.github.com does not send with where GitHub does send them', async () => {
		const byValue = new Map(offeredEvents().map((option) => [option.value, option]));
		expect(byValue.get('cache_sync')?.description).toBe(
			'This event occurs when a Git ref has been successfully synced to a cache replica. Only on Enterprise Server 3.14+.',
		);
		expect(byValue.get('organization_custom_property_values')?.description).toBe(
			'This event occurs when there is activity relating to custom property values for an organization. Organization hooks only. Only on Enterprise Cloud.',
		);
		expect(byValue.get('push')?.description).not.toContain('Only on');
		const context = { getCurrentNodeParameter: () => ['repository'] } as unknown as ILoadOptionsFunctions;
		const names = (await webhookEventActions.call(context)).map((option) => option.name);
		expect(names.slice(0, 3)).toEqual([
			'repository: anonymous_access_disabled (Enterprise Server 3.14+)',
			'repository: anonymous_access_enabled (Enterprise Server 3.14+)',
			'repository: archived',
		]);
	});

	it('lists the chosen events\' actions for "Event Actions"', async () => {
		const context = { getCurrentNodeParameter: () => ['milestone', 'label'] } as unknown as ILoadOptionsFunctions;
		expect((await webhookEventActions.call(context)).map((option) => option.value)).toEqual([
			'label.created', 'label.deleted', 'label.edited',
			'milestone.closed', 'milestone.created', 'milestone.deleted', 'milestone.edited', 'milestone.opened',
		]);
	});

	it.each([
		[
			'events of both hook levels',
			{ webhookEvents: ['check_run', 'deployment_status', 'membership'], repositories: 'hello' },
			{ repo: ['check_run', 'deployment_status'], org: ['membership'] },
		],
		['"*" on repository hooks', { webhookEvents: ['*'], repositories: 'hello' }, { repo: ['*'] }],
		['"*" with a named trigger beside it', { webhookEvents: ['*'], repositories: 'hello', extra: 'newIssue' }, { repo: ['*'] }],
		['"*" on the organization', { webhookEvents: ['*'], listenOn: 'organization' }, { org: ['*'] }],
	] as Array<[string, IDataObject, Record<string, string[]>]>)('registers hooks for %s', async (_what, { extra, ...parameters }, expected) => {
		const harness = webhookTrigger({ triggers: ['anyEvent', ...(extra ? [extra] : [])], ...parameters });
		const sent: Record<string, unknown> = {};
		const api = nock('https://api.github.com');
		if ('repo' in expected) api.post('/repos/octo/hello/hooks', (body: IDataObject) => ((sent.repo = body.events), true)).reply(201, { id: 1 });
		if ('org' in expected) api.post('/orgs/octo/hooks', (body: IDataObject) => ((sent.org = body.events), true)).reply(201, { id: 2 });
		await harness.create();
		expect(sent).toEqual(expected);
	});

	async function deliverAll(parameters: IDataObject) {
		const harness = webhookTrigger({ triggers: ['anyEvent'], listenOn: 'organization', ...parameters });
		harness.staticData.secret = SECRET;
		const ran: Array<{ event: string; index: number; items: IDataObject[] }> = [];
		for (const example of examples) {
			const deliveryId = `${example.event}-${example.index}`;
			const { result } = await harness.deliver(signedDelivery(example.event, example.payload, SECRET, deliveryId));
			const output = result.workflowData?.[0];
			if (output) ran.push({ event: example.event, index: example.index, items: output.map((item) => item.json) });
		}
		return ran;
	}

	it('"*" runs once for every example delivery, one item naming the event and action', async () => {
		const ran = await deliverAll({ webhookEvents: ['*'] });
		expect(ran).toHaveLength(examples.length);
		for (const run of ran) {
			const example = examples.find((e) => e.event === run.event && e.index === run.index)!;
			expect(run.items).toEqual([
				{
					trigger: 'Any Event',
					event: example.event,
					action: (example.payload.action as string | undefined) ?? null,
					deliveryId: `${example.event}-${example.index}`,
					payload: example.payload,
				},
			]);
		}
	});

	it('chosen events with chosen actions run for exactly those deliveries', async () => {
		const ran = await deliverAll({ webhookEvents: ['issues', 'label'], eventActions: ['issues.opened'] });
		const expected = examples.filter(
			(e) => (e.event === 'issues' && e.payload.action === 'opened') || e.event === 'label',
		);
		expect(ran.map((run) => `${run.event}-${run.index}`)).toEqual(expected.map((e) => `${e.event}-${e.index}`));
		expect(expected).toHaveLength(4 + 6);
	});

	it('"*" with an action chosen narrows only that event', async () => {
		const ran = await deliverAll({ webhookEvents: ['*'], eventActions: ['issues.opened'] });
		const issues = ran.filter((run) => run.event === 'issues');
		expect(issues.map((run) => run.items[0].action)).toEqual(['opened', 'opened', 'opened', 'opened']);
		expect(ran).toHaveLength(examples.filter((e) => e.event !== 'issues').length + 4);
	});

	it('keeps the signature check, the duplicate check and the repository filter', async () => {
		const harness = webhookTrigger({ triggers: ['anyEvent'], webhookEvents: ['*'], listenOn: 'organization', repositories: 'hello' });
		harness.staticData.secret = SECRET;
		const payload = { action: 'created', label: { name: 'bug' }, repository: { name: 'hello' } };

		const forged = await harness.deliver(signedDelivery('label', payload, 'b'.repeat(64), 'forged'));
		expect(forged.response.statusCode).toBe(401);
		const first = await harness.deliver(signedDelivery('label', payload, SECRET, 'guid-1'));
		expect(first.result.workflowData?.[0]).toHaveLength(1);
		const again = await harness.deliver(signedDelivery('label', payload, SECRET, 'guid-1'));
		expect(again.result).toEqual({ noWebhookResponse: true });
		const elsewhere = await harness.deliver(
			signedDelivery('label', { ...payload, repository: { name: 'other' } }, SECRET, 'guid-2'),
		);
		expect(elsewhere.result).toEqual({ noWebhookResponse: true });
	});

	it.each([
		[{ webhookEvents: [] }, 'No event chosen in "Webhook Events"'],
		[{ webhookEvents: ['issue'] }, '"Webhook Events" names unknown events: issue'],
		[{ webhookEvents: ['issues'], eventActions: ['issues.merged'] }, '"Event Actions" has "issues.merged", which is not an action of a GitHub event'],
	])('refuses %j before registering anything', async (parameters, message) => {
		const harness = webhookTrigger({ triggers: ['anyEvent'], repositories: 'hello', ...parameters });
		await expect(harness.create()).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
