import type { IDataObject, IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError, toNodeError } from '../../shared/errors';
import { pathSegment } from '../../../credentials/requestGuard';
import { TRELLO_ID } from '../scope/addresses';
import type { TrelloAuthentication } from '../transport';
import { TrelloClient } from '../transport';
import { eventType } from './events';
import { modelType } from './models';
import type { TriggerPlan } from './parameters';
import { assertPlanCanFire, readPlan } from './parameters';
import { applicationSecretOf } from './signature';

/** Trello's record of a webhook. */
interface TrelloWebhook extends IDataObject {
	id: string;
	idModel: string;
	callbackURL: string;
	active?: boolean;
	description?: string;
}

/** What the node keeps in the workflow's static data between activation and deactivation. */
export interface StoredWebhooks {
	callbackUrl: string;
	/** The models exactly as the user gave them, to notice a changed configuration. */
	refs: string[];
	models: Array<{ idModel: string; webhookId: string; name: string | null }>;
}

const STATIC_KEY = 'trelloWebhooks';

export function storedWebhooks(staticData: IDataObject): StoredWebhooks | undefined {
	return staticData[STATIC_KEY] as unknown as StoredWebhooks | undefined;
}

function store(staticData: IDataObject, value: StoredWebhooks | undefined): void {
	if (value) staticData[STATIC_KEY] = value as unknown as IDataObject;
	else delete staticData[STATIC_KEY];
}

function authenticationOf(ctx: IHookFunctions): TrelloAuthentication {
	return ctx.getNodeParameter('authentication', 'keyToken') as TrelloAuthentication;
}

function statusOf(error: unknown): number | undefined {
	if (error instanceof NodeApiError && error.httpCode) return Number(error.httpCode);
	return undefined;
}

/** Errors from the transport are already n8n errors with secrets removed; anything else is wrapped. */
function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	return toNodeError(node, 'Trello', error, []);
}

/** Keeps Trello's answer (already redacted by the transport) and says what it means for the trigger. */
function explain(error: unknown, message: string, advice: string): Error {
	if (error instanceof NodeApiError) {
		const original = error.message;
		error.message = message;
		error.description = [advice, `Trello said: ${original}`].join(' ');
	}
	return error as Error;
}

const REAUTHENTICATE =
	'Open the Trello credential and reconnect it (OAuth) or paste a fresh token (API key and token), then activate the workflow again.';

/** Statuses of a failed request that mean something specific here, and what to tell the user then. */
interface Advice {
	statuses: number[];
	message: string;
	advice: string;
}

const STALE_CREDENTIAL: Advice = {
	statuses: [401],
	message: 'The Trello credential is no longer valid: re-authenticate',
	advice: REAUTHENTICATE,
};

/** Runs a request; a failure with one of the advised statuses is explained, any other becomes n8n's error. */
async function withAdvice<T>(node: INode, advice: Advice, send: () => Promise<T>): Promise<T> {
	try {
		return await send();
	} catch (error) {
		const status = statusOf(error);
		if (status !== undefined && advice.statuses.includes(status)) throw explain(error, advice.message, advice.advice);
		throw asNodeError(node, error);
	}
}

/** Verification needs the application secret; say where to find it rather than fail at the first delivery. */
async function assertSecretAvailable(ctx: IHookFunctions, plan: TriggerPlan, client: TrelloClient): Promise<void> {
	if (!plan.verifySignature) return;
	const secret = applicationSecretOf(authenticationOf(ctx), await client.credentials());
	if (secret) return;
	const field = authenticationOf(ctx) === 'oAuth1' ? 'Consumer Secret' : 'Application Secret';
	throw new NodeOperationError(ctx.getNode(), 'No application secret to verify Trello’s webhook signatures', {
		description: `Every delivery is checked against its X-Trello-Webhook signature, which Trello computes with your application's secret. Copy the secret shown beside the API key on Trello's Power-Up admin page (https://trello.com/power-ups/admin → your Power-Up → API key) into the credential's "${field}" field. To accept unsigned deliveries instead, turn off "Verify Signatures" on this node.`,
	});
}

/**
 * The webhooks registered at `callbackUrl`. Trello lists webhooks per token; asking for the member's
 * tokens with their webhooks keeps the token out of the URL (it only travels in the Authorization header).
 */
async function webhooksAt(node: INode, client: TrelloClient, callbackUrl: string): Promise<TrelloWebhook[]> {
	const tokens =
		(await withAdvice(node, STALE_CREDENTIAL, async () =>
			await client.request<Array<{ webhooks?: TrelloWebhook[] }>>({
				method: 'GET',
				path: '/1/members/me/tokens',
				qs: { webhooks: true },
			}),
		)) ?? [];
	const odd = () =>
		asNodeError(node, new ServiceAnswerError('Trello answered /1/members/me/tokens with something other than a list of tokens', 'Check the API Base URL of the credential.'));
	if (!Array.isArray(tokens)) throw odd();
	const webhooks: TrelloWebhook[] = [];
	for (const token of tokens) {
		if (!token || typeof token !== 'object') throw odd();
		const own = token.webhooks ?? [];
		if (!Array.isArray(own)) throw odd();
		webhooks.push(...own.filter((webhook) => webhook && typeof webhook === 'object'));
	}
	return webhooks.filter((webhook) => webhook.callbackURL === callbackUrl);
}

