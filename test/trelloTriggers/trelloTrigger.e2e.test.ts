import { createHmac } from 'crypto';

import { WEBHOOK_TRIGGER_DEFAULT_VERSION } from '../../nodes/shared/webhookTriggerVersions';
import { chainWorkflow, PACKAGE, RealN8n, waitFor } from '../e2e/n8n';
import { FakeTrello } from '../fakes/fakeTrello';
import { TrelloWebhookStore } from '../fakes/trelloWebhooks';
import { actions, BOARD, CARD, delivery, ME } from './fixtures';

const KEY = 'e2e-trello-trigger-key-0123456789';
const TOKEN = 'e2e-trello-trigger-token-0123456789abcdef';
const SECRET = 'e2e-trello-application-secret-0123456789';
const WORKFLOW_ID = 'trelloTriggerE2E';
const WEBHOOK_ID = 'e2e-trello-trigger';
const credentials = { trelloKeyTokenApi: { id: 'trKey', name: 'Trello key' } };

/** Trello Trigger (New Comment Added to Card) → API Call reading the commented card: the read shows the run happened. */
const workflow = chainWorkflow(
	WORKFLOW_ID,
	[
		{
			id: 'trigger',
			name: 'Trello Trigger',
			type: `${PACKAGE}.trelloTrigger`,
			typeVersion: WEBHOOK_TRIGGER_DEFAULT_VERSION,
			webhookId: WEBHOOK_ID,
			parameters: { authentication: 'keyToken', event: 'newComment', boards: [BOARD.id] },
			credentials,
		},
		{
			id: 'read',
			name: 'Read Card',
			type: `${PACKAGE}.trelloApiCall`,
			parameters: {
				authentication: 'keyToken',
				method: 'GET',
				endpoint: '=/1/cards/{{ $json.card.id }}',
				queryParameters: { parameter: [{ name: 'via', value: '={{ $json.trigger }}:{{ $json.actionType }}:{{ $json.actionId }}' }] },
			},
			credentials,
		},
	],
	'e2e Trello Trigger',
);

/** Trello's webhooks, plus the board and card reads the trigger and the workflow make. */
function installWebhooks(trello: FakeTrello) {
	trello.on('GET', '/1/members/me', () => ({ body: { id: ME.id, username: ME.username, fullName: ME.fullName } }));
	trello.on('GET', '/1/boards/{id}', (req) =>
		req.params.id === BOARD.id ? { body: { id: BOARD.id, name: BOARD.name, closed: false } } : { status: 404, body: 'The requested resource was not found.' },
	);
	trello.on('GET', '/1/cards/{id}', (req) => ({ body: { id: req.params.id, name: CARD.name } }));
	return new TrelloWebhookStore().install(trello);
}

const prepared = !!process.env.N8N_HOST_DIR && !!process.env.PACKAGE_TARBALL;

