/**
 * The corpus the request-for-request suite runs: one workflow node per operation of n8n's GitHub
 * and Trello nodes (every typeVersion), built from n8n's own descriptions (the facts in
 * migrate/n8nNodeFacts.ts, kept equal to the n8n host's by the suite): each parameter the operation
 * shows gets a typical value, and a few operations get their typical optional fields.
 */
import { N8N_NODE_FACTS } from '../../migrate/n8nNodeFacts';
import type { Answer, Recorded } from './fake';

type Json = unknown;
const rl = (value: string, mode = 'name') => ({ __rl: true, mode, value });

export const IDS = {
	board: '5f2b8c1e9d3a4b0012a1b001',
	list: '5f2b8c1e9d3a4b0012a1c010',
	card: '5f2b8c1e9d3a4b0012a1d100',
	checklist: '5f2b8c1e9d3a4b0012a1e200',
	checkItem: '5f2b8c1e9d3a4b0012a1f300',
	label: '5f2b8c1e9d3a4b0012a1a400',
	comment: '5f2b8c1e9d3a4b0012a1a500',
	attachment: '5f2b8c1e9d3a4b0012a1a600',
	member: '5f2b8c1e9d3a4b0012a1a700',
};

/** Values by parameter name, for every operation that shows the parameter. */
const GITHUB_VALUES: Record<string, Json> = {
	owner: rl('octo'),
	repository: rl('hello'),
	filePath: 'docs/readme.md',
	fileContent: 'Hello, world\n',
	commitMessage: 'Update the readme',
	title: 'Crash on start',
	body: 'Steps to reproduce',
	head: 'feature',
	base: 'main',
	issueNumber: 7,
	pullRequestNumber: 7,
	commentId: 42,
	release_id: '5',
	reviewId: '9',
	releaseTag: 'v1.0.0',
	organization: 'octo-org',
	email: 'new@example.com',
	workflowId: rl('ci.yml', 'filename'),
	inputs: '{"level":"debug"}',
	returnAll: false,
	limit: 5,
	labels: [{ label: 'bug' }, { label: 'urgent' }],
	assignees: [{ assignee: 'octocat' }],
	lockReason: 'too heated',
	mergeMethod: 'squash',
	commitTitle: 'Merge feature',
	commitMessage_merge: '',
	event: 'comment',
};

/** Optional fields people set, by operation. */
const GITHUB_EXTRA: Record<string, Record<string, Json>> = {
	'file.create': { additionalParameters: { branch: { branch: 'dev' }, author: { name: 'Ann', email: 'ann@example.com' } } },
	'file.edit': { additionalParameters: { branch: { branch: 'dev' } } },
	'file.delete': { additionalParameters: { branch: { branch: 'dev' } } },
	'file.get': { additionalParameters: { reference: 'dev' } },
	'file.list': { filePath: 'docs' },
	'issue.edit': { editFields: { title: 'New title', state: 'closed', state_reason: 'completed', labels: [{ label: 'bug' }] } },
	'pullRequest.update': { editFields: { title: 'New title', state: 'open' } },
	'pullRequest.merge': { commitMessage: 'Squashed' },
	'release.create': { additionalFields: { name: 'One', draft: true, body: 'Notes' } },
	'release.update': { additionalFields: { name: 'One point oh', prerelease: false } },
	'repository.getIssues': { getRepositoryIssuesFilters: { state: 'open', labels: 'bug', sort: 'updated', since: '2026-01-01T00:00:00Z' } },
	'repository.getPullRequests': { getRepositoryPullRequestsFilters: { state: 'closed', direction: 'asc' } },
	'user.getUserIssues': { getUserIssuesFilters: { state: 'open' } },
	'review.create': { additionalFields: { commitId: 'abc123' } },
	'review.update': { body: 'Updated review' },
};

