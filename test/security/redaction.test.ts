import { redactKnownSecrets } from '../../credentials/redact';
import type { AuthKind } from './support';
import { AUTH_KINDS, SECRETS, leakedSecrets, loopbackServers, prefixOf, runApiCall, runNode, serviceOf } from './support';

/** Whatever a server echoes back, no secret of the credential reaches an output or an error. */
const [host] = loopbackServers(1);

const OWN_SECRETS: Record<AuthKind, string[]> = {
	githubToken: [SECRETS.githubToken],
	githubOAuth2: [SECRETS.oauth2Token],
	trelloKeyToken: [SECRETS.trelloKey, SECRETS.trelloToken],
	trelloOAuth1: [SECRETS.trelloKey, SECRETS.oauth1Token],
};

const repo = { owner: { __rl: true, mode: 'name', value: 'o' }, repository: { __rl: true, mode: 'name', value: 'r' } };

describe.each(AUTH_KINDS)('echoes with %s', (kind) => {
	const secrets = OWN_SECRETS[kind];
	const path = `${prefixOf(kind)}echo`;

	it('a body echoing the request headers and URL is redacted', async () => {
		host.on('GET', path, (request) => ({ body: { headers: request.headers, note: `seen ${secrets.join(' and ')}` } }));
		const run = await runApiCall(kind, { method: 'GET', endpoint: path }, host.baseUrl);
		const [item] = run.json('Call');
		expect(leakedSecrets(item)).toEqual([]);
		expect(item.note).toBe(`seen ${secrets.map(() => '[redacted]').join(' and ')}`);
	});

	it('an error body echoing a secret is redacted, also where the message is cut', async () => {
		for (const cut of [480, 490, 495, 499, 500]) {
			host.on('GET', path, () => ({ status: 400, body: `${'x'.repeat(cut)}${secrets[secrets.length - 1]} tail` }));
			const run = await runApiCall(kind, { method: 'GET', endpoint: path }, host.baseUrl);
			const error = run.error('Call');
			expect(error?.name).toBe('NodeApiError');
			const text = JSON.stringify(error);
			expect(leakedSecrets(text)).toEqual([]);
			// No prefix of the secret survives either (a cut through the middle would leave one).
			expect(text).not.toContain(secrets[secrets.length - 1].slice(0, 8));
		}
	});
});

describe('response headers and file content', () => {
	it('GitHub API Call: "Include Status and Headers" shows headers with secrets masked', async () => {
		host.on('GET', '/user', () => ({
			body: { login: 'mona' },
			headers: {
				'x-echo-auth': `Bearer ${SECRETS.githubToken}`,
				link: `<${host.baseUrl}/user?page=2&access_token=abc123secretvalue>; rel="next"`,
				'set-cookie': 'session=abc',
				'x-plain': 'kept as is',
			},
		}));
		const run = await runApiCall('githubToken', { method: 'GET', endpoint: '/user', options: { fullResponse: true } }, host.baseUrl);
		const [item] = run.json('Call');
		const headers = item.headers as Record<string, string>;
		expect(headers['x-echo-auth']).toBe('Bearer [redacted]');
		expect(headers.link).toBe(`<${host.baseUrl}/user?page=2&access_token=[redacted]>; rel="next"`);
		expect(headers['set-cookie']).toBe('[redacted]');
		expect(headers['x-plain']).toBe('kept as is');
		expect(item.body).toEqual({ login: 'mona' });
	});

	it.each(['text'])('GitHub File → Get (%s): decoded content is redacted', async (outputAs) => {
		const text = `API_TOKEN=${SECRETS.githubToken}\nother=1\n`;
		host.on('GET', '/repos/o/r/contents/{path}', () => ({
			body: { type: 'file', name: '.env', path: '.env', sha: 's', encoding: 'base64', content: Buffer.from(text).toString('base64') },
		}));
		const run = await runNode('gitHub', { resource: 'file', operation: 'get', ...repo, path: '.env', outputAs }, host.baseUrl);
		const [item] = run.items('Call');
		const content =
			outputAs === 'text' ? String(item.json.content) : Buffer.from(String(item.binary?.data.data), 'base64').toString('utf8');
		expect(content).toBe('API_TOKEN=[redacted]\nother=1\n');
		expect(leakedSecrets(item)).toEqual([]);
	});

	it('bytes (binary output, raw downloads) have each secret replaced, other bytes untouched', () => {
		const bytes = Buffer.concat([Buffer.from([0, 255, 1]), Buffer.from(SECRETS.githubToken), Buffer.from([2]), Buffer.from(SECRETS.githubToken)]);
		const clean = redactKnownSecrets(bytes, [SECRETS.githubToken]);
		expect([...clean]).toEqual([...Buffer.concat([Buffer.from([0, 255, 1]), Buffer.from('[redacted]'), Buffer.from([2]), Buffer.from('[redacted]')])]);
		const untouched = Buffer.from([1, 2, 3]);
		expect(redactKnownSecrets(untouched, [SECRETS.githubToken])).toBe(untouched);
	});

	it('GitHub File → Get of a large file (raw download) is redacted too', async () => {
		host.on('GET', '/repos/o/r/contents/{path}', (request) =>
			request.headers.accept === 'application/vnd.github.raw+json'
				? { body: `token: ${SECRETS.githubToken}` }
				: { body: { type: 'file', name: 'big.txt', path: 'big.txt', sha: 's', encoding: 'none', content: '' } },
		);
		const run = await runNode('gitHub', { resource: 'file', operation: 'get', ...repo, path: 'big.txt', outputAs: 'text' }, host.baseUrl);
		expect(run.json('Call')[0].content).toBe('token: [redacted]');
	});

	it.each(AUTH_KINDS)('%s: a failed request names the service status and leaks nothing', async (kind) => {
		host.on('GET', `${prefixOf(kind)}fail`, (request) => ({ status: 403, body: { message: `denied for ${request.headers.authorization}` } }));
		const run = await runApiCall(kind, { method: 'GET', endpoint: `${prefixOf(kind)}fail` }, host.baseUrl);
		const error = run.error('Call');
		expect(error?.message).toMatch(new RegExp(`^${serviceOf(kind)} answered 403: denied for `));
		expect(leakedSecrets(error)).toEqual([]);
	});
});
