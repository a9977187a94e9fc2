import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { sealedBox } from '../../nodes/GitHub/actions/secret/sealedBox';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, byList, repo, runGitHub } from '../githubActions/run';
import { loopbackServers, runNode } from './support';

/**
 * Answers a service (or a server pretending to be it) may send that the code reading them did
 * not expect: each ends in a NodeApiError saying what was missing, never a raw TypeError,
 * OpenSSL or URI error, and nothing is written after it.
 */

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const [trello] = loopbackServers(1);

function expectServiceError(error: { name?: string; message?: string } | undefined, message: string) {
	expect(error?.name).toBe('NodeApiError');
	expect(error?.message).toBe(message);
}

describe('GitHub', () => {
	it('Secret → Create or Update: an all-zero public key is refused in words, nothing is sent', async () => {
		const recorder = new GitHubRecorder([{ body: { key_id: '1', key: Buffer.alloc(32).toString('base64') } }]);

		const result = await runGitHub({ resource: 'secret', operation: 'setRepository', ...repo(), name: 'DEPLOY_TOKEN', value: 'v' });

		expectServiceError(
			result.error('GitHub'),
			'GitHub answered /repos/octo/hello/actions/secrets/public-key with a public key nothing can be sealed to (a low-order key such as all zeros)',
		);
		expect(recorder.requests.map((request) => request.method)).toEqual(['GET']);
	});

	it('the sealed box itself names the key, not OpenSSL', () => {
		expect(() => sealedBox(Buffer.from('x'), Buffer.alloc(32))).toThrow(
			'The public key is a low-order X25519 point (such as all zeros): nothing sealed to it would stay secret',
		);
	});

	it.each([
		['a ref without its object', { ref: 'refs/heads/main', object: null }],
		['no ref at all', null],
		['a SHA that is not text', { object: { sha: 12 } }],
	])('Branch → Create: %s is refused, nothing is created', async (_name, body) => {
		const recorder = new GitHubRecorder([{ body }]);

		const result = await runGitHub({ resource: 'branch', operation: 'create', ...repo(), newBranch: 'feature', source: 'branch', fromBranch: 'main' });

		expectServiceError(result.error('GitHub'), "GitHub answered /repos/octo/hello/git/ref/heads/main without the branch's commit SHA (object.sha)");
		expect(recorder.requests.map((request) => request.method)).toEqual(['GET']);
	});

	const project = { resource: 'project', ...repo(), projectOwner: byList('octo'), projectNumber: byId('1') };

	it.each([
		['fields: null', { data: { repositoryOwner: { projectV2: { id: 'P', title: 't', fields: null } } } }, "GitHub sent an answer of an unexpected shape: it lacks the project's fields (fields.nodes)"],
		['no data', { data: null }, 'GitHub answered the GraphQL request without data'],
		['errors of odd shapes', { data: null, errors: [null, 'x', { message: 7 }] }, 'GitHub answered 200: null; x; {"message":7}'],
	])('Project → List Fields: %s', async (_name, body, message) => {
		new GitHubRecorder([{ body }]);

		const result = await runGitHub({ ...project, operation: 'listFields' });

		expect(result.error('GitHub')?.name).toBe('NodeApiError');
		expect(result.error('GitHub')?.message).toContain(message);
	});

	it('Project → List Fields: empty entries in the list are skipped', async () => {
		new GitHubRecorder([{ body: { data: { repositoryOwner: { projectV2: { id: 'P', title: 't', fields: { nodes: [null, { id: 'F', name: 'Status' }] } } } } } }]);

		const result = await runGitHub({ ...project, operation: 'listFields' });

		expect(result.json('GitHub')).toEqual([{ projectId: 'P', id: 'F', name: 'Status' }]);
	});

	it('Project → Add Item: a mutation answer without the item is refused in words', async () => {
		new GitHubRecorder([
			{ body: { data: { repositoryOwner: { projectV2: { id: 'P', title: 't' } }, repository: { issueOrPullRequest: { id: 'I' } } } } },
			{ body: { data: { addProjectV2ItemById: null } } },
		]);

		const result = await runGitHub({ ...project, operation: 'addItem', issueNumber: byId('1') });

		expectServiceError(result.error('GitHub'), "GitHub sent an answer of an unexpected shape: it lacks the added item's ID (addProjectV2ItemById.item.id)");
	});
});