const TRELLO_VALUES: Record<string, Json> = {
	cardId: rl(IDS.card, 'id'),
	boardId: rl(IDS.board, 'id'),
	listId: IDS.list,
	idBoard: IDS.board,
	checklistId: IDS.checklist,
	checkItemId: IDS.checkItem,
	commentId: IDS.comment,
	idMember: IDS.member,
	url: 'https://example.com/spec.pdf',
	name: 'Write the spec',
	description: 'Details',
	text: 'Looks good',
	email: 'guest@example.com',
	type: 'normal',
	archive: true,
	color: 'green',
	returnAll: false,
	limit: 5,
};

/** Trello's `id` field means a different object in each resource. */
const TRELLO_ID_OF: Record<string, Json> = {
	attachment: IDS.attachment,
	board: rl(IDS.board, 'id'),
	boardMember: IDS.board,
	card: rl(IDS.card, 'id'),
	checklist: IDS.checklist,
	label: IDS.label,
	list: IDS.list,
};

const TRELLO_EXTRA: Record<string, Record<string, Json>> = {
	'card.create': { additionalFields: { due: '2026-12-31T00:00:00.000Z', idLabels: `${IDS.label}`, pos: 'top' } },
	'card.update': { updateFields: { name: 'Renamed', desc: 'New text', dueComplete: true } },
	'card.get': { additionalFields: { fields: 'name,desc' } },
	'board.create': { additionalFields: { defaultLists: false } },
	'board.update': { updateFields: { name: 'Roadmap 2027' } },
	'board.get': { additionalFields: { fields: 'name,url' } },
	'list.update': { updateFields: { name: 'Doing' } },
	'label.update': { updateFields: { name: 'Blocked', color: 'red' } },
	'checklist.updateCheckItem': { additionalFields: { state: 'complete' } },
	'checklist.createCheckItem': { additionalFields: { checked: true } },
	'attachment.create': { additionalFields: { name: 'Spec' } },
};

export interface Case {
	node: 'github' | 'trello';
	typeVersion: number;
	operation: string;
	/** A second setting of the same operation, named after what it changes. */
	variant?: string;
	parameters: Record<string, Json>;
}

/** Settings of an operation that change what it sends or outputs, run beside the typical one. */
const VARIANTS: Array<{ node: 'github' | 'trello'; operation: string; variant: string; parameters: Record<string, Json> }> = [
	{ node: 'github', operation: 'file.get', variant: 'text', parameters: { asBinaryProperty: false } },
	{ node: 'github', operation: 'review.create', variant: 'approve', parameters: { event: 'approve' } },
	{ node: 'github', operation: 'repository.getIssues', variant: 'returnAll', parameters: { returnAll: true } },
	{ node: 'trello', operation: 'list.archive', variant: 'unarchive', parameters: { archive: false } },
];

/** Every operation of n8n's GitHub and Trello nodes, in every typeVersion, with typical values. */
export function corpus(): Case[] {
	const cases: Case[] = [];
	for (const node of ['github', 'trello'] as const) {
		const facts = N8N_NODE_FACTS[node];
		for (const typeVersion of facts.versions) {
			const operations = facts.byVersion[String(typeVersion)].operations ?? {};
			for (const [key, defaults] of Object.entries(operations)) {
				const [resource, operation] = key.split('.');
				const parameters: Record<string, Json> = { resource, operation };
				for (const name of Object.keys(defaults)) {
					if (name === 'authentication') continue;
					const values = node === 'github' ? GITHUB_VALUES : TRELLO_VALUES;
					if (node === 'trello' && name === 'id') parameters.id = TRELLO_ID_OF[resource];
					else if (name === 'ref') parameters.ref = typeVersion < 1.1 ? 'main' : rl('main');
					else if (name === 'commitMessage' && key === 'pullRequest.merge') parameters.commitMessage = '';
					else if (name in values) parameters[name] = values[name];
				}
				Object.assign(parameters, (node === 'github' ? GITHUB_EXTRA : TRELLO_EXTRA)[key] ?? {});
				cases.push({ node, typeVersion, operation: key, parameters });
				for (const variant of VARIANTS.filter((v) => v.node === node && v.operation === key)) {
					cases.push({ node, typeVersion, operation: key, variant: variant.variant, parameters: { ...parameters, ...variant.parameters } });
				}
			}
		}
	}
	return cases;
}

