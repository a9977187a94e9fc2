import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { operationKey } from '../../nodes/shared/rowEngine';
import { FIXTURES } from './fixtures';
import type { Auth } from './support';
import { AUTHS, contractProblems, expectAuthenticated, expectedSent, OAUTH_TOKEN, runTrello, SECRETS, TOKEN, trelloApi } from './support';

/** The connected token, which fixture paths name as {token} (Trello lists webhooks per token). */
const TOKEN_OF: Record<Auth, string> = { keyToken: TOKEN, oAuth1: OAUTH_TOKEN };

const ROW_KEYS = TRELLO_ROWS.map(operationKey);

beforeEach(() => resetTrelloRateLimitState());

describe('Trello node catalogue ↔ fixtures', () => {
	it('has exactly one fixture per operation row', () => {
		expect(ROW_KEYS.filter((key) => !FIXTURES[key])).toEqual([]);
		expect(Object.keys(FIXTURES).filter((key) => !(ROW_KEYS as string[]).includes(key))).toEqual([]);
		expect(new Set(ROW_KEYS).size).toBe(ROW_KEYS.length);
	});
});

describe.each(AUTHS)('every Trello operation, authenticated with %s', (auth: Auth) => {
	it.each(ROW_KEYS)('%s sends exactly the expected requests and outputs the expected items', async (key) => {
		const fixture = FIXTURES[key];
		if (!fixture) throw new Error(`No fixture for the row ${key}`);
		const [resource, operation] = key.split('.');
		const calls = fixture.calls.map((call) => ({ ...call, path: call.path.replace('{token}', TOKEN_OF[auth]) }));
		const api = trelloApi(calls);

		const run = await runTrello({ resource, operation, ...fixture.parameters }, auth, fixture.input);

		expect(run.json('Trello')).toEqual(fixture.output);
		const bodies = calls.map((call, index) => [call.body, api.recorded[index]?.body]).filter(([expected]) => expected !== undefined);
		for (const [expected, sent] of bodies) expect(sent).toEqual(expected);
		const binaries = run.items('Trello').map((item) =>
			Object.fromEntries(
				Object.entries(item.binary ?? {}).map(([name, data]) => [
					name,
					{ fileName: data.fileName, mimeType: data.mimeType, text: Buffer.from(data.data, 'base64').toString('utf8') },
				]),
			),
		);
		expect(binaries).toEqual(fixture.binary ?? fixture.output.map(() => ({})));
		expect(run.items('Trello').every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		expect(api.sent()).toEqual(expectedSent(calls));
		for (const call of api.recorded) {
			expectAuthenticated(call, auth);
			expect(contractProblems(call)).toEqual([]);
		}
		expect(api.scope.isDone()).toBe(true);
		const everything = JSON.stringify(run.run);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
	});
});
