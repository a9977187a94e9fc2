import type { RowField } from './rowEngine';
import { hasLoneSurrogate } from '../../credentials/requestGuard';

interface FieldProblem {
	/** Completes `The "<field>" parameter …`. */
	message: string;
	description: string;
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
	return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

function kindOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'number') return 'a number that is not finite';
	if (value instanceof Date) return 'a date object';
	return typeof value === 'object' ? 'an object' : typeof value;
}

function shown(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** The first string inside a value that holds half of a surrogate pair (it cannot be sent as UTF-8). */
function brokenText(value: unknown): boolean {
	if (typeof value === 'string') return hasLoneSurrogate(value);
	if (Array.isArray(value)) return value.some(brokenText);
	if (value && typeof value === 'object') {
		return Object.entries(value).some(([key, child]) => hasLoneSurrogate(key) || brokenText(child));
	}
	return false;
}

/** Where a collection holds an object deeper than its rows (a row's value must be text or a number). */
function objectInside(value: unknown, depth = 0, path = ''): string | undefined {
	if (value === null || value === undefined || isScalar(value)) return undefined;
	if (Array.isArray(value)) {
		for (const [index, child] of value.entries()) {
			const found = objectInside(child, depth, `${path}[${index}]`);
			if (found !== undefined) return found;
		}
		return undefined;
	}
	if (typeof value !== 'object' || depth >= 2) return path || '(value)';
	for (const [key, child] of Object.entries(value)) {
		const found = objectInside(child, depth + 1, path ? `${path}.${key}` : key);
		if (found !== undefined) return found;
	}
	return undefined;
}

/**
 * Whether a field's value (after expressions) has the type its field declares. Checked before
 * any request is built, so an object can never be sent as "[object Object]" nor a bad date
 * fail inside the request code.
 */
export function fieldTypeProblem(field: RowField, value: unknown): FieldProblem | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (brokenText(value)) {
		return {
			message: 'contains a broken Unicode character (half of a surrogate pair)',
			description: `Give "${field.displayName}" valid text; check the expression that produces it.`,
		};
	}
	const listAllowed = field.type === 'multiOptions' || Boolean(field.toApi) || field.in === 'none';
	switch (field.type) {
		case 'number':
			if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
				return undefined;
			}
			return {
				message: `must be a number (got ${typeof value === 'string' ? `"${shown(value)}"` : kindOf(value)})`,
				description: `Give "${field.displayName}" a number, e.g. 42.`,
			};
		case 'boolean':
			if (typeof value === 'boolean' || value === 'true' || value === 'false') return undefined;
			return {
				message: `must be true or false (got ${isScalar(value) ? `"${shown(value)}"` : kindOf(value)})`,
				description: `Set "${field.displayName}" to true or false.`,
			};
		case 'dateTime': {
			const time = value instanceof Date ? value.getTime() : isScalar(value) && typeof value !== 'boolean' ? Date.parse(String(value)) : NaN;
			if (Number.isFinite(time) && Number.isFinite(new Date(time).getTime())) return undefined;
			return {
				message: `is not a date (got ${isScalar(value) ? `"${shown(value)}"` : kindOf(value)})`,
				description: `Give "${field.displayName}" an ISO 8601 date, e.g. 2024-05-01T00:00:00Z.`,
			};
		}
		case 'json':
		case 'collection':
		case 'fixedCollection': {
			if (field.jsonList && Array.isArray(value) && value.every((entry) => entry && typeof entry === 'object' && !Array.isArray(entry))) {
				return undefined;
			}
			if (typeof value !== 'object' || Array.isArray(value)) {
				if (field.type === 'json' && typeof value === 'string') return undefined;
				return {
					message: `must be an object (got ${isScalar(value) ? `"${shown(value)}"` : kindOf(value)})`,
					description: `Give "${field.displayName}" as an object, e.g. {"name": "value"}.`,
				};
			}
			if (field.type !== 'json') {
				const at = objectInside(value);
				if (at !== undefined) {
					return {
						message: `holds an object where text is expected (at ${at})`,
						description: `Give every entry of "${field.displayName}" a text or number value.`,
					};
				}
			}
			return undefined;
		}
		default:
			if (isScalar(value)) return undefined;
			if (Array.isArray(value) && listAllowed && value.every(isScalar)) return undefined;
			return {
				message: `must be text (got ${kindOf(value)}${field.secret ? '' : `: ${shown(value)}`})`,
				description: listAllowed
					? `Give "${field.displayName}" as text or a list of texts; check the expression that produces it.`
					: `Give "${field.displayName}" as text, e.g. with .toString() or a property of the object in the expression.`,
			};
	}
}
