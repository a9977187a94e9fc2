import type { Clock } from '../../credentials/clock';
import type { RawResponse } from '../../nodes/shared/rateLimit';
import { DEFAULT_RETRY_BOUNDS, retryAfterMs, sendWithRateLimits, SharedWindow } from '../../nodes/shared/rateLimit';
import type { TrelloWindows } from '../../nodes/Trello/transport/rateLimit';
import { TRELLO_KEY_WINDOW, TRELLO_SHARING, TRELLO_TOKEN_WINDOW, TrelloRateLimitPolicy } from '../../nodes/Trello/transport/rateLimit';

/** A clock for several simulated processes: sleeps end only when the simulation reaches their time. */
class SimulatedClock implements Clock {
	current = 0;
	private timers: Array<{ at: number; seq: number; wake: () => void }> = [];
	private seq = 0;

	now(): number {
		return this.current;
	}

	async sleep(ms: number): Promise<void> {
		await new Promise<void>((wake) => this.timers.push({ at: this.current + ms, seq: this.seq++, wake }));
	}

	/** Runs until every task has finished, moving time from one wake-up to the next. */
	async runUntilDone(tasks: Array<Promise<unknown>>): Promise<void> {
		let pending = tasks.length;
		for (const task of tasks) void task.finally(() => pending--);
		for (;;) {
			for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
			if (pending === 0) return;
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers.shift();
			if (!next) throw new Error('tasks are stuck with no timer pending');
			this.current = next.at;
			next.wake();
		}
	}
}

