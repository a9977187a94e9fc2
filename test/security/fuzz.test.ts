import type { IDataObject, INodeProperties } from 'n8n-workflow';
import nock from 'nock';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { RowField, OperationRow } from '../../nodes/shared/rowEngine';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { HarnessNodeTypes } from '../harness/nodeTypes';
import type { WorkflowRun } from '../harness/workflow';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FakeClock } from '../transport/fakeClock';
import { credentialsFor, SECRETS } from './support';

/** The secrets of the credential a run uses: those must never come out of it. */
const SECRETS_BY_AUTHENTICATION: Record<string, string[]> = {
	accessToken: [SECRETS.githubToken],
	oAuth2: [SECRETS.oauth2Token, SECRETS.oauth2ClientSecret],
	keyToken: [SECRETS.trelloKey, SECRETS.trelloToken, SECRETS.trelloSecret],
	oAuth1: [SECRETS.trelloKey, SECRETS.oauth1Token, SECRETS.oauth1TokenSecret, SECRETS.oauth1ConsumerSecret],
};

function leaksOf(value: unknown, secrets: string[]): string[] {
	const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
	return secrets.filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
}

/**
 * Seeded fuzzing of both services: hostile parameters (through expressions and as plain text)
 * against hostile answers. The only acceptable outcomes are success, a NodeOperationError naming
 * a parameter, or a NodeApiError carrying a status the service sent (or naming the unexpected
 * answer) — never a malformed request, a raw JS error, a hang or a secret in the output.
 * A failure prints the seed and run number; FUZZ_SEED and FUZZ_RUNS replay or extend a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUN_TIMEOUT_MS = 10_000;

const HOSTS = { GitHub: 'https://api.fuzz-github.test', Trello: 'https://api.fuzz-trello.test' } as const;
const EVIL = 'https://evil.fuzz.test';

type Service = keyof typeof HOSTS;

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		chance: (p: number) => next() < p,
		int: (max: number) => Math.floor(next() * max),
		pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
	};
}
type Random = ReturnType<typeof random>;

/** JS sources of hostile values, used inside ={{ … }}. */
const HOSTILE_EXPRESSIONS = [
	'{ a: 1 }',
	'{ toString: 1 }',
	'["LA", "LB"]',
	'[{ a: 1 }]',
	'[]',
	'"\\ud800"',
	'"x\\udfff"',
	'".\\t./.\\t./user"',
	'"../../user"',
	'"%2e%2e/%2e%2e/user"',
	'"a/../../b"',
	'"http://evil.fuzz.test/x"',
	'"//evil.fuzz.test/x"',
	'"\\r\\nX-Injected: 1"',
	'"\\u202e\\u200b"',
	'"a".repeat(3000)',
	'NaN',
	'Infinity',
	'-1',
	'1e308',
	'0',
	'null',
	'undefined',
	'true',
	'""',
	'" "',
	'$env.HOME',
	'new Date("not a date")',
	'"not-a-date"',
	'"2024-13-45T99:99:99Z"',
	'"%00"',
	'"?x=1#y"',
	'"\\\\evil"',
];

const HOSTILE_TEXT = ['../x', '.\t.', '%2F', 'a b', '\u00ad', '{{', '=', 'http://evil.fuzz.test', '\ud83d', '#', '?', '\\'];

function hostileValue(rng: Random): string {
	return rng.chance(0.8) ? `={{ ${rng.pick(HOSTILE_EXPRESSIONS)} }}` : rng.pick(HOSTILE_TEXT);
}

const TRELLO_ID = '5f0c0c0c0c0c0c0c0c0c0c0c';

function benignValue(field: RowField | INodeProperties, rng: Random, service: Service): unknown {
	switch (field.type) {
		case 'number':
			return 1 + rng.int(5);
		case 'boolean':
			return rng.chance(0.5);
		case 'options':
			return (field.options?.[0] as { value?: unknown } | undefined)?.value ?? '';
		case 'multiOptions':
			return rng.chance(0.5) ? [] : [(field.options?.[0] as { value?: unknown } | undefined)?.value ?? 'x'];
		case 'dateTime':
			return '2024-05-01T00:00:00Z';
		case 'json':
			return '{"a": 1}';
		case 'fixedCollection':
			return field.name === 'files' ? { file: [{ name: 'a.txt', content: 'x' }] } : {};
		case 'collection':
			return {};
		default:
			if (service === 'Trello') return TRELLO_ID;
			return field.name === 'path' ? 'docs/a.md' : rng.pick(['octo', 'hello', 'main', '42', 'v1.0.0']);
	}
}

