import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import type { AuthKind } from './support';
import { apiCallNode, credentialsFor, loopbackServers, runNode } from './support';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, repo, runGitHub } from '../githubActions/run';

/**
 * Header injection in request bodies: a file's MIME type or name (from the binary data or a
 * parameter) is written into a header of the body (a multipart part's Content-Type and
 * Content-Disposition) or of the request (a binary body's Content-Type). A line break there would
 * write headers of its own. MIME types are refused unless they are media types; names are escaped
 * the way browsers escape them, in both ways a multipart body is written (ours, and the form n8n's
 * HTTP client writes for Trello's OAuth 1.0a).
 */

const [api] = loopbackServers(1);

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const CARD = '61b2c3d4e5f60718293a4b5c';
const INJECTED_TYPE = 'text/plain\r\nX-Injected: 1\r\nContent-Disposition: form-data; name="evil"';
const HOSTILE_NAME = 'a"; name="evil"\r\nX-Injected: 1\r\n\\.txt';
const ESCAPED_NAME = 'a%22; name=%22evil%22%0D%0AX-Injected: 1%0D%0A%5C.txt';

const fileInput = (mimeType: string, fileName = 'a.txt') => [
	{ $binary: { data: { data: Buffer.from('hello').toString('base64'), mimeType, fileName } } },
];

async function apiCall(kind: AuthKind, parameters: IDataObject, input: IDataObject[]) {
	return await runWorkflow(singleNodeWorkflow(apiCallNode(kind, parameters), input), { credentials: credentialsFor(api.baseUrl) });
}

const MULTIPART = {
	method: 'POST',
	bodyContentType: 'multipart',
	formFields: { field: [{ name: 'name', value: 'a.txt' }] },
	formFiles: { file: [{ name: 'file', binaryPropertyName: 'data' }] },
};

/** The header lines of every part of a multipart body. */
function partHeaders(raw: string, contentType: string): string[][] {
	const boundary = /boundary=([^\s;]+)/.exec(contentType)![1];
	return raw
		.split(`--${boundary}`)
		.slice(1, -1)
		.map((part) => part.slice(2, part.indexOf('\r\n\r\n')).split('\r\n'));
}

