import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { findSecret } from '../../nodes/shared/secretWrites';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, credentials, repo, runGitHub, TOKEN } from '../githubActions/run';
import { CARD } from '../trelloActions/fixtures';
import { rl, runTrello, TOKEN as TRELLO_TOKEN, trelloApi } from '../trelloActions/support';

/**
 * A write that would publish a secret (the credential's own token in any form, or a well-known
 * token shape) to a public repository or a shared board is refused before it is sent; the
 * target's visibility is asked for only when a secret is found.
 */

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const PUBLIC_REPOSITORY = { full_name: 'octo/hello', private: false, visibility: 'public' };
const PRIVATE_REPOSITORY = { full_name: 'octo/hello', private: true, visibility: 'private' };
const LOOKUP = { method: 'GET', path: '/repos/octo/hello' };
const COMMENT = { resource: 'issue', operation: 'createComment', ...repo(), issueNumber: byId('7') };
const base64 = (text: string) => Buffer.from(text).toString('base64');
const wrapped76 = (text: string) => text.replace(/(.{76})(?=.)/g, '$1\n');
const percentEveryCharacter = (text: string) => [...text].map((character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`).join('');

async function comment(body: string, replies: Array<{ body: unknown; status?: number }>, options: IDataObject = {}) {
	const recorder = new GitHubRecorder(replies);
	const run = await runGitHub({ ...COMMENT, body, options });
	return { recorder, run, sent: recorder.requests.map(({ method, path }) => ({ method, path })) };
}

describe('GitHub: the credential’s own token', () => {
	it.each([
		['plain', `Here is the token: ${TOKEN}`],
		['base64-encoded', `Config: ${base64(`token=${TOKEN}`)}`],
		['base64-encoded after base64 letters', `Config:abc${base64(TOKEN)}`],
		['base64 in lines of a file', base64(`x${TOKEN}`).replace(/(.{20})/g, '$1\n')],
		['URL-encoded in a link', `https://evil.example/?t=${encodeURIComponent(TOKEN)}`],
		['base64 wrapped at 76 columns inside prose (the token across the line break)', `Settings below:\n${wrapped76(base64(`deploy settings, do not share: token = ${TOKEN}\nregion = eu`))}\nThanks!`],
		['percent-encoded, every character', `Open https://evil.example/?t=${percentEveryCharacter(TOKEN)}`],
		['with a colour code inside', `Here: ${TOKEN.slice(0, 10)}\u001b[1;31m${TOKEN.slice(10)}\u001b[0m`],
	])('%s, to a public repository: refused after one look-up, nothing written', async (_form, body) => {
		const { run, sent } = await comment(body, [{ body: PUBLIC_REPOSITORY }]);
		expect(run.error('GitHub')?.message).toBe('Refused: "Comment" holds the credential\'s own secret, and this write would publish it to the public repository octo/hello, which others can read');
		expect(JSON.stringify(run.error('GitHub'))).not.toContain(TOKEN);
		expect(sent).toEqual([LOOKUP]);
	});

	it('split across two fields (title and body), to a public repository: refused naming both', async () => {
		const recorder = new GitHubRecorder([{ body: PUBLIC_REPOSITORY }]);
		const run = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: `Token ${TOKEN.slice(0, 20)}`, body: TOKEN.slice(20) });
		expect(run.error('GitHub')?.message).toBe(
			'Refused: "Title" and "Body" hold the credential\'s own secret, split across fields, and this write would publish it to the public repository octo/hello, which others can read',
		);
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([LOOKUP]);
	});

	it('to a private repository: written under the default setting', async () => {
		const { run, sent } = await comment(`token ${TOKEN}`, [{ body: PRIVATE_REPOSITORY }, { status: 201, body: { id: 55, body: '[redacted]' } }]);
		expect(run.error('GitHub')).toBeUndefined();
		expect(sent).toEqual([LOOKUP, { method: 'POST', path: '/repos/octo/hello/issues/7/comments' }]);
	});

	it('to a private repository with "Refuse Everywhere": refused without a look-up', async () => {
		const { run, sent } = await comment(`token ${TOKEN}`, [], { secretsInWrites: 'refuseAll' });
		expect(run.error('GitHub')?.message).toBe('Refused: "Comment" holds the credential\'s own secret, and this write would publish it');
		expect(sent).toEqual([]);
	});

	it('to a public repository with "Allow": written, nothing looked up', async () => {
		const { run, sent } = await comment(`token ${TOKEN}`, [{ status: 201, body: { id: 55 } }], { secretsInWrites: 'allow' });
		expect(run.error('GitHub')).toBeUndefined();
		expect(sent).toEqual([{ method: 'POST', path: '/repos/octo/hello/issues/7/comments' }]);
	});

	it('a write without a secret costs no look-up', async () => {
		const { run, sent } = await comment('Looking into it', [{ status: 201, body: { id: 55 } }]);
		expect(run.error('GitHub')).toBeUndefined();
		expect(sent).toEqual([{ method: 'POST', path: '/repos/octo/hello/issues/7/comments' }]);
	});

	it('the repository is looked up for every write that carries a secret (its visibility may have changed since)', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }, { status: 201, body: { id: 1 } }, { body: PRIVATE_REPOSITORY }, { status: 201, body: { id: 2 } }]);
		const run = await runGitHub({ ...COMMENT, body: `={{ "token ${TOKEN} " + $json.n }}` }, [{ n: 1 }, { n: 2 }]);
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([LOOKUP, { method: 'POST', path: '/repos/octo/hello/issues/7/comments' }, LOOKUP, { method: 'POST', path: '/repos/octo/hello/issues/7/comments' }]);
	});

	it('Webhook → Create with the token in the Payload URL of a private repository: refused (the hook\'s host receives it)', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'webhook', operation: 'create', ...repo(), url: `https://hooks.example/in?t=${TOKEN}` });
		expect(run.error('GitHub')?.message).toBe(
			'Refused: "Payload URL" holds the credential\'s own secret, and this write would publish it to the webhook\'s delivery host (it receives the URL with every delivery), which others can read',
		);
		expect(recorder.requests).toEqual([]);
	});

});

