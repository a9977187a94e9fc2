import { PACKAGE, RealN8n, waitFor } from '../e2e/n8n';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { SimulatedRepository } from '../fakes/simulatedRepository';

const TOKEN = 'ghp_e2ePollingToken0123456789abcdefABCD';
const WORKFLOW_ID = 'ghPollE2E';
const credentials = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
/** n8n polls at most once a minute; a poll may come up to a minute after a change, plus start-up. */
const POLL_WAIT_MS = 150_000;

/**
 * Poll Trigger (Repository Events: New Issue, New Star on octo/hello, every minute) → API Call
 * sending a repository dispatch that names the item: each dispatch the fake receives is one
 * execution of the workflow.
 */
const workflow = {
	id: WORKFLOW_ID,
	name: 'e2e GitHub Poll Trigger',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'trigger',
			name: 'Poll Trigger',
			type: `${PACKAGE}.gitHubPollTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				authentication: 'accessToken',
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				trigger: 'repositoryEvents',
				events: ['newIssue', 'newStar'],
				owner: { __rl: true, mode: 'name', value: 'octo' },
				repositories: ['hello'],
			},
			credentials,
		},
		{
			id: 'dispatch',
			name: 'Dispatch',
			type: `${PACKAGE}.githubApiCall`,
			typeVersion: 1,
			position: [200, 0],
			parameters: {
				authentication: 'accessToken',
				method: 'POST',
				endpoint: '/repos/octo/hello/dispatches',
				body: '={{ JSON.stringify({ event_type: "polled", client_payload: { trigger: $json.trigger, action: $json.action, subject: $json.payload.issue ? String($json.payload.issue.number) : $json.payload.sender.login } }) }}',
			},
			credentials,
		},
	],
	connections: { 'Poll Trigger': { main: [[{ node: 'Dispatch', type: 'main', index: 0 }]] } },
};

const LISTS = ['/issues', '/issues/comments', '/pulls/comments', '/releases', '/forks', '/stargazers', '/actions/runs', '/git/matching-refs/{ref}', '/compare/{basehead}', '/pulls/{number}/reviews'];

describe('GitHub Poll Trigger (Repository Events) in a real n8n', () => {
	const github = new FakeGitHub();
	let repository: SimulatedRepository;
	let n8n: RealN8n;

	beforeAll(async () => {
		await github.start();
		github.tokens.add(TOKEN);
		repository = new SimulatedRepository('octo', 'hello', github.apiUrl);
		// GitHub's clock is the real one here (n8n polls on real minutes).
		const followClock = () => (repository.clock = Math.max(repository.clock, Math.floor(Date.now() / 1000) * 1000));
		for (const list of LISTS) {
			github.on('GET', `/repos/{owner}/{repo}${list}`, (request) => {
				followClock();
				const answer = repository.answer('GET', request.path, request.query, request.headers);
				return answer ? { status: answer.status, body: answer.body, headers: answer.headers } : { status: 404, body: { message: 'Not Found' } };
			});
		}
		github.on('POST', '/repos/{owner}/{repo}/dispatches', () => ({ status: 204 }));
		followClock();
		repository.openIssue('before activation');
		n8n = await RealN8n.create();
		await n8n.importCredentials([{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: TOKEN } }]);
		await n8n.importWorkflow(workflow);
		await n8n.publish(WORKFLOW_ID);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
	});

	const dispatches = () => github.requestsTo('POST', '/repos/octo/hello/dispatches').map((request) => (request.body as { client_payload: unknown }).client_payload);
	const issueListReads = () => github.requestsTo('GET', '/repos/octo/hello/issues').length;
	const change = (make: () => void) => {
		repository.clock = Math.max(repository.clock, Math.floor(Date.now() / 1000) * 1000) + 1000;
		make();
	};

	it('one execution per change, nothing from before activation, nothing twice across a restart, the downtime change caught up', async () => {
		await n8n.start();
		// Activation polls once at once: the lists are primed (the since walk is the second issues read).
		await waitFor(() => (issueListReads() >= 2 ? true : undefined), POLL_WAIT_MS);
		let first = 0;
		let marker = 0;
		change(() => (first = Number(repository.openIssue('after activation').number)));
		await waitFor(() => (dispatches().length >= 1 ? true : undefined), POLL_WAIT_MS);
		expect(dispatches()).toEqual([{ trigger: 'New Issue', action: 'opened', subject: String(first) }]);
		const conditional = github.requestsTo('GET', '/repos/octo/hello/stargazers').filter((request) => request.headers['if-none-match']);
		expect(conditional.length).toBeGreaterThan(0);

		// n8n stops; a star comes in while it is down; n8n starts again from its saved static data.
		await n8n.stop();
		change(() => repository.star('while-down'));
		await n8n.start();
		await waitFor(() => (dispatches().length >= 2 ? true : undefined), POLL_WAIT_MS);
		// A later poll (a minute on) finds nothing new: no second run for either change.
		const reads = issueListReads();
		await waitFor(() => (issueListReads() > reads ? true : undefined), POLL_WAIT_MS);
		change(() => (marker = Number(repository.openIssue('marker').number)));
		await waitFor(() => (dispatches().length >= 3 ? true : undefined), POLL_WAIT_MS);
		const settled = issueListReads();
		await waitFor(() => (issueListReads() > settled ? true : undefined), POLL_WAIT_MS);
		expect(dispatches()).toEqual([
			{ trigger: 'New Issue', action: 'opened', subject: String(first) },
			{ trigger: 'New Star', action: 'created', subject: 'while-down' },
			{ trigger: 'New Issue', action: 'opened', subject: String(marker) },
		]);
	}, 900_000);
});
