import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { SimulatedRequest } from '../fakes/simulatedRepository';
import { serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

function trigger(events: string[], extra: IDataObject = {}): TriggerHarness {
	return new TriggerHarness(
		'gitHubPollTrigger',
		{ authentication: 'accessToken', trigger: 'repositoryEvents', events, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'], ...extra },
		credentialsFor(),
	);
}

async function poll(harness: TriggerHarness, mode: 'trigger' | 'manual' = 'trigger'): Promise<IDataObject[]> {
	const result = await harness.poll(mode);
	return result === null ? [] : result[0].map((item) => item.json);
}

/** Trigger, action and what the item shows of the label or milestone. */
function summary(item: IDataObject): IDataObject {
	const payload = item.payload as IDataObject;
	const object = (payload.label ?? payload.milestone) as IDataObject;
	return { trigger: item.trigger, action: item.action, name: object.name ?? object.title, ...(payload.changes ? { changes: payload.changes } : {}) };
}

describe('GitHub Poll Trigger: labels and milestones', () => {
	let now = Date.parse('2026-11-20T10:00:00Z');
	beforeEach(() => {
		resetGitHubRateLimitState();
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	const paths = (requests: SimulatedRequest[]) => requests.map((request) => `${request.status} ${request.path}?page=${request.query.page}`);

	it('New Label, Label Updated, Label Deleted: compared with the labels last seen, over every page, each page conditional (an idle poll costs nothing)', async () => {
		const repository = new SimulatedRepository();
		// 150 labels: two pages (GitHub lists them by name).
		for (let i = 0; i < 150; i++) repository.createLabel(`area-${String(i).padStart(3, '0')}`);
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['newLabel', 'updatedLabel', 'deletedLabel']);
		now = repository.tick(5).clock;
		expect(await poll(harness)).toEqual([]);
		expect(paths(recorded)).toEqual(['200 /repos/octo/hello/labels?page=1', '200 /repos/octo/hello/labels?page=2']);

		let before = recorded.length;
		now = repository.tick(60).clock;
		expect(await poll(harness)).toEqual([]);
		expect(paths(recorded.slice(before))).toEqual(['304 /repos/octo/hello/labels?page=1', '304 /repos/octo/hello/labels?page=2']);

		// A label sorting last lands on page 2 only; page 1 stays the same (304) and the label is still seen.
		const zulu = repository.createLabel('zulu', 'ff0000', 'last by name');
		const first = repository.labels[0];
		before = recorded.length;
		now = repository.tick(60).clock;
		const created = await poll(harness);
		expect(paths(recorded.slice(before))).toEqual(['304 /repos/octo/hello/labels?page=1', '200 /repos/octo/hello/labels?page=2']);
		expect(created.map(summary)).toEqual([{ trigger: 'New Label', action: 'created', name: 'zulu' }]);
		expect(created[0]).toMatchObject({ event: 'label', deliveryId: null, payload: { label: zulu, repository: { full_name: 'octo/hello' } } });

		repository.editLabel(first, { color: '00ff00', description: 'edited' });
		repository.editLabel(zulu, { name: 'zz-top' });
		now = repository.tick(60).clock;
		expect((await poll(harness)).map(summary)).toEqual([
			{ trigger: 'Label Updated', action: 'edited', name: 'area-000', changes: { color: { from: 'ededed' }, description: { from: null } } },
			{ trigger: 'Label Updated', action: 'edited', name: 'zz-top', changes: { name: { from: 'zulu' } } },
		]);

		repository.deleteLabel(first);
		now = repository.tick(60).clock;
		const deleted = await poll(harness);
		expect(deleted.map(summary)).toEqual([{ trigger: 'Label Deleted', action: 'deleted', name: 'area-000' }]);
		expect((deleted[0].payload as IDataObject).label).toEqual({ id: first.id, name: 'area-000', color: '00ff00', description: 'edited', default: false });

		// Created again under the same name: a new label (a new id).
		repository.createLabel('area-000');
		now = repository.tick(60).clock;
		expect((await poll(harness)).map(summary)).toEqual([{ trigger: 'New Label', action: 'created', name: 'area-000' }]);
		now = repository.tick(60).clock;
		expect(await poll(harness)).toEqual([]);
	});

	it('labels: the Labels filter applies; Max Items per Poll leaves the rest to the next poll, each change once', async () => {
		const repository = new SimulatedRepository();
		repository.createLabel('bug');
		serveSimulatedRepositories([repository]);
		const harness = trigger(['newLabel', 'deletedLabel'], { filters: { labels: 'bug,docs,wontfix' }, options: { maxItemsPerPoll: 1 } });
		now = repository.tick(5).clock;
		expect(await poll(harness)).toEqual([]);
		repository.createLabel('docs');
		repository.createLabel('feature');
		repository.createLabel('wontfix');
		repository.deleteLabel(repository.labels[0]);
		const seen: IDataObject[] = [];
		for (let i = 0; i < 5; i++) {
			now = repository.tick(60).clock;
			const items = await poll(harness);
			expect(items.length).toBeLessThanOrEqual(1);
			seen.push(...items.map(summary));
		}
		expect(seen).toEqual([
			{ trigger: 'New Label', action: 'created', name: 'docs' },
			{ trigger: 'New Label', action: 'created', name: 'wontfix' },
			{ trigger: 'Label Deleted', action: 'deleted', name: 'bug' },
		]);
	});

	it('New Milestone, Milestone Closed: creations and closings after the cursor, every page conditional; created and closed between two polls gives both', async () => {
		const repository = new SimulatedRepository();
		repository.createMilestone('old', '2026-12-01T00:00:00Z');
		for (let i = 0; i < 100; i++) repository.createMilestone(`m${i}`, '2027-01-01T00:00:00Z');
		const recorded = serveSimulatedRepositories([repository]);
		const harness = trigger(['newMilestone', 'closedMilestone']);
		now = repository.tick(5).clock;
		expect(await poll(harness)).toEqual([]);
		expect(recorded.map((request) => request.query)).toEqual([1, 2].map((page) => ({ state: 'all', sort: 'due_on', direction: 'asc', per_page: '100', page: String(page) })));

		let before = recorded.length;
		now = repository.tick(60).clock;
		expect(await poll(harness)).toEqual([]);
		expect(paths(recorded.slice(before))).toEqual(['304 /repos/octo/hello/milestones?page=1', '304 /repos/octo/hello/milestones?page=2']);

		// "v2" has no due date: it lands last, on page 2; closing "old" changes page 1.
		repository.tick();
		const late = repository.createMilestone('v2', null);
		repository.tick();
		repository.closeMilestone(late);
		repository.tick();
		repository.closeMilestone(repository.milestones[0]);
		before = recorded.length;
		now = repository.tick(60).clock;
		const items = await poll(harness);
		expect(paths(recorded.slice(before))).toEqual(['200 /repos/octo/hello/milestones?page=1', '200 /repos/octo/hello/milestones?page=2']);
		expect(items.map(summary)).toEqual([
			{ trigger: 'New Milestone', action: 'created', name: 'v2' },
			{ trigger: 'Milestone Closed', action: 'closed', name: 'v2' },
			{ trigger: 'Milestone Closed', action: 'closed', name: 'old' },
		]);
		expect(items[0]).toMatchObject({ event: 'milestone', deliveryId: null, payload: { milestone: late } });

		// Reopened and closed again: a new closing.
		repository.reopenMilestone(late);
		repository.tick();
		repository.closeMilestone(late);
		now = repository.tick(60).clock;
		expect((await poll(harness)).map(summary)).toEqual([{ trigger: 'Milestone Closed', action: 'closed', name: 'v2' }]);
		now = repository.tick(60).clock;
		expect(await poll(harness)).toEqual([]);
	});

	it('milestones: Max Items per Poll spreads the changes over polls without a gap; "Fetch Test Event" shows the latest and moves nothing', async () => {
		const repository = new SimulatedRepository();
		serveSimulatedRepositories([repository]);
		const harness = trigger(['newMilestone', 'closedMilestone'], { options: { maxItemsPerPoll: 2 } });
		now = repository.tick(5).clock;
		expect(await poll(harness)).toEqual([]);
		const titles: string[] = [];
		for (let i = 0; i < 5; i++) {
			repository.tick();
			titles.push(String(repository.createMilestone(`m${i}`).title));
		}
		now = repository.tick(60).clock;
		expect((await poll(harness, 'manual')).map(summary)).toEqual([{ trigger: 'New Milestone', action: 'created', name: 'm4' }]);
		const seen: string[] = [];
		for (let i = 0; i < 4; i++) {
			now = repository.tick(60).clock;
			seen.push(...(await poll(harness)).map((item) => String(summary(item).name)));
		}
		expect(seen).toEqual(titles);
	});
});
