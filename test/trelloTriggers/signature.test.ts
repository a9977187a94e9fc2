import nock from 'nock';

import type { TriggerHarness } from '../harness/triggers';
import { actions, BOARD, delivery, ME } from './fixtures';
import {
	APP_SECRET,
	CONSUMER_SECRET,
	emitted,
	keyTokenCredentials,
	oauthCredentials,
	trelloSignature,
	trelloTrigger,
} from './helpers';

const parameters = { boards: [BOARD.id], event: 'newComment' };

function comment() {
	const body = delivery(actions.commentAdded());
	return { body, rawBody: Buffer.from(JSON.stringify(body)) };
}

describe('Trello Trigger: X-Trello-Webhook signature', () => {
	it('a delivery signed with the application secret over body + callback URL starts the workflow', async () => {
		const harness = trelloTrigger(parameters);
		const { body, rawBody } = comment();
		const { result, response } = await harness.deliver({
			headers: { 'X-Trello-Webhook': trelloSignature(APP_SECRET, rawBody, harness.webhookUrl) },
			body,
			rawBody,
		});
		expect(response.statusCode).toBe(200);
		expect(emitted(result)).toHaveLength(1);
	});

	it('with OAuth 1.0a the consumer secret is the key', async () => {
		const harness = trelloTrigger({ ...parameters, authentication: 'oAuth1' }, oauthCredentials);
		const { body, rawBody } = comment();
		const good = await harness.deliver({
			headers: { 'x-trello-webhook': trelloSignature(CONSUMER_SECRET, rawBody, harness.webhookUrl) },
			body,
			rawBody,
		});
		expect(emitted(good.result)).toHaveLength(1);
		const keyTokenSecret = await harness.deliver({
			headers: { 'x-trello-webhook': trelloSignature(APP_SECRET, rawBody, harness.webhookUrl) },
			body,
			rawBody,
		});
		expect(keyTokenSecret.response.statusCode).toBe(401);
	});

	it('Trello’s “binary string” signing of non-ASCII text is accepted as well as the UTF-8 form', async () => {
		const harness = trelloTrigger(parameters);
		for (const encoding of ['latin1', 'utf8'] as const) {
			// A new action each time: the same action id twice would run once.
			const { body, rawBody } = comment();
			expect(rawBody.toString()).toContain('–');
			const signature = trelloSignature(APP_SECRET, rawBody, harness.webhookUrl, encoding);
			const { result, response } = await harness.deliver({ headers: { 'x-trello-webhook': signature }, body, rawBody });
			expect(response.statusCode).toBe(200);
			expect(emitted(result)).toHaveLength(1);
		}
		const { rawBody } = comment();
		expect(trelloSignature(APP_SECRET, rawBody, harness.webhookUrl, 'latin1')).not.toBe(
			trelloSignature(APP_SECRET, rawBody, harness.webhookUrl, 'utf8'),
		);
	});

	it.each([
		['missing', () => undefined],
		['signed with another secret', (raw: Buffer, url: string) => trelloSignature('not-the-application-secret', raw, url)],
		['signed for another callback URL', (raw: Buffer) => trelloSignature(APP_SECRET, raw, 'https://n8n.example.test/webhook/other/webhook')],
		['signed over the body alone', (raw: Buffer) => trelloSignature(APP_SECRET, raw, '')],
		['not base64 at all', () => '!!!not-a-signature!!!'],
	])('a signature that is %s gets 401 and starts nothing', async (_title, sign) => {
		const harness = trelloTrigger(parameters);
		const { body, rawBody } = comment();
		const signature = sign(rawBody, harness.webhookUrl);
		const { result, response } = await harness.deliver({
			headers: signature === undefined ? {} : { 'x-trello-webhook': signature },
			body,
			rawBody,
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
		expect(response.body).toBe('Invalid or missing X-Trello-Webhook signature');
	});

	it('a tampered body (signature of the original) gets 401', async () => {
		const harness = trelloTrigger(parameters);
		const { body, rawBody } = comment();
		const signature = trelloSignature(APP_SECRET, rawBody, harness.webhookUrl);
		const tampered = JSON.parse(rawBody.toString());
		tampered.action.data.text = 'Approved, ship it';
		const { result, response } = await harness.deliver({
			headers: { 'x-trello-webhook': signature },
			body: tampered,
			rawBody: Buffer.from(JSON.stringify(tampered)),
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
		expect(body).not.toEqual(tampered);
	});

	it('with verification on and no secret in the credential, deliveries are refused', async () => {
		const harness = trelloTrigger(parameters, {
			trelloKeyTokenApi: { ...keyTokenCredentials.trelloKeyTokenApi, applicationSecret: '' },
		});
		const { body, rawBody } = comment();
		const { result, response } = await harness.deliver({
			headers: { 'x-trello-webhook': trelloSignature('', rawBody, harness.webhookUrl) },
			body,
			rawBody,
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
	});

	it('with verification explicitly off, an unsigned delivery starts the workflow', async () => {
		const harness = trelloTrigger({ ...parameters, verifySignature: false });
		const { body, rawBody } = comment();
		const { result } = await harness.deliver({ headers: {}, body, rawBody });
		expect(emitted(result)).toHaveLength(1);
	});

	it('Trello’s HEAD check of the callback URL is answered 200 without signature or workflow run', async () => {
		const harness = trelloTrigger(parameters);
		const setup = harness.nodeType.description.webhooks!;
		expect(setup.map((w) => [w.name, w.httpMethod, w.path])).toEqual([
			['setup', 'HEAD', 'webhook'],
			['default', 'POST', 'webhook'],
		]);
		const { result, response } = await harness.deliver({ method: 'HEAD', headers: {}, body: {}, rawBody: Buffer.alloc(0) }, 'setup');
		expect(result).toEqual({ webhookResponse: 'OK' });
		expect(response.statusCode).toBe(200);
	});
});

const PRODUCTION_URL = 'https://n8n.example.test/webhook/harness-webhook-id/webhook';
const TEST_URL = 'https://n8n.example.test/webhook-test/harness-webhook-id/webhook';

/** Registers the trigger's webhook with a Trello that records the callback URL it was given. */
async function registerWebhook(harness: TriggerHarness): Promise<string[]> {
	const registeredUrls: string[] = [];
	const trello = nock('https://api.trello.com')
		.get('/1/members/me')
		.query(true)
		.reply(200, ME)
		.get(`/1/boards/${BOARD.id}`)
		.query(true)
		.reply(200, { id: BOARD.id, name: BOARD.name, closed: false })
		.get('/1/members/me/tokens')
		.query({ webhooks: 'true' })
		.reply(200, [{ id: 'token-record-1', webhooks: [] }])
		.post('/1/webhooks')
		.query((query) => {
			registeredUrls.push(String(query.callbackURL));
			return true;
		})
		.reply(200, (uri) => ({ id: 'wh-1', idModel: BOARD.id, callbackURL: new URL(uri, 'https://api.trello.com').searchParams.get('callbackURL'), active: true }));
	await harness.activate();
	expect(trello.isDone()).toBe(true);
	return registeredUrls;
}

async function deliverSignedFor(harness: TriggerHarness, signedUrl: string) {
	const { body, rawBody } = comment();
	return await harness.deliver({ headers: { 'x-trello-webhook': trelloSignature(APP_SECRET, rawBody, signedUrl) }, body, rawBody });
}

describe('Trello Trigger: deliveries are verified against the URL the webhook was registered with', () => {
	afterEach(() => nock.cleanAll());

	it('"Test this trigger": registered at the test URL, a delivery Trello signed over that URL starts the run', async () => {
		const harness = trelloTrigger(parameters, keyTokenCredentials, { mode: 'test' });
		expect(harness.webhookUrl).toBe(TEST_URL);
		expect(await registerWebhook(harness)).toEqual([TEST_URL]);

		const signedForTest = await deliverSignedFor(harness, TEST_URL);
		expect(signedForTest.response.statusCode).toBe(200);
		expect(emitted(signedForTest.result)).toHaveLength(1);

		const signedForProduction = await deliverSignedFor(harness, PRODUCTION_URL);
		expect(signedForProduction.response.statusCode).toBe(401);
		expect(signedForProduction.result).toEqual({ noWebhookResponse: true });
	});

	it('published: registered at the production URL, only a signature over that URL is accepted', async () => {
		const harness = trelloTrigger(parameters);
		expect(await registerWebhook(harness)).toEqual([PRODUCTION_URL]);

		const signedForProduction = await deliverSignedFor(harness, PRODUCTION_URL);
		expect(signedForProduction.response.statusCode).toBe(200);
		expect(emitted(signedForProduction.result)).toHaveLength(1);

		const signedForTest = await deliverSignedFor(harness, TEST_URL);
		expect(signedForTest.response.statusCode).toBe(401);
	});

	it.each([
		['test', TEST_URL, PRODUCTION_URL],
		['production', PRODUCTION_URL, TEST_URL],
	] as const)('without a registration record (%s mode), the URL n8n serves the delivery at is the one checked', async (mode, own, other) => {
		const harness = trelloTrigger(parameters, keyTokenCredentials, { mode });
		expect(harness.staticData.trelloWebhooks).toBeUndefined();
		expect(emitted((await deliverSignedFor(harness, own)).result)).toHaveLength(1);
		expect((await deliverSignedFor(harness, other)).response.statusCode).toBe(401);
	});
});
