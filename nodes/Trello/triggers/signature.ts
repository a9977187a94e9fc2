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

/** HMAC-SHA1 of the body followed by the callback URL, both as UTF-8. */
function utf8Digest(secret: string, rawBody: Buffer, callbackUrl: string): Buffer {
	return createHmac('sha1', secret).update(rawBody).update(callbackUrl, 'utf8').digest();
}

/**
 * The same over Trello's documented "binary" string form (each character cut to its low byte).
 * It differs from the UTF-8 form only when the body or URL has characters beyond ASCII.
 */
function binaryDigest(secret: string, rawBody: Buffer, callbackUrl: string): Buffer {
	return createHmac('sha1', secret).update(rawBody.toString('utf8') + callbackUrl, 'latin1').digest();
}

function matches(given: Buffer, expected: Buffer): boolean {
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Constant-time check of the X-Trello-Webhook header against both forms Trello may have
 * signed. The second form is only computed when the first does not match. The header must be
 * exactly one signature in base64: Node's decoder stops at the first character that is not
 * base64, so anything written after a valid signature (a second header joined by a proxy) would
 * otherwise pass unread.
 */
export function verifySignature(
	secret: string,
	rawBody: Buffer,
	callbackUrl: string,
	header: string | string[] | undefined,
): boolean {
	if (Array.isArray(header) && header.length !== 1) return false;
	const value = (Array.isArray(header) ? header[0] : header)?.trim();
	if (!secret || typeof value !== 'string' || !value) return false;
	const given = Buffer.from(value, 'base64');
	if (given.toString('base64') !== value) return false;
	return (
		matches(given, utf8Digest(secret, rawBody, callbackUrl)) ||
		matches(given, binaryDigest(secret, rawBody, callbackUrl))
	);
}
