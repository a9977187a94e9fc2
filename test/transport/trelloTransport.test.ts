import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { FakeClock } from './fakeClock';

const KEY = 'trello-key-0123456789abcdef';
const TOKEN = 'trello-token-0123456789abcdef0123456789';
const credentials = { trelloKeyTokenApi: { apiKey: KEY, apiToken: TOKEN, apiBaseUrl: 'https://api.trello.com' } };
const API = 'https://api.trello.com';

function call(parameters: IDataObject, inputItems: IDataObject[] = [{}]) {
	return singleNodeWorkflow(
		packageNode('Call', 'trelloApiCall', { method: 'GET', ...parameters }, { trelloKeyTokenApi: 'c1' }),
		inputItems,
	);
}

const limitHeaders = (remaining: number) => ({
	'x-rate-limit-api-token-interval-ms': '10000',
	'x-rate-limit-api-token-max': '100',
	'x-rate-limit-api-token-remaining': String(remaining),
});

const keyLimitHeaders = (remaining: number) => ({
	'x-rate-limit-api-key-interval-ms': '10000',
	'x-rate-limit-api-key-max': '300',
	'x-rate-limit-api-key-remaining': String(remaining),
});

describe('Trello transport', () => {
	let clock: FakeClock;
	beforeEach(() => {
		resetTrelloRateLimitState();
		clock = new FakeClock().install();
	});
	afterEach(() => FakeClock.uninstall());

	it('sends key and token in the Authorization header, never in the URL', async () => {
		const scope = nock(API, {
			reqheaders: { authorization: `OAuth oauth_consumer_key="${KEY}", oauth_token="${TOKEN}"` },
		})
			.get('/1/boards/b1')
			.query((query) => !('key' in query) && !('token' in query))
			.reply(200, { id: 'b1' });
		const run = await runWorkflow(call({ endpoint: '/1/boards/b1' }), { credentials });
		expect(run.json('Call')).toEqual([{ id: 'b1' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('paces 150 requests to 100 per 10 s window of its own sends, without a refusal', async () => {
		// Trello's count of this token's requests in the last 10 s, as its headers report it.
		const counted: number[] = [];
		const scope = nock(API)
			.get('/1/members/me')
			.times(150)
			.reply(() => {
				counted.push(clock.now());
				const inWindow = counted.filter((at) => at > clock.now() - 10_000).length;
				return [200, { id: 'm' }, limitHeaders(100 - inWindow)];
			});
		const items = Array.from({ length: 150 }, () => ({}));
		const run = await runWorkflow(call({ endpoint: '/1/members/me' }, items), { credentials });
		expect(run.json('Call')).toHaveLength(150);
		// The 101st request waits for the first to leave the window (10 s + the clock margin); the
		// other 49 reuse the slots of the first 100 as they leave, with no further wait.
		expect(clock.sleeps).toEqual([10_250]);
		expect(scope.isDone()).toBe(true);
	});

	it('retries a 429 API_TOKEN_LIMIT_EXCEEDED once the window Trello reports used up by others has passed', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0.5);
		nock(API)
			.get('/1/members/me')
			.reply(429, { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' }, limitHeaders(0))
			.get('/1/members/me')
			.reply(200, { id: 'm' }, limitHeaders(99));
		const run = await runWorkflow(call({ endpoint: '/1/members/me' }), { credentials });
		expect(run.json('Call')).toEqual([{ id: 'm' }]);
		// remaining 0 with none of ours counted: 100 requests from elsewhere, at the latest now. They
		// leave the window 10 s (plus the clock margin) later, and their slots stay theirs for the
		// 0.8 s they may need to reuse them; then one request finds out, after a random delay (0.5 × 40 ms).
		expect(clock.sleeps).toEqual([11_050, 20]);
		jest.restoreAllMocks();
	});

	it('waits as long as a 429’s Retry-After asks', async () => {
		nock(API)
			.get('/1/members/me')
			.reply(429, { error: 'API_TOKEN_LIMIT_EXCEEDED' }, { 'retry-after': '3' })
			.get('/1/members/me')
			.reply(200, { id: 'm' }, limitHeaders(99));
		const run = await runWorkflow(call({ endpoint: '/1/members/me' }), { credentials });
		expect(run.json('Call')).toEqual([{ id: 'm' }]);
		expect(clock.sleeps).toEqual([3_000]);
	});

	it('paces against the key’s window when other tokens of the same key have used it', async () => {
		// Other tokens of this key sent 299 of the key's 300 requests; this token's window is empty.
		const scope = nock(API)
			.get('/1/members/me')
			.reply(200, { id: 'm' }, { ...limitHeaders(99), ...keyLimitHeaders(0) })
			.get('/1/members/me')
			.reply(200, { id: 'm' }, { ...limitHeaders(98), ...keyLimitHeaders(299) });
		const run = await runWorkflow(call({ endpoint: '/1/members/me' }, [{}, {}]), { credentials });
		expect(run.json('Call')).toEqual([{ id: 'm' }, { id: 'm' }]);
		// The first request is the only one of ours; the second waits until its own slot is free.
		expect(clock.sleeps).toEqual([10_250]);
		expect(scope.isDone()).toBe(true);
	});

	it('names the per-key limit when Trello reports API_KEY_LIMIT_EXCEEDED and the wait budget is spent', async () => {
		nock(API).get('/1/members/me').reply(429, { error: 'API_KEY_LIMIT_EXCEEDED' });
		const run = await runWorkflow(call({ endpoint: '/1/members/me', options: { maxRateLimitWait: 0 } }), { credentials });
		expect(run.error('Call')?.message).toMatch(
			/^Trello: Trello per-key rate limit \(300 requests \/ 10 s\) reached and waiting for it would exceed the maximum rate-limit wait\. It resets at /,
		);
	});

	it('refuses endpoints outside /1/ and full URLs before sending', async () => {
		for (const endpoint of ['/2/boards', 'https://api.trello.com/1/boards/x', '/1/../admin']) {
			const run = await runWorkflow(call({ endpoint }), { credentials });
			expect(run.error('Call')?.message).toMatch(/must start with "\/1\/"|is a full URL|"\." or "\.\." segments/);
		}
	});

	it('replaces key and token where a successful response echoes them', async () => {
		nock(API)
			.get('/1/cards/c1')
			.reply(200, { id: 'c1', desc: `callback https://api.trello.com/1/x?key=${KEY}&token=${TOKEN}`, name: 'Rotate token ABCDEFGH1234' });
		const run = await runWorkflow(call({ endpoint: '/1/cards/c1' }), { credentials });
		expect(run.json('Call')).toEqual([
			{ id: 'c1', desc: 'callback https://api.trello.com/1/x?key=[redacted]&token=[redacted]', name: 'Rotate token ABCDEFGH1234' },
		]);
	});

	it('keeps key and token out of the output when Trello echoes the request URL in an error', async () => {
		nock(API)
			.get('/1/cards/x')
			.reply(400, `invalid id for https://api.trello.com/1/cards/x?key=${KEY}&token=${TOKEN}`);
		const run = await runWorkflow(call({ endpoint: '/1/cards/x' }), { credentials });
		expect(run.error('Call')?.message).toBe(
			'Trello answered 400: invalid id for https://api.trello.com/1/cards/x?key=[redacted]&token=[redacted]',
		);
		const text = JSON.stringify(run.run);
		expect(text).not.toContain(TOKEN);
		expect(text).not.toContain(KEY);
	});
});
