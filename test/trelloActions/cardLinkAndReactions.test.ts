import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { LIST, card } from './fixtures';
import { ACTION } from './fixtures/ids';
import { contractProblems, expectedSent, rl, runTrello, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

describe('Card → Create: Attach Link', () => {
	it.each(['github.com/acme/app/pull/42', 'javascript:alert(1)', 'ftp://files.example.com/spec.pdf'])(
		'refuses "%s", which is no http(s) address, before sending anything',
		async (link) => {
			const api = trelloApi([]);

			const run = await runTrello({ resource: 'card', operation: 'create', list: rl(LIST, 'id'), name: 'Review', additionalFields: { urlSource: link } });

			const error = run.error('Trello');
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(`The "Attach Link" parameter is not a web address (got "${link}")`);
			expect(api.recorded).toEqual([]);
		},
	);

	it('sends the link as urlSource with the new card', async () => {
		const calls = [
			{ method: 'POST' as const, path: '/1/cards', query: { idList: LIST, name: 'Review', urlSource: 'https://example.com/doc?id=7&v=2' }, reply: card },
		];
		const api = trelloApi(calls);

		const run = await runTrello({
			resource: 'card',
			operation: 'create',
			list: rl(LIST, 'id'),
			name: 'Review',
			additionalFields: { urlSource: 'https://example.com/doc?id=7&v=2' },
		});

		expect(run.json('Trello')).toEqual([card]);
		expect(api.sent()).toEqual(expectedSent(calls));
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});
});

describe('Comment → Add Reaction', () => {
	it.each([
		['👍', { native: '👍' }],
		['thumbsup', { shortName: 'thumbsup' }],
		[':white_check_mark:', { shortName: 'white_check_mark' }],
		['+1', { shortName: '+1' }],
	])('sends "%s" as %j', async (emoji, body) => {
		const api = trelloApi([{ method: 'POST', path: `/1/actions/${ACTION}/reactions`, body, reply: { id: 'r' } }]);

		const run = await runTrello({ resource: 'comment', operation: 'addReaction', comment: rl(ACTION, 'id'), emoji });

		expect(run.json('Trello')).toEqual([{ id: 'r' }]);
		expect(api.recorded[0].body).toEqual(body);
		expect(contractProblems(api.recorded[0])).toEqual([]);
	});

	it('refuses an empty emoji before sending anything', async () => {
		const api = trelloApi([]);

		const run = await runTrello({ resource: 'comment', operation: 'addReaction', comment: rl(ACTION, 'id'), emoji: '  ' });

		expect(run.error('Trello')?.message).toBe('The "Emoji" parameter is empty');
		expect(api.recorded).toEqual([]);
	});
});
