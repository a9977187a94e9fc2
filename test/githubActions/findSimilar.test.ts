import { searchedWords, significantWords } from '../../nodes/GitHub/actions/issue/similar';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { answer, found, searched, SIMILAR_ISSUE_PARAMETERS } from './fixtures/similarIssue';
import { GitHubRecorder } from './recorder';
import { credentials, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const findSimilar = (parameters: Record<string, unknown>) => runGitHub({ resource: 'issue', operation: 'findSimilar', ...repo(), ...parameters });

describe('Issue → Find Similar', () => {
	it('simplified: number, title, state, URL, author, score, matched words and the reason', async () => {
		new GitHubRecorder([answer(found(12, 'OAuth login timeout', 'Redirect never returns', 'closed')), answer(), answer()]);
		const run = await findSimilar({ ...SIMILAR_ISSUE_PARAMETERS, simplify: true });
		expect(run.json('GitHub')).toEqual([
			{
				number: 12,
				title: 'OAuth login timeout',
				state: 'closed',
				url: 'https://github.com/octo/hello/issues/12',
				author: 'mona',
				score: 0.58,
				matchedWords: ['login', 'oauth', 'timeout', 'redirect'],
				reason: '3 of 4 title words in common (login, oauth, timeout); 1 of 4 body words in common (redirect)',
				trust: 'writer',
			},
		]);
	});

	it("under Trusted Content Only an outsider's title is withheld; number, state, score and the matched words (the given title's) stay", async () => {
		const outsider = { ...found(12, 'OAuth login timeout', ''), user: { login: 'eve' }, author_association: 'NONE' };
		new GitHubRecorder([answer(outsider), answer(), answer()]);
		const run = await findSimilar({ ...SIMILAR_ISSUE_PARAMETERS, simplify: true, options: { trustedContentOnly: true } });
		const [item] = run.json('GitHub') as Array<Record<string, unknown>>;
		expect(item).toEqual({ ...item, number: 12, state: 'open', author: 'eve', score: 0.5, matchedWords: ['login', 'oauth', 'timeout'] });
		expect(String(item.title)).toMatch(/^\[withheld: written by eve/);
	});

	it('the limit defaults to 5; issues sharing no significant word (found through their comments) are left out', async () => {
		const recorder = new GitHubRecorder([
			answer(...[1, 2, 3, 4, 5, 6].map((number) => found(number, `Crash number ${number} on startup`, ''))),
			answer(found(9, 'Unrelated', 'Mentions nothing')),
		]);
		const run = await findSimilar({ title: 'Crash on startup' });
		expect(recorder.requests.map((request) => request.query.q)).toEqual(['repo:octo/hello is:issue startup', 'repo:octo/hello is:issue crash']);
		expect((run.json('GitHub') as Array<{ number: number }>).map((item) => item.number)).toEqual([1, 2, 3, 4, 5]);
	});

	it('queries stay within what GitHub allows: no AND, OR or NOT, at most 256 characters, words cut at 50 letters', async () => {
		const long = 'x'.repeat(80);
		const recorder = new GitHubRecorder([answer(), answer(), answer()]);
		await findSimilar({ ...repo('o'.repeat(39), 'r'.repeat(100)), title: `NOT ${long} OR (crash) AND "quoted:value" repo:evil/x` });
		const queries = recorder.requests.map((request) => String(request.query.q));
		expect(queries).toEqual([
			`repo:${'o'.repeat(39)}/${'r'.repeat(100)} is:issue ${'x'.repeat(50)}`,
			`repo:${'o'.repeat(39)}/${'r'.repeat(100)} is:issue quoted`,
			`repo:${'o'.repeat(39)}/${'r'.repeat(100)} is:issue crash`,
		]);
		for (const query of queries) {
			expect(query.length).toBeLessThanOrEqual(256);
			expect(query.split(' ').filter((word) => ['AND', 'OR', 'NOT'].includes(word))).toEqual([]);
		}
	});

	it('significant words: lower case, each once, common words and numbers dropped, plurals compared without their s', () => {
		expect([...significantWords('The Tests fail: test fails on Windows 11 with Node.js')]).toEqual([
			['test', 'tests'],
			['fail', 'fail'],
			['window', 'windows'],
			['node', 'node'],
		]);
		expect(searchedWords(significantWords('a tiny bug in the renderer of tables'))).toEqual(['renderer', 'tables', 'tiny']);
	});

	it('a title without a significant word is an error naming "Title", nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await findSimilar({ title: 'It is a bug!' });
		expect(run.error('GitHub')?.message).toBe('The "Title" parameter has no word to search for');
		expect(recorder.requests).toEqual([]);
	});

	it('a repository outside the node\'s "Allowed Repositories" is refused, nothing sent', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await findSimilar({ ...SIMILAR_ISSUE_PARAMETERS, options: { allowedRepositories: 'octo/other' } });
		expect(run.error('GitHub')?.message).toBe('Refused: the repository "octo/hello" is outside the node\'s "Allowed Repositories". Allowed repositories: octo/other.');
		expect(recorder.requests).toEqual([]);
	});

	it("a repository outside the credential's Allowed Repositories is refused, nothing sent", async () => {
		const recorder = new GitHubRecorder([]);
		const scoped = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo/other', accessLevel: 'readOnly' } };
		const node = packageNode('GitHub', 'gitHub', { resource: 'issue', operation: 'findSimilar', ...SIMILAR_ISSUE_PARAMETERS }, { githubAccessTokenApi: 'token-cred' });
		const run = await runWorkflow(singleNodeWorkflow(node), { credentials: scoped as never });
		expect(run.error('GitHub')?.message).toMatch(/^Refused: the repository "octo\/hello" is outside/);
		expect(recorder.requests).toEqual([]);
	});

	it('inside the scope, results GitHub gives from another repository are dropped by the transport', async () => {
		const elsewhere = { ...found(5, 'Login timeout', ''), repository_url: 'https://api.github.com/repos/evil/x' };
		new GitHubRecorder([answer(elsewhere, found(6, 'Login timeout', '')), answer(), answer()]);
		const run = await findSimilar({ ...SIMILAR_ISSUE_PARAMETERS, options: { allowedRepositories: 'octo/hello' } });
		expect((run.json('GitHub') as Array<{ number: number }>).map((item) => item.number)).toEqual([6]);
	});
});
