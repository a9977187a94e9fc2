import nock from 'nock';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { findRow } from '../../nodes/shared/operationKeys';
import { sealedBoxSettings } from '../../nodes/GitHub/actions/secret/sealedBox';
import { FakeClock } from '../transport/fakeClock';
import { describeOperationFixtures } from '../harness/operationFixtures';
import { expectedRequest } from './expected';
import { FIXTURES } from './fixtures';
import { FIXED_EPHEMERAL_SECRET } from './fixtures/secret';
import { GitHubRecorder } from './recorder';
import { runGitHub, TOKEN } from './run';

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

describeOperationFixtures({
	node: 'GitHub',
	rows: GITHUB_ROWS,
	fixtures: FIXTURES,
	variants: ['access token'],
	secrets: [TOKEN],
	async run(fixture) {
		const [resource, operation] = fixture.row.split('.');
		const recorder = new GitHubRecorder(fixture.exchanges.map((exchange) => exchange.reply));
		const run = await runGitHub({ resource, operation, ...fixture.parameters }, fixture.input, fixture.inputBinary);
		return {
			run,
			sent: recorder.requests,
			expected: fixture.exchanges.map((exchange) => expectedRequest(exchange.request)),
			contractProblems: recorder.contractProblems(),
			unusedReplies: recorder.unusedReplies(),
		};
	},
});

describe('the OpenAPI check of node requests catches a deliberately wrong row', () => {
	const mergeRow = findRow(GITHUB_ROWS, 'pullRequest.merge')!;
	const mergeMethod = mergeRow.fields.find((field) => field.name === 'merge_method')!;
	const parameters = { resource: 'pullRequest', operation: 'merge', owner: { __rl: true, mode: 'list', value: 'octo' }, repository: { __rl: true, mode: 'list', value: 'hello' }, pullNumber: { __rl: true, mode: 'id', value: '12' } };

	it('an invalid merge_method the row would let through', async () => {
		const original = mergeMethod.options;
		mergeMethod.options = [...(original ?? []), { name: 'Fast-Forward', value: 'fast-forward' }];
		try {
			const recorder = new GitHubRecorder([{ body: { merged: true } }]);
			const run = await runGitHub({ ...parameters, merge_method: 'fast-forward' });
			expect(run.error('GitHub')).toBeUndefined();
			expect(recorder.contractProblems()).toEqual([
				'PUT /repos/octo/hello/pulls/12/merge: body.merge_method is "fast-forward", not one of "merge", "squash", "rebase"',
			]);
		} finally {
			mergeMethod.options = original;
		}
	});

	it('a wrong path and a misspelt body property', async () => {
		const { path, fields } = mergeRow;
		mergeRow.path = '/repos/{owner}/{repo}/pull/{pull_number}/merge';
		try {
			const recorder = new GitHubRecorder([{ body: { merged: true } }]);
			await runGitHub({ ...parameters, merge_method: 'squash' });
			expect(recorder.contractProblems()).toEqual([
				'PUT /repos/octo/hello/pull/12/merge: no path template in the description matches this path',
			]);
			mergeRow.path = path;
			mergeRow.fields = fields.map((field) => (field.name === 'commit_title' ? { ...field, apiName: 'commitTitle' } : field));
			nock.cleanAll();
			const second = new GitHubRecorder([{ body: { merged: true } }]);
			await runGitHub({ ...parameters, merge_method: 'squash', additionalFields: { commit_title: 'Ship' } });
			expect(second.contractProblems()).toEqual([
				'PUT /repos/octo/hello/pulls/12/merge: body has the unknown property "commitTitle"',
			]);
		} finally {
			mergeRow.path = path;
			mergeRow.fields = fields;
		}
	});
});
