import { createHmac } from 'crypto';

import { GITHUB_CREDENTIAL_TYPES } from '../../nodes/GitHub/transport';
import { TRELLO_CREDENTIAL_TYPES } from '../../nodes/Trello/transport';
import { PACKAGE, RealN8n, waitFor } from '../e2e/n8n';
import { untilHooksVerify } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { FakeTrello } from '../fakes/fakeTrello';
import type { FakeRequest } from '../fakes/server';
import { TrelloWebhookStore } from '../fakes/trelloWebhooks';
import { HookStore } from '../githubTriggers/hookStore';
import type { CredentialReference } from './inN8n';
import { chooseInEditor as chooseIn, deliverGitHub as deliverToHooks, settled as quietFor } from './inN8n';
import type { Template, TemplateNode } from './load';
import { loadTemplate } from './load';

const GITHUB_TOKEN = 'ghp_e2eTemplatesToken0123456789abcdefABCD';
const TRELLO = { apiKey: 'e2e-templates-key-0123456789', apiToken: 'e2e-templates-token-0123456789abcdef' };
const TRELLO_SECRET = 'e2e-templates-application-secret-0123';
const CREDENTIALS = {
	github: { id: 'tplGitHub', name: 'GitHub (templates)' },
	trello: { id: 'tplTrello', name: 'Trello (templates)' },
};

