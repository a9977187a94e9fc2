import type { INodeProperties } from 'n8n-workflow';

import type { RetryBounds } from './rateLimit';
import { DEFAULT_RETRY_BOUNDS } from './rateLimit';

/** Offered in every node's options: how long a run may wait for rate limits before an item fails. */
export const MAX_RATE_LIMIT_WAIT_OPTION: INodeProperties = {
	displayName: 'Max Rate-Limit Wait (Seconds)',
	name: 'maxRateLimitWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_RETRY_BOUNDS.maxWaitMs / 1000,
	description:
		'How long one request may wait in total for the service’s rate limits to reset before the item fails with an error saying which limit was hit and when it resets',
};

export function retryBoundsFrom(maxRateLimitWaitSeconds: unknown): RetryBounds {
	const seconds = Number(maxRateLimitWaitSeconds);
	if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_BOUNDS;
	return { ...DEFAULT_RETRY_BOUNDS, maxWaitMs: seconds * 1000 };
}
