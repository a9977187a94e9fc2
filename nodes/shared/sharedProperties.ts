import type { INodeProperties } from 'n8n-workflow';

/**
 * One property for the operations of a resource that show the same field, instead of a copy per
 * operation. n8n reads every node's description at start and copies a toolkit's twice more (its
 * tool variant, the editor's types), so copies of the same Repository Owner cost every n8n process
 * its start-up time. A property joins an earlier identical one only when no other property an
 * operation may show lies between the two: every operation shows the same fields in the same order.
 */
export function shareRepeatedProperties(properties: INodeProperties[]): INodeProperties[] {
	const shared: INodeProperties[] = [];
	// Earlier copies by resource and field name; the whole field is compared (as text) only when a name repeats.
	const earlier = new Map<string, Array<{ copy: INodeProperties; at: number; key?: string }>>();
	// Where in `shared` each resource's operation last had a property it may show, kept as the
	// list grows: a between-check is then a look-up, not a scan (n8n requires a node's file on its
	// first use, and this runs then).
	const lastShownAt = new Map<string, number>();
	const irregular: Array<{ property: INodeProperties; at: number }> = [];
	const shownBetween = (from: number, resource: string, operations: string[]) => {
		if (operations.some((operation) => (lastShownAt.get(`${resource}\n${operation}`) ?? -1) > from)) return true;
		for (let i = irregular.length - 1; i >= 0 && irregular[i].at > from; i--) {
			if (operations.some((operation) => mayShow(irregular[i].property, resource, operation))) return true;
		}
		return false;
	};
	const markShown = (at: number, resource: string, operations: string[]) => {
		for (const operation of operations) {
			const key = `${resource}\n${operation}`;
			lastShownAt.set(key, Math.max(at, lastShownAt.get(key) ?? -1));
		}
	};
	for (const property of properties) {
		const place = operationsShown(property);
		if (!place) {
			irregular.push({ property, at: shared.length });
			shared.push(property);
			continue;
		}
		const sameName = earlier.get(`${place.resource}\n${property.name}`) ?? [];
		const key = sameName.length ? sameFieldKey(property, place.resource) : undefined;
		let twin: (typeof sameName)[number] | undefined;
		for (let i = sameName.length - 1; i >= 0 && !twin; i--) {
			sameName[i].key ??= sameFieldKey(sameName[i].copy, place.resource);
			if (sameName[i].key === key) twin = sameName[i];
		}
		if (twin && !shownBetween(twin.at, place.resource, place.operations)) {
			(twin.copy.displayOptions!.show!.operation as string[]).push(...place.operations);
			markShown(twin.at, place.resource, place.operations);
			continue;
		}
		const copy: INodeProperties = { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions!.show, operation: [...place.operations] } } };
		earlier.set(`${place.resource}\n${property.name}`, [...sameName, { copy, at: shared.length, key }]);
		markShown(shared.length, place.resource, place.operations);
		shared.push(copy);
	}
	return shared;
}

/** The resource and operations a property is shown for, when that is all its `show` says. */
function operationsShown(property: INodeProperties): { resource: string; operations: string[] } | undefined {
	const show = property.displayOptions?.show;
	if (!show || Object.keys(show).sort().join() !== 'operation,resource' || show.resource?.length !== 1) return undefined;
	const operations = show.operation as unknown[];
	if (!operations.every((operation) => typeof operation === 'string')) return undefined;
	return { resource: String(show.resource[0]), operations: operations as string[] };
}

/** Everything of the property but the operations it is shown for. */
function sameFieldKey(property: INodeProperties, resource: string): string {
	const { show, ...conditions } = property.displayOptions ?? {};
	return `${resource} ${JSON.stringify({ ...property, displayOptions: conditions })}`;
}

/** Whether an operation could show the property (its other conditions, such as `hide`, aside). */
export function mayShow(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	if (show?.resource && !show.resource.includes(resource)) return false;
	if (show?.operation && !show.operation.includes(operation)) return false;
	return true;
}