describe('GitHub: a write that changes who can read', () => {
	it('Repository → Update making a private repository public with the token in the description: refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }]);
		const run = await runGitHub({ resource: 'repository', operation: 'update', ...repo(), additionalFields: { description: TOKEN, visibility: 'public' } });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: "Description" holds the credential's own secret, and this write would publish it to the repository octo\/hello, public after this change, which others can read/);
		expect(recorder.requests.filter(({ method }) => method !== 'GET')).toEqual([]);
	});

	it('Repository → Update setting visibility private: the description is written, no look-up (the write leaves it private)', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }]);
		const run = await runGitHub({ resource: 'repository', operation: 'update', ...repo(), additionalFields: { description: TOKEN, visibility: 'private' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'PATCH', path: '/repos/octo/hello' }]);
	});
});

describe('GitHub: a new repository is judged by the visibility it is made with', () => {
	it('Repository → Create, private, with the token in the description: written, nothing looked up', async () => {
		const recorder = new GitHubRecorder([{ status: 201, body: { full_name: 'mona/vault', private: true } }]);
		const run = await runGitHub({ resource: 'repository', operation: 'create', name: 'vault', additionalFields: { description: TOKEN, private: true } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'POST', path: '/user/repos' }]);
	});

	it('Repository → Create, public, with the token in the description: refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'repository', operation: 'create', name: 'vault', additionalFields: { description: TOKEN } });
		expect(run.error('GitHub')?.message).toBe('Refused: "Description" holds the credential\'s own secret, and this write would publish it to the new public repository vault, which others can read');
		expect(recorder.requests).toEqual([]);
	});
});

