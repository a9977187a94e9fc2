import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { describeOperationFixtures } from '../harness/operationFixtures';
import { FIXTURES } from './fixtures';
import type { Auth, ExpectedCall } from './support';
import { AUTHS, contractProblems, expectAuthenticated, OAUTH_TOKEN, runTrello, SECRETS, TOKEN, trelloApi } from './support';

/** The connected token, which fixture paths name as {token} (Trello lists webhooks per token). */
const TOKEN_OF: Record<Auth, string> = { keyToken: TOKEN, oAuth1: OAUTH_TOKEN };

beforeEach(() => resetTrelloRateLimitState());

describeOperationFixtures({
	node: 'Trello',
	rows: TRELLO_ROWS,
	fixtures: FIXTURES,
	variants: AUTHS,
	secrets: SECRETS,
	async run(fixture, auth) {
		if (fixture.inputBinary) throw new Error('Trello fixtures give input binary data as "$binary" in input');
		const [resource, operation] = fixture.row.split('.');
		const calls: ExpectedCall[] = fixture.exchanges.map(({ request, reply }) => ({
			method: request.method as ExpectedCall['method'],
			path: request.path.replace('{token}', TOKEN_OF[auth]),
			query: request.query,
			body: request.body,
			status: reply.status,
			reply: reply.body,
		}));
		const api = trelloApi(calls);
		const run = await runTrello({ resource, operation, ...fixture.parameters }, auth, fixture.input);
		for (const call of api.recorded) expectAuthenticated(call, auth);
		// Bodies are compared where the fixture gives one (JSON, or a matcher for multipart).
		const withBody = (index: number, body: unknown) => (calls[index]?.body === undefined ? {} : { body });
		return {
			run,
			sent: api.recorded.map(({ method, path, query, body }, index) => ({ method, path, query, ...withBody(index, body) })),
			expected: calls.map(({ method, path, query, body }, index) => ({ method, path, query: query ?? {}, ...withBody(index, body) })),
			contractProblems: api.recorded.flatMap(contractProblems),
			unusedReplies: api.scope.pendingMocks().length,
		};
	},
});
