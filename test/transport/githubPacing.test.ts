import type { RawResponse } from '../../nodes/shared/rateLimit';
import type { ResourceBudget } from '../../nodes/GitHub/transport/rateLimit';
import { GitHubRateLimitPolicy } from '../../nodes/GitHub/transport/rateLimit';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const RESET_S = NOW / 1000 + 60;

const answer = (remaining: number, reset = RESET_S): RawResponse => ({
	statusCode: 200,
	body: {},
	headers: { 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': 'core' },
});

describe('GitHub primary-limit pacing with requests in flight', () => {
	let budgets: Map<string, ResourceBudget>;
	/** One request of this process, as the transport drives the policy: check, send, answer. */
	const request = () => new GitHubRateLimitPolicy(budgets).forResource('core');
	beforeEach(() => {
		budgets = new Map();
	});

	it('takes its own unanswered requests off the count GitHub last reported', () => {
		const first = request();
		first.noteRequest();
		const second = request();
		second.noteRequest();
		// The first answer: 2 left, counted before the second request arrived.
		first.noteResponse(answer(2));
		expect(request().delayBeforeRequest(NOW)).toBeUndefined();
		const third = request();
		third.noteRequest();
		// 2 left minus the second and third, still on their way: the next waits for the reset.
		expect(request().delayBeforeRequest(NOW)).toEqual({ waitMs: 60_000, limit: 'GitHub primary rate limit (core)', resetAt: RESET_S * 1000, spent: true });
		// The second's answer counts it (1 left); the third is still out: the budget is spent.
		second.noteResponse(answer(1));
		expect(request().delayBeforeRequest(NOW)?.waitMs).toBe(60_000);
		// A request that got no answer no longer holds a place.
		third.noteNoAnswer();
		expect(request().delayBeforeRequest(NOW)).toBeUndefined();
	});

	it('keeps the lowest count of a reset: an older answer overtaken by a newer one does not raise it', () => {
		const first = request();
		first.noteRequest();
		const second = request();
		second.noteRequest();
		second.noteResponse(answer(0));
		first.noteResponse(answer(1));
		expect(request().delayBeforeRequest(NOW)?.waitMs).toBe(60_000);
		// A new reset starts a new count.
		const next = request();
		next.noteRequest();
		next.noteResponse(answer(4_999, RESET_S + 3_600));
		expect(request().delayBeforeRequest(NOW)).toBeUndefined();
	});

	it('waits for the reset it last saw, and not once that reset has passed', () => {
		const only = request();
		only.noteRequest();
		only.noteResponse(answer(0));
		expect(request().delayBeforeRequest(NOW + 59_000)?.waitMs).toBe(1_000);
		expect(request().delayBeforeRequest(NOW + 60_000)).toBeUndefined();
	});

	it("measures the reset on GitHub's clock (its Date header), not on a local clock that is ahead", () => {
		const only = request();
		only.noteRequest();
		// The local clock is two hours ahead: GitHub's reset, a minute away, is past by it.
		only.noteResponse({ ...answer(0), headers: { ...answer(0).headers, date: new Date(NOW).toUTCString() } }, NOW + 7_200_000);
		expect(request().delayBeforeRequest(NOW + 7_200_000 + 59_000)?.waitMs).toBe(1_000);
		expect(request().delayBeforeRequest(NOW + 7_200_000 + 60_000)).toBeUndefined();
	});

	it('honours retry-after as seconds or as an HTTP date on a secondary limit', () => {
		const policy = request();
		expect(policy.classify({ statusCode: 403, body: {}, headers: { 'retry-after': '2' } }, 0, NOW)).toEqual({
			retry: true,
			waitMs: 2_000,
			limit: 'GitHub secondary rate limit',
			resetAt: NOW + 2_000,
		});
		expect(policy.classify({ statusCode: 429, body: {}, headers: { 'retry-after': new Date(NOW + 5_000).toUTCString() } }, 0, NOW)).toMatchObject({ waitMs: 5_000 });
	});
});
