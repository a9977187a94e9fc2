import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../../credentials/requestGuard';
import { COUNTED_PAGES, FULL_PAGES, WHOLE_LIST } from '../../shared/picker';
import type { Connection } from '../actions/graphql';
import { LIST_PROJECTS_QUERY, PROJECT_FIELDS_QUERY } from '../actions/project/handlers';
import type { GitHubPicker, GitHubPickerRun } from './pickerRunner';
import { githubPicker, projectReadProof, readLocatorValue, readNumber } from './pickerRunner';

/**
 * The GitHub pickers, one row each: whose list (account, chosen repository or pull request), the
 * request, how the next page is known, what the typed filter looks in and how an entry is shown.
 * The exported names are the searchListMethod names saved workflows refer to.
 */

/** One line of a comment's text, cut to `length` characters. */
function excerpt(text: unknown, length = 60): string {
	const line = String(text ?? '').replace(/\s+/g, ' ').trim();
	return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

const loginOf = (user: unknown) => `@${String((user as IDataObject | null | undefined)?.login ?? 'ghost')}`;

const dayOf = (timestamp: unknown) => (typeof timestamp === 'string' ? timestamp.slice(0, 10) : '');

/** The account itself and the organizations it belongs to, those the repository lists name. */
const OWNERS: GitHubPicker<string> = {
	under: 'account',
	paging: WHOLE_LIST,
	load: async ({ client, allowlist }) => {
		const me = await client.request<IDataObject>({ method: 'GET', path: '/user' });
		const orgs = await client.paginate<IDataObject>({ method: 'GET', path: '/user/orgs' }, { returnAll: false, limit: 100 });
		const lists = [allowlist(), (await client.scope()).repositories];
		const logins = [String(me.login), ...orgs.map((org) => String(org.login))];
		return { entries: logins.filter((login) => lists.every((list) => !list || list.namesOwner(login))) };
	},
	item: (login) => ({ name: login, value: login, url: `https://github.com/${login}` }),
};

const insideAllowlist = (repo: IDataObject, run: GitHubPickerRun) => {
	const list = run.allowlist();
	const [owner, name] = String(repo.full_name).split('/');
	return !list || list.allows(owner, name);
};

const repositorySearchQuery = ({ ctx, filter }: GitHubPickerRun) =>
	[filter ? `${filter} in:name` : '', readLocatorValue(ctx, 'owner') ? `user:${readLocatorValue(ctx, 'owner')}` : ''].filter(Boolean).join(' ');

/** Repositories by name, of the chosen owner when there is one; the value is the name then. */
const REPOSITORY_SEARCH: GitHubPicker = {
	under: 'account',
	path: '/search/repositories',
	qs: (run) => ({ q: repositorySearchQuery(run) }),
	itemsKey: 'items',
	paging: COUNTED_PAGES,
	searchText: false,
	keep: insideAllowlist,
	item: (repo, { ctx }) => ({
		name: String(repo.full_name),
		value: String(readLocatorValue(ctx, 'owner') ? repo.name : repo.full_name),
		url: String(repo.html_url),
	}),
};

/** No owner chosen and nothing typed: the account's repositories as "owner/name" (Repository Owner is still asked for). */
const ACCOUNT_REPOSITORIES: GitHubPicker = {
	under: 'account',
	path: '/user/repos',
	qs: { sort: 'updated' },
	paging: FULL_PAGES,
	keep: insideAllowlist,
	item: (repo) => ({ name: String(repo.full_name), value: String(repo.full_name), url: String(repo.html_url) }),
};

const BRANCHES: GitHubPicker = {
	under: 'repository',
	path: '{repository}/branches',
	paging: FULL_PAGES,
	item: (branch) => ({ name: String(branch.name), value: String(branch.name) }),
};

/** GitHub Actions workflows; the value is the workflow's numeric ID. */
const WORKFLOWS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/actions/workflows',
	itemsKey: 'workflows',
	paging: COUNTED_PAGES,
	searchText: (workflow) => `${String(workflow.name)} ${String(workflow.path)}`,
	item: (workflow) => ({
		name: `${String(workflow.name)} (${String(workflow.path).split('/').pop()})`,
		value: String(workflow.id),
		url: String(workflow.html_url),
	}),
};

