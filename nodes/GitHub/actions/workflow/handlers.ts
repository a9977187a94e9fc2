import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { transportSettings } from '../../../../credentials/clock';
import { pathSegment } from '../../../../credentials/requestGuard';
import { saveDownload, storedSize } from '../../../shared/transfer';
import type { GitHubRowRun } from '../types';

/** Runs of one workflow live under the workflow; all runs under the repository. */
export async function listWorkflowRuns({ values, request, generic }: GitHubRowRun) {
	const workflow = String(values.workflow ?? '').trim();
	if (!workflow) return await generic(request);
	const path = request.path.replace(/\/actions\/runs$/, `/actions/workflows/${pathSegment(workflow)}/runs`);
	return await generic({ ...request, path });
}

/** Artifacts of one run live under the run; all artifacts under the repository. */
export async function listArtifacts({ values, request, generic }: GitHubRowRun) {
	const runId = String(values.runId ?? '').trim();
	if (!runId) return await generic(request);
	const path = request.path.replace(/\/actions\/artifacts$/, `/actions/runs/${pathSegment(runId)}/artifacts`);
	return await generic({ ...request, path });
}

interface RunDetails {
	workflow_run_id: number;
	run_url: string;
	html_url: string;
}

interface Dispatched {
	/** Present when the server returned the run (return_run_details, GitHub since February 2026). */
	details?: RunDetails;
	/** The clock's time just before the dispatch, in ms. */
	dispatchedAt: number;
}

function runDetailsOf(body: unknown): RunDetails | undefined {
	const answer = body as Partial<RunDetails> | undefined;
	return answer && typeof answer === 'object' && answer.workflow_run_id !== undefined ? (answer as RunDetails) : undefined;
}

/**
 * Asks for the run's details with the dispatch. Servers without `return_run_details` either
 * ignore it (204, no details) or reject the body (422): then the dispatch is sent again without it.
 * A 422 means nothing was started, so the retry cannot start a second run.
 */
async function dispatch({ client, request }: GitHubRowRun): Promise<Dispatched> {
	const dispatchedAt = transportSettings.clock.now();
	const body = { ...(request.body as IDataObject | undefined), return_run_details: true };
	const first = await client.send({ ...request, body, acceptStatus: [422] });
	if (first.statusCode !== 422) return { details: runDetailsOf(first.body), dispatchedAt };
	const second = await client.send({ ...request });
	return { details: runDetailsOf(second.body), dispatchedAt };
}

export async function dispatchWorkflow(input: GitHubRowRun) {
	const { values, respond } = input;
	const { details } = await dispatch(input);
	return respond({ dispatched: true, workflow: values.workflow, ref: values.ref, ...details });
}

/** Polling for Dispatch and Wait: the first look after `firstDelayMs`, then longer waits up to `maxDelayMs`. */
const runPolling = { firstDelayMs: 5_000, factor: 1.5, maxDelayMs: 60_000 };

const repositoryPath = (request: GitHubRowRun['request']) => request.path.replace(/\/actions\/workflows\/.*$/, '');

/** GitHub's search syntax for "created at or after" (whole seconds, UTC). */
const createdSince = (ms: number) => `>=${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}`;

/**
 * Without run details (Enterprise Server before return_run_details), the run is the earliest
 * workflow_dispatch run of this workflow on the ref created since the dispatch.
 */
async function findDispatchedRun(input: GitHubRowRun, dispatchedAt: number): Promise<IDataObject | undefined> {
	const { client, request, values } = input;
	const listed = await client.request<{ workflow_runs?: IDataObject[] } | null>({
		method: 'GET',
		path: request.path.replace(/\/dispatches$/, '/runs'),
		qs: { event: 'workflow_dispatch', branch: String(values.ref).replace(/^refs\/(heads|tags)\//, ''), created: createdSince(dispatchedAt), per_page: 100 },
	});
	const listedRuns: unknown = listed?.workflow_runs;
	const runs = (Array.isArray(listedRuns) ? (listedRuns as Array<IDataObject | null>) : []).filter(
		(run): run is IDataObject => Boolean(run) && Date.parse(String(run?.created_at)) >= Math.floor(dispatchedAt / 1000) * 1000,
	);
	runs.sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)) || Number(a.id) - Number(b.id));
	return runs[0];
}

