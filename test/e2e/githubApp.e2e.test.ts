import { generateKeyPairSync } from 'crypto';

import { FakeGitHub } from '../fakes/fakeGitHub';
import { HookStore } from '../githubTriggers/hookStore';
import { chainWorkflow, manualWorkflow, PACKAGE, RealN8n, waitFor } from './n8n';
import { commentNode, gitHubSignature, gitHubTriggerNode, untilHooksVerify } from './workflows';

const APP_ID = '4242';
const INSTALLATION_ID = 99;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const OTHER_PEM = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

const credentials = { githubServerAppApi: { id: 'ghApp', name: 'GitHub App' } };
const repo = { owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' } };
const WEBHOOK_ID = 'e2e-github-app-trigger';

const actions = manualWorkflow('ghAppActions', [
	{
		name: 'Get Issue',
		type: `${PACKAGE}.gitHub`,
		parameters: { authentication: 'githubApp', resource: 'issue', operation: 'get', simplify: false, ...repo, issueNumber: { __rl: true, mode: 'id', value: '7' } },
		credentials,
	},
	{
		name: 'Call',
		type: `${PACKAGE}.githubApiCall`,
		parameters: { authentication: 'githubApp', method: 'GET', endpoint: '/repos/octo/hello' },
		credentials,
		executeOnce: true,
	},
]);

/**
 * GitHub Trigger on the app's credential (Any Event: label, milestone closed) → API Call commenting
 * with what arrived. The trigger is of version 1, as in workflows saved before 1.1 (n8n treats
 * deliveries to version 1 webhook nodes differently; the other trigger tests use 1.1).
 */
const trigger = chainWorkflow(
	'ghAppTrigger',
	[
		gitHubTriggerNode(WEBHOOK_ID, credentials, { triggers: ['anyEvent'], webhookEvents: ['label', 'milestone'], eventActions: ['milestone.closed'] }, 'githubApp', 1),
		commentNode(
			credentials,
			'/repos/octo/hello/issues/1/comments',
			'={{ JSON.stringify({ body: $json.trigger + " / " + $json.event + " / " + $json.action + " / " + $json.deliveryId }) }}',
			'githubApp',
		),
	],
	'e2e GitHub App Trigger',
);

describe('GitHub App credential in a real n8n', () => {
	const github = new FakeGitHub();
	const store = new HookStore(['octo/hello'], ['octo']);
	let n8n: RealN8n;

	beforeAll(async () => {
		await github.start();
		github.addApp(APP_ID, PUBLIC_PEM, [{ id: INSTALLATION_ID, account: 'octo', type: 'Organization' }]);
		store.install(github);
		github
			.on('GET', '/repos/{owner}/{repo}/issues/{number}', (req) => ({ body: { number: Number(req.params.number), title: 'Bug' } }))
			.on('GET', '/repos/{owner}/{repo}', (req) => ({ body: { full_name: `${req.params.owner}/${req.params.repo}` } }))
			.on('GET', '/installation/repositories', () => ({ body: { total_count: 1, repositories: [{ full_name: 'octo/hello' }] } }))
			.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (req) => ({ status: 201, body: { id: 1, body: (req.body as { body: string }).body } }));
		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{
				id: 'ghApp',
				name: 'GitHub App',
				type: 'githubServerAppApi',
				data: { server: github.apiUrl, appId: APP_ID, privateKey: PEM, installationSelection: 'owner', installationOwner: 'octo' },
			},
		]);
		await n8n.importWorkflows([actions, trigger]);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
	});

	const installationTokens = () => github.issuedInstallationTokens.map((issued) => issued.token);

	it('drives an action and the API Call node with an installation token found from the owner; neither token nor JWT shows', async () => {
		const result = await n8n.execute('ghAppActions');

		expect(result.runData['Get Issue'][0].data?.main[0].map((item) => item.json)).toEqual([{ number: 7, title: 'Bug' }]);
		expect(result.runData.Call[0].data?.main[0].map((item) => item.json)).toEqual([{ full_name: 'octo/hello' }]);
		expect(github.requestsTo('GET', '/orgs/octo/installation')).toHaveLength(1);
		expect(github.jwtRefusals).toEqual([]);
		// One exchange for the run (n8n ran the credential's preAuthentication once and stored the token): both nodes used it.
		expect(installationTokens()).toHaveLength(1);
		const [token] = installationTokens();
		for (const path of ['/repos/octo/hello/issues/7', '/repos/octo/hello']) {
			expect(github.requestsTo('GET', path).map((r) => r.headers.authorization)).toEqual([`Bearer ${token}`]);
		}
		const everything = JSON.stringify(result.raw);
		expect(everything).not.toContain(token);
		expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.eyJ/);
	});

	it('has n8n replace a revoked token after GitHub\'s 401 and resend, and renew one due for renewal before it is sent', async () => {
		const issuedBefore = installationTokens().length;
		for (const token of installationTokens()) github.tokens.delete(token);
		// Tokens from now on live 40 s: shorter than twice the renewal margin, so due for renewal after half, 20 s.
		github.installationTokenLifetimeMs = 40_000;
		const issueRequests = () => github.requestsTo('GET', '/repos/octo/hello/issues/7').map((r) => r.headers.authorization);
		const seenBefore = issueRequests().length;
		try {
			const revoked = await n8n.execute('ghAppActions');

			expect(revoked.runData['Get Issue'][0].data?.main[0].map((item) => item.json)).toEqual([{ number: 7, title: 'Bug' }]);
			expect(installationTokens()).toHaveLength(issuedBefore + 1);
			const shortLived = installationTokens().at(-1)!;
			const issuedAt = Date.now();
			// On n8n 1.x the refused request is sent once more with status errors on before n8n renews (see sendAuthenticated).
			const sent = issueRequests().slice(seenBefore);
			expect(sent).toHaveLength(process.env.N8N_HOST_VERSION === '1' ? 3 : 2);
			const [refused, resent] = [sent[0], sent.at(-1)];
			for (const old of sent.slice(0, -1)) expect(installationTokens().slice(0, issuedBefore)).toContain(/^Bearer (.+)$/.exec(old!)?.[1]);
			expect(sent.slice(0, -1).every((old) => old === refused)).toBe(true);
			expect(resent).toBe(`Bearer ${shortLived}`);
			expect(github.requestsTo('GET', '/repos/octo/hello').at(-1)?.headers.authorization).toBe(`Bearer ${shortLived}`);

			await new Promise((resolve) => setTimeout(resolve, Math.max(0, issuedAt + 21_000 - Date.now())));
			const due = await n8n.execute('ghAppActions');

			expect(due.runData.Call[0].data?.main[0].map((item) => item.json)).toEqual([{ full_name: 'octo/hello' }]);
			const renewed = installationTokens().slice(issuedBefore + 1);
			expect(renewed).toHaveLength(1);
			// Renewed before sending: the token due for renewal reached GitHub no more.
			expect(issueRequests().slice(seenBefore + sent.length)).toEqual([`Bearer ${renewed[0]}`]);
			expect(github.requestsTo('GET', '/repos/octo/hello').at(-1)?.headers.authorization).toBe(`Bearer ${renewed[0]}`);
			expect(JSON.stringify([revoked.raw, due.raw])).not.toMatch(/ghs_[0-9a-f]{36}/);
		} finally {
			github.installationTokenLifetimeMs = 3_600_000;
		}
	});

	it('registers the trigger\'s hook with the app, runs for a chosen event and action only', async () => {
		await n8n.publish('ghAppTrigger');
		await n8n.start();
		const url = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
		const hook = await waitFor(() => store.hooks[0]);
		expect(hook).toMatchObject({ owner: 'octo', repo: 'hello', active: true, events: ['label', 'milestone'], config: { url } });
		const registration = github.requestsTo('POST', '/repos/octo/hello/hooks').at(-1)!;
		expect(installationTokens()).toContain(/^Bearer (.+)$/.exec(registration.headers.authorization)?.[1]);

		await untilHooksVerify([hook]);
		const secret = hook.config.secret!;
		const send = async (event: string, delivery: string, payload: Record<string, unknown>) => {
			const body = JSON.stringify({ ...payload, repository: { name: 'hello', full_name: 'octo/hello' } });
			return await fetch(url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-github-event': event,
					'x-github-delivery': delivery,
					'x-hub-signature-256': gitHubSignature(secret, body),
				},
				body,
			});
		};
		const comments = () => github.requestsTo('POST', '/repos/octo/hello/issues/1/comments');
		expect((await send('milestone', 'm-opened', { action: 'opened', milestone: { title: 'v1' } })).status).toBe(200);
		expect((await send('label', 'l-created', { action: 'created', label: { name: 'bug' } })).status).toBe(200);
		expect((await send('milestone', 'm-closed', { action: 'closed', milestone: { title: 'v1' } })).status).toBe(200);
		await waitFor(() => (comments().length >= 2 ? true : undefined));
		// Whether a delivery starts an execution is settled before n8n answers it: once every execution
		// listed has finished, the deliveries' runs are all there is, and two means the opened milestone started none.
		const runs = await waitFor(async () => {
			const listed = await n8n.executionsOf('ghAppTrigger');
			return listed.every((run) => ['success', 'error', 'crashed', 'canceled'].includes(run.status)) ? listed : undefined;
		});
		expect(runs).toHaveLength(2);
		expect(comments().map((request) => request.body)).toEqual(
			expect.arrayContaining([{ body: 'Any Event / label / created / l-created' }, { body: 'Any Event / milestone / closed / m-closed' }]),
		);
		expect(comments()).toHaveLength(2);
		for (const request of comments()) expect(installationTokens()).toContain(/^Bearer (.+)$/.exec(request.headers.authorization)?.[1]);
	});

	it('passes n8n\'s connection test with the right key and fails it, naming the key field, with another', async () => {
		if (!n8n.cookie) await n8n.signInAsOwner();
		const data = { server: github.apiUrl, appId: APP_ID, installationSelection: 'id', installationId: String(INSTALLATION_ID) };
		const good = await n8n.rest('POST', '/credentials/test', {
			credentials: { id: 'ghApp', name: 'GitHub App', type: 'githubServerAppApi', data: { ...data, privateKey: PEM } },
		});
		expect(good.json.data).toEqual({ status: 'OK', message: 'Connection successful!' });

		const bad = await n8n.rest('POST', '/credentials/test', {
			credentials: { id: 'ghApp', name: 'GitHub App', type: 'githubServerAppApi', data: { ...data, privateKey: OTHER_PEM } },
		});
		const verdict = bad.json.data as { status: string; message: string };
		expect(verdict.status).toBe('Error');
		expect(verdict.message).toContain('Private Key');
		expect(JSON.stringify(bad.json)).not.toContain(OTHER_PEM.split('\n')[2]);
	});
});
