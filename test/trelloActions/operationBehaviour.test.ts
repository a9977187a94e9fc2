import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, LABEL, MEMBER, OTHER_BOARD, card } from './fixtures';
import { ATTACHMENT, CUSTOM_FIELD, OPTION } from './fixtures/ids';
import { contractProblems, credentialsFor, expectedSent, rl, runTrello, trelloApi } from './support';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

beforeEach(() => resetTrelloRateLimitState());

const allowed = (allowedBoards: string) => ({ options: { allowedBoards } });
const fileInput = (bytes: number) => [
	{ $binary: { data: { data: Buffer.alloc(bytes, 65).toString('base64'), mimeType: 'text/plain', fileName: 'big.txt' } } },
];

describe('Update Card: Clear', () => {
	it('empties labels and members and removes the due and start dates', async () => {
		const api = trelloApi([{ method: 'PUT', path: `/1/cards/${CARD}`, reply: card }]);
		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { name: 'Renamed', clear: ['idLabels', 'idMembers', 'due', 'start'] },
		});
		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()).toEqual(
			expectedSent([
				{ method: 'PUT', path: `/1/cards/${CARD}`, query: { name: 'Renamed', idLabels: '', idMembers: '', due: 'null', start: 'null' } },
			]),
		);
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});

	it('refuses a property both set and cleared, before sending', async () => {
		const api = trelloApi([]);
		const run = await runTrello({
			resource: 'card',
			operation: 'update',
			card: rl(CARD),
			additionalFields: { idLabels: [LABEL], clear: ['idLabels'] },
		});
		expect(run.error('Trello')?.message).toBe('"Label Names or IDs" is both set and chosen in the "Clear" parameter');
		expect(api.recorded).toEqual([]);
	});
});

describe('Attachment → Upload File', () => {
	it('refuses a file over the chosen limit before sending anything', async () => {
		const api = trelloApi([]);
		const run = await runTrello(
			{ resource: 'attachment', operation: 'upload', card: rl(CARD), binaryPropertyName: 'data', additionalFields: { maxFileSizeMb: 1 } },
			'keyToken',
			fileInput(1024 * 1024 + 1),
		);
		const error = run.error('Trello');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('The file in "data" is 1.0 MB, over the 1 MB set in "Max File Size (MB)"; nothing was sent');
		expect(error?.description).toContain('10 MB on free workspaces and 250 MB on paid ones');
		expect(api.recorded).toEqual([]);
	});

	it('keeps Trello’s free-plan limit of 10 MB unless told otherwise', async () => {
		trelloApi([]);
		const run = await runTrello(
			{ resource: 'attachment', operation: 'upload', card: rl(CARD), binaryPropertyName: 'data' },
			'keyToken',
			fileInput(10 * 1024 * 1024 + 1),
		);
		expect(run.error('Trello')?.message).toBe('The file in "data" is 10.0 MB, over the 10 MB set in "Max File Size (MB)"; nothing was sent');
	});

	it('names the binary property the input item lacks', async () => {
		trelloApi([]);
		const run = await runTrello({ resource: 'attachment', operation: 'upload', card: rl(CARD), binaryPropertyName: 'file' });
		expect(run.error('Trello')?.message).toBe('The "Input Binary Field" parameter names "file", which the input item does not have');
	});
});

describe('Attachment → Download', () => {
	it('explains that a link cannot be downloaded', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: `/1/cards/${CARD}/attachments/${ATTACHMENT}`,
				reply: { id: ATTACHMENT, name: 'Design', url: 'https://example.com/design', isUpload: false },
			},
		]);
		const run = await runTrello({ resource: 'attachment', operation: 'download', card: rl(CARD), attachment: rl(ATTACHMENT), binaryPropertyName: 'data' });
		expect(run.error('Trello')?.message).toBe('The "Attachment" parameter names a link (https://example.com/design), not an uploaded file');
		expect(api.recorded).toHaveLength(1);
	});
});