/** Issues or pull requests by title words (GitHub's search filters); the value is the number. */
const numbered = (kind: 'issue' | 'pr'): GitHubPicker => ({
	under: 'repository',
	path: '/search/issues',
	qs: ({ filter, repository }) => ({
		q: [filter ?? '', `repo:${repository?.owner}/${repository?.repo}`, `is:${kind}`].filter(Boolean).join(' '),
	}),
	itemsKey: 'items',
	paging: { more: 'totalCount', size: 50 },
	searchText: false,
	item: (item) => ({ name: `#${String(item.number)} ${String(item.title)}`, value: String(item.number), url: String(item.html_url) }),
});

/** Labels, by name or description; the value is the label's name. */
const LABELS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/labels',
	paging: FULL_PAGES,
	searchText: (label) => `${String(label.name)} ${String(label.description ?? '')}`,
	item: (label) => ({ name: String(label.name), value: String(label.name) }),
};

/** Milestones, open and closed, by title; the value is the milestone's number. */
const MILESTONES: GitHubPicker = {
	under: 'repository',
	path: '{repository}/milestones',
	qs: { state: 'all' },
	paging: FULL_PAGES,
	searchText: (milestone) => String(milestone.title),
	item: (milestone) => ({
		name: `${String(milestone.title)}${milestone.state === 'closed' ? ' (closed)' : ''}`,
		value: String(milestone.number),
		url: String(milestone.html_url),
	}),
};

/** Releases, newest first, by tag or title; the value is the release's numeric ID. */
const RELEASES: GitHubPicker = {
	under: 'repository',
	path: '{repository}/releases',
	paging: FULL_PAGES,
	searchText: (release) => `${String(release.tag_name ?? '')} ${String(release.name ?? '')}`,
	item: (release) => {
		const tag = String(release.tag_name ?? '');
		const title = String(release.name ?? '').trim();
		const flags = [release.draft ? 'draft' : '', release.prerelease ? 'prerelease' : ''].filter(Boolean).join(', ');
		return {
			name: `${title && title !== tag ? `${tag} – ${title}` : tag}${flags ? ` (${flags})` : ''}`,
			value: String(release.id),
			url: String(release.html_url ?? ''),
		};
	},
};

/**
 * Issues and pull requests, most recently updated first (GitHub's issue list holds both); pull
 * requests are marked "(PR)". The value is the number.
 */
const ISSUES_AND_PULL_REQUESTS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/issues',
	qs: { state: 'all', sort: 'updated', direction: 'desc' },
	paging: FULL_PAGES,
	searchText: (item) => `#${String(item.number)} ${String(item.title)}`,
	item: (item) => ({
		name: `#${String(item.number)} ${String(item.title)}${item.pull_request ? ' (PR)' : ''}`,
		value: String(item.number),
		url: String(item.html_url),
	}),
};

/** Reviews of the chosen pull request, oldest first, as "Review by @login — STATE — date"; the value is the review's ID. */
const REVIEWS: GitHubPicker = {
	under: 'pullRequest',
	path: '{pullRequest}/reviews',
	paging: FULL_PAGES,
	searchText: (review) => `${loginOf(review.user)} ${String(review.state)} ${String(review.body ?? '')}`,
	item: (review) => ({
		name: [`Review by ${loginOf(review.user)}`, String(review.state), dayOf(review.submitted_at)].filter(Boolean).join(' — '),
		value: String(review.id),
		url: String(review.html_url),
	}),
};

/**
 * Review comments of the chosen pull request that start a thread (GitHub takes replies to those
 * only), as "@login on path:line — text"; the value is the comment's ID.
 */
const REVIEW_COMMENTS: GitHubPicker = {
	under: 'pullRequest',
	path: '{pullRequest}/comments',
	paging: FULL_PAGES,
	keep: (comment) => comment.in_reply_to_id === undefined || comment.in_reply_to_id === null,
	searchText: (comment) => `${loginOf(comment.user)} ${String(comment.path)} ${String(comment.body ?? '')}`,
	item: (comment) => {
		const line = comment.line ?? comment.original_line;
		return {
			name: `${loginOf(comment.user)} on ${String(comment.path)}${line ? `:${String(line)}` : ''} — ${excerpt(comment.body)}`,
			value: String(comment.id),
			url: String(comment.html_url),
		};
	},
};

const commentedNumber = (comment: IDataObject) => /\/issues\/([0-9]+)$/.exec(String(comment.issue_url ?? ''))?.[1];

/**
 * Conversation comments of the repository's issues and pull requests, most recently updated
 * first, as "@login on #12 — date — text"; the value is the comment's ID.
 */
