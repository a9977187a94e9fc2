import type { INodeExecutionData } from 'n8n-workflow';

import type { OperationRow } from '../../shared/catalogue';
import type { RowRun } from '../../shared/pipeline';
import type { TrelloClient, TrelloPaging } from '../transport';
import type { AllowedBoards, BoardGuard, ScopedKind } from './boardGuard';

export type { ScopedKind } from './boardGuard';

export interface ScopedField {
	/** Field (parameter) name in the row holding the object's id. */
	field: string;
	kind: ScopedKind;
}

/** What the node's "Allowed Boards" check found: its guard, and the allowed boards when the option is set. */
export interface BoardScope {
	guard: BoardGuard;
	allowed?: AllowedBoards;
}

export type TrelloHandlerContext = RowRun<TrelloRow, TrelloClient, BoardScope>;

/** Operations that need more than one request supply this instead of the generic request. */
export type TrelloHandler = (context: TrelloHandlerContext) => Promise<INodeExecutionData[]>;

export interface TrelloRow extends OperationRow<TrelloHandler> {
	paging?: OperationRow['paging'] & { kind: TrelloPaging };
	/** Objects this operation reads or writes; each must sit on an allowed board. */
	scope: ScopedField[];
	/** With Allowed Boards set, results are kept only when this property (a dot path) names an allowed board. */
	keepAllowed?: string;
	/** Set when the operation cannot be limited to existing boards (Create Board). */
	refusedWithAllowlist?: string;
}
