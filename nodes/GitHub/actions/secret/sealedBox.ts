import { createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync } from 'crypto';
import type { KeyObject } from 'crypto';

/**
 * libsodium's sealed box (crypto_box_seal), as GitHub requires for Actions secrets: an
 * ephemeral X25519 key pair, the box key from X25519 + HSalsa20, the nonce
 * BLAKE2b-192(ephemeral public key || recipient public key), XSalsa20-Poly1305 over the
 * message; the result is ephemeral public key || tag || ciphertext.
 *
 * node:crypto has X25519 but neither XSalsa20, Poly1305 nor BLAKE2b with a 24-byte output
 * (BLAKE2b's output length is part of its parameter block, so a truncated blake2b512 differs).
 */

const KEY_BYTES = 32;
const NONCE_BYTES = 24;
const TAG_BYTES = 16;
/** "expand 32-byte k" */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

/** PKCS#8 DER prefix of an X25519 private key (RFC 8410); the 32 raw bytes follow. */
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

export const SEALED_BOX_OVERHEAD = KEY_BYTES + TAG_BYTES;

const rotl = (value: number, shift: number) => (value << shift) | (value >>> (32 - shift));

function salsaRounds(state: Uint32Array): Uint32Array {
	const x = Uint32Array.from(state);
	const quarter = (a: number, b: number, c: number, d: number) => {
		x[b] ^= rotl((x[a] + x[d]) | 0, 7);
		x[c] ^= rotl((x[b] + x[a]) | 0, 9);
		x[d] ^= rotl((x[c] + x[b]) | 0, 13);
		x[a] ^= rotl((x[d] + x[c]) | 0, 18);
	};
	for (let i = 0; i < 10; i++) {
		quarter(0, 4, 8, 12);
		quarter(5, 9, 13, 1);
		quarter(10, 14, 2, 6);
		quarter(15, 3, 7, 11);
		quarter(0, 1, 2, 3);
		quarter(5, 6, 7, 4);
		quarter(10, 11, 8, 9);
		quarter(15, 12, 13, 14);
	}
	return x;
}

function salsaState(key: Uint8Array, input: Uint8Array): Uint32Array {
	const k = new DataView(key.buffer, key.byteOffset, key.byteLength);
	const n = new DataView(input.buffer, input.byteOffset, input.byteLength);
	const state = new Uint32Array(16);
	state[0] = SIGMA[0];
	state[5] = SIGMA[1];
	state[10] = SIGMA[2];
	state[15] = SIGMA[3];
	for (let i = 0; i < 4; i++) {
		state[1 + i] = k.getUint32(i * 4, true);
		state[11 + i] = k.getUint32(16 + i * 4, true);
		state[6 + i] = n.getUint32(i * 4, true);
	}
	return state;
}

/** HSalsa20: a 32-byte subkey from a key and 16 input bytes. */
export function hsalsa20(key: Uint8Array, input: Uint8Array): Buffer {
	const x = salsaRounds(salsaState(key, input));
	const out = Buffer.alloc(32);
	[0, 5, 10, 15, 6, 7, 8, 9].forEach((word, i) => out.writeUInt32LE(x[word], i * 4));
	return out;
}

/** XSalsa20 keystream XORed with `data` (a zero buffer gives the keystream). */
export function xsalsa20(key: Uint8Array, nonce: Uint8Array, data: Uint8Array): Buffer {
	const subkey = hsalsa20(key, nonce.subarray(0, 16));
	const out = Buffer.alloc(data.length);
	const block = Buffer.alloc(64);
	const counterInput = Buffer.alloc(16);
	Buffer.from(nonce.subarray(16, 24)).copy(counterInput, 0);
	for (let offset = 0, counter = 0; offset < data.length; offset += 64, counter++) {
		counterInput.writeUInt32LE(counter >>> 0, 8);
		counterInput.writeUInt32LE(Math.floor(counter / 2 ** 32), 12);
		const state = salsaState(subkey, counterInput);
		const mixed = salsaRounds(state);
		for (let i = 0; i < 16; i++) block.writeUInt32LE((mixed[i] + state[i]) >>> 0, i * 4);
		const end = Math.min(64, data.length - offset);
		for (let i = 0; i < end; i++) out[offset + i] = data[offset + i] ^ block[i];
	}
	return out;
}

