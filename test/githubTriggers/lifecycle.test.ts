import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { FakeGitHub } from '../fakes/fakeGitHub';
import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { HookStore } from './hookStore';
import { TOKEN, signedDelivery, webhookTrigger } from './helpers';

const API = 'https://api.github.com';
const ISSUE_EVENTS = ['issue_comment', 'issues', 'pull_request', 'pull_request_review_comment'];

function hookRequestBody(url: string, events: string[]) {
	return {
		name: 'web',
		active: true,
		events,
		config: { url, content_type: 'json', secret: expect.stringMatching(/^[0-9a-f]{64}$/), insecure_ssl: '0' },
	};
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
	try {
		await promise;
	} catch (error) {
		return error as Error;
	}
	throw new Error('expected a failure');
}

describe('GitHub Trigger: webhook registration against GitHub (nock)', () => {
	beforeEach(() => resetGitHubRateLimitState());

	it('creates one repository hook for exactly the events of the chosen triggers, with a fresh secret', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue', 'newPullRequest', 'newComment'], repositories: 'hello' });
		let sent: IDataObject = {};
		const scope = nock(API, {
			reqheaders: { authorization: `Bearer ${TOKEN}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
		})
			.post('/repos/octo/hello/hooks', (body: IDataObject) => {
				sent = body;
				return true;
			})
			.reply(201, { id: 42, active: true });

		await expect(harness.create()).resolves.toBe(true);
		expect(scope.isDone()).toBe(true);
		expect(sent).toEqual(hookRequestBody(harness.webhookUrl, ISSUE_EVENTS));
		const secret = (sent.config as IDataObject).secret;
		expect(harness.staticData).toEqual({
			secret,
			hooks: [{ level: 'repository', owner: 'octo', repository: 'hello', events: ISSUE_EVENTS, id: 42 }],
		});

		// A second activation never reuses the secret.
		nock(API)
			.post('/repos/octo/hello/hooks', (body: IDataObject) => {
				sent = body;
				return true;
			})
			.reply(201, { id: 43 });
		await harness.create();
		expect((sent.config as IDataObject).secret).not.toBe(secret);
		expect(harness.staticData.secret).toBe((sent.config as IDataObject).secret);
	});

	it('creates one hook per chosen repository and an organization hook for organization-only triggers, all with one secret', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue', 'newRepository'], repositories: 'hello, docs, Hello' });
		const bodies: Record<string, IDataObject> = {};
		const capture = (key: string) => (body: IDataObject) => {
			bodies[key] = body;
			return true;
		};
		const scope = nock(API)
			.post('/repos/octo/hello/hooks', capture('hello'))
			.reply(201, { id: 1 })
			.post('/repos/octo/docs/hooks', capture('docs'))
			.reply(201, { id: 2 })
			.post('/orgs/octo/hooks', capture('org'))
			.reply(201, { id: 3 });
		await harness.create();
		expect(scope.isDone()).toBe(true);
		expect(bodies.hello).toEqual(hookRequestBody(harness.webhookUrl, ['issues']));
		expect(bodies.docs).toEqual(hookRequestBody(harness.webhookUrl, ['issues']));
		expect(bodies.org).toEqual(hookRequestBody(harness.webhookUrl, ['repository']));
		const secrets = new Set(Object.values(bodies).map((body) => (body.config as IDataObject).secret));
		expect([...secrets]).toEqual([harness.staticData.secret]);
		expect((harness.staticData.hooks as IDataObject[]).map((hook) => [hook.level, hook.repository, hook.id])).toEqual([
			['repository', 'hello', 1],
			['repository', 'docs', 2],
			['organization', undefined, 3],
		]);
	});

	it('uses a single organization hook when listening on the whole organization', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue', 'projectItemStatusChanged'], listenOn: 'organization' });
		let sent: IDataObject = {};
		const scope = nock(API)
			.post('/orgs/octo/hooks', (body: IDataObject) => {
				sent = body;
				return true;
			})
			.reply(201, { id: 5 });
		await harness.create();
		expect(scope.isDone()).toBe(true);
		expect(sent).toEqual(hookRequestBody(harness.webhookUrl, ['issues', 'projects_v2_item']));
	});

	it('takes over an existing hook with the same URL when GitHub answers 422', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
		let patched: IDataObject = {};
		const scope = nock(API)
			.post('/repos/octo/hello/hooks')
			.reply(422, {
				message: 'Validation Failed',
				errors: [{ resource: 'Hook', code: 'custom', message: 'Hook already exists on this repository' }],
			})
			.get('/repos/octo/hello/hooks')
			.query({ per_page: '100' })
			.reply(200, [
				{ id: 7, config: { url: 'https://elsewhere.example/hook' } },
				{ id: 9, active: false, events: ['push'], config: { url: harness.webhookUrl } },
			])
			.patch('/repos/octo/hello/hooks/9', (body: IDataObject) => {
				patched = body;
				return true;
			})
			.reply(200, { id: 9 });
		await harness.create();
		expect(scope.isDone()).toBe(true);
		const { name: _name, ...expected } = hookRequestBody(harness.webhookUrl, ['issues']);
		expect(patched).toEqual(expected);
		expect(harness.staticData.secret).toBe((patched.config as IDataObject).secret);
		expect(harness.staticData.hooks).toEqual([{ level: 'repository', owner: 'octo', repository: 'hello', events: ['issues'], id: 9 }]);
	});

	it('reports other 422 answers with GitHub’s own message', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
		nock(API)
			.post('/repos/octo/hello/hooks')
			.reply(422, { message: 'Validation Failed', errors: [{ resource: 'Hook', code: 'invalid', field: 'events' }] });
		const error = await failureOf(harness.create());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('GitHub answered 422: Validation Failed (Hook events invalid)');
		expect(harness.staticData.hooks).toEqual([]);
	});

	it.each([
		[403, 'Resource not accessible by personal access token'],
		[404, 'Not Found'],
	])('explains the permission needed when a repository answers %i', async (status, message) => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
		nock(API).post('/repos/octo/hello/hooks').reply(status, { message });
		const error = (await failureOf(harness.create())) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(`GitHub refused to create the webhook on repository octo/hello (${status}: ${message})`);
		expect(error.description).toContain('admin:repo_hook');
		expect(error.description).toContain('"Webhooks: Read and write"');
		expect(JSON.stringify(error)).not.toContain(TOKEN);
	});

	it('explains organization owner rights and admin:org_hook when an organization answers 403 or 404', async () => {
		const harness = webhookTrigger({ triggers: ['newRepository'] });
		nock(API).post('/orgs/octo/hooks').reply(404, { message: 'Not Found' });
		const error = (await failureOf(harness.create())) as NodeOperationError;
		expect(error.message).toBe('GitHub refused to create the webhook on organization octo (404: Not Found)');
		expect(error.description).toContain('admin:org_hook');
		expect(error.description).toContain('owner of the organization');
		expect(error.description).toContain('GitHub Toolkit Poll Trigger');
	});

	it('a refusal for lack of admin rights says which chosen events the Poll Trigger offers and which not', async () => {
		const harness = webhookTrigger({ triggers: ['newStar', 'newCollaborator', 'workflowRunCompleted'], repositories: 'private' });
		nock(API).post('/repos/octo/private/hooks').reply(404, { message: 'Not Found' });
		const error = (await failureOf(harness.create())) as NodeOperationError;
		expect(error.description).toContain(
			'Without admin rights, the GitHub Toolkit Poll Trigger with "Trigger On" set to "Repository Events" watches repository octo/private with read access only, for New Star, Workflow Run Completed (not for New Collaborator).',
		);
	});

	it('removes the hooks it made when a later repository fails, so a failed activation leaves nothing', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello, private' });
		const scope = nock(API)
			.post('/repos/octo/hello/hooks')
			.reply(201, { id: 1 })
			.post('/repos/octo/private/hooks')
			.reply(403, { message: 'Must have admin rights to Repository.' })
			.delete('/repos/octo/hello/hooks/1')
			.reply(204);
		const error = await failureOf(harness.create());
		expect(error.message).toBe('GitHub refused to create the webhook on repository octo/private (403: Must have admin rights to Repository.)');
		expect((error as NodeOperationError).description).toContain(
			'Without admin rights, the GitHub Toolkit Poll Trigger with "Trigger On" set to "Repository Events" watches repository octo/private with read access only, for New Issue.',
		);
		expect(scope.isDone()).toBe(true);
		expect(harness.staticData).toEqual({ hooks: [] });
	});

	it('asks for the account login once at activation when New Mention is chosen', async () => {
		const harness = webhookTrigger({ triggers: ['newMention'], repositories: 'hello' });
		const scope = nock(API)
			.get('/user')
			.reply(200, { login: 'octocat' })
			.post('/repos/octo/hello/hooks', (body: IDataObject) =>
				JSON.stringify(body.events) ===
				JSON.stringify(['commit_comment', 'discussion', 'discussion_comment', 'issue_comment', 'issues', 'pull_request', 'pull_request_review', 'pull_request_review_comment']),
			)
			.reply(201, { id: 4 });
		await harness.create();
		expect(scope.isDone()).toBe(true);
		expect(harness.staticData.login).toBe('octocat');
	});

	it('refuses to register without triggers or repositories, naming the parameter', async () => {
		await expect(webhookTrigger({ triggers: [], repositories: 'hello' }).create()).rejects.toThrow('No trigger chosen in "Triggers"');
		await expect(webhookTrigger({ triggers: ['newIssue'], repositories: ' , ' }).create()).rejects.toThrow(
			'The "Repository Names or IDs" parameter is empty',
		);
	});

	describe('checkExists', () => {
		function registered() {
			const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
			Object.assign(harness.staticData, {
				secret: 'f'.repeat(64),
				hooks: [{ level: 'repository', owner: 'octo', repository: 'hello', events: ['issues'], id: 42 }],
			});
			return harness;
		}

		it('is true when the registered hook still exists, points here, is active and has the events', async () => {
			const harness = registered();
			const scope = nock(API)
				.get('/repos/octo/hello/hooks/42')
				.reply(200, { id: 42, active: true, events: ['issues'], config: { url: harness.webhookUrl } });
			await expect(harness.checkExists()).resolves.toBe(true);
			expect(scope.isDone()).toBe(true);
		});

		it.each([
			['was deleted at GitHub', 404, { message: 'Not Found' }],
			['points elsewhere', 200, { id: 42, active: true, events: ['issues'], config: { url: 'https://other.example/x' } }],
			['was deactivated', 200, { id: 42, active: false, events: ['issues'], config: {} }],
			['lost an event', 200, { id: 42, active: true, events: ['push'], config: {} }],
		])('is false when the hook %s', async (_name, status, body) => {
			const harness = registered();
			const reply = { ...(body as IDataObject) };
			if (reply.config && !(reply.config as IDataObject).url) reply.config = { url: harness.webhookUrl };
			nock(API).get('/repos/octo/hello/hooks/42').reply(status, reply);
			await expect(harness.checkExists()).resolves.toBe(false);
		});

		it('is false without asking GitHub when nothing is registered or the chosen repositories changed', async () => {
			await expect(webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' }).checkExists()).resolves.toBe(false);
			const harness = registered();
			harness.node.parameters.repositories = 'hello, docs';
			await expect(harness.checkExists()).resolves.toBe(false);
			harness.node.parameters.repositories = 'hello';
			harness.node.parameters.triggers = ['newIssue', 'newFork'];
			await expect(harness.checkExists()).resolves.toBe(false);
		});
	});

	describe('delete', () => {
		it('deletes every registered hook and forgets the secret; 404 means already gone (hooks saved with their level as `scope`, as older versions did)', async () => {
			const harness = webhookTrigger({ triggers: ['newIssue', 'newRepository'], repositories: 'hello' });
			Object.assign(harness.staticData, {
				secret: 'f'.repeat(64),
				hooks: [
					{ scope: 'repository', owner: 'octo', repository: 'hello', events: ['issues'], id: 1 },
					{ scope: 'organization', owner: 'octo', events: ['repository'], id: 2 },
				],
			});
			const scope = nock(API).delete('/repos/octo/hello/hooks/1').reply(204).delete('/orgs/octo/hooks/2').reply(404, { message: 'Not Found' });
			await expect(harness.delete()).resolves.toBe(true);
			expect(scope.isDone()).toBe(true);
			expect(harness.staticData).toEqual({ hooks: [] });
		});

		it('keeps a hook GitHub refuses to delete and reports the refusal', async () => {
			const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello, docs' });
			const hooks = [
				{ level: 'repository', owner: 'octo', repository: 'hello', events: ['issues'], id: 1 },
				{ level: 'repository', owner: 'octo', repository: 'docs', events: ['issues'], id: 2 },
			];
			Object.assign(harness.staticData, { secret: 'f'.repeat(64), hooks });
			nock(API).delete('/repos/octo/hello/hooks/1').reply(403, { message: 'Must have admin rights to Repository.' }).delete('/repos/octo/docs/hooks/2').reply(204);
			await expect(harness.delete()).rejects.toThrow('GitHub answered 403: Must have admin rights to Repository.');
			expect(harness.staticData.hooks).toEqual([hooks[0]]);
		});
	});
});

describe('GitHub Trigger: hook lifecycle against a stateful fake GitHub on 127.0.0.1', () => {
	const github = new FakeGitHub();
	let store: HookStore;

	beforeAll(async () => {
		await github.start();
		github.tokens.add(TOKEN);
	});
	afterAll(async () => await github.stop());
	beforeEach(() => {
		resetGitHubRateLimitState();
		forgetDeliveriesInMemory();
		store = new HookStore(['octo/hello', 'octo/docs'], ['octo']).install(github);
	});

	it('leaves exactly the wanted hooks while active and none after, over ten activations', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue', 'newRepository'], repositories: 'hello, docs' }, github.apiUrl);
		for (let round = 1; round <= 10; round++) {
			await harness.activate();
			expect(store.hooks.map((hook) => [hook.owner, hook.repo ?? null, hook.events, hook.config.url])).toEqual([
				['octo', 'hello', ['issues'], harness.webhookUrl],
				['octo', 'docs', ['issues'], harness.webhookUrl],
				['octo', null, ['repository'], harness.webhookUrl],
			]);
			expect(store.hooks.every((hook) => hook.config.secret === harness.staticData.secret)).toBe(true);
			// n8n may check again while active: nothing changes.
			await expect(harness.checkExists()).resolves.toBe(true);
			await harness.delete();
			expect(store.hooks).toEqual([]);
		}
	});

	it('takes over hooks left behind when the static data was lost, without duplicating them', async () => {
		const first = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' }, github.apiUrl);
		await first.activate();
		const oldSecret = store.hooks[0].config.secret;
		const fresh = webhookTrigger({ triggers: ['newIssue', 'newFork'], repositories: 'hello' }, github.apiUrl);
		await fresh.activate();
		expect(store.hooks).toHaveLength(1);
		expect(store.hooks[0].events).toEqual(['fork', 'issues']);
		expect(store.hooks[0].config.secret).toBe(fresh.staticData.secret);
		expect(store.hooks[0].config.secret).not.toBe(oldSecret);
		await fresh.delete();
		expect(store.hooks).toEqual([]);
	});

	it('re-creates a hook deleted by hand at GitHub on the next activation', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' }, github.apiUrl);
		await harness.activate();
		store.hooks.splice(0);
		await expect(harness.checkExists()).resolves.toBe(false);
		await harness.activate();
		expect(store.hooks).toHaveLength(1);
	});

	it('accepts deliveries signed with the secret GitHub was given, and not with an older one', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' }, github.apiUrl);
		await harness.activate();
		const givenToGitHub = store.hooks[0].config.secret!;
		const payload = { action: 'opened', issue: { number: 1 }, repository: { name: 'hello' } };
		const accepted = await harness.deliver(signedDelivery('issues', payload, givenToGitHub));
		expect(accepted.result.workflowData?.[0]).toHaveLength(1);
		await harness.delete();
		await harness.activate();
		const stale = await harness.deliver(signedDelivery('issues', payload, givenToGitHub));
		expect(stale.response.statusCode).toBe(401);
		await harness.delete();
	});
});
