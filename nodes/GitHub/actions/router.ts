import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BuiltRequest, CatalogueField } from '../../shared/catalogue';
import { buildRequest, findRow, readFieldValues } from '../../shared/catalogue';
import { forEachItem, toItems } from '../../shared/items';
import { retryBoundsFrom } from '../../shared/options';
import { GitHubClient } from '../transport';
import { parseAllowlist } from './allowlist';
import { GITHUB_ROWS } from './catalogue';
import type { GitHubRow, RepositoryAllowlist } from './types';

const REPOSITORY_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s?#]+)/i;
const OWNER_AND_NAME = /^([^/\s]+)\/([^/\s]+)$/;
const NUMBER_FIELDS = new Set(['issueNumber', 'pullNumber', 'runId', 'projectNumber']);

/** Runs the GitHub node: one catalogue row per item, generic unless the row has a handler. */
export async function executeGitHubActions(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	let client: GitHubClient | undefined;
	return await forEachItem(
		ctx,
		'GitHub',
		async (itemIndex) => {
			const resource = ctx.getNodeParameter('resource', itemIndex) as string;
			const operation = ctx.getNodeParameter('operation', itemIndex) as string;
			const row = findRow(GITHUB_ROWS, resource, operation);
			if (!row) {
				throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
					itemIndex,
					description: 'Choose a resource and operation from the lists.',
				});
			}
			const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
			client = new GitHubClient(ctx, undefined, retryBoundsFrom(options.maxRateLimitWait));
			const allowlist = parseAllowlist(ctx.getNode(), ctx.getNodeParameter('allowedRepositories', itemIndex, ''));
			const values = normalizeValues(ctx, row, readFieldValues(ctx, row, itemIndex), itemIndex);
			enforceAllowlist(ctx, row, values, allowlist, itemIndex);
			const request = buildRequest(ctx, row, values, itemIndex);
			const active = client;
			const generic = async (changed: BuiltRequest = request) =>
				await runGeneric(ctx, active, row, values, changed, itemIndex);
			return row.handler
				? await row.handler({ ctx, client, row, values, itemIndex, request, allowlist, generic })
				: await generic();
		},
		async () => (client ? await client.secrets() : []),
	);
}

async function runGeneric(
	ctx: IExecuteFunctions,
	client: GitHubClient,
	row: GitHubRow,
	values: IDataObject,
	request: BuiltRequest,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const apiRequest = { method: request.method, path: request.path, qs: request.qs, body: request.body };
	if (row.paging) {
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
		const list = await client.paginate(apiRequest, {
			returnAll,
			limit,
			itemsKey: row.paging.itemsKey,
			maxPageSize: row.paging.maxPageSize,
		});
		return toItems(row.output ? row.output(list, values) : list, itemIndex);
	}
	const response = await client.send({ ...apiRequest, acceptStatus: row.acceptStatus });
	return toItems(row.output ? row.output(response.body, values) : response.body, itemIndex);
}

function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && ('mode' in value || '__rl' in value)) {
		return (value as { value: unknown }).value;
	}
	return value;
}

/** Locators unwrapped, "owner/name" and repository URLs split, JSON parsed, choices checked. */
function normalizeValues(ctx: IExecuteFunctions, row: GitHubRow, raw: IDataObject, itemIndex: number): IDataObject {
	const values: IDataObject = {};
	const fail = (field: CatalogueField, message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `The "${field.displayName}" parameter ${message}`, { itemIndex, description });
	for (const field of row.fields) {
		let value = locatorValue(raw[field.name]);
		if (value === undefined) continue;
		if (field.type === 'resourceLocator' && typeof value === 'string') value = value.trim();
		if (field.type === 'json' && typeof value === 'string') {
			const text = value.trim();
			try {
				value = text ? (JSON.parse(text) as IDataObject) : undefined;
			} catch (error) {
				throw fail(field, 'is not valid JSON', `Fix the JSON (${(error as Error).message}), e.g. {"name": "value"}.`);
			}
			if (value !== undefined && (typeof value !== 'object' || Array.isArray(value) || value === null)) {
				throw fail(field, 'must be a JSON object', 'Give an object such as {"name": "value"}.');
			}
		}
		if (field.type === 'options' && field.options && value !== '' && value !== undefined) {
			const allowed = field.options.map((option) => (option as { value: unknown }).value);
			if (!allowed.includes(value)) {
				throw fail(
					field,
					`must be one of ${allowed.join(', ')} (got "${String(value)}")`,
					`Set "${field.displayName}" to one of: ${allowed.join(', ')}.`,
				);
			}
		}
		if (NUMBER_FIELDS.has(field.name) && value !== '' && !/^\d+$/.test(String(value).trim())) {
			throw fail(field, `must be a number (got "${String(value)}")`, `Give the number only, e.g. 42.`);
		}
		values[field.name] = value as IDataObject[keyof IDataObject];
	}
	if (row.fields.some((field) => field.name === 'repository')) {
		const repository = String(values.repository ?? '').trim();
		const match = REPOSITORY_URL.exec(repository) ?? OWNER_AND_NAME.exec(repository);
		if (match) {
			values.owner = match[1];
			values.repository = match[2].replace(/\.git$/i, '');
		}
	}
	return values;
}

/** With "Allowed Repositories" filled, an operation on another repository stops before any request. */
function enforceAllowlist(
	ctx: IExecuteFunctions,
	row: GitHubRow,
	values: IDataObject,
	allowlist: RepositoryAllowlist,
	itemIndex: number,
) {
	const scope = row.scope ?? (row.fields.some((field) => field.name === 'repository') ? 'repository' : 'none');
	if (allowlist.isEmpty() || scope !== 'repository') return;
	const owner = String(values.owner ?? '').trim();
	const repo = String(values[row.repositoryValue ?? 'repository'] ?? '').trim();
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
}