describe('well-known token shapes', () => {
	it.each([
		['a GitHub token', `ghp_${'a1B2'.repeat(9)}`],
		['a GitHub token', `github_pat_${'x'.repeat(22)}_${'Y'.repeat(59)}`],
		['a GitHub token', `ghs_${'Q7r'.repeat(12)}`],
		['a Google API key', `AIza${'SyD-4bC_9'.repeat(3)}12345678`],
		['a private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----'],
		['an AWS access key', 'AKIAIOSFODNN7EXAMPLE'],
		['a Slack token', 'xoxb-1234567890-abcdefghij'],
		['a Trello token', `ATTA${'0f'.repeat(32)}`],
	])('%s is found: %s', (what, value) => {
		expect(findSecret([{ field: 'Body', value: `see ${value} here` }], [])).toEqual({ fields: ['Body'], what });
		expect(findSecret([{ field: 'Body', value: base64(value) }], [])).toEqual({ fields: ['Body'], what });
	});

	it.each([
		['a commit SHA', '6dcb09b5b57875f334f61aebed695e2e4193db5e'],
		['a SHA-256 checksum', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
		['ordinary words', 'Ship the release after the token rotation'],
	])('%s is not', (_name, value) => {
		expect(findSecret([{ field: 'Body', value }], [TOKEN])).toBeUndefined();
	});

	it('wrapped base64 whose first line follows a prose word on the line before is read from its own first line', () => {
		const value = `Use this\n${wrapped76(base64(`deploy settings, do not share: token = ${TOKEN}\nregion = eu`))}\nThanks`;
		expect(findSecret([{ field: 'Body', value }], [TOKEN])).toEqual({ fields: ['Body'], what: "the credential's own secret" });
	});

	it('a token shape in a public repository is refused like the credential’s own', async () => {
		const { run } = await comment(`key AKIAIOSFODNN7EXAMPLE`, [{ body: PUBLIC_REPOSITORY }]);
		expect(run.error('GitHub')?.message).toBe('Refused: "Comment" holds an AWS access key, and this write would publish it to the public repository octo/hello, which others can read');
	});
});

describe('GitHub: gists', () => {
	it.each([
		['Create, a secret gist', { operation: 'create', files: { file: [{ name: 'notes.txt', content: `deploy with ${TOKEN}` }] }, additionalFields: { public: false } }, 'Files'],
		['Update', { operation: 'update', gistId: 'aa5a315d61ae9438b18d', additionalFields: { description: `key ${base64(TOKEN)}` } }, 'Description'],
	] as Array<[string, IDataObject, string]>)('%s: refused as a gist (anyone with its address reads it), nothing sent', async (_name, parameters, field) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'gist', ...parameters });
		expect(run.error('GitHub')?.message).toBe(`Refused: "${field}" holds the credential's own secret, and this write would publish it to a gist (anyone with its address can read it), which others can read`);
		expect(recorder.requests).toEqual([]);
	});
});

