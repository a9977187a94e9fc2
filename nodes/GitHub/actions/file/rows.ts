import { branchField, repositoryFields } from '../fields';
import type { RowField } from '../../../shared/rowEngine';
import { HIDDEN_TEXT_FOUND_NOTE } from '../../../shared/hiddenText';
import { gitHubRowTable } from '../types';
import { identity } from '../git/rows';
import { repository } from '../discussion/rows';
import { getFileBlame } from './blame';
import { createOrUpdateFile, deleteFile, getContent, listFolder } from './handlers';

const filePath = (description: string): RowField => ({
	displayName: 'File Path',
	name: 'path',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	keepSlashes: true,
	placeholder: 'e.g. docs/README.md',
	description,
});

const commitMessage: RowField = {
	displayName: 'Commit Message',
	name: 'message',
	type: 'string',
	default: '',
	in: 'body',
	required: true,
	description: 'Message of the commit this change creates',
};

const commitPeople = (): RowField[] => [
	identity('author', 'Commit Author', 'Author of the commit (name and email). Default: the committer.'),
	identity('committer', 'Committer', 'Committer of the commit (name and email). Default: the connected account.'),
];

const shaField = (description: string): RowField => ({
	displayName: 'Current File SHA',
	name: 'sha',
	type: 'string',
	default: '',
	in: 'body',
	optional: true,
	description,
});

export const fileRows = gitHubRowTable([
	{
		resource: 'file',
		operation: 'get',
		name: 'Get',
		action: 'Get a file or folder',
		description:
			`Get repository content at a path. For a file: its metadata plus the content decoded to text, or as binary data. For a folder: one item per entry (name, path, type, size, sha). ${HIDDEN_TEXT_FOUND_NOTE}`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/contents/{path}',
		spec: [{ kind: 'toolStep', name: 'Get Repository Content' }, { kind: 'endpoint', name: 'Get contents' }],
		handler: getContent,
		fields: [
			...repositoryFields(),
			filePath('Path of the file or folder in the repository, e.g. "src/index.ts" or "docs"'),
			{
				displayName: 'Put File Content In',
				name: 'outputAs',
				type: 'options',
				in: 'none',
				default: 'text',
				description: 'Where a file’s content goes: decoded as UTF-8 text in the "content" field, or into a binary property',
				options: [
					{ name: 'JSON Field (Text)', value: 'text' },
					{ name: 'Binary Property', value: 'binary' },
				],
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				in: 'none',
				default: 'data',
				description: 'Name of the binary property that receives the file',
				ui: { displayOptions: { show: { outputAs: ['binary'] } }, hint: 'The name of the output binary field to put the file in' },
			},
			{
				displayName: 'Reference',
				name: 'ref',
				type: 'string',
				default: '',
				in: 'query',
				optional: true,
				placeholder: 'e.g. main',
				description: 'Branch, tag or commit SHA to read from. Default: the repository’s default branch.',
			},
		],
	},
	{
		resource: 'file',
		operation: 'getBlame',
		objectType: 'blameRange',
		name: 'Get Blame',
		action: 'Get the blame of a file',
		description:
			'Tell who last changed each line of a file: one item per range of lines last changed by the same commit, in file order, with the commit (SHA, headline, URL), its author and date, and its age from 1 (among the newest changes of the file) to 10 (among the oldest). Reads a branch, tag or commit. Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: getFileBlame,
		fields: [
			...repository(),
			{ ...filePath('Path of the file from the repository root, e.g. "src/index.ts"'), in: 'none' },
			{
				displayName: 'Reference', name: 'ref', type: 'string', default: '', in: 'none', optional: true, placeholder: 'e.g. main',
				description: 'Branch, tag or commit SHA whose version of the file is blamed. Default: the repository’s default branch.',
			},
		],
	},
	{
		resource: 'file',
		operation: 'createOrUpdate',
		name: 'Create or Update',
		action: 'Create or update a file',
		description:
			'Write a file in a repository as one commit: creates it, or replaces it when it exists (its current SHA is looked up automatically). Content comes from text or from a binary property.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/contents/{path}',
		spec: [{ kind: 'toolStep', name: 'Create or Update File Contents' }, { kind: 'endpoint', name: 'Create or update file' }],
		handler: createOrUpdateFile,
		fields: [
			...repositoryFields(),
			filePath('Path of the file to write, e.g. "docs/notes.md"; folders are created as needed'),
			{
				displayName: 'Binary File',
				name: 'binaryData',
				type: 'boolean',
				in: 'none',
				default: false,
				description: 'Whether to take the content from a binary property of the input item instead of text',
			},
			{
				displayName: 'File Content',
				name: 'fileContent',
				type: 'string',
				in: 'none',
				default: '',
				description: 'Text to write into the file (UTF-8)',
				ui: { typeOptions: { rows: 4 }, displayOptions: { show: { binaryData: [false] } } },
			},
			{
				displayName: 'Input Binary Field',
				name: 'binaryPropertyName',
				type: 'string',
				in: 'none',
				default: 'data',
				description: 'Name of the input item’s binary property that holds the file',
				ui: { displayOptions: { show: { binaryData: [true] } }, hint: 'The name of the input binary field containing the file to be written' },
			},
			commitMessage,
			branchField({
				name: 'branch',
				in: 'body',
				optional: true,
				description: 'Branch to commit to. Default: the repository’s default branch.',
			}),
			shaField('SHA of the file being replaced. Leave empty: it is looked up automatically.'),
			...commitPeople(),
		],
	},
	{
		resource: 'file',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a file',
		description: 'Delete a file from a repository as one commit. Deletes data (the file stays in the history). The file’s current SHA is looked up automatically.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/contents/{path}',
		spec: [{ kind: 'endpoint', name: 'Delete file' }],
		handler: deleteFile,
		fields: [
			...repositoryFields(),
			filePath('Path of the file to delete, e.g. "docs/old.md"'),
			commitMessage,
			branchField({
				name: 'branch',
				in: 'body',
				optional: true,
				description: 'Branch to delete the file from. Default: the repository’s default branch.',
			}),
			shaField('SHA of the file being deleted. Leave empty: it is looked up automatically.'),
			...commitPeople(),
		],
	},
	{
		resource: 'file',
		operation: 'listFolder',
		objectType: 'file',
		name: 'List Folder',
		action: 'List the contents of a folder',
		description: 'List the files and folders directly inside a folder of a repository (the root when no path is given): one item per entry with name, path, type (file, dir, symlink, submodule), size and SHA.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/contents/{path}',
		handler: listFolder,
		fields: [
			...repositoryFields(),
			{
				displayName: 'Folder Path',
				name: 'path', type: 'string', default: '', in: 'none', placeholder: 'e.g. src/components',
				description: 'Path of the folder in the repository. Empty: the repository’s root.',
			},
			{ displayName: 'Reference', name: 'ref', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. main', description: 'Branch, tag or commit SHA to read from. Default: the repository’s default branch.' },
		],
	},
]);
