import type { IDataObject } from 'n8n-workflow';
import { createHmac } from 'crypto';
import { gzipSync } from 'zlib';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { githubContract, trelloContract } from '../contracts/openapi';
import { EmulatedBinaryStore } from '../harness/binaryStore';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import type { AuthKind } from '../security/support';
import { apiCallNode, credentialsFor, leakedSecrets, loopbackServers, SECRETS } from '../security/support';

/**
 * Both API Call nodes move any answer and any body: binary answers become binary data byte for
 * byte (also after GitHub's redirect of an archive to another host, without the token), and
 * every Body Content Type arrives exactly as the services describe it.
 */

const [api, codeload] = loopbackServers(2);
const store = new EmulatedBinaryStore();

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
	store.resetCounts();
});

/** OAuth 1.0a percent-encoding (RFC 5849 3.6). */
const percent = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The parameters of an `Authorization: OAuth …` header, in their order, checked for the header's shape. */
function signedParameters(header: string): Record<string, string> {
	expect(header).toMatch(/^OAuth oauth_\w+="[^"]*"(, oauth_\w+="[^"]*")*$/);
	return Object.fromEntries([...header.matchAll(/(oauth_\w+)="([^"]*)"/g)].map(([, name, value]) => [name, decodeURIComponent(value)]));
}

/** HMAC-SHA1 over the signature base string of RFC 5849 3.4.1, with the credential's two secrets. */
function expectedSignature(method: string, url: string, parameters: Record<string, string>): string {
	const pairs = Object.entries(parameters)
		.filter(([name]) => name !== 'oauth_signature')
		.map(([name, value]) => [percent(name), percent(value)])
		.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
	const base = [method, percent(url), percent(pairs.map(([name, value]) => `${name}=${value}`).join('&'))].join('&');
	const key = `${percent(SECRETS.oauth1ConsumerSecret)}&${percent(SECRETS.oauth1TokenSecret)}`;
	return createHmac('sha1', key).update(base).digest('base64');
}

const CARD = '61b2c3d4e5f60718293a4b5c';
const ATTACHMENT = '67a000000000000000000001';

/** A 1×1 PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);
/** An empty zip archive (its end-of-central-directory record). */
const ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const GZIP = gzipSync(Buffer.concat([Buffer.from('hello tarball\n'), EVERY_BYTE]));

const FILES: Array<[string, Buffer, string, string]> = [
	['gzip', GZIP, 'application/x-gzip', 'octo-hello-7fd1a60.tar.gz'],
	['zip', ZIP, 'application/zip', 'octo-hello-7fd1a60.zip'],
	['PNG', PNG, 'image/png', 'pixel.png'],
	['every byte value', EVERY_BYTE, 'application/octet-stream', 'bytes.bin'],
];

async function run(kind: AuthKind, parameters: IDataObject, input: IDataObject[] = [{}]) {
	return await runWorkflow(singleNodeWorkflow(apiCallNode(kind, parameters), input), { credentials: credentialsFor(api.baseUrl) });
}

const bytesOf = (item: { binary?: Record<string, { data: string }> }, property = 'data') =>
	Buffer.from(item.binary![property].data, 'base64');

