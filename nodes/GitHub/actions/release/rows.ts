import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { byId, locatorModes, mustMatch } from '../../../shared/locator';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { downloadReleaseAsset, uploadReleaseAsset } from './handlers';

export const releaseIdField = (): RowField => ({
	displayName: 'Release',
	name: 'releaseId',
	apiName: 'release_id',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	in: 'path',
	required: true,
	integer: true,
	description: 'The release, chosen from the list or by its numeric ID (the ID that Get, Get by Tag and List return; not the tag)',
	ui: locatorModes('searchReleases', byId('e.g. 1234567', { validation: mustMatch('^[0-9]+$', 'Give a numeric ID') })),
});

/** The Asset ID field of the asset operations (Download Asset's parameter, kept as saved workflows store it). */
const assetIdField = (): RowField => ({
	displayName: 'Asset ID', name: 'assetId', apiName: 'asset_id', type: 'number', default: 0, in: 'path', required: true, integer: true,
	description: 'Numeric ID of the asset (from List Assets or the release’s assets)',
});

const MAKE_LATEST = [
	{ name: 'Yes', value: 'true', description: 'Mark this release as the latest' },
	{ name: 'No', value: 'false', description: 'Leave the latest release as it is' },
	{ name: 'By Date and Version', value: 'legacy', description: 'Latest when it is the newest full release by creation date and version' },
];

