import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { isoDate, numericIdField, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { CHECK_CONCLUSIONS, CHECK_RUN_STATUSES, COMMIT_STATUS_STATES } from '../../optionLists';
import { sendCheckRun } from './handlers';

const APP_ONLY = 'Needs a GitHub App credential (GitHub refuses personal tokens for check runs).';

const refField = (description = 'Commit SHA, or a branch or tag name for its latest commit, e.g. "main"'): RowField => ({
	displayName: 'Ref',
	name: 'ref',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	placeholder: 'e.g. main or 6dcb09b5b57875f334f61aebed695e2e4193db5e',
	description,
});

const checkRunId = () => numericIdField('Check Run ID', 'checkRunId', 'check_run_id', 'Numeric ID of the check run (Create and List return it as "id")');

/** Everything Create and Update share; the output object and annotations are put together by the handler. */
function checkRunProperties(): RowField[] {
	return [
		{
			displayName: 'Status', name: 'status', type: 'options', in: 'body', optional: true, default: 'queued',
			description: 'Where the check run is; "Completed" needs a conclusion',
			options: CHECK_RUN_STATUSES,
		},
		{
			displayName: 'Conclusion', name: 'conclusion', type: 'options', in: 'body', optional: true, default: 'success', options: CHECK_CONCLUSIONS,
			description: 'Final result; setting it completes the check run',
		},
		{ displayName: 'Details URL', name: 'details_url', type: 'string', default: '', in: 'body', optional: true, description: 'Page on the integrator’s site with the full details' },
		{ displayName: 'External ID', name: 'external_id', type: 'string', default: '', in: 'body', optional: true, description: 'Reference of the check run in the integrator’s system' },
		{ ...isoDate('started_at', 'Started At', 'When the check run began'), in: 'body' },
		{ ...isoDate('completed_at', 'Completed At', 'When the check run completed (needs a conclusion)'), in: 'body' },
		{ displayName: 'Output Title', name: 'outputTitle', type: 'string', default: '', in: 'none', optional: true, description: 'Title of the check run’s report (needed with a summary, text or annotations)' },
		{
			displayName: 'Output Summary', name: 'outputSummary', type: 'string', default: '', in: 'none', optional: true, ui: { typeOptions: { rows: 4 } },
			description: 'Summary of the report in Markdown (needed with a title, text or annotations)',
		},
		{ displayName: 'Output Text', name: 'outputText', type: 'string', default: '', in: 'none', optional: true, ui: { typeOptions: { rows: 4 } }, description: 'Details of the report in Markdown' },
		{
			displayName: 'Annotations (JSON)', name: 'annotations', type: 'json', in: 'none', optional: true, jsonList: true, default: '[]',
			description:
				'Notes on lines of files, e.g. [{"path": "src/a.ts", "start_line": 3, "end_line": 3, "annotation_level": "warning", "message": "Unused variable"}]; any number: they are sent 50 per request',
		},
	];
}

export const checkRows = gitHubRowTable([
	{
		resource: 'checkRun',
		operation: 'create',
		objectType: 'checkRun',
		name: 'Create',
		action: 'Create a check run',
		description: `Create a check run on a commit, with its status, conclusion and a report with annotations on file lines (more than 50 are sent in batches, as GitHub requires). Changes the commit's checks (and can block merging through branch protection). ${APP_ONLY} Returns the check run.`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/check-runs',
		handler: sendCheckRun,
		fields: [
			...repositoryFields(),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. lint', description: 'Name of the check, e.g. "lint"' },
			{ displayName: 'Head SHA', name: 'head_sha', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. 6dcb09b5b57875f334f61aebed695e2e4193db5e', description: 'Full SHA of the commit the check is about' },
			...checkRunProperties(),
		],
	},
	{
		resource: 'checkRun',
		operation: 'update',
		objectType: 'checkRun',
		name: 'Update',
		action: 'Update a check run',
		description: `Change a check run: status, conclusion, report and more annotations (added to the existing ones, 50 per request). Changes the commit's checks. ${APP_ONLY} Returns the check run.`,
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/check-runs/{check_run_id}',
		handler: sendCheckRun,
		fields: [
			...repositoryFields(),
			checkRunId(),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'body', optional: true, description: 'New name of the check' },
			...checkRunProperties(),
		],
	},
	{
		resource: 'checkRun',
		operation: 'get',
		objectType: 'checkRun',
		name: 'Get',
		action: 'Get a check run',
		description: 'Get one check run: name, status, conclusion, commit, report title and summary, annotation count and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/check-runs/{check_run_id}',
		fields: [...repositoryFields(), checkRunId()],
	},
	{
		resource: 'checkRun',
		operation: 'listForRef',
		objectType: 'checkRun',
		name: 'List for Ref',
		action: 'List the check runs of a commit',
		description: 'List the check runs of a commit, branch or tag (its latest commit): name, status, conclusion and report, optionally only one check name or status.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits/{ref}/check-runs',
		paging: { itemsKey: 'check_runs' },
		fields: [
			...repositoryFields(),
			refField(),
			{ displayName: 'Check Name', name: 'check_name', type: 'string', default: '', in: 'query', optional: true, description: 'Only check runs of this name' },
			{
				displayName: 'Status', name: 'status', type: 'options', in: 'query', optional: true, default: 'completed', description: 'Only check runs in this status',
				options: CHECK_RUN_STATUSES,
			},
			{
				displayName: 'Which Runs', name: 'filter', type: 'options', in: 'query', optional: true, default: 'latest', description: 'Only the latest run of each check, or all of them',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Latest', value: 'latest' },
				],
			},
		],
	},
	{
		resource: 'checkRun',
		operation: 'listAnnotations',
		objectType: 'annotation',
		name: 'List Annotations',
		action: 'List the annotations of a check run',
		description: 'List the annotations of a check run: file, lines, level, title and message.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations',
		paging: {},
		fields: [...repositoryFields(), checkRunId()],
	},
	{
		resource: 'checkSuite',
		operation: 'listForRef',
		objectType: 'checkSuite',
		name: 'List for Ref',
		action: 'List the check suites of a commit',
		description: 'List the check suites of a commit, branch or tag (its latest commit): one per GitHub App, with status and conclusion.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits/{ref}/check-suites',
		paging: { itemsKey: 'check_suites' },
		fields: [
			...repositoryFields(),
			refField(),
			{ displayName: 'App ID', name: 'app_id', type: 'number', default: 0, in: 'query', optional: true, description: 'Only the suite of this GitHub App (its numeric ID)' },
			{ displayName: 'Check Name', name: 'check_name', type: 'string', default: '', in: 'query', optional: true, description: 'Only suites with a check run of this name' },
		],
	},
	{
		resource: 'checkSuite',
		operation: 'rerequest',
		name: 'Re-Request',
		action: 'Re-request a check suite',
		description: `Ask the GitHub App of a check suite to run its checks again on the same commit. Changes the commit's checks (a check_suite "rerequested" event is sent to the app). ${APP_ONLY}`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/check-suites/{check_suite_id}/rerequest',
		fields: [...repositoryFields(), numericIdField('Check Suite ID', 'checkSuiteId', 'check_suite_id', 'Numeric ID of the check suite (List for Ref returns it as "id")')],
		shapeAnswer: (_body, values: IDataObject) => ({ rerequested: true, checkSuiteId: values.checkSuiteId }),
	},
	{
		resource: 'commitStatus',
		operation: 'create',
		objectType: 'status',
		name: 'Create',
		action: 'Set a commit status',
		description:
			'Set a status on a commit for a context, e.g. "ci/build" pending, success, failure or error, with a link and a description. Changes the commit’s status (a later status of the same context replaces it; required statuses can block merging). Returns the status.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/statuses/{sha}',
		fields: [
			...repositoryFields(),
			{ displayName: 'Commit SHA', name: 'sha', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. 6dcb09b5b57875f334f61aebed695e2e4193db5e', description: 'Full SHA of the commit' },
			{
				displayName: 'State', name: 'state', type: 'options', in: 'body', required: true, default: 'pending', description: 'The status to set',
				options: COMMIT_STATUS_STATES,
			},
			{ displayName: 'Context', name: 'context', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. ci/build', description: 'Label that tells this status from others on the commit (default: "default")' },
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Short description of the status' },
			{ displayName: 'Target URL', name: 'target_url', type: 'string', default: '', in: 'body', optional: true, description: 'Link shown with the status, e.g. to the build log' },
		],
	},
	{
		resource: 'commitStatus',
		operation: 'list',
		objectType: 'status',
		name: 'List for Ref',
		action: 'List the statuses of a commit',
		description: 'List every status set on a commit, branch or tag (its latest commit), newest first: state, context, description, link and creator.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits/{ref}/statuses',
		paging: {},
		fields: [...repositoryFields(), refField()],
	},
	{
		resource: 'commitStatus',
		operation: 'getCombined',
		objectType: 'combinedStatus',
		name: 'Get Combined',
		action: 'Get the combined status of a commit',
		description:
			'Get the combined status of a commit, branch or tag: "failure" if any context failed or errored, "pending" if any is pending or none exist, else "success", with the latest status of each context.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/commits/{ref}/status',
		fields: [...repositoryFields(), refField()],
	},
]);
