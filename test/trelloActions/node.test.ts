import type { INodeProperties } from 'n8n-workflow';

import { Trello } from '../../nodes/Trello/Trello.node';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD } from './fixtures';
import { rl, runTrello, SECRETS, TOKEN, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const node = new Trello();
const properties = node.description.properties;

function propertiesNamed(name: string): INodeProperties[] {
	const found: INodeProperties[] = [];
	const walk = (list: INodeProperties[]) => {
		for (const property of list) {
			if (property.name === name) found.push(property);
			if (property.type === 'collection') walk((property.options ?? []) as INodeProperties[]);
		}
	};
	walk(properties);
	return found;
}

describe('Trello node description', () => {
	it('is usable as an agent tool, with both authentication methods', () => {
		expect(node.description.usableAsTool).toMatchObject({ replacements: { skipNameGeneration: false } });
		expect(properties[0].name).toBe('authentication');
		expect(properties[0].options).toEqual([
			{ name: 'API Key and Token', value: 'keyToken' },
			{ name: 'OAuth 1.0a', value: 'oAuth1' },
		]);
		expect(node.description.credentials?.map((c) => c.name)).toEqual(['trelloKeyTokenApi', 'trelloOAuth10aApi']);
	});

	it('describes every operation for people and agents', () => {
		const selectors = properties.filter((p) => p.name === 'operation');
		const operations = selectors.flatMap((p) => p.options ?? []);
		// One selector per resource and node version range (Comment's older one keeps Add (Legacy)).
		const offered = new Set(
			selectors.flatMap((p) => (p.options ?? []).map((o) => `${String(p.displayOptions?.show?.resource)}.${String((o as { value: string }).value)}`)),
		);
		expect([...offered].sort()).toEqual(TRELLO_ROWS.map((row) => `${row.resource}.${row.operation}`).sort());
		for (const option of operations as Array<{ description?: string; action?: string }>) {
			expect(option.description?.length).toBeGreaterThan(30);
			expect(option.action).toBeTruthy();
		}
		for (const row of TRELLO_ROWS) for (const field of row.fields) expect(field.description.length).toBeGreaterThan(10);
	});

	it('offers Return All and Limit on every operation returning a collection', () => {
		const collections = TRELLO_ROWS.filter((row) => row.paging).map((row) => `${row.resource}.${row.operation}`);
		expect(collections.length).toBeGreaterThan(0);
		const shownFor = (name: string) =>
			propertiesNamed(name).flatMap((p) =>
				(p.displayOptions?.show?.resource as string[]).flatMap((r) => (p.displayOptions?.show?.operation as string[]).map((operation) => `${r}.${operation}`)),
			);
		expect(shownFor('returnAll').sort()).toEqual(collections.sort());
		expect(shownFor('limit').sort()).toEqual(collections.sort());
	});

	it('picks boards from a list, by address or by id; lists, cards and labels from the chosen board', () => {
		const modes = (name: string) =>
			propertiesNamed(name)[0].modes?.map((m) => [m.name, m.typeOptions?.searchListMethod ?? m.placeholder]);
		expect(modes('board')).toEqual([
			['list', 'searchBoards'],
			['url', 'https://trello.com/b/AbCd1234/my-board'],
			['id', '5abbe4b7ddc1b351ef961414'],
		]);
		expect(modes('list')).toEqual([
			['list', 'searchLists'],
			['id', '5abbe4b7ddc1b351ef961414'],
		]);
		expect(modes('idList')).toEqual([
			['list', 'searchDestinationLists'],
			['id', '5abbe4b7ddc1b351ef961414'],
		]);
		expect(modes('card')).toEqual([
			['list', 'searchCards'],
			['url', 'https://trello.com/c/AbCd1234/12-my-card'],
			['id', '5abbe4b7ddc1b351ef961414 or AbCd1234'],
		]);
		expect(modes('label')).toEqual([
			['list', 'searchLabels'],
			['id', '5abbe4b7ddc1b351ef961414'],
		]);
		const searchMethods = Object.keys(node.methods.listSearch);
		const optionMethods = Object.keys(node.methods.loadOptions);
		const referenced = JSON.stringify(properties);
		for (const name of [...referenced.matchAll(/"searchListMethod":"(\w+)"/g)].map((m) => m[1])) {
			expect(searchMethods).toContain(name);
		}
		for (const name of [...referenced.matchAll(/"loadOptionsMethod":"(\w+)"/g)].map((m) => m[1])) {
			expect(optionMethods).toContain(name);
		}
	});

	it('has the Allowed Boards, Max Rate-Limit Wait and agent defence options', () => {
		const options = properties.find((p) => p.name === 'options');
		expect((options?.options as INodeProperties[]).map((o) => o.name)).toEqual(['allowedBoards', 'maxRateLimitWait', 'maxDownloadSizeMb', 'removeHiddenText', 'secretsInWrites', 'trustedMembersOnly', 'trustedMembers']);
	});
});

describe('Trello node errors', () => {
	it('turns a Trello error into its message; with Continue On Fail the item carries it, paired', async () => {
		trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD } },
			{ method: 'GET', path: '/1/cards/5f1d7e1c2b3a4f5e6d7c8bff', status: 404, reply: 'The requested resource was not found.' },
		]);

		const run = await runTrello(
			{ resource: 'card', operation: 'get', card: rl('={{ $json.card }}') },
			'keyToken',
			[{ card: CARD }, { card: '5f1d7e1c2b3a4f5e6d7c8bff' }],
			{ continueOnFail: true },
		);

		expect(run.items('Trello')).toEqual([
			{ json: { id: CARD }, pairedItem: { item: 0 } },
			{
				json: {
					error: 'Trello answered 404: The requested resource was not found. - Not found or not visible to this token: check the id (or short link) and that the account can see it.',
					description: 'Not found or not visible to this token: check the id (or short link) and that the account can see it.',
				},
				pairedItem: { item: 1 },
			},
		]);
	});

	it('stops the run with the item index and no secret when Continue On Fail is off', async () => {
		trelloApi([{ method: 'PUT', path: `/1/cards/${CARD}`, status: 401, reply: `invalid token ${TOKEN}` }]);

		const run = await runTrello({ resource: 'card', operation: 'archive', card: rl(CARD) });

		const error = run.error('Trello');
		expect(error?.message).toBe('Trello answered 401: invalid token [redacted] - Trello refused the credential or it cannot see this object: re-authenticate, or check the id and the account’s access to the board.');
		expect(error?.name).toBe('NodeApiError');
		const everything = JSON.stringify(run.run);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
	});

	it('names an empty card parameter before sending anything', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'card', operation: 'get', card: rl('={{ $json.card }}') }, 'keyToken', [
			{ card: '' },
		]);
		expect(run.error('Trello')?.message).toBe('The "Card" parameter is empty');
		expect(api.recorded).toEqual([]);
	});

	it('refuses a board address that is not a Trello board address before running', async () => {
		const api = trelloApi([]);
		await expect(
			runTrello({ resource: 'board', operation: 'get', board: rl('https://trello.com/c/Xy12Ab34/not-a-board', 'url') }),
		).rejects.toThrow('Not a Trello board address (https://trello.com/b/…)');
		expect(api.recorded).toEqual([]);
	});

	it('refuses a board value that is neither an id nor a short link', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/boards/${BOARD}%2Fcards`, reply: {} }]);
		const run = await runTrello({ resource: 'board', operation: 'get', board: rl('={{ $json.board }}') }, 'keyToken', [
			{ board: `${BOARD}/cards` },
		]);
		// Not an id and not a short link: refused as a board before anything is sent.
		expect(run.error('Trello')?.message).toBe(`"${BOARD}/cards" in "Board" is not a Trello board`);
		expect(api.recorded).toEqual([]);
	});

	it('never lets a card value add path segments', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ resource: 'card', operation: 'delete', card: rl('={{ $json.card }}') }, 'keyToken', [
			{ card: '../members/me' },
		]);
		expect(run.error('Trello')?.message).toContain('contains an encoded slash');
		expect(api.recorded).toEqual([]);
	});

	it('fails an item with the limit’s name when Max Rate-Limit Wait is too short for Trello’s 429', async () => {
		trelloApi([
			{
				method: 'GET',
				path: `/1/cards/${CARD}`,
				status: 429,
				reply: { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' },
			},
		]);
		const run = await runTrello(
			{ resource: 'card', operation: 'get', card: rl(CARD), options: { maxRateLimitWait: 0 } },
			'keyToken',
			[{}],
			{ continueOnFail: true },
		);
		expect(run.json('Trello')).toEqual([
			{
				error: expect.stringMatching(
					/^Trello: Trello per-token rate limit \(100 requests \/ 10 s\) reached and waiting for it would exceed the maximum rate-limit wait\. It resets at \d{4}-\d\d-\d\dT/,
				),
				description: expect.stringContaining('Max Rate-Limit Wait'),
			},
		]);
	});
});
