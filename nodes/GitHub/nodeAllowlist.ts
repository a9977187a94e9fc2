import type { RepositoryList } from './scope/repositories';
import { parseRepositoryList } from './scope/repositories';
import { ListRefusal } from '../shared/scope';
import { NODE_SOURCE } from './scope';

/**
 * The node's "Allowed Repositories", undefined when not set; throws a ListRefusal. `written` is
 * the setting as the node holds it, `resolved` its value once expressions are resolved, which
 * happens only when the workflow runs: while editing (no `resolved`) an expression allows nothing
 * rather than everything, and one that resolves to nothing fails closed.
 */
export function parseNodeAllowlist(written: unknown, resolved?: { value: unknown }): RepositoryList | undefined {
	const isExpression = typeof written === 'string' && written.startsWith('=');
	if (isExpression && !resolved) {
		throw new ListRefusal(
			`${NODE_SOURCE} is an expression, which is resolved only when the workflow runs, so this list cannot be checked against it`,
			'Give the value by ID or number instead of from the list, or write the allowed repositories as plain text.',
		);
	}
	return parseRepositoryList(resolved ? resolved.value : written, NODE_SOURCE, 'Allowed Repositories', isExpression);
}
