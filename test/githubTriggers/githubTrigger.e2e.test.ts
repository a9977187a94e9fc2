import { chainWorkflow, RealN8n, waitFor } from '../e2e/n8n';
import { commentNode, gitHubSignature, gitHubTriggerNode, issueOpened, untilHooksVerify } from '../e2e/workflows';
import { FakeGitHub } from '../fakes/fakeGitHub';
import { HookStore } from './hookStore';

const TOKEN = 'ghp_e2eTriggerToken0123456789abcdefABCD';
const WORKFLOW_ID = 'ghTriggerE2E';
const WEBHOOK_ID = 'e2e-github-trigger';
const credentials = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };

/** GitHub Trigger (New Issue on octo/hello) → API Call commenting on the issue: the comment shows the run happened. */
const workflow = chainWorkflow(
	WORKFLOW_ID,
	[
		gitHubTriggerNode(WEBHOOK_ID, credentials, { triggers: ['newIssue'] }),
		commentNode(
			credentials,
			'=/repos/octo/hello/issues/{{ $json.payload.issue.number }}/comments',
			'={{ JSON.stringify({ body: $json.trigger + " / " + $json.event + " / " + $json.action + " / " + $json.deliveryId }) }}',
		),
	],
	'e2e GitHub Trigger',
);

describe('GitHub Trigger in a real n8n', () => {
	const github = new FakeGitHub();
	const store = new HookStore(['octo/hello'], ['octo']);
	let n8n: RealN8n;

	beforeAll(async () => {
		await github.start();
		github.tokens.add(TOKEN);
		store.install(github);
		github.on('POST', '/repos/{owner}/{repo}/issues/{number}/comments', (request) => ({ status: 201, body: { id: Number(request.params.number), body: (request.body as { body: string }).body } }));
		n8n = await RealN8n.create();
		await n8n.importCredentials([{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: github.apiUrl, accessToken: TOKEN } }]);
		// Imports, publishing and runs go through the REST API of this n8n (test/e2e/n8n.ts), as in the editor.
		await n8n.start();
		await n8n.importWorkflow(workflow);
		await n8n.publish(WORKFLOW_ID);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await github.stop();
	});

	it('registers its hook on publish, runs for signed deliveries only, and deletes the hook on unpublish', async () => {
		const url = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
		const hook = await waitFor(() => store.hooks[0]);
		expect(store.hooks).toHaveLength(1);
		expect(hook).toMatchObject({ owner: 'octo', repo: 'hello', active: true, events: ['issues'], config: { url, content_type: 'json', insecure_ssl: '0' } });
		const secret = hook.config.secret!;
		expect(secret).toMatch(/^[0-9a-f]{64}$/);

		const send = async (body: string, headers: Record<string, string>) =>
			await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
		const commentsOn = (number: number) => github.requestsTo('POST', `/repos/octo/hello/issues/${number}/comments`);

		// A signed ping is answered 200 (once n8n has saved the secret; see untilHooksVerify).
		await untilHooksVerify([hook]);

		const valid = issueOpened(1);
		const accepted = await send(valid, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-1', 'x-hub-signature-256': gitHubSignature(secret, valid) });
		expect(accepted.status).toBe(200);
		const [comment] = await waitFor(() => (commentsOn(1).length > 0 ? commentsOn(1) : undefined));
		expect(comment.body).toEqual({ body: 'New Issue / issues / opened / guid-1' });

		const forgedBody = issueOpened(2);
		const forged = await send(forgedBody, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-2', 'x-hub-signature-256': gitHubSignature('f'.repeat(64), forgedBody) });
		expect(forged.status).toBe(401);
		const unsigned = await send(forgedBody, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-3' });
		expect(unsigned.status).toBe(401);

		// The same delivery again (a redelivery) and a non-matching one, then a fresh valid one as a marker.
		const again = await send(valid, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-1', 'x-hub-signature-256': gitHubSignature(secret, valid) });
		expect(again.status).toBe(200);
		const closed = JSON.stringify({ ...JSON.parse(issueOpened(4)), action: 'closed' });
		expect((await send(closed, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-4', 'x-hub-signature-256': gitHubSignature(secret, closed) })).status).toBe(200);
		const marker = issueOpened(5);
		await send(marker, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-5', 'x-hub-signature-256': gitHubSignature(secret, marker) });
		await waitFor(() => (commentsOn(5).length > 0 ? true : undefined));
		expect(commentsOn(1)).toHaveLength(1);
		expect(commentsOn(2)).toHaveLength(0);
		expect(commentsOn(4)).toHaveLength(0);

		// Unpublish through n8n's own API, as the editor does: n8n calls the node's delete.
		await n8n.unpublishViaEditor(WORKFLOW_ID);
		// n8n may hand the unpublish to its publication outbox, so the hook goes shortly after the answer.
		await waitFor(() => (store.hooks.length === 0 ? true : undefined)).catch(() => undefined);
		expect(store.hooks).toEqual([]);
		expect(github.requestsTo('DELETE', `/repos/octo/hello/hooks/${hook.id}`)).toHaveLength(1);

		const late = issueOpened(6);
		const afterUnpublish = await send(late, { 'x-github-event': 'issues', 'x-github-delivery': 'guid-6', 'x-hub-signature-256': gitHubSignature(secret, late) });
		expect(afterUnpublish.status).toBe(404);
	});
});
