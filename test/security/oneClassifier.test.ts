import type { IDataObject } from 'n8n-workflow';

import * as githubClassifier from '../../nodes/GitHub/scope/classify';
import type { GitHubScopedRequest, GitHubTarget } from '../../nodes/GitHub/scope/classify';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import * as trelloClassifier from '../../nodes/Trello/scope/classify';
import type { TrelloScopedRequest, TrelloTarget } from '../../nodes/Trello/scope/classify';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, credentials, githubWorkflow, repo, runGitHub, TOKEN } from '../githubActions/run';
import { CARD } from '../trelloActions/fixtures';
import { credentialsFor, rl, runTrello, TOKEN as TRELLO_TOKEN, trelloApi } from '../trelloActions/support';

/**
 * Every check that asks what a request touches - the credential's scope, the node's own list, the
 * secret-write audience and (GitHub) the Trusted Content Only judge - asks the one classifier. Here
 * the classifier is told one answer more: a kind no check has a rule for, or another place for a
 * request's path. Each check then acts on that answer, not on a reading of the path of its own.
 */

const realGitHub = githubClassifier.classifyGitHubRequest;
const realTrello = trelloClassifier.classifyTrelloRequest;

/** The answers the classifier is told besides its own: by request path. */
let githubAnswers: Record<string, GitHubTarget> = {};
let trelloAnswers: Record<string, TrelloTarget> = {};
/** Every path the classifier was asked about, as the checks asked. */
let asked: string[] = [];

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
	githubAnswers = {};
	trelloAnswers = {};
	asked = [];
	jest.spyOn(githubClassifier, 'classifyGitHubRequest').mockImplementation((request: GitHubScopedRequest) => {
		asked.push(request.path);
		return githubAnswers[request.path] ?? realGitHub(request);
	});
	jest.spyOn(trelloClassifier, 'classifyTrelloRequest').mockImplementation((request: TrelloScopedRequest) => {
		asked.push(request.path);
		return trelloAnswers[request.path] ?? realTrello(request);
	});
});
afterEach(() => jest.restoreAllMocks());

/** A kind the classifier does not have: no check has a rule for it. */
const FAKE_KIND = { kind: 'fakeKind' } as unknown as GitHubTarget;
const FAKE_TRELLO_KIND = { kind: 'fakeKind' } as unknown as TrelloTarget;

const COMMENTS = '/repos/octo/hello/issues/7/comments';
const ELSEWHERE: GitHubTarget = { kind: 'repository', owner: 'elsewhere', repo: 'x' };
const LIST_COMMENTS = { resource: 'issue', operation: 'listComments', ...repo(), issueNumber: byId('7'), returnAll: true };
const CREATE_COMMENT = { resource: 'issue', operation: 'createComment', ...repo(), issueNumber: byId('7') };
const sent = (recorder: GitHubRecorder) => recorder.requests.map(({ method, path }) => `${method} ${path}`);

async function runScopedGitHub(parameters: IDataObject, scope: IDataObject) {
	const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, ...scope } };
	return await runWorkflow(githubWorkflow(parameters), { credentials: scoped });
}

describe('GitHub: a request the classifier places in another repository', () => {
	beforeEach(() => {
		githubAnswers[COMMENTS] = ELSEWHERE;
	});

	it('the credential scope refuses it for that repository, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runScopedGitHub(LIST_COMMENTS, { allowedRepositories: 'octo/hello', accessLevel: 'readWrite' });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: .*elsewhere\/x/);
		expect(sent(recorder)).toEqual([]);
		expect(asked).toContain(COMMENTS);
	});

	it('the node\'s Allowed Repositories refuses it for that repository, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...LIST_COMMENTS, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: .*elsewhere\/x/);
		expect(sent(recorder)).toEqual([]);
	});

	it('the secret-write check asks who reads that repository', async () => {
		const recorder = new GitHubRecorder([{ body: { full_name: 'elsewhere/x', private: false, visibility: 'public' } }]);
		const run = await runGitHub({ ...CREATE_COMMENT, body: `token ${TOKEN}` });
		expect(run.error('GitHub')?.message).toBe('Refused: "Comment" holds the credential\'s own secret, and this write would publish it to the public repository elsewhere/x, which others can read');
		expect(sent(recorder)).toEqual(['GET /repos/elsewhere/x']);
	});

	it('Trusted Content Only asks whether the author can write to that repository', async () => {
		const comment = { id: 1, body: 'Please run this', user: { login: 'someone' }, html_url: 'u', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
		const recorder = new GitHubRecorder([{ body: [comment] }, { body: { permission: 'write' } }]);
		const run = await runGitHub({ ...LIST_COMMENTS, simplify: true, options: { trustedContentOnly: true } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(sent(recorder)).toEqual([`GET ${COMMENTS}`, 'GET /repos/elsewhere/x/collaborators/someone/permission']);
		expect(run.json('GitHub')[0]).toMatchObject({ body: 'Please run this', trust: 'writer' });
	});
});

describe('GitHub: a kind no check has a rule for', () => {
	beforeEach(() => {
		githubAnswers[COMMENTS] = FAKE_KIND;
	});

	it('the credential scope refuses it, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runScopedGitHub(LIST_COMMENTS, { allowedRepositories: 'octo/hello', accessLevel: 'readWrite' });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: /);
		expect(sent(recorder)).toEqual([]);
	});

	it('the node\'s Allowed Repositories refuses it, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...LIST_COMMENTS, options: { allowedRepositories: 'octo/hello' } });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: /);
		expect(sent(recorder)).toEqual([]);
	});

	it('the secret-write check cannot tell its readers: refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...CREATE_COMMENT, body: `token ${TOKEN}` });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: "Comment" holds the credential's own secret, and this write would publish it to a place whose readers cannot be told/);
		expect(sent(recorder)).toEqual([]);
	});

	it('Trusted Content Only cannot tell the repository: the text is withheld, no permission asked', async () => {
		const comment = { id: 1, body: 'Please run this', user: { login: 'someone' }, html_url: 'u', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
		const recorder = new GitHubRecorder([{ body: [comment] }]);
		const run = await runGitHub({ ...LIST_COMMENTS, simplify: true, options: { trustedContentOnly: true } });
		expect(sent(recorder)).toEqual([`GET ${COMMENTS}`]);
		expect(run.json('GitHub')[0]).toMatchObject({ trust: 'outsider' });
		expect(JSON.stringify(run.json('GitHub'))).not.toContain('Please run this');
	});
});

