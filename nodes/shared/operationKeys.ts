import type { OperationRow } from './rowEngine';

/**
 * Operation keys ("resource.operation") as types computed from the catalogues' rows, so a fixture,
 * a docs table or a look-up naming an operation that does not exist fails to compile.
 */

/** "resource.operation" of a row whose resource and operation have literal types (rows declared with rowTable). */
export type OperationKeyOf<Row> = Row extends { resource: infer Resource extends string; operation: infer Operation extends string }
	? `${Resource}.${Operation}`
	: never;

/** The resource and operation a key names (the inverse of OperationKeyOf). */
export type OperationKeyParts<Key extends string> = Key extends `${infer Resource}.${infer Operation}`
	? { resource: Resource; operation: Operation }
	: never;

/**
 * Declares a table of rows unchanged, keeping each row's resource and operation as literal types,
 * so a catalogue's operation keys are computed from its rows (OperationKeyOf), never listed by hand.
 */
export const rowTable =
	<Row extends OperationRow>() =>
	<const Rows extends Row[]>(rows: [...Rows]): Rows =>
		rows;

/** The fixture and docs key of a row: "resource.operation". */
export function operationKey<Row extends Pick<OperationRow, 'resource' | 'operation'>>(row: Row): OperationKeyOf<Row> {
	return `${row.resource}.${row.operation}` as OperationKeyOf<Row>;
}

/** The row a key names; with a catalogue's rows the key is checked at compile time (GitHubOperationKey, TrelloOperationKey). */
export function findRow<Row extends OperationRow>(rows: readonly Row[], key: OperationKeyOf<Row>): Row | undefined {
	return rows.find((row) => operationKey(row) === key);
}
