import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

const note = (fullName: string) => ({ id: fullName, repository: { full_name: fullName } });

describe('Notification → List with "Allowed Repositories"', () => {
	it('keeps the notifications of allowed repositories only (case-insensitive, owner/* too)', async () => {
		const recorder = new GitHubRecorder([{ body: [note('octo/hello'), note('evil/x'), note('Acme/Tools'), note('other/y')] }]);
		const run = await runGitHub({ resource: 'notification', operation: 'list', returnAll: true, options: { allowedRepositories: 'OCTO/hello, acme/*' } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(run.json('GitHub').map((item) => item.id)).toEqual(['octo/hello', 'Acme/Tools']);
		expect(recorder.requests.map((r) => r.path)).toEqual(['/notifications']);
	});

	it('without the setting, every notification comes back', async () => {
		new GitHubRecorder([{ body: [note('octo/hello'), note('evil/x')] }]);
		const run = await runGitHub({ resource: 'notification', operation: 'list', returnAll: true });
		expect(run.json('GitHub').map((item) => item.id)).toEqual(['octo/hello', 'evil/x']);
	});
});

describe('Repository Webhook → Create: the signing secret', () => {
	it('is sent in config.secret but appears in no error, even when GitHub echoes it', async () => {
		const signing = 'whsec-signing-value-42';
		const recorder = new GitHubRecorder([{ status: 422, body: { message: `Validation Failed: secret ${signing} too weak` } }]);
		const run = await runGitHub({ resource: 'webhook', operation: 'create', ...repo(), url: 'https://example.com/h', additionalFields: { signingKey: signing } });
		const error = run.error('GitHub');
		expect(error?.message).toBe('GitHub answered 422: Validation Failed: secret [redacted] too weak');
		expect((recorder.requests[0].body as { config: { secret: string } }).config.secret).toBe(signing);
		expect(JSON.stringify({ error, data: run.run.data.resultData })).not.toContain(signing);
	});
});

describe('Repository Webhook → Create without a URL', () => {
	it('is refused before any request, naming the parameter', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'webhook', operation: 'create', ...repo(), url: '  ' });
		expect(run.error('GitHub')?.message).toBe('The "Payload URL" parameter is empty');
		expect(recorder.requests).toEqual([]);
	});
});
