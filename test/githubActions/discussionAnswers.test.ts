import { MARK_ANSWER_MUTATION, UNMARK_ANSWER_MUTATION } from '../../nodes/GitHub/actions/discussion/manage';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const sentDocuments = (recorder: GitHubRecorder) => recorder.requests.map((request) => (request.body as { query: string }).query);

describe('Discussion → Mark Comment as Answer and Unmark Answer', () => {
	it.each([
		['a comment of another discussion (maybe of another repository)', { discussion: { id: 'D_77' } }],
		['an ID that is no discussion comment', {}],
		['an ID GitHub does not know', null],
	])('%s: refused, nothing changed', async (_case, node) => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { discussion: { id: 'D_9' } }, node } } }, { body: { data: {} } }]);
		const run = await runGitHub({ resource: 'discussion', operation: 'markAnswer', ...repo(), discussionNumber: '9', commentId: 'DC_elsewhere' });
		expect(run.error('GitHub')?.message).toBe('The comment "DC_elsewhere" is not a comment of discussion #9 in octo/hello');
		expect(recorder.requests).toHaveLength(1);
		expect(sentDocuments(recorder)).not.toContain(MARK_ANSWER_MUTATION);
	});

	it.each([
		['markAnswer', MARK_ANSWER_MUTATION],
		['unmarkAnswer', UNMARK_ANSWER_MUTATION],
	])('%s: a look-up answering discussion: {} and node: null (no ID on either side) fails closed, nothing changed', async (operation, mutation) => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { discussion: {} }, node: null } } }, { body: { data: {} } }]);
		const run = await runGitHub({ resource: 'discussion', operation, ...repo(), discussionNumber: '9', commentId: 'DC_elsewhere' });
		expect(run.error('GitHub')?.message).toBe('GitHub sent an answer of an unexpected shape: it lacks the ID of discussion #9');
		expect(recorder.requests).toHaveLength(1);
		expect(sentDocuments(recorder)).not.toContain(mutation);
	});

	it('Add Comment: a discussion without its ID fails closed, nothing written', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { discussion: {} } } } }, { body: { data: {} } }]);
		const run = await runGitHub({ resource: 'discussion', operation: 'addComment', ...repo(), discussionNumber: '9', body: 'hi' });
		expect(run.error('GitHub')?.message).toBe('GitHub sent an answer of an unexpected shape: it lacks the ID of discussion #9');
		expect(recorder.requests).toHaveLength(1);
	});

	it('a discussion that does not exist: says which, nothing changed', async () => {
		const recorder = new GitHubRecorder([{ body: { data: { repository: { discussion: null }, node: null } } }]);
		const run = await runGitHub({ resource: 'discussion', operation: 'unmarkAnswer', ...repo(), discussionNumber: '404', commentId: 'DC_1' });
		expect(run.error('GitHub')?.message).toBe('Discussion #404 was not found in octo/hello');
		expect(recorder.requests).toHaveLength(1);
	});
});

describe('Discussion → Update', () => {
	it('with nothing to change: refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'discussion', operation: 'update', ...repo(), discussionNumber: '9', additionalFields: { title: '' } });
		expect(run.error('GitHub')?.message).toBe('Nothing to change: give a new Title, Body or Category');
		expect(recorder.requests).toEqual([]);
	});

	it('a category the repository lacks: named with the ones it has, nothing changed', async () => {
		const recorder = new GitHubRecorder([
			{ body: { data: { repository: { discussion: { id: 'D_9' } } } } },
			{ body: { data: { repository: { id: 'R_1', discussionCategories: { nodes: [{ id: 'DIC_g', name: 'General', slug: 'general' }] } } } } },
		]);
		const run = await runGitHub({ resource: 'discussion', operation: 'update', ...repo(), discussionNumber: '9', additionalFields: { category: 'Ideas' } });
		expect(run.error('GitHub')?.message).toBe('"Ideas" is not a discussion category of octo/hello');
		expect(run.error('GitHub')?.description).toBe('Use one of: General.');
		expect(recorder.requests).toHaveLength(2);
	});
});

describe('Discussion → List Categories, simplified', () => {
	it('answerable and the other fields an agent needs', async () => {
		new GitHubRecorder([
			{ body: { data: { repository: { discussionCategories: { nodes: [{ id: 'DIC_q', name: 'Q&A', slug: 'q-a', description: 'Ask', emoji: ':pray:', isAnswerable: true }] } } } } },
		]);
		const run = await runGitHub({ resource: 'discussion', operation: 'listCategories', ...repo(), simplify: true });
		expect(run.json('GitHub')).toEqual([{ id: 'DIC_q', name: 'Q&A', slug: 'q-a', emoji: ':pray:', answerable: true, description: 'Ask', trust: 'unknown' }]);
	});
});
