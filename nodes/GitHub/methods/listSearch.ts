import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../shared/requestGuard';
import type { RepositoryList } from '../../shared/scope';
import { parseRepositoryList, repositoryRefusal, ScopeRefusal } from '../../shared/scope';
import type { ScopeProof } from '../../shared/scope/github';
import { NODE_SOURCE, projectOwnerProof } from '../../shared/scope/github';
import type { Connection } from '../actions/graphql';
import { LIST_PROJECTS_QUERY, PROJECT_FIELDS_QUERY } from '../actions/project/handlers';
import { repositoryReference } from '../repositoryReference';
import { GitHubClient } from '../transport';

function readLocatorValue(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true }) as unknown;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' ? value.trim() : '';
}

/** An issue, pull request or project number as GitHub shows it ("#12" or "12"), or undefined. */
function readNumber(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const text = readLocatorValue(ctx, name).replace(/^#\s*/, '');
	return /^[0-9]+$/.test(text) ? text : undefined;
}

function refused(ctx: ILoadOptionsFunctions, refusal: ScopeRefusal): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.hint });
}

/**
 * The node's "Allowed Repositories" as the editor holds it. Pickers stay inside it as runs do
 * (the credential's scope is the transport's). An expression is only resolved when the
 * workflow runs, so while editing it allows nothing rather than everything.
 */
function nodeAllowlist(ctx: ILoadOptionsFunctions): RepositoryList | undefined {
	const setting = ctx.getCurrentNodeParameter('options.allowedRepositories') as unknown;
	try {
		if (typeof setting === 'string' && setting.startsWith('=')) {
			throw new ScopeRefusal(
				`${NODE_SOURCE} is an expression, which is resolved only when the workflow runs, so this list cannot be checked against it`,
				'Give the value by ID or number instead of from the list, or write the allowed repositories as plain text.',
			);
		}
		return parseRepositoryList(setting, NODE_SOURCE, 'Allowed Repositories');
	} catch (error) {
		// Parsing the setting fails only with a refusal.
		throw refused(ctx, error as ScopeRefusal);
	}
}

/** A read of an owner's projects, checked against the node's and the credential's repository lists. */
async function projectReadProof(ctx: ILoadOptionsFunctions, client: GitHubClient, project: { owner: string; number?: number }): Promise<ScopeProof> {
	const lists = [nodeAllowlist(ctx), (await client.scope()).repositories];
	try {
		return projectOwnerProof(lists, project);
	} catch (error) {
		throw refused(ctx, error as ScopeRefusal);
	}
}

/** One line of a comment's text, cut to `length` characters. */
function excerpt(text: unknown, length = 60): string {
	const line = String(text ?? '').replace(/\s+/g, ' ').trim();
	return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

const loginOf = (user: unknown) => `@${String((user as IDataObject | null | undefined)?.login ?? 'ghost')}`;

const dayOf = (timestamp: unknown) => (typeof timestamp === 'string' ? timestamp.slice(0, 10) : '');

/** The account itself and the organizations it belongs to. */
export async function searchOwners(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const me = await client.request<IDataObject>({ method: 'GET', path: '/user' });
	const orgs = await client.paginate<IDataObject>({ method: 'GET', path: '/user/orgs' }, { returnAll: false, limit: 100 });
	const logins = [String(me.login), ...orgs.map((org) => String(org.login))];
	const wanted = (filter ?? '').toLowerCase();
	const lists = [nodeAllowlist(this), (await client.scope()).repositories];
	return {
		results: logins
			.filter((login) => lists.every((list) => !list || list.namesOwner(login)))
			.filter((login) => !wanted || login.toLowerCase().includes(wanted))
			.map((login) => ({ name: login, value: login, url: `https://github.com/${login}` })),
	};
}

/** Repositories of the chosen owner by name, or the account's as "owner/name", filtered by name. */
export async function searchRepositories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const owner = readLocatorValue(this, 'owner');
	const page = Number(paginationToken ?? 1);
	const allowlist = nodeAllowlist(this);
	const allowed = (repo: IDataObject) => {
		const [repoOwner, name] = String(repo.full_name).split('/');
		return !allowlist || allowlist.allows(repoOwner, name);
	};
	const q = [filter ? `${filter} in:name` : '', owner ? `user:${owner}` : ''].filter(Boolean).join(' ');
	if (q) {
		const found = await client.request<{ items: IDataObject[]; total_count: number }>({
			method: 'GET',
			path: '/search/repositories',
			qs: { q, per_page: 100, page },
		});
		return {
			results: found.items.filter(allowed).map((repo) => ({
				name: String(repo.full_name),
				value: String(owner ? repo.name : repo.full_name),
				url: String(repo.html_url),
			})),
			paginationToken: found.total_count > page * 100 ? String(page + 1) : undefined,
		};
	}
	const repos = await client.request<IDataObject[]>({
		method: 'GET',
		path: '/user/repos',
		qs: { per_page: 100, page, sort: 'updated' },
	});
	// No owner chosen: the account's repositories as "owner/name", to find one; Repository Owner is still asked for.
	return {
		results: repos.filter(allowed).map((repo) => ({ name: String(repo.full_name), value: String(repo.full_name), url: String(repo.html_url) })),
		paginationToken: repos.length === 100 ? String(page + 1) : undefined,
	};
}

