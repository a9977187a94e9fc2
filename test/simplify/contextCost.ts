import type { IDataObject } from 'n8n-workflow';

import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/output';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/output';
import type { FieldSet } from '../../nodes/shared/simplify';
import { simplifyWith } from '../../nodes/shared/simplify';
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

function githubExample(name: string): IDataObject {
	const value = githubExamples[name]?.value;
	if (value === undefined) throw new Error(`@octokit/openapi has no example "${name}"`);
	const first = Array.isArray(value) ? value[0] : value;
	return first as IDataObject;
}

/** [type, single example, list example] per simplified GitHub type. */
const GITHUB_CASES: Array<[string, string, string | undefined]> = [
	['issue', 'issue', 'issue-items'],
	['pullRequest', 'pull-request', 'pull-request-simple-items'],
	['comment', 'issue-comment', 'issue-comment-items'],
	['review', 'pull-request-review', 'pull-request-review-items'],
	['reviewComment', 'pull-request-review-comment', 'pull-request-review-comment-items'],
	['pullRequestFile', 'diff-entry-items', 'diff-entry-items'],
	['repository', 'full-repository', 'minimal-repository-items'],
	['branch', 'branch-with-protection', 'branch-short-items'],
	['label', 'label', 'label-items'],
	['milestone', 'milestone', 'milestone-items'],
	['commit', 'commit', 'commit-items'],
	['file', 'content-file', undefined],
	['release', 'release', 'release-items'],
	['asset', 'release-asset', 'release-asset-items'],
	['workflow', 'workflow', undefined],
	['run', 'workflow-run', undefined],
	['job', 'job', undefined],
	['artifact', 'artifact', undefined],
	['gist', 'gist', 'base-gist-items'],
	['user', 'public-user-default-response', 'simple-user-items'],
];

const TRELLO_CASES: Array<[string, string]> = [
	['card', 'Card'],
	['board', 'Board'],
	['list', 'TrelloList'],
	['checklist', 'Checklist'],
	['label', 'Label'],
	['action', 'Action'],
	['attachment', 'Attachment'],
	['member', 'Member'],
	['notification', 'Notification'],
];

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

export function contextCost(): CostRow[] {
	const rows: CostRow[] = [];
	for (const [type, single, list] of GITHUB_CASES) {
		rows.push(row('GitHub', type, 'single', single, githubExample(single), GITHUB_FIELD_SETS[type]));
		if (list) rows.push(row('GitHub', type, 'list item', list, githubExample(list), GITHUB_FIELD_SETS[type]));
	}
	for (const [type, schema] of TRELLO_CASES) {
		const example = trelloExample(schema);
		rows.push(row('Trello', type, 'single', schema, example, TRELLO_FIELD_SETS[type]));
		rows.push(row('Trello', type, 'list item', schema, example, TRELLO_FIELD_SETS[type]));
	}
	return rows;
}