/** The release's editable properties (create and update share them). */
function releaseProperties(forCreate: boolean): RowField[] {
	return [
		{
			displayName: 'Target', name: 'target_commitish', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. main',
			description: forCreate
				? 'Branch or commit SHA the tag is created from when the tag does not exist yet (default: the repository’s default branch)'
				: 'Branch or commit SHA the tag is created from when the tag does not exist yet',
		},
		{ displayName: 'Release Name', name: 'name', type: 'string', default: '', in: 'body', optional: true, description: 'Title of the release (default: the tag name)' },
		{
			displayName: 'Notes', name: 'body', type: 'string', default: '', in: 'body', optional: true, ui: { typeOptions: { rows: 4 } },
			description: forCreate
				? 'Release notes in Markdown; with "Generate Release Notes" on, they are added before the generated notes'
				: 'Release notes in Markdown (replace the current notes)',
		},
		{ displayName: 'Draft', name: 'draft', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the release is a draft (unpublished, visible to people with push access only)' },
		{ displayName: 'Prerelease', name: 'prerelease', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the release is marked as a prerelease (not ready for production)' },
		{
			displayName: 'Make Latest', name: 'make_latest', type: 'options', in: 'body', optional: true, default: 'true', options: MAKE_LATEST,
			description: 'Whether this release becomes the repository’s latest release (drafts and prereleases never do)',
		},
	];
}

export const releaseRows = gitHubRowTable([
	{
		resource: 'release',
		operation: 'list',
		objectType: 'release',
		name: 'List',
		action: 'List releases',
		description: 'List the releases of a repository, newest first: tag, name, notes, draft/prerelease flags, assets and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases',
		spec: [{ kind: 'toolStep', name: 'List Releases' }],
		paging: {},
		fields: repositoryFields(),
	},
	{
		resource: 'release',
		operation: 'getLatest',
		objectType: 'release',
		name: 'Get Latest',
		action: 'Get the latest release',
		description:
			'Get the latest published full release of a repository (drafts and prereleases are skipped): tag, name, notes, assets and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/latest',
		fields: repositoryFields(),
	},
	{
		resource: 'release',
		operation: 'get',
		objectType: 'release',
		name: 'Get',
		action: 'Get a release',
		description: 'Get one release by its ID: tag, name, notes, draft/prerelease flags, assets and dates.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/{release_id}',
		fields: [...repositoryFields(), releaseIdField()],
	},
	{
		resource: 'release',
		operation: 'getByTag',
		objectType: 'release',
		name: 'Get by Tag',
		action: 'Get a release by its tag',
		description: 'Get the published release of a tag, e.g. "v1.2.0": ID, name, notes, assets and dates. Drafts have no tag yet and are not found this way.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/tags/{tag}',
		fields: [
			...repositoryFields(),
			{ displayName: 'Tag', name: 'tag', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. v1.2.0', description: 'Tag name of the release, e.g. "v1.2.0"' },
		],
	},
	{
		resource: 'release',
		operation: 'create',
		objectType: 'release',
		name: 'Create',
		action: 'Create a release',
		description:
			'Create (and by default publish) a release for a tag; the tag is created from Target when it does not exist. Can generate the notes from merged pull requests, or create a draft or prerelease.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/releases',
		fields: [
			...repositoryFields(),
			{ displayName: 'Tag', name: 'tag_name', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. v1.2.0', description: 'Tag of the release, e.g. "v1.2.0"' },
			...releaseProperties(true),
			{
				displayName: 'Generate Release Notes', name: 'generate_release_notes', type: 'boolean', default: false, in: 'body', optional: true,
				description: 'Whether GitHub writes the notes from the pull requests merged since the previous release',
			},
		],
	},
	{
		resource: 'release',
		operation: 'update',
		objectType: 'release',
		name: 'Update',
		action: 'Update a release',
		description:
			'Change a release: tag, name, notes, draft/prerelease flags, latest flag. Publishing a draft is setting Draft to false. Only the fields given change.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/releases/{release_id}',
		fields: [
			...repositoryFields(),
			releaseIdField(),
			{ displayName: 'Tag', name: 'tag_name', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. v1.2.1', description: 'New tag of the release' },
			...releaseProperties(false),
		],
	},
	{
		resource: 'release',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a release',
		description: 'Delete a release and its uploaded assets, permanently. The Git tag stays (delete it as a ref).',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/releases/{release_id}',
		fields: [...repositoryFields(), releaseIdField()],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, releaseId: values.releaseId }),
	},
	{
		resource: 'release',
		operation: 'listAssets',
		objectType: 'asset',
		name: 'List Assets',
		action: 'List the assets of a release',
		description: 'List the files uploaded to a release: name, label, content type, size, download count and download URL.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/{release_id}/assets',
		paging: {},
		fields: [...repositoryFields(), releaseIdField()],
	},
	{
		resource: 'release',
		operation: 'uploadAsset',
		objectType: 'asset',
		name: 'Upload Asset',
		action: 'Upload a file to a release',
		description:
			'Add a file from the input item’s binary data to a release as an asset (it adds to the release; a file of the same name already there is refused by GitHub). The name is the file’s name unless given; the content type is the file’s MIME type.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/releases/{release_id}/assets',
		handler: uploadReleaseAsset,
		fields: [
			...repositoryFields(),
			releaseIdField(),
			{
				displayName: 'Input Binary Field', name: 'binaryPropertyName', type: 'string', in: 'none', required: true, default: 'data',
				description: 'Name of the input item’s binary property that holds the file',
				ui: { hint: 'The name of the input binary field containing the file to be uploaded' },
			},
			{ displayName: 'File Name', name: 'name', type: 'string', default: '', in: 'query', optional: true, description: 'Name of the asset (default: the binary data’s file name)' },
			{ displayName: 'Label', name: 'label', type: 'string', default: '', in: 'query', optional: true, description: 'Short text shown instead of the file name in the release’s asset list' },
		],
	},
	{
		resource: 'release',
		operation: 'getAsset',
		objectType: 'asset',
		name: 'Get Asset',
		action: 'Get a release asset',
		description: 'Get one file of a release by its asset ID: name, label, content type, size, state, download count and download URL (not its bytes; use Download Asset).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/assets/{asset_id}',
		fields: [...repositoryFields(), assetIdField()],
	},
	{
		resource: 'release',
		operation: 'updateAsset',
		objectType: 'asset',
		name: 'Update Asset',
		action: 'Rename or relabel a release asset',
		description: 'Change a release file’s name or label (the short text shown instead of the name). Only the fields given change; the bytes stay.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/releases/assets/{asset_id}',
		fields: [
			...repositoryFields(),
			assetIdField(),
			{ displayName: 'File Name', name: 'name', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. app-linux.zip', description: 'New file name of the asset' },
			{ displayName: 'Label', name: 'label', type: 'string', default: '', in: 'body', optional: true, description: 'New short text shown instead of the file name in the release’s asset list' },
		],
	},
	{
		resource: 'release',
		operation: 'deleteAsset',
		name: 'Delete Asset',
		action: 'Delete a release asset',
		description: 'Delete one file of a release, permanently. The release and its other assets stay.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/releases/assets/{asset_id}',
		fields: [...repositoryFields(), assetIdField()],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, assetId: values.assetId }),
	},
	{
		resource: 'release',
		operation: 'downloadAsset',
		name: 'Download Asset',
		action: 'Download a release asset',
		description:
			'Download a file of a release into a binary property, named and typed as uploaded (streamed; an asset over "Max Download Size (MB)" is refused before downloading).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/releases/assets/{asset_id}',
		handler: downloadReleaseAsset,
		fields: [
			...repositoryFields(),
			assetIdField(),
			{
				displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', in: 'none', required: true, default: 'data',
				description: 'Name of the output binary property that receives the file',
				ui: { hint: 'The name of the output binary field to put the file in' },
			},
		],
	},
]);