/** Owner and repository of the node being edited; a repository URL or "owner/name" sets both. */
function currentRepository(ctx: ILoadOptionsFunctions): { owner: string; repo: string } | undefined {
	const repo = readLocatorValue(ctx, 'repository');
	const reference = repositoryReference(repo);
	if (reference) return reference;
	const owner = readLocatorValue(ctx, 'owner');
	return owner && repo ? { owner, repo } : undefined;
}

/** The chosen repository, refused when it is outside the node's "Allowed Repositories". */
function chosenRepository(ctx: ILoadOptionsFunctions): { owner: string; repo: string } {
	const current = currentRepository(ctx);
	if (!current) {
		throw new NodeOperationError(ctx.getNode(), 'Choose the repository owner and the repository first');
	}
	const allowlist = nodeAllowlist(ctx);
	if (allowlist && !allowlist.allows(current.owner, current.repo)) throw refused(ctx, repositoryRefusal(current.owner, current.repo, allowlist));
	return current;
}

function repositoryPath(ctx: ILoadOptionsFunctions): string {
	const current = chosenRepository(ctx);
	return `/repos/${pathSegment(current.owner)}/${pathSegment(current.repo)}`;
}

function pullRequestPath(ctx: ILoadOptionsFunctions): string {
	const number = readNumber(ctx, 'pullNumber');
	if (!number) throw new NodeOperationError(ctx.getNode(), 'Choose the pull request first');
	return `${repositoryPath(ctx)}/pulls/${number}`;
}

function matches(text: string, filter?: string): boolean {
	return !filter || text.toLowerCase().includes(filter.toLowerCase());
}

/** Branches of the chosen repository, filtered by name. */
export async function searchBranches(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const branches = await client.request<IDataObject[]>({
		method: 'GET',
		path: `${repositoryPath(this)}/branches`,
		qs: { per_page: 100, page },
	});
	return {
		results: branches
			.filter((branch) => matches(String(branch.name), filter))
			.map((branch) => ({ name: String(branch.name), value: String(branch.name) })),
		paginationToken: branches.length === 100 ? String(page + 1) : undefined,
	};
}

/** GitHub Actions workflows of the chosen repository; the value is the workflow's numeric ID. */
export async function searchWorkflows(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const found = await client.request<{ total_count: number; workflows: IDataObject[] }>({
		method: 'GET',
		path: `${repositoryPath(this)}/actions/workflows`,
		qs: { per_page: 100, page },
	});
	return {
		results: found.workflows
			.filter((workflow) => matches(`${String(workflow.name)} ${String(workflow.path)}`, filter))
			.map((workflow) => ({
				name: `${String(workflow.name)} (${String(workflow.path).split('/').pop()})`,
				value: String(workflow.id),
				url: String(workflow.html_url),
			})),
		paginationToken: found.total_count > page * 100 ? String(page + 1) : undefined,
	};
}

async function searchNumbered(
	ctx: ILoadOptionsFunctions,
	kind: 'issue' | 'pr',
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(ctx);
	const current = chosenRepository(ctx);
	const page = Number(paginationToken ?? 1);
	const q = [filter ?? '', `repo:${current.owner}/${current.repo}`, `is:${kind}`].filter(Boolean).join(' ');
	const found = await client.request<{ items: IDataObject[]; total_count: number }>({
		method: 'GET',
		path: '/search/issues',
		qs: { q, per_page: 50, page },
	});
	return {
		results: found.items.map((item) => ({
			name: `#${String(item.number)} ${String(item.title)}`,
			value: String(item.number),
			url: String(item.html_url),
		})),
		paginationToken: found.total_count > page * 50 ? String(page + 1) : undefined,
	};
}

