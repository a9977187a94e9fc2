import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { branchField, ownerField, repositoryFields, sortDirection } from '../fields';
import { gitHubRowTable } from '../types';
import { identity } from '../git/rows';
import { commitFiles } from './commitFiles';
import { createFork, createRepository, deleteRepository, downloadArchive, listRepositoriesInScope, replaceTopics } from './handlers';

const username: RowField = {
	displayName: 'Username',
	name: 'username', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. octocat',
	description: 'GitHub login of the user',
};

const organization: RowField = {
	displayName: 'Organization',
	name: 'organization', apiName: 'org', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. n8n-io',
	description: 'Login of the organization',
};

const repositorySort = (fallback: string): RowField => ({
	displayName: 'Sort By',
	name: 'sort', type: 'options', in: 'query', optional: true, default: fallback,
	description: 'Order of the repositories',
	options: [
		{ name: 'Created', value: 'created' },
		{ name: 'Full Name', value: 'full_name' },
		{ name: 'Pushed', value: 'pushed' },
		{ name: 'Updated', value: 'updated' },
	],
});

const repositoryType = (values: string[], fallback: string): RowField => ({
	displayName: 'Type',
	name: 'type', type: 'options', in: 'query', optional: true, default: fallback,
	description: 'Which repositories to list',
	options: values.map((value) => ({ name: value.replace(/^./, (c) => c.toUpperCase()), value })),
});

const CONFINED_LIST = ' With "Allowed Repositories" set, repositories outside it are left out.';

