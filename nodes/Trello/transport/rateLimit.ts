import type { RateLimitPolicy, RawResponse, RetryDecision } from '../../shared/rateLimit';
import { headerValue } from '../../shared/rateLimit';

/** What is known about one token's window: our own sends plus what Trello last reported. */
export interface TrelloWindowState {
	sentAt: number[];
	intervalMs: number;
	max: number;
	reportedRemaining?: number;
	reportedAt?: number;
}

export const TRELLO_DEFAULT_WINDOW = { intervalMs: 10_000, max: 100 };

// Trello counts a request slightly after we send it; this margin keeps our window behind theirs.
const CLOCK_MARGIN_MS = 250;

export function newWindowState(): TrelloWindowState {
	return { sentAt: [], ...TRELLO_DEFAULT_WINDOW };
}

/**
 * Trello allows 100 requests per 10 s per token and names no reset time, so requests are
 * paced against a sliding window of our own sends, tightened by the x-rate-limit-api-token-*
 * headers when other clients share the token.
 */
export class TrelloRateLimitPolicy implements RateLimitPolicy {
	constructor(private readonly state: TrelloWindowState) {}

	private prune(now: number) {
		const horizon = now - this.state.intervalMs - CLOCK_MARGIN_MS;
		while (this.state.sentAt.length && this.state.sentAt[0] <= horizon) this.state.sentAt.shift();
	}

	private untilSlotFree(now: number): number {
		this.prune(now);
		if (this.state.sentAt.length < this.state.max) return 0;
		const oldest = this.state.sentAt[this.state.sentAt.length - this.state.max];
		return oldest + this.state.intervalMs + CLOCK_MARGIN_MS - now;
	}

	delayBeforeRequest(now: number) {
		let waitMs = this.untilSlotFree(now);
		const { reportedRemaining, reportedAt } = this.state;
		if (reportedRemaining !== undefined && reportedAt !== undefined && reportedRemaining <= 0) {
			// Someone else used the token up: spread our requests over the rest of the window.
			const elapsed = now - reportedAt;
			if (elapsed < this.state.intervalMs) {
				waitMs = Math.max(waitMs, this.state.intervalMs / this.state.max);
			}
		}
		if (waitMs <= 0) return undefined;
		return { waitMs, limit: limitName(this.state), resetAt: now + waitMs };
	}

	noteRequest(now: number): void {
		this.state.sentAt.push(now);
	}

	noteResponse(response: RawResponse, now: number): void {
		const interval = Number(headerValue(response.headers, 'x-rate-limit-api-token-interval-ms'));
		const max = Number(headerValue(response.headers, 'x-rate-limit-api-token-max'));
		const remaining = headerValue(response.headers, 'x-rate-limit-api-token-remaining');
		if (Number.isFinite(interval) && interval > 0) this.state.intervalMs = interval;
		if (Number.isFinite(max) && max > 0) this.state.max = max;
		if (remaining !== undefined && Number.isFinite(Number(remaining))) {
			this.state.reportedRemaining = Number(remaining);
			this.state.reportedAt = now;
		}
	}

	classify(response: RawResponse, attempt: number, now: number): RetryDecision {
		if (response.statusCode !== 429) return { retry: false };
		const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
		const keyLimit = /API_KEY_LIMIT_EXCEEDED/.test(text);
		const fromWindow = this.untilSlotFree(now);
		const backoff = Math.min(this.state.intervalMs, 500 * 2 ** attempt);
		const waitMs = Math.max(fromWindow, backoff);
		// The backoff already covers what this refusal reported; don't hold the retry back twice.
		this.state.reportedRemaining = undefined;
		return {
			retry: true,
			waitMs,
			limit: keyLimit ? 'Trello per-key rate limit (300 requests / 10 s)' : limitName(this.state),
			resetAt: now + waitMs,
		};
	}
}

function limitName(state: TrelloWindowState): string {
	return `Trello per-token rate limit (${state.max} requests / ${state.intervalMs / 1000} s)`;
}