/** Issues of the chosen repository, by title words. */
export async function searchIssues(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchNumbered(this, 'issue', filter, paginationToken);
}

/** Pull requests of the chosen repository, by title words. */
export async function searchPullRequests(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchNumbered(this, 'pr', filter, paginationToken);
}

/** Labels of the chosen repository, filtered by name; the value is the label's name. */
export async function searchLabels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const labels = await client.request<IDataObject[]>({ method: 'GET', path: `${repositoryPath(this)}/labels`, qs: { per_page: 100, page } });
	return {
		results: labels
			.filter((label) => matches(`${String(label.name)} ${String(label.description ?? '')}`, filter))
			.map((label) => ({ name: String(label.name), value: String(label.name) })),
		paginationToken: labels.length === 100 ? String(page + 1) : undefined,
	};
}

/** Milestones of the chosen repository (open and closed), filtered by title; the value is the milestone's number. */
export async function searchMilestones(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const milestones = await client.request<IDataObject[]>({
		method: 'GET',
		path: `${repositoryPath(this)}/milestones`,
		qs: { state: 'all', per_page: 100, page },
	});
	return {
		results: milestones
			.filter((milestone) => matches(String(milestone.title), filter))
			.map((milestone) => ({
				name: `${String(milestone.title)}${milestone.state === 'closed' ? ' (closed)' : ''}`,
				value: String(milestone.number),
				url: String(milestone.html_url),
			})),
		paginationToken: milestones.length === 100 ? String(page + 1) : undefined,
	};
}

/** Releases of the chosen repository, newest first; the value is the release's numeric ID. */
export async function searchReleases(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const releases = await client.request<IDataObject[]>({
		method: 'GET',
		path: `${repositoryPath(this)}/releases`,
		qs: { per_page: 100, page },
	});
	return {
		results: releases
			.filter((release) => matches(`${String(release.tag_name ?? '')} ${String(release.name ?? '')}`, filter))
			.map((release) => {
				const tag = String(release.tag_name ?? '');
				const title = String(release.name ?? '').trim();
				const flags = [release.draft ? 'draft' : '', release.prerelease ? 'prerelease' : ''].filter(Boolean).join(', ');
				return {
					name: `${title && title !== tag ? `${tag} – ${title}` : tag}${flags ? ` (${flags})` : ''}`,
					value: String(release.id),
					url: String(release.html_url ?? ''),
				};
			}),
		paginationToken: releases.length === 100 ? String(page + 1) : undefined,
	};
}

/**
 * Issues and pull requests of the chosen repository, most recently updated first (GitHub's
 * issue list holds both); pull requests are marked "(PR)". The value is the number.
 */
export async function searchIssuesAndPullRequests(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const items = await client.request<IDataObject[]>({
		method: 'GET',
		path: `${repositoryPath(this)}/issues`,
		qs: { state: 'all', sort: 'updated', direction: 'desc', per_page: 100, page },
	});
	return {
		results: items
			.filter((item) => matches(`#${String(item.number)} ${String(item.title)}`, filter))
			.map((item) => ({
				name: `#${String(item.number)} ${String(item.title)}${item.pull_request ? ' (PR)' : ''}`,
				value: String(item.number),
				url: String(item.html_url),
			})),
		paginationToken: items.length === 100 ? String(page + 1) : undefined,
	};
}

/** Reviews of the chosen pull request, oldest first, as "Review by @login — STATE — date"; the value is the review's ID. */
export async function searchReviews(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const reviews = await client.request<IDataObject[]>({ method: 'GET', path: `${pullRequestPath(this)}/reviews`, qs: { per_page: 100, page } });
	return {
		results: reviews
			.filter((review) => matches(`${loginOf(review.user)} ${String(review.state)} ${String(review.body ?? '')}`, filter))
			.map((review) => ({
				name: [`Review by ${loginOf(review.user)}`, String(review.state), dayOf(review.submitted_at)].filter(Boolean).join(' — '),
				value: String(review.id),
				url: String(review.html_url),
			})),
		paginationToken: reviews.length === 100 ? String(page + 1) : undefined,
	};
}