function fieldValue(field: RowField, rng: Random, service: Service): unknown {
	const value = rng.chance(0.2) ? hostileValue(rng) : benignValue(field, rng, service);
	if (field.type !== 'resourceLocator') return value;
	// URL modes validate their text in the editor; the fuzz values go through the free-text modes.
	const modes = ((field.ui as INodeProperties | undefined)?.modes ?? []).map((mode) => mode.name).filter((mode) => mode !== 'url');
	return { __rl: true, mode: rng.pick(modes.length ? modes : ['id']), value: typeof value === 'string' ? value : String(value) };
}

/** Parameters of one action node run. */
function actionParameters(row: OperationRow, rng: Random, service: Service): IDataObject {
	const parameters: IDataObject = {
		resource: row.resource,
		operation: row.operation,
		authentication: service === 'GitHub' ? rng.pick(['accessToken', 'oAuth2']) : rng.pick(['keyToken', 'oAuth1']),
	};
	const additional: IDataObject = {};
	for (const field of row.fields) {
		if (field.optional) {
			if (rng.chance(0.4)) additional[field.name] = fieldValue(field, rng, service) as IDataObject[string];
		} else {
			parameters[field.name] = fieldValue(field, rng, service) as IDataObject[string];
		}
	}
	if (Object.keys(additional).length) parameters.additionalFields = additional;
	if (row.paging) {
		parameters.returnAll = rng.chance(0.3);
		parameters.limit = rng.chance(0.15) ? hostileValue(rng) : 1 + rng.int(250);
	}
	if (rng.chance(0.1)) parameters.options = { maxRateLimitWait: hostileValue(rng) };
	return parameters;
}

const ENDPOINTS = {
	GitHub: ['/user', '/repos/octo/hello/issues', '/repos/octo/hello', '/graphql', '/search/issues'],
	Trello: ['/1/members/me', '/1/boards/' + TRELLO_ID + '/cards', '/1/cards/' + TRELLO_ID],
};

