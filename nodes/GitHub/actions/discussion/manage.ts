import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { gitHubRowTable } from '../types';
import type { GitHubRowRun } from '../types';
import type { Discussion } from './handlers';
import { answered, DISCUSSION_FIELDS, discussionCategory, discussionId, discussionItem, foundDiscussionId, notFound, proofFor } from './handlers';
import { body, discussionNumber, repository } from './rows';

export const LIST_DISCUSSION_CATEGORIES_QUERY = `query($owner: String!, $repo: String!) {
  repository(owner: $owner, name: $repo) {
    discussionCategories(first: 100) { nodes { id name slug description emoji isAnswerable } }
  }
}`;

/** The discussion by number, and the discussion the comment given by ID belongs to (null: no discussion comment). */
export const COMMENT_IN_DISCUSSION_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $comment: ID!) {
  repository(owner: $owner, name: $repo) { discussion(number: $number) { id } }
  node(id: $comment) { ... on DiscussionComment { discussion { id } } }
}`;

const ANSWERED_DISCUSSION = `discussion { ${DISCUSSION_FIELDS} answer { id } }`;

export const MARK_ANSWER_MUTATION = `mutation($comment: ID!) {
  markDiscussionCommentAsAnswer(input: {id: $comment}) { ${ANSWERED_DISCUSSION} }
}`;

export const UNMARK_ANSWER_MUTATION = `mutation($comment: ID!) {
  unmarkDiscussionCommentAsAnswer(input: {id: $comment}) { ${ANSWERED_DISCUSSION} }
}`;

export const UPDATE_DISCUSSION_MUTATION = `mutation($discussion: ID!, $title: String, $body: String, $category: ID) {
  updateDiscussion(input: {discussionId: $discussion, title: $title, body: $body, categoryId: $category}) {
    discussion { ${DISCUSSION_FIELDS} body }
  }
}`;

export const DELETE_DISCUSSION_MUTATION = `mutation($discussion: ID!) {
  deleteDiscussion(input: {id: $discussion}) { discussion { number title url } }
}`;

export async function listDiscussionCategories(input: GitHubRowRun) {
	const { owner, repo, proof } = await proofFor(input);
	const data = await input.client.graphql<{ repository: { discussionCategories: { nodes: IDataObject[] } } | null }>(
		LIST_DISCUSSION_CATEGORIES_QUERY,
		{ owner, repo },
		proof,
	);
	if (!data.repository) throw notFound(input, 'The repository');
	return input.respond(answered(data.repository.discussionCategories?.nodes, 'the discussion categories'));
}

/**
 * The answer mutations name only the comment, by an ID that says nothing of its repository: the
 * comment is changed only when it belongs to the discussion given by number in the chosen repository.
 */
async function setAnswer(input: GitHubRowRun, mutation: string, field: 'markDiscussionCommentAsAnswer' | 'unmarkDiscussionCommentAsAnswer') {
	const { owner, repo, proof } = await proofFor(input);
	const number = Number(input.values.discussionNumber);
	const comment = String(input.values.commentId ?? '').trim();
	const found = await input.client.graphql<{ repository: { discussion: { id: string } | null } | null; node: { discussion?: { id: string } | null } | null }>(
		COMMENT_IN_DISCUSSION_QUERY,
		{ owner, repo, number, comment },
		proof,
	);
	const discussion = foundDiscussionId(input, found.repository?.discussion, number);
	if (found.node?.discussion?.id !== discussion) {
		throw new NodeOperationError(input.ctx.getNode(), `The comment "${comment}" is not a comment of discussion #${number} in ${owner}/${repo}`, {
			itemIndex: input.itemIndex,
			description: 'Give the ID of a top-level comment of that discussion in "Comment ID" (the "id" of a comment from Discussion → Get, e.g. DC_kwDOA…). Nothing was changed.',
		});
	}
	const data = await input.client.graphql<Record<string, { discussion: Discussion }>>(mutation, { comment }, proof);
	return input.respond(discussionItem(answered(data[field]?.discussion, 'the discussion')));
}

export const markAnswer = async (input: GitHubRowRun) => await setAnswer(input, MARK_ANSWER_MUTATION, 'markDiscussionCommentAsAnswer');

export const unmarkAnswer = async (input: GitHubRowRun) => await setAnswer(input, UNMARK_ANSWER_MUTATION, 'unmarkDiscussionCommentAsAnswer');

