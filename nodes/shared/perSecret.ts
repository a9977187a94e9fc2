import { createHash } from 'crypto';

/**
 * Process-wide state per credential secret (rate-limit budgets and windows), shared by every
 * node using that secret. Kept under a hash of the secret, never the secret itself.
 */
export class StatePerSecret<T> {
	private readonly states = new Map<string, T>();

	constructor(private readonly create: () => T) {}

	for(secret: string): T {
		const id = createHash('sha256').update(secret).digest('hex');
		let state = this.states.get(id);
		if (state === undefined) {
			state = this.create();
			this.states.set(id, state);
		}
		return state;
	}

	/** Forgets everything (tests start from a clean slate). */
	clear(): void {
		this.states.clear();
	}
}