function apiCallParameters(rng: Random, service: Service): IDataObject {
	const prefix = service === 'GitHub' ? '/' : '/1/';
	const endpoint = rng.chance(0.6)
		? rng.pick(ENDPOINTS[service])
		: rng.chance(0.5)
			? prefix + rng.pick(['a/.\t./.\t./user', 'a/%2e%2e/x', 'a\u200b/..', 'x?y=1', 'a%0d%0ab', 'a/\ud800', 'x#frag'])
			: hostileValue(rng);
	const method = rng.pick(service === 'GitHub' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET', 'POST', 'PUT', 'DELETE']);
	const pair = () => ({
		name: rng.chance(0.3) ? (hostileValue(rng) as string) : rng.pick(['q', 'per_page', 'fields', 'X-Custom', 'Host', 'accept']),
		value: rng.chance(0.4) ? (hostileValue(rng) as string) : 'v',
	});
	const parameters: IDataObject = {
		authentication: service === 'GitHub' ? rng.pick(['accessToken', 'oAuth2']) : rng.pick(['keyToken', 'oAuth1']),
		method,
		endpoint: endpoint as string,
		queryParameters: { parameter: Array.from({ length: rng.int(3) }, pair) },
		body: rng.chance(0.5) ? '{"a": 1}' : (hostileValue(rng) as string),
	};
	if (service === 'GitHub') {
		parameters.headers = { header: Array.from({ length: rng.int(3) }, pair) };
		parameters.followAllPages = rng.chance(0.3);
		parameters.itemsProperty = rng.chance(0.5) ? '' : rng.pick(['items', 'workflow_runs', 'x']);
		parameters.options = { fullResponse: rng.chance(0.5) };
		if (rng.chance(0.3)) parameters.accept = rng.chance(0.5) ? 'application/vnd.github.raw+json' : (hostileValue(rng) as string);
	}
	return parameters;
}

interface Reply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

/** Hostile and ordinary answers; `echo` is what the request carried (to echo secrets back). */
function answer(rng: Random, echo: string, self: string, secrets: string[]): Reply {
	const secretText = `${echo} ${secrets.join(' ')}`;
	const answers: Array<() => Reply> = [
		() => ({ status: 200, body: { id: 1, name: 'ok', type: 'dir' } }),
		() => ({ status: 200, body: [{ id: TRELLO_ID, name: 'a', number: 1 }] }),
		() => ({ status: 200, body: null }),
		() => ({ status: 200, body: [] }),
		() => ({ status: 200, body: {} }),
		() => ({ status: 200, body: 'plain text' }),
		() => ({ status: 200, body: 7 }),
		() => ({ status: 200, body: [null, 1, 'x', []] }),
		() => ({ status: 200, body: { items: null, data: null, errors: [null, 'x'] } }),
		() => ({ status: 200, body: { data: { repository: null, user: { projectV2: null } } } }),
		() => ({ status: 200, body: { type: 'file', content: 12, encoding: 'base64', name: {} } }),
		() => ({ status: 200, body: { type: 'file', content: Buffer.from(secretText).toString('base64'), encoding: 'base64', name: 'f' } }),
		() => ({ status: 200, body: { echo: secretText, nested: [{ auth: echo }] }, headers: { 'x-echo': echo } }),
		() => ({ status: 200, body: [{ id: 1 }], headers: { link: `<${self}>; rel="next"` } }),
		() => ({ status: 204, body: '' }),
		() => ({ status: 400, body: `${'x'.repeat(490 + rng.int(20))}${secrets.join('')}` }),
		() => ({ status: 401, body: { message: `Bad credentials ${echo}` } }),
		() => ({ status: 403, body: { message: 'Forbidden' }, headers: { 'x-accepted-oauth-scopes': 'repo' } }),
		() => ({ status: 404, body: { message: 'Not Found' } }),
		() => ({ status: 422, body: { message: 'Validation Failed', errors: [{}, null, 'x', { field: 1 }] } }),
		() => ({ status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '1' } }),
		() => ({ status: 500, body: { message: { nested: echo } } }),
		() => ({ status: 302, body: '', headers: { location: `${EVIL}/steal` } }),
		() => ({ status: 307, body: '', headers: { location: `${EVIL}/steal` } }),
		() => ({ status: 301, body: '', headers: { location: self } }),
		() => ({ status: 200, body: '{"broken json', headers: { 'content-type': 'application/json' } }),
		// Answers right in their first levels and wrong below, so operations reading several levels
		// (GraphQL rows, look-ups before a write) get past their first checks.
		() => ({ status: 200, body: { object: null, ref: 'refs/heads/main' } }),
		() => ({ status: 200, body: { object: { sha: 12 } } }),
		() => ({ status: 200, body: { key_id: '1', key: Buffer.alloc(32).toString('base64') } }),
		() => ({ status: 200, body: { data: { repositoryOwner: { projectV2: { id: 'P', title: 't', fields: null, items: null } }, repository: { issueOrPullRequest: { id: 'I' } } } } }),
		() => ({ status: 200, body: { data: { repositoryOwner: { projectV2: { id: 'P', title: 't', fields: { nodes: [null, { id: 'F' }] } } }, addProjectV2ItemById: null } } }),
		() => ({ status: 200, body: { data: null, errors: [null, 'x', { message: 7 }] } }),
		() => ({ status: 200, body: { errors: 'not a list' } }),
		() => ({ status: 200, body: { url: 'https://api.fuzz-trello.test/1/cards/5f0c0c0c0c0c0c0c0c0c0c0c/attachments/5f0c0c0c0c0c0c0c0c0c0c0c/download/a%zz.txt', isUpload: true } }),
		() => ({ status: 200, body: { total_count: 1, items: [{ repository_url: 'https://api.fuzz-github.test/repos/a%zz/b', repository: { full_name: null } }] } }),
	];
	return rng.pick(answers)();
}

