import { WEBHOOK_TRIGGERS } from '../../nodes/GitHub/triggers/catalogue';
import { actions, BOARD_MODEL } from '../../test/trelloTriggers/fixtures';
import type { Delivery as E2eDelivery, TriggerCase } from '../realN8n';
import { measureInRealN8n, TRELLO as E2E_TRELLO } from '../realN8n';
import { ratio, table } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, notes, report } from '../reportWriter';
import { githubExamples, signedGitHubCorpus, signedTrelloCorpus } from '../deliveries';
// Every trigger chosen by name (Any Event, which needs its own event list, left out).
const NAMED_WEBHOOK_TRIGGERS = WEBHOOK_TRIGGERS.filter((row) => !row.anyEvent);

// ---------------------------------------------------------------------------------------------
// 4b. Trigger cost end to end: a real n8n with each trigger published
// ---------------------------------------------------------------------------------------------
describe('Trigger cost: deliveries per second accepted by a real n8n', () => {
	const rows: Array<Array<string | number>> = [];
	const examples = githubExamples;
	const CONCURRENCY = 8;
	const TRELLO_ROUNDS = 20;
	const BOARD_ID = BOARD_MODEL.id;

	const githubCorpus = (prefix: string) => ({ secret }: { secret?: string }): E2eDelivery[] =>
		signedGitHubCorpus(secret ?? '', (i) => `${prefix}-${String(i).padStart(6, '0')}`);
	const trelloCorpus = ({ callbackUrl }: { callbackUrl: string }): E2eDelivery[] =>
		Array.from({ length: TRELLO_ROUNDS }).flatMap(() => signedTrelloCorpus(E2E_TRELLO.secret, callbackUrl));
	const ourGitHub = { type: `${OURS}.gitHubTrigger`, credentials: { githubAccessTokenApi: { id: 'benchGhOurs', name: 'GitHub (ours)' } } };
	const cases: TriggerCase[] = [
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

	afterAll(() => {
		report(
			'Trigger cost end to end: deliveries per second accepted by a real n8n',
			table(['Trigger', 'Deliveries', 'Answered 200 (refused)', 'Answered / s', 'Ours ÷ n8n', 'Runs started', 'Deliveries / s until the last run was saved', 'Ours ÷ n8n '], rows) +
				`\n\nOne real n8n (the end-to-end suite's install, SQLite, \`n8n start\`) with five published workflows, each only the trigger; every trigger registered its own webhook with the loopback fakes at start-up (n8n's Trello Trigger through a preload that forwards \`https://api.trello.com\` to the fake). Each trigger then gets its corpus over HTTP, ${CONCURRENCY} deliveries in flight, after 10 untimed warm-up deliveries: the ${examples.length} @octokit/webhooks-examples payloads (GitHub, signed with the secret the hook was registered with) or the ${Object.keys(actions).length} Trello action deliveries × ${TRELLO_ROUNDS} (signed with the application secret over body + callback URL). "Answered / s": deliveries divided by the time until the last answer. "Until the last run was saved": the same deliveries divided by the time until n8n's execution list stopped growing (polled every 100 ms), which includes the runs each delivery started.`,
		);
	});

	it('publishes both packages’ triggers and measures them in turn', async () => {
		const unavailable = theirsAvailable('githubTrigger') ?? (process.env.PACKAGE_TARBALL ? undefined : 'no package tarball (run through npm run bench)');
		if (unavailable) {
			rows.push(['not measured', '', '', '', '', '', '', unavailable]);
			notes.push(`End-to-end trigger cost not measured: ${unavailable}.`);
			return;
		}
		const results = await measureInRealN8n(cases, { concurrency: CONCURRENCY });
		const byLabel = new Map(results.map((r) => [r.label, r]));
		const theirsFor = (label: string) => byLabel.get(label.includes('Trello') ? 'n8n Trello Trigger (board)' : 'n8n GitHub Trigger (events: *)')!;
		for (const r of results) {
			const other = theirsFor(r.label);
			const mine = r.label.startsWith('ours');
			rows.push([
				r.label,
				r.sent,
				`${r.accepted} (${r.refused})`,
				r.answeredPerSecond.toFixed(0),
				mine ? ratio(r.answeredPerSecond / other.answeredPerSecond) : '',
				r.runs,
				r.throughRunsPerSecond.toFixed(0),
				mine ? ratio(r.throughRunsPerSecond / other.throughRunsPerSecond) : '',
			]);
		}
		const all = byLabel.get('ours: GitHub Trigger (all webhook triggers)')!;
		const one = byLabel.get('ours: GitHub Trigger (one trigger: New Issue)')!;
		const github = byLabel.get('n8n GitHub Trigger (events: *)')!;
		const trelloOurs = byLabel.get('ours: Trello Trigger (New Board Activity, any)')!;
		const trelloTheirs = byLabel.get('n8n Trello Trigger (board)')!;
		goals.push([
			'GitHub Trigger in a real n8n: deliveries per second ≥ n8n’s',
			`answered ${ratio(all.answeredPerSecond / github.answeredPerSecond)} (all triggers), ${ratio(one.answeredPerSecond / github.answeredPerSecond)} (one trigger); with runs ${ratio(all.throughRunsPerSecond / github.throughRunsPerSecond)}, ${ratio(one.throughRunsPerSecond / github.throughRunsPerSecond)}`,
			all.answeredPerSecond >= github.answeredPerSecond ? 'met' : 'not met',
		]);
		goals.push([
			'Trello Trigger in a real n8n: deliveries per second ≥ n8n’s',
			`answered ${ratio(trelloOurs.answeredPerSecond / trelloTheirs.answeredPerSecond)}; with runs ${ratio(trelloOurs.throughRunsPerSecond / trelloTheirs.throughRunsPerSecond)}`,
			trelloOurs.answeredPerSecond >= trelloTheirs.answeredPerSecond ? 'met' : 'not met',
		]);
		for (const r of results) expect(r.refused).toBe(0);
	});
});
