/**
 * How far ahead of this machine's clock a polled entry's time may be (clock skew). A poller
 * ignores anything later: taken as its position, it would hide every genuine entry to come.
 */
const FUTURE_SKEW_MS = 5 * 60_000;

/** Whether a time (ms since the epoch) lies beyond the allowed skew from now. */
export function isBeyondSkew(ms: number, now = Date.now()): boolean {
	return ms > now + FUTURE_SKEW_MS;
}
