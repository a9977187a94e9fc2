import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow } from '../harness/workflow';
import { FakeClock } from '../transport/fakeClock';
import { GitHubRecorder } from './recorder';
import { byId, byName, credentials, githubWorkflow, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const upload = { resource: 'release', operation: 'uploadAsset', ...repo(), releaseId: byId('7'), binaryPropertyName: 'data' };
const file = [{ data: { fileName: 'a.zip', mimeType: 'application/zip', text: 'PK' } }];

describe('GitHub Release → Upload Asset', () => {
	it('a missing input binary property is a clear error, before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ ...upload, binaryPropertyName: 'build' }, [{}], file);
		expect(run.error('GitHub')?.message).toBe('The "Input Binary Field" parameter names "build", which the input item does not have');
		expect(recorder.requests).toEqual([]);
	});

	it('a server address with no known upload host is refused naming the credential field, nothing is sent', async () => {
		const recorder = new GitHubRecorder([], 'https://git.example.com');
		const run = await runWorkflow(githubWorkflow(upload, [{}], file), {
			credentials: { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, server: 'https://git.example.com' } },
		});
		expect(run.error('GitHub')?.message).toBe('GitHub has no upload host for the credential\'s address https://git.example.com');
		expect(run.error('GitHub')?.description).toBe('Set "GitHub Server" in the credential to the service\'s API address.');
		expect(recorder.requests).toEqual([]);
	});

	it('GitHub\'s refusal (an asset of that name exists) is a NodeApiError with GitHub\'s message', async () => {
		const recorder = new GitHubRecorder([
			{ status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }] } },
		]);
		const run = await runGitHub(upload, [{}], file);
		expect(run.error('GitHub')?.message).toContain('Validation Failed');
		expect(recorder.requests.map((r) => [r.server, r.method, r.path, r.query])).toEqual([
			['uploads', 'POST', '/repos/octo/hello/releases/7/assets', { name: 'a.zip' }],
		]);
	});
});

