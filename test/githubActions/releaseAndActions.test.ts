import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow } from '../harness/workflow';
import { GitHubRecorder } from './recorder';
import { byId, credentials, githubWorkflow, repo, runGitHub } from './run';

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
