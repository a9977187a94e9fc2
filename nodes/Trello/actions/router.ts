import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { buildRequest, findRow, readFieldValues } from '../../shared/catalogue';
import { forEachItem, toItems } from '../../shared/items';
import { retryBoundsFrom } from '../../shared/options';
import type { TrelloAuthentication } from '../transport';
import { TrelloClient } from '../transport';
import { BoardGuard } from './boardGuard';
import { TRELLO_RESOURCES, TRELLO_ROWS } from './catalogue';
import type { TrelloRow } from './types';

/** Field values of one item, resource locators inside "Additional Fields" reduced to their value. */
function readValues(ctx: IExecuteFunctions, row: TrelloRow, itemIndex: number): IDataObject {
	const values = readFieldValues(ctx, row, itemIndex);
	for (const field of row.fields) {
		if (field.optional && field.type === 'resourceLocator' && values[field.name] !== undefined) {
			values[field.name] = ctx.getNodeParameter(`additionalFields.${field.name}`, itemIndex, '', {
				extractValue: true,
			}) as string;
		}
	}
	return values;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/**
 * Runs the node's rows: reads the item's field values, resolves board short links, enforces
 * "Allowed Boards" before anything is written, then sends the row's request (or its handler).
 */
export async function executeTrelloRows(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const guard = new BoardGuard(ctx);
	const clients = new Map<string, TrelloClient>();
	let client: TrelloClient | undefined;

	return await forEachItem(
		ctx,
		'Trello',
		async (itemIndex) => {
			const resource = ctx.getNodeParameter('resource', itemIndex) as string;
			const operation = ctx.getNodeParameter('operation', itemIndex) as string;
			const row = findRow(TRELLO_ROWS, resource, operation);
			if (!row) {
				throw new NodeOperationError(ctx.getNode(), `The operation "${resource} → ${operation}" is not known`, {
					itemIndex,
					description: 'Choose a resource and operation from the lists.',
				});
			}
			const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const authentication = ctx.getNodeParameter('authentication', itemIndex, 'keyToken') as TrelloAuthentication;
			const clientKey = `${authentication}:${String(options.maxRateLimitWait ?? '')}`;
			client = clients.get(clientKey);
			if (!client) {
				client = new TrelloClient(ctx, authentication, retryBoundsFrom(options.maxRateLimitWait));
				clients.set(clientKey, client);
			}

			const values = readValues(ctx, row, itemIndex);
			for (const { field, kind } of row.scope) {
				if (kind === 'board' && text(values[field])) {
					const displayName = row.fields.find((f) => f.name === field)?.displayName ?? field;
					values[field] = await guard.boardId(client, text(values[field]), itemIndex, displayName);
				}
			}

			const allowed = await guard.allowedBoards(client, options.allowedBoards, itemIndex);
			if (allowed) {
				if (row.refusedWithAllowlist) {
					const resourceName = TRELLO_RESOURCES.find((r) => r.value === row.resource)?.name ?? row.resource;
					throw new NodeOperationError(ctx.getNode(), `"${resourceName} → ${row.name}" is not available while Allowed Boards is set`, {
						itemIndex,
						description: `${row.refusedWithAllowlist} Clear Allowed Boards in the options to use it.`,
					});
				}
				for (const { field, kind } of row.scope) {
					const id = text(values[field]);
					if (id) await guard.assertAllowed(client, allowed, kind, id, itemIndex);
				}
			}

			if (row.handler) {
				return await row.handler({ ctx, client, guard, row, values, itemIndex });
			}

			const request = buildRequest(ctx, row, values, itemIndex);
			request.qs = { ...request.qs, ...row.fixedQuery };
			let body: unknown;
			if (row.paging) {
				const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
				const limit = ctx.getNodeParameter('limit', itemIndex, 50) as number;
				const filtering = Boolean(allowed && row.keepAllowed);
				const { kind, maxPageSize } = row.paging;
				if (kind === 'limit' && maxPageSize && (returnAll || filtering)) {
					// "Everything" on a limit endpoint is its largest page.
					request.qs = { ...request.qs, limit: maxPageSize };
				}
				const results = await client.paginate<IDataObject>(request, {
					// Filtering happens here, so the limit applies to what is kept.
					returnAll: returnAll || filtering,
					limit,
					paging: kind,
					maxPageSize,
				});
				body =
					filtering && allowed
						? results
								.filter((entry) => allowed.has(String(entry[row.keepAllowed as string])))
								.slice(0, returnAll ? undefined : limit)
						: results;
			} else {
				body = await client.request(request);
			}
			return toItems(row.result ? row.result(body, values) : body, itemIndex);
		},
		async () => (client ? await client.secrets() : []),
	);
}
