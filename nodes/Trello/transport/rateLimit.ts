import type { RateLimitPolicy, RawResponse, RetryDecision, WindowTicket } from '../../shared/rateLimit';
import { headerValue, retryAfterMs, SharedWindow } from '../../shared/rateLimit';

/** Trello's published limits; the x-rate-limit-api-* headers override them when they differ. */
export const TRELLO_TOKEN_WINDOW = { intervalMs: 10_000, max: 100 };
export const TRELLO_KEY_WINDOW = { intervalMs: 10_000, max: 300 };

/** How the Trello windows are shared with other processes (see SharedWindow). */
export const TRELLO_SHARING = {
	// Trello may count a request slightly later than it answers it; this keeps our window behind theirs.
	marginMs: 250,
	// Other processes' requests in flight are invisible until answered (a worker runs 5 at once):
	// the last slots of a shared window are taken one at a time.
	sharedTail: 10,
	jitterMs: 40,
	// A process reuses its slot within its answer time plus the margin of the slot leaving Trello's window.
	reuseGraceMs: 800,
};

export function newTrelloWindow(window: { intervalMs: number; max: number }): SharedWindow {
	return new SharedWindow(window.intervalMs, window.max, TRELLO_SHARING);
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
	private tickets: Record<'token' | 'key', WindowTicket> | undefined;

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
		this.tickets = { token: this.windows.token.noteSend(now), key: this.windows.key.noteSend(now) };
	}

	noteNoAnswer(now: number): void {
		if (!this.tickets) return;
		for (const { window } of LIMITS) this.windows[window].noteAnswer(this.tickets[window], false, now);
	}

	noteResponse(response: RawResponse, now: number): void {
		if (!this.tickets) return;
		for (const { window, header } of LIMITS) {
			const state = this.windows[window];
			const ticket = this.tickets[window];
			state.noteAnswer(ticket, response.statusCode === 429, now);
			const interval = Number(headerValue(response.headers, `${header}-interval-ms`));
			const max = Number(headerValue(response.headers, `${header}-max`));
			const remaining = headerValue(response.headers, `${header}-remaining`);
			if (Number.isFinite(interval) && interval > 0) state.intervalMs = interval;
			if (Number.isFinite(max) && max > 0) state.max = max;
			if (remaining !== undefined && remaining !== '' && Number.isFinite(Number(remaining))) {
				state.noteRemaining(Number(remaining), ticket, now);
			}
		}
	}

	classify(response: RawResponse, attempt: number, now: number): RetryDecision {
		if (response.statusCode !== 429) return { retry: false };
		const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
		const window = /API_KEY_LIMIT_EXCEEDED/.test(text) ? 'key' : 'token';
		const fromWindow = this.windows[window].untilSlotFree(now);
		const backoff = Math.min(this.windows[window].intervalMs, 500 * 2 ** attempt);
		const waitMs = Math.max(fromWindow, retryAfterMs(response.headers, now) ?? backoff);
		return { retry: true, waitMs, limit: limitName(window, this.windows[window]), resetAt: now + waitMs };
	}
}

function limitName(window: 'token' | 'key', state: SharedWindow): string {
	return `Trello per-${window} rate limit (${state.max} requests / ${state.intervalMs / 1000} s)`;
}
