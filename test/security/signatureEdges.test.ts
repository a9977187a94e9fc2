import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { SECRET, sign, webhookTrigger } from '../githubTriggers/helpers';
import { actions, BOARD, delivery } from '../trelloTriggers/fixtures';
import { APP_SECRET, emitted, trelloSignature, trelloTrigger } from '../trelloTriggers/helpers';

/**
 * Edges of the two signature schemes as GitHub's and Trello's webhook docs describe them: the
 * HMAC is over the raw bytes received (never the body as n8n parsed it), one signature per
 * delivery, Trello's over the body followed by the exact callback URL, Trello's HEAD check
 * answered without a run.
 */
function armed() {
	const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
	harness.staticData.secret = SECRET;
	return harness;
}

const payload = {
	action: 'opened',
	issue: { number: 1, title: 'Caf\u00e9', created_at: new Date().toISOString(), updated_at: new Date().toISOString() },
	repository: { name: 'hello', full_name: 'octo/hello' },
};
// GitHub's bytes: spaces after colons and an escaped é, which JSON.stringify of the parsed body writes otherwise.
const raw = JSON.stringify(payload, null, 1).replace('Café', 'Caf\\u00e9');

const githubHeaders = (signature: string, id: string) => ({ 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': id, 'x-hub-signature-256': signature });

describe('GitHub: the signature is checked over the raw bytes, one signature per delivery', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('a delivery signed over its raw bytes (escapes, spacing) starts a run', async () => {
		const { result, response } = await armed().deliver({ headers: githubHeaders(sign(SECRET, raw), 'raw-1'), body: payload, rawBody: Buffer.from(raw) });
		expect(response.statusCode).toBe(200);
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it.each([
		['signed over the body as parsed and written again', () => sign(SECRET, JSON.stringify(payload)), Buffer.from(raw)],
		['two forged signatures joined as a proxy joins repeated headers', () => `sha256=${'1'.repeat(64)}, sha256=${'2'.repeat(64)}`, Buffer.from(raw)],
		['a valid signature followed by a second one', () => `${sign(SECRET, raw)}, sha256=${'2'.repeat(64)}`, Buffer.from(raw)],
		['a byte-order mark put before the signed body', () => sign(SECRET, raw), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(raw)])],
		['the body re-encoded as UTF-16', () => sign(SECRET, raw), Buffer.from(raw, 'utf16le')],
		['an empty body with the signature of an empty body from another secret', () => sign('other', ''), Buffer.alloc(0)],
	])('%s → 401, no run', async (_name, signature, rawBody) => {
		const { result, response } = await armed().deliver({ headers: githubHeaders(signature(), 'edge'), body: payload, rawBody });
		expect(response.statusCode).toBe(401);
		expect(result).toEqual({ noWebhookResponse: true });
	});
});

describe('Trello: the signature covers the body and the exact callback URL', () => {
	const parameters = { boards: [BOARD.id], event: 'newComment' };
	const body = delivery(actions.commentAdded());
	const rawBody = Buffer.from(JSON.stringify(body));

	it('Trello\'s HEAD check (no body, no signature) is answered 200 and starts no run', async () => {
		const harness = trelloTrigger(parameters);
		const { result, response } = await harness.deliver({ method: 'HEAD', headers: {}, body: {} }, 'setup');
		expect(response.statusCode).toBe(200);
		expect(emitted(result as never)).toBeNull();
	});

	it.each([
		['the body changed after signing', (url: string) => trelloSignature(APP_SECRET, rawBody, url), Buffer.from(JSON.stringify({ ...body, extra: 1 }))],
		['signed over the body only, without the callback URL', () => trelloSignature(APP_SECRET, rawBody, ''), rawBody],
		['signed over the callback URL with a query added', (url: string) => trelloSignature(APP_SECRET, rawBody, `${url}?board=1`), rawBody],
		['signed over the callback URL with http instead of https', (url: string) => trelloSignature(APP_SECRET, rawBody, url.replace(/^https:/, 'http:')), rawBody],
		['two signatures joined as a proxy joins repeated headers', (url: string) => `${trelloSignature(APP_SECRET, rawBody, url)}, ${trelloSignature('x', rawBody, url)}`, rawBody],
		['the signature in URL-safe base64 without padding, of another secret', (url: string) => trelloSignature('x', rawBody, url).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), rawBody],
	])('%s → 401, no run', async (_name, forge, sentBody) => {
		const harness = trelloTrigger(parameters);
		const { result, response } = await harness.deliver({ headers: { 'x-trello-webhook': forge(harness.webhookUrl) }, body: JSON.parse(sentBody.toString()), rawBody: sentBody });
		expect(response.statusCode).toBe(401);
		expect(emitted(result as never)).toBeNull();
	});
});
