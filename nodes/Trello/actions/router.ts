import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ResolvingRun, ServiceRunner } from '../../shared/pipeline';
import { runRows } from '../../shared/pipeline';
import { buildRequest } from '../../shared/rowEngine';
import { retryBoundsFrom } from '../../shared/options';
import { valueAt } from '../../shared/simplify';
import { downloadLimitFrom } from '../../shared/transfer';
import type { TrelloAuthentication } from '../transport';
import { TrelloClient } from '../transport';
import { NodeAllowlist } from '../nodeAllowlist';
import { TRELLO_RESOURCES, TRELLO_ROWS } from './catalogue';
import type { BoardAllowlist, TrelloRow } from './types';
import { TRELLO_FIELD_SETS } from './fieldSets';
import { writeAudience } from '../audience';
import { MemberJudge, trelloTrust, trustedMembersSetting, withholdUntrusted } from '../trustedMembers';

type Run = ResolvingRun<TrelloRow, TrelloClient>;

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

const authenticationOf = (ctx: IExecuteFunctions, itemIndex: number) =>
	ctx.getNodeParameter('authentication', itemIndex, 'keyToken') as TrelloAuthentication;

/**
 * The Trello parts of a run: board short links become ids, "Allowed Boards" is enforced before
 * anything is written (by the credential scope's own rules, nodes/Trello/scope), and lists page
 * by the endpoint's kind (filtered to allowed boards).
 * Long: the service's stages of the one run pipeline, each a short closure over the run's board look-ups.
 */
function trelloRunner(ctx: IExecuteFunctions): ServiceRunner<TrelloRow, TrelloClient, BoardAllowlist> {
	// Board ids and owners are looked up once per execution.
	const check = new NodeAllowlist(ctx);

	return {
		service: 'Trello',
		rows: TRELLO_ROWS,
		fieldSets: TRELLO_FIELD_SETS,
		clientKey: (itemIndex, options) =>
			`${authenticationOf(ctx, itemIndex)}:${String(options.maxRateLimitWait ?? '')}:${String(options.maxDownloadSizeMb ?? '')}`,
		createClient: (itemIndex, options) =>
			new TrelloClient(ctx, authenticationOf(ctx, itemIndex), retryBoundsFrom(options.maxRateLimitWait)).withDownloadLimit(
				downloadLimitFrom(options.maxDownloadSizeMb),
			),

		audience: async ({ client, row, values }: Run, request) => {
			// The row's first named object leads (a copy's source board is no part of its request's path).
			const target = row.targets.find(({ field }) => text(values[field]));
			return await writeAudience(client, request, target ? [{ kind: target.kind, id: text(values[target.field]) }] : []);
		},

		withhold: async ({ client, row, values }: Run, _fields, body, options) => {
			const setting = trustedMembersSetting(options, await client.credentials());
			if (!setting || !row.objectType) return body;
			return await withholdUntrusted(new MemberJudge(ctx, client, setting), row.objectType, body, text(values.checklist) || undefined);
		},

		trustOf: trelloTrust,

		resolve: async ({ client, row, values, itemIndex }: Run) => {
			for (const { field, kind } of row.targets) {
				if (kind === 'board' && text(values[field])) {
					const displayName = row.fields.find((f) => f.name === field)?.displayName ?? field;
					values[field] = await check.boardId(client, text(values[field]), itemIndex, displayName);
				}
			}
		},

		checkAllowlist: async ({ client, row, values, itemIndex }: Run, options: IDataObject) => {
			const allowed = await check.allowedBoards(client, options.allowedBoards, itemIndex);
			// Every request the row sends is checked against the node's list as against the credential's scope.
			client.narrowTo(allowed?.list);
			if (!allowed) return { check };
			if (row.refusedWithAllowlist) {
				const resourceName = TRELLO_RESOURCES.find((r) => r.value === row.resource)?.name ?? row.resource;
				throw new NodeOperationError(ctx.getNode(), `"${resourceName} → ${row.name}" is not available while Allowed Boards is set (allowed: ${allowed.list.entries.join(', ')})`, {
					itemIndex,
					description: `${row.refusedWithAllowlist} Clear Allowed Boards in the options to use it.`,
				});
			}
			// The row's objects first, by the fields naming them: nothing is sent for another board.
			for (const { field, kind } of row.targets) {
				const id = text(values[field]);
				if (id) await check.assertAllowed(client, allowed, kind, id, itemIndex);
			}
			// A row without a handler sends exactly its built request: decided on before any item is sent.
			if (!row.handler) await check.assertRequestAllowed(client, allowed, buildRequest(ctx, row, values, itemIndex), itemIndex);
			return { check, allowed };
		},

		paginate: async ({ client, row, allowlist }, request, { returnAll, limit }) => {
			const { allowed } = allowlist;
			const filtering = Boolean(allowed && row.keepAllowed);
			const { kind, maxPageSize } = row.paging!;
			if (kind === 'limit' && maxPageSize && (returnAll || filtering)) {
				// "Everything" on a limit endpoint is its largest page.
				request = { ...request, qs: { ...request.qs, limit: maxPageSize } };
			}
			const results = await client.paginate<IDataObject>(request, {
				// Filtering happens here, so the limit applies to what is kept.
				returnAll: returnAll || filtering,
				limit,
				paging: kind,
				maxPageSize,
			});
			return filtering && allowed
				? results
						.filter((entry) => allowed.ids.has(String(valueAt(entry, row.keepAllowed as string)).toLowerCase()))
						.slice(0, returnAll ? undefined : limit)
				: results;
		},
	};
}

/** Runs the Trello node's rows through the shared pipeline. */
export async function runTrelloRows(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runRows(ctx, trelloRunner(ctx));
}
