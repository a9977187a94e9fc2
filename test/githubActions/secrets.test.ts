import { LoggerProxy } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { credentials, repo, runGitHub } from './run';

interface Sodium {
	ready: Promise<void>;
	crypto_box_keypair(): { publicKey: Uint8Array; privateKey: Uint8Array };
	crypto_box_seal_open(sealed: Uint8Array, publicKey: Uint8Array, privateKey: Uint8Array): Uint8Array;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sodium = require('libsodium-wrappers') as Sodium;

const PLAINTEXT = 'pl41n-s3cr3t-VALUE-never-shown';
const KEY_ID = '568250167242549743';

beforeAll(async () => await sodium.ready);
beforeEach(() => resetGitHubRateLimitState());

const setRepositorySecret = (extra: object = {}) => ({
	resource: 'secret',
	operation: 'setRepository',
	...repo(),
	name: 'DEPLOY_TOKEN',
	value: PLAINTEXT,
	...extra,
});

/** Everything a run left behind (items, errors, run data) and everything logged meanwhile, as text. */
async function traced(run: () => Promise<Awaited<ReturnType<typeof runGitHub>>>) {
	const logged: unknown[] = [];
	const record = (...args: unknown[]) => void logged.push(args);
	LoggerProxy.init({ error: record, warn: record, info: record, debug: record, scoped: () => ({ error: record, warn: record, info: record, debug: record }) } as never);
	const consoleSpies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((level) =>
		jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args)),
	);
	try {
		const result = await run();
		const error = result.error('GitHub');
		const outputs = result.run.data.resultData.runData.GitHub?.map((task) => task.data) ?? [];
		const errorParts = error ? { message: error.message, description: error.description, context: (error as { context?: unknown }).context, stack: error.stack } : null;
		return { result, text: JSON.stringify({ outputs, errorParts, resultError: result.run.data.resultData.error?.message ?? null, logged }) };
	} finally {
		consoleSpies.forEach((spy) => spy.mockRestore());
	}
}

describe('Secret (Actions) → Create or Update: the value is sealed here and only the sealed value leaves', () => {
	it('with a fresh ephemeral key, libsodium opens what was sent with the repository’s private key', async () => {
		const { publicKey, privateKey } = sodium.crypto_box_keypair();
		const recorder = new GitHubRecorder([{ body: { key_id: KEY_ID, key: Buffer.from(publicKey).toString('base64') } }, { status: 201, body: {} }]);
		const { result, text } = await traced(async () => await runGitHub(setRepositorySecret()));
		expect(result.error('GitHub')).toBeUndefined();
		expect(result.json('GitHub')).toEqual([{ name: 'DEPLOY_TOKEN', created: true, keyId: KEY_ID }]);
		const sent = recorder.requests[1].body as { encrypted_value: string; key_id: string };
		expect(sent.key_id).toBe(KEY_ID);
		const opened = sodium.crypto_box_seal_open(Buffer.from(sent.encrypted_value, 'base64'), publicKey, privateKey);
		expect(Buffer.from(opened).toString('utf8')).toBe(PLAINTEXT);
		expect(JSON.stringify(recorder.requests)).not.toContain(PLAINTEXT);
		expect(text).not.toContain(PLAINTEXT);
	});

	it.each([
		['GitHub refuses the PUT (422)', [{ body: { key_id: KEY_ID, key: Buffer.alloc(32, 9).toString('base64') } }, { status: 422, body: { message: `Invalid request: ${PLAINTEXT}` } }], /Invalid request/],
		['the public key cannot be read (404)', [{ status: 404, body: { message: 'Not Found' } }], /not found|Not Found/i],
		['the public key is not 32 bytes', [{ body: { key_id: KEY_ID, key: Buffer.alloc(8).toString('base64') } }], /without a 32-byte public key and its ID/],
	])('%s: the error says so and holds no plaintext, with and without Continue On Fail', async (_case, replies, message) => {
		for (const continueOnFail of [false, true]) {
			resetGitHubRateLimitState();
			const recorder = new GitHubRecorder(replies);
			const { result, text } = await traced(async () => await runGitHub({ ...setRepositorySecret(), ...(continueOnFail ? {} : {}) }));
			if (!continueOnFail) expect(result.error('GitHub')?.message).toMatch(message);
			expect(text).not.toContain(PLAINTEXT);
			expect(JSON.stringify(recorder.requests)).not.toContain(PLAINTEXT);
		}
	});

	it('a value that is not text is refused without showing it; nothing is sent', async () => {
		const recorder = new GitHubRecorder([]);
		const { result, text } = await traced(async () => await runGitHub(setRepositorySecret({ value: `={{ { "token": "${PLAINTEXT}" } }}` })));
		expect(result.error('GitHub')?.message).toBe('The "Secret Value" parameter must be text (got an object)');
		expect(text).not.toContain(PLAINTEXT);
		expect(recorder.requests).toEqual([]);
	});

	it('an invalid secret name is refused before any request', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub(setRepositorySecret({ name: 'GITHUB_TOKEN' }));
		expect(run.error('GitHub')?.message).toBe('The "Secret Name" parameter "GITHUB_TOKEN" is not a valid secret name');
		expect(recorder.requests).toEqual([]);
	});

	it('a read-only credential reads the public key but the PUT is refused; the plaintext is in no message', async () => {
		const recorder = new GitHubRecorder([{ body: { key_id: KEY_ID, key: Buffer.alloc(32, 9).toString('base64') } }]);
		const readOnly = { ...credentials, githubAccessTokenApi: { ...credentials.githubAccessTokenApi, accessLevel: 'readOnly' } };
		const { runWorkflow } = await import('../harness/workflow');
		const { githubWorkflow } = await import('./run');
		const { result, text } = await traced(async () => await runWorkflow(githubWorkflow(setRepositorySecret()), { credentials: readOnly }));
		expect(result.error('GitHub')?.message).toBe(
			'Refused: the credential is read-only, and PUT /repos/octo/hello/actions/secrets/DEPLOY_TOKEN would change data. Allowed: GET requests and GraphQL queries.',
		);
		expect(recorder.requests.map((request) => request.method)).toEqual(['GET']);
		expect(text).not.toContain(PLAINTEXT);
	});
});
