import { FakeGitHub } from '../fakes/fakeGitHub';
import { manualWorkflow, RealN8n } from './n8n';
import { gitHubNode, OCTO_HELLO } from './workflows';

interface Sodium {
	ready: Promise<void>;
	crypto_box_keypair(): { publicKey: Uint8Array; privateKey: Uint8Array };
	crypto_box_seal_open(sealed: Uint8Array, publicKey: Uint8Array, privateKey: Uint8Array): Uint8Array;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sodium = require('libsodium-wrappers') as Sodium;

const TOKEN = 'ghp_e2eBotsToken0123456789abcdefABCDEF';
const PLAINTEXT = 'e2e-deploy-token-never-shown-42';
const credentials = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
const repo = OCTO_HELLO;
const ANNOTATIONS = Array.from({ length: 120 }, (_, i) => ({ path: 'src/app.ts', start_line: i + 1, end_line: i + 1, annotation_level: 'warning', message: `Line ${i + 1}` }));

const github = (name: string, parameters: Record<string, unknown>) => gitHubNode(credentials, name, parameters);

describe('GitHub node in a real n8n as a CI and release bot', () => {
	const fake = new FakeGitHub();
	let n8n: RealN8n;
	let keys: { publicKey: Uint8Array; privateKey: Uint8Array };

	beforeAll(async () => {
		await sodium.ready;
		keys = sodium.crypto_box_keypair();
		await fake.start();
		fake.tokens.add(TOKEN);
		let annotations = 0;
		fake
			.on('POST', '/repos/{owner}/{repo}/check-runs', (req) => {
				const body = req.body as { name: string; output?: { annotations?: unknown[] } };
				annotations = body.output?.annotations?.length ?? 0;
				return { status: 201, body: { id: 77, name: body.name, status: 'completed', output: { annotations_count: annotations } } };
			})
			.on('PATCH', '/repos/{owner}/{repo}/check-runs/{id}', (req) => {
				annotations += (req.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0;
				return { body: { id: Number(req.params.id), name: 'lint', status: 'completed', output: { annotations_count: annotations } } };
			})
			.on('GET', '/repos/{owner}/{repo}/actions/secrets/public-key', () => ({ body: { key_id: 'key-1', key: Buffer.from(keys.publicKey).toString('base64') } }))
			.on('PUT', '/repos/{owner}/{repo}/actions/secrets/{name}', () => ({ status: 201, body: {} }));
		n8n = await RealN8n.create();
		await n8n.importCredentials([{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: fake.apiUrl, accessToken: TOKEN } }]);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await fake.stop();
	});

	it('creates a check run with 120 annotations (50 a request) and sets a repository secret sealed to the repository key', async () => {
		await n8n.importWorkflow(
			manualWorkflow('githubBots', [
				github('Check Run', {
					resource: 'checkRun', operation: 'create', ...repo, name: 'lint', head_sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
					additionalFields: { conclusion: 'neutral', outputTitle: 'Lint', outputSummary: '120 warnings', annotations: JSON.stringify(ANNOTATIONS) },
				}),
				github('Secret', { resource: 'secret', operation: 'setRepository', ...repo, name: 'DEPLOY_TOKEN', value: PLAINTEXT }),
			]),
		);
		const result = await n8n.execute('githubBots');
		const json = (name: string) => result.runData[name][0].data!.main[0].map((item) => item.json);

		expect(json('Check Run')).toEqual([{ id: 77, name: 'lint', status: 'completed', output: { annotations_count: 120 } }]);
		const batches = fake.received
			.filter((r) => r.path.includes('/check-runs'))
			.map((r) => [r.method, r.path, (r.body as { output: { annotations: unknown[] } }).output.annotations.length]);
		expect(batches).toEqual([
			['POST', '/repos/octo/hello/check-runs', 50],
			['PATCH', '/repos/octo/hello/check-runs/77', 50],
			['PATCH', '/repos/octo/hello/check-runs/77', 20],
		]);

		expect(json('Secret')).toEqual([{ name: 'DEPLOY_TOKEN', created: true, keyId: 'key-1' }]);
		const [put] = fake.requestsTo('PUT', '/repos/octo/hello/actions/secrets/DEPLOY_TOKEN');
		const sent = put.body as { encrypted_value: string; key_id: string };
		expect(sent.key_id).toBe('key-1');
		expect(Buffer.from(sodium.crypto_box_seal_open(Buffer.from(sent.encrypted_value, 'base64'), keys.publicKey, keys.privateKey)).toString('utf8')).toBe(PLAINTEXT);
		expect(fake.received.some((r) => r.rawBody.includes(PLAINTEXT))).toBe(false);
		expect(JSON.stringify(result.runData)).not.toContain(PLAINTEXT);
	});
});