const ISSUE_COMMENTS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/issues/comments',
	qs: { sort: 'updated', direction: 'desc' },
	paging: FULL_PAGES,
	searchText: (comment) => `${loginOf(comment.user)} #${commentedNumber(comment) ?? ''} ${String(comment.body ?? '')}`,
	item: (comment) => {
		const number = commentedNumber(comment);
		return {
			name: [`${loginOf(comment.user)}${number ? ` on #${number}` : ''}`, dayOf(comment.created_at), excerpt(comment.body)].filter(Boolean).join(' — '),
			value: String(comment.id),
			url: String(comment.html_url),
		};
	},
};

const runParts = (run: IDataObject) =>
	[
		`${String(run.name ?? run.display_title ?? 'Run')} #${String(run.run_number)}`,
		String((run.status === 'completed' ? run.conclusion : run.status) ?? ''),
		String(run.head_branch ?? ''),
		dayOf(run.created_at),
	].filter(Boolean);

/** Workflow runs, newest first, as "Workflow #number — outcome — branch — date"; the value is the run's ID. */
const WORKFLOW_RUNS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/actions/runs',
	itemsKey: 'workflow_runs',
	paging: COUNTED_PAGES,
	searchText: (run) => `${runParts(run).join(' ')} ${String(run.display_title ?? '')}`,
	item: (run) => ({ name: runParts(run).join(' — '), value: String(run.id), url: String(run.html_url) }),
};

const sizeText = (bytes: unknown) => {
	const value = Number(bytes ?? 0);
	return value >= 1048576 ? `${(value / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(value / 1024))} KB`;
};

/** Artifacts, newest first, as "name — run ID — size[, expired]"; the value is the artifact's ID. */
const ARTIFACTS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/actions/artifacts',
	itemsKey: 'artifacts',
	paging: COUNTED_PAGES,
	searchText: (artifact) => String(artifact.name),
	item: (artifact) => {
		const run = (artifact.workflow_run as IDataObject | undefined)?.id;
		return {
			name: [String(artifact.name), run ? `run ${String(run)}` : '', `${sizeText(artifact.size_in_bytes)}${artifact.expired ? ', expired' : ''}`]
				.filter(Boolean)
				.join(' — '),
			value: String(artifact.id),
		};
	},
};

/** Deployment environments of the chosen repository, by name (the name is the value GitHub's paths take). */
const ENVIRONMENTS: GitHubPicker = {
	under: 'repository',
	path: '{repository}/environments',
	itemsKey: 'environments',
	paging: COUNTED_PAGES,
	item: (environment) => ({ name: String(environment.name), value: String(environment.name), url: String(environment.html_url ?? '') }),
};

function chosenProjectOwner(run: GitHubPickerRun): string {
	const owner = readLocatorValue(run.ctx, 'projectOwner');
	if (!owner) throw new NodeOperationError(run.ctx.getNode(), 'Choose the project owner first');
	return owner;
}

interface ProjectNode {
	number: number;
	title: string;
	url?: string;
	closed?: boolean;
}

/**
 * Projects (V2) of the chosen project owner, open ones first, by title or number; the value is the
 * project's number. The owner must be one the repository lists name, as for runs.
 */
const PROJECTS: GitHubPicker<ProjectNode> = {
	under: 'account',
	paging: { more: 'cursor' },
	load: async (run) => {
		const owner = chosenProjectOwner(run);
		const proof = await projectReadProof(run, { owner });
		const data = await run.client.graphql<{ repositoryOwner: { projectsV2?: Connection<ProjectNode> } | null }>(
			LIST_PROJECTS_QUERY,
			{ owner, first: 100, after: run.token ?? null },
			proof,
		);
		if (!data.repositoryOwner) throw new NodeOperationError(run.ctx.getNode(), `"${owner}" is not a GitHub user or organization`);
		const connection = data.repositoryOwner.projectsV2;
		const projects = connection?.nodes ?? [];
		return {
			entries: [...projects.filter((project) => !project.closed), ...projects.filter((project) => project.closed)],
			cursor: connection?.pageInfo.hasNextPage && connection.pageInfo.endCursor ? connection.pageInfo.endCursor : undefined,
		};
	},
	searchText: (project) => `${project.title} #${project.number}`,
	item: (project) => ({
		name: `${project.title}${project.closed ? ' (closed)' : ''}`,
		value: String(project.number),
		...(project.url ? { url: project.url } : {}),
	}),
};

/**
 * Options of the chosen project's single-select field named in "Status Field Name" (default
 * "Status"), by name; the value is the option's name, as Update Item Status takes it.
 */
