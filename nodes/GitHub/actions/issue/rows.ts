import type { CatalogueField } from '../../../shared/catalogue';
import { commaList, isoDate, numberLocator, pick, repositoryFields, sortDirection } from '../fields';
import type { GitHubRow } from '../types';

const issueNumber = () => numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number' });

const labels = (description: string): CatalogueField => ({
	name: 'labels',
	displayName: 'Labels',
	type: 'string',
	in: 'body',
	optional: true,
	placeholder: 'e.g. bug, help wanted',
	description,
	toApi: commaList,
});

const assignees = (description: string): CatalogueField => ({
	name: 'assignees',
	displayName: 'Assignees',
	type: 'string',
	in: 'body',
	optional: true,
	placeholder: 'e.g. octocat, hubot',
	description,
	toApi: commaList,
});

const milestone: CatalogueField = {
	name: 'milestone',
	displayName: 'Milestone Number',
	type: 'number',
	in: 'body',
	optional: true,
	default: 1,
	description: 'Number of the milestone to attach the issue to',
};

const bodyText = (description: string): CatalogueField => ({
	name: 'body',
	displayName: 'Body',
	type: 'string',
	in: 'body',
	optional: true,
	description,
	ui: { typeOptions: { rows: 4 } },
});

export const issueRows: GitHubRow[] = [
	{
		resource: 'issue',
		operation: 'create',
		returns: 'issue',
		name: 'Create',
		action: 'Create an issue',
		description: 'Open a new issue in a repository with a title and optionally a body, labels, assignees and a milestone. Returns the issue with its number and URL.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Create Issue' }, { kind: 'endpoint', name: 'Create issue' }],
		fields: [
			...repositoryFields(),
			{ name: 'title', displayName: 'Title', type: 'string', in: 'body', required: true, description: 'Title of the issue' },
			bodyText('Text of the issue (Markdown)'),
			labels('Labels to add, comma-separated; labels that do not exist yet are created'),
			assignees('GitHub logins to assign, comma-separated'),
			milestone,
		],
	},
	{
		resource: 'issue',
		operation: 'get',
		returns: 'issue',
		name: 'Get',
		action: 'Get an issue',
		description: 'Get one issue (or pull request, which GitHub also treats as an issue) by number: title, body, state, labels, assignees, milestone and comment count.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'Get issue' }],
		fields: [...repositoryFields(), issueNumber()],
	},
	{
		resource: 'issue',
		operation: 'list',
		returns: 'issue',
		name: 'List',
		action: 'List issues',
		description: 'List issues of one repository (pull requests are included, marked by a "pull_request" field), filtered by state, labels, assignee, creator, mention, milestone or update time.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues',
		scope: 'repository',
		spec: [{ kind: 'endpoint', name: 'List issues' }],
		paging: {},
		fields: [
			...repositoryFields(),
			{
				name: 'state', displayName: 'State', type: 'options', in: 'query', optional: true, default: 'open',
				description: 'Only issues in this state',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Closed', value: 'closed' },
					{ name: 'Open', value: 'open' },
				],
			},
			{ name: 'labels', displayName: 'Labels', type: 'string', in: 'query', optional: true, placeholder: 'e.g. bug,ui', description: 'Only issues with all of these labels, comma-separated' },
			{ name: 'assignee', displayName: 'Assignee', type: 'string', in: 'query', optional: true, description: 'Only issues assigned to this login; "none" for unassigned, "*" for any' },
			{ name: 'creator', displayName: 'Creator', type: 'string', in: 'query', optional: true, description: 'Only issues opened by this login' },
			{ name: 'mentioned', displayName: 'Mentioned', type: 'string', in: 'query', optional: true, description: 'Only issues mentioning this login' },
			{ name: 'milestone', displayName: 'Milestone', type: 'string', in: 'query', optional: true, description: 'Milestone number, "none" or "*"' },
			isoDate('since', 'Updated Since', 'Only issues updated at or after this time'),
			{
				name: 'sort', displayName: 'Sort By', type: 'options', in: 'query', optional: true, default: 'created',
				description: 'What to sort the results by',
				options: [
					{ name: 'Comments', value: 'comments' },
					{ name: 'Created', value: 'created' },
					{ name: 'Updated', value: 'updated' },
				],
			},
			sortDirection(),
		],
	},
	{
		resource: 'issue',
		operation: 'update',
		returns: 'issue',
		name: 'Update',
		action: 'Update an issue',
		description: 'Change an issue: title, body, open/closed state and the reason, labels, assignees or milestone. Labels and assignees given here replace the current ones; fields left out stay unchanged.',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/issues/{issue_number}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Update Issue' }, { kind: 'endpoint', name: 'Update issue' }],
		fields: [
			...repositoryFields(),
			issueNumber(),
			{ name: 'title', displayName: 'Title', type: 'string', in: 'body', optional: true, description: 'New title (leave out to keep the current one)' },
			bodyText('New text of the issue (Markdown)'),
			{
				name: 'state', displayName: 'State', type: 'options', in: 'body', optional: true, default: 'closed',
				description: 'Open or close the issue',
				options: [
					{ name: 'Closed', value: 'closed' },
					{ name: 'Open', value: 'open' },
				],
			},
			{
				name: 'state_reason', displayName: 'State Reason', type: 'options', in: 'body', optional: true, default: 'completed',
				description: 'Why the state changed: "completed" or "not planned" when closing, "reopened" when opening',
				options: [
					{ name: 'Completed', value: 'completed' },
					{ name: 'Duplicate', value: 'duplicate' },
					{ name: 'Not Planned', value: 'not_planned' },
					{ name: 'Reopened', value: 'reopened' },
				],
			},
			labels('Labels the issue should have, comma-separated (replaces the current labels)'),
			assignees('Logins the issue should be assigned to, comma-separated (replaces the current assignees)'),
			milestone,
		],
	},
	{
		resource: 'issue',
		operation: 'createComment',
		returns: 'comment',
		name: 'Create Comment',
		action: 'Create a comment on an issue',
		description: 'Add a comment to an issue or pull request conversation. Returns the comment with its URL.',
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Create Issue Comment' }],
		fields: [
			...repositoryFields(),
			issueNumber(),
			{ name: 'body', displayName: 'Comment', type: 'string', in: 'body', required: true, description: 'Text of the comment (Markdown)', ui: { typeOptions: { rows: 4 } } },
		],
	},
	{
		resource: 'issue',
		operation: 'getAssignees',
		name: 'Get Assignees',
		action: 'Get the assignees of an issue',
		description: 'Get the users an issue or pull request is assigned to: one item per assignee (login, id, URL). No items when nobody is assigned.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}',
		scope: 'repository',
		spec: [{ kind: 'toolStep', name: 'Get Issue Assignees' }],
		fields: [...repositoryFields(), issueNumber()],
		output: pick('assignees'),
	},
];
