import type { IDataObject } from 'n8n-workflow';

import { sign } from '../test/githubTriggers/helpers';
import { actions, BOARD_MODEL, delivery as trelloDelivery, MEMBER_MODEL } from '../test/trelloTriggers/fixtures';
import { trelloSignature } from '../test/trelloTriggers/helpers';
import type { WebhookDriver } from './harness';

/** Signed delivery corpora and the interleaved throughput measurement shared by the trigger-cost sections. */

export interface Delivery {
	headers: Record<string, string>;
	rawBody: Buffer;
	body: unknown;
}

/** One contender's figures over the rounds: deliveries per second per round, and the totals. */
export interface RoundsThroughput {
	perSecond: number[];
	delivered: number;
	started: number;
	items: number;
	refused: number;
}

/**
 * Deliveries per second through webhook handlers, measured side by side in `rounds` rounds. Within a
 * round every handler gets fresh batches (built and signed untimed) in an order that alternates, until
 * each has been timed for at least `minimumMs`; so drift in machine load and garbage collection falls
 * on all of them alike, and each round yields one figure per handler (hence one ratio per round).
 */
export async function interleavedThroughput(
	contenders: Array<{ driver: WebhookDriver; round: (batchIndex: number) => Delivery[] }>,
	{ rounds, minimumMs }: { rounds: number; minimumMs: number },
): Promise<RoundsThroughput[]> {
	for (const { driver, round } of contenders) for (const warmUp of round(-1)) await driver.deliver(warmUp.headers, warmUp.rawBody, warmUp.body);
	const results: RoundsThroughput[] = contenders.map(() => ({ perSecond: [], delivered: 0, started: 0, items: 0, refused: 0 }));
	// Batch indexes run on across rounds: GitHub batches derive their delivery ids from them.
	let batch = 0;
	for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
		const timed = contenders.map(() => ({ ms: 0, delivered: 0 }));
		for (let step = 0; Math.min(...timed.map((t) => t.ms)) < minimumMs && step < 5000; step++, batch++) {
			const order = contenders.map((_, i) => i);
			if (batch % 2 === 1) order.reverse();
			for (const which of order) {
				const { driver, round } = contenders[which];
				const total = results[which];
				const deliveries = round(batch);
				const t0 = process.hrtime.bigint();
				for (const d of deliveries) {
					const { result, status } = await driver.deliver(d.headers, d.rawBody, d.body);
					const output = result.workflowData?.[0];
					if (output) {
						total.started++;
						total.items += output.length;
					}
					if (status === 401) total.refused++;
				}
				timed[which].ms += Number(process.hrtime.bigint() - t0) / 1e6;
				timed[which].delivered += deliveries.length;
				total.delivered += deliveries.length;
			}
		}
		timed.forEach((t, which) => results[which].perSecond.push((t.delivered / t.ms) * 1000));
	}
	return results;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const webhookDefinitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;
/** Every example delivery of @octokit/webhooks-examples (api.github.com), ping included. */
export const githubExamples = webhookDefinitions.flatMap((d) => d.examples.map((payload) => ({ event: d.name, payload })));
export const trelloActionNames = Object.keys(actions) as Array<keyof typeof actions>;

/** The example corpus as GitHub would deliver it to a hook with this secret. */
export function signedGitHubCorpus(secret: string, deliveryId: (index: number) => string): Delivery[] {
	return githubExamples.map(({ event, payload }, i) => {
		const raw = JSON.stringify(payload);
		return {
			headers: {
				'content-type': 'application/json',
				'x-github-event': event,
				'x-github-delivery': deliveryId(i),
				'x-hub-signature-256': sign(secret, raw),
			},
			rawBody: Buffer.from(raw),
			body: JSON.parse(raw) as unknown,
		};
	});
}

/** The Trello action deliveries as Trello would send them to this callback URL, signed with the application secret. */
export function signedTrelloCorpus(secret: string, callbackUrl: string): Delivery[] {
	return trelloActionNames.map((name) => {
		const raw = JSON.stringify(trelloDelivery(actions[name](), name === 'boardCreated' ? MEMBER_MODEL : BOARD_MODEL, callbackUrl));
		return {
			headers: { 'content-type': 'application/json', 'x-trello-webhook': trelloSignature(secret, raw, callbackUrl) },
			rawBody: Buffer.from(raw),
			body: JSON.parse(raw) as unknown,
		};
	});
}
