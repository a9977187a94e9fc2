import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ReceivedIds } from '../../shared/dedupe';
import { serviceMessage } from '../../../credentials/signInErrors';
import { apiErrorFromResponse, toNodeError } from '../../shared/errors';
import { pathSegment } from '../../../credentials/requestGuard';
import type { ApiResponse } from '../../shared/apiClient';
import type { GitHubClient } from '../transport';
import { newHookSecret } from './signature';
import { holdForFirstPing, releaseFirstPing } from './firstPing';
import { POLLED_REPOSITORY_TRIGGERS, triggersByValue } from './events';

export interface HookTarget {
	/** Where the hook lives: on one repository, or on the organization. */
	level: 'repository' | 'organization';
	owner: string;
	/** Set for repository hooks. */
	repository?: string;
	events: string[];
}

interface RegisteredHook extends HookTarget {
	id: number;
}

/** What the webhook node keeps in its static data. */
export interface WebhookState extends IDataObject {
	secret?: string;
	hooks?: RegisteredHook[];
	/** Login of the connected account, for New Mention. */
	login?: string;
	/** Delivery ids already received (triggers/deliveries.ts). */
	receivedDeliveries?: ReceivedIds;
}

function hooksPath(target: Pick<HookTarget, 'level' | 'owner' | 'repository'>): string {
	return target.level === 'repository'
		? `/repos/${pathSegment(target.owner)}/${pathSegment(target.repository ?? '')}/hooks`
		: `/orgs/${pathSegment(target.owner)}/hooks`;
}

function label(target: Pick<HookTarget, 'level' | 'owner' | 'repository'>): string {
	return target.level === 'repository' ? `repository ${target.owner}/${target.repository}` : `organization ${target.owner}`;
}

/**
 * The registered hooks in the static data. Records saved before the hook's level had its own name
 * carry it as `scope`; they are read the same way, so an active workflow's hooks are still found.
 */
function storedHooks(state: WebhookState): RegisteredHook[] {
	return (state.hooks ?? []).map((hook) => {
		const { scope, ...rest } = hook as RegisteredHook & { scope?: HookTarget['level'] };
		return rest.level ? rest : { ...rest, level: scope ?? 'repository' };
	});
}

function sameTarget(a: HookTarget, b: HookTarget): boolean {
	return (
		a.level === b.level &&
		a.owner.toLowerCase() === b.owner.toLowerCase() &&
		(a.repository ?? '').toLowerCase() === (b.repository ?? '').toLowerCase() &&
		a.events.join(',') === b.events.join(',')
	);
}

function hookBody(url: string, events: string[], secret: string): IDataObject {
	return {
		name: 'web',
		active: true,
		events,
		config: { url, content_type: 'json', secret, insecure_ssl: '0' },
	};
}

function permissionError(ctx: IHookFunctions, target: HookTarget, response: ApiResponse): NodeOperationError {
	const { message } = serviceMessage(response.body);
	const needs =
		target.level === 'repository'
			? 'a classic token or OAuth app needs the admin:repo_hook scope (or repo) and admin rights on the repository; a fine-grained token needs the repository permission "Webhooks: Read and write"'
			: 'a classic token or OAuth app needs the admin:org_hook scope and the account must be an owner of the organization; a fine-grained token needs the organization permission "Webhooks: Read and write"';
	const notFoundHint =
		response.statusCode === 404
			? target.level === 'organization'
				? ` GitHub also answers 404 when "${target.owner}" is a user account, not an organization: organization-only triggers (New Repository, Project Item Status Changed) need an organization; for a user account's new repositories use the GitHub Toolkit Poll Trigger.`
				: ' GitHub also answers 404 when the repository does not exist or the token cannot see it: check Owner and Repositories.'
			: '';
	const pollingHint = target.level === 'repository' ? pollTriggerAdvice(ctx, target) : '';
	return new NodeOperationError(
		ctx.getNode(),
		`GitHub refused to create the webhook on ${label(target)} (${response.statusCode}${message ? `: ${message}` : ''})`,
		{ description: `Creating webhooks needs admin access: ${needs}.${notFoundHint}${pollingHint}` },
	);
}

/** Where read access is enough: the Poll Trigger's repository events among the chosen ones. */
function pollTriggerAdvice(ctx: IHookFunctions, target: HookTarget): string {
	const chosen = triggersByValue(ctx.getNodeParameter('triggers', []) as string[]);
	const polled = chosen.filter((row) => row.polledFrom).map((row) => row.name);
	const notPolled = chosen.filter((row) => !row.polledFrom).map((row) => row.name);
	const offered = POLLED_REPOSITORY_TRIGGERS.map((row) => row.name).join(', ');
	const where = `the GitHub Toolkit Poll Trigger with "Trigger On" set to "Repository Events" watches ${label(target)} with read access only`;
	if (polled.length === 0) return ` Without admin rights, ${where}, for: ${offered} (none of the chosen events).`;
	return ` Without admin rights, ${where}, for ${polled.join(', ')}${notPolled.length ? ` (not for ${notPolled.join(', ')})` : ''}.`;
}

