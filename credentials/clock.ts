import { sleep } from 'n8n-workflow';

/**
 * The time every request, rate-limit wait and GitHub App sign-in reads. Imports nothing of the
 * package, so credentials and nodes share one clock.
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

/** Test seam: a fake clock makes rate-limit waits instant and observable, and sign-in times settable. */
export const transportSettings: { clock: Clock } = { clock: systemClock };
