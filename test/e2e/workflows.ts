import { createHmac, randomUUID } from 'crypto';

import type { FakeReply } from '../fakes/server';
import type { SimulatedAnswer } from '../fakes/simulatedRepository';
import { PACKAGE, waitFor } from './n8n';
import { WEBHOOK_TRIGGER_DEFAULT_VERSION } from '../../nodes/shared/webhookTriggerVersions';

/**
 * The nodes the real-n8n tests (e2e and queue mode) build their GitHub workflows from, and what
 * they send those workflows: each is written once, the tests set only what they vary. Chain the
 * nodes with chainWorkflow (./n8n).
 */

export type NodeCredentials = Record<string, { id: string; name: string }>;

type Node = Record<string, unknown>;

const OCTO = { __rl: true, mode: 'name', value: 'octo' };

/** octo/hello as the GitHub node's Repository Owner and Repository, picked from the lists. */
export const OCTO_HELLO = { owner: { __rl: true, mode: 'list', value: 'octo' }, repository: { __rl: true, mode: 'list', value: 'hello' } };

/**
 * One GitHub Toolkit node of a chain, run once whatever the previous node emitted. Its output is
 * GitHub's raw objects, which these tests compare (simplified output has its own tests).
 */
export function gitHubNode(credentials: Record<string, unknown>, name: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}): Node {
	return { name, type: `${PACKAGE}.gitHub`, parameters: { simplify: false, ...parameters }, credentials, executeOnce: true, ...extra };
}

/**
 * GitHub Toolkit Trigger on octo/hello with the given trigger choice (triggers, and for Any Event its
 * events and actions), of the version new nodes get unless `typeVersion` says otherwise.
 */
export function gitHubTriggerNode(
	webhookId: string,
	credentials: NodeCredentials,
	choice: Record<string, unknown>,
	authentication = 'accessToken',
	typeVersion = WEBHOOK_TRIGGER_DEFAULT_VERSION,
): Node {
	return {
		id: 'trigger',
		name: 'GitHub Trigger',
		type: `${PACKAGE}.gitHubTrigger`,
		typeVersion,
		webhookId,
		parameters: { authentication, ...choice, owner: OCTO, listenOn: 'repositories', repositories: 'hello' },
		credentials,
	};
}

/**
 * Three poll times a minute (seconds 0, 20 and 40). n8n refuses a single poll time under a minute
 * but takes several; a poll every 20 s keeps the suites that wait for polls a third as long.
 */
export const E2E_POLL_TIMES = { item: [0, 20, 40].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };

/** GitHub Toolkit Poll Trigger on the owner "octo", polling at E2E_POLL_TIMES: the repository events, in the chosen repositories or all of octo's (`watched`). */
export function pollTriggerNode(credentials: NodeCredentials, events: string[], watched: { repositories: string[] } | { watch: 'allOfOwner' }): Node {
	return {
		id: 'trigger',
		name: 'Poll Trigger',
		type: `${PACKAGE}.gitHubPollTrigger`,
		parameters: { authentication: 'accessToken', pollTimes: E2E_POLL_TIMES, trigger: 'repositoryEvents', events, owner: OCTO, ...watched },
		credentials,
	};
}

/** GitHub API Call node "Comment": POST `endpoint` with `body` (both may be expressions); the comment the fake receives shows the run happened. */
export function commentNode(credentials: NodeCredentials, endpoint: string, body: string, authentication = 'accessToken'): Node {
	return {
		id: 'comment',
		name: 'Comment',
		type: `${PACKAGE}.githubApiCall`,
		parameters: { authentication, method: 'POST', endpoint, body },
		credentials,
	};
}

/** GitHub API Call node "Dispatch": a repository dispatch to `repository` ("owner/name") with `body` (an expression); each dispatch the fake receives is one execution. */
export function dispatchNode(credentials: NodeCredentials, repository: string, body: string): Node {
	return {
		id: 'dispatch',
		name: 'Dispatch',
		type: `${PACKAGE}.githubApiCall`,
		parameters: { authentication: 'accessToken', method: 'POST', endpoint: `/repos/${repository}/dispatches`, body },
		credentials,
	};
}

/** The body of GitHub's "issues" delivery for issue `number` opened on octo/hello. */
export const issueOpened = (number: number) =>
	JSON.stringify({ action: 'opened', issue: { number, title: `Issue ${number}` }, repository: { name: 'hello', full_name: 'octo/hello' } });

/** GitHub's X-Hub-Signature-256 of a delivery body. */
export const gitHubSignature = (secret: string, body: string) => 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

/**
 * Waits until n8n answers a signed ping on each hook with 200 (a ping starts no run). n8n listens
 * on a published workflow's webhook URL a moment after the hook is created (404 until then), and
 * keeps the trigger's static data, where the hook's secret lives, in memory until the whole
 * workflow is active; deliveries read it from the database, so for a moment they get 401.
 */
export async function untilHooksVerify(hooks: Array<{ id: number; config: { url: string; secret?: string } }>, timeoutMs = 60_000): Promise<void> {
	for (const hook of hooks) {
		const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: hook.id });
		let last = '';
		await waitFor(async () => {
			const response = await fetch(hook.config.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-github-delivery': randomUUID(), 'x-github-hook-id': String(hook.id), 'x-hub-signature-256': gitHubSignature(hook.config.secret ?? '', body) },
				body,
			}).catch(() => undefined);
			// A first ping verified against the secret being registered says so: other events still wait for the save.
			const text = response ? await response.text() : '';
			last = `${response?.status ?? 'no answer'} ${text.slice(0, 200)}`;
			return response?.status === 200 && !text.includes('still being saved') ? true : undefined;
		}, timeoutMs, () => `the last ping to ${hook.config.url} was answered ${last}`);
	}
}

/** A simulated repository's or owner's answer as the fake GitHub's reply; no answer is GitHub's 404. */
export const replyWith = (answer: SimulatedAnswer | undefined): FakeReply =>
	answer ? { status: answer.status, body: answer.body, headers: answer.headers } : { status: 404, body: { message: 'Not Found' } };

/** Moves a simulated GitHub's clock up to the real one (n8n polls on real minutes), plus `aheadMs`. */
export function followRealClock(simulated: { clock: number }, aheadMs = 0): void {
	simulated.clock = Math.max(simulated.clock, Math.floor(Date.now() / 1000) * 1000) + aheadMs;
}