describe('GitHub rows added after the first round', () => {
	const pullRequest = { resource: 'pullRequest', ...repo(), pullNumber: byId('12') };
	const THREAD_ID = 'PRRT_kwDOABCD5M5abcde';

	it.each([
		['no tag at all', [{ body: null }], '/repos/octo/hello/git/ref/tags/v1.2.0', ['GET']],
		['a reference without its object', [{ body: { ref: 'refs/tags/v1.2.0', object: null } }], '/repos/octo/hello/git/ref/tags/v1.2.0', ['GET']],
		[
			'an annotated tag whose tag object is missing',
			[{ body: { ref: 'refs/tags/v1.2.0', object: { type: 'tag', sha: 'abc' } } }, { body: null }],
			'/repos/octo/hello/git/tags/abc',
			['GET', 'GET'],
		],
	])('Git → Get Tag: %s is refused in words', async (_name, replies, path, methods) => {
		const recorder = new GitHubRecorder(replies);

		const result = await runGitHub({ resource: 'git', operation: 'getTag', ...repo(), tag: 'v1.2.0' });

		expect(result.error('GitHub')?.name).toBe('NodeApiError');
		expect(result.error('GitHub')?.message).toMatch(new RegExp(`^GitHub answered ${path} without .*\\(object\\.sha\\)$`));
		expect(recorder.requests.map((request) => request.method)).toEqual(methods);
	});

	it.each([
		['an empty review', {}],
		['a review without its node ID', { id: 80, state: 'PENDING' }],
	])('Pull Request → Add Comment to Pending Review: %s is refused, nothing is added', async (_name, body) => {
		const recorder = new GitHubRecorder([{ body }]);

		const result = await runGitHub({ ...pullRequest, operation: 'addPendingReviewComment', reviewId: byId('80'), path: 'a.ts', body: 'x' });

		expectServiceError(result.error('GitHub'), "GitHub sent an answer of an unexpected shape: it lacks the review's state and node_id (/repos/octo/hello/pulls/12/reviews/80)");
		expect(recorder.requests.map((request) => request.method)).toEqual(['GET']);
	});

	it('Pull Request → Resolve Review Thread: a thread look-up without the repository names the parameter, nothing is resolved', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { node: { id: THREAD_ID, pullRequest: { number: 12, repository: null } } } } }]);

		const result = await runGitHub({ ...pullRequest, operation: 'resolveReviewThread', threadId: THREAD_ID });

		expect(result.error('GitHub')?.name).toBe('NodeOperationError');
		expect(result.error('GitHub')?.message).toBe(`The "Thread ID" parameter "${THREAD_ID}" is not a thread of pull request #12 in octo/hello`);
		expect(recorder.requests).toHaveLength(1);
	});

	it('Pull Request → Unresolve Review Thread: a mutation answer without the thread is refused in words', async () => {
		new GitHubRecorder([
			{ body: { data: { node: { id: THREAD_ID, pullRequest: { number: 12, repository: { name: 'hello', owner: { login: 'octo' } } } } } } },
			{ body: { data: { unresolveReviewThread: null } } },
		]);

		const result = await runGitHub({ ...pullRequest, operation: 'unresolveReviewThread', threadId: THREAD_ID });

		expectServiceError(result.error('GitHub'), 'GitHub sent an answer of an unexpected shape: it lacks the review thread (thread)');
	});

	it('Pull Request → List Review Threads: empty threads and a thread without its comment list are read, not a TypeError', async () => {
		new GitHubRecorder([
			{ body: { data: { repository: { pullRequest: { reviewThreads: { nodes: [null, { id: THREAD_ID, resolvedBy: null, comments: { totalCount: 0, nodes: null } }], pageInfo: { hasNextPage: false } } } } } } },
		]);

		const result = await runGitHub({ ...pullRequest, operation: 'listReviewThreads', returnAll: true });

		expect(result.json('GitHub')).toEqual([{ id: THREAD_ID, resolvedBy: null, comments: [] }]);
	});

	it('Project → Create: a mutation answer without the project is refused in words', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner: { id: 'O', login: 'octo' } } } }, { body: { data: { createProjectV2: null } } }]);

		const result = await runGitHub({ resource: 'project', operation: 'create', projectOwner: byList('octo'), title: 'Roadmap' });

		expectServiceError(result.error('GitHub'), 'GitHub sent an answer of an unexpected shape: it lacks the created project (createProjectV2.projectV2)');
		expect(recorder.requests).toHaveLength(2);
	});

	it.each([
		['no ID', { login: 'octo' }],
		['an empty ID', { id: '', login: 'octo' }],
		['a numeric ID', { id: 7, login: 'octo' }],
	])('Project → Create: an owner look-up answer with %s is refused in words; no project is created', async (_case, repositoryOwner) => {
		const recorder = new GitHubRecorder([{ body: { data: { repositoryOwner } } }]);

		const result = await runGitHub({ resource: 'project', operation: 'create', projectOwner: byList('octo'), title: 'Roadmap' });

		expectServiceError(result.error('GitHub'), "GitHub sent an answer of an unexpected shape: it lacks the owner's ID (repositoryOwner.id)");
		expect(recorder.requests).toHaveLength(1);
	});
});

describe('Trello', () => {
	const CARD = '61b2c3d4e5f60718293a4b5c';
	const ATTACHMENT = '67a000000000000000000001';

	it('Attachment → Download: a file name with a broken % escape is refused in words, nothing is downloaded', async () => {
		trello.on('GET', `/1/cards/${CARD}/attachments/${ATTACHMENT}`, () => ({
			body: { id: ATTACHMENT, isUpload: true, url: `${trello.baseUrl}/1/cards/${CARD}/attachments/${ATTACHMENT}/download/a%zz.txt` },
		}));

		const result = await runNode(
			'trello',
			{ resource: 'attachment', operation: 'download', authentication: 'keyToken', card: { __rl: true, mode: 'id', value: CARD }, attachment: { __rl: true, mode: 'id', value: ATTACHMENT } },
			trello.baseUrl,
		);

		expectServiceError(result.error('Call'), "Trello sent an answer of an unexpected shape: the download address's file name has a broken % escape (a%zz.txt)");
		expect(trello.received.map((request) => request.path)).toEqual([`/1/cards/${CARD}/attachments/${ATTACHMENT}`]);
	});
});