/**
 * Dispatch, then follow the run until GitHub reports it completed, waiting longer between looks
 * (runPolling) and never past the user's maximum wait. Returns the run with its conclusion.
 */
export async function dispatchAndWait(input: GitHubRowRun) {
	const { ctx, client, values, request, itemIndex, respond } = input;
	const clock = transportSettings.clock;
	const maxWaitMinutes = Number(values.maxWaitMinutes);
	if (!Number.isFinite(maxWaitMinutes) || maxWaitMinutes <= 0) {
		throw new NodeOperationError(ctx.getNode(), `The "Max Wait (Minutes)" parameter must be a positive number (got "${String(values.maxWaitMinutes)}")`, {
			itemIndex,
			description: 'Give how long to wait for the run to complete, e.g. 30.',
		});
	}
	const { details, dispatchedAt } = await dispatch(input);
	const deadline = dispatchedAt + maxWaitMinutes * 60_000;
	const runsPath = `${repositoryPath(request)}/actions/runs`;
	let runId = details ? String(details.workflow_run_id) : undefined;
	let run: IDataObject | undefined;
	let delay = runPolling.firstDelayMs;
	for (;;) {
		const left = deadline - clock.now();
		if (left <= 0) break;
		const cancelled = ctx.getExecutionCancelSignal?.();
		await clock.sleep(Math.min(delay, left), cancelled);
		delay = Math.min(Math.round(delay * runPolling.factor), runPolling.maxDelayMs);
		if (cancelled?.aborted) {
			throw new NodeOperationError(ctx.getNode(), 'The execution was cancelled while waiting for the workflow run', { itemIndex });
		}
		if (!runId) {
			run = await findDispatchedRun(input, dispatchedAt);
			if (!run) continue;
			runId = String(run.id);
		} else {
			run = await client.request<IDataObject>({ method: 'GET', path: `${runsPath}/${pathSegment(runId)}` });
		}
		if (run.status === 'completed') return respond(run);
	}
	const limit = `${maxWaitMinutes} minute${maxWaitMinutes === 1 ? '' : 's'}`;
	const workflow = `"${String(values.workflow)}" on "${String(values.ref)}"`;
	if (!runId) {
		throw new NodeOperationError(ctx.getNode(), `The dispatched run of workflow ${workflow} did not appear within the maximum wait of ${limit}`, {
			itemIndex,
			description: 'GitHub accepted the dispatch but listed no new workflow_dispatch run of that workflow on that ref. Check the workflow’s runs on GitHub, or raise "Max Wait (Minutes)".',
		});
	}
	const url = String(run?.html_url ?? details?.html_url ?? `${runsPath}/${runId}`);
	throw new NodeOperationError(
		ctx.getNode(),
		`The workflow run ${url} did not complete within the maximum wait of ${limit} (last status: ${String(run?.status ?? 'unknown')})`,
		{
			itemIndex,
			description: `The run goes on on GitHub. Raise "Max Wait (Minutes)", or follow it with Workflow → Get Run (run ID ${runId}).`,
		},
	);
}

/**
 * Logs and artifacts are zip archives GitHub serves from another host after a redirect (the
 * transport follows it without the credential); they become binary data.
 */
async function downloadArchive(input: GitHubRowRun, fileName: string, json: IDataObject) {
	const { ctx, client, values, request, itemIndex } = input;
	const response = await client.send({ ...request, encoding: 'stream' });
	const property = String(values.binaryPropertyName ?? '').trim() || 'data';
	const binary = await saveDownload(ctx, response.body, fileName, 'application/zip');
	const size = await storedSize(ctx, binary);
	return [{ json: { ...json, fileName, size: size ?? null }, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
}

export async function downloadRunLogs(input: GitHubRowRun) {
	const runId = String(input.values.runId);
	return await downloadArchive(input, `run-${runId}-logs.zip`, { runId: Number(runId) });
}

/** The artifact's name (one look-up) names the file. */
export async function downloadArtifact(input: GitHubRowRun) {
	const { client, request, values } = input;
	const artifact = await client.request<IDataObject>({ method: 'GET', path: request.path.replace(/\/zip$/, '') });
	const name = String(artifact.name ?? '').trim() || `artifact-${String(values.artifactId)}`;
	return await downloadArchive(input, `${name}.zip`, { artifactId: artifact.id ?? Number(values.artifactId), name: artifact.name, runId: (artifact.workflow_run as IDataObject | undefined)?.id });
}
