import type { AuthKind } from './support';
import { AUTH_KINDS, carriesCredential, leakedSecrets, loopbackServers, prefixOf, runApiCall, runNode, serviceOf } from './support';

/**
 * The host lock: every request carrying the credential goes to the credential's host.
 * A and B are two loopback servers; the credential points at A, B plays the attacker.
 */
const [hostA, hostB] = loopbackServers(2);

const REDIRECTS = [301, 302, 303, 307, 308];

function endpoint(kind: AuthKind, rest: string) {
	return prefixOf(kind) + rest;
}

describe.each(AUTH_KINDS)('redirects with %s', (kind) => {
	const service = serviceOf(kind);

	it.each(REDIRECTS)('GET answered %i to another host is followed without any credential', async (status) => {
		hostA.on('GET', endpoint(kind, 'x'), () => ({ status, headers: { location: `${hostB.baseUrl}/steal?page=2` } }));
		hostB.on('GET', '/steal', () => ({ body: { downloaded: true } }));

		const run = await runApiCall(kind, { method: 'GET', endpoint: endpoint(kind, 'x') }, hostA.baseUrl);

		expect(run.json('Call')).toEqual([{ downloaded: true }]);
		expect(hostA.received).toHaveLength(1);
		expect(carriesCredential(hostA.received[0] as never)).toBe(true);
		expect(hostB.received).toHaveLength(1);
		expect(hostB.received[0].query).toEqual({ page: '2' });
		expect(carriesCredential(hostB.received[0])).toBe(false);
		expect(Object.keys(hostB.received[0].headers)).not.toContain('x-github-api-version');
	});

	it.each(REDIRECTS)('POST answered %i to another host is refused: B receives nothing', async (status) => {
		hostA.on('POST', endpoint(kind, 'x'), () => ({ status, headers: { location: `${hostB.baseUrl}/steal` } }));

		const run = await runApiCall(
			kind,
			{ method: 'POST', endpoint: endpoint(kind, 'x'), body: '{"secret":"body"}' },
			hostA.baseUrl,
		);

		const error = run.error('Call');
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			`${service} redirected the request (${status}) from POST to another host (${new URL(hostB.baseUrl).host}); it was not followed`,
		);
		expect((error as { httpCode?: string }).httpCode).toBe(String(status));
		expect(hostB.received).toEqual([]);
		expect(leakedSecrets(error)).toEqual([]);
	});

	it('a redirect on the credential host keeps the credential; a later hop back from another host does not regain it', async () => {
		hostA.on('GET', endpoint(kind, 'old'), () => ({ status: 301, headers: { location: endpoint(kind, 'new') } }));
		hostA.on('GET', endpoint(kind, 'new'), () => ({ status: 302, headers: { location: `${hostB.baseUrl}/hop` } }));
		hostB.on('GET', '/hop', () => ({ status: 307, headers: { location: `${hostA.baseUrl}${endpoint(kind, 'final')}` } }));
		hostA.on('GET', endpoint(kind, 'final'), () => ({ body: { ok: 1 } }));

		const run = await runApiCall(kind, { method: 'GET', endpoint: endpoint(kind, 'old') }, hostA.baseUrl);

		expect(run.json('Call')).toEqual([{ ok: 1 }]);
		expect(hostA.received.map((r) => [r.path, carriesCredential(r)])).toEqual([
			[endpoint(kind, 'old'), true],
			[endpoint(kind, 'new'), true],
			[endpoint(kind, 'final'), false],
		]);
		expect(carriesCredential(hostB.received[0])).toBe(false);
	});

	it('PUT answered 308 on the credential host is followed with its body; a redirect loop stops with an error', async () => {
		hostA.on('PUT', endpoint(kind, 'a'), () => ({ status: 308, headers: { location: endpoint(kind, 'b') } }));
		hostA.on('PUT', endpoint(kind, 'b'), (request) => ({ body: { got: request.body } }));
		hostA.on('GET', endpoint(kind, 'loop'), () => ({ status: 302, headers: { location: endpoint(kind, 'loop') } }));

		const put = await runApiCall(kind, { method: 'PUT', endpoint: endpoint(kind, 'a'), body: '{"n":1}' }, hostA.baseUrl);
		expect(put.json('Call')).toEqual([{ got: { n: 1 } }]);

		const loop = await runApiCall(kind, { method: 'GET', endpoint: endpoint(kind, 'loop') }, hostA.baseUrl);
		expect(loop.error('Call')?.message).toBe(`${service} redirected the request (302) more than 5 times; it was not followed`);
		expect(hostA.requestsTo('GET', endpoint(kind, 'loop'))).toHaveLength(6);
	});

	it('a redirect to a non-HTTP address is refused', async () => {
		hostA.on('GET', endpoint(kind, 'x'), () => ({ status: 302, headers: { location: 'file:///etc/passwd' } }));
		const run = await runApiCall(kind, { method: 'GET', endpoint: endpoint(kind, 'x') }, hostA.baseUrl);
		expect(run.error('Call')?.message).toBe(`${service} redirected the request (302) to a file: address; it was not followed`);
	});
});

