import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { createTagObject, getTag } from './handlers';

/** A reference as GitHub's ref paths want it: "heads/main", "tags/v1" (a leading "refs/" is dropped). */
const referencePath = (description: string): RowField => ({
	displayName: 'Reference',
	name: 'ref',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	keepSlashes: true,
	placeholder: 'e.g. heads/main or tags/v1.0.0',
	description,
	toApi: (value) => String(value).trim().replace(/^\/*refs\//, ''),
});

const sha = (description: string): RowField => ({
	displayName: 'SHA',
	name: 'sha', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. aa218f56b14c9653891f9e74264a383fa43fefbd', description,
});

export const gitRows = gitHubRowTable([
	{
		resource: 'git',
		operation: 'getReference',
		name: 'Get Reference',
		action: 'Get a Git reference',
		description: 'Get a branch or tag reference ("heads/main", "tags/v1.0.0") with the SHA and type of the object it points to.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/git/ref/{ref}',
		fields: [...repositoryFields(), referencePath('Reference without "refs/": "heads/BRANCH" or "tags/TAG"')],
	},
	{
		resource: 'git',
		operation: 'createReference',
		name: 'Create Reference',
		action: 'Create a Git reference',
		description: 'Create a branch or tag reference pointing at a commit (or, for tags, a tag object). Changes the repository. Returns the new reference.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/git/refs',
		fields: [
			...repositoryFields(),
			{
				...referencePath('Full name of the new reference, e.g. "refs/heads/feature" or "refs/tags/v1.0.0" ("refs/" is added when missing)'),
				in: 'body',
				toApi: (value) => {
					const text = String(value).trim().replace(/^\/+/, '');
					return text.startsWith('refs/') ? text : `refs/${text}`;
				},
			},
			sha('SHA the reference points to'),
		],
	},
	{
		resource: 'git',
		operation: 'updateReference',
		name: 'Update Reference',
		action: 'Move a Git reference',
		description: 'Point a branch or tag reference at another SHA. Changes the repository; without Force only fast-forward moves are accepted. Returns the updated reference.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/git/refs/{ref}',
		fields: [
			...repositoryFields(),
			referencePath('Reference to move, without "refs/": "heads/BRANCH" or "tags/TAG"'),
			sha('SHA the reference should point to'),
			{ displayName: 'Force', name: 'force', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether to move the reference even when it is not a fast-forward (commits can be lost)' },
		],
	},
	{
		resource: 'git',
		operation: 'deleteReference',
		name: 'Delete Reference',
		action: 'Delete a Git reference',
		description: 'Delete a branch or tag reference. Deletes data: the branch or tag is gone (its commits remain while other references reach them).',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/git/refs/{ref}',
		fields: [...repositoryFields(), referencePath('Reference to delete, without "refs/": "heads/BRANCH" or "tags/TAG"')],
		shapeAnswer: (_body, values: IDataObject) => ({ ref: values.ref, deleted: true }),
	},
	{
		resource: 'git',
		operation: 'createTag',
		name: 'Create Tag Object',
		action: 'Create an annotated tag object',
		description:
			'Create an annotated tag object (name, message, tagger) for a commit. Changes the repository. Only with "Create Reference" on does the tag show up as refs/tags/NAME; otherwise create that reference separately. Returns the tag object (and the reference when created).',
		method: 'POST',
		path: '/repos/{owner}/{repo}/git/tags',
		handler: createTagObject,
		fields: [
			...repositoryFields(),
			{ displayName: 'Tag Name', name: 'tag', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. v1.0.0', description: 'Name of the tag' },
			{ displayName: 'Message', name: 'message', type: 'string', default: '', in: 'body', required: true, description: 'Tag message' },
			{ displayName: 'Object SHA', name: 'object', type: 'string', default: '', in: 'body', required: true, description: 'SHA of the commit (or other object) the tag points to' },
			{
				displayName: 'Object Type',
				name: 'type', type: 'options', in: 'body', default: 'commit', description: 'Type of the tagged object',
				options: [
					{ name: 'Blob', value: 'blob' },
					{ name: 'Commit', value: 'commit' },
					{ name: 'Tree', value: 'tree' },
				],
			},
			{ displayName: 'Create Reference', name: 'createReference', type: 'boolean', in: 'none', default: true, description: 'Whether to also create refs/tags/NAME pointing at the new tag object, so the tag is visible' },
			identity('tagger', 'Tagger', 'Who made the tag. Default: the connected account.'),
		],
	},
	{
		resource: 'git',
		operation: 'getTag',
		name: 'Get Tag',
		action: 'Get a tag by name',
		description:
			'Get a tag by its name, e.g. "v1.2.0": the commit SHA it tags and whether it is annotated; for an annotated tag also its message, tagger and signature verification.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/git/ref/tags/{tag}',
		handler: getTag,
		fields: [
			...repositoryFields(),
			{
				displayName: 'Tag Name', name: 'tag', type: 'string', default: '', in: 'path', required: true, keepSlashes: true, placeholder: 'e.g. v1.2.0',
				description: 'Name of the tag ("refs/tags/" may be left out)',
				toApi: (value) => String(value).trim().replace(/^\/*(refs\/)?tags\//, ''),
			},
		],
	},
	{
		resource: 'git',
		operation: 'getTree',
		name: 'Get Tree',
		action: 'Get a Git tree',
		description: 'Get the files and folders of a tree (a commit SHA, branch name or tree SHA), optionally with everything below it. Returns the tree with one entry per path (path, mode, type, sha, size) and whether GitHub truncated it.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/git/trees/{tree_sha}',
		fields: [
			...repositoryFields(),
			{
				displayName: 'Tree',
				name: 'treeSha', apiName: 'tree_sha', type: 'string', default: '', in: 'path', required: true, keepSlashes: true, placeholder: 'e.g. main',
				description: 'Tree SHA, commit SHA or branch name',
			},
			{
				displayName: 'Recursive',
				name: 'recursive', type: 'boolean', default: false, in: 'query', optional: true,
				description: 'Whether to include every file and folder below the tree, not only its direct entries',
				toApi: (value) => (value ? 'true' : undefined),
			},
		],
	},
]);

/** A name and email (commit author, committer, tagger) as GitHub's object. */
export function identity(name: string, displayName: string, description: string): RowField {
	return {
		name,
		displayName,
		type: 'fixedCollection',
		in: 'body',
		optional: true,
		default: {},
		placeholder: `Add ${displayName}`,
		description,
		toApi: (value) => {
			const person = (value as { person?: { name?: string; email?: string } } | undefined)?.person;
			if (!person) return undefined;
			const result: IDataObject = {};
			if (String(person.name ?? '').trim()) result.name = String(person.name).trim();
			if (String(person.email ?? '').trim()) result.email = String(person.email).trim();
			return result;
		},
		ui: {
			options: [
				{
					name: 'person',
					displayName: displayName,
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Full name' },
						{ displayName: 'Email', name: 'email', type: 'string', default: '', placeholder: 'name@email.com', description: 'Email address' },
					],
				},
			],
		},
	};
}
