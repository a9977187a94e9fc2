/**
 * GitHub may deliver the same event more than once (redelivery from the hook settings, or
 * a retry after a slow answer). The delivery GUID is the dedupe key. The most recent ids are
 * kept in memory, which catches every copy within one n8n process (also two arriving at once),
 * and in the node's static data, which outlives restarts. n8n 2.x saves the static data of a
 * webhook call reliably only when the call starts no execution, so after a restart the
 * persisted list is a best effort for deliveries that ran.
 */
export const REMEMBERED_DELIVERIES = 500;

/** The persisted part: a ring of ids, so remembering one costs two writes, not a shift of 500. */
export interface DeliveryMemory {
	secret?: string;
	deliveries?: string[];
	/** Index in `deliveries` that the next id overwrites once the ring is full. */
	deliveriesNext?: number;
}

interface RecentDeliveries {
	ids: Set<string>;
	ring: string[];
	next: number;
}

/**
 * Keyed by the hook secret: it is random per registration, so it tells workflows, nodes and
 * re-registrations apart without reading the node (which n8n deep-copies on every read).
 */
const inMemory = new Map<string, RecentDeliveries>();
const REMEMBERED_REGISTRATIONS = 1000;

function pushToRing(ring: string[], next: number, id: string): { evicted?: string; next: number } {
	if (ring.length < REMEMBERED_DELIVERIES) {
		ring.push(id);
		return { next: ring.length % REMEMBERED_DELIVERIES };
	}
	const evicted = ring[next];
	ring[next] = id;
	return { evicted, next: (next + 1) % REMEMBERED_DELIVERIES };
}

function recentFor(key: string, state: DeliveryMemory): RecentDeliveries {
	let recent = inMemory.get(key);
	if (!recent) {
		// First delivery in this process: start from what an earlier process persisted.
		const ring = [...(state.deliveries ?? [])].slice(-REMEMBERED_DELIVERIES);
		recent = { ids: new Set(ring), ring, next: (state.deliveriesNext ?? 0) % REMEMBERED_DELIVERIES };
		if (inMemory.size >= REMEMBERED_REGISTRATIONS) inMemory.delete(inMemory.keys().next().value as string);
		inMemory.set(key, recent);
	}
	return recent;
}

/** True when this delivery id was seen before; otherwise remembers it (in memory and in `state`). */
export function alreadySeen(state: DeliveryMemory, deliveryId: string | undefined): boolean {
	if (!deliveryId || !state.secret) return false;
	const recent = recentFor(state.secret, state);
	if (recent.ids.has(deliveryId)) return true;

	recent.ids.add(deliveryId);
	const inMemoryPush = pushToRing(recent.ring, recent.next, deliveryId);
	recent.next = inMemoryPush.next;
	if (inMemoryPush.evicted !== undefined) recent.ids.delete(inMemoryPush.evicted);

	const persisted = state.deliveries ?? (state.deliveries = []);
	state.deliveriesNext = pushToRing(persisted, state.deliveriesNext ?? 0, deliveryId).next;
	return false;
}

/** Forgets in-memory ids (tests model a process restart). */
export function forgetDeliveriesInMemory(): void {
	inMemory.clear();
}
