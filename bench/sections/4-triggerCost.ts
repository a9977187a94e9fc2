import { WEBHOOK_TRIGGERS } from '../../nodes/GitHub/triggers/catalogue';
import { actions, BOARD_MODEL } from '../../test/trelloTriggers/fixtures';
import { WebhookDriver } from '../harness';
import { ratio, table } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, report } from '../reportWriter';
import type { Delivery } from '../deliveries';
import { githubExamples, interleavedThroughput, signedGitHubCorpus, signedTrelloCorpus } from '../deliveries';
// Every trigger chosen by name (Any Event, which needs its own event list, left out).
const NAMED_WEBHOOK_TRIGGERS = WEBHOOK_TRIGGERS.filter((row) => !row.anyEvent);

describe('Trigger cost: deliveries per second through the webhook handlers, in-process', () => {
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
			'Trigger cost: deliveries per second through the webhook handlers (in-process)',
			table(['Trigger', 'Corpus', 'Deliveries / s', 'Ours ÷ n8n', 'Started the workflow', 'Items emitted', 'Refused (401)'], rows) +
				`\n\nEach delivery goes through the node's webhook() in a fresh n8n-core WebhookContext, as n8n's webhook service calls it: signature check (HMAC-SHA256 of the raw body for GitHub; HMAC-SHA1 of body + callback URL for Trello), then whatever the node does. Ours also checks the delivery id against the ones already seen, matches the chosen triggers (here: all ${NAMED_WEBHOOK_TRIGGERS.length} named webhook triggers of the GitHub Trigger; Trello: New Board Activity, any activity) and shapes the items; n8n's GitHub Trigger passes every delivery on (its event filter is applied by GitHub when the hook is registered) and n8n's Trello Trigger passes the whole body on. GitHub corpus: all ${examples.length} payloads of @octokit/webhooks-examples (ping included), a fresh delivery id per delivery; Trello corpus: the ${Object.keys(actions).length} action deliveries of test/trelloTriggers/fixtures.ts. Rounds are interleaved (ours, n8n’s, then the reverse order, and so on) until each handler has been timed for at least 3 s, after a warm-up round each; each GitHub node has its own hook secret, as each registration does.\n\nSection 4b measures the same triggers end to end in a real n8n.`,
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
		const [mine, one, other] = await interleavedThroughput(contenders);
		const versus = (value: number) => (other ? ratio(value / other.perSecond) : '');
		const corpus = `${examples.length} webhooks-examples`;
		rows.push(['ours: GitHub Trigger (all webhook triggers)', corpus, mine.perSecond.toFixed(0), versus(mine.perSecond), mine.started, mine.items, mine.refused]);
		if (other) rows.push(['n8n GitHub Trigger (events: *)', corpus, other.perSecond.toFixed(0), '', other.started, other.items, other.refused]);
		else rows.push(['n8n GitHub Trigger (events: *)', '', 'not measured', '', '', '', unavailable!]);
		rows.push(['ours: GitHub Trigger (one trigger: New Issue)', corpus, one.perSecond.toFixed(0), versus(one.perSecond), one.started, one.items, one.refused]);
		if (other) {
			goals.push(['GitHub Trigger in-process: deliveries per second ≥ n8n’s', `${ratio(mine.perSecond / other.perSecond)} (all triggers), ${ratio(one.perSecond / other.perSecond)} (one trigger)`, mine.perSecond >= other.perSecond ? 'met' : 'not met']);
		}
	});

	it('Trello Trigger', async () => {
		const ours = new WebhookDriver(
			`${OURS}.trelloTrigger`,
			{ authentication: 'keyToken', event: 'newBoardActivity', activityTypes: [], boards: [BOARD_ID] },
			{ trelloKeyTokenApi: { apiKey: 'k'.repeat(32), apiToken: 't'.repeat(64), applicationSecret: APP_SECRET, apiBaseUrl: 'https://api.trello.com' } },
		);
		const contenders = [{ driver: ours, round: trelloRound(ours) }];
		const unavailable = theirsAvailable('trelloTrigger');
		if (!unavailable) {
			const theirs = new WebhookDriver('n8n-nodes-base.trelloTrigger', { authentication: 'apiKey', id: BOARD_ID }, { trelloApi: { apiKey: 'k'.repeat(32), apiToken: 't'.repeat(64), oauthSecret: APP_SECRET } });
			contenders.push({ driver: theirs, round: trelloRound(theirs) });
		}
		const [mine, other] = await interleavedThroughput(contenders);
		const corpus = `${Object.keys(actions).length} Trello actions`;
		rows.push(['ours: Trello Trigger (New Board Activity, any)', corpus, mine.perSecond.toFixed(0), other ? ratio(mine.perSecond / other.perSecond) : '', mine.started, mine.items, mine.refused]);
		if (!other) {
			rows.push(['n8n Trello Trigger', '', 'not measured', '', '', '', unavailable!]);
			return;
		}
		rows.push(['n8n Trello Trigger (board)', corpus, other.perSecond.toFixed(0), '', other.started, other.items, other.refused]);
		goals.push(['Trello Trigger in-process: deliveries per second ≥ n8n’s', ratio(mine.perSecond / other.perSecond), mine.perSecond >= other.perSecond ? 'met' : 'not met']);
	});
});
