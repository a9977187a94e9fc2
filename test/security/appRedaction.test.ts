import { createSign, generateKeyPairSync } from 'node:crypto';

import { redactKnownSecrets, redactText } from '../../credentials/redact';

/**
 * A GitHub App credential's secrets are its private key and the JWT signed with it: a service
 * or proxy echoing any part of them - one JWT segment, two of them, the JWT with its dots
 * URL-encoded, one line of the key - must not reach an output or an error.
 */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

const base64Url = (text: string) => Buffer.from(text).toString('base64url');
const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
const payload = base64Url(JSON.stringify({ iat: 1_790_000_000, exp: 1_790_000_540, iss: 12345 }));
const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
const JWT = `${header}.${payload}.${signature}`;
const keyLines = PEM.split('\n').filter((line) => line && !line.startsWith('-----'));

const leaks = (text: string) =>
	[header, payload, signature, ...keyLines].filter((part) => text.includes(part) || text.includes(encodeURIComponent(part)) || text.toLowerCase().includes(encodeURIComponent(part).toLowerCase()));

describe('GitHub App secrets are redacted in every part', () => {
	it.each([
		['the signature alone', `bad signature ${signature} here`],
		['the payload alone', `claims ${payload}`],
		['the header alone', `header ${header}`],
		['payload.signature', `token …${payload}.${signature}`],
		['header.payload', `unsigned ${header}.${payload}`],
		['the JWT with %2E for dots', `GET /x?jwt=${header}%2E${payload}%2E${signature}`],
		['the JWT with %2e for dots', `GET /x?jwt=${header}%2e${payload}%2e${signature}`],
		['one line of the private key', `key line: ${keyLines[3]}`],
		['one line of the key, URL-encoded with lower-case hex', `k=${encodeURIComponent(keyLines[5]).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())}`],
		['the key body on one line', `k=${keyLines.join('')}`],
		['the key with escaped line breaks (JSON)', JSON.stringify({ key: PEM })],
	])('%s', (_name, echoed) => {
		const text = redactText(echoed, [JWT, PEM]);
		expect(leaks(text)).toEqual([]);
		expect(text).toContain('[redacted]');
		const body = redactKnownSecrets({ message: echoed, nested: [echoed] }, [JWT, PEM]);
		expect(leaks(JSON.stringify(body))).toEqual([]);
		const bytes = redactKnownSecrets(Buffer.from(echoed), [JWT, PEM]);
		expect(leaks(bytes.toString())).toEqual([]);
	});

	it('text around the secret parts is kept', () => {
		expect(redactText(`before ${signature} after`, [JWT])).toBe('before [redacted] after');
	});
});
