import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import type { AuthKind } from './support';
import { apiCallNode, credentialsFor, loopbackServers } from './support';

/**
 * Where a scope's verdict depends on values in the body (where a fork or a template copy lands,
 * which list a card moves to), a body the check cannot read - a binary file, raw text, a list,
 * and for GitHub (which reads JSON only) a form - is refused: the service may still find the
 * values in it. Bodies the check reads, and unreadable bodies where no verdict reads the body,
 * go through as before.
 */

const [api] = loopbackServers(1);

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const ALLOWED_BOARD = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER_BOARD = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const CARD = 'cccccccccccccccccccccccc';
const OTHER_LIST = 'dddddddddddddddddddddddd';

function scopedCredentials() {
	const credentials = credentialsFor(api.baseUrl);
	credentials.githubAccessTokenApi = { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo/hello', accessLevel: 'readWrite' };
	credentials.trelloKeyTokenApi = { ...credentials.trelloKeyTokenApi, allowedBoards: ALLOWED_BOARD, accessLevel: 'readWrite' };
	return credentials;
}

const fileWith = (text: string) => [
	{ $binary: { data: { data: Buffer.from(text).toString('base64'), mimeType: 'application/octet-stream', fileName: 'body.bin' } } },
];

async function call(kind: AuthKind, parameters: IDataObject, input: IDataObject[] = [{}]) {
	return await runWorkflow(singleNodeWorkflow(apiCallNode(kind, parameters), input), { credentials: scopedCredentials() });
}

/** What reached the service besides the scope's own look-ups (the account's login, a card's board). */
const sent = () => api.received.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);

function answerLookups() {
	api.on('GET', '/user', () => ({ body: { login: 'octo' } }));
	api.on('GET', `/1/cards/${CARD}`, () => ({ body: { id: CARD, idBoard: ALLOWED_BOARD } }));
	api.on('GET', `/1/lists/${OTHER_LIST}`, () => ({ body: { id: OTHER_LIST, idBoard: OTHER_BOARD } }));
	api.on('GET', `/1/boards/${ALLOWED_BOARD}`, () => ({ body: { id: ALLOWED_BOARD, shortLink: 'AbCd1234' } }));
}

describe('GitHub: a body the check cannot read is refused where the verdict reads the body', () => {
	beforeEach(answerLookups);

	it.each([
		['a fork placed by "organization" in a binary body', '/repos/octo/hello/forks', { bodyContentType: 'binary', contentType: 'application/octet-stream' }, '{"organization":"evil"}', 'a binary file'],
		['a template copy placed by "owner" in a binary body', '/repos/octo/hello/generate', { bodyContentType: 'binary', contentType: 'application/octet-stream' }, '{"owner":"evil","name":"x"}', 'a binary file'],
		['a fork placed by "organization" in raw JSON text', '/repos/octo/hello/forks', { body: JSON.stringify('{"organization":"evil"}') }, '', 'raw text'],
		['a template copy given as a JSON list', '/repos/octo/hello/generate', { body: '[{"owner":"evil","name":"x"}]' }, '', 'a JSON list'],
		['a fork placed by a form field GitHub does not read as JSON', '/repos/octo/hello/forks', { bodyContentType: 'form', formFields: { field: [{ name: 'name', value: 'x' }] } }, '', 'a URL-encoded form'],
	])('%s', async (_name, endpoint, body, fileText, what) => {
		const result = await call('githubToken', { method: 'POST', endpoint, ...body }, fileText ? fileWith(fileText) : [{}]);

		expect(result.error('Call')?.name).toBe('NodeOperationError');
		expect(result.error('Call')?.message).toBe(
			`Refused: what POST ${endpoint} may reach is checked by values in its body, and its body is ${what}, which the check cannot read. Allowed repositories: octo/hello.`,
		);
		expect(result.error('Call')?.description).toBe(
			'Send the values as a JSON object (the API Call\'s "Body Content Type"; a JSON body must be an object), so the check reads what GitHub will apply.',
		);
		expect(sent()).toEqual([]);
	});

	it('the same fork with a JSON body is checked and sent', async () => {
		api.on('POST', '/repos/octo/hello/forks', () => ({ status: 202, body: { full_name: 'octo/hello' } }));

		const result = await call('githubToken', { method: 'POST', endpoint: '/repos/octo/hello/forks', body: '{"organization":"octo"}' });

		expect(result.error('Call')).toBeUndefined();
		expect(sent()).toEqual(['POST /repos/octo/hello/forks']);
	});

	it('a binary body where the verdict reads no body value is sent', async () => {
		api.on('POST', '/repos/octo/hello/releases/1/assets', () => ({ status: 201, body: { id: 1 } }));

		const result = await call(
			'githubToken',
			{ method: 'POST', endpoint: '/repos/octo/hello/releases/1/assets', bodyContentType: 'binary', contentType: 'application/zip' },
			fileWith('PK'),
		);

		expect(result.json('Call')).toEqual([{ id: 1 }]);
		expect(sent()).toEqual(['POST /repos/octo/hello/releases/1/assets']);
	});
});

