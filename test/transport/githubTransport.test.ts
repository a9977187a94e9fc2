import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FakeClock } from './fakeClock';

const TOKEN = 'ghp_transportTestToken0123456789abcdef';
const credentials = { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: TOKEN } };
const API = 'https://api.github.com';

function call(parameters: IDataObject, inputItems: IDataObject[] = [{}]) {
	return singleNodeWorkflow(
		packageNode('Call', 'githubApiCall', { method: 'GET', ...parameters }, { githubAccessTokenApi: 'c1' }),
		inputItems,
	);
}

describe('GitHub transport', () => {
	let clock: FakeClock;
	beforeEach(() => {
		resetGitHubRateLimitState();
		clock = new FakeClock().install();
	});
	afterEach(() => FakeClock.uninstall());

	const resetIn = (seconds: number) => String(Math.floor(clock.now() / 1000) + seconds);

	describe('primary rate limit', () => {
		it('waits until x-ratelimit-reset after a 403 with remaining 0, then retries once', async () => {
			const reset = resetIn(42);
			const scope = nock(API)
				.get('/rate_limit')
				.reply(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })
				.get('/rate_limit')
				.reply(200, { resources: {} });

			const run = await runWorkflow(call({ endpoint: '/rate_limit' }), { credentials });

			expect(run.json('Call')).toEqual([{ resources: {} }]);
			expect(clock.sleeps).toEqual([Number(reset) * 1000 - Date.UTC(2026, 10, 22, 12, 0, 0)]);
			expect(scope.isDone()).toBe(true);
		});

		it('also retries a 429 with remaining 0', async () => {
			nock(API)
				.get('/user')
				.reply(429, { message: 'rate limited' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(3) })
				.get('/user')
				.reply(200, { login: 'mona' });
			const run = await runWorkflow(call({ endpoint: '/user' }), { credentials });
			expect(run.json('Call')).toEqual([{ login: 'mona' }]);
			expect(clock.sleeps).toEqual([3000]);
		});

		it('holds the next request back once a response says the budget is spent (no refused request)', async () => {
			const reset = resetIn(10);
			const scope = nock(API)
				.get('/user')
				.reply(200, { login: 'a' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'core' })
				.get('/user')
				.reply(200, { login: 'b' }, { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': resetIn(3600) });

			const run = await runWorkflow(call({ endpoint: '/user' }, [{}, {}]), { credentials });

			expect(run.json('Call')).toEqual([{ login: 'a' }, { login: 'b' }]);
			expect(clock.sleeps).toEqual([10_000]);
			expect(scope.isDone()).toBe(true);
		});

		it('fails the item with the limit name and reset time when the wait exceeds the maximum', async () => {
			const reset = resetIn(3600);
			nock(API)
				.get('/user')
				.reply(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'core' });

			const run = await runWorkflow(call({ endpoint: '/user', options: { maxRateLimitWait: 60 } }), { credentials });

			const error = run.error('Call');
			expect(error?.message).toBe(
				`GitHub: GitHub primary rate limit (core) reached and waiting for it would exceed the maximum rate-limit wait. It resets at ${new Date(Number(reset) * 1000).toISOString()}.`,
			);
			expect(clock.sleeps).toEqual([]);
		});
	});

	describe('secondary rate limit', () => {
		it('waits retry-after seconds on a 403 with retry-after', async () => {
			nock(API)
				.post('/repos/o/r/issues')
				.reply(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '7' })
				.post('/repos/o/r/issues')
				.reply(201, { number: 1 });
			const run = await runWorkflow(
				call({ method: 'POST', endpoint: '/repos/o/r/issues', body: '{"title":"t"}' }),
				{ credentials },
			);
			expect(run.json('Call')).toEqual([{ number: 1 }]);
			expect(clock.sleeps).toEqual([7000]);
		});

		it('backs off exponentially from one minute when a secondary limit gives no retry-after', async () => {
			nock(API)
				.get('/user')
				.times(2)
				.reply(403, { message: 'You have exceeded a secondary rate limit.' })
				.get('/user')
				.reply(200, { login: 'mona' });
			const run = await runWorkflow(call({ endpoint: '/user' }), { credentials });
			expect(run.json('Call')).toEqual([{ login: 'mona' }]);
			expect(clock.sleeps).toEqual([60_000, 120_000]);
		});

		it('gives up after the bounded number of retries', async () => {
			nock(API).get('/user').times(20).reply(429, { message: 'slow down' }, { 'retry-after': '1' });
			const run = await runWorkflow(call({ endpoint: '/user' }), { credentials });
			expect(run.error('Call')?.message).toBe(
				'GitHub: GitHub secondary rate limit reached and the maximum number of rate-limit retries was used up. It resets at ' +
					new Date(Date.UTC(2026, 10, 22, 12, 0, 8) + 1000).toISOString() +
					'.',
			);
			expect(clock.sleeps).toEqual(Array(8).fill(1000));
		});
	});

	it('never retries a plain permission 403 and names the missing scope', async () => {
		const scope = nock(API)
			.put('/repos/o/r/collaborators/u')
			.reply(403, { message: 'Resource not accessible by integration' }, { 'x-accepted-oauth-scopes': 'repo' });
		const run = await runWorkflow(
			call({ method: 'PUT', endpoint: '/repos/o/r/collaborators/u', body: '{"permission":"push"}' }),
			{ credentials },
		);
		const error = run.error('Call');
		expect(error?.message).toBe('GitHub answered 403: Resource not accessible by integration - This needs the scope(s): repo. Grant them to the token or OAuth app.');
		expect(error?.description).toContain('This needs the scope(s): repo');
		expect(clock.sleeps).toEqual([]);
		expect(scope.isDone()).toBe(true);
	});

	it('stops following Link headers that leave the credential host', async () => {
		nock(API)
			.get('/repos/o/r/issues')
			.query(true)
			.reply(200, [{ number: 1 }], { link: '<https://evil.example/steal?page=2>; rel="next"' });
		const run = await runWorkflow(call({ endpoint: '/repos/o/r/issues', followAllPages: true }), { credentials });
		expect(run.error('Call')?.message).toContain('next-page link outside the credential’s API host');
	});

	it('replaces the token where a successful response echoes it, and leaves other text alone', async () => {
		nock(API)
			.get('/repos/o/r/issues/1')
			.reply(200, { body: `pasted ${TOKEN} by mistake; rotate the token abcdefghijkl`, nested: [{ url: `https://x/?t=${TOKEN}` }] });
		const run = await runWorkflow(call({ endpoint: '/repos/o/r/issues/1' }), { credentials });
		expect(run.json('Call')).toEqual([
			{ body: 'pasted [redacted] by mistake; rotate the token abcdefghijkl', nested: [{ url: 'https://x/?t=[redacted]' }] },
		]);
	});

	it('keeps the token out of errors for network failures', async () => {
		nock(API).get('/user').replyWithError(`connect ECONNREFUSED with Bearer ${TOKEN}`);
		const run = await runWorkflow(call({ endpoint: '/user' }), { credentials });
		const text = JSON.stringify(run.run);
		expect(run.error('Call')?.message).toContain('GitHub request failed');
		expect(text).not.toContain(TOKEN);
	});

	it('continues on fail with one error item per failing input item, paired to it', async () => {
		nock(API).get('/repos/o/a').reply(200, { id: 1 }).get('/repos/o/b').reply(404, { message: 'Not Found' });
		const workflow = call({ endpoint: '={{ "/repos/o/" + $json.repo }}' }, [{ repo: 'a' }, { repo: 'b' }]);
		workflow.nodes[1].continueOnFail = true;
		const run = await runWorkflow(workflow, { credentials });
		const items = run.items('Call');
		expect(items.map((i) => i.json)).toEqual([
			{ id: 1 },
			{ error: 'GitHub answered 404: Not Found - Not found or not visible to this token: check owner, repository and the token’s access.', description: expect.stringContaining('Not found') },
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