describe('binary answers', () => {
	it.each(FILES)('GitHub: a %s archive redirected to another host comes out byte for byte, without the token there', async (_kind, bytes, mimeType, fileName) => {
		api.on('GET', '/repos/octo/hello/tarball/main', () => ({
			status: 302,
			headers: { location: `${codeload.baseUrl}/octo/hello/legacy.tar.gz/refs/heads/main` },
		}));
		codeload.on('GET', '/octo/hello/legacy.tar.gz/refs/heads/main', () => ({
			body: bytes,
			headers: { 'content-type': mimeType, 'content-disposition': `attachment; filename=${fileName}` },
		}));

		const result = await run('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/tarball/main' });

		const [item] = result.items('Call');
		expect(bytesOf(item).equals(bytes)).toBe(true);
		expect(item.binary!.data).toMatchObject({ fileName, mimeType });
		expect(item.json).toEqual({});
		expect(api.received[0].headers.authorization).toBe(`Bearer ${SECRETS.githubToken}`);
		expect(codeload.received).toHaveLength(1);
		expect(codeload.received[0].headers.authorization).toBeUndefined();
		expect(leakedSecrets(codeload.received)).toEqual([]);
		expect(githubContract().validate({ method: 'GET', path: '/repos/octo/hello/tarball/main' })).toEqual([]);
	});

	it.each(FILES)('Trello: an attachment (%s) is binary data named after the path when no Content-Disposition names it', async (_kind, bytes, mimeType, fileName) => {
		const path = `/1/cards/${CARD}/attachments/${ATTACHMENT}/download/${fileName}`;
		api.on('GET', path, () => ({ body: bytes, headers: { 'content-type': mimeType } }));

		const result = await run('trelloKeyToken', { method: 'GET', endpoint: path, outputBinaryField: 'file' });

		const [item] = result.items('Call');
		expect(bytesOf(item, 'file').equals(bytes)).toBe(true);
		expect(item.binary!.file).toMatchObject({ fileName, mimeType });
		expect(api.received[0].headers.authorization).toMatch(/^OAuth oauth_consumer_key=/);
	});

	it('Response Format File keeps even a JSON answer as a file; Include Status and Headers adds them', async () => {
		api.on('GET', '/repos/octo/hello/contents/package.json', () => ({ body: { name: 'x' } }));

		const result = await run('githubToken', {
			method: 'GET',
			endpoint: '/repos/octo/hello/contents/package.json',
			responseFormat: 'file',
			options: { fullResponse: true },
		});

		const [item] = result.items('Call');
		expect(bytesOf(item).toString()).toBe('{"name":"x"}');
		expect(item.binary!.data).toMatchObject({ fileName: 'package.json', mimeType: 'application/json' });
		expect(item.json).toMatchObject({ statusCode: 200, headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8' }) });
	});

	it('Autodetect: JSON stays items, text stays text (GitHub’s diff media type too)', async () => {
		api.on('GET', '/repos/octo/hello/issues', () => ({ body: [{ number: 1 }, { number: 2 }] }));
		api.on('GET', '/repos/octo/hello/pulls/1', () => ({
			body: 'diff --git a/x b/x\n',
			headers: { 'content-type': 'application/vnd.github.diff; charset=utf-8' },
		}));

		const list = await run('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/issues' });
		const diff = await run('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/pulls/1', accept: 'application/vnd.github.diff' });

		expect(list.json('Call')).toEqual([{ number: 1 }, { number: 2 }]);
		expect(diff.json('Call')).toEqual([{ value: 'diff --git a/x b/x\n' }]);
		expect(api.received[1].headers.accept).toBe('application/vnd.github.diff');
	});

	it('Response Format JSON refuses an answer that is not JSON, saying what came', async () => {
		api.on('GET', '/repos/octo/hello/tarball/main', () => ({ body: GZIP, headers: { 'content-type': 'application/x-gzip' } }));

		const result = await run('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/tarball/main', responseFormat: 'json' });

		expect(result.error('Call')?.message).toBe('GitHub answered with application/x-gzip, not JSON');
		expect(result.error('Call')?.description).toBe('Set "Response Format" to Autodetect, Text or File for this endpoint.');
	});

	it('redacts the credential’s secrets in a binary answer as in any other', async () => {
		api.on('GET', '/repos/octo/hello/tarball/main', () => ({
			body: Buffer.concat([EVERY_BYTE, Buffer.from(SECRETS.githubToken), EVERY_BYTE]),
			headers: { 'content-type': 'application/octet-stream' },
		}));

		const result = await run('githubToken', { method: 'GET', endpoint: '/repos/octo/hello/tarball/main' });

		expect(bytesOf(result.items('Call')[0]).equals(Buffer.concat([EVERY_BYTE, Buffer.from('[redacted]'), EVERY_BYTE]))).toBe(true);
	});
});

const binaryInput = (files: Record<string, { bytes: Buffer; mimeType: string; fileName: string }>) => [
	{
		$binary: Object.fromEntries(
			Object.entries(files).map(([name, file]) => [name, { data: file.bytes.toString('base64'), mimeType: file.mimeType, fileName: file.fileName }]),
		),
	},
];

