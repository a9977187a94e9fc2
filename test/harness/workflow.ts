import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	ICredentialsHelper,
	INode,
	INodeExecutionData,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { HARNESS_INPUT_TYPE, HarnessNodeTypes, PACKAGE_NAME } from './nodeTypes';

export interface WorkflowJson {
	nodes: INode[];
	connections: IConnections;
}

export class WorkflowRun {
	constructor(readonly run: IRun) {}

	/** The json of every item a node emitted on one output. */
	json(nodeName: string, outputIndex = 0): IDataObject[] {
		return this.items(nodeName, outputIndex).map((item) => item.json);
	}

	items(nodeName: string, outputIndex = 0): INodeExecutionData[] {
		const runs = this.run.data.resultData.runData[nodeName];
		if (!runs?.length) {
			throw new Error(`Node "${nodeName}" did not run. ${this.errorMessage() ?? ''}`);
		}
		const error = runs[0].error;
		if (error) throw new Error(`Node "${nodeName}" failed: ${error.message} — ${error.description ?? ''}`);
		return runs[0].data?.main?.[outputIndex] ?? [];
	}

	/** The error a node stopped the run with, if any. */
	error(nodeName: string) {
		return this.run.data.resultData.runData[nodeName]?.[0]?.error;
	}

	errorMessage(): string | undefined {
		return this.run.data.resultData.error?.message;
	}
}

export interface RunOptions {
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Other node types (e.g. n8n's own, for side-by-side benchmarks); defaults to this package's. */
	nodeTypes?: INodeTypes;
	/** Another credentials helper (e.g. one that also knows n8n's own credential types). */
	credentialsHelper?: ICredentialsHelper;
	/** Receives a function that cancels the execution the way n8n's "Stop" does. */
	onStart?: (cancel: () => void) => void;
}

let nodeIds = 0;

/** A node of this package, ready to put in a workflow. */
export function packageNode(
	name: string,
	type: string,
	parameters: IDataObject,
	credentials?: Record<string, string>,
): INode {
	return {
		id: `node-${++nodeIds}`,
		name,
		type: `${PACKAGE_NAME}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: credentials
			? Object.fromEntries(Object.entries(credentials).map(([kind, id]) => [kind, { id, name: id }]))
			: undefined,
	};
}

/** Input items (and their binary data, by item index) → one node of this package: the shape most node tests need. */
export function singleNodeWorkflow(
	node: INode,
	inputItems: IDataObject[] = [{}],
	inputBinary: Array<Record<string, { fileName: string; mimeType: string; text: string }>> = [],
): WorkflowJson {
	const input: INode = {
		id: 'input',
		name: 'Input',
		type: HARNESS_INPUT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(inputItems), ...(inputBinary.length ? { binary: JSON.stringify(inputBinary) } : {}) },
	};
	return {
		nodes: [input, node],
		connections: { Input: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
	};
}

/** Runs a workflow the way n8n runs a manual execution: n8n-core's WorkflowExecute, start node first. */
export async function runWorkflow(workflowJson: WorkflowJson, options: RunOptions = {}): Promise<WorkflowRun> {
	const nodeTypes = options.nodeTypes ?? new HarnessNodeTypes();
	const workflow = new Workflow({
		id: 'harness',
		name: 'harness',
		nodes: workflowJson.nodes,
		connections: workflowJson.connections,
		nodeTypes,
		active: false,
		settings: {},
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'harness-execution', {
		id: 'harness',
		name: 'harness',
		nodes: workflowJson.nodes,
		connections: workflowJson.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let resolveFinished!: (run: IRun) => void;
	const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolveFinished(fullRunData));

	const additionalData = {
		hooks,
		credentialsHelper: options.credentialsHelper ?? new HarnessCredentialsHelper(options.credentials ?? {}),
		executionId: 'harness-execution',
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		currentNodeParameters: undefined,
		variables: {},
		userId: 'harness-user',
		setExecutionStatus: () => {},
		logAiEvent: () => {},
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not available in the harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;

	const startNode = workflowJson.nodes.find((node) => node.type === HARNESS_INPUT_TYPE) ?? workflow.getStartNode();
	if (!startNode) throw new Error('The workflow has no start node');
	const runExecutionData: IRunExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: startNode, data: { main: [[{ json: {} }]] }, source: null }],
		},
	} as unknown as IRunExecutionData;

	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const running = execute.processRunExecutionData(workflow);
	// A cancelled run never settles `running`; n8n reports it through workflowExecuteAfter.
	let cancelled = false;
	options.onStart?.(() => {
		cancelled = true;
		running.cancel();
	});
	await Promise.race([running, finished.then(async () => {
		if (!cancelled) await running;
	})]);
	return new WorkflowRun(await finished);
}