const PROJECT_FIELD_OPTIONS: GitHubPicker<{ id: string; name: string }> = {
	under: 'account',
	paging: WHOLE_LIST,
	load: async (run) => {
		const { ctx } = run;
		const owner = chosenProjectOwner(run);
		const number = readNumber(ctx, 'projectNumber');
		if (!number) throw new NodeOperationError(ctx.getNode(), 'Choose the project first');
		const statusField = ctx.getCurrentNodeParameter('additionalFields.statusField') as unknown;
		const fieldName = (typeof statusField === 'string' ? statusField.trim() : '') || 'Status';
		const proof = await projectReadProof(run, { owner, number: Number(number) });
		const data = await run.client.graphql<{
			repositoryOwner: { projectV2?: { fields: { nodes: Array<{ name?: string; options?: Array<{ id: string; name: string }> }> } } | null } | null;
		}>(PROJECT_FIELDS_QUERY, { owner, number: Number(number) }, proof);
		const project = data.repositoryOwner?.projectV2;
		if (!project) {
			throw new NodeOperationError(ctx.getNode(), `Project ${number} of "${owner}" was not found`, {
				description: 'Check "Project Owner" and "Project", and that the token has the "project" (or "read:project") scope.',
			});
		}
		const singleSelect = project.fields.nodes.filter((field) => field.name && Array.isArray(field.options));
		const field = singleSelect.find((candidate) => candidate.name === fieldName);
		if (!field) {
			throw new NodeOperationError(ctx.getNode(), `The project has no single-select field named "${fieldName}"`, {
				description: singleSelect.length
					? `Set "Status Field Name" to one of: ${singleSelect.map((candidate) => candidate.name).join(', ')}.`
					: 'The project has no single-select fields.',
			});
		}
		return { entries: field.options ?? [] };
	},
	item: (option) => ({ name: option.name, value: option.name }),
};

/**
 * Issue fields of the chosen repository's organization, by name or description; the value is the
 * field's ID. They are the organization's, so the node's "Allowed Repositories" must name OWNER/*
 * as for the runs (the client checks the request against it like against the credential's scope).
 */
const ISSUE_FIELDS: GitHubPicker = {
	under: 'repository',
	paging: WHOLE_LIST,
	load: async (run) => {
		run.client.narrowTo(run.allowlist());
		const owner = pathSegment(run.repository?.owner ?? '');
		return { entries: await run.client.request<IDataObject[]>({ method: 'GET', path: `/orgs/${owner}/issue-fields` }) };
	},
	searchText: (field) => `${String(field.name)} ${String(field.description ?? '')}`,
	item: (field) => ({ name: `${String(field.name)} (${String(field.data_type).replace('_', ' ')})`, value: String(field.id) }),
};

export const searchOwners = githubPicker(OWNERS);
export const searchRepositories = githubPicker((run) => {
	// Read before any request: an unusable "Allowed Repositories" stops the picker first.
	run.allowlist();
	return repositorySearchQuery(run) ? REPOSITORY_SEARCH : ACCOUNT_REPOSITORIES;
});
export const searchBranches = githubPicker(BRANCHES);
export const searchWorkflows = githubPicker(WORKFLOWS);
export const searchIssues = githubPicker(numbered('issue'));
export const searchPullRequests = githubPicker(numbered('pr'));
export const searchLabels = githubPicker(LABELS);
export const searchMilestones = githubPicker(MILESTONES);
export const searchReleases = githubPicker(RELEASES);
export const searchIssuesAndPullRequests = githubPicker(ISSUES_AND_PULL_REQUESTS);
export const searchReviews = githubPicker(REVIEWS);
export const searchReviewComments = githubPicker(REVIEW_COMMENTS);
export const searchIssueComments = githubPicker(ISSUE_COMMENTS);
export const searchWorkflowRuns = githubPicker(WORKFLOW_RUNS);
export const searchArtifacts = githubPicker(ARTIFACTS);
export const searchEnvironments = githubPicker(ENVIRONMENTS);
export const searchProjects = githubPicker(PROJECTS);
export const searchProjectFieldOptions = githubPicker(PROJECT_FIELD_OPTIONS);
export const searchIssueFields = githubPicker(ISSUE_FIELDS);

export const listSearch = {
	searchOwners,
	searchRepositories,
	searchBranches,
	searchWorkflows,
	searchIssues,
	searchPullRequests,
	searchLabels,
	searchMilestones,
	searchReleases,
	searchIssuesAndPullRequests,
	searchReviews,
	searchReviewComments,
	searchIssueComments,
	searchProjects,
	searchProjectFieldOptions,
	searchWorkflowRuns,
	searchArtifacts,
	searchEnvironments,
	searchIssueFields,
};
