import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { repo, runGitHub } from '../githubActions/run';
import { CARD } from '../trelloActions/fixtures';
import { rl, runTrello, trelloApi } from '../trelloActions/support';

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});

const ISSUE = {
	id: 1,
	number: 7,
	title: 'Crash on start',
	state: 'open',
	state_reason: null,
	html_url: 'https://github.com/octo/hello/issues/7',
	url: 'https://api.github.com/repos/octo/hello/issues/7',
	user: { login: 'mona', id: 2, avatar_url: 'https://avatars.example/u/2' },
	labels: [{ id: 3, name: 'bug', color: 'f00' }],
	assignees: [{ login: 'hubot', id: 4 }],
	comments: 0,
	created_at: '2024-01-01T00:00:00Z',
	updated_at: '2024-01-02T00:00:00Z',
	closed_at: null,
	body: 'It crashes.',
};

describe('Simplify (on by default) and Output Fields', () => {
	it('GitHub Issue → Create returns the simplified issue unless Simplify is off', async () => {
		new GitHubRecorder([{ body: ISSUE }, { body: ISSUE }, { body: ISSUE }]);
		const simplified = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: 'Crash on start', simplify: true });
		expect(simplified.json('GitHub')).toEqual([
			{
				number: 7,
				title: 'Crash on start',
				state: 'open',
				stateReason: null,
				url: 'https://github.com/octo/hello/issues/7',
				author: 'mona',
				labels: ['bug'],
				assignees: ['hubot'],
				comments: 0,
				isPullRequest: false,
				createdAt: '2024-01-01T00:00:00Z',
				updatedAt: '2024-01-02T00:00:00Z',
				closedAt: null,
				body: 'It crashes.',
				// The answer names no author association: only a permission look-up would tell.
				trust: 'unknown',
			},
		]);
		const raw = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: 'Crash on start', simplify: false });
		expect(raw.json('GitHub')).toEqual([ISSUE]);
		const picked = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: 'x', outputFields: 'number, user.login' });
		expect(picked.json('GitHub')).toEqual([{ number: 7, 'user.login': 'mona' }]);
	});

	it('Trello Card → Get returns the simplified card', async () => {
		trelloApi([
			{
				method: 'GET',
				path: `/1/cards/${CARD}`,
				reply: { id: CARD, name: 'Ship', shortUrl: 'https://trello.com/c/AbCd1234', idList: 'l1', idBoard: 'b1', closed: false, due: null, labels: [{ id: 'x', name: 'urgent', color: 'red' }], desc: 'Now', badges: { votes: 0 } },
			},
		]);
		const run = await runTrello({ resource: 'card', operation: 'get', card: rl(CARD), simplify: true });
		expect(run.json('Trello')).toEqual([
			{ id: CARD, name: 'Ship', url: 'https://trello.com/c/AbCd1234', idList: 'l1', closed: false, due: null, labels: ['urgent'], desc: 'Now', trust: 'unknown' },
		]);
	});
});