describe('GitHub API Call body', () => {
	const apiCall = (parameters: IDataObject) =>
		runWorkflow(singleNodeWorkflow(packageNode('Call', 'githubApiCall', parameters, { githubAccessTokenApi: 'token-cred', githubServerOAuth2Api: 'oauth-cred' })), { credentials });

	it('to a public repository: refused', async () => {
		const recorder = new GitHubRecorder([{ body: PUBLIC_REPOSITORY }]);
		const run = await apiCall({ method: 'POST', endpoint: '/repos/octo/hello/issues', body: JSON.stringify({ title: 'x', body: base64(TOKEN) }) });
		expect(run.error('Call')?.message).toBe('Refused: "Body" holds the credential\'s own secret, and this write would publish it to the public repository octo/hello, which others can read');
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([LOOKUP]);
	});

	it('to a gist: refused (a secret gist is read by anyone with its address)', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method: 'POST', endpoint: '/gists', body: JSON.stringify({ public: false, files: { 'a.txt': { content: TOKEN } } }) });
		expect(run.error('Call')?.message).toBe('Refused: "Body" holds the credential\'s own secret, and this write would publish it to a gist (anyone with its address can read it), which others can read');
		expect(recorder.requests).toEqual([]);
	});

	it('to a repository whose name has a broken % escape: refused as a place whose readers cannot be told, not a raw URI error', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method: 'POST', endpoint: '/repos/octo/hel%ZZlo/issues', body: JSON.stringify({ title: TOKEN }) });
		expect(run.error('Call')?.message).toBe('Refused: "Body" holds the credential\'s own secret, and this write would publish it to a place whose readers cannot be told (counted as public), which others can read');
		expect(recorder.requests).toEqual([]);
	});

	it.each([
		['/repos/octo/hello/hooks', { config: { url: `https://hooks.example/?t=${TOKEN}` } }],
		['/repos/octo/hello/hooks/5', { config: { url: `https://hooks.example/?t=${TOKEN}` } }],
		['/repos/octo/hello/hooks/5/config', { url: `https://hooks.example/?t=${TOKEN}` }],
		['/orgs/octo/hooks', { name: 'web', config: { url: `https://hooks.example/?t=${TOKEN}` } }],
	])('a hook (%s) with the token in its delivery URL: refused whatever the repository, no look-up', async (endpoint, body) => {
		const recorder = new GitHubRecorder([]);
		const run = await apiCall({ method: endpoint.endsWith('/hooks') ? 'POST' : 'PATCH', endpoint, body: JSON.stringify(body) });
		expect(run.error('Call')?.message).toBe(
			'Refused: "Body" holds the credential\'s own secret, and this write would publish it to the webhook\'s delivery host (it receives the URL with every delivery), which others can read',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('PATCH /repos/{o}/{r} making the repository public with the token in the description: refused, not judged by its private state', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }]);
		const run = await apiCall({ method: 'PATCH', endpoint: '/repos/octo/hello', body: JSON.stringify({ visibility: 'public', description: TOKEN }) });
		expect(run.error('Call')?.message).toBe(
			'Refused: "Body" holds the credential\'s own secret, and this write would publish it to the repository octo/hello, public after this change, which others can read',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('POST …/generate from a private template into a public repository: judged by the new repository', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }]);
		const run = await apiCall({ method: 'POST', endpoint: '/repos/octo/hello/generate', body: JSON.stringify({ owner: 'octo', name: 'copy', private: false, description: TOKEN }) });
		expect(run.error('Call')?.message).toBe(
			'Refused: "Body" holds the credential\'s own secret, and this write would publish it to the new public repository octo/copy, which others can read',
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a repository made public earlier in the run is judged public for the next write', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }, { body: { number: 1 } }, { body: PUBLIC_REPOSITORY }, { body: PUBLIC_REPOSITORY }]);
		const run = await runWorkflow(
			singleNodeWorkflow(
				packageNode('Call', 'githubApiCall', { method: '={{ $json.method }}', endpoint: '={{ $json.endpoint }}', body: '={{ JSON.stringify($json.body) }}' }, { githubAccessTokenApi: 'token-cred', githubServerOAuth2Api: 'oauth-cred' }),
				[
					{ method: 'POST', endpoint: '/repos/octo/hello/issues', body: { title: TOKEN } },
					{ method: 'PATCH', endpoint: '/repos/octo/hello', body: { visibility: 'public' } },
					{ method: 'POST', endpoint: '/repos/octo/hello/issues', body: { title: TOKEN } },
				],
			),
			{ credentials },
		);
		expect(run.error('Call')?.message).toBe('Refused: "Body" holds the credential\'s own secret, and this write would publish it to the public repository octo/hello, which others can read');
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([LOOKUP, { method: 'POST', path: '/repos/octo/hello/issues' }, { method: 'PATCH', path: '/repos/octo/hello' }, LOOKUP]);
	});

	it('to a private repository: sent', async () => {
		const recorder = new GitHubRecorder([{ body: PRIVATE_REPOSITORY }, { body: { number: 1 } }]);
		const run = await apiCall({ method: 'POST', endpoint: '/repos/octo/hello/issues', body: JSON.stringify({ title: TOKEN }) });
		expect(run.error('Call')).toBeUndefined();
		expect(recorder.requests.map(({ method, path }) => ({ method, path }))).toEqual([LOOKUP, { method: 'POST', path: '/repos/octo/hello/issues' }]);
	});
});

