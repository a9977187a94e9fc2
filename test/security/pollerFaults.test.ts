import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { pollTrigger } from '../githubTriggers/helpers';
import { TriggerHarness } from '../harness/triggers';
import { keyTokenCredentials } from '../trelloTriggers/helpers';

/**
 * The other pollers (New Gist, New Repository, New Watcher, New Mention; Trello's Notification and Due Date
 * triggers) with a request failing at each position of a poll in turn: the poll shows the error,
 * its position stays where it was, and the next poll emits every new entry exactly once.
 */
const GITHUB = 'https://api.github.com';
const TRELLO = 'https://api.trello.com';
const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const HOUR = 3_600_000;

type Fault = { status: number; body: unknown; headers?: Record<string, string> } | { error: string };
type Answer = [status: number, body: unknown, headers?: Record<string, string>];

const GITHUB_FAULTS: Record<string, (now: number) => Fault> = {
	'502': () => ({ status: 502, body: { message: 'Server Error' } }),
	'503': () => ({ status: 503, body: { message: 'Service Unavailable' } }),
	'403 rate limit': (now) => ({
		status: 403,
		body: { message: 'API rate limit exceeded for user ID 1.' },
		headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor((now + HOUR) / 1000)), 'x-ratelimit-resource': 'core' },
	}),
	timeout: () => ({ error: 'ETIMEDOUT' }),
};

