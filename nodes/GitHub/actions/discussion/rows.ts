import type { RowField } from '../../../shared/rowEngine';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { addDiscussionComment, createDiscussion, getDiscussion, listDiscussions } from './handlers';

/** GraphQL rows read owner and repository themselves; the router still checks them against "Allowed Repositories". */
export const repository = () => repositoryFields().map((field) => ({ ...field, in: 'none' as const }));

export const discussionNumber: RowField = {
	displayName: 'Discussion Number', name: 'discussionNumber', type: 'string', default: '', in: 'none', required: true, integer: true, placeholder: 'e.g. 12',
	description: 'Number of the discussion in the repository, as in …/discussions/12',
};

export const body = (description: string): RowField => ({
	displayName: 'Body', name: 'body', type: 'string', default: '', in: 'none', required: true, ui: { typeOptions: { rows: 4 } }, description,
});

export const discussionRows = gitHubRowTable([
	{
		resource: 'discussion',
		operation: 'list',
		objectType: 'discussion',
		name: 'List',
		action: 'List discussions',
		description: 'List the discussions of a repository, most recently updated first: number, title, category, author, comment count, whether answered or closed. Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listDiscussions,
		paging: {},
		fields: repository(),
	},
	{
		resource: 'discussion',
		operation: 'get',
		objectType: 'discussion',
		name: 'Get',
		action: 'Get a discussion',
		description: 'Get one discussion with its body and its first comments (author, text, date). Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: getDiscussion,
		fields: [
			...repository(),
			discussionNumber,
			{ displayName: 'Comments to Include', name: 'comments', type: 'number', in: 'none', optional: true, default: 20, ui: { typeOptions: { minValue: 0, maxValue: 100 } }, description: 'How many of the first comments to return with the discussion (0-100)' },
		],
	},
	{
		resource: 'discussion',
		operation: 'create',
		objectType: 'discussion',
		name: 'Create',
		action: 'Create a discussion',
		description: 'Start a discussion in a repository, in a category chosen by name (e.g. "General", "Q&A"). Changes the repository: the discussion is published. Returns the new discussion with its number and URL. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: createDiscussion,
		fields: [
			...repository(),
			{ displayName: 'Category', name: 'category', type: 'string', in: 'none', required: true, default: 'General', description: 'Name (or slug) of the discussion category, case-insensitive' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '', in: 'none', required: true, description: 'Title of the discussion' },
			body('Text of the discussion (Markdown)'),
		],
	},
	{
		resource: 'discussion',
		operation: 'addComment',
		objectType: 'discussionComment',
		name: 'Add Comment',
		action: 'Comment on a discussion',
		description: 'Add a comment to a discussion, or a reply to one of its comments. Changes the repository: the comment is published. Returns the comment. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: addDiscussionComment,
		fields: [
			...repository(),
			discussionNumber,
			body('Text of the comment (Markdown)'),
			{ displayName: 'Reply To Comment ID', name: 'replyTo', type: 'string', default: '', in: 'none', optional: true, placeholder: 'e.g. DC_kwDOA…', description: 'Node ID of a comment of this discussion to reply to (the ID of a comment from Get)' },
		],
	},
]);
