import { CANCEL_CHECK_MS, systemClock } from '../../credentials/clock';

describe('systemClock.sleep', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	const settledAfter = async (sleeping: Promise<void>, advanceMs: number) => {
		let settled = false;
		void sleeping.then(() => (settled = true));
		await jest.advanceTimersByTimeAsync(advanceMs);
		return settled;
	};

	it('without a signal sleeps the whole time in one go', async () => {
		const sleeping = systemClock.sleep(60_000);
		expect(await settledAfter(sleeping, 59_999)).toBe(false);
		expect(await settledAfter(sleeping, 1)).toBe(true);
	});

	it('with a signal that never aborts still sleeps the whole time', async () => {
		const sleeping = systemClock.sleep(2_500, new AbortController().signal);
		expect(await settledAfter(sleeping, 2_499)).toBe(false);
		expect(await settledAfter(sleeping, 1)).toBe(true);
	});

	it('returns within one check interval after the signal aborts, not at the end of a long wait', async () => {
		const controller = new AbortController();
		const sleeping = systemClock.sleep(60_000, controller.signal);
		expect(await settledAfter(sleeping, 3_500)).toBe(false);
		controller.abort();
		expect(await settledAfter(sleeping, CANCEL_CHECK_MS)).toBe(true);
	});
});
