import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { WebhookContext } from 'n8n-core';
import { join } from 'path';

import { HarnessCredentialsHelper } from '../test/harness/credentialsHelper';
import { HarnessNodeTypes, packageCredentialTypes } from '../test/harness/nodeTypes';
import type { WorkflowJson } from '../test/harness/workflow';
import { runWorkflow, WorkflowRun } from '../test/harness/workflow';

/** The n8n install prepared by scripts/n8n-host.sh, or '' when it is not available. */
export const N8N_HOST_DIR = process.env.N8N_HOST_DIR ?? '';
export const N8N_BASE_DIST = N8N_HOST_DIR ? join(N8N_HOST_DIR, 'node_modules', 'n8n-nodes-base', 'dist') : '';

export const BASE_NODE_FILES = {
	trello: 'nodes/Trello/Trello.node.js',
	trelloTrigger: 'nodes/Trello/TrelloTrigger.node.js',
	github: 'nodes/Github/Github.node.js',
	githubTrigger: 'nodes/Github/GithubTrigger.node.js',
} as const;
const BASE_CREDENTIAL_FILES = ['credentials/TrelloApi.credentials.js', 'credentials/GithubApi.credentials.js'];

let baseNodes: Map<string, INodeType> | undefined;
let baseCredentials: Map<string, ICredentialType> | undefined;
export const baseLoadErrors: Record<string, string> = {};

function instantiate<T>(file: string): T[] {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const mod = require(join(N8N_BASE_DIST, file)) as Record<string, new () => T>;
	return Object.values(mod).filter((v) => typeof v === 'function').map((Class) => new Class());
}

/** n8n's own nodes, keyed as n8n keys them (n8n-nodes-base.<name>); a node that fails to load is left out. */
export function baseNodeTypes(): Map<string, INodeType> {
	if (!baseNodes) {
		baseNodes = new Map();
		if (N8N_BASE_DIST) {
			for (const [key, file] of Object.entries(BASE_NODE_FILES)) {
				try {
					for (const node of instantiate<INodeType>(file)) baseNodes.set(`n8n-nodes-base.${node.description.name}`, node);
				} catch (error) {
					baseLoadErrors[key] = (error as Error).message;
				}
			}
		}
	}
	return baseNodes;
}

export function baseCredentialTypes(): Map<string, ICredentialType> {
	if (!baseCredentials) {
		baseCredentials = new Map();
		if (N8N_BASE_DIST) {
			for (const file of BASE_CREDENTIAL_FILES) {
				for (const credential of instantiate<ICredentialType>(file)) baseCredentials.set(credential.name, credential);
			}
		}
	}
	return baseCredentials;
}

/** The test harness's node types together with n8n's own nodes. */
const benchNodeTypes = () => new HarnessNodeTypes(baseNodeTypes);

/** The test harness's credentials helper, extended to n8n's own credential types. */
export class BenchCredentialsHelper extends HarnessCredentialsHelper {
	protected credentialType(name: string): ICredentialType | undefined {
		return packageCredentialTypes().get(name) ?? baseCredentialTypes().get(name);
	}
}

let nodeIds = 0;

export function benchNode(
	name: string,
	type: string,
	parameters: IDataObject,
	credentials: Record<string, string>,
	settings: Partial<INode> = {},
): INode {
	return {
		id: `bench-node-${++nodeIds}`,
		name,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: Object.fromEntries(Object.entries(credentials).map(([kind, id]) => [kind, { id, name: id }])),
		...settings,
	};
}

/** The test harness's runner (n8n-core's WorkflowExecute), with n8n's own nodes and credentials known too. */
export async function runBenchWorkflow(
	workflowJson: WorkflowJson,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): Promise<WorkflowRun> {
	return await runWorkflow(workflowJson, {
		nodeTypes: benchNodeTypes(),
		credentialsHelper: new BenchCredentialsHelper(credentials),
	});
}


/** Minimal Express-like response, for handlers that answer themselves (401, setup HEAD). */
class BenchResponse {
	statusCode = 200;
	status(code: number) {
		this.statusCode = code;
		return this;
	}
	setHeader() {
		return this;
	}
	send() {
		return this;
	}
	json() {
		return this;
	}
	end() {
		return this;
	}
}

/**
 * A webhook node in an active workflow, driven the way n8n's webhook service drives it: one
 * WebhookContext per delivery, the node's webhook() called with it. Works for any node type.
 */
export class WebhookDriver {
	readonly node: INode;
	readonly workflow: Workflow;
	private readonly credentialsHelper: BenchCredentialsHelper;
	readonly webhookUrl: string;
	private readonly nodeType: INodeType;

	constructor(type: string, parameters: IDataObject, credentials: Record<string, ICredentialDataDecryptedObject>, typeVersion = 1) {
		this.node = benchNode('Trigger', type, parameters, Object.fromEntries(Object.keys(credentials).map((k) => [k, `${k}-id`])), {
			typeVersion,
			webhookId: 'bench-webhook-id',
		});
		this.nodeType = benchNodeTypes().getByName(type) as INodeType;
		this.workflow = new Workflow({
			id: 'bench-trigger-workflow',
			name: 'bench',
			nodes: [this.node],
			connections: {},
			nodeTypes: benchNodeTypes(),
			active: true,
			staticData: {},
			settings: {},
		});
		this.credentialsHelper = new BenchCredentialsHelper(credentials);
		this.webhookUrl = `https://n8n.example.test/webhook/${this.node.webhookId}/webhook`;
	}

	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	private additionalData(extra: IDataObject = {}): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			webhookBaseUrl: 'https://n8n.example.test/webhook',
			webhookTestBaseUrl: 'https://n8n.example.test/webhook-test',
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			variables: {},
			executionId: 'bench-trigger-execution',
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	async deliver(headers: Record<string, string>, rawBody: Buffer, body: unknown): Promise<{ result: IWebhookResponseData; status: number }> {
		const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
		const httpRequest = {
			method: 'POST',
			headers: lower,
			header: (name: string) => lower[name.toLowerCase()],
			body,
			rawBody,
			query: {},
			params: {},
			url: `/webhook/${this.node.webhookId}/webhook`,
		};
		const response = new BenchResponse();
		const description = this.nodeType.description.webhooks?.find((w) => w.name === 'default');
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/webhook`,
			webhookDescription: description ?? ({} as never),
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData(),
			webhookId: this.node.webhookId,
			isTest: false,
		} as IWebhookData;
		const additionalData = this.additionalData({ httpRequest, httpResponse: response } as never);
		const context = new WebhookContext(this.workflow, this.node, additionalData, 'trigger', webhookData, [], null);
		(context as unknown as { getNodeWebhookUrl: () => string }).getNodeWebhookUrl = () => this.webhookUrl;
		const result = await this.nodeType.webhook!.call(context);
		return { result, status: response.statusCode };
	}
}
