import type { IDataObject } from 'n8n-workflow';

import type { Reply } from './recorder';
import { byId, byList, byName, byUrl, repo } from './run';

export interface ExpectedRequest {
	method: string;
	path: string;
	query?: Record<string, string>;
	body?: unknown;
	/** The request follows a next-page Link GitHub gave (checked, but not against the description). */
	followedLink?: boolean;
	/** Added to (or overriding) the headers every request carries. */
	headers?: Record<string, string>;
}

export interface OperationFixture {
	/** resource:operation of the catalogue row. */
	row: string;
	title: string;
	parameters: IDataObject;
	input?: IDataObject[];
	exchanges: Array<{ request: ExpectedRequest; reply: Reply }>;
	output: IDataObject[];
	/** Binary properties expected on the output items (by item index). */
	binary?: Array<Record<string, { fileName: string; mimeType: string; text: string }>>;
}

const ISSUE = { number: 7, title: 'Crash on start', state: 'open', assignees: [{ login: 'mona' }, { login: 'hubot' }] };
const PR = { number: 12, title: 'Add login', state: 'open', draft: false, head: { ref: 'feature/login' }, base: { ref: 'main' } };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** One entry per catalogue row (some rows have several): parameters → exact requests → exact output. */
export const FIXTURES: OperationFixture[] = [
	// Repository
	{
		row: 'repository:create',
		title: 'in the connected account (owner is the account itself)',
		parameters: { owner: byList('octo'), name: 'new-repo', additionalFields: { description: 'A repo', private: true, auto_init: true } },
		exchanges: [
			{ request: { method: 'GET', path: '/user' }, reply: { body: { login: 'octo', id: 1 } } },
			{
				request: { method: 'POST', path: '/user/repos', body: { name: 'new-repo', description: 'A repo', private: true, auto_init: true } },
				reply: { status: 201, body: { id: 99, full_name: 'octo/new-repo', private: true } },
			},
		],
		output: [{ id: 99, full_name: 'octo/new-repo', private: true }],
	},
	{
		row: 'repository:create',
		title: 'in an organization',
		parameters: { owner: byName('acme'), name: 'tools', additionalFields: { license_template: 'mit', has_wiki: false } },
		exchanges: [
			{ request: { method: 'GET', path: '/user' }, reply: { body: { login: 'octo' } } },
			{
				request: { method: 'POST', path: '/orgs/acme/repos', body: { name: 'tools', license_template: 'mit', has_wiki: false } },
				reply: { status: 201, body: { id: 100, full_name: 'acme/tools' } },
			},
		],
		output: [{ id: 100, full_name: 'acme/tools' }],
	},
	{
		row: 'repository:create',
		title: 'with no owner: straight into the connected account',
		parameters: { owner: byList(''), name: 'solo' },
		exchanges: [
			{ request: { method: 'POST', path: '/user/repos', body: { name: 'solo' } }, reply: { status: 201, body: { id: 101, full_name: 'octo/solo' } } },
		],
		output: [{ id: 101, full_name: 'octo/solo' }],
	},
	{
		row: 'repository:get',
		title: 'by owner and name from the lists',
		parameters: { ...repo() },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello' }, reply: { body: { id: 1, full_name: 'octo/hello', default_branch: 'main' } } }],
		output: [{ id: 1, full_name: 'octo/hello', default_branch: 'main' }],
	},
	{
		row: 'repository:get',
		title: 'from a repository URL (owner taken from the URL)',
		parameters: { owner: byList(''), repository: byUrl('https://github.com/n8n-io/n8n.git') },
		exchanges: [{ request: { method: 'GET', path: '/repos/n8n-io/n8n' }, reply: { body: { id: 2, full_name: 'n8n-io/n8n' } } }],
		output: [{ id: 2, full_name: 'n8n-io/n8n' }],
	},
	{
		row: 'repository:star',
		title: 'stars as the connected account',
		parameters: { owner: byName('octo'), repository: byName('hello') },
		exchanges: [{ request: { method: 'PUT', path: '/user/starred/octo/hello' }, reply: { status: 204 } }],
		output: [{ starred: true, owner: 'octo', repository: 'hello' }],
	},
	// File
	{
		row: 'file:get',
		title: 'a file, decoded to text',
		parameters: { ...repo(), path: 'docs/read me.md', additionalFields: { ref: 'dev' } },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/contents/docs/read%20me.md', query: { ref: 'dev' } },
				reply: { body: { type: 'file', name: 'read me.md', path: 'docs/read me.md', sha: 'f1', size: 6, encoding: 'base64', content: b64('Hello\n') } },
			},
		],
		output: [{ type: 'file', name: 'read me.md', path: 'docs/read me.md', sha: 'f1', size: 6, content: 'Hello\n' }],
	},
	{
		row: 'file:get',
		title: 'a file into a binary property',
		parameters: { ...repo(), path: 'logo.txt', outputAs: 'binary', binaryPropertyName: 'file' },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/contents/logo.txt' },
				reply: { body: { type: 'file', name: 'logo.txt', path: 'logo.txt', sha: 'f2', size: 4, encoding: 'base64', content: b64('LOGO') } },
			},
		],
		output: [{ type: 'file', name: 'logo.txt', path: 'logo.txt', sha: 'f2', size: 4 }],
		binary: [{ file: { fileName: 'logo.txt', mimeType: 'text/plain', text: 'LOGO' } }],
	},
	{
		row: 'file:get',
		title: 'a file over 1 MB: fetched again as raw bytes',
		parameters: { ...repo(), path: 'big.txt' },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/contents/big.txt' },
				reply: { body: { type: 'file', name: 'big.txt', path: 'big.txt', sha: 'f3', size: 2000000, encoding: 'none', content: '' } },
			},
			{
				request: { method: 'GET', path: '/repos/octo/hello/contents/big.txt', headers: { accept: 'application/vnd.github.raw+json' } },
				reply: { body: Buffer.from('big file body'), headers: { 'content-type': 'application/vnd.github.raw' } },
			},
		],
		output: [{ type: 'file', name: 'big.txt', path: 'big.txt', sha: 'f3', size: 2000000, content: 'big file body' }],
	},
	{
		row: 'file:get',
		title: 'a folder: one item per entry',
		parameters: { ...repo(), path: 'src' },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/contents/src' },
				reply: { body: [{ type: 'file', name: 'a.ts', path: 'src/a.ts' }, { type: 'dir', name: 'lib', path: 'src/lib' }] },
			},
		],
		output: [{ type: 'file', name: 'a.ts', path: 'src/a.ts' }, { type: 'dir', name: 'lib', path: 'src/lib' }],
	},
	{
		row: 'file:createOrUpdate',
		title: 'creates a new file (no existing SHA)',
		parameters: { ...repo(), path: 'notes/today.md', fileContent: '# Today', message: 'Add notes', additionalFields: { branch: byList('main') } },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/contents/notes/today.md', query: { ref: 'main' } }, reply: { status: 404, body: { message: 'Not Found' } } },
			{
				request: { method: 'PUT', path: '/repos/octo/hello/contents/notes/today.md', body: { message: 'Add notes', branch: 'main', content: b64('# Today') } },
				reply: { status: 201, body: { content: { path: 'notes/today.md', sha: 'n1' }, commit: { sha: 'c1' } } },
			},
		],
		output: [{ content: { path: 'notes/today.md', sha: 'n1' }, commit: { sha: 'c1' } }],
	},
	{
		row: 'file:createOrUpdate',
		title: 'updates an existing file with its looked-up SHA',
		parameters: { ...repo(), path: 'README.md', fileContent: 'v2', message: 'Update readme' },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/contents/README.md' }, reply: { body: { type: 'file', name: 'README.md', sha: 'old-sha', content: b64('v1'), encoding: 'base64' } } },
			{
				request: { method: 'PUT', path: '/repos/octo/hello/contents/README.md', body: { message: 'Update readme', content: b64('v2'), sha: 'old-sha' } },
				reply: { body: { content: { path: 'README.md', sha: 'new-sha' }, commit: { sha: 'c2' } } },
			},
		],
		output: [{ content: { path: 'README.md', sha: 'new-sha' }, commit: { sha: 'c2' } }],
	},
	{
		row: 'file:createOrUpdate',
		title: 'with a given SHA: no look-up',
		parameters: { ...repo(), path: 'a.txt', fileContent: 'x', message: 'm', additionalFields: { sha: 'given' } },
		exchanges: [
			{
				request: { method: 'PUT', path: '/repos/octo/hello/contents/a.txt', body: { message: 'm', content: b64('x'), sha: 'given' } },
				reply: { body: { content: { sha: 's' }, commit: { sha: 'c' } } },
			},
		],
		output: [{ content: { sha: 's' }, commit: { sha: 'c' } }],
	},
	{
		row: 'file:delete',
		title: 'looks up the SHA, then deletes',
		parameters: { ...repo(), path: 'old.md', message: 'Remove old', additionalFields: { branch: byName('dev') } },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/contents/old.md', query: { ref: 'dev' } }, reply: { body: { type: 'file', name: 'old.md', sha: 'o1' } } },
			{
				request: { method: 'DELETE', path: '/repos/octo/hello/contents/old.md', body: { message: 'Remove old', branch: 'dev', sha: 'o1' } },
				reply: { body: { content: null, commit: { sha: 'c3' } } },
			},
		],
		output: [{ content: null, commit: { sha: 'c3' } }],
	},
	// Branch
	{
		row: 'branch:list',
		title: 'up to the limit',
		parameters: { ...repo(), limit: 2 },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/branches', query: { per_page: '2' } }, reply: { body: [{ name: 'main' }, { name: 'dev' }] } },
		],
		output: [{ name: 'main' }, { name: 'dev' }],
	},
	{
		row: 'branch:list',
		title: 'return all, following Link pages, protected only',
		parameters: { ...repo(), returnAll: true, additionalFields: { protected: true } },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/branches', query: { protected: 'true', per_page: '100' } },
				reply: { body: [{ name: 'main' }], headers: { link: '<https://api.github.com/repositories/1/branches?protected=true&per_page=100&page=2>; rel="next"' } },
			},
			{ request: { method: 'GET', path: '/repositories/1/branches', query: { protected: 'true', per_page: '100', page: '2' }, followedLink: true }, reply: { body: [{ name: 'release' }] } },
		],
		output: [{ name: 'main' }, { name: 'release' }],
	},
	{
		row: 'branch:get',
		title: 'a branch whose name has a slash',
		parameters: { ...repo(), branch: byName('feature/login') },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/branches/feature/login' }, reply: { body: { name: 'feature/login', commit: { sha: 'abc' } } } }],
		output: [{ name: 'feature/login', commit: { sha: 'abc' } }],
	},
	{
		row: 'branch:create',
		title: 'from a branch name (its head SHA looked up first)',
		parameters: { ...repo(), newBranch: 'feature/x', source: 'branch', fromBranch: byList('main') },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/git/ref/heads/main' }, reply: { body: { ref: 'refs/heads/main', object: { sha: 'aa11', type: 'commit' } } } },
			{
				request: { method: 'POST', path: '/repos/octo/hello/git/refs', body: { ref: 'refs/heads/feature/x', sha: 'aa11' } },
				reply: { status: 201, body: { ref: 'refs/heads/feature/x', object: { sha: 'aa11' } } },
			},
		],
		output: [{ ref: 'refs/heads/feature/x', object: { sha: 'aa11' } }],
	},
	{
		row: 'branch:create',
		title: 'from a commit SHA',
		parameters: { ...repo(), newBranch: 'hotfix', source: 'sha', sha: 'bb22' },
		exchanges: [
			{
				request: { method: 'POST', path: '/repos/octo/hello/git/refs', body: { ref: 'refs/heads/hotfix', sha: 'bb22' } },
				reply: { status: 201, body: { ref: 'refs/heads/hotfix', object: { sha: 'bb22' } } },
			},
		],
		output: [{ ref: 'refs/heads/hotfix', object: { sha: 'bb22' } }],
	},
	// Commit
	{
		row: 'commit:get',
		title: 'by SHA',
		parameters: { ...repo(), ref: '6dcb09b5' },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/commits/6dcb09b5' }, reply: { body: { sha: '6dcb09b5', commit: { message: 'Fix' } } } }],
		output: [{ sha: '6dcb09b5', commit: { message: 'Fix' } }],
	},
	{
		row: 'commit:list',
		title: 'with every filter',
		parameters: {
			...repo(),
			limit: 5,
			additionalFields: { sha: 'dev', path: 'src', author: 'mona', committer: 'hubot', since: '2024-01-01T00:00:00.000Z', until: '2024-02-01T12:30:00' },
		},
		exchanges: [
			{
				request: {
					method: 'GET',
					path: '/repos/octo/hello/commits',
					query: { sha: 'dev', path: 'src', author: 'mona', committer: 'hubot', since: '2024-01-01T00:00:00Z', until: new Date('2024-02-01T12:30:00').toISOString().replace(/\.000Z$/, 'Z'), per_page: '5' },
				},
				reply: { body: [{ sha: 'c1' }, { sha: 'c2' }] },
			},
		],
		output: [{ sha: 'c1' }, { sha: 'c2' }],
	},
	// Issue
	{
		row: 'issue:create',
		title: 'with labels, assignees and milestone',
		parameters: { ...repo(), title: 'Crash on start', additionalFields: { body: 'Steps…', labels: 'bug, urgent', assignees: 'mona,hubot', milestone: 3 } },
		exchanges: [
			{
				request: { method: 'POST', path: '/repos/octo/hello/issues', body: { title: 'Crash on start', body: 'Steps…', labels: ['bug', 'urgent'], assignees: ['mona', 'hubot'], milestone: 3 } },
				reply: { status: 201, body: ISSUE },
			},
		],
		output: [ISSUE],
	},
	{
		row: 'issue:get',
		title: 'by number',
		parameters: { ...repo(), issueNumber: byId('7') },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/issues/7' }, reply: { body: ISSUE } }],
		output: [ISSUE],
	},
	{
		row: 'issue:get',
		title: 'by issue URL',
		parameters: { ...repo(), issueNumber: { __rl: true, mode: 'url', value: 'https://github.com/octo/hello/issues/7' } },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/issues/7' }, reply: { body: ISSUE } }],
		output: [ISSUE],
	},
	{
		row: 'issue:list',
		title: 'filtered',
		parameters: {
			...repo(),
			limit: 10,
			additionalFields: { state: 'all', labels: 'bug,ui', assignee: 'mona', creator: 'hubot', mentioned: 'octo', milestone: '*', since: '2024-03-01T00:00:00Z', sort: 'updated', direction: 'asc' },
		},
		exchanges: [
			{
				request: {
					method: 'GET',
					path: '/repos/octo/hello/issues',
					query: { state: 'all', labels: 'bug,ui', assignee: 'mona', creator: 'hubot', mentioned: 'octo', milestone: '*', since: '2024-03-01T00:00:00Z', sort: 'updated', direction: 'asc', per_page: '10' },
				},
				reply: { body: [ISSUE] },
			},
		],
		output: [ISSUE],
	},
	{
		row: 'issue:update',
		title: 'close as not planned and replace labels',
		parameters: { ...repo(), issueNumber: byList('7'), additionalFields: { state: 'closed', state_reason: 'not_planned', labels: 'wontfix', title: 'New title' } },
		exchanges: [
			{
				request: { method: 'PATCH', path: '/repos/octo/hello/issues/7', body: { title: 'New title', state: 'closed', state_reason: 'not_planned', labels: ['wontfix'] } },
				reply: { body: { ...ISSUE, state: 'closed' } },
			},
		],
		output: [{ ...ISSUE, state: 'closed' }],
	},
	{
		row: 'issue:createComment',
		title: 'on an issue',
		parameters: { ...repo(), issueNumber: byId('7'), body: 'Looking into it' },
		exchanges: [
			{ request: { method: 'POST', path: '/repos/octo/hello/issues/7/comments', body: { body: 'Looking into it' } }, reply: { status: 201, body: { id: 55, body: 'Looking into it' } } },
		],
		output: [{ id: 55, body: 'Looking into it' }],
	},
	{
		row: 'issue:getAssignees',
		title: 'one item per assignee',
		parameters: { ...repo(), issueNumber: byId('7') },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/issues/7' }, reply: { body: ISSUE } }],
		output: [{ login: 'mona' }, { login: 'hubot' }],
	},
	// Search
	{
		row: 'search:issuesAndPullRequests',
		title: 'across repositories, sorted, two pages',
		parameters: { query: 'is:issue label:bug', limit: 3, additionalFields: { sort: 'updated', order: 'asc' } },
		exchanges: [
			{
				request: { method: 'GET', path: '/search/issues', query: { q: 'is:issue label:bug', sort: 'updated', order: 'asc', per_page: '3' } },
				reply: {
					body: { total_count: 4, incomplete_results: false, items: [{ number: 1 }, { number: 2 }] },
					headers: { link: '<https://api.github.com/search/issues?q=is%3Aissue+label%3Abug&sort=updated&order=asc&per_page=3&page=2>; rel="next"' },
				},
			},
			{
				request: { method: 'GET', path: '/search/issues', query: { q: 'is:issue label:bug', sort: 'updated', order: 'asc', per_page: '3', page: '2' }, followedLink: true },
				reply: { body: { total_count: 4, incomplete_results: false, items: [{ number: 3 }, { number: 4 }] } },
			},
		],
		output: [{ number: 1 }, { number: 2 }, { number: 3 }],
	},
	// Pull request
	{
		row: 'pullRequest:create',
		title: 'as a draft',
		parameters: { ...repo(), title: 'Add login', head: 'feature/login', base: byList('main'), additionalFields: { body: 'Adds login', draft: true, maintainer_can_modify: false } },
		exchanges: [
			{
				request: { method: 'POST', path: '/repos/octo/hello/pulls', body: { title: 'Add login', head: 'feature/login', base: 'main', body: 'Adds login', draft: true, maintainer_can_modify: false } },
				reply: { status: 201, body: PR },
			},
		],
		output: [PR],
	},
	{
		row: 'pullRequest:get',
		title: 'by number',
		parameters: { ...repo(), pullNumber: byId('12') },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/pulls/12' }, reply: { body: PR } }],
		output: [PR],
	},
	{
		row: 'pullRequest:list',
		title: 'closed ones into main',
		parameters: { ...repo(), returnAll: true, additionalFields: { state: 'closed', base: 'main', head: 'octo:feature', sort: 'long-running', direction: 'desc' } },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/pulls', query: { state: 'closed', base: 'main', head: 'octo:feature', sort: 'long-running', direction: 'desc', per_page: '100' } },
				reply: { body: [PR] },
			},
		],
		output: [PR],
	},
	{
		row: 'pullRequest:update',
		title: 'retitle and close',
		parameters: { ...repo(), pullNumber: byId('12'), additionalFields: { title: 'Add login (v2)', state: 'closed', base: 'dev', maintainer_can_modify: true } },
		exchanges: [
			{
				request: { method: 'PATCH', path: '/repos/octo/hello/pulls/12', body: { title: 'Add login (v2)', state: 'closed', base: 'dev', maintainer_can_modify: true } },
				reply: { body: { ...PR, state: 'closed' } },
			},
		],
		output: [{ ...PR, state: 'closed' }],
	},
	{
		row: 'pullRequest:merge',
		title: 'squash with title, message and expected head SHA',
		parameters: { ...repo(), pullNumber: byId('12'), merge_method: 'squash', additionalFields: { commit_title: 'Add login (#12)', commit_message: 'Details', sha: 'head-sha' } },
		exchanges: [
			{
				request: { method: 'PUT', path: '/repos/octo/hello/pulls/12/merge', body: { merge_method: 'squash', commit_title: 'Add login (#12)', commit_message: 'Details', sha: 'head-sha' } },
				reply: { body: { sha: 'merge-sha', merged: true, message: 'Pull Request successfully merged' } },
			},
		],
		output: [{ sha: 'merge-sha', merged: true, message: 'Pull Request successfully merged' }],
	},
	{
		row: 'pullRequest:getReviewers',
		title: 'requested users and teams',
		parameters: { ...repo(), pullNumber: byId('12') },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/pulls/12/requested_reviewers' }, reply: { body: { users: [{ login: 'mona' }], teams: [{ slug: 'core' }] } } },
		],
		output: [{ users: [{ login: 'mona' }], teams: [{ slug: 'core' }] }],
	},
	// Project (V2)
	{
		row: 'project:updateItemStatus',
		title: 'resolves field, option and item by name, then sets the status',
		parameters: { projectOwner: byName('acme'), projectNumber: 3, ...repo(), issueNumber: byId('7'), status: 'in progress' },
		exchanges: [
			{
				request: {
					method: 'POST',
					path: '/graphql',
					body: { query: 'PROJECT_ITEM_QUERY', variables: { projectOwner: 'acme', projectNumber: 3, field: 'Status', owner: 'octo', repo: 'hello', number: 7 } },
				},
				reply: {
					body: {
						data: {
							repositoryOwner: {
								projectV2: {
									id: 'PVT_1',
									title: 'Roadmap',
									field: { id: 'PVTSSF_9', name: 'Status', options: [{ id: 'o1', name: 'Todo' }, { id: 'o2', name: 'In Progress' }] },
								},
							},
							repository: { issueOrPullRequest: { id: 'I_7', projectItems: { nodes: [{ id: 'PVTI_other', project: { id: 'PVT_0' } }, { id: 'PVTI_7', project: { id: 'PVT_1' } }] } } },
						},
					},
				},
			},
			{
				request: { method: 'POST', path: '/graphql', body: { query: 'SET_STATUS_MUTATION', variables: { project: 'PVT_1', item: 'PVTI_7', field: 'PVTSSF_9', option: 'o2' } } },
				reply: { body: { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_7' } } } } },
			},
		],
		output: [{ projectId: 'PVT_1', projectTitle: 'Roadmap', itemId: 'PVTI_7', field: 'Status', fieldId: 'PVTSSF_9', status: 'In Progress', optionId: 'o2' }],
	},
	{
		row: 'project:updateItemStatus',
		title: 'adds a missing item first when asked, with a custom field name',
		parameters: { projectOwner: byName('octo'), projectNumber: 1, ...repo(), issueNumber: byId('12'), status: 'Done', additionalFields: { statusField: 'Stage', addToProject: true } },
		exchanges: [
			{
				request: {
					method: 'POST',
					path: '/graphql',
					body: { query: 'PROJECT_ITEM_QUERY', variables: { projectOwner: 'octo', projectNumber: 1, field: 'Stage', owner: 'octo', repo: 'hello', number: 12 } },
				},
				reply: {
					body: {
						data: {
							repositoryOwner: { projectV2: { id: 'PVT_2', title: 'Board', field: { id: 'F_2', name: 'Stage', options: [{ id: 'd', name: 'Done' }] } } },
							repository: { issueOrPullRequest: { id: 'PR_12', projectItems: { nodes: [] } } },
						},
					},
				},
			},
			{
				request: { method: 'POST', path: '/graphql', body: { query: 'ADD_ITEM_MUTATION', variables: { project: 'PVT_2', content: 'PR_12' } } },
				reply: { body: { data: { addProjectV2ItemById: { item: { id: 'PVTI_new' } } } } },
			},
			{
				request: { method: 'POST', path: '/graphql', body: { query: 'SET_STATUS_MUTATION', variables: { project: 'PVT_2', item: 'PVTI_new', field: 'F_2', option: 'd' } } },
				reply: { body: { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_new' } } } } },
			},
		],
		output: [{ projectId: 'PVT_2', projectTitle: 'Board', itemId: 'PVTI_new', field: 'Stage', fieldId: 'F_2', status: 'Done', optionId: 'd' }],
	},
	// Workflow
	{
		row: 'workflow:dispatch',
		title: 'by file name with inputs',
		parameters: { ...repo(), workflow: { __rl: true, mode: 'filename', value: 'deploy.yml' }, ref: byList('main'), additionalFields: { inputs: '{"environment":"staging"}' } },
		exchanges: [
			{
				request: { method: 'POST', path: '/repos/octo/hello/actions/workflows/deploy.yml/dispatches', body: { ref: 'main', inputs: { environment: 'staging' } } },
				reply: { status: 204 },
			},
		],
		output: [{ dispatched: true, workflow: 'deploy.yml', ref: 'main' }],
	},
	{
		row: 'workflow:dispatch',
		title: 'by numeric ID from the list, no inputs',
		parameters: { ...repo(), workflow: byList('161335'), ref: byName('v1.2.0') },
		exchanges: [
			{ request: { method: 'POST', path: '/repos/octo/hello/actions/workflows/161335/dispatches', body: { ref: 'v1.2.0' } }, reply: { status: 204 } },
		],
		output: [{ dispatched: true, workflow: '161335', ref: 'v1.2.0' }],
	},
	{
		row: 'workflow:enable',
		title: 'by ID',
		parameters: { ...repo(), workflow: byId('161335') },
		exchanges: [{ request: { method: 'PUT', path: '/repos/octo/hello/actions/workflows/161335/enable' }, reply: { status: 204 } }],
		output: [{ workflow: '161335', enabled: true }],
	},
	{
		row: 'workflow:disable',
		title: 'by file name',
		parameters: { ...repo(), workflow: { __rl: true, mode: 'filename', value: 'ci.yml' } },
		exchanges: [{ request: { method: 'PUT', path: '/repos/octo/hello/actions/workflows/ci.yml/disable' }, reply: { status: 204 } }],
		output: [{ workflow: 'ci.yml', enabled: false }],
	},
	{
		row: 'workflow:getRun',
		title: 'by run ID',
		parameters: { ...repo(), runId: '30433642' },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/actions/runs/30433642' }, reply: { body: { id: 30433642, status: 'completed', conclusion: 'success' } } }],
		output: [{ id: 30433642, status: 'completed', conclusion: 'success' }],
	},
	{
		row: 'workflow:listRuns',
		title: 'of the whole repository, filtered',
		parameters: { ...repo(), limit: 2, additionalFields: { branch: 'main', event: 'push', status: 'failure', actor: 'mona' } },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/actions/runs', query: { branch: 'main', event: 'push', status: 'failure', actor: 'mona', per_page: '2' } },
				reply: { body: { total_count: 2, workflow_runs: [{ id: 1 }, { id: 2 }] } },
			},
		],
		output: [{ id: 1 }, { id: 2 }],
	},
	{
		row: 'workflow:listRuns',
		title: 'of one workflow',
		parameters: { ...repo(), limit: 1, additionalFields: { workflow: { __rl: true, mode: 'filename', value: 'ci.yml' } } },
		exchanges: [
			{
				request: { method: 'GET', path: '/repos/octo/hello/actions/workflows/ci.yml/runs', query: { per_page: '1' } },
				reply: { body: { total_count: 9, workflow_runs: [{ id: 3 }] } },
			},
		],
		output: [{ id: 3 }],
	},
	// Gist
	{
		row: 'gist:create',
		title: 'two files, public',
		parameters: { files: { file: [{ name: 'a.md', content: '# A' }, { name: 'b.txt', content: 'B' }] }, additionalFields: { description: 'Notes', public: true } },
		exchanges: [
			{
				request: { method: 'POST', path: '/gists', body: { files: { 'a.md': { content: '# A' }, 'b.txt': { content: 'B' } }, description: 'Notes', public: true } },
				reply: { status: 201, body: { id: 'g1', html_url: 'https://gist.github.com/g1' } },
			},
		],
		output: [{ id: 'g1', html_url: 'https://gist.github.com/g1' }],
	},
	{
		row: 'gist:update',
		title: 'description and one file',
		parameters: { gistId: 'g1', additionalFields: { description: 'Updated', files: { file: [{ name: 'a.md', content: '# A2' }] } } },
		exchanges: [
			{ request: { method: 'PATCH', path: '/gists/g1', body: { description: 'Updated', files: { 'a.md': { content: '# A2' } } } }, reply: { body: { id: 'g1', description: 'Updated' } } },
		],
		output: [{ id: 'g1', description: 'Updated' }],
	},
	{
		row: 'gist:listForUser',
		title: 'updated since a date',
		parameters: { username: 'octocat', limit: 1, additionalFields: { since: '2024-05-01T00:00:00Z' } },
		exchanges: [
			{ request: { method: 'GET', path: '/users/octocat/gists', query: { since: '2024-05-01T00:00:00Z', per_page: '1' } }, reply: { body: [{ id: 'g9' }, { id: 'g8' }] } },
		],
		output: [{ id: 'g9' }],
	},
	// Release
	{
		row: 'release:list',
		title: 'all releases',
		parameters: { ...repo(), returnAll: true },
		exchanges: [{ request: { method: 'GET', path: '/repos/octo/hello/releases', query: { per_page: '100' } }, reply: { body: [{ tag_name: 'v1.0.0' }] } }],
		output: [{ tag_name: 'v1.0.0' }],
	},
	{
		row: 'release:getLatest',
		title: 'the latest full release',
		parameters: repo(),
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/releases/latest' }, reply: { body: { id: 7, tag_name: 'v2.1.0', draft: false, prerelease: false } } },
		],
		output: [{ id: 7, tag_name: 'v2.1.0', draft: false, prerelease: false }],
	},
	// Collaborator
	{
		row: 'collaborator:getPermission',
		title: 'of a user',
		parameters: { ...repo(), username: 'mona' },
		exchanges: [
			{ request: { method: 'GET', path: '/repos/octo/hello/collaborators/mona/permission' }, reply: { body: { permission: 'write', role_name: 'maintain', user: { login: 'mona' } } } },
		],
		output: [{ permission: 'write', role_name: 'maintain', user: { login: 'mona' } }],
	},
	{
		row: 'collaborator:add',
		title: 'invites with triage permission',
		parameters: { ...repo(), username: 'mona', permission: 'triage' },
		exchanges: [
			{ request: { method: 'PUT', path: '/repos/octo/hello/collaborators/mona', body: { permission: 'triage' } }, reply: { status: 201, body: { id: 1, permissions: 'triage' } } },
		],
		output: [{ id: 1, permissions: 'triage' }],
	},
	{
		row: 'collaborator:add',
		title: 'an existing collaborator (204, no body)',
		parameters: { ...repo(), username: 'hubot', permission: 'maintain' },
		exchanges: [{ request: { method: 'PUT', path: '/repos/octo/hello/collaborators/hubot', body: { permission: 'maintain' } }, reply: { status: 204 } }],
		output: [{ username: 'hubot', permission: 'maintain', invited: false }],
	},
	{
		row: 'collaborator:remove',
		title: 'a user',
		parameters: { ...repo(), username: 'mona' },
		exchanges: [{ request: { method: 'DELETE', path: '/repos/octo/hello/collaborators/mona' }, reply: { status: 204 } }],
		output: [{ username: 'mona', removed: true }],
	},
	// Rate limit
	{
		row: 'rateLimit:get',
		title: 'status',
		parameters: {},
		exchanges: [
			{ request: { method: 'GET', path: '/rate_limit' }, reply: { body: { resources: { core: { limit: 5000, remaining: 4999, reset: 1700000000 } } } } },
		],
		output: [{ resources: { core: { limit: 5000, remaining: 4999, reset: 1700000000 } } }],
	},
];
