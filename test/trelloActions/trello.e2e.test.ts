import { FakeTrello, multipartParts } from '../fakes/fakeTrello';
import type { FakeRequest } from '../fakes/server';
import { manualWorkflow, PACKAGE, RealN8n } from '../e2e/n8n';

const KEY_TOKEN = { apiKey: 'e2e-actions-key-0123456789', apiToken: 'e2e-actions-token-0123456789abcdef' };
const OAUTH = {
	apiKey: 'e2e-actions-consumer-0123456789',
	apiToken: 'e2e-actions-oauth-token-0123456789',
	consumerSecret: 'e2e-actions-consumer-secret',
	tokenSecret: 'e2e-actions-token-secret',
};
const BOARD = '5f1d7e1c2b3a4f5e6d7c8b9a';
const OTHER_BOARD = '5f1d7e1c2b3a4f5e6d7c8b00';
const PRIORITY_FIELD = '68b000000000000000000011';
const HIGH = '68b000000000000000000012';
const LOW = '68b000000000000000000013';
const ESTIMATE_FIELD = '68b000000000000000000014';
const APPROVED_FIELD = '68b000000000000000000015';

type Record_ = Record<string, unknown>;

/** A Trello that remembers what the workflow creates, enough for every resource of the node. */
function stateful(trello: FakeTrello) {
	let sequence = 0;
	const newId = () => (0x6a0000000000 + ++sequence).toString(16).padStart(24, '0');
	const boards: Record_[] = [
		{ id: BOARD, name: 'Team', shortLink: 'AbCd1234', url: 'https://trello.com/b/AbCd1234/team' },
		{ id: OTHER_BOARD, name: 'Ops', shortLink: 'Zz98Yy76', url: 'https://trello.com/b/Zz98Yy76/ops' },
	];
	const lists = new Map<string, Record_>();
	const cards = new Map<string, Record_>();
	const checklists = new Map<string, Record_>();
	const labels = new Map<string, Record_>();
	const board = (ref: string) => boards.find((b) => b.id === ref || b.shortLink === ref);
	const pick = (object: Record_ | undefined, request: FakeRequest) => {
		if (!object) return { status: 404, body: 'The requested resource was not found.' };
		if (!request.query.fields) return { body: object };
		return { body: Object.fromEntries(['id', ...request.query.fields.split(',')].map((f) => [f, object[f]])) };
	};
	const ids = (text: string | undefined) => (text ? text.split(',') : []);
	// Custom fields of the board Team, and the values cards hold (Trello keeps every value as text).
	const customFields: Record_[] = [
		{
			id: PRIORITY_FIELD,
			idModel: BOARD,
			modelType: 'board',
			name: 'Priority',
			type: 'list',
			options: [
				{ id: HIGH, idCustomField: PRIORITY_FIELD, value: { text: 'High' } },
				{ id: LOW, idCustomField: PRIORITY_FIELD, value: { text: 'Low' } },
			],
		},
		{ id: ESTIMATE_FIELD, idModel: BOARD, modelType: 'board', name: 'Estimate', type: 'number' },
		{ id: APPROVED_FIELD, idModel: BOARD, modelType: 'board', name: 'Approved', type: 'checkbox' },
	];
	const fieldItems = new Map<string, Record_[]>();

	trello
		.on('GET', '/1/members/me/boards', () => ({ body: boards }))
		.on('GET', '/1/boards/{id}', (r) => pick(board(r.params.id), r))
		.on('GET', '/1/boards/{id}/lists', (r) => ({ body: [...lists.values()].filter((l) => l.idBoard === r.params.id) }))
		.on('GET', '/1/boards/{id}/cards', (r) => ({ body: [...cards.values()].filter((c) => c.idBoard === r.params.id && !c.closed) }))
		.on('GET', '/1/boards/{id}/labels', (r) => ({ body: [...labels.values()].filter((l) => l.idBoard === r.params.id) }))
		.on('POST', '/1/lists', (r) => {
			const list = { id: newId(), name: r.query.name, idBoard: r.query.idBoard, closed: false, pos: r.query.pos ?? 'bottom' };
			lists.set(list.id, list);
			return { body: list };
		})
		.on('GET', '/1/lists/{id}', (r) => pick(lists.get(r.params.id), r))
		.on('GET', '/1/lists/{id}/cards', (r) => ({ body: [...cards.values()].filter((c) => c.idList === r.params.id && !c.closed) }))
		.on('POST', '/1/cards', (r) => {
			const list = lists.get(r.query.idList);
			if (!list) return { status: 400, body: 'invalid value for idList' };
			const card = {
				id: newId(),
				name: r.query.name,
				desc: r.query.desc ?? '',
				idList: list.id,
				idBoard: list.idBoard,
				pos: r.query.pos,
				due: r.query.due ?? null,
				dueComplete: false,
				closed: false,
				idLabels: ids(r.query.idLabels),
				idMembers: ids(r.query.idMembers),
			};
			cards.set(card.id, card);
			return { body: card };
		})
		.on('GET', '/1/cards/{id}', (r) => {
			const reply = pick(cards.get(r.params.id), r);
			if (r.query.customFieldItems !== 'true' || 'status' in reply) return reply;
			return { body: { ...(reply.body as Record_), customFieldItems: fieldItems.get(r.params.id) ?? [] } };
		})
		.on('PUT', '/1/cards/{id}', (r) => {
			const card = cards.get(r.params.id);
			if (!card) return { status: 404, body: 'The requested resource was not found.' };
			for (const [name, value] of Object.entries(r.query)) {
				card[name] = value === 'true' ? true : value === 'false' ? false : value;
			}
			return { body: card };
		})
		.on('POST', '/1/cards/{id}/actions/comments', (r) => ({
			body: { id: newId(), type: 'commentCard', data: { text: r.query.text, card: { id: r.params.id } } },
		}))
		.on('POST', '/1/checklists', (r) => {
			const card = cards.get(r.query.idCard);
			const checklist = { id: newId(), name: r.query.name, idCard: r.query.idCard, idBoard: card?.idBoard, checkItems: [] as Record_[] };
			checklists.set(checklist.id, checklist);
			return { body: checklist };
		})
		.on('GET', '/1/checklists/{id}', (r) => pick(checklists.get(r.params.id), r))
		.on('POST', '/1/checklists/{id}/checkItems', (r) => {
			const checklist = checklists.get(r.params.id);
			if (!checklist) return { status: 404, body: 'The requested resource was not found.' };
			const item = {
				id: newId(),
				name: r.query.name,
				state: r.query.checked === 'true' ? 'complete' : 'incomplete',
				due: r.query.due ?? null,
				idChecklist: checklist.id,
			};
			(checklist.checkItems as Record_[]).push(item);
			return { body: item };
		})
		.on('PUT', '/1/cards/{id}/checkItem/{idCheckItem}', (r) => {
			const item = [...checklists.values()]
				.filter((c) => c.idCard === r.params.id)
				.flatMap((c) => c.checkItems as Record_[])
				.find((i) => i.id === r.params.idCheckItem);
			if (!item) return { status: 404, body: 'The requested resource was not found.' };
			Object.assign(item, r.query);
			return { body: item };
		})
		.on('POST', '/1/labels', (r) => {
			const label = { id: newId(), name: r.query.name, color: r.query.color, idBoard: r.query.idBoard };
			labels.set(label.id, label);
			return { body: label };
		})
		.on('GET', '/1/labels/{id}', (r) => pick(labels.get(r.params.id), r))
		.on('POST', '/1/cards/{id}/idLabels', (r) => {
			const card = cards.get(r.params.id)!;
			(card.idLabels as string[]).push(r.query.value);
			return { body: card.idLabels };
		});
	const attachments = new Map<string, Record_>();
	const files = new Map<string, Buffer>();
	trello
		.on('POST', '/1/cards/{id}/attachments', (r) => {
			const card = cards.get(r.params.id);
			const parts = multipartParts(r);
			const file = parts?.find((part) => part.name === 'file');
			if (!card || !file?.fileName) return { status: 400, body: 'invalid value for file' };
			const field = (name: string) => parts?.find((part) => part.name === name)?.content.toString('utf8');
			const id = newId();
			const name = field('name') ?? file.fileName;
			const attachment = {
				id,
				name,
				mimeType: field('mimeType') ?? file.contentType,
				bytes: file.content.length,
				isUpload: true,
				url: `https://trello.com/1/cards/${r.params.id}/attachments/${id}/download/${encodeURIComponent(file.fileName)}`,
			};
			attachments.set(id, attachment);
			files.set(id, file.content);
			return { body: attachment };
		})
		.on('GET', '/1/cards/{id}/attachments/{idAttachment}', (r) => pick(attachments.get(r.params.idAttachment), r))
		.on('GET', '/1/cards/{id}/attachments/{idAttachment}/download/{fileName}', (r) => {
			const file = files.get(r.params.idAttachment);
			return file ? { body: file } : { status: 404, body: 'The requested resource was not found.' };
		});
	trello
		.on('GET', '/1/boards/{id}/customFields', (r) => ({ body: customFields.filter((f) => f.idModel === r.params.id) }))
		.on('PUT', '/1/cards/{id}/customField/{idCustomField}/item', (r) => {
			const card = cards.get(r.params.id);
			const field = customFields.find((f) => f.id === r.params.idCustomField);
			if (!card || !field || field.idModel !== card.idBoard) return { status: 404, body: 'The requested resource was not found.' };
			const stored = r.body as Record_;
			const item = { id: newId(), idCustomField: field.id, idModel: card.id, modelType: 'card', ...(stored.idValue ? { idValue: stored.idValue } : { value: stored.value }) };
			fieldItems.set(String(card.id), [...(fieldItems.get(String(card.id)) ?? []).filter((i) => i.idCustomField !== field.id), item]);
			return { body: item };
		});
	return { cards, lists, checklists, labels, attachments, files, fieldItems };
}