/** The id of a board, list, card or member as Trello answered it; an answer without one is refused, never sent on as "undefined". */
function idOf(node: INode, answer: unknown, what: string): string {
	const id = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject).id : undefined;
	if (typeof id === 'string' && TRELLO_ID.test(id)) return id;
	throw asNodeError(node, new ServiceAnswerError(`Trello answered ${what} without an id`, 'Check the API Base URL of the credential and the id or short link given.'));
}

async function currentMember(node: INode, client: TrelloClient): Promise<IDataObject> {
	return await withAdvice(node, STALE_CREDENTIAL, async () =>
		await client.request<IDataObject>({ method: 'GET', path: '/1/members/me', qs: { fields: 'id,username,fullName' } }),
	);
}

/** Resolves each watched model to its id, telling apart "cannot see it" from other failures. */
async function resolveModel(node: INode, client: TrelloClient, plan: TriggerPlan, ref: string): Promise<IDataObject> {
	const model = modelType(plan.model)!;
	const advice: Advice = {
		statuses: [400, 401, 403, 404],
		message: `The connected Trello account cannot see the ${model.one} "${ref}"`,
		advice: `Check the ${model.one} id (or short link, or address) and that the connected account can open it: triggers can only watch what the account sees.`,
	};
	return await withAdvice(node, advice, async () =>
		await client.request<IDataObject>({ method: 'GET', path: `${model.path}${pathSegment(ref)}`, qs: { fields: model.fields } }),
	);
}

/** List and card filters that name nothing on the watched boards can never match. */
async function assertFiltersExist(ctx: IHookFunctions, client: TrelloClient, plan: TriggerPlan, boardIds: string[]) {
	if (plan.model !== 'board') return;
	const onBoards = (kind: 'list' | 'card') => plan.filters.filter(({ filter }) => filter.onWatchedBoards === kind);
	const wantedLists = onBoards('list').flatMap(({ filter, values }) => values.map((id) => ({ id, filter })));
	if (wantedLists.length) {
		const known = new Set<string>();
		for (const boardId of boardIds) {
			const boardLists = await client.request<IDataObject[]>({
				method: 'GET',
				path: `/1/boards/${pathSegment(boardId)}/lists`,
				qs: { filter: 'all', fields: 'id,name' },
			});
			for (const list of boardLists ?? []) known.add(String(list.id));
		}
		const missing = wantedLists.find((wanted) => !known.has(wanted.id));
		if (missing) {
			const what = missing.filter.event ? eventType(missing.filter.event)!.name : 'no event';
			throw new NodeOperationError(
				ctx.getNode(),
				`The list "${missing.id}" in "${missing.filter.label}" is not on the watched boards, so ${what} can ever match it`,
				{ description: 'Use the id of a list on one of the chosen boards (open a card of that list and append .json to its address to see idList).' },
			);
		}
	}
	for (const { filter, values } of onBoards('card')) {
		for (const cardRef of values) {
			const unseen: Advice = {
				statuses: [400, 401, 404],
				message: `The connected Trello account cannot see the card "${cardRef}" named in "${filter.label}"`,
				advice: 'Check the card id or short link.',
			};
			const card = await withAdvice(ctx.getNode(), unseen, async () =>
				await client.request<IDataObject>({
					method: 'GET',
					path: `/1/cards/${pathSegment(cardRef)}`,
					qs: { fields: 'id,idBoard,shortLink' },
				}),
			);
			if (!boardIds.includes(String(card.idBoard))) {
				throw new NodeOperationError(ctx.getNode(), `The card "${cardRef}" in "${filter.label}" is not on the watched boards, so no event can ever match it`, {
					description: 'Choose cards of the watched boards, or add the card’s board to "Boards".',
				});
			}
		}
	}
}

function sameRefs(a: string[], b: string[]): boolean {
	return a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');
}

/** The node's plan, refused early when it can never fire or cannot verify signatures; the client and callback URL. */
async function checkedSetup(ctx: IHookFunctions) {
	const plan = readPlan(ctx);
	assertPlanCanFire(ctx.getNode(), plan);
	const client = new TrelloClient(ctx);
	await assertSecretAvailable(ctx, plan, client);
	return { plan, client, callbackUrl: ctx.getNodeWebhookUrl('default')! };
}

