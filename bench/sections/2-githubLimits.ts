import type { IDataObject, INode } from 'n8n-workflow';

import { BenchGitHub } from '../fakes';
import type { Arrival } from '../fakes';
import { singleNodeWorkflow } from '../../test/harness/workflow';
import { benchNode, runBenchWorkflow } from '../harness';
import { ratio, seconds, table } from '../report';
import { OURS, rl, theirsAvailable } from '../common';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 2. GitHub primary and secondary limits
// ---------------------------------------------------------------------------------------------

/** Waits the client took vs the waits the server asked for: each episode runs from the answer that asked for a wait to the next accepted request. */
function waits(arrivals: Arrival[]) {
	let waited = 0;
	let asked = 0;
	let unresolved = 0;
	let episode: Arrival | undefined;
	for (const arrival of arrivals) {
		if (episode && arrival.kind === 'ok' && arrival.at > episode.at) {
			waited += arrival.at - episode.at;
			asked += episode.askedMs ?? 0;
			episode = undefined;
		}
		if (!episode && arrival.askedMs !== undefined) episode = arrival;
	}
	if (episode) unresolved++;
	return { waited, asked, unresolved };
}

describe('2. A batch of Create Issue writes through GitHub’s primary and secondary limits', () => {
	const github = new BenchGitHub();
	const TOKEN = 'ghp_benchToken0123456789abcdefABCDEF01';
	const ITEMS = 20;
	const REMAINING = 8;
	const RESET_IN_S = 4;
	const SECONDARY_AFTER = 14;
	const RETRY_AFTER_S = 2;
	const report = section(`GitHub: ${ITEMS} Create Issue items; primary limit exhausted after ${REMAINING} (reset ${RESET_IN_S} s ahead), then a secondary-limit 403 with retry-after: ${RETRY_AFTER_S}`);
	const input = Array.from({ length: ITEMS }, (_, i) => ({ title: `Issue ${i + 1}` }));
	const rows: Array<Array<string | number>> = [];

	beforeAll(async () => {
		github.tokens.add(TOKEN);
		await github.start();
	});
	afterAll(async () => {
		await github.stop();
		report(
			table(['Node (settings)', 'Failed items', 'Issues created (duplicates)', 'Requests (403s)', 'Waited', 'Server asked', 'Waited ÷ asked', 'Wall time', 'Outcome'], rows) +
				`\n\nThe fake starts each run with x-ratelimit-remaining ${REMAINING} and x-ratelimit-reset ${RESET_IN_S} s ahead (then 403 "API rate limit exceeded" until the reset), and refuses the request after the ${SECONDARY_AFTER}th created issue with a secondary-limit 403 and retry-after: ${RETRY_AFTER_S}. A wait runs from the answer that asked for it (the one leaving remaining 0, or the 403) to the next accepted request; the server asked for the time until x-ratelimit-reset, or retry-after. "did not wait" = the run ended with the limit still in force.`,
		);
	});

	async function measure(label: string, node: INode, credentials: Record<string, IDataObject>) {
		github.remaining = REMAINING;
		github.resetAt = Math.floor(Date.now() / 1000) + RESET_IN_S;
		github.secondaryLimitRefusals = 0;
		github.secondaryRetryAfterSeconds = RETRY_AFTER_S;
		github.secondaryAfterCreated = SECONDARY_AFTER;
		github.created = [];
		const from = github.arrivals.length;
		const started = Date.now();
		const run = await runBenchWorkflow(singleNodeWorkflow(node, input), credentials as never);
		const wall = Date.now() - started;
		const arrivals = github.arrivals.slice(from);
		if (process.env.BENCH_DEBUG) process.stderr.write(JSON.stringify(arrivals.map((a) => [a.at - started, a.status, a.kind, a.askedMs])) + "\n");
		const distinct = new Set(github.created).size;
		const { waited, asked, unresolved } = waits(arrivals);
		const error = run.error(node.name);
		const outputs = error ? [] : run.json(node.name);
		const errorItems = outputs.filter((item) => item.error !== undefined).length;
		const outcome = error ? `execution stopped: ${error.message.slice(0, 50)}` : errorItems ? `${errorItems} items output an error` : 'all items succeeded';
		rows.push([
			label,
			ITEMS - distinct,
			`${github.created.length} (${github.created.length - distinct})`,
			`${arrivals.length} (${arrivals.filter((a) => a.status === 403).length})`,
			unresolved && !asked ? 'did not wait' : seconds(waited) + (unresolved ? ' + did not wait' : ''),
			asked ? seconds(asked) : '—',
			asked ? ratio(waited / asked) : '—',
			seconds(wall),
			outcome,
		]);
		if (label.startsWith('ours')) goals.push(['GitHub: writes through primary + secondary limits, 0 failed and waited ≤ 1.1× what was asked', `${ITEMS - distinct} failed, ${asked ? ratio(waited / asked) : '—'}`, ITEMS === distinct && asked > 0 && waited <= 1.1 * asked ? 'met' : 'not met']);
	}

	it('ours (default settings)', async () => {
		const node = benchNode(
			'GitHub',
			`${OURS}.gitHub`,
			{ authentication: 'accessToken', resource: 'issue', operation: 'create', owner: rl('octo', 'name'), repository: rl('hello', 'name'), title: '={{ $json.title }}', additionalFields: {} },
			{ githubAccessTokenApi: 'cred' },
		);
		await measure('ours (default settings)', node, { githubAccessTokenApi: { server: github.apiUrl, accessToken: TOKEN } });
	});

	it.each<[string, Partial<INode>]>([
		['n8n GitHub (default settings)', {}],
		['n8n GitHub (Retry On Fail: 3 tries, 1 s apart)', { retryOnFail: true }],
		['n8n GitHub (On Error: continue)', { onError: 'continueRegularOutput' }],
	])('%s', async (label, settings) => {
		const unavailable = theirsAvailable('github');
		if (unavailable) {
			rows.push([label, 'not measured', '', '', '', '', '', '', unavailable]);
			return;
		}
		const node = benchNode(
			'GitHub',
			'n8n-nodes-base.github',
			{ authentication: 'accessToken', resource: 'issue', operation: 'create', owner: rl('octo', 'name'), repository: rl('hello', 'name'), title: '={{ $json.title }}', body: '', labels: [], assignees: [] },
			{ githubApi: 'cred' },
			{ typeVersion: 1.1, ...settings },
		);
		// n8n's GitHub credential has a Server field (for Enterprise), so its requests reach the fake directly.
		await measure(label, node, { githubApi: { server: github.baseUrl, user: '', accessToken: TOKEN } });
	});
});
