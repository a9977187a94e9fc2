import type {
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

/** Every n8n context a transport can be called from. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

/** Reads a node parameter whatever the context; only execute contexts take an item index. */
export function readParameter<T>(ctx: ApiContext, name: string, fallback: T, itemIndex = 0): T {
	try {
		if ('getInputData' in ctx) {
			return (ctx as IExecuteFunctions).getNodeParameter(name, itemIndex, fallback as never) as T;
		}
		return (ctx as IHookFunctions).getNodeParameter(name, fallback as never) as T;
	} catch {
		return fallback;
	}
}

/**
 * Memory that lasts one run, keyed by its context: what a run looks up (a card's or list's board,
 * a short link's id, an author's permission, custom field definitions) is asked once, whatever
 * number of items or checks need it.
 */
const memories = new WeakMap<object, Map<string, Map<string, unknown>>>();

export function executionMemory(ctx: object, name: string): Map<string, unknown> {
	let byName = memories.get(ctx);
	if (!byName) {
		byName = new Map();
		memories.set(ctx, byName);
	}
	let memory = byName.get(name);
	if (!memory) {
		memory = new Map();
		byName.set(name, memory);
	}
	return memory;
}
