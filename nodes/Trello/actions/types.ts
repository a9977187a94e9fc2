import type { INodeExecutionData } from 'n8n-workflow';

import type { OperationRow } from '../../shared/rowEngine';
import { rowTable } from '../../shared/operationKeys';
import type { RowRun } from '../../shared/pipeline';
import type { TrelloClient, TrelloPaging } from '../transport';
import type { AllowedBoards, NodeAllowlist, TargetKind } from '../nodeAllowlist';

export type { TargetKind } from '../nodeAllowlist';

interface TargetField {
	/** Field (parameter) name in the row holding the object's id. */
	field: string;
	kind: TargetKind;
}

/** What the node's "Allowed Boards" check found: the check itself, and the allowed boards when the option is set. */
export interface BoardAllowlist {
	check: NodeAllowlist;
	allowed?: AllowedBoards;
}

export type TrelloRowRun = RowRun<TrelloRow, TrelloClient, BoardAllowlist>;

/** Operations that need more than one request supply this instead of the generic request. */
type TrelloHandler = (context: TrelloRowRun) => Promise<INodeExecutionData[]>;

export interface TrelloRow extends OperationRow<TrelloHandler> {
	paging?: OperationRow['paging'] & { kind: TrelloPaging };
	/** Objects this operation reads or writes; each must sit on an allowed board. */
	targets: TargetField[];
	/** With Allowed Boards set, results are kept only when this property (a dot path) names an allowed board. */
	keepAllowed?: string;
	/** Set when the operation cannot be limited to existing boards (Create Board). */
	refusedWithAllowlist?: string;
}

/** A table of Trello rows whose resource and operation keep their literal types (for TrelloOperationKey). */
export const trelloRowTable = rowTable<TrelloRow>();
