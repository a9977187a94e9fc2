/**
 * GitHub may deliver the same event more than once (redelivery from the hook settings, or
 * a retry after a slow answer). The delivery GUID is the dedupe key. The most recent ids are
 * kept in memory, which catches every copy within one n8n process (also two arriving at once),
 * and in the node's static data, which outlives restarts. n8n 2.x saves the static data of a
 * webhook call reliably only when the call starts no execution, so after a restart the
 * persisted list is a best effort for deliveries that ran.
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
