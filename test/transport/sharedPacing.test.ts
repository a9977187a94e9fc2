import type { Clock, RawResponse } from '../../nodes/shared/rateLimit';
import { DEFAULT_RETRY_BOUNDS, sendWithRateLimits, SharedWindow } from '../../nodes/shared/rateLimit';
import type { TrelloWindows } from '../../nodes/Trello/transport/rateLimit';
import { newTrelloWindow, TRELLO_KEY_WINDOW, TRELLO_TOKEN_WINDOW, TrelloRateLimitPolicy } from '../../nodes/Trello/transport/rateLimit';

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

/** Trello's per-token and per-key sliding windows as the service counts them, with its headers. */
class SimulatedTrello {
	readonly accepted: number[] = [];
	refused = 0;

	constructor(
		private readonly clock: SimulatedClock,
		private readonly tokenMax = 100,
		private readonly intervalMs = 10_000,
	) {}

	private used(now: number): number {
		return this.accepted.filter((at) => at > now - this.intervalMs).length;
	}

	/** Counted 2 ms after sending, answered 3 ms later: requests in flight are invisible to others. */
	async send(): Promise<RawResponse> {
		await this.clock.sleep(2);
		const now = this.clock.now();
		let statusCode = 200;
		if (this.used(now) >= this.tokenMax) {
			this.refused++;
			statusCode = 429;
		} else {
			this.accepted.push(now);
		}
		const remaining = this.tokenMax - this.used(now);
		await this.clock.sleep(3);
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

const newWindows = (): TrelloWindows => ({ token: newTrelloWindow(TRELLO_TOKEN_WINDOW), key: newTrelloWindow(TRELLO_KEY_WINDOW) });

/** `processes` n8n processes, each running `executions` executions of `requests` sequential requests. */
async function simulate(processes: number, executionsPerProcess: number, requests: number) {
	const clock = new SimulatedClock();
	const trello = new SimulatedTrello(clock);
	const finishedAt: number[] = [];
	const tasks: Array<Promise<void>> = [];
	for (let p = 0; p < processes; p++) {
		const windows = newWindows();
		for (let e = 0; e < executionsPerProcess; e++) {
			tasks.push(
				(async () => {
					for (let r = 0; r < requests; r++) {
						const response = await sendWithRateLimits(() => trello.send(), new TrelloRateLimitPolicy(windows), clock, DEFAULT_RETRY_BOUNDS);
						expect(response.statusCode).toBe(200);
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
});

describe('SharedWindow', () => {
	it('counts what the service reports beyond our own sends as sent by others, when we learn of it', () => {
		const window = new SharedWindow(10_000, 100, 0, 0);
		window.noteSend(1_000);
		window.noteAnswer(1_000, false);
		// 100 allowed, 40 left after our request: 59 came from elsewhere.
		window.noteRemaining(40, 1_000, 1_005);
		expect(window.inWindow(1_005)).toBe(60);
		expect(window.shared(1_005)).toBe(true);
		expect(window.untilSlotFree(1_005)).toBe(0);
		// Our own request leaves the window at 11 000; the others' stay counted until an answer says otherwise.
		expect(window.inWindow(11_000)).toBe(59);
		expect(window.inWindow(11_005)).toBe(59);
		window.noteSend(11_010);
		window.noteAnswer(11_010, false);
		window.noteRemaining(99, 11_010, 11_015);
		expect(window.inWindow(11_015)).toBe(1);
		expect(window.shared(11_015)).toBe(false);
	});

	it('reuses its own slot first and takes the others’ slots only one probing request at a time', () => {
		const window = new SharedWindow(10_000, 100, 250, 8);
		window.noteSend(2_000);
		window.noteAnswer(2_000, false);
		window.noteRemaining(0, 2_000, 2_010);
		// Full: ours leaves the window first (sent at 2 000, plus the margin).
		expect(window.untilSlotFree(2_010)).toBe(10_240);
		expect(window.untilSlotFree(12_250)).toBe(0);
		window.noteSend(12_250);
		// The others' 99 are past their estimated time, but nothing confirmed them gone:
		// with our request in flight we wait for its answer ...
		expect(window.untilSlotFree(12_260)).toBe(20);
		window.noteAnswer(12_250, false);
		// ... and then one request may go out to find out.
		expect(window.untilSlotFree(12_270)).toBe(0);
	});

	it('forgets others’ sends the service no longer counts', () => {
		const window = new SharedWindow(10_000, 100, 0, 0);
		window.noteSend(0);
		window.noteAnswer(0, false);
		window.noteRemaining(50, 0, 5);
		expect(window.inWindow(5)).toBe(50);
		window.noteSend(3_000);
		window.noteAnswer(3_000, false);
		window.noteRemaining(97, 3_000, 3_005);
		expect(window.inWindow(3_005)).toBe(3);
	});

	it('does not count our own requests still in flight as others’', () => {
		const window = new SharedWindow(10_000, 100, 0, 0);
		window.noteSend(0);
		window.noteSend(1);
		window.noteSend(2);
		// The answer to the first request: the service had counted only that one.
		window.noteAnswer(0, false);
		window.noteRemaining(99, 0, 5);
		expect(window.shared(5)).toBe(false);
		expect(window.inWindow(5)).toBe(3);
	});

	it('counts an answered request of ours from its answer, since the service counted it on arrival', () => {
		const window = new SharedWindow(10_000, 1, 0, 0);
		window.noteSend(0);
		// Answered 900 ms later: it may have arrived just before the answer.
		window.noteAnswer(0, false, 900);
		expect(window.untilSlotFree(1_000)).toBe(9_900);
		expect(window.untilSlotFree(10_900)).toBe(0);
	});

	it('does not hold a slot for a refused request of ours', () => {
		const window = new SharedWindow(10_000, 100, 0, 0);
		window.noteSend(0);
		window.noteAnswer(0, true);
		expect(window.inWindow(1)).toBe(0);
	});
});