describe('Trello: a body the check cannot read is refused (every Trello verdict reads idBoard, idList, idCard… from the body)', () => {
	beforeEach(answerLookups);

	it.each([
		['a card moved by "idList" in a binary body', { bodyContentType: 'binary', contentType: 'application/octet-stream' }, `{"idList":"${OTHER_LIST}"}`, 'a binary file'],
		['a card moved by "idList" in raw JSON text', { body: JSON.stringify(`{"idList":"${OTHER_LIST}"}`) }, '', 'raw text'],
	])('%s', async (_name, body, fileText, what) => {
		const result = await call('trelloKeyToken', { method: 'PUT', endpoint: `/1/cards/${CARD}`, ...body }, fileText ? fileWith(fileText) : [{}]);

		expect(result.error('Call')?.message).toBe(
			`Refused: what PUT /1/cards/${CARD} may reach is checked by values in its body, and its body is ${what}, which the check cannot read. Allowed boards: ${ALLOWED_BOARD}.`,
		);
		expect(result.error('Call')?.description).toBe(
			'Send the values as a JSON object or Form URL-Encoded fields or Multipart Form fields (the API Call\'s "Body Content Type"; a JSON body must be an object), so the check reads what Trello will apply.',
		);
		expect(sent()).toEqual([]);
	});

	it('form fields are read as values: the move to another board’s list is refused by the board check', async () => {
		const result = await call('trelloKeyToken', {
			method: 'PUT',
			endpoint: `/1/cards/${CARD}`,
			bodyContentType: 'form',
			formFields: { field: [{ name: 'idList', value: OTHER_LIST }] },
		});

		expect(result.error('Call')?.message).toBe(
			`Refused: idList "${OTHER_LIST}" is on board "${OTHER_BOARD}", outside the credential's scope. Allowed boards: ${ALLOWED_BOARD}.`,
		);
		expect(sent()).toEqual([]);
	});

	it('a multipart upload to a card of an allowed board is sent (its fields are read, its file is a file)', async () => {
		api.on('POST', `/1/cards/${CARD}/attachments`, () => ({ body: { id: 'x' } }));

		const result = await call(
			'trelloKeyToken',
			{
				method: 'POST',
				endpoint: `/1/cards/${CARD}/attachments`,
				bodyContentType: 'multipart',
				formFields: { field: [{ name: 'name', value: 'body.bin' }] },
				formFiles: { file: [{ name: 'file', binaryPropertyName: 'data' }] },
			},
			fileWith('bytes'),
		);

		expect(result.json('Call')).toEqual([{ id: 'x' }]);
		expect(sent()).toEqual([`POST /1/cards/${CARD}/attachments`]);
	});
});
