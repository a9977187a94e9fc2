import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { LIST, card } from './fixtures';
import { ACTION, BOARD, OTHER_BOARD } from './fixtures/ids';
import type { Auth } from './support';
import { contractProblems, credentialsFor, expectAuthenticated, expectedSent, rl, runTrello, trelloApi } from './support';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

beforeEach(() => resetTrelloRateLimitState());

describe('Card → Create: Attach Link', () => {
	it.each(['github.com/acme/app/pull/42', 'javascript:alert(1)', 'ftp://files.example.com/spec.pdf'])(
		'refuses "%s", which is no http(s) address, before sending anything',
		async (link) => {
			const api = trelloApi([]);

			const run = await runTrello({ resource: 'card', operation: 'create', list: rl(LIST, 'id'), name: 'Review', additionalFields: { urlSource: link } });

			const error = run.error('Trello');
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(`The "Attach Link" parameter is not a web address (got "${link}")`);
			expect(api.recorded).toEqual([]);
		},
	);

	it('sends the link as urlSource with the new card', async () => {
		const calls = [
			{ method: 'POST' as const, path: '/1/cards', query: { idList: LIST, name: 'Review', urlSource: 'https://example.com/doc?id=7&v=2' }, reply: card },
		];
		const api = trelloApi(calls);

		const run = await runTrello({
			resource: 'card',
			operation: 'create',
			list: rl(LIST, 'id'),
			name: 'Review',
			additionalFields: { urlSource: 'https://example.com/doc?id=7&v=2' },
		});

		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()).toEqual(expectedSent(calls));
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});
});

describe('Card → Create: Attach File', () => {
	const report = [{ $binary: { report: { data: Buffer.from('hello trello').toString('base64'), mimeType: 'application/pdf', fileName: 'report.pdf' } } }];
	const create = { resource: 'card', operation: 'create', list: rl(LIST, 'id'), name: 'Review' };

	it('sends the card and the file in one multipart request: the values in the query, the file as fileSource', async () => {
		const api = trelloApi([{ method: 'POST', path: '/1/cards', reply: card }]);

		const run = await runTrello({ ...create, additionalFields: { binaryPropertyName: 'report', desc: 'Attached' } }, 'keyToken', report);

		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()).toEqual(expectedSent([{ method: 'POST', path: '/1/cards', query: { idList: LIST, name: 'Review', desc: 'Attached' } }]));
		const [call] = api.recorded;
		const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(String(call.headers['content-type']))?.[1];
		expect(boundary).toBeDefined();
		expect(call.body).toBe(
			[
				`--${boundary}`,
				'Content-Disposition: form-data; name="fileSource"; filename="report.pdf"',
				'Content-Type: application/pdf',
				'',
				'hello trello',
				`--${boundary}`,
				'Content-Disposition: form-data; name="mimeType"',
				'',
				'application/pdf',
				`--${boundary}--`,
				'',
			].join('\r\n'),
		);
		expect(call.headers['content-length']).toBe(String(Buffer.byteLength(String(call.body))));
		expectAuthenticated(call, 'keyToken');
		expect(contractProblems(call)).toEqual([]);
	});

	it('OAuth 1.0a: the same form, the query signed', async () => {
		const api = trelloApi([{ method: 'POST', path: '/1/cards', reply: card }]);

		const run = await runTrello({ ...create, additionalFields: { binaryPropertyName: 'report' } }, 'oAuth1' as Auth, report);

		expect(run.json('Trello')).toEqual([card]);
		const [call] = api.recorded;
		expect(call.query).toEqual({ idList: LIST, name: 'Review' });
		expect(String(call.body)).toMatch(/Content-Disposition: form-data; name="fileSource"; filename="report\.pdf"\r\nContent-Type: application\/pdf\r\n\r\nhello trello\r\n/);
		expect(String(call.body)).toMatch(/Content-Disposition: form-data; name="mimeType"\r\n\r\napplication\/pdf\r\n/);
		expectAuthenticated(call, 'oAuth1');
	});

	it.each([
		['a list of an allowed board: sent', BOARD, 1],
		['a list outside the credential’s Allowed Boards: refused before the file is sent', OTHER_BOARD, 0],
	])('%s', async (_title, allowedBoard, posts) => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/lists/${LIST}`, reply: { id: LIST, idBoard: BOARD } },
			{ method: 'POST', path: '/1/cards', reply: card },
		]);
		const credentials = credentialsFor();
		credentials.trelloKeyTokenApi = { ...credentials.trelloKeyTokenApi, allowedBoards: allowedBoard } as never;
		const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...create, additionalFields: { binaryPropertyName: 'report' } }, {
			trelloKeyTokenApi: 'key-token',
		});
		const run = await runWorkflow(singleNodeWorkflow(node, report), { credentials });

		expect(api.recorded.filter((call) => call.method === 'POST')).toHaveLength(posts);
		if (posts) expect(run.json('Trello')).toEqual([card]);
		else expect(run.error('Trello')?.message).toMatch(/^Refused: idList "60a1b2c3d4e5f60718293a4b" is on board "5f1d7e1c2b3a4f5e6d7c8b9a", outside/);
	});

	it.each([
		[{ binaryPropertyName: 'data' }, 'The "Attach File" parameter names "data", which the input item does not have'],
		[{ binaryPropertyName: 'report', urlSource: 'https://example.com/doc' }, 'Give "Attach Link" or "Attach File", not both'],
		[{ binaryPropertyName: 'report', maxFileSizeMb: 251 }, 'The "Max File Size (MB)" parameter must be between 1 and 250 (got 251)'],
	])('refuses %j before sending anything', async (additionalFields, message) => {
		const api = trelloApi([]);
		const run = await runTrello({ ...create, additionalFields }, 'keyToken', report);
		expect(run.error('Trello')?.message).toBe(message);
		expect(api.recorded).toEqual([]);
	});
});

describe('Comment → Add Reaction', () => {
	it.each([
		['👍', { native: '👍' }],
		['thumbsup', { shortName: 'thumbsup' }],
		[':white_check_mark:', { shortName: 'white_check_mark' }],
		['+1', { shortName: '+1' }],
	])('sends "%s" as %j', async (emoji, body) => {
		const api = trelloApi([{ method: 'POST', path: `/1/actions/${ACTION}/reactions`, body, reply: { id: 'r' } }]);

		const run = await runTrello({ resource: 'comment', operation: 'addReaction', comment: rl(ACTION, 'id'), emoji });

		expect(run.json('Trello')).toEqual([{ id: 'r' }]);
		expect(api.recorded[0].body).toEqual(body);
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});

	it('refuses an empty emoji before sending anything', async () => {
		const api = trelloApi([]);

		const run = await runTrello({ resource: 'comment', operation: 'addReaction', comment: rl(ACTION, 'id'), emoji: '  ' });

		expect(run.error('Trello')?.message).toBe('The "Emoji" parameter is empty');
		expect(api.recorded).toEqual([]);
	});
});
