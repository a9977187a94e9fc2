import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

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
