import nock from 'nock';

import { POLLED_REPOSITORY_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { listsFor } from '../../nodes/GitHub/triggers/polling/pollRun';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import type { SimulatedRequest } from '../../test/fakes/simulatedRepository';
import { LoopbackSimulatedGitHub, SimulatedOwner, SimulatedRepository } from '../../test/fakes/simulatedRepository';
import { TriggerHarness } from '../../test/harness/triggers';
import { rl } from '../common';
import { table } from '../report';
import { goals, section } from '../reportWriter';

/** 50 repositories polled every minute for an hour, as the goal states (smaller by env for quick runs). */
const REPOSITORIES = Number(process.env.BENCH_POLL_REPOSITORIES ?? 50);
const POLLS = Number(process.env.BENCH_POLL_MINUTES ?? 60);
const CHANGE_SHARE = 0.05;

/** `owner`: the conditional poller watching all repositories of the organization (its repository list read on each poll too). */
type Poller = 'conditional' | 'naive' | 'owner';

interface Outcome {
	firstPollUnits: number;
	laterUnits: number;
	changes: number;
	/** The items' trigger names, and those the changes must yield. */
	emitted: string[];
	expected: string[];
	/** Most requests one poll sent for one repository and URL path. */
	maxPerPathAndPoll: number;
	/** GraphQL points the discussions queries of the later polls cost (charged by the fake as GitHub charges them). */
	laterGraphqlPoints: number;
	/** URL paths (repository as {repo}) asked more than once in one later poll, with the most times. */
	repeatedPaths: Map<string, number>;
	/** What the first poll and the second asked of repository 0 and outside repositories ("GET /path?query"). */
	firstPollAsks: string[];
	secondPollAsks: string[];
	/** Per URL path (repository as {repo}): answers of the later polls that cost a unit (all but 304s). */
	laterUnitsByPath: Map<string, number>;
	/** Whether every REST request of the later polls carried If-None-Match. */
	laterAllConditional: boolean;
	/** Requests the run sent (304s included). */
	requests: number;
	ms: number;
}

/** Progress on stderr (jest prints a file's results only once every section in it has finished). */
function progress(message: string): void {
	process.stderr.write(`[bench] 7. Polling cost: ${message}\n`);
}

/** A repository's path with {owner}/{repo}. */
function template(path: string): string {
	return path.replace(/^\/repos\/octo\/repo\d+\//, '/repos/{owner}/{repo}/');
}

/** A request as the text shows it: the path with {owner}/{repo}, its query. */
function asked(request: SimulatedRequest): string {
	const path = template(request.path);
	const query = Object.entries(request.query)
		.filter(([name]) => name !== 'since')
		.map(([name, value]) => `${name}=${value}`)
		.concat(request.query.since === undefined ? [] : ['since=…'])
		.join('&');
	return `${request.method} ${path}${query ? `?${query}` : ''}`;
}

/** Repository 0's requests and those outside any repository (the owner's list, GraphQL). */
function askedOfFirstRepository(requests: SimulatedRequest[]): string[] {
	return requests.filter((request) => request.path.startsWith('/repos/octo/repo0/') || !request.path.startsWith('/repos/')).map(asked);
}

/** Deterministic "random": the same changes for both pollers. */
function sequence(seed: number): () => number {
	let state = seed;
	return () => {
		state = (Math.imul(state, 1103515245) + 12345) >>> 0;
		return state / 2 ** 32;
	};
}

/** Each kind of change and the items it must yield with every event chosen: a push is New Commit (its one commit) and New Push. */
const CHANGES: Array<{ make: (repository: SimulatedRepository, n: number) => void; yields: string[] }> = [
	{ make: (repository, n) => repository.openIssue(`issue ${n}`), yields: ['New Issue'] },
	{ make: (repository, n) => repository.openPullRequest(`pull ${n}`), yields: ['New Pull Request'] },
	{ make: (repository, n) => repository.star(`user${n}`), yields: ['New Star'] },
	{ make: (repository, n) => repository.tag(`v${n}`), yields: ['New Tag'] },
	{ make: (repository, n) => repository.push('main', [`commit ${n}`]), yields: ['New Commit', 'New Push'] },
	{ make: (repository, n) => repository.release(`r${n}`), yields: ['New Release'] },
	{ make: (repository, n) => repository.fork(`user${n}`), yields: ['New Fork'] },
	{ make: (repository) => repository.completeRun('success'), yields: ['Workflow Run Completed'] },
];

/** Makes a change and returns the items it must yield. */
function change(repository: SimulatedRepository, kind: number, n: number): string[] {
	repository.tick();
	const { make, yields } = CHANGES[kind % CHANGES.length];
	make(repository, n);
	return yields;
}

/** Trigger names and how often each came, in name order ("New Push × 15"). */
function tally(names: string[]): string[] {
	const counts = new Map<string, number>();
	for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
	return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => `${name} × ${count}`);
}

async function run(github: LoopbackSimulatedGitHub, poller: Poller, changing: boolean): Promise<Outcome> {
	resetGitHubRateLimitState();
	const repositories = Array.from({ length: REPOSITORIES }, (_, i) => new SimulatedRepository('octo', `repo${i}`, github.origin));
	const organization = new SimulatedOwner('octo', 'Organization', repositories, github.origin);
	const recorded: SimulatedRequest[] = github.serve(repositories, [organization]);
	const harness = new TriggerHarness(
		'gitHubPollTrigger',
		{
			authentication: 'accessToken',
			trigger: 'repositoryEvents',
			events: POLLED_REPOSITORY_TRIGGERS.map((row) => row.value),
			owner: rl('octo', 'name'),
			...(poller === 'owner' ? { watch: 'allOfOwner' } : { repositories: repositories.map((repository) => repository.name) }),
		},
		{ githubAccessTokenApi: { server: github.origin, accessToken: 'ghp_benchPollingToken0123456789abcdef' } },
	);
	const units = () => repositories.reduce((sum, repository) => sum + repository.unitsUsed, organization.unitsUsed);
	const random = sequence(7);
	const started = Date.now();
	let firstPollUnits = 0;
	let firstPollPoints = 0;
	let changes = 0;
	const emitted: string[] = [];
	const expected: string[] = [];
	let maxPerPathAndPoll = 0;
	const repeatedPaths = new Map<string, number>();
	let firstPollAsks: string[] = [];
	let secondPollAsks: string[] = [];
	let requests = 0;
	const laterUnitsByPath = new Map<string, number>();
	let laterAllConditional = true;
	for (let minute = 0; minute < POLLS; minute++) {
		if (minute % 10 === 0) progress(`${poller}${changing ? ' with changes' : ' idle'}: poll ${minute + 1} of ${POLLS}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
		if (minute > 0 && changing) {
			for (const repository of repositories) {
				if (random() < CHANGE_SHARE) expected.push(...change(repository, Math.floor(random() * CHANGES.length), changes++));
			}
		}
		for (const repository of repositories) repository.tick(60);
		// The naive poller: the same requests, never conditional.
		if (poller === 'naive') delete harness.staticData.etags;
		// Only this poll's requests are kept: a run records tens of thousands.
		recorded.length = 0;
		const result = await harness.poll();
		for (const entry of result?.[0] ?? []) emitted.push(String(entry.json.trigger));
		requests += recorded.length;
		const perPath = new Map<string, number>();
		// The owner's list is one URL per page.
		for (const request of recorded) {
			const url = request.query.page && !request.path.startsWith('/repos/') ? `${request.path}?page=${request.query.page}` : request.path;
			perPath.set(url, (perPath.get(url) ?? 0) + 1);
		}
		if (minute > 0) {
			for (const request of recorded) {
				if (request.method !== 'GET') continue;
				if (!request.headers['if-none-match']) laterAllConditional = false;
				const path = template(request.path);
				laterUnitsByPath.set(path, (laterUnitsByPath.get(path) ?? 0) + (request.status === 304 ? 0 : 1));
			}
			maxPerPathAndPoll = Math.max(maxPerPathAndPoll, ...perPath.values());
			for (const [url, count] of perPath) {
				if (count < 2) continue;
				const path = template(url);
				repeatedPaths.set(path, Math.max(count, repeatedPaths.get(path) ?? 0));
			}
		}
		if (minute === 0) firstPollAsks = askedOfFirstRepository(recorded);
		if (minute === 1) secondPollAsks = askedOfFirstRepository(recorded);
		if (minute === 0) {
			firstPollUnits = units();
			firstPollPoints = github.graphqlPoints;
		}
	}
	const laterUnits = units() - firstPollUnits;
	const ms = Date.now() - started;
	progress(`${poller}${changing ? ' with changes' : ' idle'}: ${POLLS} polls in ${(ms / 1000).toFixed(0)} s`);
	return { firstPollUnits, laterUnits, changes, emitted, expected, maxPerPathAndPoll, repeatedPaths, firstPollAsks, secondPollAsks, laterUnitsByPath, laterAllConditional, requests, laterGraphqlPoints: github.graphqlPoints - firstPollPoints, ms };
}

/** Why a URL path may be asked twice in one poll with changes (shown only when the run saw it). */
const REPEAT_REASONS: Record<string, string> = {
	'/repos/{owner}/{repo}/pulls':
		'the pull request heads list reads it with its ETag (a 200 once a pull request changed), and the list that found the pull request changed (issues or issue events) reads it again, unconditionally, for the pull request itself (head, base, id): the same page twice in one poll',
};

/** The section's text: what ran, every event and list it polled and what each poll asked, from the run itself. */
function sectionText(outcomes: Partial<Record<string, Outcome>>): string {
	const events = POLLED_REPOSITORY_TRIGGERS.map((row) => row.name);
	const discussionEvents = POLLED_REPOSITORY_TRIGGERS.filter((row) => row.polledFrom?.includes('discussions')).map((row) => row.name);
	const idle = outcomes['conditional idle'];
	const owner = outcomes['owner idle'];
	const code = (ask: string) => `\`${ask}\``;
	const ofRepository = (asks: string[]) => asks.filter((ask) => ask.includes('/repos/{owner}/{repo}/'));
	const outside = (asks: string[]) => asks.filter((ask) => !ask.includes('/repos/'));
	const laterAsks = ofRepository(idle?.secondPollAsks ?? []);
	const firstOnly = ofRepository(idle?.firstPollAsks ?? []).filter((ask) => !laterAsks.includes(ask));
	const ownerList = outside(owner?.secondPollAsks ?? []).filter((ask) => !ask.includes('/graphql'));
	const repeated = new Map<string, number>();
	for (const label of ['conditional with changes', 'owner with changes']) {
		for (const [path, count] of outcomes[label]?.repeatedPaths ?? []) repeated.set(path, Math.max(count, repeated.get(path) ?? 0));
	}
	return [
		`${REPOSITORIES} repositories × all ${events.length} events the Poll Trigger offers (${events.join(', ')}), one poll per simulated minute for ${POLLS} minutes, through the node's poll() in n8n-core's PollContext. They are polled from ${listsFor(POLLED_REPOSITORY_TRIGGERS).length} lists (${listsFor(POLLED_REPOSITORY_TRIGGERS).join(', ')}; the trigger rows' polledFrom in nodes/GitHub/triggers/events.ts).`,
		idle
			? `What a poll asked, as recorded by the fake (repository as {owner}/{repo}): each poll after the first sent ${laterAsks.length} requests per repository${idle.laterAllConditional ? ', all with If-None-Match' : ''}${idle.laterUnits === 0 ? ' and all answered 304 while idle' : ''}: ${laterAsks.map(code).join(', ')}; and ${outside(idle.secondPollAsks).map(code).join(', ')} once for all repositories. The first poll also read ${firstOnly.map(code).join(', ')} (a list read newest first to find where to start, then with \`since\`).`
			: '',
		'The fake GitHub (test/fakes/simulatedRepository.ts, served on a loopback HTTP server) answers the list endpoints with weak ETags and a 304 to a matching If-None-Match, and counts the rate limit as GitHub does: every answer but a 304 costs one unit.',
		`"With changes": before each poll every repository has a ${CHANGE_SHARE * 100} % chance of one change (new issue, pull request, star, tag, commit, release, fork or completed workflow run; the same sequence for every poller). Each change must yield its items exactly once: one item, but two for a pushed commit (New Commit and New Push), so "Items emitted" is checked against the items due, trigger by trigger, not against the number of changes.`,
		repeated.size
			? `With changes a URL path was asked more than once in one poll: ${[...repeated].map(([path, count]) => `${code(path)} up to ${count} times${REPEAT_REASONS[path] ? ` (${REPEAT_REASONS[path]})` : ''}`).join('; ')}. Idle polls ask each URL at most once.`
			: '',
		'The naive poller is the same node with its remembered ETags dropped before every poll: the same requests, none conditional.',
		`"All repositories of the owner" is ours with *Watch: All Repositories of the Owner*: the organization's repository list (${ownerList.length ? ownerList.map(code).join(', ') : '`GET /orgs/octo/repos`'}: each page and the page past the last, with its ETag) is read on each poll too; it holds star and open-issue counts, so a change there costs one more unit.`,
		`Discussions (${discussionEvents.join(', ')}) have no REST list: one GraphQL query per poll for all ${REPOSITORIES} repositories, never conditional, counted in GraphQL points (a separate hourly budget of 5,000) and not in these (REST) units; the fake charges each query as GitHub's rule does (one request per connection page it may need — each repository's discussions, each discussion's comments — divided by 100, rounded, at least 1).`,
		idle
			? `Wall time: every request is a real HTTP request on the loopback through n8n-core's request helper, which opens a new connection for each as it does in n8n; ours idle sent ${idle.requests} requests (304s included) in ${(idle.ms / 1000).toFixed(1)} s, ${(idle.ms / Math.max(1, idle.requests)).toFixed(1)} ms each.`
			: '',
		"n8n's own GitHub Trigger has no polling to compare with.",
	]
		.filter(Boolean)
		.join(' ');
}

describe('7. Polling cost: repository events, conditional requests against a naive poller', () => {
	const report = section('Polling cost: repository events polled with conditional requests, side by side with a naive poller');
	const rows: Array<Array<string | number>> = [];
	const outcomes: Partial<Record<string, Outcome>> = {};
	const github = new LoopbackSimulatedGitHub();

	beforeAll(async () => {
		// nock's interception keeps every request it sees alive (tens of KiB each, loopback ones too):
		// off for the hundreds of thousands of requests here, on again for the sections after.
		nock.restore();
		await github.start();
	});

	afterAll(async () => {
		await github.stop();
		nock.activate();
		report(
			table(['Poller', 'Changes', 'Rate-limit units, first poll', 'Units, later polls', 'Units per later poll', 'Items emitted', 'Most requests per URL path and poll', 'GraphQL points, later polls (discussions)', 'Wall time'], rows) + `\n\n${sectionText(outcomes)}`,
		);
		const idle = outcomes['conditional idle'];
		if (idle) {
			goals.push([
				`Idle polling (${REPOSITORIES} repositories × every event, ${POLLS} polls): 0 rate-limit units after the first poll, at most one request per repository and list per poll`,
				`${idle.laterUnits} units after the first poll (issue events list: ${idle.laterUnitsByPath.get('/repos/{owner}/{repo}/issues/events') ?? 'not asked'}); at most ${idle.maxPerPathAndPoll} request(s) per URL path and poll (naive: ${outcomes['naive idle']?.laterUnits ?? '—'} units)`,
				idle.laterUnits === 0 && idle.maxPerPathAndPoll <= 1 ? 'met' : 'not met',
			]);
		}
		const ownerIdle = outcomes['owner idle'];
		if (ownerIdle) {
			goals.push([
				`Idle polling of all repositories of an owner (${REPOSITORIES} listed, every event, ${POLLS} polls): 0 rate-limit units after the first poll, the owner's list included`,
				`${ownerIdle.laterUnits} units after the first poll; at most ${ownerIdle.maxPerPathAndPoll} request(s) per URL and poll`,
				ownerIdle.laterUnits === 0 && ownerIdle.maxPerPathAndPoll <= 1 ? 'met' : 'not met',
			]);
		}
	});

	for (const changing of [false, true]) {
		for (const poller of ['conditional', 'naive', 'owner'] as Poller[]) {
			const label = `${poller} ${changing ? `with changes` : 'idle'}`;
			it(label, async () => {
				const outcome = await run(github, poller, changing);
				outcomes[label] = outcome;
				rows.push([
					{ conditional: 'ours (If-None-Match, ETag per URL)', naive: 'naive (no ETag)', owner: `ours, all repositories of the owner (its ${REPOSITORIES} listed on each poll)` }[poller],
					changing ? `${outcome.changes} (${CHANGE_SHARE * 100} % of repository-polls; ${outcome.expected.length} items due)` : 'none',
					outcome.firstPollUnits,
					outcome.laterUnits,
					(outcome.laterUnits / Math.max(1, POLLS - 1)).toFixed(1),
					outcome.emitted.length,
					outcome.maxPerPathAndPoll,
					`${outcome.laterGraphqlPoints} (${(outcome.laterGraphqlPoints / Math.max(1, POLLS - 1)).toFixed(0)} per poll)`,
					`${(outcome.ms / 1000).toFixed(1)} s`,
				]);
				// Every change yields its items once, for every poller: none lost, none twice.
				expect(tally(outcome.emitted)).toEqual(tally(outcome.expected));
			});
		}
	}
});