describe('a MIME type with a line break is refused before anything is sent', () => {
	it.each([
		['GitHub API Call', 'githubToken', '/repos/octo/hello/releases/1/assets'],
		['Trello API Call (key and token)', 'trelloKeyToken', `/1/cards/${CARD}/attachments`],
		['Trello API Call (OAuth 1.0a: the form n8n’s client writes)', 'trelloOAuth1', `/1/cards/${CARD}/attachments`],
	] as const)('%s: Multipart Form with the binary data’s MIME type', async (_name, kind, endpoint) => {
		const result = await apiCall(kind, { ...MULTIPART, endpoint }, fileInput(INJECTED_TYPE));

		expect(result.error('Call')?.name).toBe('NodeOperationError');
		expect(result.error('Call')?.message).toBe(
			'The MIME type of the file in "data" (named in "Form Files") is not a media type: "text/plain\\u000d\\u000aX-Injected: 1\\u000d\\u000aContent-Disposition: form-data; name="evil""',
		);
		expect(result.error('Call')?.description).toMatch(/^Set the binary data’s MIME type to a media type such as application\/pdf/);
		expect(api.received).toEqual([]);
	});

	it('API Call Binary File: the binary data’s MIME type would be the request’s Content-Type', async () => {
		const result = await apiCall('githubToken', { method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary' }, fileInput(INJECTED_TYPE));

		expect(result.error('Call')?.name).toBe('NodeOperationError');
		expect(result.error('Call')?.message).toMatch(/^The MIME type of the file in "data" \(named in "Input Binary Field"\) is not a media type: /);
		expect(api.received).toEqual([]);
	});

	it('API Call Binary File: the "Content Type" parameter', async () => {
		const result = await apiCall(
			'githubToken',
			{ method: 'POST', endpoint: '/markdown/raw', bodyContentType: 'binary', contentType: 'text/plain\nX-Injected: 1' },
			fileInput('text/plain'),
		);

		expect(result.error('Call')?.message).toBe('The "Content Type" parameter is not a media type: "text/plain\\u000aX-Injected: 1"');
		expect(api.received).toEqual([]);
	});

	it.each(['keyToken', 'oAuth1'])('Trello Attachment → Upload File (%s): the "MIME Type" parameter', async (authentication) => {
		const result = await runNode(
			'trello',
			{ resource: 'attachment', operation: 'upload', authentication, card: { __rl: true, mode: 'id', value: CARD }, additionalFields: { mimeType: 'application/pdf\r\nX-Injected: 1' } },
			api.baseUrl,
			fileInput('application/pdf'),
		);

		expect(result.error('Call')?.name).toBe('NodeOperationError');
		expect(result.error('Call')?.message).toBe('The "MIME Type" parameter is not a media type: "application/pdf\\u000d\\u000aX-Injected: 1"');
		expect(api.received).toEqual([]);
	});

	it('GitHub Release → Upload Asset: the binary data’s MIME type would be the request’s Content-Type', async () => {
		const recorder = new GitHubRecorder([]);
		const upload = { resource: 'release', operation: 'uploadAsset', ...repo(), releaseId: byId('7'), binaryPropertyName: 'data' };

		const result = await runGitHub(upload, [{}], [{ data: { fileName: 'a.zip', mimeType: 'application/zip\r\nX-Injected: 1', text: 'PK' } }]);

		expect(result.error('GitHub')?.name).toBe('NodeOperationError');
		expect(result.error('GitHub')?.message).toBe(
			'The MIME type of the file in "data" (named in "Input Binary Field") is not a media type: "application/zip\\u000d\\u000aX-Injected: 1"',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('Trello Attachment → Upload File: the binary data’s MIME type', async () => {
		const result = await runNode(
			'trello',
			{ resource: 'attachment', operation: 'upload', authentication: 'keyToken', card: { __rl: true, mode: 'id', value: CARD } },
			api.baseUrl,
			fileInput(INJECTED_TYPE),
		);

		expect(result.error('Call')?.message).toMatch(/^The MIME type of the file in "data" \(named in "Input Binary Field"\) is not a media type: /);
		expect(api.received).toEqual([]);
	});
});

describe('a file name with quotes, backslashes or line breaks stays inside its filename parameter', () => {
	it.each(['trelloKeyToken', 'trelloOAuth1'] as const)('Trello API Call (%s): one Content-Disposition and one Content-Type per part, the name escaped', async (kind) => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: 'x' } }));

		const result = await apiCall(kind, { ...MULTIPART, endpoint: `/1/cards/${CARD}/attachments` }, fileInput('text/plain', HOSTILE_NAME));

		expect(result.json('Call')).toEqual([{ id: 'x' }]);
		const [sent] = api.received;
		expect(partHeaders(sent.rawBody, sent.headers['content-type'])).toEqual([
			['Content-Disposition: form-data; name="name"'],
			[`Content-Disposition: form-data; name="file"; filename="${ESCAPED_NAME}"`, 'Content-Type: text/plain'],
		]);
	});

	it.each([
		['GitHub API Call', 'githubToken', '/repos/octo/hello/releases/1/assets'],
		['Trello API Call (key and token)', 'trelloKeyToken', `/1/cards/${CARD}/attachments`],
		['Trello API Call (OAuth 1.0a: the form n8n’s client writes)', 'trelloOAuth1', `/1/cards/${CARD}/attachments`],
	] as const)('%s: a field name and a file part name with quotes and line breaks are escaped too', async (_name, kind, endpoint) => {
		api.on('POST', endpoint, () => ({ body: { id: 'x' } }));
		const parameters = {
			...MULTIPART,
			endpoint,
			formFields: { field: [{ name: HOSTILE_NAME, value: 'v' }] },
			formFiles: { file: [{ name: HOSTILE_NAME, binaryPropertyName: 'data' }] },
		};

		const result = await apiCall(kind, parameters, fileInput('text/plain', HOSTILE_NAME));

		expect(result.json('Call')).toEqual([{ id: 'x' }]);
		const [sent] = api.received;
		expect(sent.path).toBe(endpoint);
		expect(partHeaders(sent.rawBody, sent.headers['content-type'])).toEqual([
			[`Content-Disposition: form-data; name="${ESCAPED_NAME}"`],
			[`Content-Disposition: form-data; name="${ESCAPED_NAME}"; filename="${ESCAPED_NAME}"`, 'Content-Type: text/plain'],
		]);
	});

	it.each(['keyToken', 'oAuth1'])('Trello Attachment → Upload File (%s): the "File Name" parameter', async (authentication) => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: 'x' } }));

		const result = await runNode(
			'trello',
			{ resource: 'attachment', operation: 'upload', authentication, card: { __rl: true, mode: 'id', value: CARD }, additionalFields: { name: HOSTILE_NAME } },
			api.baseUrl,
			fileInput('application/pdf'),
		);

		expect(result.error('Call')).toBeUndefined();
		const [sent] = api.received;
		const parts = partHeaders(sent.rawBody, sent.headers['content-type']);
		expect(parts[0]).toEqual([`Content-Disposition: form-data; name="file"; filename="${ESCAPED_NAME}"`, 'Content-Type: application/pdf']);
		expect(parts.slice(1).map((lines) => lines.length)).toEqual([1, 1]);
		// The name itself still arrives whole as the value of the "name" field.
		expect(sent.rawBody).toContain(`name="name"\r\n\r\n${HOSTILE_NAME}\r\n`);
	});
});