const BOARD = { id: '5f2b8c1e9d3a4b0012b1b001', name: 'Engineering', shortLink: 'En9gBrd1' };
const TODO = { id: '5f2b8c1e9d3a4b0012b1c010', name: 'To Do' };
const DOING = { id: '5f2b8c1e9d3a4b0012b1c011', name: 'Doing' };
const DONE = { id: '5f2b8c1e9d3a4b0012b1c012', name: 'Done' };
const REPOSITORY = { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' }, html_url: 'https://github.com/octo/hello' };

type Json = Record<string, unknown>;

/** The user's choice of credential: GitHub's for the GitHub nodes, Trello's for the Trello nodes. */
const credentialsFor = (node: TemplateNode): CredentialReference | undefined => {
	if (!node.type.startsWith(`${PACKAGE}.`)) return undefined;
	return node.type.startsWith(`${PACKAGE}.git`)
		? { [GITHUB_CREDENTIAL_TYPES.accessToken]: CREDENTIALS.github }
		: { [TRELLO_CREDENTIAL_TYPES.keyToken]: CREDENTIALS.trello };
};
const chooseInEditor = (template: Template, id: string, picks: Record<string, Record<string, unknown>>) => chooseIn(template, id, picks, credentialsFor);

const repositoryPicks = { owner: 'octo', repositories: 'hello' };
const listPicks = { board: BOARD.id, list: TODO.id };

/** A Trello that keeps lists, cards, checklists, comments and attachments. */
function trelloBoard(trello: FakeTrello) {
	let sequence = 0;
	const newId = () => (0x6b0000000000 + ++sequence).toString(16).padStart(24, '0');
	const lists = [TODO, DOING, DONE].map((list) => ({ ...list, idBoard: BOARD.id, closed: false }));
	const cards = new Map<string, Json>();
	const checklists = new Map<string, Json & { checkItems: Json[] }>();
	const addCard = (fields: { name: string; desc: string; idList: string }) => {
		const id = newId();
		const shortLink = `Cd${String(sequence).padStart(6, '0')}`;
		const slug = fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
		const card = { id, shortLink, idShort: sequence, idBoard: BOARD.id, closed: false, url: `https://trello.com/c/${shortLink}/${sequence}-${slug}`, shortUrl: `https://trello.com/c/${shortLink}`, ...fields };
		cards.set(id, card);
		return card;
	};
	const fields = (object: Json | undefined, request: FakeRequest) => {
		if (!object) return { status: 404, body: 'The requested resource was not found.' };
		if (!request.query.fields) return { body: object };
		return { body: Object.fromEntries(['id', ...request.query.fields.split(',')].map((f) => [f, object[f]])) };
	};
	trello
		.on('GET', '/1/members/me', () => ({ body: { id: '5a1e2f3a4b5c6d7e8f90aaaa', username: 'pat', fullName: 'Pat Doe' } }))
		.on('GET', '/1/boards/{id}', (r) => (r.params.id === BOARD.id || r.params.id === BOARD.shortLink ? fields({ ...BOARD, closed: false }, r) : fields(undefined, r)))
		.on('GET', '/1/lists/{id}', (r) => fields(lists.find((l) => l.id === r.params.id), r))
		.on('POST', '/1/cards', (r) => {
			if (!lists.some((l) => l.id === r.query.idList)) return { status: 400, body: 'invalid value for idList' };
			return { body: addCard({ name: r.query.name, desc: r.query.desc ?? '', idList: r.query.idList }) };
		})
		.on('GET', '/1/cards/{id}', (r) => fields(cards.get(r.params.id), r))
		.on('POST', '/1/cards/{id}/actions/comments', (r) => ({ body: { id: newId(), type: 'commentCard', data: { text: r.query.text, card: { id: r.params.id } } } }))
		.on('POST', '/1/cards/{id}/attachments', (r) => ({ body: { id: newId(), name: r.query.name, url: r.query.url, isUpload: false } }))
		.on('POST', '/1/checklists', (r) => {
			const checklist = { id: newId(), name: r.query.name, idCard: r.query.idCard, idBoard: BOARD.id, checkItems: [] as Json[] };
			checklists.set(checklist.id, checklist);
			return { body: checklist };
		})
		.on('GET', '/1/checklists/{id}', (r) => fields(checklists.get(r.params.id), r))
		.on('POST', '/1/checklists/{id}/checkItems', (r) => {
			const checklist = checklists.get(r.params.id);
			if (!checklist) return { status: 404, body: 'The requested resource was not found.' };
			const item = { id: newId(), name: r.query.name, state: 'incomplete', idChecklist: checklist.id };
			checklist.checkItems.push(item);
			return { body: item };
		});
	return { cards, checklists, addCard };
}

/** GitHub's side: issues (numbered from 40), comments, closing, and the jobs of one failed run. */
function githubRepository(github: FakeGitHub) {
	let nextIssue = 40;
	const issues = new Map<number, Json>();
	github
		.on('POST', '/repos/{owner}/{repo}/issues', (r) => {
			const number = nextIssue++;
			const issue = { number, html_url: `https://github.com/${r.params.owner}/${r.params.repo}/issues/${number}`, state: 'open', ...(r.body as Json) };
			issues.set(number, issue);
			return { status: 201, body: issue };
		})
		.on('PATCH', '/repos/{owner}/{repo}/issues/{number}', (r) => ({ body: { number: Number(r.params.number), ...(r.body as Json) } }))
		.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (r) => ({ status: 201, body: { id: 900 + Number(r.params.number), ...(r.body as Json) } }))
		.on('GET', '/repos/{owner}/{repo}/actions/runs/{id}/jobs', (r) => ({
			body: {
				total_count: 3,
				jobs: [
					{ id: 1, name: 'lint', conclusion: 'success', html_url: `https://github.com/octo/hello/actions/runs/${r.params.id}/job/1`, steps: [{ name: 'eslint', conclusion: 'success' }] },
					{ id: 2, name: 'unit tests', conclusion: 'failure', html_url: `https://github.com/octo/hello/actions/runs/${r.params.id}/job/2`, steps: [{ name: 'checkout', conclusion: 'success' }, { name: 'npm test', conclusion: 'failure' }] },
					{ id: 3, name: 'e2e', conclusion: 'failure', html_url: `https://github.com/octo/hello/actions/runs/${r.params.id}/job/3`, steps: [] },
				],
			},
		}));
	return { issues };
}

