import { sleep } from 'n8n-workflow';

/**
 * The one retry loop for rate-limited APIs. Each service supplies a policy that reads its
 * own headers; this loop does the waiting, bounded by a total wait and a retry count, so a
 * run either completes or fails with an error saying which limit stopped it and when it resets.
 */

export interface Clock {
	now(): number;
	/** Resolves after `ms`, or soon after `signal` aborts (the caller checks which). */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** n8n's sleep cannot be aborted, so a cancellable wait sleeps in slices this long. */
export const CANCEL_CHECK_MS = 1_000;

export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: async (ms, signal) => {
		if (!signal) return await sleep(ms);
		for (let left = ms; left > 0 && !signal.aborted; left -= CANCEL_CHECK_MS) {
			await sleep(Math.min(left, CANCEL_CHECK_MS));
		}
	},
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
		// Checked again after every wait: other requests of this process may have taken the slot.
		for (let hold = policy.delayBeforeRequest(clock.now()); hold && hold.waitMs > 0; hold = policy.delayBeforeRequest(clock.now())) {
			await wait(hold.waitMs, hold.limit, hold.resetAt);
		}

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

const SHARED_POLL_MS = 20;

/**
 * A sliding request window shared with clients we cannot see (other n8n workers, other apps using
 * the same token). Our own sends are known exactly; the others' are inferred from the counter the
 * service reports: whatever it counts beyond our own sends is recorded as sent by others when we
 * learn of it. Our own slots are reused as soon as they leave the window. A slot the others held is
 * only taken once an answer shows it free, or by a single probing request: otherwise every process
 * would see the same slot free at the same moment and all but one would be refused.
 */
export class SharedWindow {
	/**
	 * Our requests: when sent, and from when they count in the window. The service counts a request
	 * when it arrives, somewhere between sending and the answer, so once answered it counts from the
	 * answer: on a busy machine a request can take longer to arrive than any fixed margin.
	 */
	private ownAt: Array<{ sent: number; at: number }> = [];
	private readonly foreignAt: number[] = [];
	/** Others' sends past their estimated time in the window, not yet confirmed gone by an answer. */
	private foreignUnconfirmed = 0;
	private inFlight = 0;

	constructor(
		public intervalMs: number,
		public max: number,
		/** Milliseconds by which the service may count a request later than we send it. */
		private readonly marginMs = 0,
		/** The last slots of a window shared with others are taken one request at a time. */
		private readonly sharedTail = 0,
	) {}

	private prune(now: number) {
		const horizon = now - this.intervalMs - this.marginMs;
		while (this.ownAt.length && this.ownAt[0].at <= horizon) this.ownAt.shift();
		while (this.foreignAt.length && this.foreignAt[0] <= horizon) {
			this.foreignAt.shift();
			this.foreignUnconfirmed++;
		}
	}

	/** Requests counted in the window now as far as we know: ours plus the others'. */
	inWindow(now: number): number {
		this.prune(now);
		return this.ownAt.length + this.foreignAt.length + this.foreignUnconfirmed;
	}

	/** Whether requests from elsewhere are in the window as far as we know. */
	shared(now: number): boolean {
		this.prune(now);
		return this.foreignAt.length + this.foreignUnconfirmed > 0;
	}

	/** Milliseconds until one more request fits. */
	untilSlotFree(now: number): number {
		const shared = this.shared(now);
		const capacity = this.max;
		const used = this.inWindow(now);
		if (used < capacity) {
			// Close to the limit with others sending too, one request at a time: each answer tells
			// what the others sent meanwhile before the next one goes out.
			if (shared && this.inFlight > 0 && used >= capacity - this.sharedTail) return SHARED_POLL_MS;
			return 0;
		}
		if (this.foreignUnconfirmed > 0 && used - this.foreignUnconfirmed < capacity) {
			return this.inFlight === 0 ? 0 : SHARED_POLL_MS;
		}
		const known = [...this.ownAt.map((own) => own.at), ...this.foreignAt].sort((a, b) => a - b);
		const index = known.length - (capacity - this.foreignUnconfirmed);
		if (index < 0 || index >= known.length) return SHARED_POLL_MS;
		return Math.max(SHARED_POLL_MS, known[index] + this.intervalMs + this.marginMs - now);
	}

	noteSend(now: number): void {
		this.ownAt.push({ sent: now, at: now });
		this.inFlight++;
	}

	/**
	 * One of our requests, sent at `sentAt`, was answered at `now`. A refused one does not hold a
	 * slot of ours; if the service counted it anyway, its count shows it as someone else's.
	 */
	noteAnswer(sentAt: number, refused: boolean, now = sentAt): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		const index = this.ownAt.findIndex((own) => own.sent === sentAt && own.at === sentAt);
		if (index < 0) return;
		if (refused) {
			this.ownAt.splice(index, 1);
			return;
		}
		this.ownAt[index].at = now;
		// Kept in the order they leave the window.
		this.ownAt.sort((a, b) => a.at - b.at);
	}

	/**
	 * Reads the service's count: `remaining` slots left after a request we sent at `sentAt`,
	 * answered at `now`. Our sends after `sentAt` were not yet counted by the service.
	 */
	noteRemaining(remaining: number, sentAt: number, now: number): void {
		this.prune(now);
		const ownCounted = this.ownAt.filter((own) => own.sent <= sentAt).length;
		const foreign = Math.max(0, this.max - remaining - ownCounted);
		this.foreignUnconfirmed = 0;
		if (foreign > this.foreignAt.length) {
			for (let i = this.foreignAt.length; i < foreign; i++) this.foreignAt.push(now);
		} else {
			// Some left the service's window earlier than we assumed.
			this.foreignAt.splice(0, this.foreignAt.length - foreign);
		}
	}
}
