/**
 * GitHub may deliver the same event more than once (redelivery from the hook settings, or
 * a retry after a slow answer). The delivery GUID is the dedupe key. The most recent ids are
 * kept in memory, which catches every copy within one n8n process (also two arriving at once),
 * and in the node's static data, which outlives restarts. n8n 2.x saves the static data of a
 * webhook call reliably only when the call starts no execution, so after a restart the
 * persisted list is a best effort for deliveries that ran.
 */
export const REMEMBERED_DELIVERIES = 500;

/** Recent ids per workflow node: a Set to look up, an array to know which id is oldest. */
interface RecentDeliveries {
	ids: Set<string>;
	order: string[];
}

const inMemory = new Map<string, RecentDeliveries>();

function remember(list: string[], id: string): void {
	list.push(id);
	if (list.length > REMEMBERED_DELIVERIES) list.splice(0, list.length - REMEMBERED_DELIVERIES);
}

export function alreadySeen(
	state: { deliveries?: string[] },
	memoryKey: string,
	deliveryId: string | undefined,
): boolean {
	if (!deliveryId) return false;
	let recent = inMemory.get(memoryKey);
	if (!recent) {
		recent = { ids: new Set(), order: [] };
		inMemory.set(memoryKey, recent);
	}
	if (recent.ids.has(deliveryId)) return true;
	// The persisted list only matters after a restart, when memory is empty of this id.
	if (state.deliveries?.includes(deliveryId)) return true;

	recent.ids.add(deliveryId);
	recent.order.push(deliveryId);
	if (recent.order.length > REMEMBERED_DELIVERIES) recent.ids.delete(recent.order.shift()!);
	const persisted = state.deliveries ?? [];
	remember(persisted, deliveryId);
	// Assigning (not only pushing) is what marks n8n's static data as changed.
	state.deliveries = persisted;
	return false;
}

/** Forgets in-memory ids (tests model a process restart). */
export function forgetDeliveriesInMemory(): void {
	inMemory.clear();
}
