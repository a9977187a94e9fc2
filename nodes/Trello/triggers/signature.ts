import { createHmac, timingSafeEqual } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { TrelloAuthentication } from '../transport';

export const SIGNATURE_HEADER = 'x-trello-webhook';

/**
 * The application secret Trello signs deliveries with: the OAuth consumer secret, or the
 * secret the key + token credential keeps beside the API key.
 */
export function applicationSecretOf(
	authentication: TrelloAuthentication,
	credentials: ICredentialDataDecryptedObject,
): string {
	const value = authentication === 'oAuth1' ? credentials.consumerSecret : credentials.applicationSecret;
	return typeof value === 'string' ? value.trim() : '';
}

function digest(secret: string, content: Buffer): Buffer {
	return createHmac('sha1', secret).update(content).digest();
}

/**
 * Signatures Trello may have produced for this body. Trello documents that it hashes the body and
 * callback URL as a "binary" string (each character cut to its low byte); for plain ASCII that is
 * the UTF-8 form too, so both forms are accepted. Both need the secret.
 */
export function expectedSignatures(secret: string, rawBody: Buffer, callbackUrl: string): Buffer[] {
	const utf8 = digest(secret, Buffer.concat([rawBody, Buffer.from(callbackUrl, 'utf8')]));
	const text = rawBody.toString('utf8');
	const binary = digest(secret, Buffer.from(text + callbackUrl, 'latin1'));
	return utf8.equals(binary) ? [utf8] : [utf8, binary];
}

/** base64(HMAC-SHA1(secret, body + callback URL)), as Trello sends it in X-Trello-Webhook. */
export function signDelivery(secret: string, rawBody: Buffer | string, callbackUrl: string): string {
	const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
	return expectedSignatures(secret, body, callbackUrl)[0].toString('base64');
}

/** Constant-time check of the X-Trello-Webhook header. */
export function verifySignature(
	secret: string,
	rawBody: Buffer,
	callbackUrl: string,
	header: string | string[] | undefined,
): boolean {
	const value = Array.isArray(header) ? header[0] : header;
	if (!secret || typeof value !== 'string' || !value.trim()) return false;
	const given = Buffer.from(value.trim(), 'base64');
	let valid = false;
	for (const expected of expectedSignatures(secret, rawBody, callbackUrl)) {
		if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
	}
	return valid;
}
