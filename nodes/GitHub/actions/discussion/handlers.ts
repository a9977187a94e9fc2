import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerLacking } from '../../../shared/errors';
import { repositoryProof } from '../../scope';
import type { Connection } from '../graphql';
import { graphqlPages, loginOf, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';

export const DISCUSSION_FIELDS = `id number title url closed locked createdAt updatedAt answerChosenAt
      author { login } category { name } comments { totalCount }`;

export const LIST_DISCUSSIONS_QUERY = `query($owner: String!, $repo: String!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    discussions(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
      nodes { ${DISCUSSION_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const GET_DISCUSSION_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $comments: Int!) {
  repository(owner: $owner, name: $repo) {
    discussion(number: $number) {
      ${DISCUSSION_FIELDS} body
      answer { id }
      comments(first: $comments) { totalCount nodes { id url body createdAt author { login } } }
    }
  }
}`;

export const DISCUSSION_CATEGORIES_QUERY = `query($owner: String!, $repo: String!) {
  repository(owner: $owner, name: $repo) {
    id
    discussionCategories(first: 100) { nodes { id name slug } }
  }
}`;

export const CREATE_DISCUSSION_MUTATION = `mutation($repository: ID!, $category: ID!, $title: String!, $body: String!) {
  createDiscussion(input: {repositoryId: $repository, categoryId: $category, title: $title, body: $body}) {
    discussion { ${DISCUSSION_FIELDS} }
  }
}`;

export const DISCUSSION_ID_QUERY = `query($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) { discussion(number: $number) { id } }
}`;

export const ADD_DISCUSSION_COMMENT_MUTATION = `mutation($discussion: ID!, $body: String!, $replyTo: ID) {
  addDiscussionComment(input: {discussionId: $discussion, body: $body, replyToId: $replyTo}) {
    comment { id url body createdAt author { login } }
  }
}`;

export interface Discussion extends IDataObject {
	author?: IDataObject | null;
	category?: IDataObject | null;
	comments?: { totalCount?: number; nodes?: IDataObject[] };
	answer?: IDataObject | null;
}

/** A discussion as an item: author and category as names, the comment count, comments when fetched. */
export function discussionItem(discussion: Discussion): IDataObject {
	const { author, category, comments, answer, ...rest } = discussion;
	const item: IDataObject = { ...rest, author: loginOf(author), category: (category?.name as string | undefined) ?? null, commentCount: comments?.totalCount ?? 0 };
	if (answer !== undefined) item.answerId = answer?.id ?? null;
	if (comments?.nodes) item.comments = comments.nodes.map(commentItem);
	return item;
}

function commentItem({ author, ...rest }: IDataObject): IDataObject {
	return { ...rest, author: loginOf(author) };
}

/** Discussions documents read and change the chosen repository only, so that repository is what the scope checks. */
export async function proofFor(input: GitHubRowRun) {
	const owner = String(input.values.owner ?? '').trim();
	const repo = String(input.values.repository ?? '').trim();
	const lists = await repositoryLists(input);
	return { owner, repo, proof: proven(input, () => repositoryProof(lists, { owner, repo })) };
}

/** What an answer must hold for the operation to read it; without it the service's answer, not the input, is at fault. */
export function answered<T>(value: T | null | undefined, what: string): T {
	if (value === null || value === undefined || typeof value !== 'object') {
		throw answerLacking('GitHub', what, 'The API Call node\'s GraphQL mode shows the raw answer.');
	}
	return value;
}

/**
 * The ID of the discussion a look-up found: an answer without one (`discussion: {}`) is GitHub's
 * fault, never a match for a comment whose discussion is missing too.
 */
export function foundDiscussionId(input: GitHubRowRun, discussion: { id?: unknown } | null | undefined, number: number): string {
	if (!discussion) throw notFound(input, `Discussion #${number}`);
	if (typeof discussion.id !== 'string' || !discussion.id) {
		throw answerLacking('GitHub', `the ID of discussion #${number}`, 'Nothing was changed. The API Call node\'s GraphQL mode shows the raw answer.');
	}
	return discussion.id;
}

export const notFound = (input: GitHubRowRun, what: string) =>
	new NodeOperationError(input.ctx.getNode(), `${what} was not found in ${String(input.values.owner)}/${String(input.values.repository)}`, {
		itemIndex: input.itemIndex,
		description: what === 'The repository'
			? 'Check "Repository Owner" and "Repository" (Discussions must be enabled in it).'
			: 'Check "Repository Owner", "Repository" (Discussions must be enabled in it) and "Discussion Number".',
	});

export async function listDiscussions(input: GitHubRowRun) {
	const { owner, repo, proof } = await proofFor(input);
	let missing = false;
	const discussions = await graphqlPages<Discussion>(input, async (first, after) => {
		const data = await input.client.graphql<{ repository: { discussions: Connection<Discussion> } | null }>(
			LIST_DISCUSSIONS_QUERY,
			{ owner, repo, first, after },
			proof,
		);
		missing = !data.repository;
		return data.repository?.discussions;
	});
	if (missing) throw notFound(input, 'The repository');
	return input.respond(discussions.map(discussionItem));
}

export async function getDiscussion(input: GitHubRowRun) {
	const { owner, repo, proof } = await proofFor(input);
	const number = Number(input.values.discussionNumber);
	const comments = Math.min(100, Math.max(0, Number(input.values.comments ?? 20)));
	const data = await input.client.graphql<{ repository: { discussion: Discussion | null } | null }>(
		GET_DISCUSSION_QUERY,
		{ owner, repo, number, comments },
		proof,
	);
	const discussion = data.repository?.discussion;
	if (!discussion) throw notFound(input, `Discussion #${number}`);
	return input.respond(discussionItem(discussion));
}

/** The repository's ID and the ID of its discussion category named `wanted` (by name or slug, case-insensitive). */
export async function discussionCategory(input: GitHubRowRun, { owner, repo, proof }: Awaited<ReturnType<typeof proofFor>>, wanted: string) {
	const data = await input.client.graphql<{ repository: { id: string; discussionCategories: { nodes: Array<{ id: string; name: string; slug: string }> } } | null }>(
		DISCUSSION_CATEGORIES_QUERY,
		{ owner, repo },
		proof,
	);
	if (!data.repository) throw notFound(input, 'The repository');
	const categories = answered(data.repository.discussionCategories?.nodes, 'the discussion categories');
	const named = (text: unknown) => String(text ?? '').toLowerCase() === wanted.toLowerCase();
	const category = categories.find((c) => named(c.name) || named(c.slug));
	if (!category) {
		throw new NodeOperationError(input.ctx.getNode(), `"${wanted}" is not a discussion category of ${owner}/${repo}`, {
			itemIndex: input.itemIndex,
			description: categories.length ? `Use one of: ${categories.map((c) => c.name).join(', ')}.` : 'Enable Discussions in the repository settings first.',
		});
	}
	return { repositoryId: data.repository.id, categoryId: category.id };
}

export async function createDiscussion(input: GitHubRowRun) {
	const place = await proofFor(input);
	const { repositoryId, categoryId } = await discussionCategory(input, place, String(input.values.category ?? '').trim());
	const created = await input.client.graphql<{ createDiscussion: { discussion: Discussion } }>(
		CREATE_DISCUSSION_MUTATION,
		{ repository: repositoryId, category: categoryId, title: String(input.values.title), body: String(input.values.body ?? '') },
		place.proof,
	);
	return input.respond(discussionItem(answered(created.createDiscussion?.discussion, 'the new discussion')));
}

/** The node ID of discussion `discussionNumber` of the chosen repository. */
export async function discussionId(input: GitHubRowRun, { owner, repo, proof }: Awaited<ReturnType<typeof proofFor>>) {
	const number = Number(input.values.discussionNumber);
	const data = await input.client.graphql<{ repository: { discussion: { id: string } | null } | null }>(
		DISCUSSION_ID_QUERY,
		{ owner, repo, number },
		proof,
	);
	return { number, id: foundDiscussionId(input, data.repository?.discussion, number) };
}

export async function addDiscussionComment(input: GitHubRowRun) {
	const place = await proofFor(input);
	const discussion = await discussionId(input, place);
	const replyTo = String(input.values.replyTo ?? '').trim();
	const added = await input.client.graphql<{ addDiscussionComment: { comment: IDataObject } }>(
		ADD_DISCUSSION_COMMENT_MUTATION,
		{ discussion: discussion.id, body: String(input.values.body), ...(replyTo ? { replyTo } : {}) },
		place.proof,
	);
	return input.respond({ discussionNumber: discussion.number, ...commentItem(answered(added.addDiscussionComment?.comment, 'the new comment')) });
}