/** A seeded pseudo-random sequence in [0, 1) (mulberry32), so simulated runs repeat exactly. */
function seeded(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** How long requests take: to reach the service, and its answer to come back, in milliseconds. */
interface Latency {
	toService(): number;
	back(): number;
	/** Work between two requests of one execution (n8n moving to the next item). */
	between(): number;
}

const steadyLatency: Latency = { toService: () => 2, back: () => 3, between: () => 0 };

/** A loaded machine: 1–40 ms each way, up to 10 ms between items, and now and then a 300 ms stall. */
function loadedLatency(random: () => number): Latency {
	const stall = () => (random() < 0.02 ? 300 : 0);
	return {
		toService: () => 1 + Math.floor(random() * 40) + stall(),
		back: () => 1 + Math.floor(random() * 40) + stall(),
		between: () => Math.floor(random() * 10),
	};
}

/** Trello's per-token and per-key sliding windows as the service counts them, with its headers. */
class SimulatedTrello {
	readonly accepted: number[] = [];
	refused = 0;

	constructor(
		private readonly clock: SimulatedClock,
		private readonly latency: Latency,
		private readonly tokenMax = 100,
		private readonly intervalMs = 10_000,
	) {}

	private used(now: number): number {
		return this.accepted.filter((at) => at > now - this.intervalMs).length;
	}

	/** Counted when it arrives, answered later: requests in flight are invisible to others. */
	async send(): Promise<RawResponse> {
		await this.clock.sleep(this.latency.toService());
		const now = this.clock.now();
		let statusCode = 200;
		if (this.used(now) >= this.tokenMax) {
			this.refused++;
			statusCode = 429;
		} else {
			this.accepted.push(now);
		}
		const remaining = this.tokenMax - this.used(now);
		await this.clock.sleep(this.latency.back());
		return {
			statusCode,
			body: statusCode === 429 ? { error: 'API_TOKEN_LIMIT_EXCEEDED' } : { id: 'c' },
			headers: {
				'x-rate-limit-api-token-interval-ms': String(this.intervalMs),
				'x-rate-limit-api-token-max': String(this.tokenMax),
				'x-rate-limit-api-token-remaining': String(remaining),
				'x-rate-limit-api-key-interval-ms': String(this.intervalMs),
				'x-rate-limit-api-key-max': '300',
				'x-rate-limit-api-key-remaining': String(300 - this.used(now)),
			},
		};
	}

	/** Most requests the service accepted in any window. */
	peakWindow(): number {
		let peak = 0;
		for (const at of this.accepted) peak = Math.max(peak, this.accepted.filter((t) => t >= at && t < at + this.intervalMs).length);
		return peak;
	}
}

/** `processes` n8n processes, each running `executions` executions of `requests` sequential requests. */
async function simulate(processes: number, executionsPerProcess: number, requests: number, seed?: number) {
	const clock = new SimulatedClock();
	const random = seeded(seed ?? 0);
	const latency = seed === undefined ? steadyLatency : loadedLatency(random);
	const trello = new SimulatedTrello(clock, latency);
	const finishedAt: number[] = [];
	const tasks: Array<Promise<void>> = [];
	for (let p = 0; p < processes; p++) {
		const windows: TrelloWindows = {
			token: new SharedWindow(TRELLO_TOKEN_WINDOW.intervalMs, TRELLO_TOKEN_WINDOW.max, { ...TRELLO_SHARING, random }),
			key: new SharedWindow(TRELLO_KEY_WINDOW.intervalMs, TRELLO_KEY_WINDOW.max, { ...TRELLO_SHARING, random }),
		};
		for (let e = 0; e < executionsPerProcess; e++) {
			tasks.push(
				(async () => {
					for (let r = 0; r < requests; r++) {
						const response = await sendWithRateLimits(() => trello.send(), new TrelloRateLimitPolicy(windows), clock, DEFAULT_RETRY_BOUNDS);
						expect(response.statusCode).toBe(200);
						const gap = latency.between();
						if (gap) await clock.sleep(gap);
					}
					finishedAt.push(clock.now());
				})(),
			);
		}
	}
	await clock.runUntilDone(tasks);
	return { wallMs: Math.max(...finishedAt), refused: trello.refused, accepted: trello.accepted.length, peak: trello.peakWindow() };
}

describe('Trello pacing shared by processes through the rate-limit headers', () => {
	it('keeps two processes sharing a token under 100 requests / 10 s together, as fast as one process', async () => {
		const one = await simulate(1, 10, 30);
		const two = await simulate(2, 5, 30);

		expect(one.accepted).toBe(300);
		expect(two.accepted).toBe(300);
		expect(one.refused).toBe(0);
		// At most 1 % of the requests refused, and never more than the limit counted in a window.
		expect(two.refused).toBeLessThanOrEqual(3);
		expect(two.peak).toBeLessThanOrEqual(100);
		expect(two.wallMs).toBeLessThanOrEqual(one.wallMs * 1.1);
	});

	it('keeps three processes in step as well', async () => {
		const one = await simulate(1, 9, 40);
		const three = await simulate(3, 3, 40);
		expect(three.accepted).toBe(360);
		// At most one refusal per other process each time the window fills.
		expect(three.refused).toBeLessThanOrEqual(7);
		expect(three.peak).toBeLessThanOrEqual(100);
		expect(three.wallMs).toBeLessThanOrEqual(one.wallMs * 1.1);
	});

	// 1 % of 300 requests: at most 3 refused, in every one of 30 simulated runs.
	it.each(Array.from({ length: 30 }, (_, i) => i + 1))('holds on a loaded machine (random latencies and stalls, seed %i)', async (seed) => {
		const one = await simulate(1, 10, 30, seed);
		const two = await simulate(2, 5, 30, seed);
		expect(one.refused).toBe(0);
		expect(two.accepted).toBe(300);
		expect(two.refused).toBeLessThanOrEqual(3);
		expect(two.wallMs).toBeLessThanOrEqual(one.wallMs * 1.1);
	});
});

describe('SharedWindow', () => {
	const options = { marginMs: 250, sharedTail: 10, jitterMs: 40, reuseGraceMs: 1_000, random: () => 0.5 };
	/** Sends one request at `sent`, answered at `answered` with Trello's `remaining`. */
	const exchange = (window: SharedWindow, sent: number, answered: number, remaining: number, refused = false) => {
		const ticket = window.noteSend(sent);
		window.noteAnswer(ticket, refused, answered);
		window.noteRemaining(remaining, ticket, answered);
		return ticket;
	};

	it('counts what the service reports beyond our own sends as sent by others', () => {
		const window = new SharedWindow(10_000, 100, options);
		// 100 allowed, 40 left after our request: 59 came from elsewhere.
		exchange(window, 1_000, 1_005, 40);
		expect(window.ownInWindow(1_005)).toBe(1);
		expect(window.othersHeld(1_005)).toBe(59);
		expect(window.untilSlotFree(1_005)).toBe(0);
	});

	it('does not count our own requests still in flight as others’', () => {
		const window = new SharedWindow(10_000, 100, options);
		const first = window.noteSend(0);
		window.noteSend(1);
		window.noteSend(2);
		// The answer to the first request: the service had counted only that one.
		window.noteAnswer(first, false, 5);
		window.noteRemaining(99, first, 5);
		expect(window.shared(5)).toBe(false);
		expect(window.inWindow(5)).toBe(3);
	});

	it('reuses its own slot as soon as it leaves the window, though others hold the rest', () => {
		const window = new SharedWindow(10_000, 100, options);
		exchange(window, 0, 10, 0);
		expect(window.othersHeld(10)).toBe(99);
		// Full: ours leaves 10 s after its answer plus the margin.
		expect(window.untilSlotFree(10)).toBe(10_250);
		expect(window.untilSlotFree(10_260)).toBe(0);
		const reuse = window.noteSend(10_260);
		expect(reuse.growth).toBe(false);
	});

	it('never takes an answer our own requests explain as others’ requests', () => {
		const window = new SharedWindow(10_000, 100, options);
		// 99 of ours, then an answer saying one more request came from elsewhere.
		for (let i = 0; i < 99; i++) exchange(window, i, i + 5, 99 - i);
		exchange(window, 200, 205, 0);
		expect(window.ownInWindow(205)).toBe(100);
		expect(window.othersHeld(205)).toBe(0);
		window.noteRemaining(0, window.noteSend(300), 305);
		// Counted: our 101 sends up to 300 cannot all be in the window; 100 - 0 - 101 < 0 → none of theirs.
		expect(window.othersHeld(305)).toBe(0);
	});

	it('leaves others’ slots that leave the window to them, and takes them once an answer shows them given up', () => {
		const window = new SharedWindow(10_000, 100, options);
		// We hold 50; the others hold the other 50, learned at 100.
		for (let i = 0; i < 50; i++) exchange(window, i, 100, i === 49 ? 0 : 50 - i - 1);
		expect(window.othersHeld(100)).toBe(50);
		// 10.35 s: ours and theirs left the window by our reckoning; theirs stay reserved for a second.
		expect(window.othersHeld(10_350)).toBe(50);
		expect(window.ownInWindow(10_350)).toBe(0);
		// We reuse a slot at once; Trello's answer counts it and 30 of theirs, reused meanwhile.
		expect(window.untilSlotFree(10_350)).toBe(0);
		expect(exchange(window, 10_350, 10_360, 69).growth).toBe(false);
		expect(window.othersHeld(10_360)).toBe(50);
		// 11.5 s, the grace over: our next answer still counts only 30 of theirs (68 left with 2 of
		// ours): the other 20 were given up, and are free for us to grow into.
		exchange(window, 11_500, 11_510, 68);
		expect(window.othersHeld(11_510)).toBe(30);
		expect(window.inWindow(11_510)).toBe(32);
		expect(window.untilSlotFree(11_510)).toBe(0);
	});

	it('checks with one request whether reserved slots were given up rather than wait seconds for its own next slot', () => {
		const window = new SharedWindow(10_000, 100, options);
		for (let i = 0; i < 50; i++) exchange(window, i, 100, 49 - i);
		// 10.35 s: all 50 of ours reused; the answers count 48 of theirs back, 2 not (yet).
		for (let i = 0; i < 50; i++) exchange(window, 10_350 + i, 10_360 + i, 51 - i);
		expect(window.othersHeld(10_410)).toBe(50);
		// Full; the 2 stay theirs until their grace ends at 11 350.
		expect(window.untilSlotFree(10_410)).toBe(940);
		// 11.4 s: their grace is over, nothing of ours in flight, our next slot frees in 9 s: after a
		// random delay (0.5 × 40 ms) one request goes.
		expect(window.untilSlotFree(11_400)).toBe(20);
		expect(window.untilSlotFree(11_420)).toBe(0);
	});

	it('takes the last free slots of a shared window one at a time, each after a random delay', () => {
		const window = new SharedWindow(10_000, 100, options);
		// 85 of ours counted and 10 of theirs: 5 free.
		for (let i = 0; i < 85; i++) exchange(window, i, i + 1, 89 - i);
		expect(window.othersHeld(100)).toBe(10);
		// A random delay first (0.5 × 40 ms), then one request; the next waits for its answer.
		expect(window.untilSlotFree(100)).toBe(20);
		expect(window.untilSlotFree(110)).toBe(10);
		expect(window.untilSlotFree(120)).toBe(0);
		const growth = window.noteSend(120);
		expect(window.untilSlotFree(121)).toBe(20);
		window.noteAnswer(growth, false, 130);
		// Its answer: one more of theirs came meanwhile; a new delay before the next one.
		window.noteRemaining(3, growth, 130);
		expect(window.othersHeld(130)).toBe(11);
		expect(window.untilSlotFree(130)).toBe(20);
	});

	it('does not take back freely the slots it failed to reuse in time: the others may hold them now', () => {
		const window = new SharedWindow(10_000, 100, options);
		// 50 of ours, each answered 900 ms after it went out (a held-up process), and 50 of theirs: full.
		for (let i = 0; i < 50; i++) exchange(window, i, 900 + i, 49 - i);
		expect(window.othersHeld(949)).toBe(50);
		// 11.3 s: ours left the window after our reuse rights ended (sent + 10 s + the 1 s grace), so the
		// others may have taken them: no burst into 50 "free" slots; one request checks after a random delay.
		expect(window.ownInWindow(11_300)).toBe(0);
		expect(window.untilSlotFree(11_300)).toBe(20);
		expect(window.untilSlotFree(11_320)).toBe(0);
		const probe = window.noteSend(11_320);
		expect(window.untilSlotFree(11_321)).toBeGreaterThan(0);
		// Its answer: nobody took them. Ours are free again; the others' 50 stay theirs for their grace.
		window.noteAnswer(probe, false, 11_330);
		window.noteRemaining(99, probe, 11_330);
		expect(window.othersHeld(11_330)).toBe(50);
		expect(window.untilSlotFree(11_330)).toBe(0);
	});

	it('forgets a slot it failed to reuse a window later when no answer counts it (no headers for that window)', () => {
		const window = new SharedWindow(10_000, 3, options);
		// Three of ours answered 900 ms late, without a count: none reused in time.
		for (let i = 0; i < 3; i++) window.noteAnswer(window.noteSend(i), false, 900 + i);
		expect(window.othersHeld(11_300)).toBe(3);
		expect(window.untilSlotFree(11_300)).toBe(20);
		// Their grace ended at 11 s; a window (and the margin) later any request that took them has left too.
		expect(window.othersHeld(21_249)).toBe(3);
		expect(window.othersHeld(21_253)).toBe(0);
		expect(window.untilSlotFree(21_253)).toBe(0);
	});

	it('alone, fills the window at once: no delay for a process that sees no others', () => {
		const window = new SharedWindow(10_000, 100, options);
		for (let i = 0; i < 99; i++) {
			expect(window.untilSlotFree(i)).toBe(0);
			exchange(window, i, i, 99 - i);
		}
		expect(window.untilSlotFree(99)).toBe(0);
	});

	it('does not free a slot for a count that only missed a request of ours still on its way', () => {
		const window = new SharedWindow(10_000, 100, options);
		// 20 of theirs learned at 50.
		exchange(window, 0, 50, 79);
		expect(window.othersHeld(50)).toBe(20);
		// A request of ours sent at 60 arrives late; one sent at 70 is answered first: Trello counted
		// 2 of ours and the 20, but we count the late one too, so the answer seems to show 19 of theirs.
		const late = window.noteSend(60);
		exchange(window, 70, 80, 78);
		// Their slot cannot have left the window yet: it stays theirs until it could have, plus the grace.
		expect(window.othersHeld(80)).toBe(20);
		window.noteAnswer(late, false, 90);
		exchange(window, 2_000, 2_010, 77);
		expect(window.othersHeld(2_010)).toBe(20);
	});

	it('counts an answered request of ours from its answer, since the service counted it on arrival', () => {
		const window = new SharedWindow(10_000, 1, { ...options, marginMs: 0 });
		const ticket = window.noteSend(0);
		// Answered 900 ms later: it may have arrived just before the answer.
		window.noteAnswer(ticket, false, 900);
		expect(window.untilSlotFree(1_000)).toBe(9_900);
		expect(window.untilSlotFree(10_900)).toBe(0);
	});

	it('counts a request that got no answer as sent, and lets it leave the window like any other', async () => {
		const windows: TrelloWindows = { token: new SharedWindow(10_000, 100, options), key: new SharedWindow(10_000, 300, options) };
		const clock = { now: () => 1_000, sleep: async () => {} };
		const send = async (): Promise<RawResponse> => await Promise.reject(new Error('socket hang up'));
		await expect(sendWithRateLimits(send, new TrelloRateLimitPolicy(windows), clock, DEFAULT_RETRY_BOUNDS)).rejects.toThrow('socket hang up');
		expect(windows.token.ownInWindow(1_000)).toBe(1);
		expect(windows.token.ownInWindow(11_249)).toBe(1);
		expect(windows.token.ownInWindow(11_250)).toBe(0);
		expect(windows.key.ownInWindow(11_250)).toBe(0);
	});

	it('does not hold a slot for a refused request of ours', () => {
		const window = new SharedWindow(10_000, 100, options);
		const ticket = window.noteSend(0);
		window.noteAnswer(ticket, true, 5);
		expect(window.inWindow(6)).toBe(0);
	});
});

describe('retryAfterMs', () => {
	it('reads seconds and HTTP dates', () => {
		const now = Date.UTC(2026, 10, 22, 12, 0, 0);
		expect(retryAfterMs({ 'retry-after': '3' }, now)).toBe(3_000);
		expect(retryAfterMs({ 'retry-after': 'Sun, 22 Nov 2026 12:00:07 GMT' }, now)).toBe(7_000);
		expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
		expect(retryAfterMs({}, now)).toBeUndefined();
	});
});
