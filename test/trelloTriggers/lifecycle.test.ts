import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { actions, BOARD, delivery, DOING, ME, OTHER_BOARD, OTHER_CARD, TODO } from './fixtures';
import {
	API_KEY,
	API_TOKEN,
	deliverSigned,
	emitted,
	keyTokenCredentials,
	OAUTH_TOKEN,
	oauthCredentials,
	trelloTrigger,
} from './helpers';

const API = 'https://api.trello.com';
const CALLBACK = 'https://n8n.example.test/webhook/harness-webhook-id/webhook';
const KEY_TOKEN_HEADER = `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"`;

function webhook(id: string, idModel: string, extra: Record<string, unknown> = {}) {
	return {
		id,
		description: 'n8n New Comment Added to Card (workflow harness-trigger-workflow)',
		idModel,
		callbackURL: CALLBACK,
		active: true,
		consecutiveFailures: 0,
		firstConsecutiveFailDate: null,
		...extra,
	};
}

/** Trello's answer to GET /1/members/me/tokens?webhooks=true: the member's tokens, each with its webhooks. */
function tokensWith(webhooks: unknown[]) {
	return [{ id: 'token-record-1', identifier: 'n8n', idMember: ME.id, permissions: [], webhooks }];
}

function trelloApi(authorization: string | RegExp = KEY_TOKEN_HEADER) {
	return nock(API, { reqheaders: { authorization: (value: string) => (typeof authorization === 'string' ? value === authorization : authorization.test(value)) } });
}

