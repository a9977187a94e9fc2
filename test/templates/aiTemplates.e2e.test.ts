/**
 * The AI templates in a real n8n: imported with the CLI, the GitHub credential (scoped to the
 * repository) and the OpenAI credential chosen, the chat model pointed at a scripted fake model,
 * driven by signed GitHub deliveries. Asserts what the fake GitHub and the fake model receive.
 */
import { GITHUB_CREDENTIAL_TYPES } from '../../nodes/GitHub/transport';
import { PACKAGE, RealN8n, waitFor } from '../e2e/n8n';
import { untilHooksVerify } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import type { ModelRequest, ModelScript } from '../fakes/fakeModel';
import { FakeModel } from '../fakes/fakeModel';
import { HookStore } from '../githubTriggers/hookStore';
import type { CredentialReference } from './inN8n';
import { chooseInEditor, deliverGitHub, settled } from './inN8n';
import type { TemplateNode } from './load';
import { loadTemplate } from './load';

const GITHUB_TOKEN = 'ghp_e2eAiTemplatesToken0123456789abcdefAB';
const OPENAI_KEY = 'sk-e2e-ai-templates-model-key';
const CREDENTIALS = {
	github: { id: 'aiGitHubScoped', name: 'GitHub (octo/hello only)' },
	model: { id: 'aiModel', name: 'Model' },
};
const REPOSITORY = { name: 'hello', full_name: 'octo/hello', owner: { login: 'octo' }, html_url: 'https://github.com/octo/hello' };

type Json = Record<string, unknown>;

/** GitHub nodes (triggers and tools) get the scoped GitHub credential, the chat model the model's. */
function credentialsFor(node: TemplateNode): CredentialReference | undefined {
	if (node.type.startsWith(`${PACKAGE}.git`)) return { [GITHUB_CREDENTIAL_TYPES.accessToken]: CREDENTIALS.github };
	if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi') return { openAiApi: CREDENTIALS.model };
	return undefined;
}

const ISSUE = {
	number: 12,
	title: 'Sign-in button does nothing in Safari 18',
	body: 'Since 1.4 pressing Sign in on the login page does nothing in Safari 18. Chrome works.',
	html_url: 'https://github.com/octo/hello/issues/12',
	state: 'open',
	labels: [],
	assignees: [],
	user: { login: 'mona' },
	// GitHub names the author's relation to the repository on issues, pull requests, comments and reviews.
	author_association: 'MEMBER',
};
const TRIAGE_COMMENT =
	'Thanks @mona for the report! I labelled this as a bug in the UI and assigned @hubot. Could you tell us whether a browser extension is active and what the console shows when you press Sign in?';

/** The triage conversation: read labels and assignees, add two labels and one assignee, comment, answer. */
const TRIAGE: ModelScript = {
	steps: [
		{ tool: 'List_Labels', args: {} },
		{ tool: 'List_Assignees', args: {} },
		{ tool: 'Add_Label', args: { label: 'bug' } },
		{ tool: 'Add_Label', args: { label: 'ui' } },
		{ tool: 'Add_Assignee', args: { assignee: 'hubot' } },
		{ tool: 'Comment_on_Issue', args: { comment: TRIAGE_COMMENT } },
	],
	answer: 'Labels bug, ui; assigned hubot; asked for console output.',
};

const HEAD_SHA = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
const PULL = {
	number: 31,
	title: 'Keep the session when the token is refreshed',
	body: 'Refreshing the token used to sign the user out.',
	html_url: 'https://github.com/octo/hello/pull/31',
	state: 'open',
	draft: false,
	user: { login: 'mona' },
	author_association: 'MEMBER',
	head: { ref: 'fix/session-refresh', sha: HEAD_SHA },
	base: { ref: 'main', sha: '9c5dc5c7a8b6b8e1a7f34b1e34c1d7f8a0b1c2d3' },
};
const DIFF = [
	'diff --git a/src/session.ts b/src/session.ts',
	'index 3b18e51..a0f5c2e 100644',
	'--- a/src/session.ts',
	'+++ b/src/session.ts',
	'@@ -10,6 +10,8 @@ export function refresh(session: Session) {',
	'   const token = session.token;',
	'-  session.clear();',
	'+  if (token.expired) {',
	'+    session.token = renew(token);',
	'+  }',
	'   return session;',
	' }',
	'',
].join('\n');
const SESSION_FILE = 'export function refresh(session: Session) {\n  const token = session.token;\n  if (token.expired) {\n    session.token = renew(token);\n  }\n  return session;\n}\n';
const LINE_COMMENTS = [{ path: 'src/session.ts', line: 14, side: 'RIGHT', body: '`renew` can throw when the refresh token is revoked; the user then stays signed in with an expired token.' }];
const REVIEW_TEXT = 'Keeps the session on refresh instead of clearing it. One problem: a failed renewal is not handled, and there is no test for the refresh path.';

