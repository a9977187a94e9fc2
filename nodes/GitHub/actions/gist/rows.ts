import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { gitHubRowTable } from '../types';
import { isoDate } from '../fields';

function filesToApi(value: unknown): IDataObject {
	const rows = ((value as IDataObject | undefined)?.file ?? []) as Array<{ name?: string; content?: string }>;
	const files: IDataObject = {};
	for (const row of rows) {
		const name = String(row.name ?? '').trim();
		if (name) files[name] = { content: String(row.content ?? '') };
	}
	return files;
}

const files = (description: string, optional: boolean): RowField => ({
	displayName: 'Files',
	name: 'files',
	type: 'fixedCollection',
	in: 'body',
	...(optional ? { optional: true } : { required: true }),
	default: {},
	placeholder: 'Add File',
	description,
	toApi: filesToApi,
	ui: {
		typeOptions: { multipleValues: true },
		options: [
			{
				name: 'file',
				displayName: 'File',
				values: [
					{ displayName: 'File Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. notes.md', description: 'Name of the file in the gist' },
					{ displayName: 'Content', name: 'content', type: 'string', default: '', typeOptions: { rows: 4 }, description: 'Text content of the file' },
				],
			},
		],
	},
});

const gistId: RowField = {
	displayName: 'Gist ID',
	name: 'gistId', apiName: 'gist_id', type: 'string', default: '', in: 'path', required: true,
	placeholder: 'e.g. aa5a315d61ae9438b18d',
	description: 'ID of the gist (the last part of its URL)',
};

export const gistRows = gitHubRowTable([
	{
		resource: 'gist',
		operation: 'create',
		objectType: 'gist',
		name: 'Create',
		action: 'Create a gist',
		description: 'Create a gist with one or more text files, public or secret. Returns the gist with its ID and URL.',
		method: 'POST',
		path: '/gists',
		spec: [{ kind: 'toolStep', name: 'Create Gist' }],
		fields: [
			files('Files of the gist: a name and text content each', false),
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Description of the gist' },
			{ displayName: 'Public', name: 'public', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the gist is public (listed) rather than secret' },
		],
	},
	{
		resource: 'gist',
		operation: 'update',
		objectType: 'gist',
		name: 'Update',
		action: 'Update a gist',
		description: 'Change a gist’s description or replace the content of its files (files not named stay as they are; new names add files).',
		method: 'PATCH',
		path: '/gists/{gist_id}',
		spec: [{ kind: 'toolStep', name: 'Update Gist' }],
		fields: [
			gistId,
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'New description' },
			files('Files to add or whose content to replace', true),
		],
	},
	{
		resource: 'gist',
		operation: 'listForUser',
		objectType: 'gist',
		name: 'List for User',
		action: 'List gists of a user',
		description: 'List the public gists of a GitHub user, newest first (for the connected account also its secret gists).',
		method: 'GET',
		path: '/users/{username}/gists',
		spec: [{ kind: 'toolStep', name: 'List Gists for a User' }],
		paging: {},
		fields: [
			{ displayName: 'Username', name: 'username', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. octocat', description: 'GitHub login of the user' },
			isoDate('since', 'Updated Since', 'Only gists updated at or after this time'),
		],
	},
	{
		resource: 'gist',
		operation: 'get',
		objectType: 'gist',
		name: 'Get',
		action: 'Get a gist',
		description: 'Get a gist with its files and their content (large files come truncated with a raw URL).',
		method: 'GET',
		path: '/gists/{gist_id}',
		fields: [gistId],
	},
	{
		resource: 'gist',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a gist',
		description: 'Delete a gist of the connected account. Deletes data: the gist and its history are gone.',
		method: 'DELETE',
		path: '/gists/{gist_id}',
		fields: [gistId],
		shapeAnswer: (_body, values: IDataObject) => ({ id: values.gistId, deleted: true }),
	},
	{
		resource: 'gist',
		operation: 'listMine',
		objectType: 'gist',
		name: 'List Mine',
		action: 'List gists of the connected account',
		description: 'List the connected account’s gists, public and secret, most recently updated first.',
		method: 'GET',
		path: '/gists',
		paging: {},
		fields: [isoDate('since', 'Updated Since', 'Only gists updated at or after this time')],
	},
]);