interface Seen {
	host: string;
	method: string;
	path: string;
	headers: Record<string, string>;
	body: string;
}

const BAD_SEGMENTS = new Set(['null', 'undefined', 'NaN', 'Infinity', '[object Object]', '.', '..']);

function malformed(request: Seen, service: Service, secrets: string[]): string | undefined {
	const [path, query = ''] = request.path.split('?');
	if (request.host === EVIL) {
		if (request.method !== 'GET') return `a ${request.method} reached another host`;
		if ('authorization' in request.headers || leaksOf(request, secrets).length) return 'a credential reached another host';
		return undefined;
	}
	if (request.host !== HOSTS[service]) return `a request went to ${request.host}`;
	if (!path.startsWith(service === 'GitHub' ? '/' : '/1/')) return `path ${path} outside the API`;
	if (/[\u0000-\u001f\u007f]/.test(request.path)) return 'control character in the URL';
	// Servers read an empty segment in different ways (a URL given as a path parameter gives one).
	if (path.includes('//')) return `empty path segment in ${path}`;
	for (const segment of path.split('/')) {
		let decoded = segment;
		try {
			decoded = decodeURIComponent(segment);
		} catch {
			return `undecodable path segment ${segment}`;
		}
		if (BAD_SEGMENTS.has(decoded)) return `path segment "${decoded}"`;
	}
	for (const [, value] of new URLSearchParams(query)) {
		if (/^(NaN|undefined|Infinity|-Infinity)$|\[object Object\]/.test(value)) return `query value "${value}"`;
	}
	if (request.body.includes('[object Object]')) return 'body with [object Object]';
	for (const value of Object.values(request.headers)) {
		if (/[\r\n]|\[object Object\]/.test(value)) return 'header with a line break or object';
	}
	return undefined;
}

function parameterNames(properties: INodeProperties[]): string[] {
	const names: string[] = [];
	const walk = (list: Array<INodeProperties | { displayName?: string; name?: string; values?: INodeProperties[]; options?: unknown[] }>) => {
		for (const property of list) {
			if (property.displayName) names.push(property.displayName);
			// n8n's own expression errors name the parameter by its internal name.
			if (property.name) names.push(property.name);
			if ('values' in property && Array.isArray(property.values)) walk(property.values);
			if ('options' in property && Array.isArray(property.options)) walk(property.options as INodeProperties[]);
		}
	};
	walk(properties);
	return [...new Set(names)];
}

const nodeTypes = new HarnessNodeTypes();

function namesOf(type: string): string[] {
	return parameterNames(nodeTypes.getByNameAndVersion(`n8n-nodes-github-trello.${type}`).description.properties);
}