describe('Trello Trigger: webhook lifecycle', () => {
	it('key + token: activation creates one webhook per board, checkExists finds them, deactivation deletes them', async () => {
		const requested: string[] = [];
		const record = (request: { path: string }) => requested.push(request.path);
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id, OTHER_BOARD.shortLink] });

		expect(await harness.checkExists()).toBe(false);

		const create = trelloApi()
			.get('/1/members/me')
			.query({ fields: 'id,username,fullName' })
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query({ fields: 'id,name,closed' })
			.reply(200, { id: BOARD.id, name: BOARD.name, closed: false })
			.get(`/1/boards/${OTHER_BOARD.shortLink}`)
			.query({ fields: 'id,name,closed' })
			.reply(200, { id: OTHER_BOARD.id, name: OTHER_BOARD.name, closed: false })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query({ callbackURL: CALLBACK, idModel: BOARD.id, description: 'n8n New Comment Added to Card (workflow harness-trigger-workflow)' })
			.reply(200, webhook('wh-1', BOARD.id))
			.post('/1/webhooks')
			.query({ callbackURL: CALLBACK, idModel: OTHER_BOARD.id, description: 'n8n New Comment Added to Card (workflow harness-trigger-workflow)' })
			.reply(200, webhook('wh-2', OTHER_BOARD.id));
		create.on('request', record);
		expect(await harness.create()).toBe(true);
		expect(create.isDone()).toBe(true);
		expect(harness.staticData.trelloWebhooks).toEqual({
			callbackUrl: CALLBACK,
			refs: [BOARD.id, OTHER_BOARD.shortLink],
			models: [
				{ idModel: BOARD.id, webhookId: 'wh-1', name: BOARD.name },
				{ idModel: OTHER_BOARD.id, webhookId: 'wh-2', name: OTHER_BOARD.name },
			],
		});

		const check = trelloApi()
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([webhook('wh-1', BOARD.id), webhook('wh-2', OTHER_BOARD.id), webhook('someone-else', 'x', { callbackURL: 'https://elsewhere.test/hook' })]));
		check.on('request', record);
		expect(await harness.checkExists()).toBe(true);
		expect(check.isDone()).toBe(true);

		const remove = trelloApi().delete('/1/webhooks/wh-1').reply(200, { _value: null }).delete('/1/webhooks/wh-2').reply(404, 'model not found');
		remove.on('request', record);
		expect(await harness.delete()).toBe(true);
		expect(remove.isDone()).toBe(true);

		// The token travels only in the Authorization header, never in a path or query.
		expect(requested).toHaveLength(9);
		for (const url of requested) expect(url).not.toContain(API_TOKEN);
		expect(harness.staticData.trelloWebhooks).toBeUndefined();
	});

	it('OAuth 1.0a: the same lifecycle with signed requests', async () => {
		const harness = trelloTrigger({ authentication: 'oAuth1', event: 'newComment', boards: [BOARD.id] }, oauthCredentials);
		const signed = new RegExp(`^OAuth .*oauth_consumer_key="${API_KEY}".*oauth_signature_method="HMAC-SHA1".*oauth_token="${OAUTH_TOKEN}"`);
		const scope = trelloApi(signed)
			.get('/1/members/me')
			.query({ fields: 'id,username,fullName' })
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query({ fields: 'id,name,closed' })
			.reply(200, { id: BOARD.id, name: BOARD.name, closed: false })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query({ callbackURL: CALLBACK, idModel: BOARD.id, description: /^n8n New Comment/ })
			.reply(200, webhook('wh-oauth', BOARD.id))
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([webhook('wh-oauth', BOARD.id)]))
			.delete('/1/webhooks/wh-oauth')
			.reply(200, {});
		await harness.activate();
		expect(await harness.checkExists()).toBe(true);
		expect(await harness.delete()).toBe(true);
		expect(scope.isDone()).toBe(true);
	});

	it('a webhook Trello deactivated is noticed by checkExists and switched back on at create', async () => {
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id] });
		harness.staticData.trelloWebhooks = { callbackUrl: CALLBACK, refs: [BOARD.id], models: [{ idModel: BOARD.id, webhookId: 'wh-1', name: BOARD.name }] };
		const deactivated = webhook('wh-1', BOARD.id, { active: false, consecutiveFailures: 1000, firstConsecutiveFailDate: '2026-10-20T08:00:00.000Z' });
		const scope = trelloApi()
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([deactivated]))
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name, closed: false })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([deactivated]))
			.put('/1/webhooks/wh-1')
			.query({ active: 'true' })
			.reply(200, { ...deactivated, active: true });
		await harness.activate();
		expect(scope.isDone()).toBe(true);
		expect((harness.staticData.trelloWebhooks as { models: unknown[] }).models).toEqual([{ idModel: BOARD.id, webhookId: 'wh-1', name: BOARD.name }]);
	});

	it('a webhook Trello removed is created again; a stray one for a board no longer watched is deleted', async () => {
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id] });
		harness.staticData.trelloWebhooks = { callbackUrl: CALLBACK, refs: [BOARD.id], models: [{ idModel: BOARD.id, webhookId: 'wh-gone', name: BOARD.name }] };
		const scope = trelloApi()
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([webhook('wh-stray', OTHER_BOARD.id)]))
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name, closed: false })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([webhook('wh-stray', OTHER_BOARD.id)]))
			.post('/1/webhooks')
			.query((q) => q.idModel === BOARD.id && q.callbackURL === CALLBACK)
			.reply(200, webhook('wh-new', BOARD.id))
			.delete('/1/webhooks/wh-stray')
			.reply(200, {});
		await harness.activate();
		expect(scope.isDone()).toBe(true);
		expect((harness.staticData.trelloWebhooks as { models: Array<{ webhookId: string }> }).models[0].webhookId).toBe('wh-new');
	});

	it('after activation, deliveries from a model the trigger does not watch are ignored', async () => {
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id] });
		harness.staticData.trelloWebhooks = { callbackUrl: CALLBACK, refs: [BOARD.id], models: [{ idModel: BOARD.id, webhookId: 'wh-1', name: BOARD.name }] };
		const own = await deliverSigned(harness, delivery(actions.commentAdded()));
		const foreign = await deliverSigned(harness, delivery(actions.commentAdded(), { id: OTHER_BOARD.id, name: OTHER_BOARD.name }));
		expect(emitted(own.result)).toHaveLength(1);
		expect(emitted(foreign.result)).toBeNull();
	});

	it('New Board watches the connected account: the webhook model is the member id', async () => {
		const harness = trelloTrigger({ event: 'newBoard' });
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query({ callbackURL: CALLBACK, idModel: ME.id, description: 'n8n New Board (workflow harness-trigger-workflow)' })
			.reply(200, webhook('wh-me', ME.id));
		await harness.activate();
		expect(scope.isDone()).toBe(true);
	});

	it('Custom Webhook Events can watch cards or lists instead of boards: one webhook per card or list', async () => {
		const cards = trelloTrigger({ event: 'custom', watch: 'card', watchedCards: `https://trello.com/c/${OTHER_CARD.shortLink}/fix-login-bug`, eventTypes: ['commentAdded', 'cardMoved'] });
		const cardScope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/cards/${OTHER_CARD.shortLink}`)
			.query({ fields: 'id,name,closed,idBoard' })
			.reply(200, { id: OTHER_CARD.id, name: OTHER_CARD.name, closed: false, idBoard: BOARD.id })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query({ callbackURL: CALLBACK, idModel: OTHER_CARD.id, description: 'n8n Custom Webhook Events (workflow harness-trigger-workflow)' })
			.reply(200, webhook('wh-card', OTHER_CARD.id));
		await cards.activate();
		expect(cardScope.isDone()).toBe(true);

		const lists = trelloTrigger({ event: 'custom', watch: 'list', watchedLists: `${TODO.id},${DOING.id}` });
		const listScope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/lists/${TODO.id}`)
			.query({ fields: 'id,name,closed,idBoard' })
			.reply(200, { ...TODO, closed: false, idBoard: BOARD.id })
			.get(`/1/lists/${DOING.id}`)
			.query({ fields: 'id,name,closed,idBoard' })
			.reply(200, { ...DOING, closed: false, idBoard: BOARD.id })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query((q) => q.idModel === TODO.id)
			.reply(200, webhook('wh-todo', TODO.id))
			.post('/1/webhooks')
			.query((q) => q.idModel === DOING.id)
			.reply(200, webhook('wh-doing', DOING.id));
		await lists.activate();
		expect(listScope.isDone()).toBe(true);
		expect((lists.staticData.trelloWebhooks as { models: Array<{ idModel: string }> }).models.map((m) => m.idModel)).toEqual([TODO.id, DOING.id]);
	});

	it('deactivation with no record of the webhooks removes those at this callback URL', async () => {
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id] });
		const scope = trelloApi()
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([webhook('wh-1', BOARD.id), webhook('not-ours', BOARD.id, { callbackURL: 'https://elsewhere.test/hook' })]))
			.delete('/1/webhooks/wh-1')
			.reply(200, {});
		expect(await harness.delete()).toBe(true);
		expect(scope.isDone()).toBe(true);
	});
});

