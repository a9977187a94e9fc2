import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { HIDDEN_TEXT_FOUND_NOTE } from '../../../shared/hiddenText';
import { branchField, idLocator, repositoryFields, workflowField } from '../fields';
import { gitHubRowTable } from '../types';
import {
	dispatchAndWait,
	dispatchWorkflow,
	downloadArtifact,
	downloadRunLogs,
	listArtifacts,
	listWorkflowRuns,
} from './handlers';
import { DEFAULT_MAX_FAILED_JOBS, DEFAULT_TAIL_LINES, getFailedJobLogs, getJobLogs, MAX_FAILED_JOBS } from './jobLogs';

/** Job logs hold terminal output: its colour codes are control characters, counted like any other. */
const LOG_CONTROL_NOTE = 'In a log, controlCharacters are mostly the colour codes of terminal output; the other kinds are unusual there.';

/** Statuses and conclusions a run can be listed by; labels are made from the values, so they read "In progress" (not CHECK_CONCLUSIONS' "In Progress"). */
const RUN_STATUSES = [
	'action_required', 'cancelled', 'completed', 'failure', 'in_progress', 'neutral', 'pending', 'queued',
	'requested', 'skipped', 'stale', 'success', 'timed_out', 'waiting',
];

const runIdField = (overrides: Partial<RowField> = {}): RowField => ({
	...idLocator({
		name: 'runId',
		apiName: 'run_id',
		displayName: 'Run',
		description: 'The workflow run, chosen from the repository\'s runs (newest first) or by its ID (the number in …/actions/runs/ID)',
		searchListMethod: 'searchWorkflowRuns',
		placeholder: 'e.g. 30433642',
	}),
	...overrides,
});

/** What a dispatch sends: the workflow, the ref and the inputs. */
const dispatchFields = (): RowField[] => [
	...repositoryFields(),
	workflowField(),
	branchField({
		name: 'ref',
		displayName: 'Branch or Tag',
		in: 'body',
		required: true,
		description: 'Git branch or tag the workflow runs on, e.g. "main"',
	}),
	{
		displayName: 'Inputs (JSON)', name: 'inputs', type: 'json', in: 'body', optional: true, default: '{}',
		description: 'Values for the workflow’s inputs as a JSON object, e.g. {"environment": "staging"} (at most 25)',
	},
];

const binaryPropertyField = (what: string): RowField => ({
	displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', in: 'none', required: true, default: 'data',
	description: `Name of the output binary property that receives the ${what} (a zip archive)`,
	ui: { hint: 'The name of the output binary field to put the file in' },
});

const tailLinesField = (): RowField => ({
	displayName: 'Last Lines', name: 'tailLines', type: 'number', default: DEFAULT_TAIL_LINES, in: 'none', optional: true,
	description: 'How many lines of the end of each log to return; 0 returns the whole log. At most the last 1 MB of text is returned either way.',
	ui: { typeOptions: { minValue: 0 } },
});

const maxJobsField = (): RowField => ({
	displayName: 'Max Jobs', name: 'maxJobs', type: 'number', default: DEFAULT_MAX_FAILED_JOBS, in: 'none', optional: true,
	description: `How many failed jobs' logs to read (1-${MAX_FAILED_JOBS}), in the order GitHub lists the jobs; each is one request. The items say how many failed jobs were left out.`,
	ui: { typeOptions: { minValue: 1, maxValue: MAX_FAILED_JOBS } },
});

const debugLoggingField = (): RowField => ({
	displayName: 'Enable Debug Logging', name: 'enable_debug_logging', type: 'boolean', default: false, in: 'body', optional: true,
	description: 'Whether the re-run writes debug logs (runner and step debug logging)',
});

