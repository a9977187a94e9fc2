import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { MAX_ETAG_LENGTH } from '../../nodes/GitHub/triggers/polling/pollRun';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

/**
 * An answer whose ETag is far longer than GitHub's (about 50 characters) but within what Node's
 * HTTP parser reads (16 kB of headers): it is neither stored in the static data nor sent back as
 * If-None-Match, and the poll carries on as without an ETag. A longer header cannot be read at all.
 */
const HUGE_ETAG = `W/"${'a'.repeat(12_000)}"`;
const UNREADABLE_ETAG = `W/"${'a'.repeat(60_000)}"`;
const LABELS = '/repos/octo/hello/labels';
const ISSUES = '/repos/octo/hello/issues';

function trigger(): TriggerHarness {
	return new TriggerHarness(
		'gitHubPollTrigger',
		{ authentication: 'accessToken', trigger: 'repositoryEvents', events: ['newLabel', 'newIssue'], owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
		credentialsFor(),
	);
}

const storedEtags = (harness: TriggerHarness) => (harness.staticData.etags ?? {}) as Record<string, string>;

describe('GitHub Poll Trigger: ETags are bounded', () => {
	let now = Date.parse('2026-11-20T10:00:00Z');
	beforeEach(() => {
		resetGitHubRateLimitState();
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	it('a 12 kB ETag is not stored or sent back; the poll goes on and the other lists keep theirs', async () => {
		const repository = new SimulatedRepository();
		repository.createLabel('bug');
		const recorded = serveSimulatedRepositories([repository], undefined, [], 'mona', {
			intercept: (request) => (request.path === LABELS ? { answeredWith: { etag: HUGE_ETAG } } : undefined),
		});
		const harness = trigger();
		now = repository.tick(5).clock;
		const poll = async () => {
			const result = await harness.poll();
			return result === null ? [] : result[0].map((item) => item.json);
		};
		expect(await poll()).toEqual([]);
		const urls = Object.keys(storedEtags(harness));
		expect(urls.some((url) => url.startsWith(`${ISSUES}?`))).toBe(true);
		expect(urls.filter((url) => url.startsWith(`${LABELS}?`))).toEqual([]);
		expect(Object.values(storedEtags(harness)).every((etag) => etag.length <= MAX_ETAG_LENGTH)).toBe(true);

		const label = repository.createLabel('triage');
		const before = recorded.length;
		now = repository.tick(60).clock;
		const items = await poll();
		expect(items.map((item) => [item.trigger, (item.payload as IDataObject).action, ((item.payload as IDataObject).label as IDataObject).id])).toEqual([['New Label', 'created', label.id]]);
		const asked = recorded.slice(before);
		expect(asked.map((request) => `${request.status} ${request.path}`)).toEqual([`304 ${ISSUES}`, `200 ${LABELS}`]);
		expect(asked.find((request) => request.path === LABELS)?.headers['if-none-match']).toBeUndefined();
		expect(asked.find((request) => request.path === ISSUES)?.headers['if-none-match']).toMatch(/^W\/"[0-9a-f]{40}"$/);
	});

	it('an over-long ETag already in the static data (kept before the bound) is not sent', async () => {
		const repository = new SimulatedRepository();
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger();
		now = repository.tick(5).clock;
		await harness.poll();
		const etags = storedEtags(harness);
		const labelsUrl = Object.keys(etags).find((url) => url.startsWith(`${LABELS}?`));
		expect(labelsUrl).toBeDefined();
		etags[labelsUrl!] = HUGE_ETAG;
		const before = recorded.length;
		now = repository.tick(60).clock;
		expect(await harness.poll()).toBeNull();
		const labels = recorded.slice(before).find((request) => request.path === LABELS);
		expect(labels?.status).toBe(200);
		expect(labels?.headers['if-none-match']).toBeUndefined();
	});

	it('a 60 kB ETag makes the answer unreadable (Node\'s parser: "Header overflow"): the poll fails as for a 502, the next one emits the change once', async () => {
		const repository = new SimulatedRepository();
		let oversized = false;
		const recorded = serveSimulatedRepositories([repository], undefined, [], 'mona', {
			intercept: (request) => (oversized && request.path === LABELS ? { answeredWith: { etag: UNREADABLE_ETAG } } : undefined),
		});
		const harness = trigger();
		now = repository.tick(5).clock;
		await harness.poll();
		const label = repository.createLabel('triage');
		oversized = true;
		now = repository.tick(60).clock;
		await expect(harness.poll()).rejects.toThrow('GitHub request failed: Parse Error: Header overflow');
		expect(Object.values(storedEtags(harness)).every((etag) => etag.length <= MAX_ETAG_LENGTH)).toBe(true);
		oversized = false;
		const before = recorded.length;
		now = repository.tick(60).clock;
		const result = await harness.poll();
		expect(result?.[0].map((item) => [item.json.trigger, ((item.json.payload as IDataObject).label as IDataObject).id])).toEqual([['New Label', label.id]]);
		expect(recorded.slice(before).find((request) => request.path === LABELS)?.headers['if-none-match']).toMatch(/^W\/"[0-9a-f]{40}"$/);
		now = repository.tick(60).clock;
		expect(await harness.poll()).toBeNull();
	});
});
