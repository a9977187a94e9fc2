import type { IDataObject } from 'n8n-workflow';

import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/fieldSets';
import type { FieldSet } from '../../nodes/shared/simplify';
import { simplifyWith } from '../../nodes/shared/simplify';
import { discussionFixtures } from '../githubActions/fixtures/discussion';
import { fileFixtures } from '../githubActions/fixtures/file';
import { projectFixtures } from '../githubActions/fixtures/project';
import { similarIssueFixtures } from '../githubActions/fixtures/similarIssue';
import { FIXTURES as TRELLO_FIXTURES } from '../trelloActions/fixtures';
import { trelloExample } from './trelloExamples';

/**
 * What a simplified object costs an agent compared with the raw one, on the services' documented
 * example objects: GitHub's from @octokit/openapi (components.examples), Trello's built from its
 * official OpenAPI schemas (test/contracts/trello-contract.json, see trelloExamples.ts).
 * Goals: a list item at most 15 % of the raw item's characters, a single object at most 30 %.
 */

export const LIST_GOAL = 0.15;
export const SINGLE_GOAL = 0.3;
/**
 * Objects smaller than this are compact already (a label, a short branch, a list): they keep
 * every field an agent needs, so the goal for them is only "never larger than raw".
 */
export const COMPACT_ALREADY = 1000;

