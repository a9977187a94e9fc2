import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RetryBounds } from './rateLimit';
import { DEFAULT_RETRY_BOUNDS } from './rateLimit';

const DEFAULT_MAX_WAIT_SECONDS = DEFAULT_RETRY_BOUNDS.maxWaitMs / 1000;

/** Offered in every node's options: how long a run may wait for rate limits before an item fails. */
export const MAX_RATE_LIMIT_WAIT_OPTION: INodeProperties = {
	displayName: 'Max Rate-Limit Wait (Seconds)',
	name: 'maxRateLimitWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_MAX_WAIT_SECONDS,
	description:
		'How long one request may wait in total for the service’s rate limits to reset before the item fails with an error saying which limit was hit and when it resets',
};

/** Offered in the toolkit nodes' options: hidden text is removed from simplified output unless this is turned off (docs/agents.md). */
export const REMOVE_HIDDEN_TEXT_OPTION: INodeProperties = {
	displayName: 'Remove Hidden Text',
	name: 'removeHiddenText',
	type: 'boolean',
	default: true,
	description:
		'Whether to remove text a reader of the page does not see from simplified output (invisible Unicode characters, HTML comments, hidden HTML) and show where links lead when their text names another address. Each item says how many pieces went in hiddenTextRemoved. Raw output (Simplify off, Output Fields) is never changed.',
};

export function retryBoundsFrom(maxRateLimitWaitSeconds: unknown): RetryBounds {
	const seconds = Number(maxRateLimitWaitSeconds);
	if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_BOUNDS;
	return { ...DEFAULT_RETRY_BOUNDS, maxWaitMs: seconds * 1000 };
}

/** The value n8n gives the "Custom API Call" entry it adds to the Resource list of nodes whose credentials it can reuse. */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** Shown instead of n8n's pointer to its HTTP Request node: this package's API Call node keeps host lock, pacing and redaction. */
export function customApiCallNotice(apiCallNode: string): INodeProperties {
	return {
		displayName: `For an endpoint this node has no operation for, use the <b>${apiCallNode}</b> node: it sends any request with this credential, locked to the credential's server and paced by the service's rate limits.`,
		name: 'customApiCallNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: [CUSTOM_API_CALL] } },
	};
}

/** A run with "Custom API Call" chosen has nothing to do here; say where such calls go. */
export function assertNotCustomApiCall(ctx: IExecuteFunctions, apiCallNode: string): void {
	if (ctx.getNodeParameter('resource', 0, '') !== CUSTOM_API_CALL) return;
	throw new NodeOperationError(ctx.getNode(), `"Custom API Call" is done with the ${apiCallNode} node`, {
		description: `Replace this node with the ${apiCallNode} node (same credential): it takes a method, a path and an optional body and follows all pages if asked.`,
	});
}

/** Options whose names are not their display names spelled out; the node tests hold this against the descriptions. */
export const OPTION_DISPLAY_NAMES: Record<string, string> = {
	allowedBoards: 'Allowed Boards',
	allowedRepositories: 'Allowed Repositories',
	maxRateLimitWait: MAX_RATE_LIMIT_WAIT_OPTION.displayName,
	maxDownloadSizeMb: 'Max Download Size (MB)',
	removeHiddenText: REMOVE_HIDDEN_TEXT_OPTION.displayName,
	secretsInWrites: 'Secrets in Writes',
};

const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);

/**
 * The node's "Options" for one item. Every option is text, a number or a switch (an allowlist may
 * be a list of texts): an object or anything else an expression gave stops the item with an
 * error naming the option, never a raw "Cannot convert object to primitive value" later on.
 */
export function readOptions(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	for (const [name, value] of Object.entries(options ?? {})) {
		if (isPlain(value) || (Array.isArray(value) && value.every((entry) => typeof entry === 'string' || typeof entry === 'number'))) continue;
		const displayName = OPTION_DISPLAY_NAMES[name] ?? name;
		const got = Array.isArray(value) ? 'a list holding something other than text' : typeof value === 'object' ? 'an object' : typeof value;
		throw new NodeOperationError(ctx.getNode(), `The "${displayName}" option must be text or a number (got ${got})`, {
			itemIndex,
			description: `Give "${displayName}" (in Options) as text or a number; check the expression that produces it, e.g. take a property of the object.`,
		});
	}
	return options ?? {};
}

/** A row's Limit, refused by name when an expression made it an object (every list reads it here). */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number {
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	assertPlainParameter(ctx, limit, 'Limit', itemIndex);
	return limit as number;
}

/**
 * A parameter value that is text, a number, a switch or empty (or a list of those): anything else
 * an expression gave (an object, a throwing toString) stops the item with an error naming
 * `parameter`, never a raw "Cannot convert object to primitive value" where it is made text.
 */
export function assertPlainParameter(ctx: IExecuteFunctions, value: unknown, parameter: string, itemIndex: number, entry?: string): void {
	if (isPlain(value) || (Array.isArray(value) && value.every(isPlain))) return;
	const what = entry === undefined ? `The "${parameter}" parameter` : `The value of "${entry}" in "${parameter}"`;
	throw new NodeOperationError(ctx.getNode(), `${what} must be text or a number (got ${typeof value === 'object' ? 'an object' : typeof value})`, {
		itemIndex,
		description: 'Give it as text or a number; check the expression that produces it, e.g. take a property of the object.',
	});
}
