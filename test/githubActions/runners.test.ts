import { LoggerProxy } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { runWorkflow } from '../harness/workflow';
import { REGISTRATION_TOKEN } from './fixtures/runner';
import { GitHubRecorder } from './recorder';
import { credentials, githubWorkflow } from './run';

beforeEach(() => resetGitHubRateLimitState());

const EXPIRES = '2026-12-06T17:40:00.000Z';

/** Two items asking for tokens of two repositories; GitHub's second answer, a failure, quotes the first token. */
async function twoTokens(continueOnFail: boolean) {
	new GitHubRecorder([
		{ status: 201, body: { token: REGISTRATION_TOKEN, expires_at: EXPIRES } },
		{ status: 422, body: { message: `Validation Failed: ${REGISTRATION_TOKEN} was issued already` } },
	]);
	const workflow = githubWorkflow(
		{ resource: 'runner', operation: 'createRegistrationToken', owner: { __rl: true, mode: 'list', value: 'octo' }, repository: { __rl: true, mode: 'name', value: '={{ $json.repository }}' } },
		[{ repository: 'hello' }, { repository: 'docs' }],
	);
	workflow.nodes[1].continueOnFail = continueOnFail;
	const logged: unknown[] = [];
	const record = (...args: unknown[]) => void logged.push(args);
	LoggerProxy.init({ error: record, warn: record, info: record, debug: record, scoped: () => ({ error: record, warn: record, info: record, debug: record }) } as never);
	const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((level) => jest.spyOn(console, level).mockImplementation(record));
	try {
		const run = await runWorkflow(workflow, { credentials });
		return { run, logged: JSON.stringify(logged) };
	} finally {
		spies.forEach((spy) => spy.mockRestore());
	}
}

describe('Self-Hosted Runner → Create Registration Token: the token is in the output only', () => {
	it('an error after the token was issued shows it redacted, as a credential is; nothing logged holds it', async () => {
		const { run, logged } = await twoTokens(false);
		const error = run.error('GitHub');
		expect(error?.message).toBe('GitHub answered 422: Validation Failed: [redacted] was issued already');
		expect(JSON.stringify({ message: error?.message, description: error?.description, stack: error?.stack, context: (error as { context?: unknown })?.context })).not.toContain(REGISTRATION_TOKEN);
		expect(JSON.stringify(run.run.data.resultData.error)).not.toContain(REGISTRATION_TOKEN);
		expect(logged).not.toContain(REGISTRATION_TOKEN);
	});

	it('with Continue On Fail the first item keeps its token and the error item shows none', async () => {
		const { run, logged } = await twoTokens(true);
		expect(run.items('GitHub').map((item) => item.json)).toEqual([
			{ token: REGISTRATION_TOKEN, expiresAt: EXPIRES },
			{ error: 'GitHub answered 422: Validation Failed: [redacted] was issued already', description: 'Validation Failed: [redacted] was issued already' },
		]);
		expect(logged).not.toContain(REGISTRATION_TOKEN);
	});
});
