import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { GitHubRecorder } from './recorder';
import { byList, byUrl, repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

describe('no silent retargeting', () => {
	it.each([
		['issue', 'update', 'issueNumber', 'https://github.com/widgets-inc/widget-factory/issues/7'],
		['pullRequest', 'merge', 'pullNumber', 'https://github.com/widgets-inc/widget-factory/pull/7'],
		['issue', 'deleteComment', 'commentId', 'https://github.com/widgets-inc/widget-factory/issues/7#issuecomment-1081119451'],
		['pullRequest', 'getReview', 'reviewId', 'https://github.com/widgets-inc/widget-factory/pull/7#pullrequestreview-80', { pullNumber: byUrl('https://github.com/acme-org/api-server/pull/7') }],
		['project', 'addItem', 'issueNumber', 'https://github.com/widgets-inc/widget-factory/pull/7', { projectOwner: byList('acme-org'), projectNumber: byList('3') }],
	])('%s → %s: a number given by URL of another repository is an error, nothing sent', async (resource, operation, field, url, others: object = {}) => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource, operation, ...repo('acme-org', 'api-server'), ...others, [field]: byUrl(url) });
		expect(run.error('GitHub')?.message).toMatch(
			new RegExp(`URL ${url.replace(/[./]/g, '\\$&')} is in widgets-inc/widget-factory, not in the chosen repository acme-org/api-server$`),
		);
		expect(recorder.requests).toEqual([]);
	});

	it('a number given by URL of the chosen repository is used', async () => {
		const recorder = new GitHubRecorder([{ body: { number: 7 } }]);
		const run = await runGitHub({
			resource: 'issue',
			operation: 'get',
			...repo('acme-org', 'api-server'),
			issueNumber: byUrl('https://github.com/Acme-Org/api-server/issues/7'),
		});
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => r.path)).toEqual(['/repos/acme-org/api-server/issues/7']);
	});
});