/** What is wrong with one run's outcome, if anything. */
function judge(
	error: { name?: string; message?: string; description?: string | null; httpCode?: string | null } | undefined,
	output: unknown,
	statuses: Set<number>,
	names: string[],
	secrets: string[],
): string | undefined {
	const leaks = leaksOf({ error, output }, secrets);
	if (leaks.length) return `secret in output: ${leaks[0].slice(0, 6)}…`;
	if (!error) return undefined;
	const text = `${error.message ?? ''} ${error.description ?? ''}`;
	if (error.name === 'NodeOperationError') {
		if (names.some((name) => text.includes(`"${name}"`) || text.includes(`"${name}.`))) return undefined;
		if (/^The (endpoint|header|query parameter|credential field)\b/.test(error.message ?? '')) return undefined;
		return `NodeOperationError naming no parameter: ${error.message}`;
	}
	if (error.name === 'NodeApiError') {
		if (/request failed/.test(error.message ?? '')) return `raw error wrapped: ${error.message}`;
		// A TypeError or RangeError of the code reading an answer (or turning a hostile parameter
		// value into text), passed on in its own words.
		if (/unexpected shape \(/.test(error.message ?? '')) return `raw TypeError: ${error.message}`;
		if (error.httpCode && statuses.has(Number(error.httpCode))) return undefined;
		if (/unexpected shape|without a list|paging stopped|pages; paging|redirected the request|rate limit/i.test(error.message ?? '')) return undefined;
		return `NodeApiError without the service's status: ${error.message} (${error.httpCode})`;
	}
	return `${error.name}: ${error.message}`;
}

/**
 * Rows run in a focused pass, each as often as the others together: a whole resource, or one row
 * as resource.operation. They are the rows that gave raw TypeErrors on hostile answers and the
 * rows added after each security round, which the full pass reaches only a few times per seed:
 * CI and security bots, organizations, teams, sub-issues, projects, Trello account reads and
 * custom fields; then security advisories, pending reviews and review threads, Copilot
 * (Assign Copilot is an issue row, Request Copilot Review a pull request row), job logs,
 * release assets, Get Tag, Commit Files, discussion categories, issue dependencies, Trello
 * checklists, Card → Create (Attach File) and comment reactions.
 */
const FOCUS = {
	GitHub: [
		'project', 'branch', 'secret', 'variable', 'checkRun', 'checkSuite', 'commitStatus', 'deployment', 'environment', 'ruleset', 'organization', 'team', 'securityAlert', 'issue', 'discussion',
		'securityAdvisory',
		'pullRequest.createPendingReview', 'pullRequest.addPendingReviewComment', 'pullRequest.submitPendingReview', 'pullRequest.deletePendingReview', 'pullRequest.updateReview',
		'pullRequest.listReviewThreads', 'pullRequest.resolveReviewThread', 'pullRequest.unresolveReviewThread', 'pullRequest.requestCopilotReview',
		'workflow.getJobLogs', 'workflow.getFailedJobLogs',
		'release.getAsset', 'release.updateAsset', 'release.deleteAsset',
		'git.getTag', 'repository.commitFiles',
	],
	Trello: ['member', 'workspace', 'customField', 'webhook', 'attachment', 'notification', 'checklist', 'card.create', 'comment.getReactions', 'comment.addReaction', 'comment.deleteReaction'],
};

function focused(service: Service, row: OperationRow): boolean {
	return FOCUS[service].includes(row.resource) || FOCUS[service].includes(`${row.resource}.${row.operation}`);
}

async function fuzz(service: Service, seed: number, runs: number, focus = false) {
	const rng = random(seed);
	const clock = new FakeClock().install();
	const failures: string[] = [];
	const outcomes = { success: 0, NodeOperationError: 0, NodeApiError: 0, refused: 0, requests: 0 };
	const allRows = (service === 'GitHub' ? GITHUB_ROWS : TRELLO_ROWS) as OperationRow[];
	const rows = focus ? allRows.filter((row) => focused(service, row)) : allRows;
	const actionType = service === 'GitHub' ? 'gitHub' : 'trello';
	const callType = service === 'GitHub' ? 'githubApiCall' : 'trelloApiCall';
	const names = { [actionType]: namesOf(actionType), [callType]: namesOf(callType) };
	const credentials = credentialsFor(HOSTS[service]);
	let seen: Seen[] = [];
	let statuses = new Set<number>();
	let secrets: string[] = [];
	for (const host of [HOSTS[service], EVIL]) {
		for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
			nock(host)
				.persist()
				[method](/.*/)
				.query(true)
				.reply(function (uri, body) {
					const headers = Object.fromEntries(
						Object.entries(this.req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
					);
					seen.push({ host, method: method.toUpperCase(), path: uri, headers, body: typeof body === 'string' ? body : JSON.stringify(body ?? '') });
					const reply = answer(rng, headers.authorization ?? '', `${host}${uri}`, secrets);
					statuses.add(reply.status);
					const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
					return [reply.status, payload, { 'content-type': 'application/json', ...reply.headers }];
				});
		}
	}
	try {
		for (let run = 0; run < runs; run++) {
			seen = [];
			statuses = new Set();
			resetGitHubRateLimitState();
			resetTrelloRateLimitState();
			const row = !focus && rng.chance(0.25) ? undefined : rng.pick(rows);
			const type = row ? actionType : callType;
			const parameters = row ? actionParameters(row, rng, service) : apiCallParameters(rng, service);
			secrets = SECRETS_BY_AUTHENTICATION[parameters.authentication as string];
			const node = packageNode('Fuzz', type, parameters, {
				githubAccessTokenApi: 'a',
				githubServerOAuth2Api: 'b',
				trelloKeyTokenApi: 'c',
				trelloOAuth10aApi: 'd',
			});
			let timer: NodeJS.Timeout | undefined;
			const start = async (attempt = 1): Promise<WorkflowRun | 'refused'> =>
				await runWorkflow(singleNodeWorkflow(node), { credentials }).catch(async (error: Error) => {
					// n8n refused the workflow before running it (parameter issues it checks itself).
					if (error.name === 'WorkflowHasIssuesError') return 'refused' as const;
					// n8n checks locator values with a time-boxed regex before the run; on a busy
					// machine the box can run out before the node is reached. Nothing was sent yet.
					if (/Regular expression execution timed out/.test(error.message) && attempt < 4) return await start(attempt + 1);
					throw error;
				});
			const outcome = await Promise.race([
				start(),
				new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), RUN_TIMEOUT_MS))),
			]).finally(() => clearTimeout(timer));
			const label = `seed ${seed} run ${run} ${row ? `${row.resource}.${row.operation}` : 'API Call'}`;
			if (outcome === 'refused') {
				outcomes.refused++;
				continue;
			}
			if (outcome === 'hang') {
				failures.push(`${label}: no answer within ${RUN_TIMEOUT_MS} ms`);
				continue;
			}
			const problems = seen.map((request) => malformed(request, service, secrets)).filter(Boolean);
			if (problems.length) failures.push(`${label}: malformed request (${problems[0]}) params ${JSON.stringify(parameters).slice(0, 300)}`);
			const runData = outcome.run.data.resultData.runData.Fuzz?.[0];
			outcomes.requests += seen.length;
			const kind = (runData?.error as { name?: string } | undefined)?.name ?? 'success';
			if (kind in outcomes) outcomes[kind as keyof typeof outcomes]++;
			const problem = judge(runData?.error as never, runData?.data, statuses, names[type], secrets);
			if (problem) failures.push(`${label}: ${problem} params ${JSON.stringify(parameters).slice(0, 300)}`);
		}
	} finally {
		FakeClock.uninstall();
		nock.cleanAll();
	}
	return { failures, outcomes, sleeps: clock.sleeps.length };
}

