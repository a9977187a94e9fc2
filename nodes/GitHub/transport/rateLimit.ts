import type { RateLimitPolicy, RawResponse, RetryDecision } from '../../shared/rateLimit';
import { headerValue } from '../../shared/rateLimit';

/** GitHub counts limits per resource (core, search, graphql, …); each has its own reset. */
interface ResourceBudget {
	remaining: number;
	resetAt: number;
}

const SECONDARY_BACKOFF_MS = 60_000;

export function resourceForPath(path: string): string {
	if (path.startsWith('/search/code')) return 'code_search';
	if (path.startsWith('/search')) return 'search';
	if (path.includes('graphql')) return 'graphql';
	return 'core';
}

/**
 * Reads x-ratelimit-* headers so that once a resource is exhausted the next request waits for
 * the reset instead of being refused — which also keeps several n8n workers sharing a token in step.
 */
export class GitHubRateLimitPolicy implements RateLimitPolicy {
	private currentResource = 'core';

	constructor(private readonly budgets: Map<string, ResourceBudget>) {}

	forResource(resource: string): this {
		this.currentResource = resource;
		return this;
	}

	delayBeforeRequest(now: number) {
		const budget = this.budgets.get(this.currentResource);
		if (!budget || budget.remaining > 0 || budget.resetAt <= now) return undefined;
		return {
			waitMs: budget.resetAt - now,
			limit: `GitHub primary rate limit (${this.currentResource})`,
			resetAt: budget.resetAt,
		};
	}

	noteRequest(): void {}

	noteResponse(response: RawResponse): void {
		const remaining = headerValue(response.headers, 'x-ratelimit-remaining');
		const reset = headerValue(response.headers, 'x-ratelimit-reset');
		if (remaining === undefined || reset === undefined) return;
		const resource = headerValue(response.headers, 'x-ratelimit-resource') ?? this.currentResource;
		this.budgets.set(resource, { remaining: Number(remaining), resetAt: Number(reset) * 1000 });
	}

	classify(response: RawResponse, attempt: number, now: number): RetryDecision {
		const status = response.statusCode;
		if (status !== 403 && status !== 429) return { retry: false };
		const remaining = headerValue(response.headers, 'x-ratelimit-remaining');
		const reset = headerValue(response.headers, 'x-ratelimit-reset');
		const retryAfter = headerValue(response.headers, 'retry-after');

		if (retryAfter !== undefined && Number.isFinite(Number(retryAfter))) {
			const waitMs = Number(retryAfter) * 1000;
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
