import type { RateLimitPolicy, RawResponse, RetryDecision } from '../../shared/rateLimit';
import { headerValue, retryAfterMs } from '../../shared/rateLimit';

/**
 * GitHub counts limits per resource (core, search, graphql, …); each has its own reset. `remaining`
 * is the lowest count an answer reported for the current reset, by the request numbered `reportedBy`;
 * requests of ours sent after that one and not yet answered are not in it.
 */
export interface ResourceBudget {
	remaining?: number;
	resetAt?: number;
	reportedBy: number;
	sent: number;
	inFlight: Set<number>;
	/** GitHub's Date minus the local clock at the last answer (ms): resets are GitHub's times. */
	clockOffset?: number;
}

const SECONDARY_BACKOFF_MS = 60_000;

export function resourceForPath(path: string): string {
	if (path.startsWith('/search/code')) return 'code_search';
	if (path.startsWith('/search')) return 'search';
	if (path.includes('graphql')) return 'graphql';
	return 'core';
}

/**
 * Reads x-ratelimit-* headers so that once a resource is exhausted the next request waits for the
 * reset instead of being refused. The count is everyone's (other n8n workers sharing the token
 * included); our own requests still on their way are taken off it, so this process does not send
 * more than the budget it last saw.
 */
export class GitHubRateLimitPolicy implements RateLimitPolicy {
	private currentResource = 'core';
	private request: { budget: ResourceBudget; number: number } | undefined;

	constructor(private readonly budgets: Map<string, ResourceBudget>) {}

	forResource(resource: string): this {
		this.currentResource = resource;
		return this;
	}

	private budget(resource: string): ResourceBudget {
		let budget = this.budgets.get(resource);
		if (!budget) {
			budget = { reportedBy: 0, sent: 0, inFlight: new Set() };
			this.budgets.set(resource, budget);
		}
		return budget;
	}

	delayBeforeRequest(now: number) {
		const budget = this.budget(this.currentResource);
		// A local clock ahead of GitHub's would take the reset for past and send into the refusals.
		const githubNow = now + (budget.clockOffset ?? 0);
		if (budget.remaining === undefined || budget.resetAt === undefined || budget.resetAt <= githubNow) return undefined;
		const uncounted = [...budget.inFlight].filter((number) => number > budget.reportedBy).length;
		if (budget.remaining - uncounted > 0) return undefined;
		return {
			waitMs: budget.resetAt - githubNow,
			limit: `GitHub primary rate limit (${this.currentResource})`,
			resetAt: budget.resetAt,
			spent: true,
		};
	}

	noteRequest(): void {
		const budget = this.budget(this.currentResource);
		const number = ++budget.sent;
		budget.inFlight.add(number);
		this.request = { budget, number };
	}

	noteNoAnswer(): void {
		this.request?.budget.inFlight.delete(this.request.number);
	}

	noteResponse(response: RawResponse, now?: number): void {
		this.noteNoAnswer();
		const date = Date.parse(headerValue(response.headers, 'date') ?? '');
		if (Number.isFinite(date) && now !== undefined) this.budget(this.currentResource).clockOffset = date - now;
		const remaining = Number(headerValue(response.headers, 'x-ratelimit-remaining'));
		const reset = Number(headerValue(response.headers, 'x-ratelimit-reset'));
		if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return;
		const resource = headerValue(response.headers, 'x-ratelimit-resource') ?? this.currentResource;
		const budget = this.budget(resource);
		const number = this.request?.budget === budget ? this.request.number : budget.sent;
		const resetAt = reset * 1000;
		// Within one reset the count only goes down: a higher one is an older answer overtaken.
		if (budget.resetAt !== resetAt || budget.remaining === undefined || remaining <= budget.remaining) {
			budget.reportedBy = budget.resetAt !== resetAt ? number : Math.max(budget.reportedBy, number);
			budget.remaining = remaining;
			budget.resetAt = resetAt;
		}
	}

	classify(response: RawResponse, attempt: number, now: number): RetryDecision {
		const status = response.statusCode;
		if (status !== 403 && status !== 429) return { retry: false };
		const remaining = headerValue(response.headers, 'x-ratelimit-remaining');
		const reset = headerValue(response.headers, 'x-ratelimit-reset');
		const retryAfter = retryAfterMs(response.headers, now);

		if (retryAfter !== undefined) {
			const waitMs = retryAfter;
			return {
				retry: true,
				waitMs,
				limit: 'GitHub secondary rate limit',
				resetAt: now + waitMs,
			};
		}
		if (remaining === '0' && reset !== undefined) {
			const resetAt = Number(reset) * 1000;
			return {
				retry: true,
				waitMs: Math.max(0, resetAt - now),
				limit: `GitHub primary rate limit (${headerValue(response.headers, 'x-ratelimit-resource') ?? this.currentResource})`,
				resetAt,
				spent: true,
			};
		}
		if (status === 429 || mentionsSecondaryLimit(response.body)) {
			// GitHub asks for at least a minute when it gives no retry-after, growing on repeats.
			const waitMs = SECONDARY_BACKOFF_MS * 2 ** attempt;
			return { retry: true, waitMs, limit: 'GitHub secondary rate limit', resetAt: now + waitMs };
		}
		// A 403 without any rate-limit signal is a permission problem: retrying cannot help.
		return { retry: false };
	}
}

function mentionsSecondaryLimit(body: unknown): boolean {
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	return /secondary rate limit|abuse detection|exceeded a secondary/i.test(text);
}
