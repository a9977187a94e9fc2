import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { HookContext, PollContext, WebhookContext } from 'n8n-core';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { HarnessNodeTypes, packageNodeTypes } from './nodeTypes';
import { packageNode } from './workflow';

/**
 * Runs trigger nodes through n8n-core's own contexts (HookContext for webhook registration,
 * WebhookContext for deliveries, PollContext for polling), with one workflow whose static
 * data persists across calls the way n8n persists it between activations and polls.
 * `mode: 'test'` is the editor's "Test this trigger": n8n registers and serves the webhook at its
 * test URL (`/webhook-test/...`), runs in manual mode and marks the webhook data `isTest`.
 */
export class TriggerHarness {
	readonly node: INode;
	readonly workflow: Workflow;
	private readonly credentialsHelper: HarnessCredentialsHelper;
	readonly webhookBaseUrl: string;
	readonly mode: 'production' | 'test';

	constructor(
		type: string,
		parameters: IDataObject,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		options: { webhookBaseUrl?: string; staticData?: IDataObject; mode?: 'production' | 'test' } = {},
	) {
		this.node = packageNode('Trigger', type, parameters, Object.fromEntries(Object.keys(credentials).map((k) => [k, `${k}-id`])));
		this.node.webhookId = 'harness-webhook-id';
		this.workflow = new Workflow({
			id: 'harness-trigger-workflow',
			name: 'harness',
			nodes: [this.node],
			connections: {},
			nodeTypes: new HarnessNodeTypes(),
			active: true,
			staticData: options.staticData ?? {},
			settings: {},
		});
		this.credentialsHelper = new HarnessCredentialsHelper(credentials);
		this.webhookBaseUrl = options.webhookBaseUrl ?? 'https://n8n.example.test/webhook';
		this.mode = options.mode ?? 'production';
	}

	get nodeType() {
		return packageNodeTypes().get(this.node.type)!;
	}

	/** The node's static data, as n8n would save it with the workflow. */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	additionalData(extra: IDataObject = {}): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			webhookBaseUrl: this.webhookBaseUrl,
			webhookTestBaseUrl: this.testBaseUrl,
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			variables: {},
			executionId: 'harness-trigger-execution',
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	webhookData(webhookName: string = 'default'): IWebhookData {
		const description = this.nodeType.description.webhooks?.find((w) => w.name === webhookName);
		const path = `${this.node.webhookId}/webhook`;
		return {
			httpMethod: (description?.httpMethod as IWebhookData['httpMethod']) ?? 'POST',
			node: this.node.name,
			path,
			webhookDescription: description ?? ({} as never),
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData(),
			webhookId: this.node.webhookId,
			isTest: this.mode === 'test',
		} as IWebhookData;
	}

	private get testBaseUrl(): string {
		return this.webhookBaseUrl.replace(/webhook$/, 'webhook-test');
	}

	/** URL n8n registers in this mode: <base>/<webhookId>/webhook (base ending in /webhook-test in test mode). */
	get webhookUrl(): string {
		return `${this.mode === 'test' ? this.testBaseUrl : this.webhookBaseUrl}/${this.node.webhookId}/webhook`;
	}

	/** The production URL, whichever mode the harness is in. */
	get productionWebhookUrl(): string {
		return `${this.webhookBaseUrl}/${this.node.webhookId}/webhook`;
	}

	private get executionMode() {
		return this.mode === 'test' ? 'manual' : 'trigger';
	}

	private hookContext(activation: WorkflowActivateMode = 'activate', webhookName: string = 'default') {
		const webhookData = this.webhookData(webhookName);
		return new HookContext(
			this.workflow,
			this.node,
			this.additionalData(),
			this.executionMode,
			this.mode === 'test' ? 'manual' : activation,
			webhookData,
		);
	}

	async checkExists(webhookName: 'default' | 'setup' = 'default'): Promise<boolean> {
		const methods = this.nodeType.webhookMethods?.[webhookName];
		return await methods!.checkExists.call(this.hookContext('activate', webhookName));
	}

	async create(webhookName: 'default' | 'setup' = 'default'): Promise<boolean> {
		const methods = this.nodeType.webhookMethods?.[webhookName];
		return await methods!.create.call(this.hookContext('activate', webhookName));
	}

	async delete(webhookName: 'default' | 'setup' = 'default'): Promise<boolean> {
		const methods = this.nodeType.webhookMethods?.[webhookName];
		return await methods!.delete.call(this.hookContext('activate', webhookName));
	}

	/** n8n's activation sequence: create unless checkExists says the hook is already there. */
	async activate(webhookName: 'default' | 'setup' = 'default'): Promise<void> {
		if (!(await this.checkExists(webhookName))) await this.create(webhookName);
	}

	/** Delivers one HTTP request to the node's webhook() and records what it answered. */
	async deliver(request: {
		method?: string;
		headers: Record<string, string>;
		body: unknown;
		rawBody?: Buffer;
		query?: IDataObject;
	}, webhookName: 'default' | 'setup' = 'default'): Promise<{ result: IWebhookResponseData; response: FakeResponse }> {
		const response = new FakeResponse();
		const rawBody = request.rawBody ?? Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
		const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
		const httpRequest = {
			method: request.method ?? 'POST',
			headers,
			body: request.body,
			rawBody,
			query: request.query ?? {},
			params: {},
			url: new URL(this.webhookUrl).pathname,
		};
		const additionalData = this.additionalData({ httpRequest, httpResponse: response } as never);
		const context = new WebhookContext(this.workflow, this.node, additionalData, this.executionMode, this.webhookData(webhookName), [], null);
		const result = await this.nodeType.webhook!.call(context);
		return { result, response };
	}

	/** One poll, as n8n's poller calls it (mode "manual" for the editor's test button). */
	async poll(mode: 'trigger' | 'manual' = 'trigger') {
		const context = new PollContext(this.workflow, this.node, this.additionalData(), mode, 'activate');
		return await this.nodeType.poll!.call(context);
	}
}

/** Enough of Express's response for webhook handlers that answer directly. */
export class FakeResponse {
	statusCode = 200;
	body: unknown;
	headers: Record<string, string> = {};
	ended = false;

	status(code: number) {
		this.statusCode = code;
		return this;
	}

	setHeader(name: string, value: string) {
		this.headers[name.toLowerCase()] = value;
		return this;
	}

	send(body?: unknown) {
		this.body = body;
		this.ended = true;
		return this;
	}

	json(body: unknown) {
		return this.send(body);
	}

	end(body?: unknown) {
		return this.send(body);
	}
}