const TRELLO_FAULTS: Record<string, (now: number) => Fault> = {
	'502': () => ({ status: 502, body: 'Bad Gateway' }),
	'503': () => ({ status: 503, body: 'Service Unavailable' }),
	'429 rate limit': () => ({ status: 429, body: { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' }, headers: { 'retry-after': '3600' } }),
	timeout: () => ({ error: 'ETIMEDOUT' }),
};

/** Serves `answer` for every GET to the origin, but the request numbered `faultAt` (from 1, while armed) gets the fault. */
function serve(origin: string, answer: (url: URL) => Answer, fault: () => Fault) {
	const counter = { armed: false, count: 0, faultAt: 0, hit: false };
	nock(origin)
		.persist()
		.get(() => true)
		.reply(function (uri, _body, callback) {
			if (counter.armed && ++counter.count === counter.faultAt) {
				counter.hit = true;
				const chosen = fault();
				if ('error' in chosen) callback(Object.assign(new Error(chosen.error), { code: chosen.error }), [0, '']);
				else callback(null, [chosen.status, JSON.stringify(chosen.body), chosen.headers ?? {}]);
				return;
			}
			const [status, body, headers] = answer(new URL(uri, origin));
			callback(null, [status, JSON.stringify(body), headers ?? {}]);
		});
	return counter;
}

const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A GitHub list answered page by page (per_page, page, Link rel="next"), after `filter`. */
function githubPages(path: string, entries: IDataObject[], url: URL): Answer {
	const perPage = Number(url.searchParams.get('per_page') ?? 30);
	const page = Number(url.searchParams.get('page') ?? 1);
	const next = new URL(url.href);
	next.searchParams.set('page', String(page + 1));
	const more = page * perPage < entries.length;
	return [200, entries.slice((page - 1) * perPage, page * perPage), more ? { link: `<${next.href}>; rel="next"` } : {}];
}

interface Scenario {
	name: string;
	/** A harness whose first poll has run; `changes` then adds what the next poll must emit. */
	start: () => Promise<{ harness: TriggerHarness; expected: string[] }>;
	ids: (result: Awaited<ReturnType<TriggerHarness['poll']>>) => string[];
}

let now = NOW;
beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
	now = NOW;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
	jest.restoreAllMocks();
	nock.cleanAll();
});

async function sweep(origin: string, faults: Record<string, (now: number) => Fault>, kind: string, build: (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>) => Scenario): Promise<number> {
	let position = 1;
	for (; ; position++) {
		nock.cleanAll();
		resetGitHubRateLimitState();
		resetTrelloRateLimitState();
		now = NOW;
		let counter: ReturnType<typeof serve> | undefined;
		const scenario = build((answer) => (counter = serve(origin, answer, () => faults[kind](now))));
		const { harness, expected } = await scenario.start();
		counter!.armed = true;
		counter!.faultAt = position;
		const where = `${scenario.name}: ${kind} at request ${position}`;
		const failure = await harness.poll().then(
			(result) => ({ emitted: scenario.ids(result) }),
			(error: Error) => ({ error }),
		);
		counter!.armed = false;
		if (!counter!.hit) {
			expect({ where, emitted: 'emitted' in failure ? [...failure.emitted].sort() : failure }).toEqual({ where, emitted: [...expected].sort() });
			break;
		}
		expect({ where, failed: 'error' in failure && failure.error instanceof NodeApiError }).toEqual({ where, failed: true });
		now += HOUR + 60_000;
		const emitted = [...scenario.ids(await harness.poll()), ...scenario.ids(await harness.poll())];
		expect({ where, emitted: emitted.sort() }).toEqual({ where, emitted: [...expected].sort() });
	}
	return position - 1;
}

describe('GitHub Poll Trigger account pollers: a request failing part-way', () => {
	const payloadIds = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => (result === null ? [] : result[0].map((item) => String((item.json.payload as IDataObject).id)));

	const gists = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'New Gist',
		ids: payloadIds,
		start: async () => {
			const gistsList: IDataObject[] = [{ id: 'old', created_at: at(NOW - HOUR), updated_at: at(NOW - HOUR) }];
			serveWith((url) => {
				const since = url.searchParams.get('since');
				const listed = gistsList.filter((gist) => !since || Date.parse(String(gist.updated_at)) >= Date.parse(since)).sort((a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)));
				return githubPages('/gists', listed, url);
			});
			const harness = pollTrigger({ trigger: 'newGist' });
			expect(await harness.poll()).toBeNull();
			const expected: string[] = [];
			for (let i = 0; i < 150; i++) {
				gistsList.push({ id: `g${i}`, created_at: at(NOW - 30 * 60_000 + i * 1000), updated_at: at(NOW - 30 * 60_000 + i * 1000) });
				expected.push(`g${i}`);
			}
			return { harness, expected };
		},
	});

	const repositories = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'New Repository',
		ids: payloadIds,
		start: async () => {
			const listed: IDataObject[] = [{ id: 1, full_name: 'mona/old', created_at: at(NOW - HOUR) }];
			serveWith((url) => githubPages('/user/repos', [...listed].sort((a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at))), url));
			const harness = pollTrigger({ trigger: 'newRepository' });
			expect(await harness.poll()).toBeNull();
			const expected: string[] = [];
			for (let i = 0; i < 150; i++) {
				listed.push({ id: 100 + i, full_name: `mona/r${i}`, created_at: at(NOW - 30 * 60_000 + i * 1000) });
				expected.push(String(100 + i));
			}
			return { harness, expected };
		},
	});

	const watchers = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'New Watcher',
		ids: payloadIds,
		start: async () => {
			const listed: IDataObject[] = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, login: `early${i}` }));
			serveWith((url) => githubPages('/repos/octo/hello/subscribers', listed, url));
			const harness = pollTrigger({ trigger: 'newWatcher', owner: { __rl: true, mode: 'name', value: 'octo' }, repository: { __rl: true, mode: 'name', value: 'hello' } });
			expect(await harness.poll()).toBeNull();
			const expected: string[] = [];
			for (let i = 0; i < 60; i++) {
				listed.push({ id: 1000 + i, login: `late${i}` });
				expected.push(String(1000 + i));
			}
			return { harness, expected };
		},
	});

	const mentions = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'New Mention',
		ids: payloadIds,
		start: async () => {
			const threads: IDataObject[] = [{ id: 't0', reason: 'mention', updated_at: at(NOW - HOUR) }];
			serveWith((url) => {
				const since = url.searchParams.get('since');
				const listed = threads.filter((thread) => !since || Date.parse(String(thread.updated_at)) >= Date.parse(since)).sort((a, b) => Date.parse(String(b.updated_at)) - Date.parse(String(a.updated_at)));
				return githubPages('/notifications', listed, url);
			});
			const harness = pollTrigger({ trigger: 'newMention', onlyParticipating: true });
			expect(await harness.poll()).toBeNull();
			const expected: string[] = [];
			for (let i = 0; i < 70; i++) {
				threads.push({ id: `t${i + 1}`, reason: 'mention', updated_at: at(NOW - 30 * 60_000 + i * 1000) });
				expected.push(`t${i + 1}`);
			}
			return { harness, expected };
		},
	});

	it.each(Object.keys(GITHUB_FAULTS))('New Gist, New Repository, New Watcher, New Mention (two pages each): a %s at each request', async (kind) => {
		for (const scenario of [gists, repositories, watchers, mentions]) expect(await sweep(GITHUB, GITHUB_FAULTS, kind, scenario)).toBe(2);
	}, 120_000);
});

