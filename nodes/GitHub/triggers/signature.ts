import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

type SignatureVerdict = 'valid' | 'missing' | 'malformed' | 'mismatch' | 'noSecret';

const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/** A fresh hook secret: 32 random bytes, hex. */
export function newHookSecret(): string {
	return randomBytes(32).toString('hex');
}

/**
 * Checks X-Hub-Signature-256 over the exact bytes GitHub sent. The comparison runs in
 * constant time over equal-length digests so timing reveals nothing about the secret.
 */
export function verifySignature(
	secret: string | undefined,
	rawBody: Buffer | undefined,
	header: string | string[] | undefined,
): SignatureVerdict {
	if (!secret) return 'noSecret';
	const value = Array.isArray(header) ? header[0] : header;
	if (!value) return 'missing';
	const match = SIGNATURE_PATTERN.exec(value.trim());
	if (!match || !rawBody) return 'malformed';
	const received = Buffer.from(match[1].toLowerCase(), 'hex');
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	return timingSafeEqual(received, expected) ? 'valid' : 'mismatch';
}