(prepared ? describe : describe.skip)('Trello Trigger in a real n8n', () => {
	const trello = new FakeTrello();
	let webhooks: ReturnType<typeof installWebhooks>;
	let n8n: RealN8n;

	beforeAll(async () => {
		await trello.start();
		trello.accounts.push({ apiKey: KEY, apiToken: TOKEN });
		webhooks = installWebhooks(trello);
		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ id: 'trKey', name: 'Trello key', type: 'trelloKeyTokenApi', data: { apiKey: KEY, apiToken: TOKEN, applicationSecret: SECRET, apiBaseUrl: trello.baseUrl } },
		]);
		// Imports, publishing and runs go through the REST API of this n8n (test/e2e/n8n.ts), as in the editor.
		await n8n.start();
		await n8n.importWorkflow(workflow);
		await n8n.publish(WORKFLOW_ID);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await trello.stop();
	});

	it('passes Trello’s HEAD check on publish, runs for signed deliveries only, and deletes the webhook on unpublish', async () => {
		const callbackURL = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
		const hook = await waitFor(() => webhooks.hooks[0]);
		expect(webhooks.headChecks).toEqual([{ url: callbackURL, status: 200 }]);
		expect(webhooks.hooks).toEqual([
			{ id: hook.id, idModel: BOARD.id, callbackURL, description: `n8n New Comment Added to Card (workflow ${WORKFLOW_ID})`, active: true },
		]);

		const send = async (body: string, signature?: string) =>
			await fetch(callbackURL, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...(signature ? { 'x-trello-webhook': signature } : {}) },
				body,
			});
		const sign = (secret: string, body: string) => createHmac('sha1', secret).update(body + callbackURL).digest('base64');
		const cardReads = () => trello.received.filter((r) => r.method === 'GET' && r.path === `/1/cards/${CARD.id}`);

		const comment = actions.commentAdded();
		const signedBody = JSON.stringify(delivery(comment, undefined, callbackURL));
		const accepted = await send(signedBody, sign(SECRET, signedBody));
		expect(accepted.status).toBe(200);
		const [read] = await waitFor(() => (cardReads().length ? cardReads() : undefined));
		expect(read.query).toEqual({ via: `newComment:commentCard:${String(comment.id)}` });
		expect(read.headers.authorization).toBe(`OAuth oauth_consumer_key="${KEY}", oauth_token="${TOKEN}"`);

		const forgedBody = JSON.stringify(delivery(actions.commentAdded(), undefined, callbackURL));
		expect((await send(forgedBody, sign('not-the-secret', forgedBody))).status).toBe(401);
		expect((await send(forgedBody)).status).toBe(401);
		const tampered = signedBody.replace('please review', 'approved');
		expect((await send(tampered, sign(SECRET, signedBody))).status).toBe(401);

		// A signed delivery the trigger ignores, then a valid marker: only the marker adds a read.
		const renamed = JSON.stringify(delivery(actions.cardRenamed(), undefined, callbackURL));
		expect((await send(renamed, sign(SECRET, renamed))).status).toBe(200);
		const marker = actions.commentAdded();
		const markerBody = JSON.stringify(delivery(marker, undefined, callbackURL));
		expect((await send(markerBody, sign(SECRET, markerBody))).status).toBe(200);
		await waitFor(() => (cardReads().length >= 2 ? true : undefined));
		expect(cardReads().map((r) => r.query.via)).toEqual([
			`newComment:commentCard:${String(comment.id)}`,
			`newComment:commentCard:${String(marker.id)}`,
		]);

		// Unpublish through n8n's REST API, as the editor does: n8n calls the node's delete.
		await n8n.unpublishViaEditor(WORKFLOW_ID);
		// n8n 2.41 applies the unpublish through its publication outbox, a moment after answering.
		await waitFor(() => (trello.requestsTo('DELETE', `/1/webhooks/${hook.id}`).length ? true : undefined));
		expect(trello.requestsTo('DELETE', `/1/webhooks/${hook.id}`)).toHaveLength(1);
		expect(webhooks.hooks).toEqual([]);
		expect((await send(markerBody, sign(SECRET, markerBody))).status).toBe(404);
		expect((await fetch(callbackURL, { method: 'HEAD' })).status).toBe(404);
	});

	it('"Test this trigger": registers at the test URL, accepts only deliveries Trello signed over it, and removes the webhook after the run', async () => {
		// The workflow is unpublished by the previous test; the editor starts listening through n8n's REST API.
		const productionURL = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
		const testURL = `${n8n.baseUrl}/webhook-test/${WEBHOOK_ID}/webhook`;
		const headChecksBefore = webhooks.headChecks.length;
		const cardReadsBefore = trello.received.filter((r) => r.method === 'GET' && r.path === `/1/cards/${CARD.id}`).length;

		const listening = await n8n.listenForTestEvent(WORKFLOW_ID, 'Trello Trigger');
		expect(listening.status).toBe(200);
		expect(listening.json.data).toEqual({ waitingForWebhook: true });
		const hook = await waitFor(() => webhooks.hooks.find((h) => h.callbackURL === testURL));
		expect(webhooks.headChecks.slice(headChecksBefore)).toEqual([{ url: testURL, status: 200 }]);
		expect(webhooks.hooks).toEqual([
			{ id: hook.id, idModel: BOARD.id, callbackURL: testURL, description: `n8n New Comment Added to Card (workflow ${WORKFLOW_ID})`, active: true },
		]);

		const send = async (body: string, signature: string) =>
			await fetch(testURL, { method: 'POST', headers: { 'content-type': 'application/json', 'x-trello-webhook': signature }, body });
		const sign = (body: string, url: string) => createHmac('sha1', SECRET).update(body + url).digest('base64');
		const comment = actions.commentAdded();
		const body = JSON.stringify(delivery(comment, undefined, testURL));

		// Signed over the production URL: not what Trello signs for this webhook.
		expect((await send(body, sign(body, productionURL))).status).toBe(401);
		// Signed over the URL the webhook was registered with: the test run starts.
		expect((await send(body, sign(body, testURL))).status).toBe(200);
		const cardReads = () => trello.received.filter((r) => r.method === 'GET' && r.path === `/1/cards/${CARD.id}`).slice(cardReadsBefore);
		const [read] = await waitFor(() => (cardReads().length ? cardReads() : undefined));
		expect(read.query).toEqual({ via: `newComment:commentCard:${String(comment.id)}` });

		// After one test run n8n stops listening and the node deletes the test webhook.
		await waitFor(() => (trello.requestsTo('DELETE', `/1/webhooks/${hook.id}`).length ? true : undefined));
		expect(webhooks.hooks).toEqual([]);
		expect((await send(body, sign(body, testURL))).status).toBe(404);
	});
});
