import { GITHUB_ROWS } from '../nodes/GitHub/actions/catalogue';
import { GitHubPollTrigger } from '../nodes/GitHub/GitHubPollTrigger.node';
import { GitHubTrigger } from '../nodes/GitHub/GitHubTrigger.node';
import type { OperationRow } from '../nodes/shared/rowEngine';
import { TRELLO_ROWS } from '../nodes/Trello/actions/catalogue';
import { TrelloNotificationTrigger } from '../nodes/Trello/TrelloNotificationTrigger.node';
import { TrelloTrigger } from '../nodes/Trello/TrelloTrigger.node';
import { FIXTURES as GITHUB_FIXTURES } from './githubActions/fixtures';
import type { ServiceSpec } from './spec/facts';
import { BOARD_TOOL_SPEC, CODE_HOST_SPEC } from './spec/facts';
import { FIXTURES as TRELLO_FIXTURES } from './trelloActions/fixtures';

interface Service {
	spec: ServiceSpec;
	rows: OperationRow[];
	hasFixture: (row: OperationRow) => boolean;
	/** Names of every trigger the service's trigger nodes offer. */
	triggerNames: () => string[];
}

type Options = Array<{ name: string }>;
const optionsOf = (properties: Array<{ name: string; options?: unknown }>, name: string) =>
	(properties.find((p) => p.name === name)?.options ?? []) as Options;

const SERVICES: Record<string, Service> = {
	GitHub: {
		spec: CODE_HOST_SPEC,
		rows: GITHUB_ROWS,
		hasFixture: (row) => GITHUB_FIXTURES.some((fixture) => fixture.row === `${row.resource}.${row.operation}`),
		triggerNames: () => [
			...optionsOf(new GitHubTrigger().description.properties, 'triggers').map((o) => o.name),
			// The polled triggers say how they differ in brackets, e.g. "New Watcher (polled)".
			...optionsOf(new GitHubPollTrigger().description.properties, 'trigger').map((o) => o.name.replace(/ \(.*\)$/, '')),
		],
	},
	Trello: {
		spec: BOARD_TOOL_SPEC,
		rows: TRELLO_ROWS,
		hasFixture: (row) => TRELLO_FIXTURES.some((fixture) => fixture.row === `${row.resource}.${row.operation}`),
		triggerNames: () => [
			...optionsOf(new TrelloTrigger().description.properties, 'event').map((o) => o.name),
			// "New Notification" polls the account's notifications: a node of its own.
			...(new TrelloNotificationTrigger().description.name === 'trelloNotificationTrigger' ? ['New Notification'] : []),
		],
	},
};

const tagged = (rows: OperationRow[], kind: 'toolStep' | 'endpoint', name: string) =>
	rows.filter((row) => row.spec?.some((tag) => tag.kind === kind && tag.name === name));

describe.each(Object.entries(SERVICES))('%s: every spec item is implemented', (_service, { spec, rows, hasFixture, triggerNames }) => {
	it.each(spec.toolSteps)('tool step "%s" is one row with a fixture', (name) => {
		const implementing = tagged(rows, 'toolStep', name);
		expect(implementing).toHaveLength(1);
		expect(hasFixture(implementing[0])).toBe(true);
	});

	it.each(spec.endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
		'endpoint "%s" is one row sending that method and path, with a fixture',
		(name, endpoint) => {
			const implementing = tagged(rows, 'endpoint', name);
			expect(implementing).toHaveLength(1);
			const [row] = implementing;
			expect(row.path.replace(/\/$/, '')).toBe(endpoint.path);
			if (endpoint.method) expect(row.method).toBe(endpoint.method);
			expect(hasFixture(row)).toBe(true);
		},
	);

	it('every spec tag on a row names a spec item (rows without tags are allowed)', () => {
		const names = { toolStep: new Set(spec.toolSteps), endpoint: new Set(spec.endpoints.map((e) => e.name)) };
		const unknown = rows.flatMap((row) => (row.spec ?? []).filter((tag) => !names[tag.kind].has(tag.name)));
		expect(unknown).toEqual([]);
	});

	it('every spec trigger is offered by a trigger node (by its spec name, in n8n\'s title case)', () => {
		const offered = new Set(triggerNames().map((name) => name.toLowerCase()));
		expect(spec.triggers.filter((name) => !offered.has(name.toLowerCase()))).toEqual([]);
	});
});
