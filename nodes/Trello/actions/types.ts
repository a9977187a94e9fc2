import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationRow } from '../../shared/catalogue';
import type { TrelloPaging } from '../transport';
import type { TrelloClient } from '../transport';
import type { BoardGuard } from './boardGuard';

/** Kinds of Trello object whose owning board "Allowed Boards" checks. */
export type ScopedKind = 'board' | 'list' | 'card' | 'checklist' | 'label';

export interface ScopedField {
	/** Field (parameter) name in the row holding the object's id. */
	field: string;
	kind: ScopedKind;
}

export interface TrelloHandlerContext {
	ctx: IExecuteFunctions;
	client: TrelloClient;
	guard: BoardGuard;
	row: TrelloRow;
	values: IDataObject;
	itemIndex: number;
}

/** Operations that need more than one request supply this instead of the generic request. */
export type TrelloHandler = (context: TrelloHandlerContext) => Promise<INodeExecutionData[]>;

export interface TrelloRow extends OperationRow<TrelloHandler> {
	paging?: OperationRow['paging'] & { kind: TrelloPaging };
	/** Objects this operation reads or writes; each must sit on an allowed board. */
	scope: ScopedField[];
	/** Query values every request of this row carries (e.g. closed=true for Archive Card). */
	fixedQuery?: IDataObject;
	/** With Allowed Boards set, results are kept only when this property names an allowed board. */
	keepAllowed?: string;
	/** Set when the operation cannot be limited to existing boards (Create Board). */
	refusedWithAllowlist?: string;
	/** Shapes the response into the output item when the raw answer is unhelpful. */
	result?: (body: unknown, values: IDataObject) => unknown;
}
