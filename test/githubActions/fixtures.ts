import type { IDataObject } from 'n8n-workflow';

import type { Reply } from './recorder';
import { advisoryFixtures } from './fixtures/advisory';
import { botFixtures } from './fixtures/bots';
import { branchFixtures } from './fixtures/branch';
import { checkFixtures } from './fixtures/check';
import { collaboratorFixtures } from './fixtures/collaborator';
import { commitFixtures } from './fixtures/commit';
import { copilotFixtures } from './fixtures/copilot';
import { deploymentFixtures } from './fixtures/deployment';
import { discussionFixtures } from './fixtures/discussion';
import { fileFixtures } from './fixtures/file';
import { gistFixtures } from './fixtures/gist';
import { gitFixtures } from './fixtures/git';
import { issueFixtures } from './fixtures/issue';
import { labelFixtures } from './fixtures/label';
import { milestoneFixtures } from './fixtures/milestone';
import { organizationFixtures } from './fixtures/organization';
import { pendingReviewFixtures } from './fixtures/pendingReview';
import { projectFixtures, projectItemFixtures, projectOwnerFixtures } from './fixtures/project';
import { autoMergeFixtures, pullRequestFixtures } from './fixtures/pullRequest';
import { rateLimitFixtures } from './fixtures/rateLimit';
import { releaseFixtures } from './fixtures/release';
import { repositoryFixtures } from './fixtures/repository';
import { rulesetFixtures } from './fixtures/ruleset';
import { searchFixtures } from './fixtures/search';
import { secretFixtures } from './fixtures/secret';
import { userFixtures } from './fixtures/user';
import { variableFixtures } from './fixtures/variable';
import { workflowFixtures } from './fixtures/workflow';

export interface ExpectedRequest {
	/** 'uploads' for GitHub's upload host, or the origin of another host a redirect leads to (default: the API). */
	server?: string;
	method: string;
	path: string;
	query?: Record<string, string>;
	body?: unknown;
	/** The request follows a next-page Link GitHub gave (checked, but not against the description). */
	followedLink?: boolean;
	/** Added to (or overriding) the headers every request carries. */
	headers?: Record<string, string>;
}

/** Binary properties of one item: name → file name, MIME type and content (as text). */
export type FixtureBinary = Record<string, { fileName: string; mimeType: string; text: string }>;

export interface OperationFixture {
	/** resource.operation of the catalogue row. */
	row: string;
	title: string;
	parameters: IDataObject;
	input?: IDataObject[];
	/** Binary properties of the input items (by item index). */
	inputBinary?: FixtureBinary[];
	exchanges: Array<{ request: ExpectedRequest; reply: Reply }>;
	output: IDataObject[];
	/**
	 * What the newest Enterprise Server description reports about these requests, each for a
	 * reason the fixture states (github.com features Enterprise Server lacks or does not list yet).
	 */
	enterpriseContractProblems?: string[];
	/** Binary properties expected on the output items (by item index). */
	binary?: FixtureBinary[];
}

/** One entry per catalogue row (some rows have several), one file per resource in fixtures/: parameters → exact requests → exact output. */
export const FIXTURES: OperationFixture[] = [
	...repositoryFixtures,
	...fileFixtures,
	...branchFixtures,
	...commitFixtures,
	...gitFixtures,
	...issueFixtures,
	...labelFixtures,
	...milestoneFixtures,
	...searchFixtures,
	...pullRequestFixtures,
	...projectFixtures,
	...projectItemFixtures,
	...projectOwnerFixtures,
	...copilotFixtures,
	...discussionFixtures,
	...workflowFixtures,
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
];
