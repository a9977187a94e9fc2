import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { SimulatedFault } from '../fakes/simulatedRepository';
import { rateLimitRefusal, serveSimulatedRepositories, SimulatedRepository } from '../fakes/simulatedRepository';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor } from './helpers';

/**
 * A label, a milestone and an issue created and then edited. GitHub's webhook sends `created`
 * (`opened`) and then `edited`; a poll sees only the state at the moment it reads. Seen by a poll
 * between the two changes, both items come (the edit compared with what that poll saw); created and
 * edited between two reads, the one item is New Label / New Milestone / New Issue with the state
 * as read: labels carry no time, a milestone's `updated_at` moves with its issues too, and GitHub
 * lists no event for a body edit, so no list tells that an object unseen before was edited.
 */
const HOUR = 3_600_000;
const EVENTS = ['newLabel', 'updatedLabel', 'newMilestone', 'closedMilestone', 'newIssue', 'updatedIssue'];

type FaultKind = '502' | 'timeout' | 'rate limit';
const FAULT_KINDS: FaultKind[] = ['502', 'timeout', 'rate limit'];

function faultOf(kind: FaultKind, now: number): SimulatedFault {
	if (kind === '502') return { status: 502, body: { message: 'Server Error' } };
	if (kind === 'timeout') return { error: 'ETIMEDOUT' };
	return rateLimitRefusal(now + HOUR);
}

/** Trigger, action and what the item names: the label's or milestone's name, the issue's title and body, and `changes`. */
function summary(item: IDataObject): string {
	const payload = item.payload as IDataObject;
	const subject = (payload.label ?? payload.milestone ?? payload.issue) as IDataObject;
	const shown = subject.name ?? (payload.issue ? `${String(subject.title)}: ${String(subject.body)}` : subject.title);
	return `${String(item.trigger)}|${String(payload.action)}|${String(shown)}${payload.changes ? `|${JSON.stringify(payload.changes)}` : ''}`;
}

describe('GitHub Poll Trigger: created, then edited', () => {
	let now = Date.parse('2026-11-20T10:00:00Z');
	beforeEach(() => {
		resetGitHubRateLimitState();
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
		nock.cleanAll();
	});

	/**
	 * Created before poll 2, edited after it; poll 2 meets `kind` at its request `position` (0: none).
	 * Returns whether the fault was met, what poll 2 returned and what all polls emitted.
	 */
	async function run(kind: FaultKind, position: number): Promise<{ hit: boolean; second: string[]; all: string[] }> {
		nock.cleanAll();
		resetGitHubRateLimitState();
		now = Date.parse('2026-11-20T10:00:00Z');
		const repository = new SimulatedRepository();
		repository.createLabel('bug');
		repository.tick(5);
		let armed = false;
		let count = 0;
		let hit = false;
		serveSimulatedRepositories([repository], undefined, [], 'mona', {
			intercept: () => {
				if (!armed || ++count !== position) return undefined;
				hit = true;
				return faultOf(kind, now);
			},
		});
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', trigger: 'repositoryEvents', events: EVENTS, owner: { __rl: true, mode: 'name', value: 'octo' }, repositories: ['hello'] },
			credentialsFor(),
		);
		const emitted = async () => {
			try {
				const result = await harness.poll();
				return result === null ? [] : result[0].map((item) => summary(item.json));
			} catch {
				return [];
			}
		};
		now = repository.tick(5).clock;
		expect(await harness.poll()).toBeNull();
		repository.tick();
		const label = repository.createLabel('triage', 'ededed', null);
		repository.tick();
		const milestone = repository.createMilestone('v1');
		repository.tick();
		const issue = repository.openIssue('crash on start');
		now = repository.tick(60).clock;
		armed = true;
		const second = await emitted();
		armed = false;
		repository.tick();
		repository.editLabel(label, { name: 'triaged', description: 'looked at' });
		repository.editMilestone(milestone, { title: 'v1.0' });
		repository.editBody(Number(issue.number), 'steps to reproduce');
		// After GitHub's rate-limit reset, nothing else changes: the polls only catch up.
		now = repository.tick(3_660).clock;
		const third = await emitted();
		now = repository.tick(60).clock;
		const fourth = await emitted();
		return { hit, second, all: [...second, ...third, ...fourth] };
	}

	/** Both items when a poll saw the object between the changes; else the one item with the state as read. */
	function expected(second: string[]): string[] {
		const sawLabel = second.includes('New Label|created|triage');
		const sawIssue = second.some((item) => item.startsWith('New Issue|opened|'));
		return [
			...(sawLabel
				? ['New Label|created|triage', 'Label Updated|edited|triaged|{"name":{"from":"triage"},"description":{"from":null}}']
				: ['New Label|created|triaged']),
			// Milestone Updated is not polled: one New Milestone, titled as the poll that emitted it read it.
			second.includes('New Milestone|created|v1') ? 'New Milestone|created|v1' : 'New Milestone|created|v1.0',
			...(sawIssue ? ['New Issue|opened|crash on start: ', 'Updated Issue|edited|crash on start: steps to reproduce'] : ['New Issue|opened|crash on start: steps to reproduce']),
		].sort();
	}

	it('without a fault: poll 2 sees each object, poll 3 its edit (the label\'s and the issue\'s), each once', async () => {
		const { second, all } = await run('502', 0);
		expect(second.sort()).toEqual(['New Issue|opened|crash on start: ', 'New Label|created|triage', 'New Milestone|created|v1']);
		expect(all.sort()).toEqual(expected(second));
	});

	it('created and edited between two reads: one New Label, New Milestone and New Issue, with the state as read', async () => {
		// Every request of poll 2 times out: it reads nothing, so the next poll reads after both changes.
		const { all } = await run('timeout', 1);
		expect(all.sort()).toEqual(['New Issue|opened|crash on start: steps to reproduce', 'New Label|created|triaged', 'New Milestone|created|v1.0']);
	});

	it.each(FAULT_KINDS)('a %s at each request of poll 2 in turn: both items when poll 2 kept what it read, else one, never lost or twice', async (kind) => {
		let position = 1;
		const labelSeenInPoll2 = new Set<boolean>();
		for (; ; position++) {
			const { hit, second, all } = await run(kind, position);
			if (!hit) break;
			const where = `${kind} at request ${position}`;
			expect({ where, emitted: all.sort() }).toEqual({ where, emitted: expected(second) });
			labelSeenInPoll2.add(second.includes('New Label|created|triage'));
		}
		// Issues, issue events, labels, milestones: every request of poll 2 was faulted once.
		expect(position - 1).toBeGreaterThanOrEqual(4);
		// A failed poll returns nothing; a rate limit returns the parts read before it, the labels among them or not.
		expect([...labelSeenInPoll2].sort()).toEqual(kind === 'rate limit' ? [false, true] : [false]);
	});
});