describe('Trello Notification and Due Date Triggers: a request failing part-way', () => {
	const idAt = (ms: number, serial: number) => Math.floor(ms / 1000).toString(16).padStart(8, '0') + serial.toString(16).padStart(16, '0');

	const notifications = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'Notification Trigger',
		ids: (result) => (result === null ? [] : result[0].map((item) => String(item.json.notificationId))),
		start: async () => {
			const listed: IDataObject[] = [];
			serveWith((url) => {
				const since = url.searchParams.get('since') ?? '';
				const before = url.searchParams.get('before');
				const limit = Number(url.searchParams.get('limit') ?? 50);
				const page = listed
					.filter((entry) => String(entry.id) > since && (!before || String(entry.id) < before))
					.sort((a, b) => String(b.id).localeCompare(String(a.id)))
					.slice(0, limit);
				return [200, page];
			});
			const harness = new TriggerHarness('trelloNotificationTrigger', { authentication: 'keyToken' }, keyTokenCredentials as never);
			expect(await harness.poll()).toBeNull();
			// More than a page (Trello gives at most 1000): the poll reads two.
			const expected: string[] = [];
			for (let i = 0; i < 1100; i++) {
				const id = idAt(NOW + 1000 + i * 100, i);
				listed.push({ id, type: 'commentCard', date: new Date(NOW + 1000 + i * 100).toISOString(), unread: true, data: {} });
				expected.push(id);
			}
			now = NOW + 200_000;
			return { harness, expected };
		},
	});

	const boards = ['5f1a1a1a1a1a1a1a1a1a1a01', '5f1a1a1a1a1a1a1a1a1a1a02', '5f1a1a1a1a1a1a1a1a1a1a03'];
	const dueDates = (serveWith: (answer: (url: URL) => Answer) => ReturnType<typeof serve>): Scenario => ({
		name: 'Due Date Trigger',
		ids: (result) => (result === null ? [] : result[0].map((item) => String((item.json.card as IDataObject).id))),
		start: async () => {
			const cards = new Map<string, IDataObject[]>(boards.map((board) => [board, []]));
			serveWith((url) => {
				const board = url.pathname.split('/').pop()!;
				return [200, { id: board, name: `Board ${board.slice(-2)}`, cards: cards.get(board) ?? [], lists: [{ id: 'list1', name: 'To Do' }] }];
			});
			const harness = new TriggerHarness('trelloDueDateTrigger', { authentication: 'keyToken', boards, window: 'dueSoon', dueWithinHours: 24, incompleteOnly: true }, keyTokenCredentials as never);
			expect(await harness.poll()).toBeNull();
			// Due in 3 hours: still due soon after the hour the recovery waits.
			const due = new Date(NOW + 3 * HOUR).toISOString();
			const expected = boards.map((board, i) => {
				const id = `6571a0c4e2f1b2003d9e7a0${i}`;
				cards.get(board)!.push({ id, name: `card ${i}`, due, dueComplete: false, idBoard: board, idList: 'list1', idMembers: [], shortLink: `s${i}`, shortUrl: `https://trello.com/c/s${i}` });
				return id;
			});
			return { harness, expected };
		},
	});

	it.each(Object.keys(TRELLO_FAULTS))('Notification Trigger (two pages) and Due Date Trigger (three boards): a %s at each request', async (kind) => {
		expect(await sweep(TRELLO, TRELLO_FAULTS, kind, notifications)).toBe(2);
		expect(await sweep(TRELLO, TRELLO_FAULTS, kind, dueDates)).toBe(3);
	}, 120_000);

	it('Due Date Trigger: a board that answers with nothing once keeps its cards\' records; they are not reported again', async () => {
		let emptyBoard: string | undefined;
		const due = new Date(NOW + 3 * HOUR).toISOString();
		nock(TRELLO)
			.persist()
			.get(() => true)
			.reply((uri) => {
				const board = new URL(uri, TRELLO).pathname.split('/').pop()!;
				if (board === emptyBoard) return [200, ''];
				const card = { id: `card-${board.slice(-2)}`, name: 'x', due, dueComplete: false, idBoard: board, idList: 'list1', idMembers: [], shortLink: 's', shortUrl: 'https://trello.com/c/s' };
				return [200, { id: board, name: 'Board', cards: [card], lists: [{ id: 'list1', name: 'To Do' }] }];
			});
		const harness = new TriggerHarness('trelloDueDateTrigger', { authentication: 'keyToken', boards, window: 'dueSoon', dueWithinHours: 24, incompleteOnly: true }, keyTokenCredentials as never);
		const cardIds = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => (result === null ? [] : result[0].map((item) => String((item.json.card as IDataObject).id)));
		expect(cardIds(await harness.poll())).toEqual(['card-01', 'card-02', 'card-03']);
		emptyBoard = boards[1];
		expect(await harness.poll()).toBeNull();
		emptyBoard = undefined;
		expect(await harness.poll()).toBeNull();
	});
});
