/**
 * n8n's GitHub node (n8n-nodes-base.github, typeVersion 1 and 1.1), operation by operation, as
 * this package's GitHub node or GitHub API Call node.
 */
import type { OperationMapping } from './mapping';
import { apiCallParameters } from './mapping';
import type { Json, JsonObject } from './types';
import type { Locator, N8nParameters } from './values';
import { commaList, compact, idLocator, isExpression, pathOf, readLocator, renameKeys, toLocator } from './values';

const REPOSITORY_MODES = ['list', 'name', 'url'];

function ownerAndRepository(p: N8nParameters): JsonObject {
	return {
		owner: toLocator(p.locator('owner'), REPOSITORY_MODES, 'name') as unknown as Json,
		repository: toLocator(p.locator('repository'), REPOSITORY_MODES, 'name') as unknown as Json,
	};
}

/** A user or organization name from n8n's Owner locator (a github.com URL gives its first segment). */
export function ownerName(locator: Locator): string {
	const value = String(locator.value);
	if (locator.mode === 'url' && !isExpression(value)) {
		const match = /^https?:\/\/[^/]+\/([^/?#]+)/.exec(value);
		if (match) return match[1];
	}
	return value;
}

const repositoryName = (locator: Locator): string => {
	const value = String(locator.value);
	if (locator.mode === 'url' && !isExpression(value)) {
		const match = /^https?:\/\/[^/]+\/[^/]+\/([^/?#]+)/.exec(value);
		if (match) return match[1].replace(/\.git$/, '');
	}
	return value;
};

const repoPath = (p: N8nParameters, rest: string, values: Record<string, string | number> = {}) =>
	pathOf(`/repos/{owner}/{repository}${rest}`, { owner: ownerName(p.locator('owner')), repository: repositoryName(p.locator('repository')), ...values });

/** Raw results (n8n's shape) unless the user asked for simplified ones; set by the converter. */
const RAW = { simplify: false };

function paging(p: N8nParameters): JsonObject {
	return p.get('returnAll') === true ? { returnAll: true } : { returnAll: false, limit: p.get('limit') ?? 50 };
}

/** n8n's file-commit options: author/committer as {name, email}, branch as {branch}. */
function commitOptions(p: N8nParameters): JsonObject {
	const extra = p.object('additionalParameters');
	const person = (value: Json | undefined) => (value && typeof value === 'object' && !Array.isArray(value) ? { person: value } : undefined);
	const branchValue = extra.branch && typeof extra.branch === 'object' && !Array.isArray(extra.branch) ? extra.branch.branch : undefined;
	return compact({
		branch: branchValue === undefined || branchValue === '' ? undefined : ({ __rl: true, mode: 'name', value: branchValue } as unknown as Json),
		author: person(extra.author),
		committer: person(extra.committer),
	});
}

const numberLocator = (p: N8nParameters, name: string) => idLocator(p.get(name)) as unknown as Json;

/** n8n's `[{label: 'bug'}]` rows; an expression in place of the rows is passed on as it is. */
const rows = (value: Json | undefined, key: string): string => (isExpression(value) ? value : commaList(value, key));

function workflowLocator(p: N8nParameters): Json {
	const source = readLocator(p.get('workflowId'));
	// n8n's "By ID" mode is named `name`; here it is `id`.
	const mode = source.mode === 'name' ? 'id' : source.mode;
	return toLocator({ ...source, mode }, ['list', 'filename', 'id'], 'id') as unknown as Json;
}

function refLocator(p: N8nParameters): Json {
	const value = p.get('ref');
	return toLocator(readLocator(value), ['list', 'name'], 'name') as unknown as Json;
}

function workflowInputs(p: N8nParameters): JsonObject {
	const inputs = p.get('inputs');
	return inputs === undefined || inputs === '' || inputs === '{}' ? {} : { inputs };
}

const repoScoped = (p: N8nParameters, more: JsonObject = {}) => ({ ...ownerAndRepository(p), ...more });

export const GITHUB_MAPPINGS: OperationMapping[] = [
	// ----- file
	...(['create', 'edit'] as const).map(
		(operation): OperationMapping => ({
			from: `file.${operation}`,
			to: { resource: 'file', operation: 'createOrUpdate' },
			convert: (p) =>
				repoScoped(p, {
					path: p.string('filePath').replace(/\/+$/, ''),
					binaryData: p.get('binaryData') === true,
					...(p.get('binaryData') === true ? { binaryPropertyName: p.string('binaryPropertyName') } : { fileContent: p.get('fileContent') ?? '' }),
					message: p.get('commitMessage') ?? '',
					additionalFields: commitOptions(p),
				}),
		}),
	),
	{
		from: 'file.delete',
		to: { resource: 'file', operation: 'delete' },
		convert: (p) =>
			repoScoped(p, { path: p.string('filePath').replace(/\/+$/, ''), message: p.get('commitMessage') ?? '', additionalFields: commitOptions(p) }),
	},
	{
		from: 'file.get',
		to: { resource: 'file', operation: 'get' },
		convert: (p, notes) => {
			const asBinary = p.get('asBinaryProperty') !== false;
			if (!asBinary) notes.push('File → Get with "As Binary Property" off now gives the file’s text (decoded) instead of GitHub’s base64 JSON; expressions reading $json.content read text');
			const reference = p.object('additionalParameters').reference;
			return repoScoped(p, {
				path: p.string('filePath').replace(/\/+$/, ''),
				outputAs: asBinary ? 'binary' : 'text',
				...(asBinary ? { binaryPropertyName: p.string('binaryPropertyName') || 'data' } : {}),
				additionalFields: compact({ ref: reference }),
			});
		},
	},
	{
		from: 'file.list',
		to: { resource: 'file', operation: 'listFolder' },
		convert: (p) => repoScoped(p, { path: p.string('filePath').replace(/\/+$/, ''), ...RAW, additionalFields: {} }),
	},
	// ----- issue
	{
		from: 'issue.create',
		to: { resource: 'issue', operation: 'create' },
		convert: (p) =>
			repoScoped(p, {
				title: p.get('title') ?? '',
				body: p.get('body') ?? '',
				labels: rows(p.get('labels'), 'label'),
				assignees: rows(p.get('assignees'), 'assignee'),
				...RAW,
				additionalFields: {},
			}),
	},
	{
		from: 'issue.createComment',
		to: { resource: 'issue', operation: 'createComment' },
		convert: (p) => repoScoped(p, { issueNumber: numberLocator(p, 'issueNumber'), body: p.get('body') ?? '', ...RAW }),
	},
	{
		from: 'issue.edit',
		to: { resource: 'issue', operation: 'update' },
		convert: (p, notes) => {
			const fields = renameKeys(
				p.object('editFields'),
				{ assignees: 'assignees', body: 'body', labels: 'labels', state: 'state', state_reason: 'state_reason', title: 'title', milestone: 'milestone' },
				notes,
				'Edit field',
			);
			if ('labels' in fields) fields.labels = rows(fields.labels, 'label');
			if ('assignees' in fields) fields.assignees = rows(fields.assignees, 'assignee');
			return repoScoped(p, { issueNumber: numberLocator(p, 'issueNumber'), ...RAW, additionalFields: fields });
		},
	},
	{
		from: 'issue.get',
		to: { resource: 'issue', operation: 'get' },
		convert: (p) => repoScoped(p, { issueNumber: numberLocator(p, 'issueNumber'), ...RAW }),
	},
	{
		from: 'issue.lock',
		to: { resource: 'issue', operation: 'lock' },
		convert: (p) => repoScoped(p, { issueNumber: numberLocator(p, 'issueNumber'), additionalFields: compact({ lock_reason: p.get('lockReason') }) }),
	},
	// ----- pull request
	{
		from: 'pullRequest.create',
		to: { resource: 'pullRequest', operation: 'create' },
		convert: (p) =>
			repoScoped(p, {
				title: p.get('title') ?? '',
				head: p.get('head') ?? '',
				base: { __rl: true, mode: 'name', value: p.get('base') ?? '' },
				...RAW,
				additionalFields: { body: p.get('body') ?? '', draft: p.get('draft') === true },
			}),
	},
	{
		from: 'pullRequest.update',
		to: { resource: 'pullRequest', operation: 'update' },
		convert: (p, notes) =>
			repoScoped(p, {
				pullNumber: numberLocator(p, 'pullRequestNumber'),
				...RAW,
				additionalFields: renameKeys(p.object('editFields'), { title: 'title', body: 'body', state: 'state', base: 'base' }, notes, 'Edit field'),
			}),
	},
	...(['close', 'reopen'] as const).map(
		(operation): OperationMapping => ({
			from: `pullRequest.${operation}`,
			to: { resource: 'pullRequest', operation: 'update' },
			convert: (p) =>
				repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), ...RAW, additionalFields: { state: operation === 'close' ? 'closed' : 'open' } }),
		}),
	),
	{
		from: 'pullRequest.get',
		to: { resource: 'pullRequest', operation: 'get' },
		convert: (p) => repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), ...RAW }),
	},
	{
		from: 'pullRequest.createComment',
		to: { resource: 'issue', operation: 'createComment' },
		convert: (p) => repoScoped(p, { issueNumber: numberLocator(p, 'pullRequestNumber'), body: p.get('body') ?? '', ...RAW }),
	},
	{
		from: 'pullRequest.editComment',
		to: { resource: 'issue', operation: 'editComment' },
		convert: (p) => repoScoped(p, { commentId: numberLocator(p, 'commentId'), body: p.get('body') ?? '', ...RAW }),
	},
	...(['getDiff', 'getPatch'] as const).map(
		(operation): OperationMapping => ({
			from: `pullRequest.${operation}`,
			to: { resource: 'pullRequest', operation },
			convert: (p) => repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), outputAs: 'text' }),
		}),
	),
	{
		from: 'pullRequest.merge',
		to: { resource: 'pullRequest', operation: 'merge' },
		convert: (p) =>
			repoScoped(p, {
				pullNumber: numberLocator(p, 'pullRequestNumber'),
				merge_method: p.get('mergeMethod') ?? 'merge',
				additionalFields: compact({
					commit_title: typeof p.get('commitTitle') === 'string' ? p.string('commitTitle').trim() : undefined,
					commit_message: typeof p.get('commitMessage') === 'string' ? p.string('commitMessage').trim() : undefined,
				}),
			}),
	},
	// ----- release
	{
		from: 'release.create',
		to: { resource: 'release', operation: 'create' },
		convert: (p, notes) =>
			repoScoped(p, {
				tag_name: p.get('releaseTag') ?? '',
				...RAW,
				additionalFields: renameKeys(
					p.object('additionalFields'),
					{ name: 'name', body: 'body', draft: 'draft', prerelease: 'prerelease', target_commitish: 'target_commitish' },
					notes,
					'Additional field',
				),
			}),
	},
	...(['delete', 'get'] as const).map(
		(operation): OperationMapping => ({
			from: `release.${operation}`,
			to: { resource: 'release', operation },
			convert: (p) => repoScoped(p, { releaseId: numberLocator(p, 'release_id'), ...(operation === 'get' ? RAW : {}) }),
		}),
	),
	{
		from: 'release.getAll',
		to: { resource: 'release', operation: 'list' },
		convert: (p) => repoScoped(p, { ...paging(p), ...RAW }),
	},
	{
		from: 'release.update',
		to: { resource: 'release', operation: 'update' },
		convert: (p, notes) =>
			repoScoped(p, {
				releaseId: numberLocator(p, 'release_id'),
				...RAW,
				additionalFields: renameKeys(
					p.object('additionalFields'),
					{ body: 'body', draft: 'draft', name: 'name', prerelease: 'prerelease', tag_name: 'tag_name', target_commitish: 'target_commitish' },
					notes,
					'Additional field',
				),
			}),
	},
	// ----- repository
	{ from: 'repository.get', to: { resource: 'repository', operation: 'get' }, convert: (p) => repoScoped(p, { ...RAW }) },
	{
		from: 'repository.getIssues',
		to: { resource: 'issue', operation: 'list' },
		convert: (p, notes) =>
			repoScoped(p, {
				...paging(p),
				...RAW,
				additionalFields: renameKeys(
					p.object('getRepositoryIssuesFilters'),
					{ assignee: 'assignee', creator: 'creator', mentioned: 'mentioned', labels: 'labels', since: 'since', state: 'state', sort: 'sort', direction: 'direction', milestone: 'milestone' },
					notes,
					'Filter',
				),
			}),
	},
	{
		from: 'repository.getPullRequests',
		to: { resource: 'pullRequest', operation: 'list' },
		convert: (p, notes) =>
			repoScoped(p, {
				...paging(p),
				...RAW,
				additionalFields: renameKeys(p.object('getRepositoryPullRequestsFilters'), { state: 'state', sort: 'sort', direction: 'direction', head: 'head', base: 'base' }, notes, 'Filter'),
			}),
	},
	...(
		[
			['getLicense', '/license'],
			['getProfile', '/community/profile'],
			['listPopularPaths', '/traffic/popular/paths'],
			['listReferrers', '/traffic/popular/referrers'],
		] as const
	).map(
		([operation, rest]): OperationMapping => ({
			from: `repository.${operation}`,
			to: 'apiCall',
			convert: (p) => apiCallParameters({ method: 'GET', endpoint: repoPath(p, rest) }),
		}),
	),
	// ----- review
	{
		from: 'review.create',
		to: { resource: 'pullRequest', operation: 'submitReview' },
		convert: (p, notes) => {
			const event = p.get('event') ?? 'approve';
			const commitId = p.object('additionalFields').commitId;
			const base = repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), ...RAW });
			if (event === 'pending') {
				notes.push('Review → Create with event "Pending" is now Pull Request → Create Pending Review');
				return { ...base, operation: 'createPendingReview', additionalFields: compact({ commit_id: commitId as Json }) };
			}
			const events: Record<string, string> = { approve: 'APPROVE', requestChanges: 'REQUEST_CHANGES', comment: 'COMMENT' };
			const mapped = typeof event === 'string' && !isExpression(event) ? events[event] : undefined;
			if (!mapped) notes.push(`the review event was an expression (${String(event)}); it must now give APPROVE, REQUEST_CHANGES or COMMENT`);
			const withBody = mapped === 'REQUEST_CHANGES' || mapped === 'COMMENT' || !mapped;
			return { ...base, event: mapped ?? event, ...(withBody ? { body: p.get('body') ?? '' } : {}), additionalFields: compact({ commit_id: commitId as Json }) };
		},
	},
	{
		from: 'review.get',
		to: { resource: 'pullRequest', operation: 'getReview' },
		convert: (p) => repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), reviewId: numberLocator(p, 'reviewId'), ...RAW }),
	},
	{
		from: 'review.getAll',
		to: { resource: 'pullRequest', operation: 'listReviews' },
		convert: (p) => repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), ...paging(p), ...RAW }),
	},
	{
		from: 'review.update',
		to: { resource: 'pullRequest', operation: 'updateReview' },
		convert: (p) => repoScoped(p, { pullNumber: numberLocator(p, 'pullRequestNumber'), reviewId: numberLocator(p, 'reviewId'), body: p.get('body') ?? '', ...RAW }),
	},
	// ----- user and organization
	{
		from: 'user.getRepositories',
		to: { resource: 'repository', operation: 'listForUser' },
		convert: (p) => ({ username: ownerName(p.locator('owner')), ...paging(p), ...RAW, additionalFields: {} }),
	},
	{
		from: 'user.getUserIssues',
		to: 'apiCall',
		convert: (p) => {
			const filters = p.object('getUserIssuesFilters');
			const returnAll = p.get('returnAll') === true;
			return apiCallParameters({ method: 'GET', endpoint: '/issues', query: { ...filters, ...(returnAll ? {} : { per_page: p.get('limit') ?? 50 }) }, followAllPages: returnAll });
		},
	},
	{
		from: 'user.invite',
		to: { resource: 'organization', operation: 'inviteByEmail' },
		convert: (p) => ({ organization: p.get('organization') ?? '', email: p.get('email') ?? '', role: 'direct_member', additionalFields: {} }),
	},
	{
		from: 'organization.getRepositories',
		to: { resource: 'repository', operation: 'listForOrganization' },
		convert: (p) => ({ organization: ownerName(p.locator('owner')), ...paging(p), ...RAW, additionalFields: {} }),
	},
	{
		from: 'organization.getMembers',
		to: { resource: 'organization', operation: 'listMembers' },
		convert: (p) => ({ organization: ownerName(p.locator('owner')), ...paging(p), ...RAW, additionalFields: {} }),
	},
	// ----- workflow
	...(['disable', 'enable', 'getUsage'] as const).map(
		(operation): OperationMapping => ({
			from: `workflow.${operation}`,
			to: { resource: 'workflow', operation },
			convert: (p) => repoScoped(p, { workflow: workflowLocator(p) }),
		}),
	),
	{
		from: 'workflow.get',
		to: { resource: 'workflow', operation: 'get' },
		convert: (p) => repoScoped(p, { workflow: workflowLocator(p), ...RAW }),
	},
	{
		from: 'workflow.dispatch',
		to: { resource: 'workflow', operation: 'dispatch' },
		convert: (p) => repoScoped(p, { workflow: workflowLocator(p), ref: refLocator(p), additionalFields: workflowInputs(p) }),
	},
	{
		from: 'workflow.dispatchAndWait',
		to: { resource: 'workflow', operation: 'dispatchAndWait' },
		convert: (p, notes) => {
			const limit = p.object('options').limitWaitTime as JsonObject | undefined;
			const values = limit && typeof limit === 'object' ? (limit.values as JsonObject | undefined) : undefined;
			const minutes = values && values.resumeUnit === 'hours' ? Number(values.resumeAmount) * 60 : values ? Number(values.resumeAmount) : undefined;
			notes.push('Dispatch and Wait no longer needs the GitHub workflow to call n8n back: this node follows the run itself; the callback step in the GitHub workflow can stay or go');
			return repoScoped(p, {
				workflow: workflowLocator(p),
				ref: refLocator(p),
				maxWaitMinutes: minutes && Number.isFinite(minutes) && minutes > 0 ? minutes : 60,
				...RAW,
				additionalFields: workflowInputs(p),
			});
		},
	},
	{ from: 'workflow.list', to: { resource: 'workflow', operation: 'list' }, convert: (p) => repoScoped(p, { returnAll: true, ...RAW }) },
];
