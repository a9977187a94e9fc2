/**
 * GitHub pings a hook the moment it creates it, often before n8n has saved the trigger's static data
 * (and with it the hook's secret). The secret being registered is held here, in the process that
 * registers the hook, so that ping can be verified; no other event is ever checked against it.
 */
/** The answer to a ping verified against the secret being registered: until it is saved, other events are refused. */
export const FIRST_PING_ANSWER = 'pong; the registration is still being saved';

const HELD_AT_MOST = 64;
const HELD_FOR_MS = 10 * 60_000;

const heldSecrets = new Map<string, { secret: string; since: number }>();

/** Called before the hook is created: GitHub's first ping may arrive before the create answer. */
export function holdForFirstPing(url: string, secret: string, now = Date.now()): void {
	heldSecrets.delete(url);
	heldSecrets.set(url, { secret, since: now });
	for (const oldest of heldSecrets.keys()) {
		if (heldSecrets.size <= HELD_AT_MOST) break;
		heldSecrets.delete(oldest);
	}
}

export function releaseFirstPing(url: string): void {
	heldSecrets.delete(url);
}

/** The secret a ping to this URL may be signed with while the registration is being saved. */
export function firstPingSecret(url: string, now = Date.now()): string | undefined {
	const held = heldSecrets.get(url);
	if (!held) return undefined;
	if (now - held.since > HELD_FOR_MS) {
		heldSecrets.delete(url);
		return undefined;
	}
	return held.secret;
}