const littleEndian = (bytes: Uint8Array) => {
	let value = 0n;
	for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
	return value;
};

const P1305 = (1n << 130n) - 5n;

/** Poly1305 one-time authenticator (RFC 8439, section 2.5). */
export function poly1305(key: Uint8Array, message: Uint8Array): Buffer {
	const r = littleEndian(key.subarray(0, 16)) & 0x0ffffffc0ffffffc0ffffffc0fffffffn;
	const s = littleEndian(key.subarray(16, 32));
	let accumulator = 0n;
	for (let offset = 0; offset < message.length; offset += 16) {
		const chunk = message.subarray(offset, offset + 16);
		accumulator = ((accumulator + littleEndian(chunk) + (1n << BigInt(8 * chunk.length))) * r) % P1305;
	}
	let tag = (accumulator + s) & ((1n << 128n) - 1n);
	const out = Buffer.alloc(TAG_BYTES);
	for (let i = 0; i < TAG_BYTES; i++, tag >>= 8n) out[i] = Number(tag & 0xffn);
	return out;
}

const MASK64 = (1n << 64n) - 1n;
const BLAKE2B_IV = [
	0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
	0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];
const BLAKE2B_SIGMA = [
	[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
	[14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
	[11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
	[7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
	[9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
	[2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
	[12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
	[13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
	[6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
	[10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
const rotr64 = (value: bigint, shift: bigint) => ((value >> shift) | (value << (64n - shift))) & MASK64;

function blake2bCompress(h: bigint[], block: Uint8Array, counter: number, last: boolean): void {
	const m = Array.from({ length: 16 }, (_, i) => littleEndian(block.subarray(i * 8, i * 8 + 8)));
	const v = [...h, ...BLAKE2B_IV];
	v[12] ^= BigInt(counter) & MASK64;
	if (last) v[14] ^= MASK64;
	const mix = (a: number, b: number, c: number, d: number, x: bigint, y: bigint) => {
		v[a] = (v[a] + v[b] + x) & MASK64;
		v[d] = rotr64(v[d] ^ v[a], 32n);
		v[c] = (v[c] + v[d]) & MASK64;
		v[b] = rotr64(v[b] ^ v[c], 24n);
		v[a] = (v[a] + v[b] + y) & MASK64;
		v[d] = rotr64(v[d] ^ v[a], 16n);
		v[c] = (v[c] + v[d]) & MASK64;
		v[b] = rotr64(v[b] ^ v[c], 63n);
	};
	for (let round = 0; round < 12; round++) {
		const s = BLAKE2B_SIGMA[round % 10];
		mix(0, 4, 8, 12, m[s[0]], m[s[1]]);
		mix(1, 5, 9, 13, m[s[2]], m[s[3]]);
		mix(2, 6, 10, 14, m[s[4]], m[s[5]]);
		mix(3, 7, 11, 15, m[s[6]], m[s[7]]);
		mix(0, 5, 10, 15, m[s[8]], m[s[9]]);
		mix(1, 6, 11, 12, m[s[10]], m[s[11]]);
		mix(2, 7, 8, 13, m[s[12]], m[s[13]]);
		mix(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
}

/** Unkeyed BLAKE2b (RFC 7693) with an output of 1 to 64 bytes. */
export function blake2b(input: Uint8Array, outputLength: number): Buffer {
	if (!Number.isInteger(outputLength) || outputLength < 1 || outputLength > 64) throw new RangeError('BLAKE2b output length must be 1 to 64 bytes');
	const h = [...BLAKE2B_IV];
	h[0] ^= 0x01010000n ^ BigInt(outputLength);
	const blocks = Math.max(1, Math.ceil(input.length / 128));
	for (let i = 0; i < blocks; i++) {
		const block = new Uint8Array(128);
		block.set(input.subarray(i * 128, i * 128 + 128));
		const last = i === blocks - 1;
		blake2bCompress(h, block, last ? input.length : (i + 1) * 128, last);
	}
	const out = Buffer.alloc(64);
	h.forEach((word, i) => out.writeBigUInt64LE(word, i * 8));
	return out.subarray(0, outputLength);
}

function x25519PrivateKey(secret: Uint8Array): KeyObject {
	return createPrivateKey({ key: Buffer.concat([X25519_PKCS8_PREFIX, secret]), format: 'der', type: 'pkcs8' });
}

const rawPublicKey = (key: KeyObject) => Buffer.from(String(key.export({ format: 'jwk' }).x), 'base64url');

function x25519PublicKey(raw: Uint8Array): KeyObject {
	return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
}

/** The X25519 shared secret, or undefined for a low-order key (OpenSSL refuses the all-zero secret every such key gives). */
function sharedSecret(privateKey: KeyObject, recipientPublicKey: Uint8Array): Buffer | undefined {
	try {
		return diffieHellman({ privateKey, publicKey: x25519PublicKey(recipientPublicKey) });
	} catch {
		return undefined;
	}
}

/** Whether anything can be sealed to this 32-byte public key (false for low-order keys such as all zeros). */
export function sealsTo(recipientPublicKey: Uint8Array): boolean {
	return recipientPublicKey.length === KEY_BYTES && sharedSecret(generateKeyPairSync('x25519').privateKey, recipientPublicKey) !== undefined;
}

/** A public key nothing can be sealed to: a low-order point (all zeros, and the like) gives no shared secret. */
class UnusablePublicKeyError extends Error {
	constructor() {
		super('The public key is a low-order X25519 point (such as all zeros): nothing sealed to it would stay secret');
		this.name = 'UnusablePublicKeyError';
	}
}

/**
 * Seals `message` to a 32-byte X25519 public key. `ephemeralSecret` is for tests only (a fixed
 * key gives fixed bytes); without it a fresh key pair is made for every message, as the
 * construction requires.
 */
export function sealedBox(message: Uint8Array, recipientPublicKey: Uint8Array, ephemeralSecret?: Uint8Array): Buffer {
	if (recipientPublicKey.length !== KEY_BYTES) throw new RangeError(`The public key must be ${KEY_BYTES} bytes, not ${recipientPublicKey.length}`);
	const privateKey = ephemeralSecret ? x25519PrivateKey(ephemeralSecret) : generateKeyPairSync('x25519').privateKey;
	const ephemeralPublic = rawPublicKey(createPublicKey(privateKey));
	const shared = sharedSecret(privateKey, recipientPublicKey);
	if (!shared) throw new UnusablePublicKeyError();
	const boxKey = hsalsa20(shared, new Uint8Array(16));
	const nonce = blake2b(Buffer.concat([ephemeralPublic, recipientPublicKey]), NONCE_BYTES);
	// The first 32 keystream bytes are Poly1305's one-time key; the message is XORed with the rest.
	const stream = xsalsa20(boxKey, nonce, Buffer.concat([Buffer.alloc(32), message]));
	const ciphertext = stream.subarray(32);
	return Buffer.concat([ephemeralPublic, poly1305(stream.subarray(0, 32), ciphertext), ciphertext]);
}

/** Tests fix the ephemeral key to get fixed bytes; unset, every seal draws a fresh key pair. */
export const sealedBoxSettings: { ephemeralSecret?: () => Uint8Array } = {};

/** Seals text to a base64 public key and returns the base64 sealed box (GitHub's encrypted_value). */
export function sealText(text: string, publicKeyBase64: string): string {
	return sealedBox(Buffer.from(text, 'utf8'), Buffer.from(publicKeyBase64, 'base64'), sealedBoxSettings.ephemeralSecret?.()).toString('base64');
}
