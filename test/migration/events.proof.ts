/**
 * Event for event: n8n's GitHub Trigger and Trello Trigger (n8n-nodes-base from the prepared n8n host)
 * and the triggers the converter makes of them get the same signed deliveries through n8n-core's
 * WebhookContext, as n8n's webhook service hands them over; both start a run for the same ones and
 * carry the same delivery body — ours as `payload` (GitHub) where the converter rewrites `$json.body`.
 */
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { migrateWorkflow } from '../../migrate';
import { APP_ONLY_EVENTS } from '../../migrate/triggers';
import { baseLoadErrors, baseNodeTypes, N8N_HOST_DIR, WebhookDriver } from '../../bench/harness';
import type { Delivery } from '../../bench/deliveries';
import { githubExamples, signedGitHubCorpus, signedTrelloCorpus, trelloActionNames } from '../../bench/deliveries';
import { BOARD_MODEL } from '../trelloTriggers/fixtures';

const SECRET = 'proof-hook-secret-'.padEnd(64, 'h');
const APP_SECRET = 'proof-app-secret-'.padEnd(64, 'a');
const TOKEN = 'ghp_proofToken0123456789abcdefABCDEFabcd';
const KEY = 'proofTrelloKey0123456789abcdef01';
const TRELLO_TOKEN = 'proof'.padEnd(64, '0');

const available = N8N_HOST_DIR ? undefined : 'N8N_HOST_DIR is not set (scripts/test.sh sets it to the prepared n8n host)';

/** The node the converter makes of n8n's node, or the converter's reason for making none. */
function converted(their: INode): INode {
	const { workflow, report } = migrateWorkflow({ nodes: [their], connections: {} });
	if (!report.nodes[0].to) throw new Error(`not converted: ${report.nodes[0].notes.join('; ')}`);
	return workflow!.nodes[0] as unknown as INode;
}

function theirNode(type: string, parameters: IDataObject): INode {
	return { id: 'their-trigger', name: 'Trigger', type, typeVersion: 1, position: [0, 0], parameters: parameters as INode['parameters'] };
}

interface Started {
	status: number;
	items: IDataObject[];
}

async function deliver(driver: WebhookDriver, delivery: Delivery): Promise<Started> {
	const { result, status } = await driver.deliver(delivery.headers, delivery.rawBody, delivery.body);
	return { status, items: (result.workflowData?.[0] ?? []).map((item) => item.json) };
}

/** The repository a GitHub example was delivered for: n8n's trigger registers its hook on one. */
function repositoryOf(payload: IDataObject): { owner: string; name: string } | undefined {
	const repository = payload.repository as { name?: string; owner?: { login?: string } } | undefined;
	if (!repository?.name || !repository.owner?.login) return undefined;
	return { owner: repository.owner.login, name: repository.name };
}

/**
 * Events GitHub sends to an App's own webhook, an organization's or a sponsored account's, never to the
 * repository hook both triggers register: n8n's passes on whatever reaches it, ours drops a delivery
 * for no repository of its list (docs/migrating.md).
 */
const NEVER_TO_A_REPOSITORY_HOOK = [...APP_ONLY_EVENTS, 'projects_v2_item', 'sponsorship'];

const deliveryId = (i: number) => `00000000-0000-4000-8000-${String(9000 + i).padStart(12, '0')}`;

