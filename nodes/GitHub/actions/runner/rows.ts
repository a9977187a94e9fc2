import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { createRegistrationToken } from './handlers';

const runnerIdField = (): RowField => ({
	displayName: 'Runner ID', name: 'runnerId', apiName: 'runner_id', type: 'number', default: 0, in: 'path', required: true, integer: true,
	description: 'Numeric ID of the self-hosted runner (from List)',
});

/** GitHub answers every label request with the runner's labels as { total_count, labels }: the labels become the items. */
const labelsOf = (body: unknown): unknown => ((body ?? {}) as IDataObject).labels ?? [];

const LABELS_RETURNED = 'Returns the runner’s labels afterwards, one item each (type "read-only" for those GitHub gives every runner, "custom" for the others).';

export const runnerRows = gitHubRowTable([
	{
		resource: 'runner',
		operation: 'list',
		objectType: 'runner',
		name: 'List',
		action: 'List the self-hosted runners of a repository',
		description: 'List the self-hosted GitHub Actions runners registered to a repository: name, operating system, online or offline, busy, labels. Needs admin access to the repository.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runners',
		paging: { itemsKey: 'runners' },
		fields: [
			...repositoryFields(),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. build-box-1', description: 'Only the runner with this name' },
		],
	},
	{
		resource: 'runner',
		operation: 'get',
		objectType: 'runner',
		name: 'Get',
		action: 'Get a self-hosted runner',
		description: 'Get one self-hosted runner of a repository by ID: name, operating system, online or offline, busy, labels.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runners/{runner_id}',
		fields: [...repositoryFields(), runnerIdField()],
	},
	{
		resource: 'runner',
		operation: 'remove',
		name: 'Remove',
		action: 'Remove a self-hosted runner from a repository',
		description: 'Remove a self-hosted runner from a repository, permanently: it takes no more jobs and has to be registered again to come back. A job it is running is not stopped.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/actions/runners/{runner_id}',
		fields: [...repositoryFields(), runnerIdField()],
		shapeAnswer: (_body, values: IDataObject) => ({ removed: true, runnerId: values.runnerId }),
	},
	{
		resource: 'runner',
		operation: 'createRegistrationToken',
		name: 'Create Registration Token',
		action: 'Create a token to register a self-hosted runner',
		description:
			'Create a token for registering a new self-hosted runner with the repository (config.sh --token …); it expires after an hour. The token is in the output only: no error or log line of the node shows it. Changes the repository’s runner registration; needs admin access.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/runners/registration-token',
		handler: createRegistrationToken,
		fields: repositoryFields(),
		shapeAnswer: (body) => ({ token: (body as IDataObject).token, expiresAt: (body as IDataObject).expires_at }),
	},
	{
		resource: 'runner',
		operation: 'listLabels',
		objectType: 'runnerLabel',
		name: 'List Labels',
		action: 'List the labels of a self-hosted runner',
		description: 'List the labels of a self-hosted runner (workflows pick runners by them in runs-on), one item each, with whether GitHub set the label ("read-only") or it was added ("custom").',
		method: 'GET',
		path: '/repos/{owner}/{repo}/actions/runners/{runner_id}/labels',
		fields: [...repositoryFields(), runnerIdField()],
		shapeAnswer: labelsOf,
	},
	{
		resource: 'runner',
		operation: 'addLabels',
		objectType: 'runnerLabel',
		name: 'Add Labels',
		action: 'Add labels to a self-hosted runner',
		description: `Add custom labels to a self-hosted runner, keeping its other labels. ${LABELS_RETURNED}`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/actions/runners/{runner_id}/labels',
		fields: [
			...repositoryFields(),
			runnerIdField(),
			{
				displayName: 'Labels', name: 'labels', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. gpu, large-disk',
				description: 'Names of the labels to add, comma-separated (at most 100)',
				toApi: (value) => listOf(value),
			},
		],
		shapeAnswer: labelsOf,
	},
	{
		resource: 'runner',
		operation: 'removeLabel',
		objectType: 'runnerLabel',
		name: 'Remove Label',
		action: 'Remove a label from a self-hosted runner',
		description: `Remove one custom label from a self-hosted runner (the labels GitHub gives every runner cannot be removed). ${LABELS_RETURNED}`,
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/actions/runners/{runner_id}/labels/{name}',
		fields: [
			...repositoryFields(),
			runnerIdField(),
			{ displayName: 'Label', name: 'label', apiName: 'name', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. gpu', description: 'Name of the custom label to remove' },
		],
		shapeAnswer: labelsOf,
	},
]);
