import type { Clock } from '../../credentials/clock';

/**
 * The one retry loop for rate-limited APIs. Each service supplies a policy that reads its
 * own headers; this loop does the waiting, bounded by a total wait and a retry count, so a
 * run either completes or fails with an error saying which limit stopped it and when it resets.
 */

export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export type RetryDecision =
	| { retry: false }
	/** `spent`: the budget itself is used up until `resetAt` (not a slow-down asked for a while). */
	| { retry: true; waitMs: number; limit: string; resetAt?: number; spent?: boolean };

export interface RateLimitPolicy {
	/** Milliseconds to hold the next request back, from what earlier responses said. */
	delayBeforeRequest(now: number): { waitMs: number; limit: string; resetAt?: number; spent?: boolean } | undefined;
	/** Records that a request is being sent now. */
	noteRequest(now: number): void;
	/** Reads the limit headers of any response. */
	noteResponse(response: RawResponse, now: number): void;
	/** The request sent last got no answer (network error): it may have been counted all the same. */
	noteNoAnswer(now: number): void;
	/** Whether this response is a rate-limit refusal worth retrying, and after how long. */
	classify(response: RawResponse, attempt: number, now: number): RetryDecision;
}

export interface RetryBounds {
	/** Total time this request may spend waiting for limits, in milliseconds. */
	maxWaitMs: number;
	/** Retries after rate-limit refusals. */
	maxRetries: number;
	/**
	 * A used-up budget ends the request at once, neither waited for nor retried (a poller stops
	 * there and goes on after the reset, whichever clock is right).
	 */
	stopWhenSpent?: boolean;
}

export const DEFAULT_RETRY_BOUNDS: RetryBounds = { maxWaitMs: 5 * 60_000, maxRetries: 8 };

export class RateLimitExceededError extends Error {
	constructor(
		readonly limit: string,
		readonly resetAt: number | undefined,
		readonly waitedMs: number,
		readonly reason: 'wait' | 'retries' | 'spent',
		readonly lastResponse?: RawResponse,
	) {
		const reset = resetAt ? ` It resets at ${new Date(resetAt).toISOString()}.` : '';
		const why =
			reason === 'wait'
				? 'waiting for it would exceed the maximum rate-limit wait'
				: reason === 'spent'
					? 'no request is left until the reset'
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
			if (hold.spent && bounds.stopWhenSpent) throw new RateLimitExceededError(hold.limit, hold.resetAt, waitedMs, 'spent');
			await wait(hold.waitMs, hold.limit, hold.resetAt);
		}

		policy.noteRequest(clock.now());
		let response: RawResponse | undefined;
		try {
			response = await send();
		} finally {
			if (!response) policy.noteNoAnswer(clock.now());
		}
		policy.noteResponse(response, clock.now());

		const decision = policy.classify(response, attempt, clock.now());
		if (!decision.retry) return response;
		if (decision.spent && bounds.stopWhenSpent) throw new RateLimitExceededError(decision.limit, decision.resetAt, waitedMs, 'spent', response);
		if (attempt >= bounds.maxRetries) {
			throw new RateLimitExceededError(decision.limit, decision.resetAt, waitedMs, 'retries', response);
		}
		attempt++;
		await wait(decision.waitMs, decision.limit, decision.resetAt, response);
	}
}

/**
 * Milliseconds a `Retry-After` header asks for (delay in seconds, or an HTTP date), if it asks.
 */
