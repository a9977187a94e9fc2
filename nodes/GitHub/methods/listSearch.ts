import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathSegment } from '../../shared/requestGuard';
import { repositoryReference } from '../repositoryReference';
import { GitHubClient } from '../transport';

function readLocatorValue(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true }) as unknown;
	return typeof value === 'string' ? value.trim() : '';
}

/** The account itself and the organizations it belongs to. */
export async function searchOwners(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const me = await client.request<IDataObject>({ method: 'GET', path: '/user' });
	const orgs = await client.paginate<IDataObject>({ method: 'GET', path: '/user/orgs' }, { returnAll: false, limit: 100 });
	const logins = [String(me.login), ...orgs.map((org) => String(org.login))];
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: logins
			.filter((login) => !wanted || login.toLowerCase().includes(wanted))
			.map((login) => ({ name: login, value: login, url: `https://github.com/${login}` })),
	};
}

/** Repositories of the chosen owner (or of the account), filtered by name. */
export async function searchRepositories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new GitHubClient(this);
	const owner = readLocatorValue(this, 'owner');
	const page = Number(paginationToken ?? 1);
	const q = [filter ? `${filter} in:name` : '', owner ? `user:${owner}` : ''].filter(Boolean).join(' ');
	if (q) {
		const found = await client.request<{ items: IDataObject[]; total_count: number }>({
			method: 'GET',
			path: '/search/repositories',
			qs: { q, per_page: 100, page },
		});
		return {
			results: found.items.map((repo) => ({
				name: String(repo.full_name),
				value: String(repo.name),
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
	return {
		results: repos.map((repo) => ({ name: String(repo.full_name), value: String(repo.name), url: String(repo.html_url) })),
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

function repositoryPath(ctx: ILoadOptionsFunctions): string {
	const current = currentRepository(ctx);
	if (!current) {
		throw new NodeOperationError(ctx.getNode(), 'Choose the repository owner and the repository first');
	}
	return `/repos/${pathSegment(current.owner)}/${pathSegment(current.repo)}`;
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
	const current = currentRepository(ctx);
	if (!current) throw new NodeOperationError(ctx.getNode(), 'Choose the repository owner and the repository first');
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
};