/** Endpoints that a URL parser would fold onto another path or host. None may be sent. */
function pathTricks(prefix: string): Array<[string, string]> {
	const up = prefix === '/' ? '/repos/o/r' : '/1/boards/b';
	return [
		[`${up}/.\t./.\t./.\t./user`, 'control or invisible'],
		[`${up}/.\n./user`, 'control or invisible'],
		[`${up}/\t../user`, 'control or invisible'],
		[`${up}/..\u200b/user`, 'control or invisible'],
		[`${up}/\u202e../user`, 'control or invisible'],
		[`${up}/%09../user`, 'control or invisible'],
		[`${up}/%00`, 'control or invisible'],
		[`${up}/\u00ad../x`, 'control or invisible'],
		[`${up}/\uff0e\uff0e/user`, '"." or ".."'],
		[`${up}/%2e%2E/user`, '"." or ".."'],
		[`${up}/..\\user`, '"." or ".."'],
		[`${up}/%2f..%2fuser`, 'encoded slash'],
		[`${up}/a%2fb`, 'encoded slash'],
		[`${up}/a%5cb`, 'encoded slash'],
		[`${up}/\ud800x`, 'broken Unicode'],
		[`//evil.example/x`, 'full URL'],
		[`http://evil.example${prefix}x`, 'full URL'],
		[`\\\\evil.example/x`, 'full URL'],
	];
}

describe.each(AUTH_KINDS)('path and header tricks with %s', (kind) => {
	it.each(pathTricks(prefixOf(kind)))('refuses %j before sending (%s)', async (trick, reason) => {
		const run = await runApiCall(kind, { method: 'GET', endpoint: trick }, hostA.baseUrl);
		const error = run.error('Call');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toContain(reason);
		expect(hostA.received).toEqual([]);
	});

	it.each(['Host', 'host', 'Authorization', 'Proxy-Authorization', 'Cookie', 'Transfer-Encoding', 'Content-Length', 'X-Forwarded-Host', 'Connection'])(
		'refuses the %s header before sending',
		async (name) => {
			if (serviceOf(kind) === 'Trello') return; // the Trello API Call node has no header parameter
			const run = await runApiCall(
				kind,
				{ method: 'GET', endpoint: '/user', headers: { header: [{ name, value: `${hostB.baseUrl.slice(7)}` }] } },
				hostA.baseUrl,
			);
			const error = run.error('Call');
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toMatch(/may not (be )?set/);
			expect(error?.message.toLowerCase()).toContain(name.toLowerCase());
			expect(hostA.received).toEqual([]);
			expect(hostB.received).toEqual([]);
		},
	);
});

describe.each(AUTH_KINDS)('credential base URLs with %s', (kind) => {
	const field = serviceOf(kind) === 'GitHub' ? 'GitHub Server' : 'API Base URL';
	it.each([
		['?x=1', 'contains a query ("?…")'],
		['/api?', 'contains a query ("?…")'],
		['#frag', 'contains a fragment ("#…")'],
		['USERINFO', 'contains a user name or password'],
		['/a/../b', 'contains "." or ".." segments'],
		['/%2e%2e/b', 'contains "." or ".." segments'],
		['/a b', 'contains spaces or control characters'],
		['/a\tb', 'contains spaces or control characters'],
	])('refuses a base URL with %j, naming the field', async (suffix, problem) => {
		const base =
			suffix === 'USERINFO' ? hostA.baseUrl.replace('http://', 'http://user:pass@') : hostA.baseUrl + suffix;
		const run = await runApiCall(kind, { method: 'GET', endpoint: `${prefixOf(kind)}x` }, base);
		const error = run.error('Call');
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`The credential field "${field}" ${problem}`);
		expect(hostA.received).toEqual([]);
	});

	it.each(['ftp://127.0.0.1/x', 'not a url', 'javascript:alert(1)'])('refuses the base URL %j', async (base) => {
		const run = await runApiCall(kind, { method: 'GET', endpoint: `${prefixOf(kind)}x` }, base);
		expect(run.error('Call')?.message).toMatch(new RegExp(`^The credential field "${field}" `));
	});
});

describe('redirects reached through the action nodes (same shared transport)', () => {
	it('GitHub → Issue → Create answered 307 to another host: refused, B receives nothing', async () => {
		hostA.on('POST', '/repos/o/r/issues', () => ({ status: 307, headers: { location: `${hostB.baseUrl}/steal` } }));
		const run = await runNode(
			'gitHub',
			{ resource: 'issue', operation: 'create', owner: { __rl: true, mode: 'name', value: 'o' }, repository: { __rl: true, mode: 'name', value: 'r' }, title: 'secret title' },
			hostA.baseUrl,
		);
		expect(run.error('Call')?.message).toBe(`GitHub redirected the request (307) from POST to another host (${new URL(hostB.baseUrl).host}); it was not followed`);
		expect(hostB.received).toEqual([]);
	});

	it('Trello → Card → Get answered 302 to another host: followed without key or token', async () => {
		hostA.on('GET', '/1/cards/{id}', () => ({ status: 302, headers: { location: `${hostB.baseUrl}/steal` } }));
		hostB.on('GET', '/steal', () => ({ body: { id: 'cccccccccccccccccccccccc', name: 'from B' } }));
		const run = await runNode(
			'trello',
			{ authentication: 'keyToken', resource: 'card', operation: 'get', card: { __rl: true, mode: 'list', value: 'cccccccccccccccccccccccc' } },
			hostA.baseUrl,
		);
		expect(run.json('Call')).toEqual([{ id: 'cccccccccccccccccccccccc', name: 'from B', trust: 'unknown' }]);
		expect(hostB.received).toHaveLength(1);
		expect(carriesCredential(hostB.received[0])).toBe(false);
	});
});
