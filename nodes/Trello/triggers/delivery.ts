import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { ReceivedIds } from '../../shared/dedupe';
import { receivedBefore } from '../../shared/dedupe';
import { pathSegment } from '../../../credentials/requestGuard';
import type { CustomFieldDefinition } from '../actions/customField/values';
import type { TrelloAuthentication } from '../transport';
import { TRELLO_CREDENTIAL_TYPES, TrelloClient } from '../transport';
import type { TrelloAction } from './payload';
import type { StoredWebhooks } from './registration';
import { storedWebhooks } from './registration';
import { actionToItem } from './normalize';
import { matchAction } from './matching';
import { deliveryPlan } from './parameters';
import { applicationSecretOf, SIGNATURE_HEADER, verifySignature } from './signature';
import { withholdTriggerItem } from '../trustedMembers';
import { withholdTriggerText } from './itemText';

function rawBodyOf(ctx: IWebhookFunctions): Buffer {
	const request = ctx.getRequestObject() as unknown as { rawBody?: Buffer; body?: unknown };
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	const body = request.body;
	return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? {}), 'utf8');
}

async function secretOf(ctx: IWebhookFunctions): Promise<string> {
	const authentication = ctx.getNodeParameter('authentication', 'keyToken') as TrelloAuthentication;
	const type = TRELLO_CREDENTIAL_TYPES[authentication] ?? TRELLO_CREDENTIAL_TYPES.keyToken;
	const credentials = await ctx.getCredentials(type);
	return applicationSecretOf(authentication, credentials);
}

function reject(ctx: IWebhookFunctions, reason: string): IWebhookResponseData {
	const response = ctx.getResponseObject();
	response.status(401).send(reason);
	return { noWebhookResponse: true };
}

/**
 * The address the webhook was registered with, which Trello signs every delivery over: the test
 * URL while the editor listens ("Test this trigger"), the production URL once published. The
 * record kept at registration names it; without one, the URL of the mode n8n delivers in.
 */
function registeredCallbackUrl(ctx: IWebhookFunctions, stored: StoredWebhooks | undefined): string {
	if (stored?.callbackUrl) return stored.callbackUrl;
	// getWebhookResourceUrl knows test from production; n8n releases before it only have production.
	const modeUrl = (ctx as Partial<Pick<IWebhookFunctions, 'getWebhookResourceUrl'>>).getWebhookResourceUrl;
	return (modeUrl ? modeUrl.call(ctx, 'default') : ctx.getNodeWebhookUrl('default')) ?? '';
}

const RECEIVED_KEY = 'receivedActions';

/**
 * Which trigger node's memory a delivery belongs to. A Trello webhook id belongs to one
 * registration of one node, and reading it from the record kept at registration is cheap; without
 * a record, the workflow and node ids (getNode() copies the whole node on every call).
 */
function memoryKeyOf(ctx: IWebhookFunctions, stored: StoredWebhooks | undefined): string {
	const webhookId = stored?.models[0]?.webhookId;
	if (webhookId) return `trello:webhook:${webhookId}`;
	return `trello:${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
}

/**
 * Trello sends a delivery again when it gets no 2xx in time; the action id identifies it
 * (nodes/shared/dedupe.ts). Only deliveries that would start an execution are recorded.
 */
function alreadyReceived(ctx: IWebhookFunctions, staticData: IDataObject, stored: StoredWebhooks | undefined, actionId: string): boolean {
	const persisted = (staticData[RECEIVED_KEY] ?? (staticData[RECEIVED_KEY] = {})) as ReceivedIds;
	return receivedBefore(persisted, memoryKeyOf(ctx, stored), actionId);
}

/**
 * A list (dropdown) custom field's options, which the action does not carry: read once so the
 * item shows the options' text. Without them (the read failed) the item shows the options' ids.
 */
async function listFieldOptions(ctx: IWebhookFunctions, action: TrelloAction): Promise<CustomFieldDefinition | undefined> {
	const field = (action.data?.customField ?? undefined) as CustomFieldDefinition | undefined;
	if (action.type !== 'updateCustomFieldItem' || !field?.id || field.type !== 'list' || field.options) return undefined;
	try {
		const definition = await new TrelloClient(ctx).request<CustomFieldDefinition>({
			method: 'GET',
			path: `/1/customFields/${pathSegment(field.id)}`,
		});
		return Array.isArray(definition?.options) ? { id: field.id, options: definition.options } : undefined;
	} catch {
		return undefined;
	}
}

/** The item cleaned as the node or the credential asks (Trusted Members, Remove Hidden Text). */
async function withheldItem(ctx: IWebhookFunctions, item: IDataObject): Promise<IDataObject> {
	const [cleaned] = await withholdTriggerText(ctx, new TrelloClient(ctx), [item], withholdTriggerItem);
	return cleaned;
}

/** Handles Trello's HEAD validation and every signed POST delivery. */
export async function handleDelivery(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	// Trello's HEAD check before it accepts a webhook: 200 is all it needs.
	if (ctx.getWebhookName() === 'setup') return { webhookResponse: 'OK' };

	const staticData = ctx.getWorkflowStaticData('node');
	const stored = storedWebhooks(staticData);
	const callbackUrl = registeredCallbackUrl(ctx, stored);
	const plan = deliveryPlan(ctx, callbackUrl);
	if (plan.verifySignature) {
		const secret = await secretOf(ctx);
		const header = ctx.getHeaderData()[SIGNATURE_HEADER] as string | undefined;
		if (!secret) return reject(ctx, 'Signature cannot be verified: no application secret configured');
		if (!verifySignature(secret, rawBodyOf(ctx), callbackUrl, header)) {
			return reject(ctx, 'Invalid or missing X-Trello-Webhook signature');
		}
	}

	const body = (ctx.getBodyData() ?? {}) as IDataObject;
	const action = body.action as TrelloAction | undefined;
	const model = body.model as IDataObject | undefined;
	const webhook = body.webhook as IDataObject | undefined;
	if (!action || typeof action !== 'object') return { webhookResponse: 'OK' };

	// A webhook left over from an earlier configuration may still deliver; only watched models count.
	const modelId = (model?.id ?? webhook?.idModel) as string | undefined;
	if (stored?.models.length && modelId && !stored.models.some((known) => known.idModel === modelId)) {
		return { webhookResponse: 'OK' };
	}

	const match = matchAction(plan, action);
	if (!match.matched) return { webhookResponse: 'OK' };
	if (typeof action.id === 'string' && action.id && alreadyReceived(ctx, staticData, stored, action.id)) {
		return { webhookResponse: 'OK' };
	}
	const built = actionToItem(action, {
		trigger: plan.trigger.value,
		eventTypes: match.eventTypes,
		model,
		webhookId: webhook?.id as string | undefined,
		customField: await listFieldOptions(ctx, action),
	});
	const item = await withheldItem(ctx, built);
	return { workflowData: [[{ json: item }]] };
}
