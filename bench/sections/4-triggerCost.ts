import { WEBHOOK_TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { actions, BOARD_MODEL } from '../../test/trelloTriggers/fixtures';
import { WebhookDriver } from '../harness';
import { ratioSpread, ROUNDS, roundRatios, roundsStatus, table, valueSpread } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, section } from '../reportWriter';
import type { Delivery } from '../deliveries';
import { githubExamples, interleavedThroughput, signedGitHubCorpus, signedTrelloCorpus } from '../deliveries';
// Every trigger chosen by name (Any Event, which needs its own event list, left out).
const NAMED_WEBHOOK_TRIGGERS = WEBHOOK_TRIGGERS.filter((row) => !row.anyEvent);
/** Each handler is timed for at least this long per round. */
const ROUND_MS = 1000;

describe('Trigger cost: deliveries per second through the webhook handlers, in-process', () => {
	const report = section('Trigger cost: deliveries per second through the webhook handlers (in-process)');
	const SECRET = 'b'.repeat(64);
	const rows: Array<Array<string | number>> = [];
	const examples = githubExamples;
	/** Each trigger node has its own hook secret, as each registration gets one. */
	const githubRound = (secret: string) => (roundIndex: number): Delivery[] =>
		signedGitHubCorpus(secret, (i) => `00000000-0000-4000-8000-${String((roundIndex + 2) * 1000 + i).padStart(12, '0')}`);

	const APP_SECRET = 'c'.repeat(64);
	const BOARD_ID = BOARD_MODEL.id;
	const trelloRound = (driver: WebhookDriver) => (): Delivery[] => signedTrelloCorpus(APP_SECRET, driver.webhookUrl);

	afterAll(() => {
		report(
			table(['Trigger', 'Corpus', 'Deliveries / s: median (range)', 'Ours ÷ n8n: median (range)', 'Started the workflow', 'Items emitted', 'Refused (401)'], rows) +
				`\n\nEach delivery goes through the node's webhook() in a fresh n8n-core WebhookContext, as n8n's webhook service calls it: signature check (HMAC-SHA256 of the raw body for GitHub; HMAC-SHA1 of body + callback URL for Trello), then whatever the node does. Ours also checks the delivery id against the ones already seen, matches the chosen triggers (here: all ${NAMED_WEBHOOK_TRIGGERS.length} named webhook triggers of the GitHub Trigger; Trello: New Board Activity, any activity) and shapes the items; n8n's GitHub Trigger passes every delivery on (its event filter is applied by GitHub when the hook is registered) and n8n's Trello Trigger passes the whole body on. GitHub corpus: all ${examples.length} payloads of @octokit/webhooks-examples (ping included), a fresh delivery id per delivery; Trello corpus: the ${Object.keys(actions).length} action deliveries of test/trelloTriggers/fixtures.ts. After a warm-up batch each, the handlers are measured in ${ROUNDS} rounds; within a round batches are interleaved (ours, n8n’s, then the reverse order, and so on) until each handler has been timed for at least ${ROUND_MS / 1000} s. Deliveries per second and ours ÷ n8n’s are the median of the rounds, with their range (each ratio pairs the figures of one round); each GitHub node has its own hook secret, as each registration does, and our Trello node has the record of its registered webhook, as activation leaves it.\n\nSection 4b measures the same triggers end to end in a real n8n.`,
		);
	});

	it('GitHub Trigger', async () => {
		const ourDriver = (triggers: string[], secret: string) => {
			const driver = new WebhookDriver(
				`${OURS}.gitHubTrigger`,
				{ authentication: 'accessToken', owner: rl('octo', 'name'), triggers, listenOn: 'organization' },
				{ githubAccessTokenApi: { server: 'https://api.github.com', accessToken: 'ghp_unused' } },
			);
			driver.staticData.secret = secret;
			driver.staticData.login = 'nobody-mentioned';
			return { driver, round: githubRound(secret) };
		};
		const contenders = [ourDriver(NAMED_WEBHOOK_TRIGGERS.map((row) => row.value), SECRET), ourDriver(['newIssue'], SECRET.replace(/^b/, 'd'))];
		const unavailable = theirsAvailable('githubTrigger');
		if (!unavailable) {
			const theirs = new WebhookDriver(
				'n8n-nodes-base.githubTrigger',
				{ authentication: 'accessToken', owner: rl('octo', 'name'), repository: rl('hello', 'name'), events: ['*'] },
				{ githubApi: { server: 'https://api.github.com', user: '', accessToken: 'ghp_unused' } },
			);
			theirs.staticData.webhookSecret = SECRET.replace(/^b/, 'e');
			contenders.push({ driver: theirs, round: githubRound(SECRET.replace(/^b/, 'e')) });
		}
		const [mine, one, other] = await interleavedThroughput(contenders, { rounds: ROUNDS, minimumMs: ROUND_MS });
		const versus = (ours: number[]) => (other ? ratioSpread(roundRatios(ours, other.perSecond)) : '');
		const corpus = `${examples.length} webhooks-examples`;
		rows.push(['ours: GitHub Trigger (all webhook triggers)', corpus, valueSpread(mine.perSecond), versus(mine.perSecond), mine.started, mine.items, mine.refused]);
		if (other) rows.push(['n8n GitHub Trigger (events: *)', corpus, valueSpread(other.perSecond), '', other.started, other.items, other.refused]);
		else rows.push(['n8n GitHub Trigger (events: *)', '', 'not measured', '', '', '', unavailable!]);
		rows.push(['ours: GitHub Trigger (one trigger: New Issue)', corpus, valueSpread(one.perSecond), versus(one.perSecond), one.started, one.items, one.refused]);
		if (other) {
			const all = roundRatios(mine.perSecond, other.perSecond);
			goals.push(['GitHub Trigger in-process: deliveries per second ≥ n8n’s', `${ratioSpread(all)} (all triggers), ${ratioSpread(roundRatios(one.perSecond, other.perSecond))} (one trigger)`, roundsStatus(all)]);
		}
	});

	it('Trello Trigger', async () => {
		const ours = new WebhookDriver(
			`${OURS}.trelloTrigger`,
			{ authentication: 'keyToken', event: 'newBoardActivity', activityTypes: [], boards: [BOARD_ID] },
			{ trelloKeyTokenApi: { apiKey: 'k'.repeat(32), apiToken: 't'.repeat(64), applicationSecret: APP_SECRET, apiBaseUrl: 'https://api.trello.com' } },
		);
		// As activation leaves it: the record of the webhook registered on the board (as the GitHub rows keep their hook secret).
		ours.staticData.trelloWebhooks = { callbackUrl: ours.webhookUrl, refs: [BOARD_ID], models: [{ idModel: BOARD_ID, webhookId: '65b000000000000000000001', name: BOARD_MODEL.name }] };
		const contenders = [{ driver: ours, round: trelloRound(ours) }];
		const unavailable = theirsAvailable('trelloTrigger');
		if (!unavailable) {
			const theirs = new WebhookDriver('n8n-nodes-base.trelloTrigger', { authentication: 'apiKey', id: BOARD_ID }, { trelloApi: { apiKey: 'k'.repeat(32), apiToken: 't'.repeat(64), oauthSecret: APP_SECRET } });
			contenders.push({ driver: theirs, round: trelloRound(theirs) });
		}
		const [mine, other] = await interleavedThroughput(contenders, { rounds: ROUNDS, minimumMs: ROUND_MS });
		const corpus = `${Object.keys(actions).length} Trello actions`;
		const ratios = other ? roundRatios(mine.perSecond, other.perSecond) : [];
		rows.push(['ours: Trello Trigger (New Board Activity, any)', corpus, valueSpread(mine.perSecond), other ? ratioSpread(ratios) : '', mine.started, mine.items, mine.refused]);
		if (!other) {
			rows.push(['n8n Trello Trigger', '', 'not measured', '', '', '', unavailable!]);
			return;
		}
		rows.push(['n8n Trello Trigger (board)', corpus, valueSpread(other.perSecond), '', other.started, other.items, other.refused]);
		goals.push(['Trello Trigger in-process: deliveries per second ≥ n8n’s', ratioSpread(ratios), roundsStatus(ratios)]);
	});
});
