import { createHmac, randomUUID } from 'crypto';

import { waitFor } from '../e2e/n8n';
import type { HookStore } from '../githubTriggers/hookStore';
import type { Template, TemplateNode } from './load';
import { isResourceLocator, resourceLocators } from './load';

type Json = Record<string, unknown>;

export type CredentialReference = Record<string, { id: string; name: string }>;

/**
 * What a user does after importing a template: pick a credential for every node that needs one
 * (`credentialsFor` answers per node; undefined = none) and fill in each empty picker.
 * Fails on a picker the test does not know how to fill.
 */
export function chooseInEditor(
	template: Template,
	id: string,
	picks: Record<string, Record<string, unknown>>,
	credentialsFor: (node: TemplateNode) => CredentialReference | undefined,
): Json {
	const nodes = template.nodes.map((node) => {
		const credentials = credentialsFor(node);
		if (!credentials) return node;
		const parameters = structuredClone(node.parameters);
		for (const [name, value] of Object.entries(picks[node.name] ?? {})) {
			const current = parameters[name];
			parameters[name] = isResourceLocator(current) ? { ...current, value } : value;
		}
		const empty = resourceLocators(parameters).filter(({ locator }) => locator.value === '');
		if (empty.length) throw new Error(`${id}: "${node.name}" still has empty pickers: ${empty.map((e) => e.path).join(', ')}`);
		return { ...node, parameters, credentials };
	});
	return { ...template, id, nodes, active: false };
}

/**
 * GitHub's fan-out: the event goes to every hook subscribed to it, each signed with its own secret.
 * Returns how many hooks it went to.
 */
export async function deliverGitHub(hooks: HookStore, event: string, payload: Json): Promise<number> {
	const body = JSON.stringify(payload);
	const targets = hooks.hooks.filter((hook) => hook.events.includes(event));
	for (const hook of targets) {
		const signature = 'sha256=' + createHmac('sha256', hook.config.secret!).update(body).digest('hex');
		const response = await fetch(hook.config.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': randomUUID(), 'x-github-hook-id': String(hook.id), 'x-hub-signature-256': signature },
			body,
		});
		if (response.status !== 200) throw new Error(`n8n answered ${response.status} to the ${event} delivery for hook ${hook.id}`);
	}
	return targets.length;
}

/** Waits until `count()` (requests the fakes received) has not changed for `quietMs`: every run has ended. */
export async function settled(count: () => number, quietMs = 2500, timeoutMs = 60_000): Promise<void> {
	let last = -1;
	let since = Date.now();
	await waitFor(() => {
		const now = count();
		if (now !== last) {
			last = now;
			since = Date.now();
			return undefined;
		}
		return Date.now() - since >= quietMs ? true : undefined;
	}, timeoutMs);
}

/**
 * Waits until n8n answers each hook's URL: it registers a published workflow's webhooks a moment
 * after the hooks are created, and answers 404 until then. Sends GitHub's signed ping, which the
 * trigger answers without starting a run.
 */
export async function untilHooksAnswer(hooks: HookStore, timeoutMs = 60_000): Promise<void> {
	for (const hook of hooks.hooks) {
		const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: hook.id });
		const signature = 'sha256=' + createHmac('sha256', hook.config.secret!).update(body).digest('hex');
		await waitFor(async () => {
			const response = await fetch(hook.config.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-github-delivery': randomUUID(), 'x-github-hook-id': String(hook.id), 'x-hub-signature-256': signature },
				body,
			}).catch(() => undefined);
			return response?.status === 200 ? true : undefined;
		}, timeoutMs);
	}
}
