/**
 * Writes the generated tables of docs/ from the catalogue rows (`npm run docs`): the operation
 * tables of docs/*-operations.md and the webhook/polling table of docs/triggers.md. Each table sits
 * between a start and an end marker; everything outside the markers is written by hand. test/docs.test.ts fails when the committed files are not current.
 */
import { readFileSync, writeFileSync } from 'fs';
import { DIFFERENCES as MIGRATION_DIFFERENCES, GITHUB_MAPPINGS, TRELLO_MAPPINGS } from '../migrate';
import { describeDestination, titleCase } from '../migrate/mapping';
import { join } from 'path';

import { GITHUB_RESOURCES, GITHUB_ROWS } from '../nodes/GitHub/actions/catalogue';
import type { GitHubRow } from '../nodes/GitHub/actions/types';
import { rowTarget } from '../nodes/GitHub/scope';
import type { OperationKeyOf } from '../nodes/shared/operationKeys';
import { operationKey } from '../nodes/shared/operationKeys';
import type { OperationRow, ResourceSpec } from '../nodes/shared/rowEngine';
import { TRELLO_RESOURCES, TRELLO_ROWS } from '../nodes/Trello/actions/catalogue';
import { TRIGGERS } from '../nodes/GitHub/triggers/events';
import { listRequest } from '../nodes/GitHub/triggers/polling/lists';

interface Catalogue<Row extends OperationRow = OperationRow> {
	/** Marker id and heading word, e.g. "github". */
	id: string;
	node: string;
	resources: ResourceSpec[];
	rows: Row[];
	/** How the fixture of a row is keyed in the tests: its GitHubOperationKey or TrelloOperationKey. */
	fixtureKey: (row: Row) => OperationKeyOf<Row>;
	fixtureFile: string;
	/** What "Allowed …" checks for a row, in words. */
	targetOf: (row: Row) => string;
}

/**
 * What a GitHub row touches, in the classifier's words; a row whose answer names no repository
 * (GraphQL, search) but whose fields do is checked by those fields first.
 */
function githubTouches(row: GitHubRow): string {
	const kind = rowTarget(row).kind;
	const byFields = ['owner', 'repository'].every((what) => row.fields.some((field) => field.identifies === what));
	return kind !== 'repository' && byFields ? `${kind} (its owner and repository fields)` : kind;
}

/** A catalogue with its row type checked, then used as one of the list. */
const catalogue = <Row extends OperationRow>(entry: Catalogue<Row>) => entry as unknown as Catalogue;

