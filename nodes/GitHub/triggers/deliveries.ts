/**
 * GitHub may deliver the same event more than once (redelivery from the hook settings, or
 * a retry after a slow answer). The delivery GUID is the dedupe key; the most recent ids are
 * kept in the node's static data so they survive restarts, and in memory so two copies
 * arriving together are caught before static data is saved.
 */
export const REMEMBERED_DELIVERIES = 500;

const inMemory = new Map<string, string[]>();

export function alreadySeen(
	state: { deliveries?: string[] },
	memoryKey: string,
	deliveryId: string | undefined,
): boolean {
	if (!deliveryId) return false;
	const remembered = state.deliveries ?? [];
	const recent = inMemory.get(memoryKey) ?? [];
	if (remembered.includes(deliveryId) || recent.includes(deliveryId)) return true;
	state.deliveries = [...remembered, deliveryId].slice(-REMEMBERED_DELIVERIES);
	inMemory.set(memoryKey, [...recent, deliveryId].slice(-REMEMBERED_DELIVERIES));
	return false;
}

/** Forgets in-memory ids (tests model a process restart). */
export function forgetDeliveriesInMemory(): void {
	inMemory.clear();
}
