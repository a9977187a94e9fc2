import type { IDataObject } from 'n8n-workflow';

import { repositoryProof } from '../../scope';
import type { PollRun, RepositoryName, TimedDelivery } from './pollRun';
import { asList, iso, remember, repositoryPayload, time } from './pollRun';

/** Discussions (and their comments) read per repository in the one GraphQL query of a poll. */
export const DISCUSSIONS_READ = 20;
export const COMMENTS_READ = 20;

/** Fields no connection is added for (fields cost no points; connections do). */
const COMMENT_FIELDS = 'id databaseId body url createdAt updatedAt authorAssociation author { login }';
const DISCUSSION_FIELDS = `${COMMENT_FIELDS} number title closed locked activeLockReason answerChosenAt answerChosenBy { login } answer { url } category { name } comments(last: ${COMMENTS_READ}) { totalCount nodes { ${COMMENT_FIELDS} replyTo { databaseId } } }`;

function discussionsQuery(count: number): string {
	const variables = Array.from({ length: count }, (_, i) => `$owner${i}: String!, $name${i}: String!`).join(', ');
	const repositories = Array.from(
		{ length: count },
		(_, i) => `r${i}: repository(owner: $owner${i}, name: $name${i}) { discussions(first: ${DISCUSSIONS_READ}, orderBy: { field: UPDATED_AT, direction: DESC }) { nodes { ${DISCUSSION_FIELDS} } } }`,
	).join(' ');
	return `query PolledDiscussions(${variables}) { ${repositories} rateLimit { cost } }`;
}

/** GraphQL's camelCase objects in the delivery's snake_case shape. */
function discussionPayload(discussion: IDataObject): IDataObject {
	return {
		id: discussion.databaseId,
		node_id: discussion.id,
		number: discussion.number,
		title: discussion.title,
		body: discussion.body,
		html_url: discussion.url,
		// As REST states it; "converting" and "transferring" (under way) GraphQL does not tell.
		state: discussion.closed === true ? 'closed' : discussion.locked === true ? 'locked' : 'open',
		locked: discussion.locked,
		// GraphQL's enum (RESOLVED) as REST writes it (resolved).
		active_lock_reason: typeof discussion.activeLockReason === 'string' ? discussion.activeLockReason.toLowerCase() : null,
		comments: (discussion.comments as IDataObject | undefined)?.totalCount,
		author_association: discussion.authorAssociation,
		answer_html_url: (discussion.answer as IDataObject | null | undefined)?.url ?? null,
		answer_chosen_at: discussion.answerChosenAt ?? null,
		answer_chosen_by: discussion.answerChosenBy ?? null,
		created_at: discussion.createdAt,
		updated_at: discussion.updatedAt,
		user: discussion.author ?? null,
		category: discussion.category ?? null,
	};
}

function discussionCommentPayload(comment: IDataObject, discussion: IDataObject): IDataObject {
	return {
		id: comment.databaseId,
		node_id: comment.id,
		discussion_id: discussion.databaseId,
		parent_id: (comment.replyTo as IDataObject | null | undefined)?.databaseId ?? null,
		author_association: comment.authorAssociation,
		body: comment.body,
		html_url: comment.url,
		created_at: comment.createdAt,
		updated_at: comment.updatedAt,
		user: comment.author ?? null,
	};
}

/**
 * New discussions and discussion comments of every chosen repository from one GraphQL query
 * (GraphQL answers are not conditional: each poll costs the query's points, kept as
 * `discussionsQueryCost`). Cursor: creation times, with the keys of what was taken.
 */
export async function pollDiscussions(run: PollRun, repositories: RepositoryName[]): Promise<void> {
	if (repositories.length === 0) return;
	const lists = [(await run.client.scope()).repositories];
	const proofs = repositories.map((repository) => repositoryProof(lists, { owner: repository.owner, repo: repository.repo }));
	const variables: IDataObject = {};
	repositories.forEach((repository, i) => {
		variables[`owner${i}`] = repository.owner;
		variables[`name${i}`] = repository.repo;
	});
	// GraphQL has a budget of its own, but a poll stopped at the rate limit sends nothing more.
	await run.shared.stopIfSpent();
	const data = await run.client.graphql<IDataObject>(discussionsQuery(repositories.length), variables, proofs[0]).catch((error: unknown) => {
		run.shared.noteFailure(error);
		throw error;
	});
	if (!run.request.manual) run.state.discussionsQueryCost = Number((data.rateLimit as IDataObject | undefined)?.cost ?? 0);
	repositories.forEach((repository, i) => {
		const discussions = asList(((data[`r${i}`] as IDataObject | null)?.discussions as IDataObject | undefined)?.nodes);
		const found: Array<TimedDelivery & { key: string }> = [];
		for (const discussion of discussions) {
			const shaped = discussionPayload(discussion);
			found.push({
				key: `discussion:${String(discussion.databaseId)}`,
				time: time(discussion.createdAt),
				delivery: { event: 'discussion', deliveryId: null, payload: { action: 'created', discussion: shaped, repository: repositoryPayload(repository) } },
			});
			for (const comment of asList((discussion.comments as IDataObject | undefined)?.nodes)) {
				found.push({
					key: `discussionComment:${String(comment.databaseId)}`,
					time: time(comment.createdAt),
					delivery: {
						event: 'discussion_comment',
						deliveryId: null,
						payload: { action: 'created', comment: discussionCommentPayload(comment, discussion), discussion: shaped, repository: repositoryPayload(repository) },
					},
				});
			}
		}
		found.sort((a, b) => a.time - b.time);
		if (run.request.manual) {
			run.emit(found.slice(-1));
			return;
		}
		const position = run.position(repository, 'discussions');
		if (!position?.at) {
			const newest = found.length ? found[found.length - 1].time : 0;
			run.setPosition(repository, 'discussions', { at: iso(newest), recent: found.filter((entry) => entry.time >= newest).map((entry) => entry.key) });
			return;
		}
		let at = time(position.at);
		let recent = position.recent ?? [];
		for (const entry of found) {
			if (entry.time < at || recent.includes(entry.key)) continue;
			if (run.budget <= 0) break;
			run.budget -= run.emit([entry]);
			at = Math.max(at, entry.time);
			recent = remember(recent, [entry.key]);
		}
		run.setPosition(repository, 'discussions', { at: iso(at), recent });
	});
}
