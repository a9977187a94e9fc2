import { sleep } from 'n8n-workflow';

/**
 * The one retry loop for rate-limited APIs. Each service supplies a policy that reads its
 * own headers; this loop does the waiting, bounded by a total wait and a retry count, so a
 * run either completes or fails with an error saying which limit stopped it and when it resets.
 */

export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
};

export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export type RetryDecision =
	| { retry: false }
	| { retry: true; waitMs: number; limit: string; resetAt?: number };

export interface RateLimitPolicy {
	/** Milliseconds to hold the next request back, from what earlier responses said. */
	delayBeforeRequest(now: number): { waitMs: number; limit: string; resetAt?: number } | undefined;
	/** Records that a request is being sent now. */
	noteRequest(now: number): void;
	/** Reads the limit headers of any response. */
	noteResponse(response: RawResponse, now: number): void;
	/** Whether this response is a rate-limit refusal worth retrying, and after how long. */
	classify(response: RawResponse, attempt: number, now: number): RetryDecision;
}

export interface RetryBounds {
	/** Total time this request may spend waiting for limits, in milliseconds. */
	maxWaitMs: number;
	/** Retries after rate-limit refusals. */
	maxRetries: number;
}

export const DEFAULT_RETRY_BOUNDS: RetryBounds = { maxWaitMs: 5 * 60_000, maxRetries: 8 };

export class RateLimitExceededError extends Error {
	constructor(
		readonly limit: string,
		readonly resetAt: number | undefined,
		readonly waitedMs: number,
		readonly reason: 'wait' | 'retries',
		readonly lastResponse?: RawResponse,
	) {
		const reset = resetAt ? ` It resets at ${new Date(resetAt).toISOString()}.` : '';
		const why =
			reason === 'wait'
				? 'waiting for it would exceed the maximum rate-limit wait'
				: 'the maximum number of rate-limit retries was used up';
		super(`${limit} reached and ${why}.${reset}`);
		this.name = 'RateLimitExceededError';
	}
}

export function headerValue(
	headers: RawResponse['headers'],
	name: string,
): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value[0];
	return value === undefined ? undefined : String(value);
}

export async function sendWithRateLimits(
	send: () => Promise<RawResponse>,
	policy: RateLimitPolicy,
	clock: Clock,
	bounds: RetryBounds,
): Promise<RawResponse> {
	let waitedMs = 0;
	let attempt = 0;

	const wait = async (waitMs: number, limit: string, resetAt: number | undefined, last?: RawResponse) => {
		const ms = Math.max(0, Math.ceil(waitMs));
		if (waitedMs + ms > bounds.maxWaitMs) {
			throw new RateLimitExceededError(limit, resetAt, waitedMs, 'wait', last);
		}
		waitedMs += ms;
		if (ms > 0) await clock.sleep(ms);
	};

	for (;;) {
		const hold = policy.delayBeforeRequest(clock.now());
		if (hold && hold.waitMs > 0) await wait(hold.waitMs, hold.limit, hold.resetAt);

		policy.noteRequest(clock.now());
		const response = await send();
		policy.noteResponse(response, clock.now());

		const decision = policy.classify(response, attempt, clock.now());
		if (!decision.retry) return response;
		if (attempt >= bounds.maxRetries) {
			throw new RateLimitExceededError(decision.limit, decision.resetAt, waitedMs, 'retries', response);
		}
		attempt++;
		await wait(decision.waitMs, decision.limit, decision.resetAt, response);
	}
}
