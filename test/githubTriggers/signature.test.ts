import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { SECRET, sign, signedDelivery, webhookTrigger } from './helpers';

const ISSUE_OPENED = {
	action: 'opened',
	issue: { number: 1, title: 'Broken', body: 'It fails' },
	repository: { name: 'hello', full_name: 'octo/hello' },
};

function armed() {
	const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
	harness.staticData.secret = SECRET;
	return harness;
}

describe('GitHub Trigger: delivery signature, ping and redelivery', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('runs the workflow for a correctly signed matching delivery', async () => {
		const delivery = signedDelivery('issues', ISSUE_OPENED, SECRET, 'd-valid');
		const { result, response } = await armed().deliver(delivery);
		expect(response.ended).toBe(false);
		expect(result.workflowData).toEqual([
			[
				{
					json: {
						trigger: 'New Issue',
						event: 'issues',
						action: 'opened',
						deliveryId: 'd-valid',
						payload: ISSUE_OPENED,
					},
				},
			],
		]);
	});

	const refusals: Array<[string, (d: ReturnType<typeof signedDelivery>) => void, string]> = [
		['missing', (d) => delete (d.headers as Record<string, string>)['x-hub-signature-256'], 'Missing X-Hub-Signature-256 header'],
		['malformed (sha1 form)', (d) => (d.headers['x-hub-signature-256'] = 'sha1=' + 'ab'.repeat(20)), 'Malformed X-Hub-Signature-256 header'],
		['malformed (short digest)', (d) => (d.headers['x-hub-signature-256'] = 'sha256=abcd'), 'Malformed X-Hub-Signature-256 header'],
		['signed with another secret', (d) => (d.headers['x-hub-signature-256'] = sign('b'.repeat(64), d.rawBody)), 'Signature does not match'],
		[
			'body tampered after signing',
			(d) => {
				d.rawBody = Buffer.from(d.rawBody.toString().replace('Broken', 'Brokem'));
				d.body = JSON.parse(d.rawBody.toString());
			},
			'Signature does not match',
		],
	];

	it.each(refusals)('answers 401 and starts nothing when the signature is %s', async (_name, spoil, message) => {
		const delivery = signedDelivery('issues', ISSUE_OPENED);
		spoil(delivery);
		const { result, response } = await armed().deliver(delivery);
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
		expect(response.body).toEqual({ message });
	});

	it('checks the raw bytes, not the parsed body (whitespace GitHub sent counts)', async () => {
		const raw = JSON.stringify(ISSUE_OPENED, null, 2);
		const delivery = {
			headers: { 'x-github-event': 'issues', 'x-github-delivery': 'd-raw', 'x-hub-signature-256': sign(SECRET, raw) },
			body: ISSUE_OPENED,
			rawBody: Buffer.from(raw),
		};
		const { result } = await armed().deliver(delivery);
		expect(result.workflowData?.[0]).toHaveLength(1);
		const compact = { ...delivery, headers: { ...delivery.headers, 'x-github-delivery': 'd-raw-2' }, rawBody: Buffer.from(JSON.stringify(ISSUE_OPENED)) };
		const { response } = await armed().deliver(compact);
		expect(response.statusCode).toBe(401);
	});

	it('refuses every delivery while no hook secret is registered', async () => {
		const harness = webhookTrigger({ triggers: ['newIssue'], repositories: 'hello' });
		const { result, response } = await harness.deliver(signedDelivery('issues', ISSUE_OPENED));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
	});

	it('answers ping with 200 and starts nothing', async () => {
		const { result, response } = await armed().deliver(signedDelivery('ping', { zen: 'Keep it logically awesome.', hook_id: 1 }));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(200);
		expect(response.body).toEqual({ message: 'pong' });
	});

	it('answers an unsigned ping with 401', async () => {
		const delivery = signedDelivery('ping', { zen: 'x' });
		delete (delivery.headers as Record<string, string>)['x-hub-signature-256'];
		const { response } = await armed().deliver(delivery);
		expect(response.statusCode).toBe(401);
	});

	it('answers 200 without a run for a delivery none of the triggers wants', async () => {
		const { result, response } = await armed().deliver(signedDelivery('issues', { ...ISSUE_OPENED, action: 'closed' }));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(200);
		expect(response.body).toEqual({ message: 'Delivery does not match the chosen triggers' });
	});

	it('runs a redelivered X-GitHub-Delivery only once, also after a restart', async () => {
		const harness = armed();
		const first = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'same-guid'));
		expect(first.result.workflowData?.[0]).toHaveLength(1);
		const again = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'same-guid'));
		expect(again.result).toEqual({ noWebhookResponse: true });
		expect(again.response.statusCode).toBe(200);
		expect(again.response.body).toEqual({ message: 'Delivery already received' });

		forgetDeliveriesInMemory();
		expect(harness.staticData.receivedDeliveries).toEqual({ ids: ['same-guid'], next: 1 });
		const afterRestart = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'same-guid'));
		expect(afterRestart.result.workflowData).toBeUndefined();

		const other = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'other-guid'));
		expect(other.result.workflowData?.[0]).toHaveLength(1);
	});

	it('recognises a delivery another process recorded in the shared static data after this one started', async () => {
		const harness = armed();
		await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'first-here'));
		// Another process received this one and n8n saved its static data, which every later call loads.
		(harness.staticData.receivedDeliveries as { ids: string[] }).ids.push('received-elsewhere');
		const copy = await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, 'received-elsewhere'));
		expect(copy.result.workflowData).toBeUndefined();
		expect(copy.response.body).toEqual({ message: 'Delivery already received' });
	});

	it('keeps a bounded list of the 500 most recent delivery ids, in memory and across a restart', async () => {
		const harness = armed();
		for (let i = 0; i < 510; i++) {
			await harness.deliver(signedDelivery('issues', { ...ISSUE_OPENED, action: 'closed' }, SECRET, `g-${i}`));
		}
		const remembered = (harness.staticData.receivedDeliveries as { ids: string[] }).ids;
		expect(remembered).toHaveLength(500);
		expect([...remembered].sort()).toEqual(Array.from({ length: 500 }, (_, i) => `g-${i + 10}`).sort());

		const outcome = async (id: string) =>
			(await harness.deliver(signedDelivery('issues', ISSUE_OPENED, SECRET, id))).response.body;
		// The oldest ten were forgotten: a redelivery of g-9 runs, g-10 (the oldest kept) does not.
		expect(await outcome('g-10')).toEqual({ message: 'Delivery already received' });
		forgetDeliveriesInMemory();
		expect(await outcome('g-509')).toEqual({ message: 'Delivery already received' });
		expect(await outcome('g-11')).toEqual({ message: 'Delivery already received' });
		expect(await outcome('g-9')).toBeUndefined();
	});
});
