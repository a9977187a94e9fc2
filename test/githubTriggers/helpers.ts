import { createHmac } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { TriggerHarness } from '../harness/triggers';

export const TOKEN = 'ghp_triggerTestToken1234567890abcdef';
export const SECRET = 'a'.repeat(64);

export function credentialsFor(server = 'https://api.github.com') {
	return { githubAccessTokenApi: { server, accessToken: TOKEN } };
}

export function webhookTrigger(parameters: IDataObject, server?: string): TriggerHarness {
	return new TriggerHarness(
		'gitHubTrigger',
		{ authentication: 'accessToken', owner: { __rl: true, mode: 'name', value: 'octo' }, ...parameters },
		credentialsFor(server),
	);
}

export function pollTrigger(parameters: IDataObject, server?: string): TriggerHarness {
	return new TriggerHarness('gitHubPollTrigger', { authentication: 'accessToken', ...parameters }, credentialsFor(server));
}

export function sign(secret: string, body: string | Buffer): string {
	return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

let deliveryCounter = 0;

/** A delivery as GitHub sends it: JSON body, event and GUID headers, HMAC signature. */
export function signedDelivery(event: string, payload: unknown, secret: string = SECRET, deliveryId?: string) {
	const raw = JSON.stringify(payload);
	deliveryCounter += 1;
	return {
		headers: {
			'content-type': 'application/json',
			'x-github-event': event,
			'x-github-delivery': deliveryId ?? `00000000-0000-4000-8000-${String(deliveryCounter).padStart(12, '0')}`,
			'x-hub-signature-256': sign(secret, raw),
		},
		body: JSON.parse(raw) as unknown,
		rawBody: Buffer.from(raw),
	};
}