describe('Trello Trigger: activation errors say why the trigger cannot fire', () => {
	async function activationError(harness: ReturnType<typeof trelloTrigger>): Promise<NodeApiError | NodeOperationError> {
		try {
			await harness.activate();
		} catch (error) {
			return error as NodeApiError;
		}
		throw new Error('activation succeeded');
	}

	it('credential no longer valid (401 from Trello): re-authenticate', async () => {
		const scope = trelloApi().get('/1/members/me').query(true).reply(401, 'invalid token');
		const error = await activationError(trelloTrigger({ event: 'newComment', boards: [BOARD.id] }));
		expect(scope.isDone()).toBe(true);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The Trello credential is no longer valid: re-authenticate');
		expect(error.description).toContain('reconnect it');
		expect(JSON.stringify(error)).not.toContain(API_TOKEN);
	});

	it.each([
		[404, 'The requested resource was not found.'],
		[401, 'unauthorized permission requested'],
		[400, 'invalid id'],
	])('a board the account cannot see (%i from Trello) is named', async (status, body) => {
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get('/1/boards/NoAccess1')
			.query(true)
			.reply(status, body);
		const error = await activationError(trelloTrigger({ event: 'newComment', boards: ['https://trello.com/b/NoAccess1/secret-board'] }));
		expect(scope.isDone()).toBe(true);
		expect(error.message).toBe('The connected Trello account cannot see the board "NoAccess1"');
		expect(error.description).toContain(body);
	});

	it('an event type the watched model never reports: Label Created on a card webhook', async () => {
		const error = await activationError(trelloTrigger({ event: 'custom', watch: 'card', watchedCards: OTHER_CARD.id, eventTypes: ['labelCreated'] }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The event type "Label Created" can never fire on a webhook that watches cards');
	});

	it('Card Moved between a list and itself can never fire', async () => {
		const error = await activationError(
			trelloTrigger({ event: 'newBoardActivity', boards: [BOARD.id], activityTypes: ['cardMoved'], filters: { movedFromLists: TODO.id, movedToLists: TODO.id } }),
		);
		expect(error.message).toBe(`Card Moved can never fire: "Moved From Lists" and "Moved To Lists" are both only the list ${TODO.id}`);
	});

	it('move filters without Card Moved are refused rather than silently ignored', async () => {
		const error = await activationError(
			trelloTrigger({ event: 'newBoardActivity', boards: [BOARD.id], activityTypes: ['cardUpdated'], filters: { movedToLists: DOING.id } }),
		);
		expect(error.message).toBe('"Moved From Lists" and "Moved To Lists" apply only to Card Moved');
	});

	it('Card Moved into a list that is not on the watched board can never fire', async () => {
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name })
			.get(`/1/boards/${BOARD.id}/lists`)
			.query({ filter: 'all', fields: 'id,name' })
			.reply(200, [TODO, DOING]);
		const error = await activationError(
			trelloTrigger({ event: 'newBoardActivity', boards: [BOARD.id], activityTypes: ['cardMoved'], filters: { movedToLists: 'list-on-another-board' } }),
		);
		expect(scope.isDone()).toBe(true);
		expect(error.message).toBe('The list "list-on-another-board" in "Moved To Lists" is not on the watched boards, so Card Moved can ever match it');
	});

	it('a card filter naming a card of another board can never match', async () => {
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name })
			.get(`/1/cards/${OTHER_CARD.shortLink}`)
			.query({ fields: 'id,idBoard,shortLink' })
			.reply(200, { id: OTHER_CARD.id, idBoard: OTHER_BOARD.id, shortLink: OTHER_CARD.shortLink });
		const error = await activationError(trelloTrigger({ event: 'custom', boards: [BOARD.id], filters: { cards: OTHER_CARD.shortLink } }));
		expect(scope.isDone()).toBe(true);
		expect(error.message).toBe(`The card "${OTHER_CARD.shortLink}" in "Cards" is not on the watched boards, so no event can ever match it`);
	});

	it('Label Created on a list webhook is refused: Trello reports it only to board webhooks', async () => {
		const error = await activationError(trelloTrigger({ event: 'custom', watch: 'list', watchedLists: TODO.id, eventTypes: ['cardMoved', 'labelCreated'] }));
		expect(error.message).toBe('The event type "Label Created" can never fire on a webhook that watches lists');
		expect(error.description).toContain('Watch boards instead');
	});

	it('a failure on the webhook list never shows the token (OAuth 1.0a)', async () => {
		const harness = trelloTrigger({ authentication: 'oAuth1', event: 'newComment', boards: [BOARD.id] }, oauthCredentials);
		harness.staticData.trelloWebhooks = { callbackUrl: CALLBACK, refs: [BOARD.id], models: [{ idModel: BOARD.id, webhookId: 'wh-1', name: BOARD.name }] };
		nock(API).get('/1/members/me/tokens').query({ webhooks: 'true' }).reply(401, `invalid token ${OAUTH_TOKEN}`);
		const error = await activationError(harness);
		expect(error.message).toBe('The Trello credential is no longer valid: re-authenticate');
		const everything = JSON.stringify({ message: error.message, description: error.description, error });
		expect(everything).not.toContain(OAUTH_TOKEN);
		expect(everything).toContain('[redacted]');
	});

	it('no boards chosen', async () => {
		const error = await activationError(trelloTrigger({ event: 'newComment', boards: [] }));
		expect(error.message).toBe('No boards to watch');
	});

	it('verification on and no application secret: activation fails and says where the secret is', async () => {
		const harness = trelloTrigger({ event: 'newComment', boards: [BOARD.id] }, { trelloKeyTokenApi: { ...keyTokenCredentials.trelloKeyTokenApi, applicationSecret: '' } });
		const error = await activationError(harness);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('No application secret to verify Trello’s webhook signatures');
		expect(error.description).toContain('Power-Up admin page');
		expect(error.description).toContain('"Application Secret"');
		expect(error.description).toContain('"Verify Signatures"');

		const oauth = trelloTrigger(
			{ authentication: 'oAuth1', event: 'newComment', boards: [BOARD.id] },
			{ trelloOAuth10aApi: { ...oauthCredentials.trelloOAuth10aApi, consumerSecret: '' } },
		);
		expect((await activationError(oauth)).description).toContain('"Consumer Secret"');
	});

	it('verification explicitly off: activation goes ahead without a secret', async () => {
		const harness = trelloTrigger(
			{ event: 'newComment', boards: [BOARD.id], verifySignature: false },
			{ trelloKeyTokenApi: { ...keyTokenCredentials.trelloKeyTokenApi, applicationSecret: '' } },
		);
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query(true)
			.reply(200, webhook('wh-1', BOARD.id));
		await harness.activate();
		expect(scope.isDone()).toBe(true);
	});

	it('Trello could not validate the callback with HEAD: the error says n8n must be reachable there', async () => {
		const scope = trelloApi()
			.get('/1/members/me')
			.query(true)
			.reply(200, ME)
			.get(`/1/boards/${BOARD.id}`)
			.query(true)
			.reply(200, { id: BOARD.id, name: BOARD.name })
			.get('/1/members/me/tokens')
			.query({ webhooks: 'true' })
			.reply(200, tokensWith([]))
			.post('/1/webhooks')
			.query(true)
			.reply(400, `URL (${CALLBACK}) did not return 200 status code, got 404`);
		const error = await activationError(trelloTrigger({ event: 'newComment', boards: [BOARD.id] }));
		expect(scope.isDone()).toBe(true);
		expect(error.message).toBe('Trello could not validate the webhook address');
		expect(error.description).toContain(`HEAD request to ${CALLBACK}`);
	});
});
