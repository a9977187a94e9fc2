import type { ReceivedIds } from '../../shared/dedupe';
import { receivedBefore } from '../../shared/dedupe';

/**
 * GitHub may deliver the same event more than once (redelivery from the hook settings, or a
 * retry after a slow answer). The X-GitHub-Delivery GUID is the dedupe key (nodes/shared/dedupe.ts).
 */
interface DeliveryMemory {
	secret?: string;
	receivedDeliveries?: ReceivedIds;
}

/** True when this delivery id was received before; otherwise records it. */
export function alreadySeen(state: DeliveryMemory, deliveryId: string | undefined): boolean {
	// Without a secret the delivery was refused before this point.
	if (!deliveryId || !state.secret) return false;
	const persisted = state.receivedDeliveries ?? (state.receivedDeliveries = {});
	// The hook secret is random per registration: it tells workflows, nodes and re-registrations apart.
	return receivedBefore(persisted, `github:${state.secret}`, deliveryId);
}

export { forgetReceivedInMemory as forgetDeliveriesInMemory } from '../../shared/dedupe';
