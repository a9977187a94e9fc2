import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ResolvingRun, ServiceRunner } from '../../shared/pipeline';
import { runRows } from '../../shared/pipeline';
import { readParameter } from '../../shared/context';
import { retryBoundsFrom } from '../../shared/options';
import type { GitHubAuthentication } from '../transport';
import { GitHubClient } from '../transport';
import { parseAllowlist } from './allowlist';
import { GITHUB_ROWS } from './catalogue';
import type { GitHubRow, RepositoryAllowlist } from './types';

const REPOSITORY_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s?#]+)/i;
const OWNER_AND_NAME = /^([^/\s]+)\/([^/\s]+)$/;

type Run = ResolvingRun<GitHubRow, GitHubClient>;

const fieldIdentifying = (row: GitHubRow, what: 'owner' | 'repository') =>
	row.fields.find((field) => field.identifies === what);

/** A repository locator given as "owner/name" or as a URL sets the owner too. */
async function splitRepository({ row, values }: Run): Promise<void> {
	const repository = fieldIdentifying(row, 'repository');
	const owner = fieldIdentifying(row, 'owner');
	if (!repository || !owner || repository.type !== 'resourceLocator') return;
	const text = String(values[repository.name] ?? '').trim();
	const match = REPOSITORY_URL.exec(text) ?? OWNER_AND_NAME.exec(text);
	if (match) {
		values[owner.name] = match[1];
		values[repository.name] = match[2].replace(/\.git$/i, '');
	}
}

/** With "Allowed Repositories" filled, an operation on another repository stops before any request. */
async function checkAllowedRepositories({ ctx, row, values, itemIndex }: Run): Promise<RepositoryAllowlist> {
	const allowlist = parseAllowlist(ctx.getNode(), ctx.getNodeParameter('allowedRepositories', itemIndex, ''));
	if (allowlist.isEmpty() || row.scope !== 'repository') return allowlist;
	const valueOf = (what: 'owner' | 'repository') => {
		const field = fieldIdentifying(row, what);
		return field ? String(values[field.name] ?? '').trim() : '';
	};
	const owner = valueOf('owner');
	const repo = valueOf('repository');
	const allowed = allowlist.entries().join(', ');
	if (!owner || !repo) {
		throw new NodeOperationError(ctx.getNode(), 'The repository owner is empty while "Allowed Repositories" is set', {
			itemIndex,
			description: `Give "Repository Owner" (or the repository as owner/name) so it can be checked against: ${allowed}.`,
		});
	}
	if (!allowlist.allows(owner, repo)) {
		throw new NodeOperationError(ctx.getNode(), `The repository "${owner}/${repo}" is not in "Allowed Repositories"`, {
			itemIndex,
			description: `This node may only work on: ${allowed}. Choose one of these or extend the node’s "Allowed Repositories" setting.`,
		});
	}
	return allowlist;
}

const authenticationOf = (ctx: IExecuteFunctions, itemIndex: number) =>
	readParameter<GitHubAuthentication>(ctx, 'authentication', 'accessToken', itemIndex);

function githubRunner(ctx: IExecuteFunctions): ServiceRunner<GitHubRow, GitHubClient, RepositoryAllowlist> {
	return {
		service: 'GitHub',
		rows: GITHUB_ROWS,
		clientKey: (itemIndex, options) => `${authenticationOf(ctx, itemIndex)}:${String(options.maxRateLimitWait ?? '')}`,
		createClient: (itemIndex, options: IDataObject) =>
			new GitHubClient(ctx, authenticationOf(ctx, itemIndex), retryBoundsFrom(options.maxRateLimitWait)),
		strictChoices: true,
		resolve: splitRepository,
		checkScope: checkAllowedRepositories,
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
export async function executeGitHubActions(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runRows(ctx, githubRunner(ctx));
}