const BOARD = '5f1d7e1c2b3a4f5e6d7c8b9a';
const OTHER_CARD = '5f1d7e1c2b3a4f5e6d7c8c77';
const OTHER_BOARD = '5f1d7e1c2b3a4f5e6d7c8b00';
const CARD_COMMENTS = `/1/cards/${CARD}/actions/comments`;
const ADD_COMMENT = { resource: 'comment', operation: 'addToCard', card: rl(CARD), text: 'Looking into it' };

async function runScopedTrello(parameters: IDataObject, scope: IDataObject) {
	const base = credentialsFor();
	const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, { trelloKeyTokenApi: 'c' });
	return await runWorkflow(singleNodeWorkflow(node, [{}]), { credentials: { ...base, trelloKeyTokenApi: { ...base.trelloKeyTokenApi, ...scope } } });
}

describe('Trello: a request the classifier places on another card', () => {
	beforeEach(() => {
		trelloAnswers[CARD_COMMENTS] = { kind: 'boardObjects', objects: [{ kind: 'card', id: OTHER_CARD, label: `the card "${OTHER_CARD}"` }] };
	});

	it('the credential scope looks up that card\'s board and refuses it, nothing written', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, reply: { id: OTHER_CARD, idBoard: OTHER_BOARD } },
		]);
		const run = await runScopedTrello(ADD_COMMENT, { allowedBoards: BOARD, accessLevel: 'readWrite' });
		expect(run.error('Trello')?.message).toMatch(new RegExp(`^Refused: .*${OTHER_CARD}`));
		expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
		expect(asked).toContain(CARD_COMMENTS);
	});

	it('the node\'s Allowed Boards looks up that card\'s board and refuses it, nothing written', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, reply: { id: OTHER_CARD, idBoard: OTHER_BOARD } },
		]);
		const run = await runTrello({ ...ADD_COMMENT, options: { allowedBoards: BOARD } });
		expect(run.error('Trello')?.message).toMatch(new RegExp(`^Refused: .*${OTHER_CARD}`));
		expect(api.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /1/cards/${CARD}`, `GET /1/cards/${OTHER_CARD}`]);
	});

	it('the secret-write check asks who reads that card\'s board too, and judges by the more public', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/boards/${BOARD}`, reply: { id: BOARD, prefs: { permissionLevel: 'private' } } },
			{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, reply: { id: OTHER_CARD, idBoard: OTHER_BOARD } },
			{ method: 'GET', path: `/1/boards/${OTHER_BOARD}`, reply: { id: OTHER_BOARD, prefs: { permissionLevel: 'public' } } },
		]);
		const run = await runTrello({ ...ADD_COMMENT, text: `token: ${TRELLO_TOKEN}` });
		expect(run.error('Trello')?.message).toBe(
			`Refused: "Text" holds the credential's own secret, and this write would publish it to the board ${OTHER_BOARD} (shared: public), which others can read`,
		);
		expect(api.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /1/cards/${CARD}`, `GET /1/boards/${BOARD}`, `GET /1/cards/${OTHER_CARD}`, `GET /1/boards/${OTHER_BOARD}`]);
	});
});

describe('Trello: a kind no check has a rule for', () => {
	beforeEach(() => {
		trelloAnswers[CARD_COMMENTS] = FAKE_TRELLO_KIND;
	});

	it('the credential scope refuses it, nothing written', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } }]);
		const run = await runScopedTrello(ADD_COMMENT, { allowedBoards: BOARD, accessLevel: 'readWrite' });
		expect(run.error('Trello')?.message).toMatch(/^Refused: /);
		expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
	});

	it('the node\'s Allowed Boards refuses it, nothing written', async () => {
		const api = trelloApi([{ method: 'GET', path: `/1/cards/${CARD}`, reply: { id: CARD, idBoard: BOARD } }]);
		const run = await runTrello({ ...ADD_COMMENT, options: { allowedBoards: BOARD } });
		expect(run.error('Trello')?.message).toMatch(/^Refused: /);
		expect(api.sent().filter(({ method }) => method !== 'GET')).toEqual([]);
	});

	it('the secret-write check of the API Call node cannot tell its readers: refused, nothing sent', async () => {
		const api = trelloApi([]);
		const run = await runTrello({ method: 'POST', endpoint: CARD_COMMENTS, sendBody: true, body: JSON.stringify({ text: `token: ${TRELLO_TOKEN}` }) }, 'keyToken', [{}], { type: 'trelloApiCall' });
		expect(run.error('Call')?.message).toMatch(/^Refused: .* holds the credential's own secret, and this write would publish it to a place whose readers cannot be told/);
		expect(api.sent()).toEqual([]);
	});
});
