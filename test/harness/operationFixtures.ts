/**
 * One fixture shape and one harness for the operations of both services: each fixture names its
 * catalogue row by key, gives the node parameters, every request the operation must send (in order)
 * with the service's answer, and the exact items out. describeOperationFixtures runs them all.
 */
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowRun } from './workflow';

/** Binary properties of one item: name → file name, MIME type and content (as text). */
export type FixtureBinary = Record<string, { fileName: string; mimeType: string; text: string }>;

export interface FixtureRequest {
	/** GitHub: 'uploads' for its upload host, or the origin of another host a redirect leads to (default: the API). */
	server?: string;
	method: string;
	path: string;
	/** The exact query, as decoded name → value (none when absent). */
	query?: Record<string, string>;
	/** The exact body (JSON), or a matcher for it (a multipart body). */
	body?: unknown;
	/** GitHub: the request follows a next-page Link GitHub gave (checked, but not against the description). */
	followedLink?: boolean;
	/** GitHub: added to (or overriding) the headers every request carries. */
	headers?: Record<string, string>;
}

export interface FixtureReply {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export interface FixtureExchange {
	request: FixtureRequest;
	reply: FixtureReply;
}

export interface OperationFixture<Key extends string = string> {
	/** resource.operation of the catalogue row. */
	row: Key;
	title: string;
	parameters: IDataObject;
	/** Input items (default one empty item); Trello's fixtures give binary data as "$binary". */
	input?: IDataObject[];
	/** Binary properties of the input items (by item index). */
	inputBinary?: FixtureBinary[];
	exchanges: FixtureExchange[];
	output: IDataObject[];
	/** Binary properties expected on the output items (by item index). */
	binary?: FixtureBinary[];
	/**
	 * GitHub: what the newest Enterprise Server description reports about these requests, each for a
	 * reason the fixture states (github.com features Enterprise Server lacks or does not list yet).
	 */
	enterpriseContractProblems?: string[];
}

/** What one fixture run gave: the workflow run and the service fake's view of the requests. */
export interface FixtureRun {
	run: WorkflowRun;
	/** The requests that arrived, as the service compares them… */
	sent: unknown[];
	/** …and the fixture's requests in the same form. */
	expected: unknown[];
	/** Problems the service's OpenAPI description finds with the requests sent. */
	contractProblems: string[];
	/** Queued answers no request took. */
	unusedReplies: number;
}

export interface FixtureService<Key extends string, Variant extends string> {
	/** The node's name in the workflow, e.g. "GitHub". */
	node: string;
	rows: ReadonlyArray<{ resource: string; operation: string; name: string }>;
	fixtures: ReadonlyArray<OperationFixture<Key>>;
	/** Each fixture runs once per variant (Trello: per credential type). */
	variants: readonly Variant[];
	/** What must appear nowhere in a run (tokens, keys). */
	secrets: string[];
	/** Starts the service's fake with the fixture's answers, runs the node and reports what was sent. */
	run(fixture: OperationFixture<Key>, variant: Variant): Promise<FixtureRun>;
}

const keyOf = (row: { resource: string; operation: string }) => `${row.resource}.${row.operation}`;

/** The binary data of output items, as fixtures give it. */
function binaries(run: WorkflowRun, node: string) {
	return run.items(node).map((item) =>
		Object.fromEntries(
			Object.entries(item.binary ?? {}).map(([name, data]) => [
				name,
				{ fileName: data.fileName, mimeType: data.mimeType, text: Buffer.from(data.data, 'base64').toString('utf8') },
			]),
		),
	);
}

export function describeOperationFixtures<Key extends string, Variant extends string>(service: FixtureService<Key, Variant>) {
	const { node, rows, fixtures } = service;

	describe(`${node} node: catalogue rows ↔ fixtures`, () => {
		it('every row has a fixture, every fixture names a row, no row twice', () => {
			const keys = rows.map(keyOf);
			expect(new Set(keys).size).toBe(keys.length);
			expect(keys.filter((key) => !fixtures.some((fixture) => fixture.row === key))).toEqual([]);
			expect(fixtures.map((fixture) => fixture.row).filter((key) => !keys.includes(key))).toEqual([]);
		});
	});

	describe.each(service.variants.map((variant) => [variant]))(`${node} node, %s`, (variant) => {
		describe.each(rows.map((row) => [keyOf(row), row.name]))('%s (%s)', (key) => {
			it.each(fixtures.filter((fixture) => fixture.row === key).map((fixture) => [fixture.title, fixture] as const))(
				'%s: exact requests, valid against the service’s OpenAPI description, exact output',
				async (_title, fixture) => {
					const { run, sent, expected, contractProblems, unusedReplies } = await service.run(fixture, variant);

					expect(run.error(node)).toBeUndefined();
					expect(sent).toEqual(expected);
					expect(unusedReplies).toBe(0);
					expect(contractProblems).toEqual([]);
					const items = run.items(node);
					expect(items.map((item) => item.json)).toEqual(fixture.output);
					expect(items.map((item) => item.pairedItem)).toEqual(fixture.output.map(() => ({ item: 0 })));
					if (fixture.binary) expect(binaries(run, node)).toEqual(fixture.binary);
					else expect(items.filter((item) => item.binary !== undefined)).toEqual([]);
					const everything = JSON.stringify(run.run);
					for (const secret of service.secrets) expect(everything).not.toContain(secret);
				},
			);
		});
	});
}