const keyToken = { trelloKeyTokenApi: { id: 'trKey', name: 'Trello key' } };
const oAuth1 = { trelloOAuth10aApi: { id: 'trOAuth', name: 'Trello OAuth' } };

function trelloNode(name: string, authentication: 'keyToken' | 'oAuth1', parameters: Record_, extra: Record_ = {}) {
	return {
		name,
		type: `${PACKAGE}.trello`,
		executeOnce: true,
		// Raw API objects are compared here; simplified output has its own tests.
		parameters: { authentication, simplify: false, ...parameters },
		credentials: authentication === 'keyToken' ? keyToken : oAuth1,
		...extra,
	};
}

const id = (expression: string) => ({ __rl: true, mode: 'id', value: `={{ ${expression} }}` });
const ALLOWED = { allowedBoards: 'https://trello.com/b/AbCd1234/team' };

describe('Trello node and Trello API Call node in a real n8n', () => {
	const trello = new FakeTrello();
	let state: ReturnType<typeof stateful>;
	let n8n: RealN8n;

	beforeAll(async () => {
		await trello.start();
		trello.accounts.push(KEY_TOKEN, OAUTH);
		state = stateful(trello);
		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ id: 'trKey', name: 'Trello key', type: 'trelloKeyTokenApi', data: { ...KEY_TOKEN, apiBaseUrl: trello.baseUrl } },
			{
				id: 'trOAuth',
				name: 'Trello OAuth',
				type: 'trelloOAuth10aApi',
				data: {
					consumerKey: OAUTH.apiKey,
					consumerSecret: OAUTH.consumerSecret,
					apiBaseUrl: trello.baseUrl,
					oauthTokenData: { oauth_token: OAUTH.apiToken, oauth_token_secret: OAUTH.tokenSecret },
				},
			},
		]);
		// Runs and imports go through the REST API of this n8n (test/e2e/n8n.ts): each CLI run would start an n8n of its own.
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await trello.stop();
	});

	it('runs every resource, both authentication methods, Allowed Boards and the API Call node', async () => {
		await n8n.importWorkflow(
			manualWorkflow('trelloActions', [
				trelloNode('Boards', 'keyToken', { resource: 'board', operation: 'getAll', returnAll: true, options: ALLOWED }),
				trelloNode('Create List', 'oAuth1', {
					resource: 'list',
					operation: 'create',
					board: { __rl: true, mode: 'url', value: 'https://trello.com/b/AbCd1234/team' },
					name: 'Doing',
				}),
				trelloNode('Create Card', 'keyToken', {
					resource: 'card',
					operation: 'create',
					list: id("$('Create List').first().json.id"),
					name: 'Write release notes',
					additionalFields: { desc: 'For 2.3', pos: 'top', due: '2026-12-01T09:00:00.000Z' },
					options: ALLOWED,
				}),
				trelloNode('Update Card', 'oAuth1', {
					resource: 'card',
					operation: 'update',
					card: id("$('Create Card').first().json.id"),
					additionalFields: { dueComplete: true, name: 'Release notes' },
					options: ALLOWED,
				}),
				trelloNode('Comment', 'keyToken', {
					resource: 'comment',
					operation: 'addToCard',
					card: id("$('Create Card').first().json.id"),
					text: 'Drafted',
				}),
				trelloNode('Checklist', 'oAuth1', {
					resource: 'checklist',
					operation: 'create',
					card: id("$('Create Card').first().json.id"),
					name: 'QA',
				}),
				trelloNode('Check Item', 'keyToken', {
					resource: 'checklist',
					operation: 'addItem',
					checklist: id("$('Checklist').first().json.id"),
					name: 'Smoke test',
					additionalFields: { checked: false },
					options: ALLOWED,
				}),
				trelloNode('Tick Item', 'oAuth1', {
					resource: 'checklist',
					operation: 'updateItem',
					card: id("$('Create Card').first().json.id"),
					checkItem: id("$('Check Item').first().json.id"),
					additionalFields: { state: 'complete' },
				}),
				trelloNode('Label', 'keyToken', {
					resource: 'label',
					operation: 'create',
					board: { __rl: true, mode: 'id', value: BOARD },
					name: 'Urgent',
					color: 'red',
				}),
				trelloNode('Add Label', 'oAuth1', {
					resource: 'label',
					operation: 'addToCard',
					card: id("$('Create Card').first().json.id"),
					label: id("$('Label').first().json.id"),
					options: ALLOWED,
				}),
				trelloNode('List Cards', 'keyToken', {
					resource: 'list',
					operation: 'getCards',
					list: id("$('Create List').first().json.id"),
					returnAll: true,
				}),
				trelloNode(
					'Refused',
					'keyToken',
					{
						resource: 'card',
						operation: 'archive',
						card: id("$('Create Card').first().json.id"),
						options: { allowedBoards: OTHER_BOARD },
					},
					{ onError: 'continueRegularOutput' },
				),
				trelloNode('Archive', 'oAuth1', {
					resource: 'card',
					operation: 'archive',
					card: id("$('Create Card').first().json.id"),
				}),
				{
					name: 'API Call',
					type: `${PACKAGE}.trelloApiCall`,
					executeOnce: true,
					parameters: {
						authentication: 'oAuth1',
						method: 'GET',
						endpoint: "=/1/cards/{{ $('Create Card').first().json.id }}",
						queryParameters: { parameter: [{ name: 'fields', value: 'name,closed,idLabels,dueComplete' }] },
					},
					credentials: oAuth1,
				},
			]),
		);

		const result = await n8n.execute('trelloActions');
		const out = (node: string) => {
			const run = result.runData[node]?.[0];
			if (!run) throw new Error(`${node} did not run: ${JSON.stringify(result.raw).slice(0, 2000)}`);
			if (run.error) throw new Error(`${node} failed: ${run.error.message} ${run.error.description ?? ''}`);
			return run.data!.main[0].map((item) => item.json);
		};

		expect(out('Boards')).toEqual([{ id: BOARD, name: 'Team', shortLink: 'AbCd1234', url: 'https://trello.com/b/AbCd1234/team' }]);
		const [list] = out('Create List');
		expect(list).toMatchObject({ name: 'Doing', idBoard: BOARD });
		const [card] = out('Create Card');
		expect(card).toMatchObject({ name: 'Write release notes', idList: list.id, pos: 'top', due: '2026-12-01T09:00:00.000Z' });
		expect(out('Update Card')[0]).toMatchObject({ id: card.id, name: 'Release notes', dueComplete: true });
		expect(out('Comment')[0]).toMatchObject({ type: 'commentCard', data: { text: 'Drafted', card: { id: card.id } } });
		const [checklist] = out('Checklist');
		expect(checklist).toMatchObject({ name: 'QA', idCard: card.id });
		const [item] = out('Check Item');
		expect(item).toMatchObject({ name: 'Smoke test', state: 'incomplete' });
		expect(out('Tick Item')[0]).toMatchObject({ id: item.id, state: 'complete' });
		const [label] = out('Label');
		expect(out('Add Label')).toEqual([{ id: card.id, idLabels: [label.id] }]);
		expect(out('List Cards').map((c) => c.id)).toEqual([card.id]);
		expect(out('Refused')).toEqual([
			{
				error: `Refused: the card "${String(card.id)}" is on board "${BOARD}", outside the node's "Allowed Boards". Allowed boards: ${OTHER_BOARD}.`,
				description: expect.any(String),
			},
		]);
		expect(out('Archive')[0]).toMatchObject({ id: card.id, closed: true });
		expect(out('API Call')).toEqual([
			{ id: card.id, name: 'Release notes', closed: true, idLabels: [label.id], dueComplete: true },
		]);

		// Each node run resolves the board address once (five runs with Allowed Boards, one board given by
		// address) and looks the card's board up once; nothing is remembered across node runs, where a
		// card may have moved in between.
		expect(trello.requestsTo('GET', '/1/boards/AbCd1234').length).toBe(6);
		expect(trello.requestsTo('GET', `/1/cards/${String(card.id)}`).map((r) => r.query)).toEqual([
			{ fields: 'idBoard' },
			{ fields: 'idBoard' },
			{ fields: 'idBoard' },
			{ fields: 'name,closed,idLabels,dueComplete' },
		]);
		const auth = trello.received.map((r) => r.headers.authorization ?? '');
		expect(auth.some((h) => h.includes('oauth_signature_method="HMAC-SHA1"'))).toBe(true);
		expect(auth.some((h) => h === `OAuth oauth_consumer_key="${KEY_TOKEN.apiKey}", oauth_token="${KEY_TOKEN.apiToken}"`)).toBe(true);
		expect(trello.received.every((r) => r.query.key === undefined && r.query.token === undefined)).toBe(true);
		const raw = JSON.stringify(result.raw);
		for (const secret of [KEY_TOKEN.apiToken, OAUTH.apiToken, OAUTH.consumerSecret, OAUTH.tokenSecret]) {
			expect(raw).not.toContain(secret);
		}
	});

	it('sets custom fields by name on a new card and reads them back by name, typed', async () => {
		await n8n.importWorkflow(
			manualWorkflow('trelloCustomFields', [
				trelloNode('List', 'keyToken', {
					resource: 'list',
					operation: 'create',
					board: { __rl: true, mode: 'id', value: BOARD },
					name: 'Triage',
				}),
				trelloNode('Create Card', 'oAuth1', {
					resource: 'card',
					operation: 'create',
					list: id("$('List').first().json.id"),
					name: 'Outage report',
					additionalFields: {
						customFieldValues: { field: [{ name: 'Priority', value: 'high' }, { name: 'Estimate', value: '2.5' }] },
					},
				}),
				trelloNode('Update Card', 'keyToken', {
					resource: 'card',
					operation: 'update',
					card: id("$('Create Card').first().json.id"),
					additionalFields: { customFieldValues: { field: [{ name: 'Approved', value: 'true' }] } },
				}),
				trelloNode('Get Card', 'keyToken', {
					resource: 'card',
					operation: 'get',
					card: id("$('Create Card').first().json.id"),
					additionalFields: { fields: 'name', customFieldItems: true },
					simplify: true,
				}),
			]),
		);

		const result = await n8n.execute('trelloCustomFields');
		const out = (node: string) => {
			const run = result.runData[node]?.[0];
			if (!run) throw new Error(`${node} did not run: ${JSON.stringify(result.raw).slice(0, 2000)}`);
			if (run.error) throw new Error(`${node} failed: ${run.error.message} ${run.error.description ?? ''}`);
			return run.data!.main[0].map((item) => item.json);
		};

		const [card] = out('Create Card');
		expect(card).toMatchObject({ name: 'Outage report', customFields: { Priority: 'High', Estimate: 2.5 } });
		expect(out('Update Card')[0]).toMatchObject({ id: card.id, customFields: { Approved: true } });
		expect(out('Get Card')).toEqual([{ id: card.id, name: 'Outage report', customFields: { Priority: 'High', Estimate: 2.5, Approved: true }, trust: 'unknown' }]);
		// What Trello stores: the option's id, numbers and checkboxes as text.
		expect(state.fieldItems.get(String(card.id))?.map((item) => [item.idCustomField, item.idValue ?? item.value])).toEqual([
			[PRIORITY_FIELD, HIGH],
			[ESTIMATE_FIELD, { number: '2.5' }],
			[APPROVED_FIELD, { checked: 'true' }],
		]);
		expect(trello.requestsTo('GET', `/1/cards/${String(card.id)}`).at(-1)?.query).toEqual({ fields: 'name,idBoard', customFieldItems: 'true' });
	});

	it('uploads a binary file from n8n as multipart form data (OAuth 1.0a) and downloads it back (API key and token)', async () => {
		// Bytes that are not text (a PNG signature, NUL and 0xff) must arrive unchanged.
		const content = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x41, 0x42]);
		await n8n.importWorkflow(
			manualWorkflow('trelloAttachments', [
				trelloNode('Files List', 'keyToken', {
					resource: 'list',
					operation: 'create',
					board: { __rl: true, mode: 'id', value: BOARD },
					name: 'Files',
				}),
				trelloNode('Files Card', 'oAuth1', {
					resource: 'card',
					operation: 'create',
					list: id("$('Files List').first().json.id"),
					name: 'Logo',
				}),
				{
					name: 'Content',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					parameters: {
						mode: 'manual',
						assignments: { assignments: [{ id: 'a1', name: 'content', value: content.toString('base64'), type: 'string' }] },
						options: {},
					},
				},
				{
					name: 'To File',
					type: 'n8n-nodes-base.convertToFile',
					typeVersion: 1.1,
					parameters: {
						operation: 'toBinary',
						sourceProperty: 'content',
						binaryPropertyName: 'logo',
						options: { fileName: 'logo.png', mimeType: 'image/png' },
					},
				},
				trelloNode('Upload', 'oAuth1', {
					resource: 'attachment',
					operation: 'upload',
					card: id("$('Files Card').first().json.id"),
					binaryPropertyName: 'logo',
					additionalFields: { setCover: true },
					options: ALLOWED,
				}),
				trelloNode('Download', 'keyToken', {
					resource: 'attachment',
					operation: 'download',
					card: id("$('Files Card').first().json.id"),
					attachment: id("$('Upload').first().json.id"),
					binaryPropertyName: 'file',
				}),
			]),
		);

		const result = await n8n.execute('trelloAttachments');
		const run = (node: string) => {
			const found = result.runData[node]?.[0];
			if (!found) throw new Error(`${node} did not run: ${JSON.stringify(result.raw).slice(0, 2000)}`);
			if (found.error) throw new Error(`${node} failed: ${found.error.message} ${found.error.description ?? ''}`);
			return found.data!.main[0] as Array<{ json: Record_; binary?: Record<string, Record_> }>;
		};

		const [card] = run('Files Card').map((item) => item.json);
		const [uploaded] = run('Upload').map((item) => item.json);
		expect(uploaded).toMatchObject({ name: 'logo.png', mimeType: 'image/png', bytes: content.length, isUpload: true });

		// What the fake received: a multipart body with the file part (its name, type and exact bytes) and the form fields.
		const uploads = trello.requestsTo('POST', `/1/cards/${String(card.id)}/attachments`);
		expect(uploads).toHaveLength(1);
		const parts = multipartParts(uploads[0])!;
		expect(parts.map(({ name, fileName, contentType }) => ({ name, fileName, contentType }))).toEqual([
			{ name: 'file', fileName: 'logo.png', contentType: 'image/png' },
			{ name: 'name', fileName: undefined, contentType: undefined },
			{ name: 'mimeType', fileName: undefined, contentType: undefined },
			{ name: 'setCover', fileName: undefined, contentType: undefined },
		]);
		expect(parts[0].content.equals(content)).toBe(true);
		expect(parts.slice(1).map((part) => part.content.toString('utf8'))).toEqual(['logo.png', 'image/png', 'true']);
		expect(uploads[0].query).toEqual({});
		expect(uploads[0].headers.authorization).toMatch(/oauth_signature_method="HMAC-SHA1"/);

		// The download goes to the credential's host (not the trello.com address in the attachment) with the Authorization header.
		const [downloaded] = run('Download');
		expect(downloaded.json).toMatchObject({ id: uploaded.id, name: 'logo.png' });
		expect(downloaded.binary?.file).toMatchObject({ fileName: 'logo.png', mimeType: 'image/png' });
		const fetched = trello.requestsTo('GET', `/1/cards/${String(card.id)}/attachments/${String(uploaded.id)}/download/logo.png`);
		expect(fetched).toHaveLength(1);
		expect(fetched[0].headers.authorization).toBe(`OAuth oauth_consumer_key="${KEY_TOKEN.apiKey}", oauth_token="${KEY_TOKEN.apiToken}"`);
		expect(fetched[0].query).toEqual({});
		const raw = JSON.stringify(result.raw);
		for (const secret of [KEY_TOKEN.apiToken, OAUTH.apiToken, OAUTH.consumerSecret, OAUTH.tokenSecret]) {
			expect(raw).not.toContain(secret);
		}
	});
});