const CATALOGUES: Catalogue[] = [
	catalogue({
		id: 'github',
		node: 'GitHub',
		resources: GITHUB_RESOURCES,
		rows: GITHUB_ROWS,
		fixtureKey: operationKey,
		fixtureFile: 'test/githubActions/fixtures.ts',
		targetOf: (row) => githubTouches(row),
	}),
	catalogue({
		id: 'trello',
		node: 'Trello',
		resources: TRELLO_RESOURCES,
		rows: TRELLO_ROWS,
		fixtureKey: operationKey,
		fixtureFile: 'test/trelloActions/fixtures.ts',
		targetOf: (row) =>
			row.targets
				.map(({ field, kind }) => `${kind} (${field})`)
				.join(', ') || 'none',
	}),
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function operationName(catalogue: Catalogue, row: OperationRow): string {
	const resource = catalogue.resources.find((r) => r.value === row.resource)?.name ?? row.resource;
	return `${resource} → ${row.name}`;
}

/** Rows in the order of the resource selector, operations by name as the node lists them. */
function ordered(catalogue: Catalogue): OperationRow[] {
	return catalogue.resources.flatMap((resource) =>
		catalogue.rows.filter((row) => row.resource === resource.value).sort((a, b) => a.name.localeCompare(b.name)),
	);
}

function requestCell(row: OperationRow): string {
	const fixed = Object.entries(row.fixedQuery ?? {}).map(([name, value]) => `${name}=${String(value)}`);
	return `\`${row.method} ${row.path}${fixed.length ? `?${fixed.join('&')}` : ''}\``;
}

function pagingCell(row: OperationRow): string {
	if (!row.paging) return '';
	const kind = row.paging.kind ? ` (${row.paging.kind})` : '';
	return `Return All / Limit${kind}`;
}

/** docs/*-operations.md: spec item → operation, then every operation with paging, what it touches and fixture. */
export function detailTables(catalogue: Catalogue): string {
	const bySpec = (kind: 'toolStep' | 'endpoint') =>
		catalogue.rows.flatMap((row) =>
			(row.spec ?? []).filter((tag) => tag.kind === kind).map((tag) => ({ name: tag.name, row })),
		);
	const specTable = (heading: string, kind: 'toolStep' | 'endpoint') => [
		`| ${heading} | Resource → Operation | Request | Fixture |`,
		'|---|---|---|---|',
		...bySpec(kind).map(
			({ name, row }) =>
				`| ${cell(name)} | ${cell(operationName(catalogue, row))} | ${requestCell(row)} | \`${catalogue.fixtureKey(row)}\` |`,
		),
	];
	const lines = [
		'### Spec tool steps',
		'',
		...specTable('Tool step', 'toolStep'),
		'',
		'### Spec endpoints',
		'',
		...specTable('Endpoint', 'endpoint'),
		'',
		`### Every operation (fixtures in \`${catalogue.fixtureFile}\`)`,
		'',
		'| Resource → Operation | Request | Paging | Touches | Fixture |',
		'|---|---|---|---|---|',
		...ordered(catalogue).map(
			(row) =>
				`| ${cell(operationName(catalogue, row))} | ${requestCell(row)} | ${pagingCell(row)} | ${cell(catalogue.targetOf(row))} | \`${catalogue.fixtureKey(row)}\` |`,
		),
	];
	return lines.join('\n');
}

/** Webhook and polling side by side, per trigger row that has both. */
export function triggerModesTable(): string {
	const lines = [
		'| Event | Webhook: GitHub event (action) | Polling: request(s), shared by the events of one repository |',
		'|---|---|---|',
	];
	for (const row of TRIGGERS.filter((candidate) => candidate.webhook && candidate.polledFrom)) {
		const events = row.webhook!.clauses.map((clause) => `\`${clause.event}\`${clause.actions ? ` (${clause.actions.join(', ')})` : ''}`);
		const requests = row.polledFrom!.map((list) => `\`${listRequest(list)}\``);
		lines.push(`| ${cell(row.name)} | ${cell([...new Set(events)].join('; '))} | ${cell(requests.join('; '))} |`);
	}
	return lines.join('\n');
}

const startMarker = (id: string) => `<!-- ${id}: generated by \`npm run docs\` from the catalogue rows; edit the rows, not this table -->`;
const endMarker = (id: string) => `<!-- /${id} -->`;

/** The text with the region between the markers replaced; the markers must already be there. */
export function replaceRegion(text: string, id: string, content: string): string {
	const start = text.indexOf(startMarker(id));
	const end = text.indexOf(endMarker(id));
	if (start < 0 || end < start) throw new Error(`The markers of "${id}" are missing`);
	return `${text.slice(0, start)}${startMarker(id)}\n${content}\n${text.slice(end)}`;
}

/** docs/migrating.md: n8n's operation → what it becomes here, and what differs on purpose. */
export function migrationTable(service: 'github' | 'trello'): string {
	const mappings = service === 'github' ? GITHUB_MAPPINGS : TRELLO_MAPPINGS;
	const apiCall = service === 'github' ? 'GitHub API Call' : 'Trello API Call';
	const lines = ['| n8n operation | Becomes | Differs on purpose |', '| --- | --- | --- |'];
	for (const mapping of mappings) {
		const [resource, operation] = mapping.from.split('.');
		const differences = Object.entries(MIGRATION_DIFFERENCES)
			.filter(([key]) => key === `${service}:${mapping.from}` || key.startsWith(`${service}:${mapping.from}#`))
			.map(([, difference]) => difference.what.replace(/\|/g, '\\|'));
		lines.push(`| ${titleCase(resource)} → ${titleCase(operation)} | ${describeDestination(mapping.to, apiCall)} | ${differences.join(' ') || '—'} |`);
	}
	return lines.join('\n');
}

/** File path (relative to the repository) → its content with every generated region current. */
export function generatedFiles(root: string): Record<string, string> {
	const files: Record<string, string> = {};
	const read = (file: string) => (files[file] ??= readFileSync(join(root, file), 'utf8'));
	files['docs/triggers.md'] = replaceRegion(read('docs/triggers.md'), 'github-trigger-modes', triggerModesTable());
	files['docs/migrating.md'] = replaceRegion(read('docs/migrating.md'), 'migration-github', migrationTable('github'));
	files['docs/migrating.md'] = replaceRegion(files['docs/migrating.md'], 'migration-trello', migrationTable('trello'));
	for (const catalogue of CATALOGUES) {
		const doc = `docs/${catalogue.id}-operations.md`;
		files[doc] = replaceRegion(read(doc), `${catalogue.id}-operations`, detailTables(catalogue));
	}
	return files;
}

if (require.main === module) {
	const root = process.argv[2] ?? process.cwd();
	for (const [file, content] of Object.entries(generatedFiles(root))) {
		const current = readFileSync(join(root, file), 'utf8');
		if (current !== content) {
			writeFileSync(join(root, file), content);
			console.log(`updated ${file}`);
		}
	}
}