/**
 * Review comments of the chosen pull request that start a thread (GitHub takes replies to
 * those only), as "@login on path:line — text"; the value is the comment's ID.
 */
export async function searchReviewComments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const comments = await client.request<IDataObject[]>({ method: 'GET', path: `${pullRequestPath(this)}/comments`, qs: { per_page: 100, page } });
	return {
		results: comments
			.filter((comment) => comment.in_reply_to_id === undefined || comment.in_reply_to_id === null)
			.filter((comment) => matches(`${loginOf(comment.user)} ${String(comment.path)} ${String(comment.body ?? '')}`, filter))
			.map((comment) => {
				const line = comment.line ?? comment.original_line;
				return {
					name: `${loginOf(comment.user)} on ${String(comment.path)}${line ? `:${String(line)}` : ''} — ${excerpt(comment.body)}`,
					value: String(comment.id),
					url: String(comment.html_url),
				};
			}),
		paginationToken: comments.length === 100 ? String(page + 1) : undefined,
	};
}

/**
 * Conversation comments of the chosen repository's issues and pull requests, most recently
 * updated first, as "@login on #12 — date — text"; the value is the comment's ID.
 */
export async function searchIssueComments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const comments = await client.request<IDataObject[]>({
		method: 'GET',
		path: `${repositoryPath(this)}/issues/comments`,
		qs: { sort: 'updated', direction: 'desc', per_page: 100, page },
	});
	return {
		results: comments
			.map((comment) => ({ comment, number: /\/issues\/([0-9]+)$/.exec(String(comment.issue_url ?? ''))?.[1] }))
			.filter(({ comment, number }) => matches(`${loginOf(comment.user)} #${number ?? ''} ${String(comment.body ?? '')}`, filter))
			.map(({ comment, number }) => ({
				name: [`${loginOf(comment.user)}${number ? ` on #${number}` : ''}`, dayOf(comment.created_at), excerpt(comment.body)].filter(Boolean).join(' — '),
				value: String(comment.id),
				url: String(comment.html_url),
			})),
		paginationToken: comments.length === 100 ? String(page + 1) : undefined,
	};
}

/**
 * Workflow runs of the chosen repository, newest first, as "Workflow #number — outcome — branch —
 * date"; the value is the run's ID.
 */
export async function searchWorkflowRuns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const found = await client.request<{ total_count: number; workflow_runs: IDataObject[] }>({
		method: 'GET',
		path: `${repositoryPath(this)}/actions/runs`,
		qs: { per_page: 100, page },
	});
	return {
		results: found.workflow_runs
			.map((run) => ({
				run,
				parts: [
					`${String(run.name ?? run.display_title ?? 'Run')} #${String(run.run_number)}`,
					String((run.status === 'completed' ? run.conclusion : run.status) ?? ''),
					String(run.head_branch ?? ''),
					dayOf(run.created_at),
				].filter(Boolean),
			}))
			.filter(({ run, parts }) => matches(`${parts.join(' ')} ${String(run.display_title ?? '')}`, filter))
			.map(({ run, parts }) => ({ name: parts.join(' — '), value: String(run.id), url: String(run.html_url) })),
		paginationToken: found.total_count > page * 100 ? String(page + 1) : undefined,
	};
}

/** Artifacts of the chosen repository, newest first, as "name — run ID — size[, expired]"; the value is the artifact's ID. */
export async function searchArtifacts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const found = await client.request<{ total_count: number; artifacts: IDataObject[] }>({
		method: 'GET',
		path: `${repositoryPath(this)}/actions/artifacts`,
		qs: { per_page: 100, page },
	});
	const size = (bytes: unknown) => {
		const value = Number(bytes ?? 0);
		return value >= 1048576 ? `${(value / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(value / 1024))} KB`;
	};
	return {
		results: found.artifacts
			.filter((artifact) => matches(String(artifact.name), filter))
			.map((artifact) => {
				const run = (artifact.workflow_run as IDataObject | undefined)?.id;
				return {
					name: [String(artifact.name), run ? `run ${String(run)}` : '', `${size(artifact.size_in_bytes)}${artifact.expired ? ', expired' : ''}`].filter(Boolean).join(' — '),
					value: String(artifact.id),
				};
			}),
		paginationToken: found.total_count > page * 100 ? String(page + 1) : undefined,
	};
}