/** The review conversation: diff, files, one file at the head commit, then one review with a line comment. */
const REVIEW: ModelScript = {
	steps: [
		{ tool: 'Get_Diff', args: {} },
		{ tool: 'List_Files', args: {} },
		{ tool: 'Read_File', args: { path: 'src/session.ts' } },
		{ tool: 'Submit_Review', args: { event: 'REQUEST_CHANGES', review: REVIEW_TEXT, line_comments: JSON.stringify(LINE_COMMENTS) } },
	],
	answer: 'REQUEST_CHANGES with 1 line comment.',
};

function scriptFor(request: ModelRequest): ModelScript {
	const conversation = JSON.stringify(request.messages);
	if (conversation.includes(ISSUE.title)) return TRIAGE;
	if (conversation.includes(PULL.title)) return REVIEW;
	throw new Error(`no script for this conversation: ${conversation.slice(0, 300)}`);
}

describe('AI templates in a real n8n: the AI Agent with this package’s GitHub tools on a scoped credential, a scripted model, signed deliveries', () => {
	const github = new FakeGitHub();
	const hooks = new HookStore(['octo/hello'], ['octo']);
	const model = new FakeModel(scriptFor);
	let n8n: RealN8n;

	beforeAll(async () => {
		await Promise.all([github.start(), model.start()]);
		github.tokens.add(GITHUB_TOKEN);
		hooks.install(github);
		github
			.on('GET', '/repos/{owner}/{repo}/labels', () => ({
				body: [
					{ id: 1, name: 'bug', description: "Something isn't working", color: 'd73a4a' },
					{ id: 2, name: 'enhancement', description: 'New feature or request', color: 'a2eeef' },
					{ id: 3, name: 'question', description: 'Further information is requested', color: 'd876e3' },
					{ id: 4, name: 'ui', description: 'Pages and components', color: '0e8a16' },
				],
			}))
			.on('GET', '/repos/{owner}/{repo}/assignees', () => ({ body: [{ login: 'mona', id: 2, type: 'User' }, { login: 'hubot', id: 3, type: 'User' }] }))
			.on('POST', '/repos/{owner}/{repo}/issues/{number}/labels', (r) => ({ body: ((r.body as Json).labels as string[]).map((name) => ({ name, color: 'ededed' })) }))
			.on('POST', '/repos/{owner}/{repo}/issues/{number}/assignees', (r) => ({ status: 201, body: { ...ISSUE, assignees: ((r.body as Json).assignees as string[]).map((login) => ({ login })) } }))
			.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (r) => ({ status: 201, body: { id: 5001, html_url: `${ISSUE.html_url}#issuecomment-5001`, user: { login: 'octo-bot' }, author_association: 'MEMBER', ...(r.body as Json) } }))
			.on('GET', '/repos/{owner}/{repo}/pulls/{number}', (r) => (r.headers.accept === 'application/vnd.github.diff' ? { body: DIFF } : { body: PULL }))
			.on('GET', '/repos/{owner}/{repo}/pulls/{number}/files', (r) =>
				github.paged(r, [{ sha: 'a0f5c2e', filename: 'src/session.ts', status: 'modified', additions: 3, deletions: 1, changes: 4, patch: DIFF.split('\n').slice(4).join('\n') }]),
			)
			.on('GET', '/repos/{owner}/{repo}/contents/{path}', (r) => ({
				body: { type: 'file', name: 'session.ts', path: r.params.path, sha: 'a0f5c2e', size: SESSION_FILE.length, encoding: 'base64', content: Buffer.from(SESSION_FILE).toString('base64') },
			}))
			.on('POST', '/repos/{owner}/{repo}/pulls/{number}/reviews', (r) => ({
				body: { id: 80, state: 'CHANGES_REQUESTED', body: (r.body as Json).body, commit_id: HEAD_SHA, html_url: `${PULL.html_url}#pullrequestreview-80`, user: { login: 'octo-reviewer' }, author_association: 'COLLABORATOR' },
			}));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{
				...CREDENTIALS.github,
				type: GITHUB_CREDENTIAL_TYPES.accessToken,
				data: { server: github.apiUrl, accessToken: GITHUB_TOKEN, allowedRepositories: 'octo/hello', accessLevel: 'readWrite' },
			},
			{ ...CREDENTIALS.model, type: 'openAiApi', data: { apiKey: OPENAI_KEY, url: `${model.baseUrl}/v1` } },
		]);
		await n8n.importWorkflows([
			chooseInEditor(loadTemplate('ai-issue-triage'), 'aiTriage', { 'New Issue': { owner: 'octo', repositories: 'hello' } }, credentialsFor),
			chooseInEditor(loadTemplate('ai-pull-request-reviewer'), 'aiReviewer', { 'New Pull Request': { owner: 'octo', repositories: 'hello' } }, credentialsFor),
		]);
		await n8n.publish('aiTriage');
		await n8n.publish('aiReviewer');
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.dispose();
		await Promise.all([github.stop(), model.stop()]);
	});

	const quiet = () => settled(() => github.received.length + model.requests.length);

	it('registers one hook per GitHub trigger on publish', async () => {
		await waitFor(() => (hooks.hooks.length === 2 ? true : undefined), 60_000).catch((error: Error) => {
			throw new Error(`${error.message}: ${hooks.hooks.length} hooks registered; n8n's log:\n${n8n.log}`);
		});
		expect(hooks.hooks.map((hook) => ({ events: hook.events, owner: hook.owner, repo: hook.repo })).sort((a, b) => a.events[0].localeCompare(b.events[0]))).toEqual([
			{ events: ['issues'], owner: 'octo', repo: 'hello' },
			{ events: ['pull_request'], owner: 'octo', repo: 'hello' },
		]);
		await untilHooksVerify(hooks.hooks);
	});

	it('AI issue triage: a new issue is labelled, assigned and answered with what the model chose, on that issue only', async () => {
		const before = github.received.length;
		expect(await deliverGitHub(hooks, 'issues', { action: 'opened', issue: ISSUE, repository: REPOSITORY, sender: { login: 'mona' } })).toBe(1);
		await waitFor(() => (model.conversation(ISSUE.title).length === TRIAGE.steps.length + 1 ? true : undefined), 120_000);
		await quiet();

		const conversation = model.conversation(ISSUE.title);
		expect(conversation).toHaveLength(TRIAGE.steps.length + 1);
		expect(FakeModel.offeredTools(conversation[0]).sort()).toEqual(['Add_Assignee', 'Add_Label', 'Comment_on_Issue', 'List_Assignees', 'List_Labels']);
		// The prompt carries the issue; the system message the triage rules (sent in the "developer"
		// role, as OpenAI asks for its reasoning models such as the default gpt-5-mini).
		const [system, user] = conversation[0].messages;
		expect(system.role).toBe('developer');
		expect(String(system.content)).toContain('You triage new GitHub issues.');
		expect(user).toEqual({
			role: 'user',
			content: `A new issue was opened in octo/hello.\n\nIssue #12 by @mona\nTitle: ${ISSUE.title}\n\n${ISSUE.body}`,
		});

		// Exactly these requests, in this order, all on octo/hello and issue 12; labels and assignee are added, not replaced.
		const requests = github.received.slice(before);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /repos/octo/hello/labels',
			'GET /repos/octo/hello/assignees',
			'POST /repos/octo/hello/issues/12/labels',
			'POST /repos/octo/hello/issues/12/labels',
			'POST /repos/octo/hello/issues/12/assignees',
			'POST /repos/octo/hello/issues/12/comments',
		]);
		expect(requests[0].query).toEqual({ per_page: '100' });
		expect(requests[1].query).toEqual({ per_page: '100' });
		expect(requests.slice(2).map((r) => r.body)).toEqual([{ labels: ['bug'] }, { labels: ['ui'] }, { assignees: ['hubot'] }, { body: TRIAGE_COMMENT }]);
		expect(requests.every((r) => r.headers.authorization === `Bearer ${GITHUB_TOKEN}`)).toBe(true);

		// What the model saw of each tool: the repository's labels and assignees, the issue's labels, the issue, the comment.
		const [labels, assignees, firstLabel, secondLabel, assigned, comment] = model.toolResults(conversation);
		expect(labels).toContain('"name":"ui"');
		expect(assignees).toContain('"login":"hubot"');
		expect(firstLabel).toContain('"name":"bug"');
		expect(secondLabel).toContain('"name":"ui"');
		expect(assigned).toContain('hubot');
		expect(comment).toContain('issuecomment-5001');
		expect(JSON.stringify(model.requests)).not.toContain(GITHUB_TOKEN);
	});

	it('AI pull-request reviewer: a draft starts nothing; a ready pull request gets one review with the model’s verdict, text and line comments', async () => {
		const before = github.received.length;
		const modelBefore = model.requests.length;
		expect(await deliverGitHub(hooks, 'pull_request', { action: 'opened', number: PULL.number, pull_request: { ...PULL, draft: true }, repository: REPOSITORY, sender: { login: 'mona' } })).toBe(1);
		await quiet();
		expect({ github: github.received.length - before, model: model.requests.length - modelBefore }).toEqual({ github: 0, model: 0 });

		expect(await deliverGitHub(hooks, 'pull_request', { action: 'ready_for_review', number: PULL.number, pull_request: PULL, repository: REPOSITORY, sender: { login: 'mona' } })).toBe(1);
		await waitFor(() => (model.conversation(PULL.title).length === REVIEW.steps.length + 1 ? true : undefined), 120_000);
		await quiet();

		const conversation = model.conversation(PULL.title);
		expect(conversation).toHaveLength(REVIEW.steps.length + 1);
		expect(FakeModel.offeredTools(conversation[0]).sort()).toEqual(['Get_Diff', 'List_Files', 'Read_File', 'Submit_Review']);
		const [system, user] = conversation[0].messages;
		expect(String(system.content)).toContain('You review pull requests.');
		expect(user).toEqual({
			role: 'user',
			content: `Review pull request #31 in octo/hello by @mona: fix/session-refresh into main.\n\nTitle: ${PULL.title}\n\n${PULL.body}`,
		});

		const requests = github.received.slice(before);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /repos/octo/hello/pulls/31',
			'GET /repos/octo/hello/pulls/31/files',
			'GET /repos/octo/hello/contents/src/session.ts',
			'POST /repos/octo/hello/pulls/31/reviews',
		]);
		expect(requests[0].headers.accept).toBe('application/vnd.github.diff');
		expect(requests[1].query).toEqual({ per_page: '100' });
		expect(requests[2].query).toEqual({ ref: HEAD_SHA });
		expect(requests[3].body).toEqual({ event: 'REQUEST_CHANGES', body: REVIEW_TEXT, commit_id: HEAD_SHA, comments: LINE_COMMENTS });

		// The model read the diff, the file list and the file's text at the head commit.
		const [diff, files, file, review] = model.toolResults(conversation);
		expect(diff).toContain(JSON.stringify('+    session.token = renew(token);').slice(1, -1));
		expect(files).toContain('"file":"src/session.ts","status":"modified"');
		expect(file).toContain(JSON.stringify(SESSION_FILE).slice(1, -1));
		expect(review).toContain('CHANGES_REQUESTED');
		expect(JSON.stringify(model.requests)).not.toContain(GITHUB_TOKEN);
	});
});
