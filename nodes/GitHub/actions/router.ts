import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ResolvingRun, ServiceRunner } from '../../shared/pipeline';
import { runRows } from '../../shared/pipeline';
import { readParameter } from '../../shared/context';
import { retryBoundsFrom } from '../../shared/options';
import { downloadLimitFrom } from '../../shared/transfer';
import type { GitHubAuthentication } from '../transport';
import { repositoryReference } from '../repositoryReference';
import { GitHubClient } from '../transport';
import type { RepositoryList } from '../scope/repositories';
import { repositoryRefusal } from '../scope/repositories';
import { ListRefusal } from '../../shared/scope';
import { parseNodeAllowlist } from '../nodeAllowlist';
import { checkGitHubRequest } from '../scope';
import { buildRequest } from '../../shared/rowEngine';
import { GITHUB_ROWS } from './catalogue';
import type { GitHubRow } from './types';
import { GITHUB_FIELD_SETS, GITHUB_RAW_AUTHORED } from './fieldSets';
import { writeAudience } from '../audience';
import type { GitHubPlace } from '../scope';
import { classifyGitHubRequest, placeOf } from '../scope';
import type { BuiltRequest } from '../../shared/rowEngine';
import { githubTrust, TrustJudge } from '../trustedContent';


type Run = ResolvingRun<GitHubRow, GitHubClient>;

const fieldIdentifying = (row: GitHubRow, what: 'owner' | 'repository') =>
	row.fields.find((field) => field.identifies === what);

const NUMBER_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s]+)\/(?:issues|pull)\/\d+/i;

/**
 * A repository locator given as "owner/name" or as a URL sets the owner too (the editor hides
 * Repository Owner then) - unless an owner is given that disagrees, which only an expression can
 * do: nothing is silently sent to another repository. An issue or pull request given by URL must belong to the
 * chosen repository.
 */
async function resolveRepository({ ctx, row, values, itemIndex }: Run): Promise<void> {
	const repository = fieldIdentifying(row, 'repository');
	const owner = fieldIdentifying(row, 'owner');
	const fail = (message: string, description: string) => new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
	if (repository && owner && repository.type === 'resourceLocator') {
		const text = String(values[repository.name] ?? '').trim();
		const reference = repositoryReference(text);
		if (reference) {
			const given = String(values[owner.name] ?? '').trim();
			if (given && given.toLowerCase() !== reference.owner.toLowerCase()) {
				throw fail(
					`The "${repository.displayName}" "${text}" belongs to "${reference.owner}", but "${owner.displayName}" is "${given}"`,
					`Give the repository's own owner in "${owner.displayName}", or give the repository by name only.`,
				);
			}
			values[owner.name] = reference.owner;
			values[repository.name] = reference.repo;
		}
	}
	const ownerValue = owner ? String(values[owner.name] ?? '').trim() : '';
	const repositoryValue = repository ? String(values[repository.name] ?? '').trim() : '';
	if (owner?.required && repository && repositoryValue && !ownerValue) {
		throw fail(
			`The "${owner.displayName}" parameter is empty`,
			`Choose the owner of the repository "${repositoryValue}", or give "${repository.displayName}" by URL or as "owner/name".`,
		);
	}
	for (const field of row.fields) {
		if (field.type !== 'resourceLocator' || !field.integer || field.optional) continue;
		const locator = ctx.getNodeParameter(field.name, itemIndex, undefined, { extractValue: false }) as
			| { mode?: string; value?: unknown }
			| undefined;
		if (locator?.mode !== 'url') continue;
		const url = String(locator.value ?? '').trim();
		const match = NUMBER_URL.exec(url);
		if (!match) continue;
		if (match[1].toLowerCase() !== ownerValue.toLowerCase() || match[2].toLowerCase() !== repositoryValue.toLowerCase()) {
			throw fail(
				`The "${field.displayName}" URL ${url} is in ${match[1]}/${match[2]}, not in the chosen repository ${ownerValue}/${repositoryValue}`,
				'Choose the repository the URL belongs to, or give the number of an issue or pull request of the chosen repository.',
			);
		}
	}
}

/**
 * The node's "Allowed Repositories". An expression that resolves to nothing fails closed,
 * like a setting that names no repository.
 */
function nodeAllowlist(ctx: IExecuteFunctions, itemIndex: number): RepositoryList | undefined {
	const options = (ctx.getNode().parameters.options ?? {}) as { allowedRepositories?: unknown };
	try {
		return parseNodeAllowlist(options.allowedRepositories, { value: ctx.getNodeParameter('options.allowedRepositories', itemIndex, '') });
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			itemIndex,
			description: (error as { hint?: string }).hint,
		});
	}
}

/**
 * With the node's "Allowed Repositories" set, an operation outside it stops before any request.
 * The list is decided on by the credential scope's own rules (nodes/GitHub/scope): the client
 * checks every request the row sends against it, and a row without a handler sends exactly its
 * built request, which is checked here first. A row naming its repository by fields is checked
 * by them first, so nothing (not even a look-up) is sent for another repository.
 */
