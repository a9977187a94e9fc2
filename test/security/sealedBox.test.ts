import { createHash, randomBytes } from 'crypto';

import { blake2b, hsalsa20, poly1305, sealedBox, SEALED_BOX_OVERHEAD, xsalsa20 } from '../../nodes/GitHub/actions/secret/sealedBox';

/** libsodium (devDependency only): the established implementation ours must match byte for byte. */
interface Sodium {
	ready: Promise<void>;
	crypto_box_keypair(): { publicKey: Uint8Array; privateKey: Uint8Array };
	crypto_box_seal(message: Uint8Array, publicKey: Uint8Array): Uint8Array;
	crypto_box_seal_open(sealed: Uint8Array, publicKey: Uint8Array, privateKey: Uint8Array): Uint8Array;
	crypto_box_easy(message: Uint8Array, nonce: Uint8Array, publicKey: Uint8Array, privateKey: Uint8Array): Uint8Array;
	crypto_secretbox_easy(message: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array;
	crypto_generichash(length: number, message: Uint8Array, key?: Uint8Array | null): Uint8Array;
	crypto_scalarmult_base(secret: Uint8Array): Uint8Array;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sodium = require('libsodium-wrappers') as Sodium;

beforeAll(async () => await sodium.ready);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (text: string) => Buffer.from(text, 'hex');

/** What libsodium's crypto_box_seal produces for a given ephemeral secret key (its own seal draws it at random). */
function sodiumSealWith(message: Uint8Array, recipient: Uint8Array, ephemeralSecret: Uint8Array): Buffer {
	const ephemeralPublic = sodium.crypto_scalarmult_base(ephemeralSecret);
	const nonce = sodium.crypto_generichash(24, Buffer.concat([ephemeralPublic, recipient]), null);
	return Buffer.concat([ephemeralPublic, sodium.crypto_box_easy(message, nonce, recipient, ephemeralSecret)]);
}

describe('sealed box (crypto_box_seal) written on node:crypto', () => {
	const recipientSecret = bytes('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
	const recipient = lazyPublicKey(recipientSecret);
	const ephemeralSecret = bytes('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');

	it('fixed vector: the RFC 7748 key pairs and a fixed message give the bytes libsodium gives', () => {
		const message = Buffer.from('my-secret-value with ünïcode and 70+ bytes to cross the 64-byte block of Salsa20…', 'utf8');
		const ours = sealedBox(message, recipient(), ephemeralSecret);
		expect(hex(ours)).toBe(hex(sodiumSealWith(message, recipient(), ephemeralSecret)));
		// RFC 7748 section 6.1: Bob's public key from Bob's secret, Alice's from hers.
		expect(hex(ours.subarray(0, 32))).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
		expect(hex(recipient())).toBe('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a');
		expect(ours.length).toBe(message.length + SEALED_BOX_OVERHEAD);
	});

	it('fixed vector: an empty message is only the ephemeral key and the tag', () => {
		const ours = sealedBox(Buffer.alloc(0), recipient(), ephemeralSecret);
		expect(hex(ours)).toBe(hex(sodiumSealWith(Buffer.alloc(0), recipient(), ephemeralSecret)));
		expect(ours.length).toBe(48);
	});

	it('random keys and messages of every length around the block edges match libsodium byte for byte', () => {
		const lengths = [1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 1000, 4096, 48 * 1024];
		for (const length of lengths) {
			const { publicKey } = sodium.crypto_box_keypair();
			const ephemeral = randomBytes(32);
			const message = randomBytes(length);
			expect([length, hex(sealedBox(message, publicKey, ephemeral))]).toEqual([length, hex(sodiumSealWith(message, publicKey, ephemeral))]);
		}
	});

	it('libsodium’s crypto_box_seal_open opens what ours seals (fresh ephemeral key each time)', () => {
		for (let i = 0; i < 25; i++) {
			const { publicKey, privateKey } = sodium.crypto_box_keypair();
			const message = randomBytes(Math.floor(Math.random() * 2000));
			const sealed = sealedBox(message, publicKey);
			expect(hex(sodium.crypto_box_seal_open(sealed, publicKey, privateKey))).toBe(hex(message));
		}
	});

	it('two seals of the same message differ (a fresh ephemeral key each), and a changed byte is refused by libsodium', () => {
		const { publicKey, privateKey } = sodium.crypto_box_keypair();
		const message = Buffer.from('same text');
		const first = sealedBox(message, publicKey);
		const second = sealedBox(message, publicKey);
		expect(hex(first.subarray(0, 32))).not.toBe(hex(second.subarray(0, 32)));
		const tampered = Buffer.from(first);
		tampered[tampered.length - 1] ^= 1;
		expect(() => sodium.crypto_box_seal_open(tampered, publicKey, privateKey)).toThrow();
	});

	it('a public key of the wrong length is refused', () => {
		expect(() => sealedBox(Buffer.from('x'), Buffer.alloc(31))).toThrow('The public key must be 32 bytes, not 31');
	});
});

describe('the primitives under the sealed box', () => {
	it('BLAKE2b-512 equals node:crypto’s blake2b512; BLAKE2b-192 equals libsodium’s generichash(24), not a truncated BLAKE2b-512', () => {
		for (const length of [0, 1, 64, 127, 128, 129, 256, 1000]) {
			const input = randomBytes(length);
			expect(hex(blake2b(input, 64))).toBe(createHash('blake2b512').update(input).digest('hex'));
			expect(hex(blake2b(input, 24))).toBe(hex(sodium.crypto_generichash(24, input, null)));
			expect(hex(blake2b(input, 24))).not.toBe(createHash('blake2b512').update(input).digest('hex').slice(0, 48));
		}
		// RFC 7693 appendix A: BLAKE2b-512("abc").
		expect(hex(blake2b(Buffer.from('abc'), 64))).toBe(
			'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
		);
	});

	it('XSalsa20-Poly1305 (secretbox) equals libsodium’s crypto_secretbox_easy', () => {
		for (const length of [0, 1, 64, 200, 5000]) {
			const key = randomBytes(32);
			const nonce = randomBytes(24);
			const message = randomBytes(length);
			const stream = xsalsa20(key, nonce, Buffer.concat([Buffer.alloc(32), message]));
			const ours = Buffer.concat([poly1305(stream.subarray(0, 32), stream.subarray(32)), stream.subarray(32)]);
			expect(hex(ours)).toBe(hex(sodium.crypto_secretbox_easy(message, nonce, key)));
		}
	});

	it('Poly1305 matches RFC 8439 section 2.5.2', () => {
		const key = bytes('85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b');
		expect(hex(poly1305(key, Buffer.from('Cryptographic Forum Research Group')))).toBe('a8061dc1305136c6c22b8baf0c0127a9');
	});

	it('HSalsa20 matches the NaCl test vector (the box key of the RFC 7748 pair)', () => {
		// crypto_box_beforenm of Alice's secret and Bob's public key (NaCl's tests/box.c).
		const shared = bytes('4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742');
		expect(hex(hsalsa20(shared, new Uint8Array(16)))).toBe('1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389');
	});
});

/** The recipient's public key, once libsodium is ready. */
function lazyPublicKey(secret: Uint8Array): () => Uint8Array {
	let key: Uint8Array | undefined;
	return () => (key ??= sodium.crypto_scalarmult_base(secret));
}