async function findHookByUrl(client: GitHubClient, target: HookTarget, url: string): Promise<IDataObject | undefined> {
	const hooks = await client.paginate<IDataObject>({ method: 'GET', path: hooksPath(target) }, { returnAll: true });
	return hooks.find((hook) => (hook.config as IDataObject | undefined)?.url === url);
}

/** Creates the hook, or takes over one GitHub already has for this URL. Returns its id. */
async function createOrTakeOver(
	ctx: IHookFunctions,
	client: GitHubClient,
	target: HookTarget,
	url: string,
	secret: string,
): Promise<number> {
	const body = hookBody(url, target.events, secret);
	const response = await client.send<IDataObject>({
		method: 'POST',
		path: hooksPath(target),
		body,
		acceptStatus: [403, 404, 422],
	});
	if (response.statusCode === 403 || response.statusCode === 404) throw permissionError(ctx, target, response);
	if (response.statusCode === 422) {
		const text = JSON.stringify(response.body ?? '');
		const existing = /already exists/i.test(text) ? await findHookByUrl(client, target, url) : undefined;
		if (!existing) {
			// Any other validation failure is reported with GitHub's own words.
			throw apiErrorFromResponse(ctx.getNode(), 'GitHub', response, await client.secrets());
		}
		const { name: _name, ...update } = body;
		await client.request({ method: 'PATCH', path: `${hooksPath(target)}/${pathSegment(Number(existing.id))}`, body: update });
		return Number(existing.id);
	}
	return Number(response.body.id);
}

async function deleteHook(client: GitHubClient, hook: RegisteredHook): Promise<void> {
	// 404: someone removed it already, which is the state we want.
	await client.send({ method: 'DELETE', path: `${hooksPath(hook)}/${pathSegment(hook.id)}`, acceptStatus: [404] });
}

/** True when every wanted hook is registered, still exists at GitHub, points here and is active. */
export async function hooksExist(
	client: GitHubClient,
	state: WebhookState,
	targets: HookTarget[],
	url: string,
): Promise<boolean> {
	const hooks = storedHooks(state);
	if (!state.secret || hooks.length !== targets.length) return false;
	if (!targets.every((target) => hooks.some((hook) => sameTarget(hook, target)))) return false;
	for (const hook of hooks) {
		const response = await client.send<IDataObject>({
			method: 'GET',
			path: `${hooksPath(hook)}/${pathSegment(hook.id)}`,
			acceptStatus: [404],
		});
		if (response.statusCode === 404) return false;
		const config = (response.body.config ?? {}) as IDataObject;
		const events = [...((response.body.events as string[]) ?? [])].sort().join(',');
		if (config.url !== url || response.body.active === false || events !== hook.events.join(',')) return false;
	}
	return true;
}

/**
 * Registers one hook per target with a fresh secret. Hooks registered earlier for targets no
 * longer wanted are removed; if any target fails, the hooks made by this call are removed again
 * so a failed activation leaves nothing behind.
 */
export async function registerHooks(
	ctx: IHookFunctions,
	client: GitHubClient,
	state: WebhookState,
	targets: HookTarget[],
	url: string,
): Promise<void> {
	for (const old of storedHooks(state)) {
		if (!targets.some((target) => sameTarget(target, old))) await deleteHook(client, old);
	}
	const secret = newHookSecret();
	holdForFirstPing(url, secret);
	const registered: RegisteredHook[] = [];
	try {
		for (const target of targets) {
			registered.push({ ...target, id: await createOrTakeOver(ctx, client, target, url, secret) });
		}
	} catch (error) {
		for (const hook of registered) await deleteHook(client, hook).catch(() => undefined);
		releaseFirstPing(url);
		state.hooks = [];
		delete state.secret;
		throw toNodeError(ctx.getNode(), 'GitHub', error, await client.secrets());
	}
	state.secret = secret;
	state.hooks = registered;
}

/** Removes every registered hook; hooks GitHub refuses to delete stay listed for the next try. */
export async function unregisterHooks(client: GitHubClient, state: WebhookState): Promise<void> {
	const remaining: RegisteredHook[] = [];
	let firstError: unknown;
	for (const hook of storedHooks(state)) {
		try {
			await deleteHook(client, hook);
		} catch (error) {
			remaining.push(hook);
			firstError ??= error;
		}
	}
	state.hooks = remaining;
	if (remaining.length === 0) delete state.secret;
	if (firstError) throw firstError;
}
