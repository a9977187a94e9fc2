import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { firstPingSecret, holdForFirstPing } from '../../nodes/GitHub/triggers/firstPing';
import { signedDelivery, webhookTrigger } from './helpers';

const API = 'https://api.github.com';
const PING = { zen: 'Design for failure.', hook_id: 42, hook: { id: 42, type: 'Repository' } };
const ISSUE_OPENED = { action: 'opened', issue: { number: 1, title: 'Broken' }, repository: { name: 'hello', full_name: 'octo/hello' } };

/**
 * Activation as n8n runs it: create() registers the hook, GitHub pings it at once, and n8n saves the
 * static data only after create() returns — so the ping finds no secret in the saved data.
 */
async function registeredButNotSaved() {
	const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
	let secret = '';
	nock(API)
		.post('/repos/octo/hello/hooks', (body: IDataObject) => {
			secret = String((body.config as IDataObject).secret);
			return true;
		})
		.reply(201, { id: 42, active: true });
	await harness.create();
	for (const key of Object.keys(harness.staticData)) delete harness.staticData[key];
	return { harness, secret };
}

describe("GitHub Trigger: GitHub's first ping before the registration is saved", () => {
	beforeEach(() => {
		resetGitHubRateLimitState();
		forgetDeliveriesInMemory();
	});

	it('is answered 200 when signed with the secret being registered', async () => {
		const { harness, secret } = await registeredButNotSaved();
		const { result, response } = await harness.deliver(signedDelivery('ping', PING, secret));
		expect(response.statusCode).toBe(200);
		expect(response.body).toEqual({ message: 'pong; the registration is still being saved' });
		expect(result).toEqual({ noWebhookResponse: true });
	});

	it('a ping signed with any other secret is refused', async () => {
		const { harness } = await registeredButNotSaved();
		const { response } = await harness.deliver(signedDelivery('ping', PING, 'f'.repeat(64)));
		expect(response.statusCode).toBe(401);
		expect(response.body).toEqual({ message: 'No webhook secret is registered for this trigger' });
	});

	it('any other event signed with the secret being registered is refused until the secret is saved', async () => {
		const { harness, secret } = await registeredButNotSaved();
		const { result, response } = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, secret, 'first-ping-issue'));
		expect(response.statusCode).toBe(401);
		expect(result).toEqual({ noWebhookResponse: true });
	});

	it('a re-registration: a ping signed with the new secret while the old one is still saved is answered 200', async () => {
		const { harness, secret } = await registeredButNotSaved();
		harness.staticData.secret = 'e'.repeat(64);
		const { response } = await harness.deliver(signedDelivery('ping', PING, secret));
		expect(response.statusCode).toBe(200);
		const old = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, secret, 'first-ping-old'));
		expect(old.response.statusCode).toBe(401);
	});

	it('a held secret expires after ten minutes and only for its own URL', () => {
		holdForFirstPing('https://n8n.example.test/webhook/a/webhook', 'a1', 1_000);
		expect(firstPingSecret('https://n8n.example.test/webhook/b/webhook', 1_000)).toBeUndefined();
		expect(firstPingSecret('https://n8n.example.test/webhook/a/webhook', 1_000 + 10 * 60_000)).toBe('a1');
		expect(firstPingSecret('https://n8n.example.test/webhook/a/webhook', 1_001 + 10 * 60_000)).toBeUndefined();
	});
});
