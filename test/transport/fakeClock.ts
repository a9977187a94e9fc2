import type { Clock } from '../../credentials/clock';
import { systemClock, transportSettings } from '../../credentials/clock';

/** A clock whose sleeps return at once and are recorded, so waits can be asserted exactly. */
export class FakeClock implements Clock {
	readonly sleeps: number[] = [];
	constructor(public current = Date.UTC(2026, 10, 22, 12, 0, 0)) {}

	now(): number {
		return this.current;
	}

	/** Called when a sleep starts, e.g. to cancel the execution during it. */
	onSleep?: (ms: number) => void;

	async sleep(ms: number): Promise<void> {
		this.sleeps.push(ms);
		this.current += ms;
		this.onSleep?.(ms);
	}

	install(): this {
		transportSettings.clock = this;
		return this;
	}

	static uninstall(): void {
		transportSettings.clock = systemClock;
	}
}