describe('Custom Field → Set Value on Card, for every field type', () => {
	const put = `/1/cards/${CARD}/customField/${CUSTOM_FIELD}/item`;
	const definition = (type: string) => ({
		id: CUSTOM_FIELD,
		name: 'Field',
		type,
		...(type === 'list' ? { options: [{ id: OPTION, value: { text: 'High' } }] } : {}),
	});

	it.each([
		['text', 'Hello, world', { value: { text: 'Hello, world' } }],
		['number', '42.5', { value: { number: '42.5' } }],
		['date', '2026-12-01T09:00:00+01:00', { value: { date: '2026-12-01T08:00:00.000Z' } }],
		['checkbox', 'TRUE', { value: { checked: 'true' } }],
		['checkbox', 'false', { value: { checked: 'false' } }],
		['list', OPTION, { idValue: OPTION }],
	])('%s field, value "%s"', async (type, value, body) => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/customFields/${CUSTOM_FIELD}`, reply: definition(type) },
			{ method: 'PUT', path: put, reply: { id: 'item', ...body } },
		]);
		const run = await runTrello({ resource: 'customField', operation: 'setOnCard', card: rl(CARD), customField: rl(CUSTOM_FIELD), value });
		expect(run.json('Trello')).toEqual([{ id: 'item', ...body }]);
		expect(api.recorded[1].body).toEqual(body);
		for (const call of api.recorded) expect(contractProblems(call)).toEqual([]);
	});

	it.each([
		['number', 'forty', 'The "Value" parameter is not a number (got "forty")'],
		['date', 'soon', 'The "Value" parameter is not a date (got "soon")'],
		['checkbox', 'yes', 'The "Value" parameter must be true or false (got "yes")'],
		['list', 'Medium', 'The "Value" parameter is not an option of "Field" (got "Medium")'],
	])('refuses a value that does not fit a %s field, before changing anything', async (type, value, message) => {
		const api = trelloApi([{ method: 'GET', path: `/1/customFields/${CUSTOM_FIELD}`, reply: definition(type) }]);
		const run = await runTrello({ resource: 'customField', operation: 'setOnCard', card: rl(CARD), customField: rl(CUSTOM_FIELD), value });
		expect(run.error('Trello')?.message).toBe(message);
		expect(api.sent().map((call) => call.method)).toEqual(['GET']);
	});

	it('clears a list field with an empty option', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/customFields/${CUSTOM_FIELD}`, reply: definition('list') },
			{ method: 'PUT', path: put, reply: {} },
		]);
		await runTrello({ resource: 'customField', operation: 'clearOnCard', card: rl(CARD), customField: rl(CUSTOM_FIELD) });
		expect(api.recorded[1].body).toEqual({ idValue: '' });
		expect(contractProblems(api.recorded[1])).toEqual([]);
	});

	it('with Allowed Boards, refuses a custom field of another board before any write', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
			{ method: 'GET', path: `/1/customFields/${CUSTOM_FIELD}`, query: { fields: 'idModel' }, reply: { idModel: OTHER_BOARD } },
		]);
		const run = await runTrello({
			resource: 'customField',
			operation: 'setOnCard',
			card: rl(CARD),
			customField: rl(CUSTOM_FIELD),
			value: 'x',
			...allowed(BOARD),
		});
		expect(run.error('Trello')?.message).toBe(
			`Refused: the custom field "${CUSTOM_FIELD}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
	});
});

describe('Search within a board scope', () => {
	it('with the node’s Allowed Boards, searches only those boards and keeps only their cards', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/search',
				reply: { cards: [card, { ...card, id: 'elsewhere', idBoard: OTHER_BOARD }], boards: [] },
			},
		]);
		const run = await runTrello({ resource: 'search', operation: 'cards', query: 'notes', cardsLimit: 5, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()).toEqual(
			expectedSent([{ method: 'GET', path: '/1/search', query: { query: 'notes', cards_limit: '5', modelTypes: 'cards', idBoards: BOARD } }]),
		);
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});

	it('refuses a board asked for outside Allowed Boards, without searching', async () => {
		const api = trelloApi([]);
		const run = await runTrello({
			resource: 'search',
			operation: 'boards',
			query: 'ops',
			boardsLimit: 5,
			additionalFields: { boards: OTHER_BOARD },
			...allowed(BOARD),
		});
		expect(run.error('Trello')?.message).toBe(`Refused: the board "${OTHER_BOARD}" in "Boards" is outside the Allowed Boards`);
		expect(api.recorded).toEqual([]);
	});

	it('refuses a member search while Allowed Boards is set', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'search', operation: 'members', query: 'ada', membersLimit: 5, ...allowed(BOARD) });
		expect(run.error('Trello')?.message).toBe(`"Search → Search Members" is not available while Allowed Boards is set (allowed: ${BOARD})`);
		expect(run.error('Trello')?.description).toContain('cannot be confined to the Allowed Boards');
		expect(api.recorded).toEqual([]);
	});

	async function runScoped(parameters: Record<string, unknown>) {
		const credentials = credentialsFor();
		credentials.trelloKeyTokenApi = { ...credentials.trelloKeyTokenApi, allowedBoards: BOARD } as never;
		const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, {
			trelloKeyTokenApi: 'key-token',
		});
		return await runWorkflow(singleNodeWorkflow(node), { credentials });
	}

	it('with the credential’s board scope, searches only its boards and drops anything else Trello answers', async () => {
		const api = trelloApi([
			{
				method: 'GET',
				path: '/1/search',
				reply: { cards: [card, { ...card, id: 'elsewhere', idBoard: OTHER_BOARD }], members: [{ id: MEMBER }] },
			},
		]);
		const run = await runScoped({ resource: 'search', operation: 'cards', query: 'notes', cardsLimit: 5 });
		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()[0].query).toEqual({ query: 'notes', cards_limit: '5', modelTypes: 'cards', idBoards: BOARD });
	});

	it('with the credential’s board scope, a member search is refused before it is sent', async () => {
		const api = trelloApi([]);
		const run = await runScoped({ resource: 'search', operation: 'members', query: 'ada', membersLimit: 5 });
		expect(run.error('Trello')?.message).toMatch(/^Refused: GET \/1\/search\/members\/ cannot be checked against the credential's board scope/);
		expect(api.recorded).toEqual([]);
	});

	it('with the credential’s board scope, a member’s cards are kept only on its boards', async () => {
		trelloApi([{ method: 'GET', path: `/1/members/${MEMBER}/cards`, reply: [card, { ...card, id: 'elsewhere', idBoard: OTHER_BOARD }] }]);
		const run = await runScoped({ resource: 'member', operation: 'getCards', member: MEMBER, returnAll: true });
		expect(run.json('Trello')).toEqual([card]);
	});
});

describe('Allowed Boards on the new list operations', () => {
	it('refuses moving all cards of a list to a list of another board', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/lists/${card.idList}`, query: { fields: 'idBoard' }, reply: { idBoard: BOARD } },
		]);
		const run = await runTrello({
			resource: 'list',
			operation: 'moveAllCards',
			list: rl(card.idList),
			idBoard: rl(OTHER_BOARD),
			idList: rl('60a1b2c3d4e5f60718293a99'),
			...allowed(BOARD),
		});
		expect(run.error('Trello')?.message).toBe(`Refused: the board "${OTHER_BOARD}" is outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`);
		expect(api.sent().every((call) => call.method === 'GET')).toBe(true);
	});

	it('keeps a member’s boards to the allowed ones', async () => {
		trelloApi([{ method: 'GET', path: '/1/members/me/boards', reply: [{ id: BOARD }, { id: OTHER_BOARD }] }]);
		const run = await runTrello({ resource: 'member', operation: 'getBoards', member: 'me', returnAll: true, ...allowed(BOARD) });
		expect(run.json('Trello')).toEqual([{ id: BOARD }]);
	});
});