export async function updateDiscussion(input: GitHubRowRun) {
	const place = await proofFor(input);
	const given = (name: string) => (input.values[name] === undefined || input.values[name] === '' ? undefined : String(input.values[name]));
	const [title, text, category] = [given('title'), given('body'), given('category')?.trim()];
	if (title === undefined && text === undefined && !category) {
		throw new NodeOperationError(input.ctx.getNode(), 'Nothing to change: give a new Title, Body or Category', {
			itemIndex: input.itemIndex,
			description: 'Add at least one of them under "Additional Fields".',
		});
	}
	const discussion = await discussionId(input, place);
	// A variable left out leaves its input field out, so what is not given stays as it is.
	const variables: IDataObject = { discussion: discussion.id };
	if (title !== undefined) variables.title = title;
	if (text !== undefined) variables.body = text;
	if (category) variables.category = (await discussionCategory(input, place, category)).categoryId;
	const data = await input.client.graphql<{ updateDiscussion: { discussion: Discussion } }>(UPDATE_DISCUSSION_MUTATION, variables, place.proof);
	return input.respond(discussionItem(answered(data.updateDiscussion?.discussion, 'the discussion')));
}

export async function deleteDiscussion(input: GitHubRowRun) {
	const place = await proofFor(input);
	const discussion = await discussionId(input, place);
	const data = await input.client.graphql<{ deleteDiscussion: { discussion: IDataObject } }>(DELETE_DISCUSSION_MUTATION, { discussion: discussion.id }, place.proof);
	return input.respond({ ...answered(data.deleteDiscussion?.discussion, 'the deleted discussion'), deleted: true });
}

const commentId = {
	displayName: 'Comment ID', name: 'commentId', type: 'string' as const, default: '', in: 'none' as const, required: true, placeholder: 'e.g. DC_kwDOA…',
	description: 'Node ID of a top-level comment of the discussion (the ID of a comment from Get, e.g. DC_kwDOA…)',
};

export const discussionManageRows = gitHubRowTable([
	{
		resource: 'discussion',
		operation: 'listCategories',
		objectType: 'discussionCategory',
		name: 'List Categories',
		action: 'List the discussion categories of a repository',
		description: 'List the discussion categories of a repository: name, slug, emoji, description and whether it takes answers (Q&A). Names go into Create and Update. Uses GitHub’s GraphQL API.',
		method: 'POST',
		effect: 'reads',
		path: '/graphql',
		handler: listDiscussionCategories,
		fields: repository(),
	},
	{
		resource: 'discussion',
		operation: 'markAnswer',
		objectType: 'discussion',
		name: 'Mark Comment as Answer',
		action: 'Mark a discussion comment as the answer',
		description: 'Mark a top-level comment as the answer of a discussion in a category that takes answers (Q&A), replacing an earlier answer. Changes the discussion. Returns the discussion with answerId. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: markAnswer,
		fields: [...repository(), discussionNumber, commentId],
	},
	{
		resource: 'discussion',
		operation: 'unmarkAnswer',
		objectType: 'discussion',
		name: 'Unmark Answer',
		action: 'Unmark a discussion comment as the answer',
		description: 'Take the answer mark off a comment of a discussion, so the discussion is unanswered again. Changes the discussion. Returns the discussion. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: unmarkAnswer,
		fields: [...repository(), discussionNumber, { ...commentId, description: 'Node ID of the comment marked as the answer (answerId from Get)' }],
	},
	{
		resource: 'discussion',
		operation: 'update',
		objectType: 'discussion',
		name: 'Update',
		action: 'Update a discussion',
		description: 'Change the title, text or category of a discussion; what is left out stays. Changes the repository: the edit is published. Returns the discussion. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: updateDiscussion,
		fields: [
			...repository(),
			discussionNumber,
			{ displayName: 'Title', name: 'title', type: 'string', default: '', in: 'none', optional: true, description: 'New title of the discussion' },
			{ ...body('New text of the discussion (Markdown), replacing the old one'), required: false, optional: true },
			{ displayName: 'Category', name: 'category', type: 'string', default: '', in: 'none', optional: true, placeholder: 'e.g. Ideas', description: 'Name (or slug) of the category to move the discussion to, case-insensitive' },
		],
	},
	{
		resource: 'discussion',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a discussion',
		description: 'Delete a discussion with its comments permanently. Changes the repository. Returns its number, title and URL with deleted: true. Uses GitHub’s GraphQL API.',
		method: 'POST',
		path: '/graphql',
		handler: deleteDiscussion,
		fields: [...repository(), discussionNumber],
	},
]);
