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
	const earlier = new Map<string, INodeProperties>();
	for (const property of properties) {
		const place = operationsShown(property);
		if (!place) {
			shared.push(property);
			continue;
		}
		const key = sameFieldKey(property, place.resource);
		const twin = earlier.get(key);
		if (twin && !shared.slice(shared.indexOf(twin) + 1).some((between) => place.operations.some((operation) => mayShow(between, place.resource, operation)))) {
			(twin.displayOptions!.show!.operation as string[]).push(...place.operations);
			continue;
		}
		const copy: INodeProperties = { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions!.show, operation: [...place.operations] } } };
		earlier.set(key, copy);
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