describe('Trello: a shared board', () => {
	const BOARD_ID = '5f1d7e1c2b3a4f5e6d7c8b9a';
	const lookups = (permissionLevel: string) => [
		{ method: 'GET' as const, path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD_ID } },
		{ method: 'GET' as const, path: `/1/boards/${BOARD_ID}`, reply: { id: BOARD_ID, prefs: { permissionLevel } } },
	];

	it.each(['public', 'org'])('the token in a comment on a %s board: refused', async (level) => {
		const api = trelloApi(lookups(level));
		const run = await runTrello({ resource: 'comment', operation: 'addToCard', card: rl(CARD), text: `token: ${TRELLO_TOKEN}` });
		expect(run.error('Trello')?.message).toBe(
			`Refused: "Text" holds the credential's own secret, and this write would publish it to the board ${BOARD_ID} (shared: ${level}), which others can read`,
		);
		expect(api.sent().map(({ method, path }) => ({ method, path }))).toEqual(lookups(level).map(({ method, path }) => ({ method, path })));
	});

	it('the token split across the card name and description, base64-encoded: refused', async () => {
		const encoded = base64(TRELLO_TOKEN);
		trelloApi(lookups('public'));
		const run = await runTrello({ resource: 'card', operation: 'update', card: rl(CARD), additionalFields: { name: encoded.slice(0, 30), desc: encoded.slice(30) } });
		expect(run.error('Trello')?.message).toBe(
			`Refused: "Name" and "Description" hold the credential's own secret, split across fields, and this write would publish it to the board ${BOARD_ID} (shared: public), which others can read`,
		);
	});

	it('on a private board: written under the default setting', async () => {
		const api = trelloApi([...lookups('private'), { method: 'POST', path: `/1/cards/${CARD}/actions/comments`, reply: { id: 'a1' } }]);
		const run = await runTrello({ resource: 'comment', operation: 'addToCard', card: rl(CARD), text: `token: ${TRELLO_TOKEN}` });
		expect(run.error('Trello')).toBeUndefined();
		expect(api.sent().map(({ method }) => method)).toEqual(['GET', 'GET', 'POST']);
	});

	it.each([
		['a webhook', '/1/webhooks/5f1d7e1c2b3a4f5e6d7c8d01', { method: 'GET' as const, path: '/1/webhooks/5f1d7e1c2b3a4f5e6d7c8d01', reply: { idModel: BOARD_ID } }],
		['a custom field', '/1/customFields/5f1d7e1c2b3a4f5e6d7c8d02', { method: 'GET' as const, path: '/1/customFields/5f1d7e1c2b3a4f5e6d7c8d02', reply: { idModel: BOARD_ID } }],
	])('API Call PUT on %s of a private board with the token: judged by its board as the scope classifies it, written', async (_what, endpoint, lookup) => {
		const api = trelloApi([lookup, lookups('private')[1], { method: 'PUT', path: endpoint, reply: { id: 'x' } }]);
		const run = await runTrello({ method: 'PUT', endpoint, sendBody: true, body: JSON.stringify({ description: TRELLO_TOKEN }) }, 'keyToken', [{}], { type: 'trelloApiCall' });
		expect(run.error('Call')).toBeUndefined();
		expect(api.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET ${lookup.path}`, `GET /1/boards/${BOARD_ID}`, `PUT ${endpoint}`]);
	});

	describe('a card moved to another board', () => {
		const PUBLIC_BOARD = '5f1d7e1c2b3a4f5e6d7c8b9b';
		const DESTINATION_LIST = '5f1d7e1c2b3a4f5e6d7c8c01';
		const destination = (permissionLevel: string) => [
			{ method: 'GET' as const, path: `/1/lists/${DESTINATION_LIST}`, reply: { id: DESTINATION_LIST, idBoard: PUBLIC_BOARD } },
			{ method: 'GET' as const, path: `/1/boards/${PUBLIC_BOARD}`, reply: { id: PUBLIC_BOARD, prefs: { permissionLevel } } },
		];

		it('Card → Update moving a card of a private board into a public board’s list with the token in Description: refused, judged by the destination', async () => {
			const api = trelloApi([...lookups('private'), ...destination('public')]);
			const run = await runTrello({ resource: 'card', operation: 'update', card: rl(CARD), additionalFields: { idList: rl(DESTINATION_LIST), desc: `token ${TRELLO_TOKEN}` } });
			expect(run.error('Trello')?.message).toBe(
				`Refused: "Description" holds the credential's own secret, and this write would publish it to the board ${PUBLIC_BOARD} (shared: public), which others can read`,
			);
			expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
		});

		it('API Call PUT /1/cards/{id} with idList of a public board and the token in desc: refused', async () => {
			const api = trelloApi([...lookups('private'), ...destination('public')]);
			const run = await runTrello(
				{ method: 'PUT', endpoint: `/1/cards/${CARD}`, sendBody: true, body: JSON.stringify({ idList: DESTINATION_LIST, desc: TRELLO_TOKEN }) },
				'keyToken',
				[{}],
				{ type: 'trelloApiCall' },
			);
			expect(run.error('Call')?.message).toMatch(new RegExp(`^Refused: .*the board ${PUBLIC_BOARD} \\(shared: public\\), which others can read`));
			expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
		});

		it('a destination list whose board cannot be looked up: the run stops on Trello’s answer, nothing written', async () => {
			const api = trelloApi([...lookups('private'), { method: 'GET', path: `/1/lists/${DESTINATION_LIST}`, status: 404, reply: 'The requested resource was not found.' }]);
			const run = await runTrello({ resource: 'card', operation: 'update', card: rl(CARD), additionalFields: { idList: rl(DESTINATION_LIST), desc: `token ${TRELLO_TOKEN}` } });
			expect(run.error('Trello')?.message).toMatch(/^Trello answered 404: The requested resource was not found/);
			expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
		});

		it('a card moved earlier in the same run is judged where it went: a comment written before the move, refused after it', async () => {
			const comment = { method: 'POST', endpoint: `/1/cards/${CARD}/actions/comments`, body: JSON.stringify({ text: `token ${TRELLO_TOKEN}` }) };
			const move = { method: 'PUT', endpoint: `/1/cards/${CARD}`, body: JSON.stringify({ idList: DESTINATION_LIST }) };
			const api = trelloApi([
				...lookups('private'),
				{ method: 'POST', path: `/1/cards/${CARD}/actions/comments`, reply: { id: 'a1' } },
				{ method: 'PUT', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: PUBLIC_BOARD, idList: DESTINATION_LIST } },
				{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: PUBLIC_BOARD } },
				{ method: 'GET', path: `/1/boards/${PUBLIC_BOARD}`, reply: { id: PUBLIC_BOARD, prefs: { permissionLevel: 'public' } } },
			]);
			const run = await runTrello(
				{ method: '={{ $json.method }}', endpoint: '={{ $json.endpoint }}', sendBody: true, body: '={{ $json.body }}' },
				'keyToken',
				[comment, move, comment],
				{ type: 'trelloApiCall', continueOnFail: true },
			);
			expect(api.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([
				`GET /1/cards/${CARD}`,
				`GET /1/boards/${BOARD_ID}`,
				`POST /1/cards/${CARD}/actions/comments`,
				`PUT /1/cards/${CARD}`,
				`GET /1/cards/${CARD}`,
				`GET /1/boards/${PUBLIC_BOARD}`,
			]);
			const items = run.json('Call');
			expect(items).toHaveLength(3);
			expect(String((items[2] as IDataObject).error)).toMatch(new RegExp(`^Refused: .*the board ${PUBLIC_BOARD} \\(shared: public\\), which others can read`));
		});

		it('API Call PUT …/checkItem/{id} moving an item of a private card into a checklist of a public board with the token in its name: refused, judged by the checklist the classifier names', async () => {
			const CHECK_ITEM = '5f1d7e1c2b3a4f5e6d7c8c02';
			const CHECKLIST = '5f1d7e1c2b3a4f5e6d7c8c03';
			const api = trelloApi([
				...lookups('private'),
				{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, reply: { id: CHECKLIST, idBoard: PUBLIC_BOARD } },
				{ method: 'GET', path: `/1/boards/${PUBLIC_BOARD}`, reply: { id: PUBLIC_BOARD, prefs: { permissionLevel: 'public' } } },
			]);
			const run = await runTrello(
				{ method: 'PUT', endpoint: `/1/cards/${CARD}/checkItem/${CHECK_ITEM}`, sendBody: true, body: JSON.stringify({ idChecklist: CHECKLIST, name: TRELLO_TOKEN }) },
				'keyToken',
				[{}],
				{ type: 'trelloApiCall' },
			);
			expect(run.error('Call')?.message).toMatch(new RegExp(`^Refused: .*the board ${PUBLIC_BOARD} \\(shared: public\\), which others can read`));
			expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
		});

		it('moved within private boards: written', async () => {
			const api = trelloApi([...lookups('private'), ...destination('private'), { method: 'PUT', path: `/1/cards/${CARD}`, reply: { id: CARD } }]);
			const run = await runTrello({ resource: 'card', operation: 'update', card: rl(CARD), additionalFields: { idList: rl(DESTINATION_LIST), desc: `token ${TRELLO_TOKEN}` } });
			expect(run.error('Trello')).toBeUndefined();
			expect(api.sent().filter(({ method }) => method === 'PUT').map(({ path }) => path)).toEqual([`/1/cards/${CARD}`]);
		});
	});
});