describe('GitHub Workflow → Dispatch and Wait', () => {
	let clock: FakeClock;
	beforeEach(() => {
		clock = new FakeClock().install();
	});
	afterEach(() => FakeClock.uninstall());

	const details = { workflow_run_id: 77, run_url: 'https://api.github.com/repos/octo/hello/actions/runs/77', html_url: 'https://github.com/octo/hello/actions/runs/77' };
	const parameters = (maxWaitMinutes: number | string) => ({
		resource: 'workflow',
		operation: 'dispatchAndWait',
		...repo(),
		workflow: byId('161335'),
		ref: byName('main'),
		maxWaitMinutes,
	});
	const running = { body: { id: 77, status: 'in_progress', conclusion: null, html_url: details.html_url } };

	it('polls less and less often and fails at the max wait, naming the run URL and the limit', async () => {
		const recorder = new GitHubRecorder([{ body: details }, ...Array.from({ length: 5 }, () => running)]);
		const run = await runGitHub(parameters(1));
		const error = run.error('GitHub');
		expect(error?.message).toBe(
			'The workflow run https://github.com/octo/hello/actions/runs/77 did not complete within the maximum wait of 1 minute (last status: in_progress)',
		);
		expect(error?.description).toBe('The run goes on on GitHub. Raise "Max Wait (Minutes)", or follow it with Workflow → Get Run (run ID 77).');
		expect(clock.sleeps).toEqual([5000, 7500, 11250, 16875, 19375]);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /repos/octo/hello/actions/workflows/161335/dispatches',
			...Array.from({ length: 5 }, () => 'GET /repos/octo/hello/actions/runs/77'),
		]);
		expect(recorder.unusedReplies()).toBe(0);
	});

	it('waits at most a minute between looks on long waits', async () => {
		const recorder = new GitHubRecorder([{ body: details }, ...Array.from({ length: 10 }, () => running)]);
		const run = await runGitHub(parameters(5));
		expect(run.error('GitHub')?.message).toContain('within the maximum wait of 5 minutes (last status: in_progress)');
		expect(clock.sleeps).toEqual([5000, 7500, 11250, 16875, 25313, 37970, 56955, 60000, 60000, 19137]);
		expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(300_000);
		expect(recorder.unusedReplies()).toBe(0);
	});

	it('without run details, a run that never appears fails naming the workflow, the ref and the limit', async () => {
		const none = { body: { total_count: 0, workflow_runs: [] } };
		const recorder = new GitHubRecorder([{ status: 204 }, none, none, none, none, none]);
		const run = await runGitHub(parameters(1));
		expect(run.error('GitHub')?.message).toBe('The dispatched run of workflow "161335" on "main" did not appear within the maximum wait of 1 minute');
		expect(recorder.requests.slice(1).map((r) => [r.path, r.query])).toEqual(
			Array.from({ length: 5 }, () => [
				'/repos/octo/hello/actions/workflows/161335/runs',
				{ event: 'workflow_dispatch', branch: 'main', created: '>=2026-11-22T12:00:00Z', per_page: '100' },
			]),
		);
		expect(recorder.contractProblems()).toEqual([]);
	});

	it('a run listed from before the dispatch is not taken for the dispatched one', async () => {
		const recorder = new GitHubRecorder([
			{ status: 204 },
			{ body: { total_count: 1, workflow_runs: [{ id: 60, status: 'completed', conclusion: 'success', created_at: '2026-11-22T11:59:58Z' }] } },
			{ body: { total_count: 1, workflow_runs: [{ id: 61, status: 'completed', conclusion: 'success', created_at: '2026-11-22T12:00:04Z' }] } },
		]);
		const run = await runGitHub(parameters(1));
		expect(run.json('GitHub')).toEqual([{ id: 61, status: 'completed', conclusion: 'success', created_at: '2026-11-22T12:00:04Z' }]);
		expect(recorder.requests).toHaveLength(3);
	});

	it('returns the simplified run with its conclusion when Simplify is on', async () => {
		new GitHubRecorder([{ body: details }, { body: { id: 77, name: 'CI', status: 'completed', conclusion: 'cancelled', html_url: details.html_url, head_branch: 'main', run_attempt: 1, jobs_url: 'x' } }]);
		const run = await runGitHub({ ...parameters(1), simplify: true });
		expect(run.json('GitHub')).toEqual([{ id: 77, name: 'CI', status: 'completed', conclusion: 'cancelled', branch: 'main', url: details.html_url }]);
	});

	it('a cancelled execution stops waiting: no further look at the run after the pause it was cancelled in', async () => {
		const recorder = new GitHubRecorder([{ body: details }, ...Array.from({ length: 5 }, () => running)]);
		let cancel!: () => void;
		clock.onSleep = () => cancel();
		const run = await runWorkflow(githubWorkflow(parameters(1)), { credentials, onStart: (stop) => (cancel = stop) });
		expect(run.run.status).toBe('canceled');
		// the node goes on after n8n has reported the cancellation; give it the time five looks would take
		await new Promise((resolve) => setImmediate(resolve));
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(clock.sleeps).toEqual([5000]);
		expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/octo/hello/actions/workflows/161335/dispatches']);
	});

	it.each([0, -1, 'soon'])('a max wait of %p is refused before anything is sent', async (value) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(parameters(value));
		expect(run.error('GitHub')?.message).toMatch(/^The "Max Wait \(Minutes\)" parameter/);
		expect(recorder.requests).toEqual([]);
	});
});

describe('GitHub Workflow → Dispatch', () => {
	it('a 422 that is about the inputs stays GitHub\'s error after the dispatch is sent again without return_run_details', async () => {
		const invalid = { status: 422, body: { message: 'Unexpected inputs provided: ["colour"]' } };
		const recorder = new GitHubRecorder([invalid, invalid]);
		const run = await runGitHub({
			resource: 'workflow', operation: 'dispatch', ...repo(), workflow: byId('161335'), ref: byName('main'), additionalFields: { inputs: '{"colour":"red"}' },
		});
		expect(run.error('GitHub')?.message).toContain('Unexpected inputs provided: ["colour"]');
		expect(recorder.requests.map((r) => r.body)).toEqual([
			{ ref: 'main', inputs: { colour: 'red' }, return_run_details: true },
			{ ref: 'main', inputs: { colour: 'red' } },
		]);
	});
});
