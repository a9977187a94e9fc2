import { WEBHOOK_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { WEBHOOK_TRIGGER_DEFAULT_VERSION } from '../../nodes/shared/webhookTriggerVersions';
import { actions, BOARD_MODEL } from '../../test/trelloTriggers/fixtures';
import type { Delivery as E2eDelivery, TriggerCase } from '../realN8n';
import { measureInRealN8n, TRELLO as E2E_TRELLO } from '../realN8n';
import { ratioSpread, ROUNDS, roundRatios, roundsStatus, table, valueSpread } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, notes, section } from '../reportWriter';
import { githubExamples, signedGitHubCorpus, signedTrelloCorpus } from '../deliveries';
// Every trigger chosen by name (Any Event, which needs its own event list, left out).
const NAMED_WEBHOOK_TRIGGERS = WEBHOOK_TRIGGERS.filter((row) => !row.anyEvent);

// ---------------------------------------------------------------------------------------------
// 4b. Trigger cost end to end: a real n8n with each trigger published
// ---------------------------------------------------------------------------------------------
describe('Trigger cost: deliveries per second accepted by a real n8n', () => {
	const report = section('Trigger cost end to end: deliveries per second accepted by a real n8n');
	const rows: Array<Array<string | number>> = [];
	const examples = githubExamples;
	const CONCURRENCY = 8;
	/** Turns per round: each trigger's corpus is sent in this many slices, the triggers alternating. */
	const SLICES = 10;
	/** The Trello corpus is sent this many times per round (each time with fresh action ids). */
	const TRELLO_REPEATS = 10;
	const BOARD_ID = BOARD_MODEL.id;

	// Fresh delivery ids every round (and for the warm-up, round -1): a repeated id is a redelivery.
	const githubCorpus = (prefix: string) => ({ secret }: { secret?: string }, roundIndex: number): E2eDelivery[] =>
		signedGitHubCorpus(secret ?? '', (i) => `${prefix}-r${roundIndex + 1}-${String(i).padStart(6, '0')}`);
	const trelloCorpus = ({ callbackUrl }: { callbackUrl: string }): E2eDelivery[] =>
		Array.from({ length: TRELLO_REPEATS }).flatMap(() => signedTrelloCorpus(E2E_TRELLO.secret, callbackUrl));
	const ourGitHub = { type: `${OURS}.gitHubTrigger`, typeVersion: WEBHOOK_TRIGGER_DEFAULT_VERSION, credentials: { githubAccessTokenApi: { id: 'benchGhOurs', name: 'GitHub (ours)' } } };
	const allCases: TriggerCase[] = [
		{
			label: 'ours: GitHub Trigger (all webhook triggers)',
			id: 'ghOursAll',
			node: { ...ourGitHub, parameters: { authentication: 'accessToken', owner: rl('octo', 'name'), triggers: NAMED_WEBHOOK_TRIGGERS.map((row) => row.value), listenOn: 'organization' } },
			deliveries: githubCorpus('all'),
		},
		{
			label: 'n8n GitHub Trigger (events: *)',
			id: 'ghN8n',
			node: {
				type: 'n8n-nodes-base.githubTrigger',
				parameters: { authentication: 'accessToken', owner: rl('octo', 'name'), repository: rl('hello', 'name'), events: ['*'] },
				credentials: { githubApi: { id: 'benchGhN8n', name: 'GitHub (n8n)' } },
			},
			deliveries: githubCorpus('n8n'),
		},
		{
			label: 'ours: GitHub Trigger (one trigger: New Issue)',
			id: 'ghOursIssue',
			node: { ...ourGitHub, parameters: { authentication: 'accessToken', owner: rl('octo', 'name'), triggers: ['newIssue'], listenOn: 'organization' } },
			deliveries: githubCorpus('one'),
		},
		{
			label: 'ours: Trello Trigger (New Board Activity, any)',
			id: 'trOurs',
			node: {
				type: `${OURS}.trelloTrigger`,
				typeVersion: WEBHOOK_TRIGGER_DEFAULT_VERSION,
				parameters: { authentication: 'keyToken', event: 'newBoardActivity', activityTypes: [], boards: [BOARD_ID] },
				credentials: { trelloKeyTokenApi: { id: 'benchTrOurs', name: 'Trello (ours)' } },
			},
			deliveries: trelloCorpus,
		},
		{
			label: 'n8n Trello Trigger (board)',
			id: 'trN8n',
			node: { type: 'n8n-nodes-base.trelloTrigger', parameters: { authentication: 'apiKey', id: BOARD_ID }, credentials: { trelloApi: { id: 'benchTrN8n', name: 'Trello (n8n)' } } },
			deliveries: trelloCorpus,
		},
	];

	/** BENCH_TRIGGER_CASES=<regular expression>: only the triggers whose label matches (a partial run, for looking into one pair). */
	const caseFilter = process.env.BENCH_TRIGGER_CASES ? new RegExp(process.env.BENCH_TRIGGER_CASES, 'i') : undefined;
	const cases = caseFilter ? allCases.filter((c) => caseFilter.test(c.label)) : allCases;

	afterAll(() => {
		report(
			table(['Trigger', 'Deliveries', 'Answered 200 (refused)', 'Answered / s', 'Ours ÷ n8n', 'Runs started', 'Deliveries / s until the last run was saved', 'Ours ÷ n8n '], rows) +
				`\n\nOne real n8n (the end-to-end suite's install, SQLite, \`n8n start\`) with five published workflows, each only the trigger; every trigger registered its own webhook with the loopback fakes at start-up (n8n's Trello Trigger through a preload that forwards \`https://api.trello.com\` to the fake). After 10 untimed warm-up deliveries each, the triggers are measured in ${ROUNDS} rounds: in each round every trigger gets its corpus over HTTP in ${SLICES} slices, ${CONCURRENCY} deliveries in flight, the triggers taking turns slice by slice with the order reversed at every turn (ours, n8n’s, …, then n8n’s, ours), so that a change of load on the machine reaches both sides of a ratio alike; a slice ends when no new run was saved for 1 s; the corpus is the ${examples.length} @octokit/webhooks-examples payloads (GitHub, signed with the secret the hook was registered with, fresh delivery ids every round) or the ${Object.keys(actions).length} Trello action deliveries × ${TRELLO_REPEATS} (fresh action ids, signed with the application secret over body + callback URL). Deliveries and runs are totals over the rounds; a round's rate sums its slices; rates and ours ÷ n8n’s are the median of the rounds with their range (each ratio pairs the figures of one round). "Answered / s": deliveries divided by the time until the last answer. "Until the last run was saved": the same deliveries divided by the time until n8n's execution list stopped growing (polled every 100 ms), which includes the runs each delivery started.`,
		);
	});

	it('publishes both packages’ triggers and measures them in turn', async () => {
		const unavailable = theirsAvailable('githubTrigger') ?? (process.env.PACKAGE_TARBALL ? undefined : 'no package tarball (run through npm run bench)');
		if (unavailable) {
			rows.push(['not measured', '', '', '', '', '', '', unavailable]);
			notes.push(`End-to-end trigger cost not measured: ${unavailable}.`);
			return;
		}
		const results = await measureInRealN8n(cases, { concurrency: CONCURRENCY, rounds: ROUNDS, slices: SLICES });
		const byLabel = new Map(results.map((r) => [r.label, r]));
		const theirsFor = (label: string) => byLabel.get(label.includes('Trello') ? 'n8n Trello Trigger (board)' : 'n8n GitHub Trigger (events: *)');
		for (const r of results) {
			const other = theirsFor(r.label);
			const mine = r.label.startsWith('ours') && other;
			rows.push([
				r.label,
				r.sent,
				`${r.accepted} (${r.refused})`,
				valueSpread(r.answeredPerSecond, 1),
				mine ? ratioSpread(roundRatios(r.answeredPerSecond, other.answeredPerSecond)) : '',
				r.runs,
				valueSpread(r.throughRunsPerSecond, 1),
				mine ? ratioSpread(roundRatios(r.throughRunsPerSecond, other.throughRunsPerSecond)) : '',
			]);
		}
		type Measured = (typeof results)[number];
		const answered = (ours: Measured, theirs: Measured) => roundRatios(ours.answeredPerSecond, theirs.answeredPerSecond);
		const withRuns = (ours: Measured, theirs: Measured) => roundRatios(ours.throughRunsPerSecond, theirs.throughRunsPerSecond);
		const all = byLabel.get('ours: GitHub Trigger (all webhook triggers)');
		const one = byLabel.get('ours: GitHub Trigger (one trigger: New Issue)');
		const github = byLabel.get('n8n GitHub Trigger (events: *)');
		if (all && one && github) {
			goals.push([
				'GitHub Trigger in a real n8n: deliveries per second ≥ n8n’s',
				`answered ${ratioSpread(answered(all, github))} (all triggers), ${ratioSpread(answered(one, github))} (one trigger); with runs ${ratioSpread(withRuns(all, github))}, ${ratioSpread(withRuns(one, github))}`,
				roundsStatus(answered(all, github)),
			]);
		}
		const trelloOurs = byLabel.get('ours: Trello Trigger (New Board Activity, any)');
		const trelloTheirs = byLabel.get('n8n Trello Trigger (board)');
		if (trelloOurs && trelloTheirs) {
			goals.push([
				'Trello Trigger in a real n8n: deliveries per second ≥ n8n’s',
				`answered ${ratioSpread(answered(trelloOurs, trelloTheirs))}; with runs ${ratioSpread(withRuns(trelloOurs, trelloTheirs))}`,
				roundsStatus(answered(trelloOurs, trelloTheirs)),
			]);
		}
		for (const r of results) expect(r.refused).toBe(0);
		// Five triggers × 5 rounds × 10 slices, each slice waiting for its runs: longer than the bench's default test timeout.
	}, 1_800_000);
});
