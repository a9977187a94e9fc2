import type { INodeProperties, INodePropertyCollection, INodeTypeDescription } from 'n8n-workflow';

import { HARNESS_INPUT_TYPE, packageNodeTypes } from '../harness/nodeTypes';

/**
 * n8n 1.x (n8n-workflow 1.120, read from its getParameterResolveOrder) orders a level's parameters by
 * the names their displayOptions refer to, and fails every run of the node ("Could not resolve
 * parameter dependencies") when a name is neither a parameter of that level nor a root path ('/…') or
 * special value ('@…'): a dotted sibling path such as 'repository.mode' is one. n8n 2.x skips such names,
 * so only this check catches it in the unit tests.
 */
function unorderableNames(properties: INodeProperties[], where: string): string[] {
	const names = new Set(properties.map((property) => property.name));
	const found: string[] = [];
	for (const property of properties) {
		for (const rule of Object.values(property.displayOptions ?? {})) {
			if (typeof rule !== 'object' || rule === null) continue;
			for (const name of Object.keys(rule)) {
				if (!names.has(name) && !name.startsWith('/') && !name.startsWith('@')) found.push(`${where}${property.name} → ${name}`);
			}
		}
		if (property.type === 'collection' || property.type === 'fixedCollection') {
			const options = (property.options ?? []) as Array<INodeProperties | INodePropertyCollection>;
			if (property.type === 'collection') found.push(...unorderableNames(options as INodeProperties[], `${where}${property.name}.`));
			else for (const group of options as INodePropertyCollection[]) found.push(...unorderableNames(group.values ?? [], `${where}${property.name}.${group.name}.`));
		}
	}
	return found;
}

describe('displayOptions refer only to names n8n 1.x can order', () => {
	const descriptions = [...packageNodeTypes().entries()]
		.filter(([type]) => type !== HARNESS_INPUT_TYPE)
		.map(([type, node]) => [type, node.description as INodeTypeDescription] as const);

	it.each(descriptions)('%s', (_type, description) => {
		expect(unorderableNames(description.properties, '')).toEqual([]);
	});

	it('finds a dotted sibling path (the check can fail)', () => {
		const owner = { displayName: 'Owner', name: 'owner', type: 'string', default: '', displayOptions: { hide: { 'repository.mode': ['url'] } } } as INodeProperties;
		const repository = { displayName: 'Repository', name: 'repository', type: 'string', default: '' } as INodeProperties;
		expect(unorderableNames([owner, repository], '')).toEqual(['owner → repository.mode']);
	});
});
