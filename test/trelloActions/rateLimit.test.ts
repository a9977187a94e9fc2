import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { FakeTrello } from '../fakes/fakeTrello';
import { KEY, rl, runTrello, TOKEN } from './support';

const ITEMS = 300;

describe('Trello node under Trello’s 100 requests / 10 s per-token limit', () => {
	const trello = new FakeTrello();

	beforeAll(async () => {
		resetTrelloRateLimitState();
		trello.enforceLimit = true;
		trello.accounts.push({ apiKey: KEY, apiToken: TOKEN });
		trello.on('GET', '/1/cards/{id}', (request) => ({ body: { id: request.params.id, name: `Card ${request.params.id}` } }));
		await trello.start();
	});

	afterAll(async () => await trello.stop());

	it(
		`finishes a ${ITEMS}-item run with no failed item`,
		async () => {
			const ids = Array.from({ length: ITEMS }, (_, i) => (0x61b2c3d4e5f6 * 0x1000000 + i).toString(16).padStart(24, '0'));

			const run = await runTrello(
				{ resource: 'card', operation: 'get', card: rl('={{ $json.card }}') },
				'keyToken',
				ids.map((card) => ({ card })),
				{ apiBaseUrl: trello.baseUrl, continueOnFail: true },
			);

			const output = run.json('Trello');
			expect(output.filter((item) => item.error !== undefined)).toEqual([]);
			expect(output.map((item) => item.id)).toEqual(ids);
			const cardRequests = trello.received.filter((request) => request.path.startsWith('/1/cards/'));
			expect(cardRequests.length - trello.refusals.length).toBe(ITEMS);
			// Requests are paced to the window rather than retried after refusals: without pacing,
			// every request beyond the first 100 of each window would be refused at least once.
			expect(trello.refusals.length).toBeLessThan(ITEMS / 10);
		},
		180_000,
	);
});