/** Settings Update offers; renaming is left out so a repository cannot move out of an allowlist by name. */
const settings: RowField[] = [
	{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Short description shown on the repository page' },
	{ displayName: 'Homepage', name: 'homepage', type: 'string', default: '', in: 'body', optional: true, description: 'URL of a page about the project' },
	{
		displayName: 'Visibility',
		name: 'visibility', type: 'options', in: 'body', optional: true, default: 'private',
		description: 'Who can see the repository',
		options: [
			{ name: 'Private', value: 'private' },
			{ name: 'Public', value: 'public' },
		],
	},
	{ displayName: 'Default Branch', name: 'default_branch', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. main', description: 'Branch that becomes the default branch (it must exist)' },
	{ displayName: 'Has Issues', name: 'has_issues', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether issues are enabled' },
	{ displayName: 'Has Projects', name: 'has_projects', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether projects are enabled' },
	{ displayName: 'Has Wiki', name: 'has_wiki', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether the wiki is enabled' },
	{ displayName: 'Is Template', name: 'is_template', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the repository can be used as a template' },
	{ displayName: 'Allow Squash Merge', name: 'allow_squash_merge', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether pull requests can be squash-merged' },
	{ displayName: 'Allow Merge Commit', name: 'allow_merge_commit', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether pull requests can be merged with a merge commit' },
	{ displayName: 'Allow Rebase Merge', name: 'allow_rebase_merge', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether pull requests can be rebase-merged' },
	{ displayName: 'Allow Auto-Merge', name: 'allow_auto_merge', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether auto-merge can be enabled on pull requests' },
	{ displayName: 'Delete Branch on Merge', name: 'delete_branch_on_merge', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether head branches are deleted automatically after a merge' },
	{ displayName: 'Archived', name: 'archived', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the repository is archived (read-only); false unarchives it' },
];

export const repositoryRows = gitHubRowTable([
	{
		resource: 'repository',
		operation: 'create',
		objectType: 'repository',
		name: 'Create',
		action: 'Create a repository',
		description:
			'Create a new repository in the connected account or in an organization. Returns the new repository.',
		method: 'POST',
		path: '/user/repos',
		spec: [{ kind: 'toolStep', name: 'Create Repository' }],
		handler: createRepository,
		fields: [
			{
				...ownerField(
					'Account or organization to create the repository in. Leave empty for the connected account; an organization needs the right to create repositories there.',
				),
				in: 'none',
				required: false,
			},
			{
				displayName: 'Repository Name',
				name: 'name',
				type: 'string',
				default: '',
				in: 'body',
				required: true,
				identifies: 'repository',
				placeholder: 'e.g. my-project',
				description: 'Name of the new repository (letters, digits, "-", "_" and ".")',
			},
			{ displayName: 'Description', name: 'description', type: 'string', default: '', in: 'body', optional: true, description: 'Short description shown on the repository page' },
			{ displayName: 'Homepage', name: 'homepage', type: 'string', default: '', in: 'body', optional: true, description: 'URL of a page about the project' },
			{ displayName: 'Private', name: 'private', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether only people with access can see the repository' },
			{ displayName: 'Initialize With README', name: 'auto_init', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether to create an initial commit with an empty README' },
			{ displayName: 'Gitignore Template', name: 'gitignore_template', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. Node', description: 'Name of a GitHub .gitignore template to apply' },
			{ displayName: 'License Template', name: 'license_template', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. mit', description: 'Keyword of an open source license to add, e.g. "mit" or "apache-2.0"' },
			{ displayName: 'Has Issues', name: 'has_issues', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether issues are enabled' },
			{ displayName: 'Has Wiki', name: 'has_wiki', type: 'boolean', in: 'body', optional: true, default: true, description: 'Whether the wiki is enabled' },
			{ displayName: 'Is Template', name: 'is_template', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether the repository can be used as a template' },
		],
	},
	{
		resource: 'repository',
		operation: 'get',
		objectType: 'repository',
		name: 'Get',
		action: 'Get a repository',
		description:
			'Get information about a repository: description, default branch, visibility, stars, forks, open issues count, topics and URLs.',
		method: 'GET',
		path: '/repos/{owner}/{repo}',
		spec: [{ kind: 'toolStep', name: 'Get Repository Info' }],
		fields: repositoryFields(),
	},
	{
		resource: 'repository',
		operation: 'star',
		name: 'Star',
		action: 'Star a repository',
		description: 'Star a repository as the connected account. Starring an already starred repository changes nothing.',
		method: 'PUT',
		path: '/user/starred/{owner}/{repo}',
		spec: [{ kind: 'toolStep', name: 'Star Repo' }],
		fields: repositoryFields(),
		shapeAnswer: (_body, values: IDataObject) => ({ starred: true, owner: values.owner, repository: values.repository }),
	},
	{
		resource: 'repository',
		operation: 'update',
		objectType: 'repository',
		name: 'Update',
		action: 'Update a repository',
		description:
			'Change a repository’s settings: description, homepage, visibility, default branch, features (issues, wiki, projects), merge options, archived. Changes the repository; settings not given stay as they are. Returns the updated repository.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}',
		fields: [...repositoryFields(), ...settings],
	},
	{
		resource: 'repository',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a repository',
		description:
			'Delete a repository permanently, with its issues, pull requests, wiki, releases and settings. Only runs when "Confirm Full Name" repeats the repository as owner/name exactly; otherwise nothing is sent. Read-only credentials refuse it, and so does "Allowed Repositories" unless it names the repository itself (an owner/* entry is not enough). Needs admin rights on the repository and, for classic tokens, the delete_repo scope.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}',
		handler: deleteRepository,
		fields: [
			...repositoryFields(),
			{
				displayName: 'Confirm Full Name',
				name: 'confirmFullName', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. octocat/hello-world',
				description: 'The repository again, as owner/name exactly as chosen above: the deletion runs only when the two agree',
			},
		],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, repository: `${String(values.owner)}/${String(values.repository)}` }),
	},
	{
		resource: 'repository',
		operation: 'listMine',
		objectType: 'repository',
		name: 'List My Repositories',
		action: 'List repositories of the connected account',
		description: `List repositories the connected account can access: its own, those it collaborates on and its organizations’ ones.${CONFINED_LIST}`,
		method: 'GET',
		path: '/user/repos',
		handler: listRepositoriesInScope,
		paging: {},
		fields: [
			{
				displayName: 'Visibility',
				name: 'visibility', type: 'options', in: 'query', optional: true, default: 'all',
				description: 'Only public or only private repositories',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Private', value: 'private' },
					{ name: 'Public', value: 'public' },
				],
			},
			{
				displayName: 'Affiliation',
				name: 'affiliation', type: 'multiOptions', in: 'query', optional: true, default: [],
				description: 'How the account is related to the repositories. Default: all three.',
				toApi: (value) => (value as string[]).join(','),
				options: [
					{ name: 'Collaborator', value: 'collaborator' },
					{ name: 'Organization Member', value: 'organization_member' },
					{ name: 'Owner', value: 'owner' },
				],
			},
			repositorySort('full_name'),
			sortDirection(),
		],
	},
	{
		resource: 'repository',
		operation: 'listForUser',
		objectType: 'repository',
		name: 'List for User',
		action: 'List repositories of a user',
		description: `List the public repositories of a GitHub user.${CONFINED_LIST}`,
		method: 'GET',
		path: '/users/{username}/repos',
		handler: listRepositoriesInScope,
		paging: {},
		fields: [username, repositoryType(['all', 'member', 'owner'], 'owner'), repositorySort('full_name'), sortDirection()],
	},
	{
		resource: 'repository',
		operation: 'listForOrganization',
		objectType: 'repository',
		name: 'List for Organization',
		action: 'List repositories of an organization',
		description: `List the repositories of an organization that the connected account can see.${CONFINED_LIST}`,
		method: 'GET',
		path: '/orgs/{org}/repos',
		handler: listRepositoriesInScope,
		paging: {},
		fields: [organization, repositoryType(['all', 'forks', 'member', 'private', 'public', 'sources'], 'all'), repositorySort('created'), sortDirection()],
	},
	{
		resource: 'repository',
		operation: 'getTopics',
		name: 'Get Topics',
		action: 'Get the topics of a repository',
		description: 'Get the topics (tags shown on the repository page) of a repository as a list of names.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/topics',
		fields: repositoryFields(),
	},
	{
		resource: 'repository',
		operation: 'replaceTopics',
		name: 'Replace Topics',
		action: 'Replace the topics of a repository',
		description: 'Replace all topics of a repository with the given names (lowercase letters, digits and "-"). Changes the repository; an empty list removes every topic. Returns the new topic list.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/topics',
		handler: replaceTopics,
		fields: [
			...repositoryFields(),
			{
				displayName: 'Topics',
				name: 'names', type: 'string', default: '', in: 'none', placeholder: 'e.g. automation, n8n',
				description: 'Topic names, separated by commas. Empty removes all topics.',
			},
		],
	},
	{
		resource: 'repository',
		operation: 'listLanguages',
		name: 'List Languages',
		action: 'List the languages of a repository',
		description: 'Get the programming languages of a repository with the number of bytes of code in each, as one object (language → bytes).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/languages',
		fields: repositoryFields(),
	},
	{
		resource: 'repository',
		operation: 'listContributors',
		objectType: 'user',
		name: 'List Contributors',
		action: 'List the contributors of a repository',
		description: 'List the contributors of a repository, most commits first, with their number of contributions.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/contributors',
		paging: {},
		fields: [
			...repositoryFields(),
			{
				displayName: 'Include Anonymous',
				name: 'anon', type: 'boolean', default: false, in: 'query', optional: true,
				description: 'Whether to include contributors whose commits are not linked to a GitHub account',
				toApi: (value) => (value ? 'true' : undefined),
			},
		],
	},
	{
		resource: 'repository',
		operation: 'listTags',
		objectType: 'tag',
		name: 'List Tags',
		action: 'List the tags of a repository',
		description: 'List the Git tags of a repository with the commit each points to.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/tags',
		paging: {},
		fields: repositoryFields(),
	},
	{
		resource: 'repository',
		operation: 'listForks',
		objectType: 'repository',
		name: 'List Forks',
		action: 'List the forks of a repository',
		description: 'List the forks of a repository, newest first unless sorted otherwise.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/forks',
		paging: {},
		fields: [
			...repositoryFields(),
			{
				displayName: 'Sort By',
				name: 'sort', type: 'options', in: 'query', optional: true, default: 'newest',
				description: 'Order of the forks',
				options: [
					{ name: 'Newest', value: 'newest' },
					{ name: 'Oldest', value: 'oldest' },
					{ name: 'Stargazers', value: 'stargazers' },
					{ name: 'Watchers', value: 'watchers' },
				],
			},
		],
	},
	{
		resource: 'repository',
		operation: 'createFork',
		objectType: 'repository',
		name: 'Create Fork',
		action: 'Fork a repository',
		description:
			'Create a fork (a new repository copied from this one) in the connected account or an organization. Creates a repository; GitHub finishes copying shortly after answering. With "Allowed Repositories" set, the fork itself must be allowed too. Returns the new repository.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/forks',
		handler: createFork,
		fields: [
			...repositoryFields(),
			{ displayName: 'Organization', name: 'organization', type: 'string', default: '', in: 'body', optional: true, placeholder: 'e.g. acme', description: 'Organization to fork into. Default: the connected account.' },
			{ displayName: 'Fork Name', name: 'name', type: 'string', default: '', in: 'body', optional: true, description: 'Name of the fork. Default: the name of the repository.' },
			{ displayName: 'Default Branch Only', name: 'default_branch_only', type: 'boolean', default: false, in: 'body', optional: true, description: 'Whether to copy only the default branch' },
		],
	},
	{
		resource: 'repository',
		operation: 'unstar',
		name: 'Unstar',
		action: 'Unstar a repository',
		description: 'Remove the connected account’s star from a repository. Unstarring a repository that is not starred changes nothing.',
		method: 'DELETE',
		effect: 'changes',
		path: '/user/starred/{owner}/{repo}',
		fields: repositoryFields(),
		shapeAnswer: (_body, values: IDataObject) => ({ starred: false, owner: values.owner, repository: values.repository }),
	},
	{
		resource: 'repository',
		operation: 'listStarred',
		objectType: 'repository',
		name: 'List Starred',
		action: 'List repositories starred by the connected account',
		description: `List the repositories the connected account has starred, most recently starred first.${CONFINED_LIST}`,
		method: 'GET',
		path: '/user/starred',
		handler: listRepositoriesInScope,
		paging: {},
		fields: [
			{
				displayName: 'Sort By',
				name: 'sort', type: 'options', in: 'query', optional: true, default: 'created',
				description: 'Sort by when the star was given or when the repository was last pushed to',
				options: [
					{ name: 'Starred', value: 'created' },
					{ name: 'Updated', value: 'updated' },
				],
			},
			sortDirection(),
		],
	},
	{
		resource: 'repository',
		operation: 'syncFork',
		name: 'Sync Fork',
		action: 'Sync a fork with its upstream repository',
		description:
			'Bring a branch of a fork up to date with the same branch of the repository it was forked from. Changes the fork (merges or fast-forwards the branch); fails on conflicts. Returns how it was merged.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/merge-upstream',
		fields: [
			...repositoryFields(),
			{ displayName: 'Branch', name: 'branch', type: 'string', in: 'body', required: true, default: 'main', placeholder: 'e.g. main', description: 'Branch of the fork to update' },
		],
	},
	{
		resource: 'repository',
		operation: 'downloadArchive',
		name: 'Download Archive',
		action: 'Download a repository archive',
		description:
			'Download the repository’s files at a branch, tag or commit as a tar.gz or zip archive into a binary property (streamed; bounded by "Max Download Size (MB)").',
		method: 'GET',
		path: '/repos/{owner}/{repo}/tarball/{ref}',
		handler: downloadArchive,
		fields: [
			...repositoryFields(),
			branchField({
				name: 'ref', in: 'path', required: true, default: { mode: 'name', value: '' },
				displayName: 'Ref',
				description: 'Branch, tag or commit SHA to archive, e.g. "main" or "v1.2.0"',
			}),
			{
				displayName: 'Archive Format',
				name: 'archiveFormat', type: 'options', in: 'none', default: 'tarball',
				description: 'Archive type GitHub builds',
				options: [
					{ name: 'Tar.gz', value: 'tarball' },
					{ name: 'Zip', value: 'zipball' },
				],
			},
			{
				displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', in: 'none', required: true, default: 'data',
				description: 'Name of the output binary property that receives the archive',
				ui: { hint: 'The name of the output binary field to put the file in' },
			},
		],
	},
	{
		resource: 'repository',
		operation: 'commitFiles',
		name: 'Commit Files',
		action: 'Commit several files in one commit',
		description:
			'Create, update or delete several files in one commit on a branch (the branch is created from Base Branch, or the default branch, when missing). Binary files come from the input item’s binary data. Never forces: when the branch moved meanwhile nothing is committed and the error says to run again. Returns the commit SHA and URL.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/git/commits',
		handler: commitFiles,
		fields: [
			...repositoryFields(),
			branchField({
				name: 'branch', in: 'none', required: true, default: { mode: 'name', value: '' },
				description: 'Branch to commit to, e.g. "main" or "fix/typo"; a branch that does not exist yet is created from Base Branch',
			}),
			{ displayName: 'Commit Message', name: 'message', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. Fix the build', description: 'Message of the commit' },
			{
				displayName: 'Files',
				name: 'files', type: 'fixedCollection', in: 'none', required: true, default: {}, placeholder: 'Add File',
				description: 'The files the commit writes or deletes, each once (more can be given as a JSON list in "Files (JSON)")',
				ui: {
					typeOptions: { multipleValues: true },
					options: [
						{
							name: 'file',
							displayName: 'File',
							values: [
								{
									displayName: 'Action', name: 'change', type: 'options', default: 'write',
									description: 'Whether the commit writes the file (creating it when missing) or deletes it',
									options: [
										{ name: 'Create or Update', value: 'write', description: 'Write the content given here (a new file, or a new version)' },
										{ name: 'Delete', value: 'delete', description: 'Remove the file' },
									],
								},
								{
									displayName: 'Content', name: 'content', type: 'string', default: '', typeOptions: { rows: 4 },
									description: 'Text content of the file (UTF-8)',
									displayOptions: { show: { change: ['write'], source: ['text'] } },
								},
								{
									displayName: 'Content From', name: 'source', type: 'options', default: 'text',
									description: 'Whether the content is text given here or a file from the input item’s binary data',
									displayOptions: { show: { change: ['write'] } },
									options: [
										{ name: 'Text', value: 'text' },
										{ name: 'Binary Data', value: 'binary' },
									],
								},
								{
									displayName: 'Input Binary Field', name: 'binaryPropertyName', type: 'string', default: 'data',
									description: 'Name of the input item’s binary property that holds the file',
									displayOptions: { show: { change: ['write'], source: ['binary'] } },
								},
								{ displayName: 'Path', name: 'path', type: 'string', default: '', placeholder: 'e.g. src/index.ts', description: 'Path of the file from the repository root' },
							],
						},
					],
				},
			},
			{
				displayName: 'Files (JSON)',
				name: 'filesJson', type: 'json', in: 'none', optional: true, jsonList: true, default: '[]',
				description:
					'More files as a JSON list, e.g. [{"path": "src/a.ts", "content": "…"}, {"path": "old.txt", "change": "delete"}]: the whole new text of each file written, "change" "write" (the default) or "delete". Text only; for binary files use "Files".',
			},
			branchField({
				name: 'baseBranch', displayName: 'Base Branch', in: 'none', optional: true, default: { mode: 'name', value: '' },
				description: 'Branch a missing Branch is created from (default: the repository’s default branch); unused when Branch exists',
			}),
			identity('author', 'Author', 'Who wrote the changes. Default: the connected account.'),
			identity('committer', 'Committer', 'Who made the commit. Default: the author.'),
		],
	},
]);