describe('seeded fuzzing', () => {
	it('every FOCUS entry names a resource or a row of the catalogue (a misspelt one would focus nothing)', () => {
		for (const service of ['GitHub', 'Trello'] as Service[]) {
			const rows = (service === 'GitHub' ? GITHUB_ROWS : TRELLO_ROWS) as OperationRow[];
			const known = new Set(rows.flatMap((row) => [row.resource, `${row.resource}.${row.operation}`]));
			expect(FOCUS[service].filter((entry) => !known.has(entry))).toEqual([]);
		}
	});

	it.each(['GitHub', 'Trello'] as Service[])(`%s: ${RUNS} runs end in success, a named-parameter or a service error`, async (service) => {
		const { failures, outcomes } = await fuzz(service, SEED + (service === 'GitHub' ? 0 : 1), RUNS);
		expect(failures.slice(0, 15)).toEqual([]);
		// The runs reach every kind of outcome (a fuzzer stuck on one path would prove little).
		for (const kind of ['success', 'NodeOperationError', 'NodeApiError'] as const) {
			expect(outcomes[kind]).toBeGreaterThan(RUNS / 20);
		}
		expect(outcomes.requests).toBeGreaterThan(RUNS / 4);
	}, 240_000);

	it.each(['GitHub', 'Trello'] as Service[])(`%s: ${RUNS} runs of the focused rows (see FOCUS) end the same way`, async (service) => {
		const { failures, outcomes } = await fuzz(service, SEED + (service === 'GitHub' ? 2 : 3), RUNS, true);
		expect(failures.slice(0, 15)).toEqual([]);
		expect(outcomes.success + outcomes.NodeApiError).toBeGreaterThan(RUNS / 10);
	}, 240_000);
});
