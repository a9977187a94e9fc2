import type { RepositorySourceName } from '../events';
import { TRIGGERS } from '../events';
import { COMMENTS_READ, DISCUSSIONS_READ } from './discussions';
import { ISSUE_COMMENTS, ISSUES, REVIEW_COMMENTS } from './issues';
import type { SinceList } from './issues';
import { ISSUE_EVENTS } from './issueEvents';
import type { LabelList } from './labels';
import { pollLabels } from './labels';
import type { MilestoneList } from './milestones';
import { MILESTONES_QUERY, pollMilestones } from './milestones';
import type { NewestFirstList } from './newestFirst';
import { pollNewestFirstList } from './newestFirst';
import type { PollRun, RepositoryName } from './pollRun';
import { repositoryPayload } from './pollRun';
import type { PullRequestHeadList } from './pullRequestHeads';
import { pollPullRequestHeads } from './pullRequestHeads';
import type { RefList } from './refs';
import { NEW_BRANCH_COMMITS, pollRefs, pushesWanted } from './refs';
import { pollSinceList } from './sinceList';
import { pollStars } from './stargazers';

interface StarList {
	kind: 'stars';
}

/** Read along with another list (reviews, with the issues list). */
interface FollowingList {
	kind: 'following';
}

type ListDefinition = SinceList | NewestFirstList | RefList | StarList | FollowingList | LabelList | MilestoneList | PullRequestHeadList;

export const LISTS: Record<RepositorySourceName, ListDefinition> = {
	issues: ISSUES,
	issueEvents: ISSUE_EVENTS,
	pullRequestHeads: { kind: 'pullRequestHeads' },
	issueComments: ISSUE_COMMENTS,
	reviewComments: REVIEW_COMMENTS,
	forks: {
		kind: 'newestFirst',
		path: '/forks',
		qs: { sort: 'newest' },
		timeOf: (fork) => fork.created_at,
		keyOf: (fork) => String(fork.id),
		delivery: (forkee, repository) => ({ event: 'fork', deliveryId: null, payload: { forkee, repository: repositoryPayload(repository) } }),
	},
	releases: {
		kind: 'newestFirst',
		path: '/releases',
		qs: {},
		timeOf: (release) => release.published_at,
		keyOf: (release) => String(release.id),
		wanted: (release) => release.draft !== true && Boolean(release.published_at),
		delivery: (release, repository) => ({
			event: 'release',
			deliveryId: null,
			payload: { action: 'published', release, repository: repositoryPayload(repository) },
		}),
	},
	workflowRuns: {
		kind: 'newestFirst',
		path: '/actions/runs',
		qs: { status: 'completed' },
		timeOf: (run) => run.updated_at,
		// A re-run completes again under the same id.
		keyOf: (run) => `${String(run.id)}#${String(run.run_attempt ?? 1)}`,
		delivery: (run, repository) => ({
			event: 'workflow_run',
			deliveryId: null,
			payload: {
				action: 'completed',
				workflow_run: run,
				workflow: { id: run.workflow_id, name: run.name, path: run.path },
				repository: repositoryPayload(repository),
			},
		}),
	},
	reviews: { kind: 'following' },
	// Read for all repositories at once, by pollDiscussions.
	discussions: { kind: 'following' },
	tags: { kind: 'refs', namespace: 'tags' },
	branches: { kind: 'refs', namespace: 'heads' },
	stars: { kind: 'stars' },
	labels: { kind: 'labels' },
	milestones: { kind: 'milestones' },
};

export async function pollList(run: PollRun, repository: RepositoryName, name: RepositorySourceName): Promise<void> {
	const list = LISTS[name];
	switch (list.kind) {
		case 'since':
			return await pollSinceList(run, repository, name, list);
		case 'newestFirst':
			return await pollNewestFirstList(run, repository, name, list);
		case 'refs':
			return await pollRefs(run, repository, name, list);
		case 'stars':
			return await pollStars(run, repository, name);
		case 'labels':
			return await pollLabels(run, repository, name);
		case 'milestones':
			return await pollMilestones(run, repository, name);
		case 'pullRequestHeads':
			return await pollPullRequestHeads(run, repository, name);
		case 'following':
			return;
	}
}

/** The polled rows the branches list reads commits for, by name. */
function pushTriggers(): string {
	return TRIGGERS.filter((row) => row.polledFrom?.includes('branches') && pushesWanted([row]))
		.map((row) => row.name)
		.join(' and ');
}

/** The request a list sends, in words (for the docs tables). */
export function listRequest(name: RepositorySourceName): string {
	const list = LISTS[name];
	const repository = '/repos/{owner}/{repo}';
	switch (list.kind) {
		case 'since':
		case 'newestFirst': {
			const query = Object.entries({ ...list.qs, ...(list.kind === 'since' ? { since: '…' } : {}) })
				.map(([key, value]) => `${key}=${String(value)}`)
				.join('&');
			return `GET ${repository}${list.path}${query ? `?${query}` : ''}`;
		}
		case 'refs':
			return list.namespace === 'heads'
				? `GET ${repository}/git/matching-refs/heads (and, for ${pushTriggers()}, GET ${repository}/compare/{before}...{after} per branch that moved; per new branch GET ${repository}/compare/{default}...{sha}, at most ${NEW_BRANCH_COMMITS} commits, with GET ${repository} once for the default branch)`
				: `GET ${repository}/git/matching-refs/${list.namespace}`;
		case 'stars':
			return `GET ${repository}/stargazers (last page)`;
		case 'labels':
			return `GET ${repository}/labels (every page, each conditional)`;
		case 'milestones': {
			const query = Object.entries(MILESTONES_QUERY).map(([key, value]) => `${key}=${value}`).join('&');
			return `GET ${repository}/milestones?${query} (every page, each conditional)`;
		}
		case 'pullRequestHeads':
			return `GET ${repository}/pulls?state=all&sort=updated&direction=desc (and GET ${repository}/commits/{sha} per push to a pull request, for its author)`;
		case 'following':
			return name === 'discussions'
				? `POST /graphql: one query per poll for all chosen repositories (the ${DISCUSSIONS_READ} most recently updated discussions of each, with their last ${COMMENTS_READ} comments)`
				: `GET ${repository}/pulls/{number}/reviews for each pull request the issues list shows updated`;
	}
}