describe("n8n's GitHub Trigger and Trello Trigger and their converted copies start the same runs", () => {
	beforeAll(() => {
		if (available) throw new Error(available);
		expect(baseNodeTypes().has('n8n-nodes-base.githubTrigger')).toBe(true);
		expect(baseNodeTypes().has('n8n-nodes-base.trelloTrigger')).toBe(true);
		expect(baseLoadErrors).toEqual({});
	});

	const theirEvents = (): string[] => {
		const events = baseNodeTypes().get('n8n-nodes-base.githubTrigger')!.description.properties.find((p: INodeProperties) => p.name === 'events');
		return (events?.options ?? []).map((option) => String((option as { value: unknown }).value));
	};

	it("every event n8n's GitHub Trigger offers is converted, or left out for the reason the report gives", () => {
		const events = theirEvents();
		expect(events.length).toBeGreaterThanOrEqual(43);
		const { workflow, report } = migrateWorkflow({
			nodes: [theirNode('n8n-nodes-base.githubTrigger', { authentication: 'accessToken', owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' }, events })],
			connections: {},
		});
		const kept = (workflow!.nodes[0].parameters as IDataObject).webhookEvents as string[];
		const left = events.filter((event) => !kept.includes(event));
		expect(left.sort()).toEqual(events.filter((event) => APP_ONLY_EVENTS.includes(event)).sort());
		for (const event of left) expect(report.nodes[0].notes.join('\n')).toContain(`event "${event}" reaches only a GitHub App's own webhook`);
	});

	// Every example GitHub documents (ping too: GitHub sends it to every new hook).
	const corpus = signedGitHubCorpus(SECRET, deliveryId).map((delivery, i) => ({ delivery, ...githubExamples[i] }));

	it('the GitHub corpus is every example of @octokit/webhooks-examples', () => {
		expect(corpus.length).toBe(githubExamples.length);
		expect(corpus.length).toBeGreaterThan(300);
	});

	for (const [index, { event, payload, delivery }] of corpus.entries()) {
		const label = `GitHub ${event}${payload.action ? `.${String(payload.action)}` : ''} #${index}`;
		it(label, async () => {
			const where = repositoryOf(payload);
			// An event n8n's trigger does not offer by name (or that only an App's webhook gets) reaches it through "*".
			const byName = theirEvents().includes(event) && !APP_ONLY_EVENTS.includes(event);
			const owner = where?.owner ?? 'octo';
			const name = where?.name ?? 'hello';
			const their = theirNode('n8n-nodes-base.githubTrigger', {
				authentication: 'accessToken',
				owner: { __rl: true, mode: 'name', value: owner },
				repository: { __rl: true, mode: 'name', value: name },
				events: byName ? [event] : ['*'],
				options: {},
			});
			const ours = converted(their);
			const theirDriver = new WebhookDriver(their.type, their.parameters as IDataObject, { githubApi: { server: 'https://api.github.com', user: '', accessToken: TOKEN } });
			theirDriver.staticData.webhookSecret = SECRET;
			const ourDriver = new WebhookDriver(ours.type, ours.parameters as IDataObject, { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN } });
			ourDriver.staticData.secret = SECRET;
			ourDriver.staticData.login = 'proof-user';

			const theirs = await deliver(theirDriver, delivery);
			const mine = await deliver(ourDriver, delivery);
			expect(theirs.status).toBe(200);
			expect(mine.status).toBe(200);
			expect(theirs.items).toHaveLength(event === 'ping' ? 0 : 1);
			if (NEVER_TO_A_REPOSITORY_HOOK.includes(event)) {
				expect(where).toBeUndefined();
				expect(mine.items).toEqual([]);
				return;
			}
			expect(mine.items.length).toBe(theirs.items.length);
			theirs.items.forEach((theirItem, i) => {
				expect(mine.items[i].payload).toEqual(theirItem.body);
				expect(mine.items[i].event).toBe((theirItem.headers as IDataObject)['x-github-event']);
				expect(mine.items[i].deliveryId).toBe((theirItem.headers as IDataObject)['x-github-delivery']);
			});
		});
	}

	it('a GitHub delivery signed with another secret starts no run in either', async () => {
		const [forged] = signedGitHubCorpus('not-the-hook-secret', deliveryId).filter((_, i) => githubExamples[i].event === 'issues');
		const their = theirNode('n8n-nodes-base.githubTrigger', { authentication: 'accessToken', owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' }, events: ['issues'] });
		const ours = converted(their);
		const theirDriver = new WebhookDriver(their.type, their.parameters as IDataObject, { githubApi: { server: 'https://api.github.com', user: '', accessToken: TOKEN } });
		theirDriver.staticData.webhookSecret = SECRET;
		const ourDriver = new WebhookDriver(ours.type, ours.parameters as IDataObject, { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN } });
		ourDriver.staticData.secret = SECRET;
		expect(await deliver(theirDriver, forged)).toEqual({ status: 401, items: [] });
		expect(await deliver(ourDriver, forged)).toEqual({ status: 401, items: [] });
	});

	describe('Trello', () => {
		const their = theirNode('n8n-nodes-base.trelloTrigger', { authentication: 'apiKey', id: BOARD_MODEL.id });
		const drivers = () => {
			const ours = converted(their);
			const theirDriver = new WebhookDriver(their.type, their.parameters as IDataObject, { trelloApi: { apiKey: KEY, apiToken: TRELLO_TOKEN, oauthSecret: APP_SECRET } });
			const ourDriver = new WebhookDriver(ours.type, ours.parameters as IDataObject, {
				trelloKeyTokenApi: { apiKey: KEY, apiToken: TRELLO_TOKEN, applicationSecret: APP_SECRET, apiBaseUrl: 'https://api.trello.com' },
			});
			// As activation leaves it: the record of the webhook registered on the board.
			ourDriver.staticData.trelloWebhooks = {
				callbackUrl: ourDriver.webhookUrl,
				refs: [BOARD_MODEL.id],
				models: [{ idModel: BOARD_MODEL.id, webhookId: '65b000000000000000000001', name: BOARD_MODEL.name }],
			};
			return { theirDriver, ourDriver };
		};

		for (const [index, name] of trelloActionNames.entries()) {
			it(`Trello ${name}`, async () => {
				const { theirDriver, ourDriver } = drivers();
				const delivery = signedTrelloCorpus(APP_SECRET, ourDriver.webhookUrl)[index];
				const theirs = await deliver(theirDriver, delivery);
				const mine = await deliver(ourDriver, delivery);
				expect(theirs.status).toBe(200);
				expect(mine.status).toBe(200);
				expect(theirs.items).toEqual([delivery.body]);
				if (name === 'boardCreated') {
					// Delivered for a member model: n8n's trigger watches whatever id it is given, the converted one a
					// board, and its report says to change "Watch" when the id is not a board's.
					expect(mine.items).toEqual([]);
					expect(migrateWorkflow({ nodes: [their], connections: {} }).report.nodes[0].notes.join('\n')).toContain('change "Watch" in the node');
					return;
				}
				expect(mine.items).toHaveLength(1);
				expect(mine.items[0].action).toEqual((delivery.body as IDataObject).action);
				// The model is named, not copied: the converter reports each later read of another of its fields.
				const model = (delivery.body as IDataObject).model as IDataObject;
				expect(mine.items[0].model).toEqual({ id: model.id, name: model.name });
			});
		}
	});
});
