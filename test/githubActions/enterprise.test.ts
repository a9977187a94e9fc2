import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { sealedBoxSettings } from '../../nodes/GitHub/actions/secret/sealedBox';
import { FakeClock } from '../transport/fakeClock';
import { githubEnterpriseContract } from '../contracts/openapi';
import { FIXTURES } from './fixtures';
import { FIXED_EPHEMERAL_SECRET } from './fixtures/secret';
import { GitHubRecorder } from './recorder';
import { OAUTH_TOKEN, runGitHub } from './run';
import { expectedRequest } from './expected';

const ORIGIN = 'https://github.example.com';

// Dispatch and Wait's polling sleeps on the transport's clock: instant here. Secrets are sealed
// with a fixed ephemeral key, so the fixtures hold the exact bytes libsodium gives.
beforeEach(() => {
	resetGitHubRateLimitState();
	new FakeClock().install();
	sealedBoxSettings.ephemeralSecret = () => FIXED_EPHEMERAL_SECRET;
});
afterEach(() => {
	FakeClock.uninstall();
	delete sealedBoxSettings.ephemeralSecret;
});

describe(`GitHub node on Enterprise Server (${ORIGIN}/api/v3, OAuth2)`, () => {
	it.each(FIXTURES.map((fixture) => [`${fixture.row} ${fixture.title}`, fixture] as const))(
		'%s: same requests under /api/v3 (GraphQL at /api/graphql), valid against the GHES description',
		async (_name, fixture) => {
			const replies = fixture.exchanges.map(({ reply }) =>
				reply.headers?.link
					? { ...reply, headers: { ...reply.headers, link: reply.headers.link.replace(/https:\/\/api\.github\.com/g, `${ORIGIN}/api/v3`) } }
					: reply,
			);
			const recorder = new GitHubRecorder(replies, ORIGIN, '/api/v3');
			const [resource, operation] = fixture.row.split('.');

			const run = await runGitHub({ authentication: 'oAuth2', resource, operation, ...fixture.parameters }, fixture.input, fixture.inputBinary);

			expect(run.error('GitHub')).toBeUndefined();
			expect(recorder.requests).toEqual(
				fixture.exchanges.map(({ request }) => {
					const expected = expectedRequest(request);
					return {
						...expected,
						path: expected.path === '/graphql' ? '/api/graphql' : expected.path,
						headers: 'authorization' in expected.headers ? { ...expected.headers, authorization: `Bearer ${OAUTH_TOKEN}` } : expected.headers,
					};
				}),
			);
			expect(recorder.contractProblems(githubEnterpriseContract())).toEqual(fixture.enterpriseContractProblems ?? []);
			expect(run.json('GitHub')).toEqual(fixture.output);
		},
	);
});
