import type { IDataObject } from 'n8n-workflow';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { ADD_ITEM_MUTATION, PROJECT_ITEM_QUERY, SET_STATUS_MUTATION } from '../../nodes/GitHub/actions/project/handlers';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { ExpectedRequest, OperationFixture } from './fixtures';
import { FIXTURES } from './fixtures';
import { GitHubRecorder } from './recorder';
import { BASE_HEADERS, runGitHub } from './run';

const GRAPHQL_DOCUMENTS: Record<string, string> = { PROJECT_ITEM_QUERY, ADD_ITEM_MUTATION, SET_STATUS_MUTATION };

function expectedRequest(request: ExpectedRequest) {
	const body =
		request.body && typeof (request.body as IDataObject).query === 'string' && GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string]
			? { ...(request.body as IDataObject), query: GRAPHQL_DOCUMENTS[(request.body as IDataObject).query as string] }
			: request.body;
	return {
		...(request.followedLink ? { followedLink: true } : {}),
		method: request.method,
		path: request.path,
		query: request.query ?? {},
		body,
		headers: {
			...BASE_HEADERS,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
			...request.headers,
		},
	};
}

const rowKey = (row: { resource: string; operation: string }) => `${row.resource}:${row.operation}`;

beforeEach(() => resetGitHubRateLimitState());

describe('GitHub node: every catalogue row has a fixture', () => {
	it('no row lacks a fixture and no fixture names an unknown row', () => {
		const rows = GITHUB_ROWS.map(rowKey);
		expect(rows.filter((key) => !FIXTURES.some((fixture) => fixture.row === key))).toEqual([]);
		expect(FIXTURES.map((fixture) => fixture.row).filter((key) => !rows.includes(key))).toEqual([]);
	});
});

describe.each(GITHUB_ROWS.map((row) => [rowKey(row), row.name] as const))('GitHub node %s (%s)', (key) => {
	const fixtures = FIXTURES.filter((fixture) => fixture.row === key);

	it.each(fixtures.map((fixture) => [fixture.title, fixture] as [string, OperationFixture]))(
		'%s: exact requests, valid against GitHub’s OpenAPI description, exact output',
		async (_title, fixture) => {
			const [resource, operation] = fixture.row.split(':');
			const recorder = new GitHubRecorder(fixture.exchanges.map((exchange) => exchange.reply));

			const run = await runGitHub({ resource, operation, ...fixture.parameters }, fixture.input);

			expect(run.error('GitHub')).toBeUndefined();
			expect(recorder.requests).toEqual(fixture.exchanges.map((exchange) => expectedRequest(exchange.request)));
			expect(recorder.contractProblems()).toEqual([]);
			const items = run.items('GitHub');
			expect(items.map((item) => item.json)).toEqual(fixture.output);
			expect(items.map((item) => item.pairedItem)).toEqual(fixture.output.map(() => ({ item: 0 })));
			if (fixture.binary) {
				const binaries = await Promise.all(
					items.map(async (item) =>
						Object.fromEntries(
							Object.entries(item.binary ?? {}).map(([name, data]) => [
								name,
								{ fileName: data.fileName, mimeType: data.mimeType, text: Buffer.from(data.data, 'base64').toString('utf8') },
							]),
						),
					),
				);
				expect(binaries).toEqual(fixture.binary);
			} else {
				expect(items.every((item) => item.binary === undefined)).toBe(true);
			}
		},
	);
});