export interface CostRow {
	service: 'GitHub' | 'Trello';
	type: string;
	kind: 'list item' | 'single';
	example: string;
	raw: number;
	simplified: number;
	ratio: number;
	goal: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const githubExamples = (require('@octokit/openapi/generated/api.github.com.json') as { components: { examples: Record<string, { value: unknown }> } })
	.components.examples;

export function githubExample(name: string): IDataObject {
	const value = githubExamples[name]?.value as unknown;
	if (value === undefined) throw new Error(`@octokit/openapi has no example "${name}"`);
	// Search answers wrap their items (total_count, items).
	const list = Array.isArray(value) ? value : (value as { items?: unknown[] }).items;
	return (Array.isArray(list) ? list[0] : value) as IDataObject;
}

/**
 * The documented examples per GitHub field set: single object and list item (either may be
 * missing when GitHub documents only one), or an object the operation builds itself.
 */
const GITHUB_CASES: Record<string, { single?: string; list?: string } | { built: IDataObject; name: string }> = {
	issue: { single: 'issue', list: 'issue-items' },
	pullRequest: { single: 'pull-request', list: 'pull-request-simple-items' },
	comment: { single: 'issue-comment', list: 'issue-comment-items' },
	review: { single: 'pull-request-review', list: 'pull-request-review-items' },
	reviewComment: { single: 'pull-request-review-comment', list: 'pull-request-review-comment-items' },
	pullRequestFile: { single: 'diff-entry-items', list: 'diff-entry-items' },
	repository: { single: 'full-repository', list: 'minimal-repository-items' },
	branch: { single: 'branch-with-protection', list: 'branch-short-items' },
	label: { single: 'label', list: 'label-items' },
	milestone: { single: 'milestone', list: 'milestone-items' },
	commit: { single: 'commit', list: 'commit-items' },
	file: { single: 'content-file' },
	release: { single: 'release', list: 'release-items' },
	asset: { single: 'release-asset', list: 'release-asset-items' },
	workflow: { single: 'workflow' },
	run: { single: 'workflow-run' },
	job: { single: 'job' },
	artifact: { single: 'artifact' },
	gist: { single: 'gist', list: 'base-gist-items' },
	user: { single: 'public-user-default-response', list: 'simple-user-items' },
	organization: { single: 'organization-full', list: 'organization-simple-items' },
	tag: { list: 'tag-items' },
	codeMatch: { list: 'code-search-result-item-paginated' },
	secret: { single: 'actions-secret' },
	variable: { single: 'actions-variable' },
	checkRun: { single: 'check-run' },
	checkSuite: { single: 'check-suite' },
	annotation: { list: 'check-annotation-items' },
	status: { single: 'status', list: 'status-items' },
	combinedStatus: { single: 'combined-commit-status' },
	deployment: { single: 'deployment', list: 'deployment-items' },
	deploymentStatus: { single: 'deployment-status', list: 'deployment-status-items' },
	environment: { single: 'environment' },
	branchProtection: { single: 'branch-protection' },
	ruleset: { single: 'repository-ruleset', list: 'repository-ruleset-items' },
	webhook: { single: 'hook', list: 'hook-items' },
	delivery: { single: 'hook-delivery', list: 'hook-delivery-items' },
	notification: { single: 'thread', list: 'thread-items' },
	reaction: { single: 'reaction', list: 'reaction-items' },
	team: { single: 'team-full', list: 'team-items' },
	event: { list: 'issue-event-items' },
	securityAlert: { single: 'code-scanning-alert', list: 'code-scanning-alert-items' },
	issueType: { single: 'issue-type', list: 'issue-type-items' },
	issueField: { single: 'issue-field', list: 'issue-field-items' },
	issueFieldValue: { list: 'issue-field-value-items' },
	codeQualityFinding: { single: 'code-quality-finding', list: 'code-quality-finding-items' },
	advisory: { single: 'global-advisory', list: 'global-advisory-items' },
	repositoryAdvisory: { single: 'repository-advisory', list: 'list-repository-advisories' },
	// GitHub documents the runner list only wrapped (total_count, runners), so the single runner stands for both.
	runner: { single: 'runner' },
	// Labels come wrapped as well (total_count, labels): the first documented label.
	runnerLabel: { name: 'runner-labels (first label)', built: ((githubExamples['runner-labels']?.value as { labels: IDataObject[] }).labels)[0] },
	// Built by the Projects v2 operation from GraphQL answers, not an API object (the Update Item Status fixture's output).
	projectItem: {
		name: 'Update Item Status output',
		built: (projectFixtures.find((fixture) => fixture.row === 'project.updateItemStatus')?.output as IDataObject[])[0],
	},
	// Built by the Discussions operations from GraphQL answers (the Get and Add Comment fixtures' outputs).
	discussion: { name: 'Discussion Get output', built: (discussionFixtures.find((fixture) => fixture.row === 'discussion.get')?.output as IDataObject[])[0] },
	discussionComment: {
		name: 'Discussion Add Comment output',
		built: (discussionFixtures.find((fixture) => fixture.row === 'discussion.addComment')?.output as IDataObject[])[0],
	},
	// Built by File → Get Blame from GraphQL answers (the default-branch fixture's first range).
	blameRange: { name: 'File Get Blame output', built: (fileFixtures.find((fixture) => fixture.row === 'file.getBlame')?.output as IDataObject[])[0] },
	// A documented issue search result with the ranking Issue → Find Similar adds to it.
	similarIssue: {
		name: 'issue-search-result-item-paginated with its similarity',
		built: {
			...githubExample('issue-search-result-item-paginated'),
			similarity: (similarIssueFixtures[0].output as IDataObject[])[0].similarity,
		},
	},
	discussionCategory: {
		name: 'Discussion List Categories output',
		built: (discussionFixtures.find((fixture) => fixture.row === 'discussion.listCategories')?.output as IDataObject[])[0],
	},
};

/** The Trello schema per Trello field set. */
const TRELLO_CASES: Record<string, string> = {
	card: 'Card',
	board: 'Board',
	list: 'TrelloList',
	checklist: 'Checklist',
	checkItem: 'CheckItem',
	label: 'Label',
	action: 'Action',
	attachment: 'Attachment',
	member: 'Member',
	customField: 'CustomField',
	notification: 'Notification',
	workspace: 'Organization',
	webhook: 'Webhook',
};

/**
 * Trello objects its description gives no schema of their own: the row fixture's answer (an option
 * of a list custom field sits only inside CustomField.display; reactions have none).
 */
const TRELLO_BUILT: Record<string, { name: string; built: IDataObject }> = {
	customFieldOption: { name: 'customField.getOptions fixture', built: TRELLO_FIXTURES.find((fixture) => fixture.row === 'customField.getOptions')!.output[0] },
	reaction: { name: 'comment.getReactions fixture', built: TRELLO_FIXTURES.find((fixture) => fixture.row === 'comment.getReactions')!.output[0] },
};

function caseFor<T>(cases: Record<string, T>, service: string, type: string): T {
	if (!(type in cases)) throw new Error(`No example for the ${service} field set "${type}": add one to test/simplify/contextCost.ts`);
	return cases[type];
}

function row(service: CostRow['service'], type: string, kind: CostRow['kind'], example: string, raw: IDataObject, fields: FieldSet): CostRow {
	const rawLength = JSON.stringify(raw).length;
	const simplified = JSON.stringify(simplifyWith(fields, raw)).length;
	return {
		service,
		type,
		kind,
		example,
		raw: rawLength,
		simplified,
		ratio: simplified / rawLength,
		goal: rawLength < COMPACT_ALREADY ? 1 : kind === 'single' ? SINGLE_GOAL : LIST_GOAL,
	};
}

/** Every field set of both services, measured on its examples. */
export function contextCost(): CostRow[] {
	const rows: CostRow[] = [];
	for (const [type, fields] of Object.entries(GITHUB_FIELD_SETS)) {
		const known = caseFor(GITHUB_CASES, 'GitHub', type);
		if ('built' in known) {
			rows.push(row('GitHub', type, 'single', known.name, known.built, fields));
			continue;
		}
		if (known.single) rows.push(row('GitHub', type, 'single', known.single, githubExample(known.single), fields));
		if (known.list) rows.push(row('GitHub', type, 'list item', known.list, githubExample(known.list), fields));
	}
	for (const [type, fields] of Object.entries(TRELLO_FIELD_SETS)) {
		const built = TRELLO_BUILT[type];
		if (built) {
			rows.push(row('Trello', type, 'list item', built.name, built.built, fields));
			continue;
		}
		const schema = caseFor(TRELLO_CASES, 'Trello', type);
		const example = trelloExample(schema);
		rows.push(row('Trello', type, 'single', schema, example, fields));
		rows.push(row('Trello', type, 'list item', schema, example, fields));
	}
	return rows;
}