export function retryAfterMs(headers: RawResponse['headers'], now: number): number | undefined {
	const value = headerValue(headers, 'retry-after')?.trim();
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
	const at = Date.parse(value);
	return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Polling step while waiting for an answer of ours to tell more. */
const SHARED_POLL_MS = 20;
/** Rather than wait this long for our next slot, one request checks whether others gave theirs up. */
const PROBE_INSTEAD_OF_WAITING_MS = 2_000;
/** Longest wait before looking again while a request of ours is in flight: its answer may free slots. */
const IN_FLIGHT_RECHECK_MS = 100;

interface SharedWindowOptions {
	/** Milliseconds by which the service may count a request later than we think. */
	marginMs?: number;
	/**
	 * Within this many free slots of a full window shared with others, this process grows its
	 * share one request at a time, each after the answer to the previous one and a random delay.
	 */
	sharedTail?: number;
	/** Upper bound of that random delay, in milliseconds. */
	jitterMs?: number;
	/** How long a slot another process held stays reserved for it after it left the window. */
	reuseGraceMs?: number;
	/** Random numbers in [0, 1), for the jitter. */
	random?: () => number;
}

/** One request of ours as a window counts it. */
export interface WindowTicket {
	sent: number;
	/** From when the service counts it: sent until answered, then the answer (it counted on arrival). */
	at: number;
	answered: boolean;
	/** Taken beyond the slots this process already held (as opposed to reusing one of them). */
	growth: boolean;
}

/**
 * A sliding request window (Trello: 100 requests / 10 s per token) shared with processes we cannot
 * see: other n8n workers and other apps using the same token. Each process sees only the answers
 * to its own requests; their `remaining` count tells how many of the window's requests were sent
 * by others, never when.
 *
 * The rule that keeps several processes under the limit together: every process keeps the slots it
 * holds. When one of our requests leaves the window, we may send the next one at once (a reuse);
 * the others leave that slot to us, because a slot they saw held by someone else stays reserved
 * for its holder for `reuseGraceMs` after it left the window. Only slots nobody reused within that
 * grace are free for anyone to take, and close to a full window, growing our share goes one request
 * at a time with a random delay, so two processes rarely reach for the last slot together. One
 * process alone never sees others and runs at the full limit.
 */
export class SharedWindow {
	private own: WindowTicket[] = [];
	/** Until when each of our slots that recently left the window may be reused without growing. */
	private reusable: number[] = [];
	/** Others' requests in the window as far as we know: when we learned of each. */
	private othersLive: number[] = [];
	/**
	 * Others' slots that left the window, reserved for their holders until `graceEnd`; `seenLeaving`
	 * when an answer showed it gone, not only our reckoning of its time.
	 */
	private othersReserved: Array<{ graceEnd: number; seenLeaving: boolean; forgetAt?: number }> = [];
	private jitterUntil: number | undefined;
	private readonly marginMs: number;
	private readonly sharedTail: number;
	private readonly jitterMs: number;
	private readonly reuseGraceMs: number;
	private readonly random: () => number;

	constructor(
		public intervalMs: number,
		public max: number,
		options: SharedWindowOptions = {},
	) {
		this.marginMs = options.marginMs ?? 0;
		this.sharedTail = options.sharedTail ?? 0;
		this.jitterMs = options.jitterMs ?? 0;
		this.reuseGraceMs = options.reuseGraceMs ?? 0;
		this.random = options.random ?? Math.random;
	}

	private leavesAt(at: number): number {
		return at + this.intervalMs + this.marginMs;
	}

	private prune(now: number) {
		this.own = this.own.filter((ticket) => {
			if (!ticket.answered || this.leavesAt(ticket.at) > now) return true;
			// The others reserve this slot for us from when the service dropped it (at the earliest
			// when it was sent plus the interval) for their grace period.
			const reusableUntil = ticket.sent + this.intervalMs + this.reuseGraceMs;
			if (reusableUntil > now) this.reusable.push(reusableUntil);
			else this.forfeit(reusableUntil);
			return false;
		});
		for (const until of this.reusable.filter((until) => until <= now)) this.forfeit(until);
		this.reusable = this.reusable.filter((until) => until > now);
		this.othersReserved = this.othersReserved.filter((slot) => slot.forgetAt === undefined || slot.forgetAt > now);
		while (this.othersLive.length && this.leavesAt(this.othersLive[0]) <= now) {
			const learnedAt = this.othersLive.shift()!;
			this.othersReserved.push({ graceEnd: this.leavesAt(learnedAt) + this.reuseGraceMs, seenLeaving: false });
		}
	}

	/**
	 * A slot of ours not reused in time (answers came late, or this process was held up): the others
	 * may have taken it by now. Like their own given-up slots it is free once an answer shows it, and
	 * at the latest a window later, when a request that took it has left the window too (an answer
	 * without a count, as when a service leaves out one window's headers, never shows it).
	 */
	private forfeit(graceEnd: number) {
		this.othersReserved.push({ graceEnd, seenLeaving: true, forgetAt: this.leavesAt(graceEnd) });
	}

	/** Our requests counted in the window now (sent and not yet left it). */
	ownInWindow(now: number): number {
		this.prune(now);
		return this.own.length;
	}

	/** Others' requests in the window, and slots reserved for them, as far as we know. */
	othersHeld(now: number): number {
		this.prune(now);
		return this.othersLive.length + this.othersReserved.length;
	}

	/** Requests counted in the window now as far as we know: ours plus the others'. */
	inWindow(now: number): number {
		return this.ownInWindow(now) + this.othersHeld(now);
	}

	/** Whether requests from elsewhere are in the window as far as we know. */
	shared(now: number): boolean {
		return this.othersHeld(now) > 0;
	}

	/** Milliseconds until the next request may go out (0: now). */
	untilSlotFree(now: number): number {
		this.prune(now);
		if (this.reusable.length) return 0;
		const others = this.othersLive.length + this.othersReserved.length;
		const free = this.max - this.own.length - others;
		const inFlight = this.own.filter((ticket) => !ticket.answered);
		if (free > 0) {
			if (others === 0 || free > this.sharedTail) return 0;
			if (inFlight.some((ticket) => ticket.growth)) return SHARED_POLL_MS;
			this.jitterUntil ??= now + Math.floor(this.random() * this.jitterMs);
			return Math.max(0, this.jitterUntil - now);
		}
		// Slots reserved for others whose grace ended with no answer of ours since to say whether
		// they were reused. Our next reuse will tell. With none coming soon, one request finds out
		// if an answer showed them gone (their holder stopped) or we hold nothing at all; a slot
		// only our reckoning says left was most likely reused by its holder unseen.
		const ownNext = Math.min(...this.own.filter((ticket) => ticket.answered).map((ticket) => this.leavesAt(ticket.at)));
		const longWait = ownNext - now > PROBE_INSTEAD_OF_WAITING_MS;
		const unconfirmed = this.othersReserved.filter((slot) => slot.graceEnd <= now && (slot.seenLeaving || longWait || !this.own.length)).length;
		const ownLeaving = ownNext <= now + this.reuseGraceMs;
		if (unconfirmed > 0 && free + unconfirmed > 0 && !inFlight.length && !ownLeaving) {
			this.jitterUntil ??= now + Math.floor(this.random() * this.jitterMs);
			return Math.max(0, this.jitterUntil - now);
		}
		const events = [
			...this.own.filter((ticket) => ticket.answered).map((ticket) => this.leavesAt(ticket.at)),
			...this.othersLive.map((learnedAt) => this.leavesAt(learnedAt) + this.reuseGraceMs),
			...this.othersReserved.map((slot) => slot.graceEnd),
		].filter((at) => at > now);
		const next = events.length ? Math.min(...events) - now : this.intervalMs;
		return Math.max(SHARED_POLL_MS, inFlight.length ? Math.min(next, IN_FLIGHT_RECHECK_MS) : next);
	}

	/** Records a request of ours sent now; the ticket goes back with its answer. */
	noteSend(now: number): WindowTicket {
		this.prune(now);
		const reuse = this.reusable.length > 0;
		if (reuse) this.reusable.shift();
		else this.jitterUntil = undefined;
		const ticket: WindowTicket = { sent: now, at: now, answered: false, growth: !reuse };
		this.own.push(ticket);
		return ticket;
	}

	/** Our request was answered at `now`. A refused one holds no slot of ours. */
	noteAnswer(ticket: WindowTicket, refused: boolean, now: number): void {
		ticket.answered = true;
		if (refused) {
			this.own = this.own.filter((own) => own !== ticket);
			return;
		}
		ticket.at = now;
	}

	/**
	 * Reads the service's count: `remaining` slots left once it counted our request `ticket`. What
	 * it counts beyond our requests sent up to then is the others'. More than we knew: new requests
	 * of theirs, first filling slots reserved for them. Fewer: some left the window earlier than we
	 * assumed, and stay reserved for their holders for the grace. Reserved slots whose grace ended
	 * before our request went out, and that the count does not show, were given up: they are free.
	 */
	noteRemaining(remaining: number, ticket: WindowTicket, now: number): void {
		this.prune(now);
		const ownCounted = this.own.filter((own) => own.sent <= ticket.sent).length;
		const others = Math.max(0, this.max - remaining - ownCounted);
		if (others >= this.othersLive.length) {
			const fresh = others - this.othersLive.length;
			this.othersReserved.sort((a, b) => a.graceEnd - b.graceEnd);
			this.othersReserved.splice(0, Math.min(fresh, this.othersReserved.length));
			for (let i = 0; i < fresh; i++) this.othersLive.push(now);
		} else {
			// Left the window, or never counted yet where we thought (a request of ours still on its
			// way was counted as theirs): either way still theirs until it could have left, plus the grace.
			for (const learnedAt of this.othersLive.splice(0, this.othersLive.length - others)) {
				this.othersReserved.push({ graceEnd: Math.max(now, learnedAt + this.intervalMs) + this.reuseGraceMs, seenLeaving: true });
			}
		}
		this.othersReserved = this.othersReserved.filter((slot) => slot.graceEnd > ticket.sent);
	}
}
