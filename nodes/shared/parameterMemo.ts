import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

type Ctx = IWebhookFunctions | IHookFunctions;

/** Deep equality for parameter values (JSON-like: strings, numbers, booleans, null, arrays, objects). */
function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let index = 0; index < a.length; index++) if (!sameValue(a[index], b[index])) return false;
		return true;
	}
	if (Array.isArray(b)) return false;
	const aRecord = a as Record<string, unknown>;
	const bRecord = b as Record<string, unknown>;
	let count = 0;
	for (const key in aRecord) {
		if (!sameValue(aRecord[key], bRecord[key])) return false;
		count++;
	}
	for (const key in bRecord) if (Object.prototype.hasOwnProperty.call(bRecord, key)) count--;
	return count === 0;
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (typeof value !== 'object' || value === null) return false;
	return Object.values(value).some(holdsExpression);
}

const MAX_SLOTS = 500;

/**
 * Webhook handlers run once per delivery, and n8n rebuilds the workflow for each one, so
 * settings derived from the node's parameters (trigger rows, filters) would be rebuilt every
 * time. This keeps the last derived value per slot (one trigger node) with the raw parameter
 * values it came from, and reuses it while those values are unchanged. Raw values are read
 * without resolving (cheap, no copy). Parameters holding an expression are never reused, since
 * an expression may resolve differently from one delivery to the next.
 */
export class ParameterMemo<T> {
	private readonly slots = new Map<string, { raw: unknown[]; derived: T }>();

	constructor(
		private readonly parameterNames: readonly string[],
		private readonly derive: (ctx: Ctx) => T,
	) {}

	/** `slot` names the trigger node the value belongs to (something cheap and unique per node). */
	get(ctx: Ctx, slot: string): T {
		const raw = this.parameterNames.map((name) => ctx.getNodeParameter(name, null, { rawExpressions: true }));
		const known = this.slots.get(slot);
		if (known && sameValue(known.raw, raw)) return known.derived;
		const derived = this.derive(ctx);
		if (holdsExpression(raw)) return derived;
		if (!known && this.slots.size >= MAX_SLOTS) this.slots.delete(this.slots.keys().next().value as string);
		// A copy: the raw values belong to the node and must not be aliased.
		this.slots.set(slot, { raw: JSON.parse(JSON.stringify(raw)) as unknown[], derived });
		return derived;
	}

	/** Forgets everything (tests). */
	clear(): void {
		this.slots.clear();
	}
}