/** Deployment environments of the chosen repository, by name (the name is the value GitHub's paths take). */
export async function searchEnvironments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const page = Number(paginationToken ?? 1);
	const found = await client.request<{ total_count: number; environments: IDataObject[] }>({
		method: 'GET',
		path: `${repositoryPath(this)}/environments`,
		qs: { per_page: 100, page },
	});
	return {
		results: found.environments
			.filter((environment) => matches(String(environment.name), filter))
			.map((environment) => ({ name: String(environment.name), value: String(environment.name), url: String(environment.html_url ?? '') })),
		paginationToken: found.total_count > page * 100 ? String(page + 1) : undefined,
	};
}

function chosenProjectOwner(ctx: ILoadOptionsFunctions): string {
	const owner = readLocatorValue(ctx, 'projectOwner');
	if (!owner) throw new NodeOperationError(ctx.getNode(), 'Choose the project owner first');
	return owner;
}

interface ProjectNode {
	number: number;
	title: string;
	url?: string;
	closed?: boolean;
}

/**
 * Projects (V2) of the chosen project owner, open ones first, by title or number; the value is
 * the project's number. The owner must be one the repository lists name, as for runs.
 */
export async function searchProjects(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const owner = chosenProjectOwner(this);
	const proof = await projectReadProof(this, client, { owner });
	const data = await client.graphql<{ repositoryOwner: { projectsV2?: Connection<ProjectNode> } | null }>(
		LIST_PROJECTS_QUERY,
		{ owner, first: 100, after: paginationToken ?? null },
		proof,
	);
	if (!data.repositoryOwner) throw new NodeOperationError(this.getNode(), `"${owner}" is not a GitHub user or organization`);
	const connection = data.repositoryOwner.projectsV2;
	const projects = (connection?.nodes ?? []).filter((project) => matches(`${project.title} #${project.number}`, filter));
	const item = (project: ProjectNode): INodeListSearchItems => ({
		name: `${project.title}${project.closed ? ' (closed)' : ''}`,
		value: String(project.number),
		...(project.url ? { url: project.url } : {}),
	});
	return {
		results: [...projects.filter((project) => !project.closed), ...projects.filter((project) => project.closed)].map(item),
		paginationToken: connection?.pageInfo.hasNextPage && connection.pageInfo.endCursor ? connection.pageInfo.endCursor : undefined,
	};
}

/**
 * Options of the chosen project's single-select field named in "Status Field Name" (default
 * "Status"), by name; the value is the option's name, as Update Item Status takes it.
 */
export async function searchProjectFieldOptions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const owner = chosenProjectOwner(this);
	const number = readNumber(this, 'projectNumber');
	if (!number) throw new NodeOperationError(this.getNode(), 'Choose the project first');
	const statusField = this.getCurrentNodeParameter('additionalFields.statusField') as unknown;
	const fieldName = (typeof statusField === 'string' ? statusField.trim() : '') || 'Status';
	const proof = await projectReadProof(this, client, { owner, number: Number(number) });
	const data = await client.graphql<{
		repositoryOwner: { projectV2?: { fields: { nodes: Array<{ name?: string; options?: Array<{ id: string; name: string }> }> } } | null } | null;
	}>(PROJECT_FIELDS_QUERY, { owner, number: Number(number) }, proof);
	const project = data.repositoryOwner?.projectV2;
	if (!project) {
		throw new NodeOperationError(this.getNode(), `Project ${number} of "${owner}" was not found`, {
			description: 'Check "Project Owner" and "Project", and that the token has the "project" (or "read:project") scope.',
		});
	}
	const singleSelect = project.fields.nodes.filter((field) => field.name && Array.isArray(field.options));
	const field = singleSelect.find((candidate) => candidate.name === fieldName);
	if (!field) {
		throw new NodeOperationError(this.getNode(), `The project has no single-select field named "${fieldName}"`, {
			description: singleSelect.length
				? `Set "Status Field Name" to one of: ${singleSelect.map((candidate) => candidate.name).join(', ')}.`
				: 'The project has no single-select fields.',
		});
	}
	return {
		results: (field.options ?? [])
			.filter((option) => matches(option.name, filter))
			.map((option) => ({ name: option.name, value: option.name })),
	};
}

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
};