describe('Workflow templates in a real n8n: imported with the CLI, credentials and pickers chosen, driven by signed deliveries', () => {
	const github = new FakeGitHub();
	const trello = new FakeTrello();
	const githubHooks = new HookStore(['octo/hello'], ['octo']);
	const trelloHooks = new TrelloWebhookStore();
	let board: ReturnType<typeof trelloBoard>;
	let repository: ReturnType<typeof githubRepository>;
	let n8n: RealN8n;

	const workflows: Array<[string, Json]> = [];

	beforeAll(async () => {
		await github.start();
		github.tokens.add(GITHUB_TOKEN);
		githubHooks.install(github);
		repository = githubRepository(github);
		await trello.start();
		trello.accounts.push(TRELLO);
		trelloHooks.install(trello);
		board = trelloBoard(trello);

		workflows.push(
			['tplIssuesCards', chooseInEditor(loadTemplate('github-issues-trello-cards'), 'tplIssuesCards', { 'New Issue': repositoryPicks, 'Card Moved': { boards: [BOARD.id] }, 'Create Card': listPicks })],
			['tplFailedRun', chooseInEditor(loadTemplate('failed-ci-run-trello-card'), 'tplFailedRun', { 'Workflow Run Failed': repositoryPicks, 'Create Card': listPicks })],
			['tplRelease', chooseInEditor(loadTemplate('release-notes-trello'), 'tplRelease', { 'New Release': repositoryPicks, 'Create Card': listPicks })],
			['tplBugCard', chooseInEditor(loadTemplate('trello-bug-card-github-issue'), 'tplBugCard', { 'Label Added': { boards: [BOARD.id] }, 'Create Issue': { owner: 'octo', repository: 'hello' } })],
		);
		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ ...CREDENTIALS.github, type: GITHUB_CREDENTIAL_TYPES.accessToken, data: { server: github.apiUrl, accessToken: GITHUB_TOKEN } },
			{ ...CREDENTIALS.trello, type: TRELLO_CREDENTIAL_TYPES.keyToken, data: { ...TRELLO, applicationSecret: TRELLO_SECRET, apiBaseUrl: trello.baseUrl } },
		]);
		// Imports, publishing and runs go through the REST API of this n8n (test/e2e/n8n.ts), as in the editor.
		await n8n.start();
		await n8n.importWorkflows(workflows.map(([, workflow]) => workflow));
		for (const [id] of workflows) await n8n.publish(id);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
		await trello.stop();
	});

	const deliverGitHub = (event: string, payload: Json) => deliverToHooks(githubHooks, event, payload);

	/** Trello's fan-out: every action on the board goes to every webhook on it, signed over its callback URL. */
	async function deliverTrello(action: Json): Promise<number> {
		for (const hook of trelloHooks.hooks) {
			const body = JSON.stringify({ model: { id: BOARD.id, name: BOARD.name }, action, webhook: { id: hook.id, idModel: hook.idModel, callbackURL: hook.callbackURL, active: true } });
			const signature = createHmac('sha1', TRELLO_SECRET).update(body + hook.callbackURL).digest('base64');
			const response = await fetch(hook.callbackURL, { method: 'POST', headers: { 'content-type': 'application/json', 'x-trello-webhook': signature }, body });
			expect(response.status).toBe(200);
		}
		return trelloHooks.hooks.length;
	}

	/** Waits until neither fake has received anything for a while: every run the deliveries started has ended. */
	const settled = () => quietFor(() => github.received.length + trello.received.length);

	let actionSequence = 0;
	const trelloAction = (type: string, data: Json) => ({
		id: `65c1f0c2${(++actionSequence).toString(16).padStart(16, '0')}`,
		type,
		date: new Date().toISOString(),
		idMemberCreator: '5a1e2f3a4b5c6d7e8f90aaaa',
		memberCreator: { id: '5a1e2f3a4b5c6d7e8f90aaaa', username: 'pat', fullName: 'Pat Doe' },
		data: { board: BOARD, ...data },
	});
	const cardRef = (card: Json) => ({ id: card.id, name: card.name, idShort: card.idShort, shortLink: card.shortLink });
	/** Where both fakes' request logs stand now. */
	const mark = () => ({ github: github.received.length, trello: trello.received.length });
	/** What the workflows asked of either service since `since`, GitHub's requests first. */
	const newRequests = (since: ReturnType<typeof mark>) =>
		[...github.received.slice(since.github), ...trello.received.slice(since.trello)].map((r) => `${r.method} ${r.path}`);

	it('registers one hook per GitHub trigger and one webhook per Trello trigger on publish', async () => {
		await waitFor(() => (githubHooks.hooks.length === 3 && trelloHooks.hooks.length === 2 ? true : undefined), 60_000);
		expect(githubHooks.hooks.map((hook) => hook.events).sort()).toEqual([['issues'], ['release'], ['workflow_run']]);
		expect(githubHooks.hooks.every((hook) => hook.owner === 'octo' && hook.repo === 'hello')).toBe(true);
		expect(trelloHooks.hooks.map((hook) => hook.idModel)).toEqual([BOARD.id, BOARD.id]);
		expect(trelloHooks.headChecks.every((check) => check.status === 200)).toBe(true);
		await untilHooksVerify(githubHooks.hooks);
	});

	it('GitHub issues ↔ Trello cards: a new issue becomes a linked card; moving the card to Done closes the issue', async () => {
		const opened = {
			action: 'opened',
			issue: { number: 7, title: 'Sync crashes on empty board', body: 'Steps: open an empty board.', html_url: 'https://github.com/octo/hello/issues/7', state: 'open', user: { login: 'mona' } },
			repository: REPOSITORY,
			sender: { login: 'mona' },
		};
		expect(await deliverGitHub('issues', opened)).toBe(1);
		const [comment] = await waitFor(() => github.requestsTo('POST', '/repos/octo/hello/issues/7/comments')[0] && github.requestsTo('POST', '/repos/octo/hello/issues/7/comments'));
		const [created] = trello.requestsTo('POST', '/1/cards');
		expect(created.query).toEqual({ idList: TODO.id, name: 'Sync crashes on empty board', desc: 'GitHub issue: https://github.com/octo/hello/issues/7\n\nSteps: open an empty board.' });
		const card = [...board.cards.values()][0];
		expect(comment.body).toEqual({ body: `Trello card: ${String(card.shortUrl)}` });
		await settled();

		// Trello reports the card's creation and the move to Doing to both webhooks: nothing runs.
		const beforeMoves = mark();
		expect(await deliverTrello(trelloAction('createCard', { card: cardRef(card), list: TODO }))).toBe(2);
		expect(await deliverTrello(trelloAction('updateCard', { card: { ...cardRef(card), idList: DOING.id }, listBefore: TODO, listAfter: DOING, old: { idList: TODO.id } }))).toBe(2);
		await settled();
		expect(newRequests(beforeMoves)).toEqual([]);

		// Moved on to Done: the card is read and the issue its description links is closed, once.
		await deliverTrello(trelloAction('updateCard', { card: { ...cardRef(card), idList: DONE.id }, listBefore: DOING, listAfter: DONE, old: { idList: DOING.id } }));
		await waitFor(() => github.requestsTo('PATCH', '/repos/octo/hello/issues/7')[0]);
		await settled();
		expect(newRequests(beforeMoves)).toEqual(['PATCH /repos/octo/hello/issues/7', `GET /1/cards/${String(card.id)}`]);
		expect(trello.requestsTo('GET', `/1/cards/${String(card.id)}`).map((r) => r.query)).toEqual([{ fields: 'name,desc,url' }]);
		expect(github.requestsTo('PATCH', '/repos/octo/hello/issues/7').map((r) => r.body)).toEqual([{ state: 'closed', state_reason: 'completed' }]);

		// GitHub reports the closing and the comment: the template only listens for new issues.
		const beforeEchoes = mark();
		expect(await deliverGitHub('issues', { ...opened, action: 'closed', issue: { ...opened.issue, state: 'closed' } })).toBe(1);
		expect(await deliverGitHub('issue_comment', { action: 'created', issue: opened.issue, comment: comment.body, repository: REPOSITORY })).toBe(0);
		// A card moved to Done without an issue link is read and left alone.
		const manual = board.addCard({ name: 'Tidy the backlog', desc: 'No issue for this one', idList: DOING.id });
		await deliverTrello(trelloAction('updateCard', { card: { ...cardRef(manual), idList: DONE.id }, listBefore: DOING, listAfter: DONE, old: { idList: DOING.id } }));
		await settled();
		expect(newRequests(beforeEchoes)).toEqual([`GET /1/cards/${String(manual.id)}`]);
	});

	it('Failed CI run → Trello card: only failed runs; the card holds the run link and failing jobs, with a checklist', async () => {
		const run = (conclusion: string) => ({
			action: 'completed',
			workflow_run: {
				id: 9001,
				name: 'CI',
				run_number: 57,
				head_branch: 'main',
				head_sha: '3f786850e387550fdab836ed7e6dc881de23001b',
				status: 'completed',
				conclusion,
				html_url: 'https://github.com/octo/hello/actions/runs/9001',
			},
			repository: REPOSITORY,
		});
		const before = mark();
		expect(await deliverGitHub('workflow_run', run('success'))).toBe(1);
		await settled();
		expect(newRequests(before)).toEqual([]);

		await deliverGitHub('workflow_run', run('failure'));
		await waitFor(() => (trello.received.filter((r) => r.path.endsWith('/checkItems')).length === 3 ? true : undefined));
		await settled();
		expect(github.requestsTo('GET', '/repos/octo/hello/actions/runs/9001/jobs').map((r) => r.query)).toEqual([{ filter: 'latest', per_page: '100' }]);
		const created = trello.requestsTo('POST', '/1/cards').at(-1)!;
		expect(created.query).toEqual({
			idList: TODO.id,
			name: 'CI failed: CI #57 on main',
			desc: [
				'Run: https://github.com/octo/hello/actions/runs/9001',
				'Repository: octo/hello',
				'Commit: 3f786850e387550fdab836ed7e6dc881de23001b',
				'',
				'Failing jobs:',
				'- [unit tests](https://github.com/octo/hello/actions/runs/9001/job/2): npm test',
				'- [e2e](https://github.com/octo/hello/actions/runs/9001/job/3)',
			].join('\n'),
		});
		const card = [...board.cards.values()].at(-1)!;
		expect(trello.requestsTo('POST', '/1/checklists').map((r) => r.query)).toEqual([{ idCard: card.id, name: 'Get CI green' }]);
		const [checklist] = [...board.checklists.values()];
		expect(trello.requestsTo('POST', `/1/checklists/${checklist.id}/checkItems`).map((r) => r.query)).toEqual([
			{ name: 'Fix unit tests' },
			{ name: 'Fix e2e' },
			{ name: 'Re-run the workflow' },
		]);
		expect(newRequests(before)).toEqual([
			'GET /repos/octo/hello/actions/runs/9001/jobs',
			'POST /1/cards',
			'POST /1/checklists',
			...Array(3).fill(`POST /1/checklists/${checklist.id}/checkItems`),
		]);
	});

	it('Release notes to Trello: a card with the notes and the release page attached', async () => {
		const before = mark();
		const release = {
			action: 'published',
			release: { id: 77, tag_name: 'v1.4.0', name: 'Sync 1.4', body: '## Changes\n- Faster board sync', html_url: 'https://github.com/octo/hello/releases/tag/v1.4.0', author: { login: 'mona' } },
			repository: REPOSITORY,
		};
		expect(await deliverGitHub('release', release)).toBe(1);
		await waitFor(() => trello.received.find((r) => r.path.endsWith('/attachments')));
		await settled();
		const card = [...board.cards.values()].at(-1)!;
		expect(trello.requestsTo('POST', '/1/cards').at(-1)!.query).toEqual({
			idList: TODO.id,
			name: 'octo/hello Sync 1.4',
			desc: '## Changes\n- Faster board sync\n\nTag: v1.4.0, published by @mona',
		});
		expect(trello.requestsTo('POST', `/1/cards/${String(card.id)}/attachments`).map((r) => r.query)).toEqual([
			{ url: 'https://github.com/octo/hello/releases/tag/v1.4.0', name: 'Release v1.4.0 on GitHub' },
		]);
		expect(newRequests(before)).toEqual(['POST /1/cards', `POST /1/cards/${String(card.id)}/attachments`]);
	});

	it('Trello bug card → GitHub issue: the issue links the card and its link is commented back; no loop through the issue template', async () => {
		const bugCard = board.addCard({ name: 'Login fails on Safari', desc: 'Since 1.4 the login button does nothing.', idList: TODO.id });
		const otherCard = board.addCard({ name: 'Dark mode', desc: 'Would be nice', idList: TODO.id });
		const fromIssue = [...board.cards.values()][0];
		const before = mark();
		await deliverTrello(trelloAction('addLabelToCard', { card: cardRef(otherCard), label: { id: '5f2b8c1e9d3a4b0012b1d001', name: 'enhancement', color: 'blue' }, text: 'enhancement' }));
		await deliverTrello(trelloAction('addLabelToCard', { card: cardRef(bugCard), label: { id: '5f2b8c1e9d3a4b0012b1d002', name: 'Bug', color: 'red' }, text: 'Bug' }));
		await waitFor(() => trello.requestsTo('POST', `/1/cards/${String(bugCard.id)}/actions/comments`)[0]);
		// A card that came from a GitHub issue is labelled bug: it is read and skipped.
		await deliverTrello(trelloAction('addLabelToCard', { card: cardRef(fromIssue), label: { id: '5f2b8c1e9d3a4b0012b1d002', name: 'Bug', color: 'red' }, text: 'Bug' }));
		await settled();

		const [issue] = github.requestsTo('POST', '/repos/octo/hello/issues');
		expect(issue.body).toEqual({
			title: 'Login fails on Safari',
			body: `Since 1.4 the login button does nothing.\n\nTrello card: ${String(bugCard.shortUrl)}`,
			labels: ['bug'],
		});
		expect(trello.requestsTo('POST', `/1/cards/${String(bugCard.id)}/actions/comments`).map((r) => r.query)).toEqual([
			{ text: 'GitHub issue: https://github.com/octo/hello/issues/40' },
		]);
		expect(newRequests(before).sort()).toEqual(
			[
				`GET /1/cards/${String(bugCard.id)}`,
				`GET /1/cards/${String(fromIssue.id)}`,
				'POST /repos/octo/hello/issues',
				`POST /1/cards/${String(bugCard.id)}/actions/comments`,
			].sort(),
		);

		// GitHub reports the new issue to the issue template's hook: it carries the card link, so no second card.
		const created = repository.issues.get(40)!;
		const beforeEcho = mark();
		expect(await deliverGitHub('issues', { action: 'opened', issue: { ...created, title: created.title, user: { login: 'octo-bot' } }, repository: REPOSITORY })).toBe(1);
		await settled();
		expect(newRequests(beforeEcho)).toEqual([]);
		expect(JSON.stringify(github.received.map((r) => r.body))).not.toContain(TRELLO.apiToken);
	});
});
