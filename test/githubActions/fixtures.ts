import type { GitHubOperationKey } from '../../nodes/GitHub/actions/catalogue';
import type { FixtureRequest, OperationFixture as SharedFixture } from '../harness/operationFixtures';
import { advisoryFixtures } from './fixtures/advisory';
import { botFixtures } from './fixtures/bots';
import { branchFixtures } from './fixtures/branch';
import { checkFixtures } from './fixtures/check';
import { codeQualityFixtures } from './fixtures/codeQuality';
import { collaboratorFixtures } from './fixtures/collaborator';
import { commitFixtures } from './fixtures/commit';
import { copilotFixtures } from './fixtures/copilot';
import { deploymentFixtures } from './fixtures/deployment';
import { discussionFixtures } from './fixtures/discussion';
import { fileFixtures } from './fixtures/file';
import { gistFixtures } from './fixtures/gist';
import { gitFixtures } from './fixtures/git';
import { issueFixtures } from './fixtures/issue';
import { issueFieldFixtures } from './fixtures/issueField';
import { labelFixtures } from './fixtures/label';
import { milestoneFixtures } from './fixtures/milestone';
import { organizationFixtures } from './fixtures/organization';
import { pendingReviewFixtures } from './fixtures/pendingReview';
import { projectFixtures, projectItemFixtures, projectBatchFixtures, projectOwnerFixtures, projectViewFixtures } from './fixtures/project';
import { autoMergeFixtures, pullRequestFixtures } from './fixtures/pullRequest';
import { rateLimitFixtures } from './fixtures/rateLimit';
import { releaseFixtures } from './fixtures/release';
import { repositoryFixtures } from './fixtures/repository';
import { rulesetFixtures } from './fixtures/ruleset';
import { runnerFixtures } from './fixtures/runner';
import { searchFixtures } from './fixtures/search';
import { similarIssueFixtures } from './fixtures/similarIssue';
import { secretFixtures } from './fixtures/secret';
import { userFixtures } from './fixtures/user';
import { variableFixtures } from './fixtures/variable';
import { workflowFixtures } from './fixtures/workflow';

export type { FixtureBinary } from '../harness/operationFixtures';
/** A fixture's request: method, path, query and body exactly; headers beyond every request's own; the host when not the API. */
export type ExpectedRequest = FixtureRequest;
/** GitHub's fixtures, in the shape both services share (test/harness/operationFixtures.ts). */
export type OperationFixture = SharedFixture<GitHubOperationKey>;

/** One entry per catalogue row (some rows have several), one file per resource in fixtures/: parameters → exact requests → exact output. */
export const FIXTURES: OperationFixture[] = [
	...repositoryFixtures,
	...fileFixtures,
	...branchFixtures,
	...commitFixtures,
	...gitFixtures,
	...issueFixtures,
	...similarIssueFixtures,
	...labelFixtures,
	...milestoneFixtures,
	...searchFixtures,
	...pullRequestFixtures,
	...projectFixtures,
	...projectItemFixtures,
	...projectOwnerFixtures,
	...projectViewFixtures,
	...projectBatchFixtures,
	...copilotFixtures,
	...discussionFixtures,
	...workflowFixtures,
	...runnerFixtures,
	...gistFixtures,
	...releaseFixtures,
	...collaboratorFixtures,
	...organizationFixtures,
	...userFixtures,
	...rateLimitFixtures,
	...secretFixtures,
	...variableFixtures,
	...checkFixtures,
	...deploymentFixtures,
	...rulesetFixtures,
	...botFixtures,
	...autoMergeFixtures,
	...pendingReviewFixtures,
	...advisoryFixtures,
	...issueFieldFixtures,
	...codeQualityFixtures,
];
