import type { RateLimitPolicy, RawResponse, RetryDecision } from '../../shared/rateLimit';
import { headerValue, SharedWindow } from '../../shared/rateLimit';

/** Trello's published limits; the x-rate-limit-api-* headers override them when they differ. */
export const TRELLO_TOKEN_WINDOW = { intervalMs: 10_000, max: 100 };
export const TRELLO_KEY_WINDOW = { intervalMs: 10_000, max: 300 };

// Trello counts a request slightly after we send it; this margin keeps our window behind theirs.
const CLOCK_MARGIN_MS = 250;
// While other processes share a window, their requests in flight are invisible until answered:
// its last slots are taken one request at a time, each after the answer to the previous one.
const SHARED_TAIL = 8;

export function newTrelloWindow(window: { intervalMs: number; max: number }): SharedWindow {
	return new SharedWindow(window.intervalMs, window.max, CLOCK_MARGIN_MS, SHARED_TAIL);
}

/** The two windows one Trello request counts against. */
export interface TrelloWindows {
	token: SharedWindow;
	key: SharedWindow;
}

const LIMITS = [
	{ window: 'token', header: 'x-rate-limit-api-token' },
	{ window: 'key', header: 'x-rate-limit-api-key' },
] as const;

/**
 * Trello allows 100 requests per 10 s per token and 300 per 10 s per key, and names no reset time.
 * Requests are paced against both sliding windows; every answer's x-rate-limit-api-token-* and
 * x-rate-limit-api-key-* headers say how much of each window is used, so requests from other
 * processes sharing the token or key (n8n workers, other apps) count too.
 */
export class TrelloRateLimitPolicy implements RateLimitPolicy {
	private sentAt = 0;

	constructor(private readonly windows: TrelloWindows) {}

	delayBeforeRequest(now: number) {
		let result: { waitMs: number; limit: string; resetAt: number } | undefined;
		for (const { window } of LIMITS) {
			const waitMs = this.windows[window].untilSlotFree(now);
			if (waitMs > 0 && (!result || waitMs > result.waitMs)) {
				result = { waitMs, limit: limitName(window, this.windows[window]), resetAt: now + waitMs };
			}
		}
		return result;
	}

	noteRequest(now: number): void {
		this.sentAt = now;
		this.windows.token.noteSend(now);
		this.windows.key.noteSend(now);
	}

	noteResponse(response: RawResponse, now: number): void {
		for (const { window, header } of LIMITS) {
			const state = this.windows[window];
			state.noteAnswer(this.sentAt, response.statusCode === 429, now);
			const interval = Number(headerValue(response.headers, `${header}-interval-ms`));
			const max = Number(headerValue(response.headers, `${header}-max`));
			const remaining = headerValue(response.headers, `${header}-remaining`);
			if (Number.isFinite(interval) && interval > 0) state.intervalMs = interval;
			if (Number.isFinite(max) && max > 0) state.max = max;
			if (remaining !== undefined && remaining !== '' && Number.isFinite(Number(remaining))) {
				state.noteRemaining(Number(remaining), this.sentAt, now);
			}
		}
	}

	classify(response: RawResponse, attempt: number, now: number): RetryDecision {
		if (response.statusCode !== 429) return { retry: false };
		const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
		const window = /API_KEY_LIMIT_EXCEEDED/.test(text) ? 'key' : 'token';
		const fromWindow = this.windows[window].untilSlotFree(now);
		const backoff = Math.min(this.windows[window].intervalMs, 500 * 2 ** attempt);
		const waitMs = Math.max(fromWindow, backoff);
		return { retry: true, waitMs, limit: limitName(window, this.windows[window]), resetAt: now + waitMs };
	}
}

function limitName(window: 'token' | 'key', state: SharedWindow): string {
	return `Trello per-${window} rate limit (${state.max} requests / ${state.intervalMs / 1000} s)`;
}