export const workflowRows = gitHubRowTable([
	{
		resource: 'workflow',
		operation: 'dispatch',
		name: 'Dispatch',
		action: 'Dispatch a workflow run',
		description:
			'Start a GitHub Actions workflow that has a workflow_dispatch trigger, on a branch or tag, with optional inputs. Returns the new run’s ID and URLs where GitHub gives them (github.com; older Enterprise Server versions do not); use Dispatch and Wait to wait for the result.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
		spec: [{ kind: 'toolStep', name: 'Create Workflow Dispatch' }],
		handler: dispatchWorkflow,
		fields: dispatchFields(),
	},
	{
		resource: 'workflow',
		operation: 'dispatchAndWait',
		objectType: 'run',
		name: 'Dispatch and Wait',
		action: 'Dispatch a workflow run and wait for it to complete',
		description:
			'Start a GitHub Actions workflow (workflow_dispatch) on a branch or tag, then wait until the run completes and return it with its conclusion (success, failure, cancelled …). Polls less and less often, and fails naming the run when it has not completed within Max Wait. No change to the workflow file is needed.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
		handler: dispatchAndWait,
		fields: [
			...dispatchFields(),
			{
				displayName: 'Max Wait (Minutes)', name: 'maxWaitMinutes', type: 'number', in: 'none', required: true, default: 30,
				description: 'How long to wait for the run to complete before the node fails (the run itself goes on)',
				ui: { typeOptions: { minValue: 0.1, numberPrecision: 1 } },
			},
		],
	},
	{
		resource: 'workflow',
		operation: 'enable',
		name: 'Enable',
		action: 'Enable a workflow',
		description: 'Enable a GitHub Actions workflow so that its triggers start runs again.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
		spec: [{ kind: 'toolStep', name: 'Enable Workflow' }],
		fields: [...repositoryFields(), workflowField()],
		shapeAnswer: (_body, values: IDataObject) => ({ workflow: values.workflow, enabled: true }),
	},
	{
		resource: 'workflow',
		operation: 'disable',
		name: 'Disable',
		action: 'Disable a workflow',
		description: 'Disable a GitHub Actions workflow: no new runs start until it is enabled again.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
		spec: [{ kind: 'toolStep', name: 'Disable Workflow' }],
		fields: [...repositoryFields(), workflowField()],
		shapeAnswer: (_body, values: IDataObject) => ({ workflow: values.workflow, enabled: false }),
	},
	{
		resource: 'workflow',
		operation: 'getRun',
		objectType: 'run',
		name: 'Get Run',
		action: 'Get a workflow run',
		description: 'Get one workflow run: status (queued, in_progress, completed), conclusion (success, failure, cancelled …), branch, commit, event and timing.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}',
		spec: [{ kind: 'toolStep', name: 'Get Workflow Run' }],
		fields: [...repositoryFields(), runIdField()],
	},
	{
		resource: 'workflow',
		operation: 'listRuns',
		objectType: 'run',
		name: 'List Runs',
		action: 'List workflow runs',
		description: 'List GitHub Actions workflow runs of a repository, newest first, optionally of one workflow and filtered by branch, event, status or actor.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs',
		spec: [{ kind: 'toolStep', name: 'List Workflow Runs' }],
		handler: listWorkflowRuns,
		paging: { itemsKey: 'workflow_runs' },
		fields: [
			...repositoryFields(),
			workflowField({ in: 'none', required: false, optional: true, description: 'Only runs of this workflow (ID or file name such as "ci.yml")' }),
			{ displayName: 'Branch', name: 'branch', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. main', description: 'Only runs on this branch' },
			{ displayName: 'Event', name: 'event', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. push', description: 'Only runs triggered by this event, e.g. push, pull_request, workflow_dispatch, schedule' },
			{
				displayName: 'Status', name: 'status', type: 'options', in: 'query', optional: true, default: 'completed',
				description: 'Only runs with this status or conclusion',
				options: RUN_STATUSES.map((value) => ({
					name: value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
					value,
				})),
			},
			{ displayName: 'Actor', name: 'actor', type: 'string', default: '', in: 'query', optional: true, description: 'Only runs started by this login' },
		],
	},
	{
		resource: 'workflow',
		operation: 'list',
		objectType: 'workflow',
		name: 'List',
		action: 'List workflows',
		description: 'List the GitHub Actions workflows of a repository: ID, name, file path and state (active or disabled).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/workflows',
		paging: { itemsKey: 'workflows' },
		fields: repositoryFields(),
	},
	{
		resource: 'workflow',
		operation: 'get',
		objectType: 'workflow',
		name: 'Get',
		action: 'Get a workflow',
		description: 'Get one GitHub Actions workflow by ID or file name: name, file path, state and badge URL.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}',
		fields: [...repositoryFields(), workflowField()],
	},
	{
		resource: 'workflow',
		operation: 'getUsage',
		name: 'Get Usage',
		action: 'Get the billable time of a workflow',
		description: 'Get the billable time a workflow used in the current billing cycle, per runner operating system (Ubuntu, macOS, Windows), in milliseconds. github.com only: Enterprise Server does not bill Actions time.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing',
		fields: [...repositoryFields(), workflowField()],
	},
	{
		resource: 'workflow',
		operation: 'rerun',
		name: 'Re-Run',
		action: 'Re-run a workflow run',
		description: 'Start all jobs of a completed workflow run again, as a new attempt of the same run (same run ID).',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/rerun',
		fields: [...repositoryFields(), runIdField(), debugLoggingField()],
		shapeAnswer: (_body, values: IDataObject) => ({ runId: Number(values.runId), rerun: 'all jobs' }),
	},
	{
		resource: 'workflow',
		operation: 'rerunFailedJobs',
		name: 'Re-Run Failed Jobs',
		action: 'Re-run the failed jobs of a workflow run',
		description: 'Start the failed and cancelled jobs of a completed workflow run again (and the jobs that depend on them), as a new attempt of the same run.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs',
		fields: [...repositoryFields(), runIdField(), debugLoggingField()],
		shapeAnswer: (_body, values: IDataObject) => ({ runId: Number(values.runId), rerun: 'failed jobs' }),
	},
	{
		resource: 'workflow',
		operation: 'cancelRun',
		name: 'Cancel Run',
		action: 'Cancel a workflow run',
		description: 'Stop a queued or running workflow run: GitHub cancels it (its conclusion becomes cancelled). A run that already completed cannot be cancelled (GitHub answers 409).',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel',
		fields: [...repositoryFields(), runIdField()],
		shapeAnswer: (_body, values: IDataObject) => ({ runId: Number(values.runId), cancelRequested: true }),
	},
	{
		resource: 'workflow',
		operation: 'listJobs',
		objectType: 'job',
		name: 'List Jobs',
		action: 'List the jobs of a workflow run',
		description: 'List the jobs of a workflow run with their status, conclusion, steps and timing (of the latest attempt unless all attempts are asked for).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs',
		paging: { itemsKey: 'jobs' },
		fields: [
			...repositoryFields(),
			runIdField(),
			{
				displayName: 'Attempts', name: 'filter', type: 'options', in: 'query', optional: true, default: 'latest',
				description: 'Jobs of the latest attempt only, or of every attempt of the run',
				options: [
					{ name: 'Latest', value: 'latest' },
					{ name: 'All', value: 'all' },
				],
			},
		],
	},
	{
		resource: 'workflow',
		operation: 'listArtifacts',
		objectType: 'artifact',
		name: 'List Artifacts',
		action: 'List workflow artifacts',
		description: 'List the artifacts (files uploaded by workflow runs) of a repository, or of one run: ID, name, size, expiry and the run they belong to.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/artifacts',
		handler: listArtifacts,
		paging: { itemsKey: 'artifacts' },
		fields: [
			...repositoryFields(),
			runIdField({ in: 'none', required: false, optional: true, description: 'Only artifacts of this workflow run, chosen from the list or by its ID' }),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', optional: true, description: 'Only artifacts with exactly this name' },
		],
	},
	{
		resource: 'workflow',
		operation: 'getJobLogs',
		name: 'Get Job Logs',
		action: 'Get the log of a workflow job as text',
		description:
			`Get one job’s log as text, e.g. to see why CI failed: the last lines (500 unless set), with the total line count and whether lines were left out; the credential’s secrets are redacted. Job IDs come from List Jobs. ${HIDDEN_TEXT_FOUND_NOTE} ${LOG_CONTROL_NOTE}`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/jobs/{job_id}/logs',
		handler: getJobLogs,
		fields: [
			...repositoryFields(),
			{
				displayName: 'Job ID', name: 'jobId', apiName: 'job_id', type: 'number', default: 0, in: 'path', required: true, integer: true,
				description: 'Numeric ID of the job (from List Jobs, or the number after /job/ in the job’s URL)',
			},
			tailLinesField(),
		],
	},
	{
		resource: 'workflow',
		operation: 'getFailedJobLogs',
		name: 'Get Failed Job Logs',
		action: 'Get the logs of the failed jobs of a workflow run',
		description:
			`Why did a workflow run fail: one item per failed job of the run’s latest attempt (the first 10 unless Max Jobs is set; the items say how many were left out), with the job’s name, URL, failed steps and the last lines of its log as text (500 unless set; secrets redacted). No items when no job failed. ${HIDDEN_TEXT_FOUND_NOTE} ${LOG_CONTROL_NOTE}`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs',
		handler: getFailedJobLogs,
		fields: [...repositoryFields(), runIdField(), tailLinesField(), maxJobsField()],
	},
	{
		resource: 'workflow',
		operation: 'downloadLogs',
		name: 'Download Logs',
		action: 'Download the logs of a workflow run',
		description: 'Download the logs of a workflow run as a zip archive into a binary property (one text file per job and step).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}/logs',
		handler: downloadRunLogs,
		fields: [...repositoryFields(), runIdField(), binaryPropertyField('logs')],
	},
	{
		resource: 'workflow',
		operation: 'downloadArtifact',
		name: 'Download Artifact',
		action: 'Download a workflow artifact',
		description: 'Download an artifact of a workflow run as a zip archive into a binary property (named after the artifact). Expired artifacts cannot be downloaded (GitHub answers 410).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip',
		handler: downloadArtifact,
		fields: [
			...repositoryFields(),
			idLocator({
				name: 'artifactId',
				apiName: 'artifact_id',
				displayName: 'Artifact',
				description: 'The artifact, chosen from the repository\'s artifacts (newest first) or by its ID (from List Artifacts)',
				searchListMethod: 'searchArtifacts',
				placeholder: 'e.g. 11',
			}),
			binaryPropertyField('artifact'),
		],
	},
]);
