import { createHmac } from 'crypto';

import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { deliveryTime, isStale } from '../../nodes/GitHub/triggers/freshness';
import { SECRET, sign, signedDelivery, webhookTrigger } from '../githubTriggers/helpers';
import { actions, BOARD, delivery } from '../trelloTriggers/fixtures';
import { APP_SECRET, emitted, trelloSignature, trelloTrigger } from '../trelloTriggers/helpers';

const MINUTE = 60_000;

function issueOpened(at: Date) {
	return {
		action: 'opened',
		issue: { number: 1, title: 'Broken', created_at: at.toISOString(), updated_at: at.toISOString() },
		repository: { name: 'hello', full_name: 'octo/hello' },
	};
}

function armed(options: Record<string, unknown> = {}) {
	const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello', options });
	harness.staticData.secret = SECRET;
	return harness;
}

describe('GitHub deliveries: forged signatures never start a run', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	const raw = JSON.stringify(issueOpened(new Date()));
	const forgeries: Array<[string, Record<string, string>, string]> = [
		['no signature', {}, raw],
		['SHA-1 signature only', { 'x-hub-signature': `sha1=${createHmac('sha1', SECRET).update(raw).digest('hex')}` }, raw],
		['signature of an empty body', { 'x-hub-signature-256': sign(SECRET, '') }, raw],
		['signature of the body without its last byte', { 'x-hub-signature-256': sign(SECRET, raw.slice(0, -1)) }, raw],
		['body with a byte appended after signing', { 'x-hub-signature-256': sign(SECRET, raw) }, `${raw} `],
		['signature with a wrong secret', { 'x-hub-signature-256': sign('b'.repeat(64), raw) }, raw],
		['signature with an empty secret', { 'x-hub-signature-256': sign('', raw) }, raw],
		['truncated digest', { 'x-hub-signature-256': sign(SECRET, raw).slice(0, 40) }, raw],
		['digest padded with zeros', { 'x-hub-signature-256': `${sign(SECRET, raw)}00` }, raw],
		['all-zero digest', { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }, raw],
		['digest without the sha256= prefix', { 'x-hub-signature-256': sign(SECRET, raw).slice(7) }, raw],
		['non-hex digest', { 'x-hub-signature-256': `sha256=${'z'.repeat(64)}` }, raw],
	];

	it.each(forgeries)('%s → 401, no run', async (_name, signatureHeaders, body) => {
		const { result, response } = await armed().deliver({
			headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': 'forged', ...signatureHeaders },
			body: JSON.parse(body.trim() || '{}'),
			rawBody: Buffer.from(body),
		});
		expect(response.statusCode).toBe(401);
		expect(result).toEqual({ noWebhookResponse: true });
	});
});

describe('GitHub deliveries: replay window', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('a captured delivery sent again under a new id is refused once older than Max Delivery Age', async () => {
		const harness = armed({ maxDeliveryAgeMinutes: 60 });
		const captured = issueOpened(new Date(Date.now() - 61 * MINUTE));
		const replay = await harness.deliver(signedDelivery('issues', captured, SECRET, 'fresh-id-1'));
		expect(replay.result).toEqual({ noWebhookResponse: true });
		expect(replay.response.statusCode).toBe(200);
		expect(replay.response.body).toEqual({ message: 'Delivery is older than the maximum delivery age; ignored' });

		const recent = await harness.deliver(signedDelivery('issues', issueOpened(new Date(Date.now() - 5 * MINUTE)), SECRET, 'fresh-id-2'));
		expect(recent.result.workflowData?.[0]).toHaveLength(1);
	});

	it('without the option (the default) an old delivery under a new id still runs — the documented limit', async () => {
		const old = await armed().deliver(signedDelivery('issues', issueOpened(new Date(Date.now() - 24 * 60 * MINUTE)), SECRET, 'new-id'));
		expect(old.result.workflowData?.[0]).toHaveLength(1);
	});

	it('the newest payload time counts; push uses repository.pushed_at (seconds); payloads without times are not checked', () => {
		const now = Date.parse('2025-01-01T12:00:00Z');
		const push = { repository: { pushed_at: now / 1000 - 30 }, head_commit: { timestamp: '2020-01-01T00:00:00Z' } };
		expect(deliveryTime(push)).toBe(now - 30_000);
		expect(isStale(push, 1, now)).toBe(false);
		expect(isStale(push, 0.25, now)).toBe(true);
		const review = { review: { submitted_at: '2025-01-01T11:00:00Z' }, pull_request: { updated_at: '2025-01-01T11:50:00Z' } };
		expect(isStale(review, 30, now)).toBe(false);
		expect(isStale(review, 5, now)).toBe(true);
		expect(deliveryTime({ ref: 'main', ref_type: 'branch', repository: { name: 'r' } })).toBeUndefined();
		expect(isStale({ ref: 'main' }, 1, now)).toBe(false);
		expect(isStale({ issue: { updated_at: 'garbage' } }, 1, now)).toBe(false);
	});
});

describe('Trello deliveries: forged signatures never start a run', () => {
	const parameters = { boards: [BOARD.id], event: 'newComment' };
	const body = delivery(actions.commentAdded());
	const rawBody = Buffer.from(JSON.stringify(body));

	it.each([
		['signed with the token instead of the secret', (url: string) => trelloSignature('some-token', rawBody, url)],
		['signed over another URL', () => trelloSignature(APP_SECRET, rawBody, 'http://127.0.0.1:1/webhook')],
		['signed with SHA-256', (url: string) => createHmac('sha256', APP_SECRET).update(rawBody.toString() + url).digest('base64')],
		['hex instead of base64', (url: string) => createHmac('sha1', APP_SECRET).update(rawBody.toString() + url).digest('hex')],
		['empty', () => ''],
	])('%s → 401, no run', async (_name, forge) => {
		const harness = trelloTrigger(parameters);
		const { result, response } = await harness.deliver({ headers: { 'x-trello-webhook': forge(harness.webhookUrl) }, body, rawBody });
		expect(response.statusCode).toBe(401);
		expect(emitted(result as never)).toBeNull();
	});
});