/** checkExists: every watched model has an active webhook of ours at this callback URL. */
export async function webhooksExist(ctx: IHookFunctions): Promise<boolean> {
	const { plan, client, callbackUrl } = await checkedSetup(ctx);
	const stored = storedWebhooks(ctx.getWorkflowStaticData('node'));
	if (!stored || stored.callbackUrl !== callbackUrl || !sameRefs(stored.refs, plan.modelRefs) || !stored.models.length) {
		return false;
	}
	const registered = await webhooksAt(ctx.getNode(), client, callbackUrl);
	return stored.models.every((model) =>
		registered.some((webhook) => webhook.id === model.webhookId && webhook.idModel === model.idModel && webhook.active !== false),
	);
}

function explainCreateFailure(node: INode, error: unknown, callbackUrl: string): Error {
	const text = error instanceof Error ? `${error.message} ${(error as NodeApiError).description ?? ''}` : '';
	if (statusOf(error) === 400 && /did not return 200|status code|callback/i.test(text)) {
		return explain(
			error,
			'Trello could not validate the webhook address',
			`Before accepting a webhook Trello sends a HEAD request to ${callbackUrl} and needs a 200 answer. Make sure n8n is reachable at that address from the internet (set WEBHOOK_URL to n8n's public address).`,
		);
	}
	if (statusOf(error) === 401) {
		return explain(error, 'Trello refused to create the webhook: re-authenticate', REAUTHENTICATE);
	}
	return asNodeError(node, error);
}

/** create: a webhook per watched model; reuses ours, reactivates those Trello switched off, removes strays. */
export async function createWebhooks(ctx: IHookFunctions): Promise<boolean> {
	const { plan, client, callbackUrl } = await checkedSetup(ctx);
	const staticData = ctx.getWorkflowStaticData('node');

	const member = await currentMember(ctx.getNode(), client);
	const models: Array<{ id: string; name: string | null }> = [];
	const nameOf = (answer: IDataObject) => {
		const name = modelType(plan.model)!.nameOf(answer);
		return typeof name === 'string' ? name : null;
	};
	if (plan.model === 'member' && !plan.modelRefs.length) {
		models.push({ id: idOf(ctx.getNode(), member, '/1/members/me'), name: nameOf(member) });
	} else {
		for (const ref of plan.modelRefs) {
			const model = await resolveModel(ctx.getNode(), client, plan, ref);
			const id = idOf(ctx.getNode(), model, `the ${modelType(plan.model)!.one} "${ref}"`);
			if (!models.some((known) => known.id === id)) models.push({ id, name: nameOf(model) });
		}
	}
	await assertFiltersExist(
		ctx,
		client,
		plan,
		models.map((model) => model.id),
	);

	const registered = await webhooksAt(ctx.getNode(), client, callbackUrl);
	const description = `n8n ${plan.trigger.name} (workflow ${ctx.getWorkflow().id ?? ''})`.trim();
	const result: StoredWebhooks = { callbackUrl, refs: plan.modelRefs, models: [] };
	for (const model of models) {
		const existing = registered.find((webhook) => webhook.idModel === model.id);
		let webhookId: string;
		try {
			if (existing && existing.active !== false) {
				webhookId = existing.id;
			} else if (existing) {
				// Trello switches a webhook off after repeated failed deliveries; switching it back on keeps its id.
				await client.request({ method: 'PUT', path: `/1/webhooks/${pathSegment(existing.id)}`, qs: { active: true } });
				webhookId = existing.id;
			} else {
				const created = await client.request<TrelloWebhook>({
					method: 'POST',
					path: '/1/webhooks',
					qs: { callbackURL: callbackUrl, idModel: model.id, description },
				});
				webhookId = created.id;
			}
		} catch (error) {
			store(staticData, result.models.length ? result : undefined);
			throw explainCreateFailure(ctx.getNode(), error, callbackUrl);
		}
		result.models.push({ idModel: model.id, webhookId, name: model.name });
		// Saved as we go so a failure part-way still lets deactivation remove what was created.
		store(staticData, result);
	}
	for (const stray of registered.filter((webhook) => !models.some((model) => model.id === webhook.idModel))) {
		await client.request({ method: 'DELETE', path: `/1/webhooks/${pathSegment(stray.id)}`, acceptStatus: [404] });
	}
	return true;
}

/** delete: removes this trigger's webhooks; one Trello already removed counts as deleted. */
export async function deleteWebhooks(ctx: IHookFunctions): Promise<boolean> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = storedWebhooks(staticData);
	const client = new TrelloClient(ctx);
	let ids = stored?.models.map((model) => model.webhookId) ?? [];
	if (!ids.length) {
		const callbackUrl = ctx.getNodeWebhookUrl('default')!;
		ids = (await webhooksAt(ctx.getNode(), client, callbackUrl)).map((webhook) => webhook.id);
	}
	for (const id of ids) {
		await client.request({ method: 'DELETE', path: `/1/webhooks/${pathSegment(id)}`, acceptStatus: [404] });
	}
	store(staticData, undefined);
	return true;
}
