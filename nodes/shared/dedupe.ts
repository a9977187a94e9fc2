import type { IDataObject } from 'n8n-workflow';

/**
 * At most one execution per delivery id (GitHub's X-GitHub-Delivery, Trello's action id).
 *
 * Two records are consulted:
 * - this process's memory, which catches every copy reaching the same process, also copies
 *   arriving at the same time: the check and the record happen with no await in between;
 * - a ring of ids in the node's workflow static data, which n8n loads for every production webhook
 *   call and saves after it.
 * In n8n 2.41 queue mode n8n does not write the static data of a call that started an execution to
 * the database, so copies reaching another process or a restarted one run again; docs/queue-mode.md
 * has what n8n offers a webhook and the measurements.
 */
export const REMEMBERED_IDS = 500;

/** The persisted part, kept in static data: a ring, so remembering one id costs two writes. */
export interface ReceivedIds extends IDataObject {
	ids?: string[];
	/** Index in `ids` that the next id overwrites once the ring is full. */
	next?: number;
}

interface RecentIds {
	ids: Set<string>;
	ring: string[];
	next: number;
}

const inMemory = new Map<string, RecentIds>();
const REMEMBERED_NODES = 1000;

function pushToRing(ring: string[], next: number, id: string): { evicted?: string; next: number } {
	if (ring.length < REMEMBERED_IDS) {
		ring.push(id);
		return { next: ring.length % REMEMBERED_IDS };
	}
	const evicted = ring[next];
	ring[next] = id;
	return { evicted, next: (next + 1) % REMEMBERED_IDS };
}

function recentFor(memoryKey: string, persisted: ReceivedIds): RecentIds {
	let recent = inMemory.get(memoryKey);
	if (!recent) {
		const ring = [...(persisted.ids ?? [])].slice(-REMEMBERED_IDS);
		recent = { ids: new Set(ring), ring, next: (persisted.next ?? 0) % REMEMBERED_IDS };
		if (inMemory.size >= REMEMBERED_NODES) inMemory.delete(inMemory.keys().next().value as string);
		inMemory.set(memoryKey, recent);
	}
	return recent;
}

/**
 * True when `id` was received before, by this process or (as far as the static data shows) any
 * other; otherwise records it in both places. `memoryKey` tells trigger nodes apart in memory.
 */
export function receivedBefore(persisted: ReceivedIds, memoryKey: string, id: string): boolean {
	const recent = recentFor(memoryKey, persisted);
	const ring = persisted.ids ?? (persisted.ids = []);
	if (recent.ids.has(id) || ring.includes(id)) return true;

	recent.ids.add(id);
	const inMemoryPush = pushToRing(recent.ring, recent.next, id);
	recent.next = inMemoryPush.next;
	if (inMemoryPush.evicted !== undefined) recent.ids.delete(inMemoryPush.evicted);

	persisted.next = pushToRing(ring, persisted.next ?? 0, id).next;
	return false;
}

/** Forgets the ids held in memory (a process restart, for tests). */
export function forgetReceivedInMemory(): void {
	inMemory.clear();
}