// ---------------------------------------------------------------------------------------------
// Answers, from GitHub's and Trello's documentation: lists are arrays, single objects objects.
// ---------------------------------------------------------------------------------------------

const GITHUB_LISTS = [
	/^\/repos\/[^/]+\/[^/]+\/(issues|pulls|releases)$/,
	/^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews$/,
	/^\/repos\/[^/]+\/[^/]+\/traffic\/popular\/(paths|referrers)$/,
	/^\/(orgs|users)\/[^/]+\/(repos|members)$/,
	/^\/issues$/,
];

const fileObject = (path: string) => ({
	type: 'file',
	name: path.split('/').pop(),
	path,
	sha: '3d21ec53a331a6f037a91c368710b99387d012c1',
	size: 13,
	encoding: 'base64',
	content: Buffer.from('Hello, world\n').toString('base64'),
});

export function gitHubAnswer(request: Recorded): Answer {
	const { method, path } = request;
	const contents = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(path);
	if (contents) {
		const file = decodeURIComponent(contents[1]);
		if (method === 'GET' && file === 'docs') return { status: 200, body: [fileObject('docs/readme.md'), { ...fileObject('docs/guide'), type: 'dir', content: undefined }] };
		if (method === 'GET') return { status: 200, body: fileObject(file) };
		if (method === 'DELETE') return { status: 200, body: { content: null, commit: { sha: 'c0ffee' } } };
		return { status: 200, body: { content: { ...fileObject(file), content: undefined }, commit: { sha: 'c0ffee' } } };
	}
	if (/\/pulls\/\d+$/.test(path) && method === 'GET' && /diff|patch/.test(request.accept ?? '')) {
		return { status: 200, body: 'diff --git a/readme b/readme\n+Hello\n' };
	}
	if (/\/actions\/workflows$/.test(path)) return { status: 200, body: { total_count: 1, workflows: [{ id: 161335, name: 'CI', path: '.github/workflows/ci.yml', state: 'active' }] } };
	if (/\/(lock|disable|enable|dispatches)$/.test(path) || (method === 'DELETE' && /\/releases\/\d+$/.test(path))) return { status: 204 };
	if (/\/timing$/.test(path)) return { status: 200, body: { billable: { UBUNTU: { total_ms: 180000 } } } };
	if (/\/merge$/.test(path)) return { status: 200, body: { sha: 'c0ffee', merged: true, message: 'Pull Request successfully merged' } };
	if (method === 'GET' && GITHUB_LISTS.some((re) => re.test(path))) {
		return { status: 200, body: [1, 2].map((n) => ({ id: n, number: n, name: `item-${n}`, title: `Item ${n}`, state: 'open' })) };
	}
	return { status: method === 'POST' ? 201 : 200, body: { id: 5, number: 7, node_id: 'I_kw', title: 'Crash on start', state: 'open', name: 'hello', html_url: 'https://github.com/octo/hello' } };
}

const TRELLO_LISTS = [/\/members$/, /\/cards$/, /\/lists$/, /\/attachments$/, /\/checklists$/, /\/labels$/, /\/checkItemStates$/];

export function trelloAnswer(request: Recorded): Answer {
	const { method, path } = request;
	if (method === 'GET' && TRELLO_LISTS.some((re) => re.test(path))) {
		return { status: 200, body: [1, 2].map((n) => ({ id: `5f2b8c1e9d3a4b0012a1000${n}`, name: `Item ${n}` })) };
	}
	if (method === 'DELETE') return { status: 200, body: { _value: null } };
	if (method === 'POST' && /\/idLabels$/.test(path)) return { status: 200, body: [IDS.label] };
	return { status: 200, body: { id: IDS.card, name: 'Write the spec', idBoard: IDS.board, idList: IDS.list, closed: false } };
}

export const answer = (request: Recorded): Answer => (request.path.startsWith('/1/') ? trelloAnswer(request) : gitHubAnswer(request));
