import type { FakeTrello } from './fakeTrello';
import type { FakeRequest } from './server';

export interface StoredTrelloWebhook {
	id: string;
	idModel: string;
	callbackURL: string;
	description: string;
	active: boolean;
}

/**
 * Trello's webhooks as Trello keeps them: created only after Trello's HEAD check of the callback
 * URL answers 200, listed with the member's tokens, read and deleted by id.
 */
export class TrelloWebhookStore {
	readonly hooks: StoredTrelloWebhook[] = [];
	readonly headChecks: Array<{ url: string; status: number }> = [];
	private next = 1;

	install(trello: FakeTrello): this {
		// The member's tokens with their webhooks; the fake's own check of the Authorization header decides who asks.
		trello.on('GET', '/1/members/me/tokens', (req) =>
			req.query.webhooks === 'true' ? { body: [{ id: 'token-record', identifier: 'n8n', webhooks: this.hooks }] } : { body: [{ id: 'token-record' }] },
		);
		trello.on('POST', '/1/webhooks', async (req: FakeRequest) => {
			const { callbackURL, idModel, description } = req.query;
			const check = await fetch(callbackURL, { method: 'HEAD' });
			this.headChecks.push({ url: callbackURL, status: check.status });
			if (check.status !== 200) return { status: 400, body: `URL (${callbackURL}) did not return 200 status code, got ${check.status}` };
			const hook = { id: `65b0000000000000000000${String(this.next++).padStart(2, '0')}`, idModel, callbackURL, description, active: true };
			this.hooks.push(hook);
			return { body: hook };
		});
		// Trello shows a webhook only to the token that created it; the fake has one token.
		trello.on('GET', '/1/webhooks/{id}', (req) => {
			const hook = this.hooks.find((each) => each.id === req.params.id);
			return hook ? { body: hook } : { status: 404, body: 'model not found' };
		});
		trello.on('DELETE', '/1/webhooks/{id}', (req) => {
			const index = this.hooks.findIndex((hook) => hook.id === req.params.id);
			if (index < 0) return { status: 404, body: 'model not found' };
			this.hooks.splice(index, 1);
			return { body: { _value: null } };
		});
		return this;
	}
}
