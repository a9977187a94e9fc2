import type { INodeProperties } from 'n8n-workflow';

import { GITHUB_RESOURCES, GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GITHUB_TRUST_MEANING } from '../../nodes/GitHub/trustedContent';
import type { OperationRow, ResourceSpec } from '../../nodes/shared/rowEngine';
import { describeRows, propertiesRowByRow } from '../../nodes/shared/rowEngine';
import type { FieldSet } from '../../nodes/shared/simplify';
import { mayShow, shareRepeatedProperties } from '../../nodes/shared/sharedProperties';
import { TRELLO_RESOURCES, TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/fieldSets';
import { Trello } from '../../nodes/Trello/Trello.node';
import { TRELLO_TRUST_MEANING } from '../../nodes/Trello/trustedMembers';

/**
 * What one operation shows: every property it may show, in order, each as if written for that
 * operation alone. Sharing a property among operations must leave this the same for every one.
 */
function operationView(properties: INodeProperties[], resource: string, operation: string): string[] {
	return properties
		.filter((property) => mayShow(property, resource, operation))
		.map((property) => {
			const show = property.displayOptions?.show;
			if (!show?.operation) return JSON.stringify(property);
			return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show: { ...show, operation: [operation] } } });
		});
}

const CATALOGUES: Array<[string, ResourceSpec[], OperationRow[], Record<string, FieldSet>, string]> = [
	['GitHub', GITHUB_RESOURCES, GITHUB_ROWS, GITHUB_FIELD_SETS, GITHUB_TRUST_MEANING],
	['Trello', TRELLO_RESOURCES, TRELLO_ROWS, TRELLO_FIELD_SETS, TRELLO_TRUST_MEANING],
];

describe.each(CATALOGUES)('%s Toolkit: fields shared by the operations of a resource', (_service, resources, rows, fieldSets, trustMeaning) => {
	const rowByRow = propertiesRowByRow(resources, rows, fieldSets, trustMeaning);
	const shared = describeRows(resources, rows, fieldSets, trustMeaning);

	it('every operation shows the same fields, in the same order, as with a copy per operation', () => {
		for (const row of rows) {
			expect(operationView(shared, row.resource, row.operation)).toEqual(operationView(rowByRow, row.resource, row.operation));
		}
	});

	it('writes a repeated field once per run of operations that show it alike', () => {
		expect(shared.length).toBeLessThan(rowByRow.length * 0.75);
		expect(JSON.stringify(shared).length).toBeLessThan(JSON.stringify(rowByRow).length * 0.75);
	});
});

describe('the nodes describe their operations with the shared fields', () => {
	it.each([
		['GitHub', new GitHub().description.properties],
		['Trello', new Trello().description.properties],
	])('%s: nothing left to share', (_service, properties) => {
		expect(shareRepeatedProperties(properties)).toEqual(properties);
	});
});

const field = (name: string, operation: string, description = name): INodeProperties => ({
	displayName: name,
	name,
	type: 'string',
	default: '',
	description,
	displayOptions: { show: { resource: ['issue'], operation: [operation] } },
});

describe('shareRepeatedProperties', () => {
	it('shares a field two operations show alike, first in both', () => {
		const shared = shareRepeatedProperties([field('owner', 'get'), field('state', 'get'), field('owner', 'list'), field('page', 'list')]);
		expect(shared.map((property) => [property.name, property.displayOptions?.show?.operation])).toEqual([
			['owner', ['get', 'list']],
			['state', ['get']],
			['page', ['list']],
		]);
	});

	it('keeps a copy where sharing would move the field before another of the operation', () => {
		const properties = [field('owner', 'get'), field('state', 'list'), field('owner', 'list')];
		expect(shareRepeatedProperties(properties)).toEqual(properties);
	});

	it('keeps copies that differ in anything but their operations', () => {
		const properties = [field('owner', 'get'), field('owner', 'list', 'Another description')];
		expect(shareRepeatedProperties(properties)).toEqual(properties);
		const hidden = { ...field('owner', 'list'), displayOptions: { show: { resource: ['issue'], operation: ['list'] }, hide: { '/repository.mode': ['url'] } } };
		expect(shareRepeatedProperties([field('owner', 'get'), hidden])).toEqual([field('owner', 'get'), hidden]);
	});

	it('shares nothing across resources', () => {
		const other = { ...field('owner', 'get'), displayOptions: { show: { resource: ['pullRequest'], operation: ['get'] } } };
		expect(shareRepeatedProperties([field('owner', 'get'), other])).toEqual([field('owner', 'get'), other]);
	});
});
