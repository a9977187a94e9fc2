import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { numericIdField, repositoryFields } from '../fields';
import { environmentField } from '../secret/rows';
import type { GitHubRowRun } from '../types';
import { gitHubRowTable } from '../types';
import { DEPLOYMENT_STATES } from '../../optionLists';

/** Required reviewers are one list of users and teams, each with its type. */
async function putEnvironment({ values, request, generic }: GitHubRowRun) {
	const reviewers = [
		...listOf(values.reviewerUsers).map((id) => ({ type: 'User', id: Number(id) })),
		...listOf(values.reviewerTeams).map((id) => ({ type: 'Team', id: Number(id) })),
	];
	const body = { ...(request.body as IDataObject | undefined), ...(reviewers.length ? { reviewers } : {}) };
	return await generic({ ...request, body: Object.keys(body).length ? body : undefined });
}

const deploymentId = () => numericIdField('Deployment ID', 'deploymentId', 'deployment_id', 'Numeric ID of the deployment (Create and List return it as "id")');

const environmentSettings = (): RowField[] => [
	{ displayName: 'Wait Timer', name: 'wait_timer', type: 'number', default: 0, in: 'body', optional: true, description: 'Minutes (0 to 43200) a deployment waits before it proceeds' },
	{ displayName: 'Prevent Self-Review', name: 'prevent_self_review', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the person who triggered a deployment may not approve it' },
	{
		displayName: 'Reviewer User IDs', name: 'reviewerUsers', type: 'string', default: '', in: 'none', optional: true, integerList: true, placeholder: 'e.g. 583231',
		description: 'Numeric IDs of people who must approve deployments (User → Get returns the ID), separated by commas; with teams at most 6',
	},
	{
		displayName: 'Reviewer Team IDs', name: 'reviewerTeams', type: 'string', default: '', in: 'none', optional: true, integerList: true, placeholder: 'e.g. 42',
		description: 'Numeric IDs of teams who must approve deployments, separated by commas',
	},
	{
		displayName: 'Deployment Branches', name: 'deployment_branch_policy', type: 'options', in: 'body', optional: true, default: 'protected',
		description: 'Which branches may deploy to the environment (not set: all branches)',
		options: [
			{ name: 'Protected Branches', value: 'protected' },
			{ name: 'Selected Branches and Tags', value: 'custom', description: 'Named by deployment branch policies set up on GitHub' },
		],
		toApi: (value) => ({ protected_branches: value === 'protected', custom_branch_policies: value === 'custom' }),
	},
];

export const deploymentRows = gitHubRowTable([
	{
		resource: 'deployment',
		operation: 'create',
		objectType: 'deployment',
		name: 'Create',
		action: 'Create a deployment',
		description:
			'Create a deployment of a branch, tag or commit to an environment (e.g. "production"); a deployment workflow or app then acts on the deployment event. Changes the repository’s deployments. By default GitHub merges the default branch into the ref first and requires its status checks to pass. Returns the deployment.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/deployments',
		fields: [
			...repositoryFields(),
			{ displayName: 'Ref', name: 'ref', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. main', description: 'Branch, tag or commit SHA to deploy' },
			{ displayName: 'Environment', name: 'environment', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. production', description: 'Environment to deploy to (default: "production")' },
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Short description of the deployment' },
			{ displayName: 'Task', name: 'task', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. deploy:migrations', description: 'What to do (default: "deploy")' },
			{ displayName: 'Auto Merge', name: 'auto_merge', type: 'boolean', default: true, in: 'body', optional: true, description: 'Whether GitHub first merges the default branch into the ref when it is behind' },
			{
				displayName: 'Required Contexts', name: 'required_contexts', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. ci/build, lint',
				description: 'Status contexts that must be successful, separated by commas (default: every context of the ref)',
				toApi: (value) => listOf(value),
			},
			{ displayName: 'Payload (JSON)', name: 'payload', type: 'json', default: '{}', in: 'body', optional: true, description: 'Extra data for the systems that carry out the deployment' },
			{ displayName: 'Transient Environment', name: 'transient_environment', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the environment goes away later (e.g. a preview)' },
			{ displayName: 'Production Environment', name: 'production_environment', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether end users interact with the environment' },
		],
	},
	{
		resource: 'deployment',
		operation: 'list',
		objectType: 'deployment',
		name: 'List',
		action: 'List deployments',
		description: 'List the deployments of a repository, newest first, optionally only of a ref, SHA, task or environment.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/deployments',
		paging: {},
		fields: [
			...repositoryFields(),
			{ displayName: 'Environment', name: 'environment', type: 'string', default: '', in: 'query', optional: true, description: 'Only deployments to this environment, e.g. "production"' },
			{ displayName: 'Ref', name: 'ref', type: 'string', default: '', in: 'query', optional: true, description: 'Only deployments of this branch, tag or SHA' },
			{ displayName: 'SHA', name: 'sha', type: 'string', default: '', in: 'query', optional: true, description: 'Only deployments of this commit SHA' },
			{ displayName: 'Task', name: 'task', type: 'string', default: '', in: 'query', optional: true, description: 'Only deployments with this task, e.g. "deploy"' },
		],
	},
	{
		resource: 'deployment',
		operation: 'get',
		objectType: 'deployment',
		name: 'Get',
		action: 'Get a deployment',
		description: 'Get one deployment: ref, SHA, environment, task, creator, payload and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/deployments/{deployment_id}',
		fields: [...repositoryFields(), deploymentId()],
	},
	{
		resource: 'deployment',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a deployment',
		description: 'Delete a deployment permanently. Deletes data. GitHub only deletes inactive deployments: set an "inactive" status first (or deploy again to the environment).',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/deployments/{deployment_id}',
		fields: [...repositoryFields(), deploymentId()],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, deploymentId: values.deploymentId }),
	},
	{
		resource: 'deployment',
		operation: 'createStatus',
		objectType: 'deploymentStatus',
		name: 'Create Status',
		action: 'Set the status of a deployment',
		description:
			'Set a deployment’s status (queued, in progress, success, failure, error, inactive) with links to the logs and the deployed site. Changes the deployment; by default a success makes earlier deployments to the same environment inactive. Returns the status.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
		fields: [
			...repositoryFields(),
			deploymentId(),
			{ displayName: 'State', name: 'state', type: 'options', in: 'body', required: true, default: 'success', options: DEPLOYMENT_STATES, description: 'The deployment’s new state' },
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Short description of the status (up to 140 characters)' },
			{ displayName: 'Log URL', name: 'log_url', type: 'string', default: '', in: 'body', optional: true, description: 'Link to the deployment’s output' },
			{ displayName: 'Environment URL', name: 'environment_url', type: 'string', default: '', in: 'body', optional: true, description: 'Link to the deployed site' },
			{ displayName: 'Environment', name: 'environment', type: 'string', default: '', in: 'body', optional: true, description: 'Changes the deployment’s environment, e.g. "staging"' },
			{ displayName: 'Auto Inactive', name: 'auto_inactive', type: 'boolean', default: true, in: 'body', optional: true, description: 'Whether a success makes earlier deployments to the environment inactive' },
		],
	},
	{
		resource: 'deployment',
		operation: 'listStatuses',
		objectType: 'deploymentStatus',
		name: 'List Statuses',
		action: 'List the statuses of a deployment',
		description: 'List the statuses of a deployment, newest first: state, description, links, creator and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
		paging: {},
		fields: [...repositoryFields(), deploymentId()],
	},
	{
		resource: 'environment',
		operation: 'list',
		objectType: 'environment',
		name: 'List',
		action: 'List deployment environments',
		description: 'List the deployment environments of a repository with their protection rules and branch policy.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/environments',
		paging: { itemsKey: 'environments' },
		fields: repositoryFields(),
	},
	{
		resource: 'environment',
		operation: 'get',
		objectType: 'environment',
		name: 'Get',
		action: 'Get a deployment environment',
		description: 'Get one deployment environment: protection rules (wait timer, required reviewers), branch policy and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/environments/{environment_name}',
		fields: [...repositoryFields(), environmentField()],
	},
	{
		resource: 'environment',
		operation: 'createOrUpdate',
		objectType: 'environment',
		name: 'Create or Update',
		action: 'Create or update a deployment environment',
		description:
			'Create a deployment environment, or change its protection rules (wait timer, required reviewers, which branches may deploy). Changes the repository’s settings; only the settings given change. Returns the environment.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/environments/{environment_name}',
		handler: putEnvironment,
		fields: [...repositoryFields(), environmentField('Environment to create or change, chosen from the repository’s or by name (a new name creates it), e.g. "production"'), ...environmentSettings()],
	},
	{
		resource: 'environment',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a deployment environment',
		description: 'Delete a deployment environment with its secrets, variables and protection rules. Deletes data.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/environments/{environment_name}',
		fields: [...repositoryFields(), environmentField()],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, environment: values.environment }),
	},
]);
