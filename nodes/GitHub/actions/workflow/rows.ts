import type { IDataObject } from 'n8n-workflow';

import { branchField, repositoryFields, workflowField } from '../fields';
import type { GitHubRow } from '../types';
import { listWorkflowRuns } from './handlers';

const RUN_STATUSES = [
	'action_required', 'cancelled', 'completed', 'failure', 'in_progress', 'neutral', 'pending', 'queued',
	'requested', 'skipped', 'stale', 'success', 'timed_out', 'waiting',
];

export const workflowRows: GitHubRow[] = [
	{
		resource: 'workflow',
		operation: 'dispatch',
		name: 'Dispatch',
		action: 'Dispatch a workflow run',
		description:
			'Start a GitHub Actions workflow that has a workflow_dispatch trigger, on a branch or tag, with optional inputs. GitHub queues the run; use List Runs to follow it.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Create Workflow Dispatch' }],
		fields: [
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
				displayName: 'Inputs (JSON)',
				name: 'inputs', type: 'json', in: 'body', optional: true, default: '{}',
				description: 'Values for the workflow’s inputs as a JSON object, e.g. {"environment": "staging"} (at most 25)',
			},
		],
		output: (body, values: IDataObject) =>
			body && typeof body === 'object' && Object.keys(body).length
				? body
				: { dispatched: true, workflow: values.workflow, ref: values.ref },
	},
	{
		resource: 'workflow',
		operation: 'enable',
		name: 'Enable',
		action: 'Enable a workflow',
		description: 'Enable a GitHub Actions workflow so that its triggers start runs again.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Enable Workflow' }],
		fields: [...repositoryFields(), workflowField()],
		output: (_body, values: IDataObject) => ({ workflow: values.workflow, enabled: true }),
	},
	{
		resource: 'workflow',
		operation: 'disable',
		name: 'Disable',
		action: 'Disable a workflow',
		description: 'Disable a GitHub Actions workflow: no new runs start until it is enabled again.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Disable Workflow' }],
		fields: [...repositoryFields(), workflowField()],
		output: (_body, values: IDataObject) => ({ workflow: values.workflow, enabled: false }),
	},
	{
		resource: 'workflow',
		operation: 'getRun',
		returns: 'run',
		name: 'Get Run',
		action: 'Get a workflow run',
		description: 'Get one workflow run: status (queued, in_progress, completed), conclusion (success, failure, cancelled …), branch, commit, event and timing.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs/{run_id}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Get Workflow Run' }],
		fields: [
			...repositoryFields(),
			{
				displayName: 'Run ID',
				name: 'runId', apiName: 'run_id', type: 'string', default: '', in: 'path', required: true, integer: true, placeholder: 'e.g. 30433642',
				description: 'ID of the workflow run (the number in …/actions/runs/ID)',
			},
		],
	},
	{
		resource: 'workflow',
		operation: 'listRuns',
		returns: 'run',
		name: 'List Runs',
		action: 'List workflow runs',
		description: 'List GitHub Actions workflow runs of a repository, newest first, optionally of one workflow and filtered by branch, event, status or actor.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runs',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'List Workflow Runs' }],
		handler: listWorkflowRuns,
		paging: { itemsKey: 'workflow_runs' },
		fields: [
			...repositoryFields(),
			workflowField({ in: 'none', required: false, optional: true, description: 'Only runs of this workflow (ID or file name such as "ci.yml")' }),
			{ displayName: 'Branch', name: 'branch', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. main', description: 'Only runs on this branch' },
			{ displayName: 'Event', name: 'event', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. push', description: 'Only runs triggered by this event, e.g. push, pull_request, workflow_dispatch, schedule' },
			{
				displayName: 'Status',
				name: 'status', type: 'options', in: 'query', optional: true, default: 'completed',
				description: 'Only runs with this status or conclusion',
				options: RUN_STATUSES.map((value) => ({
					name: value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
					value,
				})),
			},
			{ displayName: 'Actor', name: 'actor', type: 'string', default: '', in: 'query', optional: true, description: 'Only runs started by this login' },
		],
	},
];