describe('request bodies', () => {
	it('Form URL-Encoded: Trello card creation with the fields as its description lists them', async () => {
		api.on('POST', '/1/cards', () => ({ body: { id: CARD } }));

		const result = await run('trelloKeyToken', {
			method: 'POST',
			endpoint: '/1/cards',
			bodyContentType: 'form',
			formFields: { field: [{ name: 'idList', value: '61b2c3d4e5f60718293a4b00' }, { name: 'name', value: 'Plan & ship ✓' }] },
		});

		expect(result.json('Call')).toEqual([{ id: CARD }]);
		const [sent] = api.received;
		expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(sent.rawBody).toBe('idList=61b2c3d4e5f60718293a4b00&name=Plan+%26+ship+%E2%9C%93');
		expect(sent.headers['content-length']).toBe(String(sent.bytes.length));
		const fields = Object.fromEntries(new URLSearchParams(sent.rawBody));
		expect(trelloContract().validate({ method: 'POST', path: '/cards', query: fields })).toEqual([]);
	});

	it('Multipart Form: a Trello attachment upload with fields and a file (every byte value), exactly', async () => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: ATTACHMENT } }));

		const result = await run(
			'trelloKeyToken',
			{
				method: 'POST',
				endpoint: `/1/cards/${CARD}/attachments`,
				bodyContentType: 'multipart',
				formFields: { field: [{ name: 'name', value: 'bytes.bin' }, { name: 'mimeType', value: 'application/octet-stream' }] },
				formFiles: { file: [{ name: 'file', binaryPropertyName: 'upload' }] },
			},
			binaryInput({ upload: { bytes: EVERY_BYTE, mimeType: 'application/octet-stream', fileName: 'bytes.bin' } }),
		);

		expect(result.json('Call')).toEqual([{ id: ATTACHMENT }]);
		const [sent] = api.received;
		const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(sent.headers['content-type'])![1];
		const expected = Buffer.concat([
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nbytes.bin\r\n`),
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mimeType"\r\n\r\napplication/octet-stream\r\n`),
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bytes.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
			EVERY_BYTE,
			Buffer.from(`\r\n--${boundary}--\r\n`),
		]);
		expect(sent.bytes.equals(expected)).toBe(true);
		expect(sent.headers['content-length']).toBe(String(expected.length));
		expect(
			trelloContract().validate({ method: 'POST', path: `/cards/${CARD}/attachments`, query: { name: 'bytes.bin', mimeType: 'application/octet-stream', file: 'binary' } }),
		).toEqual([]);
	});

	it('Binary File: GitHub’s raw Markdown endpoint gets the bytes of the input file with the content type set', async () => {
		api.on('POST', '/markdown/raw', () => ({ body: '<p>hi</p>', headers: { 'content-type': 'text/html; charset=utf-8' } }));
		const markdown = Buffer.from('# hi ✓\n');

		const result = await run(
			'githubToken',
			{ method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary', inputBinaryField: 'doc', contentType: 'text/plain' },
			binaryInput({ doc: { bytes: markdown, mimeType: 'text/markdown', fileName: 'README.md' } }),
		);

		expect(result.json('Call')).toEqual([{ value: '<p>hi</p>' }]);
		const [sent] = api.received;
		expect(sent.bytes.equals(markdown)).toBe(true);
		expect(sent.headers['content-type']).toBe('text/plain');
		expect(sent.headers['content-length']).toBe(String(markdown.length));
		const description = githubContract() as unknown as { document: { paths: Record<string, { post: { requestBody: { content: object } } }> } };
		expect(Object.keys(description.document.paths['/markdown/raw'].post.requestBody.content)).toContain('text/plain');
		expect(githubContract().validate({ method: 'POST', path: '/markdown/raw', body: markdown.toString() })).toEqual([]);
	});

	it('Binary File: a PNG goes out byte for byte with the binary data’s own MIME type', async () => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: ATTACHMENT } }));

		await run(
			'trelloKeyToken',
			{ method: 'POST', endpoint: `/1/cards/${CARD}/attachments`, bodyContentType: 'binary' },
			binaryInput({ data: { bytes: PNG, mimeType: 'image/png', fileName: 'pixel.png' } }),
		);

		expect(api.received[0].bytes.equals(PNG)).toBe(true);
		expect(api.received[0].headers['content-type']).toBe('image/png');
	});

	it('Binary File: a stored file streams from n8n’s store, sent with its Content-Length (as Release → Upload Asset sends one), never chunked', async () => {
		api.on('POST', '/markdown/raw', () => ({ body: '<p>ok</p>', headers: { 'content-type': 'text/html; charset=utf-8' } }));
		const file = Buffer.concat(Array.from({ length: 40 }, () => EVERY_BYTE));
		// n8n 1.x: the size comes from the store's metadata, not the item.
		const stored = store.add(file, { fileName: 'bytes.bin', mimeType: 'application/octet-stream' });
		store.beforeLaterChunks = async () => await api.bodyBytesArrived(1);

		await run(
			'githubToken',
			{ method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary', contentType: 'application/octet-stream' },
			[{ $binary: { data: stored } }],
		);

		expect(store.reads).toMatchObject({ stream: 1, buffer: 0, metadata: 1 });
		const [sent] = api.received;
		expect(sent.bytes.equals(file)).toBe(true);
		expect(sent.headers['content-length']).toBe(String(file.length));
		expect(sent.headers['transfer-encoding']).toBeUndefined();
		expect(sent.headers['content-type']).toBe('application/octet-stream');
	});

	it('Binary File refuses a JSON or form content type (those bodies go through the checked JSON and form bodies), sending nothing', async () => {
		const result = await run(
			'trelloKeyToken',
			{ method: 'PUT', endpoint: `/1/cards/${CARD}`, bodyContentType: 'binary', contentType: 'application/json' },
			binaryInput({ data: { bytes: Buffer.from('{"idList":"x"}'), mimeType: 'application/json', fileName: 'a.json' } }),
		);

		expect(result.error('Call')?.message).toBe('The "Content Type" of a binary body may not be application/json');
		expect(api.received).toEqual([]);
	});

	it('Trello OAuth 1.0a: a multipart upload of a stored file streams as a form n8n’s client writes, with the signed header and the form’s own content type', async () => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: ATTACHMENT } }));
		const file = Buffer.concat(Array.from({ length: 12 }, () => EVERY_BYTE));
		const stored = store.add(file, { fileName: 'bytes.bin', mimeType: 'application/octet-stream', recordsBytes: true });
		// The file's later chunks come only once the service has begun to receive the body.
		store.beforeLaterChunks = async () => await api.bodyBytesArrived(1);

		const result = await run(
			'trelloOAuth1',
			{
				method: 'POST',
				endpoint: `/1/cards/${CARD}/attachments`,
				queryParameters: { parameter: [{ name: 'setCover', value: 'false' }] },
				bodyContentType: 'multipart',
				formFields: { field: [{ name: 'name', value: 'bytes.bin' }] },
				formFiles: { file: [{ name: 'file', binaryPropertyName: 'data' }] },
			},
			[{ $binary: { data: stored } }],
		);

		expect(result.json('Call')).toEqual([{ id: ATTACHMENT }]);
		expect(store.reads).toMatchObject({ stream: 1, buffer: 0 });
		const [sent] = api.received;
		expect(sent.query).toEqual({ setCover: 'false' });
		const boundary = /^multipart\/form-data; boundary=([^\s;]{1,70})$/.exec(sent.headers['content-type'])![1];
		const expected = Buffer.concat([
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nbytes.bin\r\n`),
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bytes.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
			file,
			Buffer.from(`\r\n--${boundary}--\r\n`),
		]);
		expect(sent.bytes.equals(expected)).toBe(true);
		expect(sent.headers['content-length']).toBe(String(expected.length));
		expect(sent.headers['transfer-encoding']).toBeUndefined();
		// The signature covers the method, the address and the query; a multipart body is not part of it.
		const oauth = signedParameters(sent.headers.authorization);
		expect(Object.keys(oauth)).toEqual([
			'oauth_consumer_key',
			'oauth_nonce',
			'oauth_signature',
			'oauth_signature_method',
			'oauth_timestamp',
			'oauth_token',
			'oauth_version',
		]);
		expect(oauth).toMatchObject({
			oauth_consumer_key: SECRETS.trelloKey,
			oauth_signature_method: 'HMAC-SHA1',
			oauth_token: SECRETS.oauth1Token,
			oauth_version: '1.0',
		});
		expect(oauth.oauth_signature).toBe(
			expectedSignature('POST', `${api.baseUrl}/1/cards/${CARD}/attachments`, { ...oauth, setCover: 'false' }),
		);
		expect(trelloContract().validate({ method: 'POST', path: `/cards/${CARD}/attachments`, query: { setCover: 'false', name: 'bytes.bin', file: 'binary' } })).toEqual([]);
	});

	it('Trello OAuth 1.0a: a raw binary body is refused (the signing drops its Content-Type), sending nothing', async () => {
		const input = binaryInput({ data: { bytes: PNG, mimeType: 'image/png', fileName: 'pixel.png' } });

		const raw = await run('trelloOAuth1', { method: 'POST', endpoint: `/1/cards/${CARD}/attachments`, bodyContentType: 'binary' }, input);

		expect(raw.error('Call')?.message).toBe(
			'A binary body cannot be sent with this Trello credential: its request signing replaces the Content-Type header',
		);
		expect(api.received).toEqual([]);
	});

	it('names a missing input binary property', async () => {
		const result = await run('githubToken', { method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary', inputBinaryField: 'doc' });

		expect(result.error('Call')?.message).toBe('The "Input Binary Field" parameter names "doc", which the input item does not have');
		expect(api.received).toEqual([]);
	});
});
