import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PickerPage, PickerPaging, PickerShape } from '../../shared/picker';
import { pickerPageNumber, pickerResult } from '../../shared/picker';
import { pathSegment } from '../../../credentials/requestGuard';
import type { RepositoryList } from '../scope/repositories';
import { repositoryRefusal } from '../scope/repositories';
import { ListRefusal } from '../../shared/scope';
import type { ScopeProof } from '../scope';
import { projectOwnerProof } from '../scope';
import { parseNodeAllowlist } from '../nodeAllowlist';
import { repositoryReference } from '../repositoryReference';
import { GitHubClient } from '../transport';

/** One opening of a picker: what the editor holds, the typed filter and the page asked for. */
export interface GitHubPickerRun {
	ctx: ILoadOptionsFunctions;
	client: GitHubClient;
	filter?: string;
	/** The pagination token as n8n sent it, and the page number it names. */
	token?: string;
	page: number;
	/** The chosen repository (pickers under a repository or pull request). */
	repository?: { owner: string; repo: string };
	/** The node's "Allowed Repositories" as the editor holds it (read when first asked for). */
	allowlist(): RepositoryList | undefined;
}

/** Whose list a picker shows: the account's, or the chosen repository's or pull request's. */
type PickerUnder = 'account' | 'repository' | 'pullRequest';

interface PickerRowBase<Entry> extends PickerShape<Entry, GitHubPickerRun> {
	under: PickerUnder;
	paging: PickerPaging;
}

/** A picker that lists one REST page. */
interface RestPicker<Entry = IDataObject> extends PickerRowBase<Entry> {
	/** `{repository}` and `{pullRequest}` stand for the chosen one's path (/repos/owner/name[/pulls/number]). */
	path: string;
	/** Query before per_page and page. */
	qs?: IDataObject | ((run: GitHubPickerRun) => IDataObject);
	/** Property holding the entries when the answer wraps them (its total_count beside them). */
	itemsKey?: string;
}

/** A picker whose entries take more than one REST page (several requests, GraphQL). */
interface LoadedPicker<Entry> extends PickerRowBase<Entry> {
	load: (run: GitHubPickerRun) => Promise<PickerPage<Entry>>;
}

export type GitHubPicker<Entry = IDataObject> = RestPicker<Entry> | LoadedPicker<Entry>;

export function readLocatorValue(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true }) as unknown;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' ? value.trim() : '';
}

/** An issue, pull request or project number as GitHub shows it ("#12" or "12"), or undefined. */
export function readNumber(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const text = readLocatorValue(ctx, name).replace(/^#\s*/, '');
	return /^[0-9]+$/.test(text) ? text : undefined;
}

function refused(ctx: ILoadOptionsFunctions, refusal: ListRefusal): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.hint });
}

/**
 * The node's "Allowed Repositories" as the editor holds it. Pickers stay inside it as runs do
 * (the credential's scope is the transport's).
 */
function editorAllowlist(ctx: ILoadOptionsFunctions): RepositoryList | undefined {
	try {
		return parseNodeAllowlist(ctx.getCurrentNodeParameter('options.allowedRepositories'));
	} catch (error) {
		// Parsing the setting fails only with a refusal.
		throw refused(ctx, error as ListRefusal);
	}
}

/** A read of an owner's projects, checked against the node's and the credential's repository lists. */
export async function projectReadProof(run: GitHubPickerRun, project: { owner: string; number?: number }): Promise<ScopeProof> {
	const lists = [run.allowlist(), (await run.client.scope()).repositories];
	try {
		return projectOwnerProof(lists, project);
	} catch (error) {
		throw refused(run.ctx, error as ListRefusal);
	}
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
function chosenRepository(run: GitHubPickerRun): { owner: string; repo: string } {
	const current = currentRepository(run.ctx);
	if (!current) {
		throw new NodeOperationError(run.ctx.getNode(), 'Choose the repository owner and the repository first');
	}
	const allowlist = run.allowlist();
	if (allowlist && !allowlist.allows(current.owner, current.repo)) throw refused(run.ctx, repositoryRefusal(current.owner, current.repo, allowlist));
	return current;
}

/** The chosen repository's or pull request's path, checked against the allowlist before any request. */
function chosenPath(run: GitHubPickerRun, under: PickerUnder): string {
	if (under === 'account') return '';
	const number = under === 'pullRequest' ? readNumber(run.ctx, 'pullNumber') : undefined;
	if (under === 'pullRequest' && !number) throw new NodeOperationError(run.ctx.getNode(), 'Choose the pull request first');
	run.repository = chosenRepository(run);
	const repositoryPath = `/repos/${pathSegment(run.repository.owner)}/${pathSegment(run.repository.repo)}`;
	return number ? `${repositoryPath}/pulls/${number}` : repositoryPath;
}

async function restPage<Entry>(run: GitHubPickerRun, picker: RestPicker<Entry>, chosen: string): Promise<PickerPage<Entry>> {
	const qs = typeof picker.qs === 'function' ? picker.qs(run) : (picker.qs ?? {});
	const size = 'size' in picker.paging ? picker.paging.size : 100;
	const answer = await run.client.request<IDataObject | Entry[]>({
		method: 'GET',
		path: picker.path.replace(/^\{(repository|pullRequest)\}/, chosen),
		qs: { ...qs, per_page: size, page: run.page },
	});
	if (!picker.itemsKey) return { entries: answer as Entry[] };
	const wrapped = answer as IDataObject;
	return { entries: wrapped[picker.itemsKey] as Entry[], total: Number(wrapped.total_count ?? 0) };
}

/** Runs a picker row (or the row `choose` picks for this opening) as a list-search method. */
export function githubPicker<Entry>(choose: GitHubPicker<Entry> | ((run: GitHubPickerRun) => GitHubPicker<Entry>)) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		let allowlist: { list: RepositoryList | undefined } | undefined;
		const run: GitHubPickerRun = {
			ctx: this,
			client: new GitHubClient(this),
			filter,
			token: paginationToken,
			page: pickerPageNumber(paginationToken),
			allowlist: () => (allowlist ??= { list: editorAllowlist(this) }).list,
		};
		const picker = typeof choose === 'function' ? choose(run) : choose;
		const chosen = chosenPath(run, picker.under);
		const answer = 'load' in picker ? await picker.load(run) : await restPage(run, picker, chosen);
		return pickerResult(picker, picker.paging, run, answer);
	};
}
