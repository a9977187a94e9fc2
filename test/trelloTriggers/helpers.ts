import type { IDataObject } from 'n8n-workflow';

import { createHmac } from 'crypto';
import { TriggerHarness } from '../harness/triggers';

export const API_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const API_TOKEN = 'ATTA0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab';
export const APP_SECRET = 'f00dfacecafebeef0123456789abcdef0123456789abcdef0123456789abcd';
export const OAUTH_TOKEN = 'ATTAoauth0123456789abcdef0123456789abcdef0123456789abcdef01234';
export const CONSUMER_SECRET = 'c0n5umer5ecret0123456789abcdef0123456789abcdef0123456789abcdef';

export const keyTokenCredentials = {
	trelloKeyTokenApi: { apiKey: API_KEY, apiToken: API_TOKEN, applicationSecret: APP_SECRET, apiBaseUrl: 'https://api.trello.com' },
};

export const oauthCredentials = {
	trelloOAuth10aApi: {
		consumerKey: API_KEY,
		consumerSecret: CONSUMER_SECRET,
		requestTokenUrl: 'https://trello.com/1/OAuthGetRequestToken',
		authUrl: 'https://trello.com/1/OAuthAuthorizeToken',
		accessTokenUrl: 'https://trello.com/1/OAuthGetAccessToken',
		signatureMethod: 'HMAC-SHA1',
		apiBaseUrl: 'https://api.trello.com',
		oauthTokenData: { oauth_token: OAUTH_TOKEN, oauth_token_secret: 'oauth-token-secret-value' },
	},
};

/** Trello's signature: base64(HMAC-SHA1(secret, body + callback URL)), computed here independently of the node. */
export function trelloSignature(secret: string, rawBody: Buffer | string, callbackUrl: string, encoding: 'utf8' | 'latin1' = 'utf8') {
	return createHmac('sha1', secret).update(Buffer.from(rawBody.toString() + callbackUrl, encoding)).digest('base64');
}

export const TRIGGER_TYPE = 'trelloTrigger';

export function trelloTrigger(
	parameters: IDataObject,
	credentials: Record<string, IDataObject> = keyTokenCredentials,
	options: { mode?: 'production' | 'test' } = {},
) {
	return new TriggerHarness(TRIGGER_TYPE, { authentication: 'keyToken', ...parameters }, credentials as never, options);
}

/** Delivers a body signed exactly as Trello signs it for this trigger's callback URL. */
export async function deliverSigned(harness: TriggerHarness, body: unknown, secret = APP_SECRET) {
	const rawBody = Buffer.from(JSON.stringify(body));
	return await harness.deliver({
		headers: { 'content-type': 'application/json', 'x-trello-webhook': trelloSignature(secret, rawBody, harness.webhookUrl) },
		body,
		rawBody,
	});
}

/** The items a delivery started the workflow with, or null when it was ignored. */
export function emitted(result: { workflowData?: Array<Array<{ json: IDataObject }>> }): IDataObject[] | null {
	return result.workflowData ? result.workflowData[0].map((item) => item.json) : null;
}