async function checkAllowedRepositories({ ctx, client, row, values, itemIndex }: Run): Promise<RepositoryList | undefined> {
	const allowlist = nodeAllowlist(ctx, itemIndex);
	client.narrowTo(allowlist);
	if (!allowlist) return allowlist;
	const refused = (refusal: { message: string; hint?: string }) =>
		new NodeOperationError(ctx.getNode(), refusal.message, { itemIndex, description: refusal.hint });
	const valueOf = (what: 'owner' | 'repository') => {
		const field = fieldIdentifying(row, what);
		return field ? String(values[field.name] ?? '').trim() : '';
	};
	if (fieldIdentifying(row, 'owner') && fieldIdentifying(row, 'repository')) {
		const owner = valueOf('owner');
		const repo = valueOf('repository');
		if (!owner || !repo) {
			throw new NodeOperationError(ctx.getNode(), `The repository owner is empty while "Allowed Repositories" is set (allowed: ${allowlist.entries.join(', ')})`, {
				itemIndex,
				description: 'Give "Repository Owner" (or the repository as owner/name) so it can be checked.',
			});
		}
		if (!allowlist.allows(owner, repo)) throw refused(repositoryRefusal(owner, repo, allowlist));
	}
	if (row.handler) return allowlist;
	try {
		await checkGitHubRequest({ repositories: allowlist, readOnly: false }, buildRequest(ctx, row, values, itemIndex), client.scopeLookups());
	} catch (error) {
		throw error instanceof ListRefusal ? refused(error) : await client.asNodeError(error);
	}
	return allowlist;
}

/**
 * Where a GraphQL row works: its path (/graphql) names no repository, its owner and repository
 * fields do (the handler proves them to the scope). Other rows' places are the classifier's.
 */
function graphqlRowPlace(row: GitHubRow, values: IDataObject, request: BuiltRequest): GitHubPlace {
	if (classifyGitHubRequest(request).kind !== 'graphql') return undefined;
	const owner = String(values[fieldIdentifying(row, 'owner')?.name ?? ''] ?? '').trim();
	const repo = String(values[fieldIdentifying(row, 'repository')?.name ?? ''] ?? '').trim();
	return owner && repo ? { repository: { owner, repo } } : undefined;
}

const authenticationOf = (ctx: IExecuteFunctions, itemIndex: number) =>
	readParameter<GitHubAuthentication>(ctx, 'authentication', 'accessToken', itemIndex);

function githubRunner(ctx: IExecuteFunctions): ServiceRunner<GitHubRow, GitHubClient, RepositoryList | undefined> {
	return {
		service: 'GitHub',
		rows: GITHUB_ROWS,
		fieldSets: GITHUB_FIELD_SETS,
		clientKey: (itemIndex, options) =>
			`${authenticationOf(ctx, itemIndex)}:${String(options.maxRateLimitWait ?? '')}:${String(options.maxDownloadSizeMb ?? '')}`,
		createClient: (itemIndex, options: IDataObject) =>
			new GitHubClient(ctx, authenticationOf(ctx, itemIndex), retryBoundsFrom(options.maxRateLimitWait)).withDownloadLimit(
				downloadLimitFrom(options.maxDownloadSizeMb),
			),
		strictChoices: true,
		audience: async ({ client, row, values }, request) =>
			await writeAudience(client, { ...request, hookUrl: row.resource === 'webhook' ? values.url : undefined }, graphqlRowPlace(row, values, request)),
		withhold: async ({ ctx: runCtx, client, row, values, request }, fields, body, options) => {
			const credential = await client.credentials();
			if (options.trustedContentOnly !== true && credential.trustedContentOnly !== true) return body;
			const place = placeOf(classifyGitHubRequest(request)) ?? graphqlRowPlace(row, values, request);
			const repository = place && 'repository' in place ? place.repository : undefined;
			const extra = row.objectType ? GITHUB_RAW_AUTHORED[row.objectType] : undefined;
			const rawOnly = extra && { texts: extra.texts, embedded: extra.embedded?.map(({ path, type }) => ({ path, fields: GITHUB_FIELD_SETS[type] })) };
			return await new TrustJudge(runCtx, client).withhold(fields, body, repository, rawOnly);
		},
		trustOf: githubTrust,
		resolve: resolveRepository,
		checkAllowlist: checkAllowedRepositories,
		paginate: async ({ client, row }, request, { returnAll, limit }) =>
			await client.paginate(request, {
				returnAll,
				limit: returnAll ? undefined : limit,
				itemsKey: row.paging?.itemsKey,
				maxPageSize: row.paging?.maxPageSize,
			}),
	};
}

/** Runs the GitHub node: one catalogue row per item, generic unless the row has a handler. */
export async function runGitHubRows(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runRows(ctx, githubRunner(ctx));
}
