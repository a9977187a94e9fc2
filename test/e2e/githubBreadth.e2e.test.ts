import { randomBytes } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';

import * as discussionDocuments from '../../nodes/GitHub/actions/discussion/handlers';
import * as projectDocuments from '../../nodes/GitHub/actions/project/handlers';
import { FakeGitHub } from '../fakes/fakeGitHub';
import type { FakeRequest } from '../fakes/server';
import { manualWorkflow, RealN8n } from './n8n';
import { gitHubNode, OCTO_HELLO } from './workflows';

const TOKEN = 'ghp_e2eBreadthToken0123456789abcdefABCD';
const ENTERPRISE_TOKEN = 'ghp_e2eEnterpriseToken0123456789abcdefAB';
const OAUTH_APP = { clientId: 'Iv1.e2eBreadthClient', clientSecret: 'e2e-client-secret-0123456789abcdef' };
const EXPIRED_TOKEN = 'ghu_expiredUserToken0123456789abcdefAB';
const REFRESH_TOKEN = 'ghr_e2eRefreshToken0123456789abcdefABCDEFGHIJKLMNOPQR';

const dotCom = { githubAccessTokenApi: { id: 'ghToken', name: 'GitHub token' } };
const enterprise = { githubAccessTokenApi: { id: 'gheToken', name: 'GitHub Enterprise token' } };
const signIn = { githubServerOAuth2Api: { id: 'ghOAuth', name: 'GitHub OAuth2' } };
const repo = OCTO_HELLO;
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const github = (name: string, parameters: Record<string, unknown>, credentials: Record<string, unknown> = dotCom) => gitHubNode(credentials, name, parameters);

/** The GraphQL documents the node sends, by their exported names (the fake answers only these, by exact text). */
const GRAPHQL_DOCUMENTS: Record<string, string> = Object.fromEntries(
	(Object.entries({ ...discussionDocuments, ...projectDocuments }) as Array<[string, unknown]>).filter(
		(entry): entry is [string, string] => typeof entry[1] === 'string' && /_(QUERY|MUTATION)$/.test(entry[0]),
	),
);

// ---- Discussions of octo/hello: 105, newest first, so that listing all takes two GraphQL pages.
interface Discussion {
	number: number;
	title: string;
	body: string;
	category: string;
	author: string;
	comments: Array<{ id: string; body: string; author: string; replyTo?: string }>;
}
const CATEGORIES = [
	{ id: 'DIC_general', name: 'General', slug: 'general' },
	{ id: 'DIC_qa', name: 'Q&A', slug: 'q-a' },
];
const discussions: Discussion[] = Array.from({ length: 105 }, (_, i) => ({
	number: 105 - i,
	title: `Topic ${105 - i}`,
	body: `Body of topic ${105 - i}`,
	category: 'General',
	author: 'mona',
	comments: [],
}));
discussions.find((d) => d.number === 9)!.comments.push(
	{ id: 'DC_91', body: 'Use the Docker image', author: 'hubot' },
	{ id: 'DC_92', body: 'Or the npm package', author: 'octocat' },
);
const stamp = (number: number) => `2026-11-${String(1 + (number % 20)).padStart(2, '0')}T10:00:00Z`;
/** A discussion as GitHub's GraphQL API gives it for the node's field selection. */
const graphqlDiscussion = (d: Discussion) => ({
	id: `D_${d.number}`,
	number: d.number,
	title: d.title,
	url: `https://github.com/octo/hello/discussions/${d.number}`,
	closed: false,
	locked: false,
	createdAt: stamp(d.number),
	updatedAt: stamp(d.number),
	answerChosenAt: null,
	author: { login: d.author },
	category: { name: d.category },
	comments: { totalCount: d.comments.length },
});
const commentUrl = (number: number, id: string) => `https://github.com/octo/hello/discussions/${number}#discussioncomment-${id}`;

function answerDiscussions(document: string, v: Record<string, unknown>): unknown {
	const inRepository = v.owner === 'octo' && v.repo === 'hello';
	const found = discussions.find((d) => d.number === v.number);
	switch (document) {
		case 'LIST_DISCUSSIONS_QUERY': {
			if (!inRepository) return { repository: null };
			const start = v.after ? Number(/^cursor:(\d+)$/.exec(String(v.after))?.[1]) : 0;
			const page = discussions.slice(start, start + Number(v.first));
			const end = start + page.length;
			return { repository: { discussions: { nodes: page.map(graphqlDiscussion), pageInfo: { hasNextPage: end < discussions.length, endCursor: `cursor:${end}` } } } };
		}
		case 'GET_DISCUSSION_QUERY': {
			if (!inRepository) return { repository: null };
			if (!found) return { repository: { discussion: null } };
			const comments = found.comments.slice(0, Number(v.comments)).map((c) => ({
				id: c.id, url: commentUrl(found.number, c.id), body: c.body, createdAt: '2026-11-21T09:00:00Z', author: { login: c.author },
			}));
			return { repository: { discussion: { ...graphqlDiscussion(found), body: found.body, answer: null, comments: { totalCount: found.comments.length, nodes: comments } } } };
		}
		case 'DISCUSSION_CATEGORIES_QUERY':
			return { repository: inRepository ? { id: 'R_hello', discussionCategories: { nodes: CATEGORIES } } : null };
		case 'CREATE_DISCUSSION_MUTATION': {
			const category = CATEGORIES.find((c) => c.id === v.category);
			if (v.repository !== 'R_hello' || !category) throw new Error(`unknown repository or category ${JSON.stringify(v)}`);
			const created: Discussion = { number: 106, title: String(v.title), body: String(v.body), category: category.name, author: 'octo-bot', comments: [] };
			discussions.unshift(created);
			return { createDiscussion: { discussion: graphqlDiscussion(created) } };
		}
		case 'DISCUSSION_ID_QUERY':
			return { repository: inRepository ? { discussion: found ? { id: `D_${found.number}` } : null } : null };
		case 'ADD_DISCUSSION_COMMENT_MUTATION': {
			const target = discussions.find((d) => `D_${d.number}` === v.discussion);
			if (!target) throw new Error(`unknown discussion ${String(v.discussion)}`);
			const comment = { id: `DC_${target.number}${target.comments.length + 1}`, body: String(v.body), author: 'octo-bot', replyTo: v.replyTo as string | undefined };
			target.comments.push(comment);
			return { addDiscussionComment: { comment: { id: comment.id, url: commentUrl(target.number, comment.id), body: comment.body, createdAt: '2026-11-22T12:00:00Z', author: { login: 'octo-bot' } } } };
		}
	}
	return undefined;
}

// ---- Project 1 of octo ("Roadmap"): an issue of octo/hello, a pull request of octo/other, a draft.
const STATUS_OPTIONS = [{ id: 'opt_todo', name: 'Todo' }, { id: 'opt_done', name: 'Done' }];
const SPRINTS = [{ id: 'it_1', title: 'Sprint 1', startDate: '2026-11-16', duration: 14 }];
const PROJECT_ITEMS = [
	{
		id: 'PVTI_3',
		type: 'ISSUE',
		isArchived: false,
		content: { number: 3, title: 'Crash on start', url: 'https://github.com/octo/hello/issues/3', state: 'OPEN', repository: { nameWithOwner: 'octo/hello' } },
		fieldValues: { nodes: [{ text: 'Crash on start', field: { name: 'Title' } }, { name: 'Todo', field: { name: 'Status' } }, { title: 'Sprint 1', field: { name: 'Sprint' } }, {}] },
	},
	{
		id: 'PVTI_4',
		type: 'PULL_REQUEST',
		isArchived: false,
		content: { number: 4, title: 'Secret fix', url: 'https://github.com/octo/other/pull/4', state: 'OPEN', repository: { nameWithOwner: 'octo/other' } },
		fieldValues: { nodes: [{ name: 'Done', field: { name: 'Status' } }] },
	},
	{ id: 'PVTI_5', type: 'DRAFT_ISSUE', isArchived: false, content: { title: 'Idea' }, fieldValues: { nodes: [{ date: '2026-12-01', field: { name: 'Due' } }] } },
];

function answerProjects(document: string, v: Record<string, unknown>): unknown {
	// Add Item names the project as projectOwner/projectNumber next to the issue's owner/repo/number.
	const ownerIsOcto = (v.projectOwner ?? v.owner) === 'octo';
	const projectNumber = v.projectNumber ?? v.number;
	switch (document) {
		case 'LIST_PROJECTS_QUERY':
			return {
				repositoryOwner: ownerIsOcto
					? {
							projectsV2: {
								nodes: [
									{ id: 'PVT_1', number: 1, title: 'Roadmap', shortDescription: 'What comes next', url: 'https://github.com/users/octo/projects/1', closed: false, public: true, updatedAt: '2026-11-20T08:00:00Z' },
									{ id: 'PVT_2', number: 2, title: 'Archive', shortDescription: null, url: 'https://github.com/users/octo/projects/2', closed: true, public: false, updatedAt: '2025-01-10T08:00:00Z' },
								],
								pageInfo: { hasNextPage: false, endCursor: 'p2' },
							},
						}
					: null,
			};
		case 'PROJECT_FIELDS_QUERY':
			return {
				repositoryOwner: {
					projectV2:
						ownerIsOcto && projectNumber === 1
							? {
									id: 'PVT_1',
									title: 'Roadmap',
									fields: {
										nodes: [
											{ id: 'PVTF_title', name: 'Title', dataType: 'TITLE' },
											{ id: 'PVTSSF_status', name: 'Status', dataType: 'SINGLE_SELECT', options: STATUS_OPTIONS },
											{ id: 'PVTIF_sprint', name: 'Sprint', dataType: 'ITERATION', configuration: { iterations: SPRINTS } },
											// A field type the node's fragments do not select comes back empty.
											{},
										],
									},
								}
							: null,
				},
			};
		case 'PROJECT_ITEMS_QUERY':
			return {
				repositoryOwner: {
					projectV2: ownerIsOcto && projectNumber === 1 ? { items: { nodes: PROJECT_ITEMS, pageInfo: { hasNextPage: false, endCursor: 'i3' } } } : null,
				},
			};
		case 'PROJECT_AND_CONTENT_QUERY':
			return {
				repositoryOwner: { projectV2: ownerIsOcto && projectNumber === 1 ? { id: 'PVT_1', title: 'Roadmap' } : null },
				repository: v.owner === 'octo' && v.repo === 'hello' ? { issueOrPullRequest: { id: `I_${String(v.number)}` } } : null,
			};
		case 'ADD_ITEM_MUTATION':
			if (v.project !== 'PVT_1') throw new Error(`unknown project ${String(v.project)}`);
			return { addProjectV2ItemById: { item: { id: `PVTI_${String(v.content).replace(/^I_/, '')}` } } };
	}
	return undefined;
}

// ---- Labels and milestones of octo/hello, kept as GitHub keeps them.
interface Label {
	id: number;
	node_id: string;
	url: string;
	name: string;
	color: string;
	default: boolean;
	description: string | null;
}
interface Milestone {
	url: string;
	html_url: string;
	id: number;
	node_id: string;
	number: number;
	state: 'open' | 'closed';
	title: string;
	description: string | null;
	open_issues: number;
	closed_issues: number;
	created_at: string;
	updated_at: string;
	closed_at: string | null;
	due_on: string | null;
}

describe('GitHub node in a real n8n: Discussions, Projects (V2), labels and milestones, release asset upload, OAuth2 refresh', () => {
	const fake = new FakeGitHub();
	// Enterprise Server's layout: the API under /api/v3, release uploads under /api/uploads, sign-in at the web root.
	const ghe = new FakeGitHub('/api/v3');
	let n8n: RealN8n;

	const labels: Label[] = [];
	const milestones: Milestone[] = [];
	const labelView = (id: number, name: string, color: string, description: string | null): Label => ({
		id, node_id: `LA_${id}`, url: `${fake.apiUrl}/repos/octo/hello/labels/${encodeURIComponent(name)}`, name, color, default: false, description,
	});
	const milestoneView = (number: number, title: string, fields: Partial<Milestone> = {}): Milestone => ({
		url: `${fake.apiUrl}/repos/octo/hello/milestones/${number}`,
		html_url: `https://github.com/octo/hello/milestone/${number}`,
		id: 4000 + number,
		node_id: `MI_${number}`,
		number,
		state: 'open',
		title,
		description: null,
		open_issues: 0,
		closed_issues: 0,
		created_at: '2026-11-22T10:00:00Z',
		updated_at: '2026-11-22T10:00:00Z',
		closed_at: null,
		due_on: null,
		...fields,
	});
	const UPLOAD = randomBytes(64 * 1024 + 7);

	beforeAll(async () => {
		await fake.start();
		await ghe.start();
		fake.tokens.add(TOKEN);
		ghe.tokens.add(ENTERPRISE_TOKEN);
		ghe.refreshTokens.add(REFRESH_TOKEN);
		ghe.serveOAuthRefresh(OAUTH_APP);
		fake.serveGraphql(GRAPHQL_DOCUMENTS, (document, variables) => answerDiscussions(document, variables) ?? answerProjects(document, variables));

		labels.push(labelView(1, 'bug', 'd73a4a', "Something isn't working"));
		milestones.push(milestoneView(1, 'v1.0', { open_issues: 0, closed_issues: 10, due_on: '2026-10-01T07:00:00Z' }));
		const notFound = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };
		const findLabel = (name: string) => labels.findIndex((label) => label.name.toLowerCase() === name.toLowerCase());
		const milestoneAt = (req: FakeRequest) => milestones.findIndex((m) => m.number === Number(req.params.number));
		const completeness = (m: Milestone) => (m.open_issues + m.closed_issues ? m.closed_issues / (m.open_issues + m.closed_issues) : 0);
		fake
			.on('GET', '/repos/octo/hello/labels', (req) => fake.paged(req, labels))
			.on('POST', '/repos/octo/hello/labels', (req) => {
				const body = req.body as { name: string; color?: string; description?: string };
				if (findLabel(body.name) >= 0) return { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] } };
				const label = labelView(100 + labels.length, body.name, body.color ?? 'ededed', body.description ?? null);
				labels.push(label);
				return { status: 201, body: label };
			})
			.on('PATCH', '/repos/octo/hello/labels/{name}', (req) => {
				const at = findLabel(req.params.name);
				if (at < 0) return notFound;
				const body = req.body as { new_name?: string; color?: string; description?: string };
				const old = labels[at];
				labels[at] = labelView(old.id, body.new_name ?? old.name, body.color ?? old.color, body.description ?? old.description);
				return { body: labels[at] };
			})
			.on('DELETE', '/repos/octo/hello/labels/{name}', (req) => {
				const at = findLabel(req.params.name);
				if (at < 0) return notFound;
				labels.splice(at, 1);
				return { status: 204 };
			})
			.on('GET', '/repos/octo/hello/milestones', (req) => {
				const state = req.query.state ?? 'open';
				const chosen = milestones.filter((m) => state === 'all' || m.state === state);
				const key = req.query.sort === 'completeness' ? completeness : (m: Milestone) => Date.parse(m.due_on ?? '9999-12-31');
				const sorted = [...chosen].sort((a, b) => key(a) - key(b));
				return fake.paged(req, (req.query.direction ?? 'asc') === 'desc' ? sorted.reverse() : sorted);
			})
			.on('POST', '/repos/octo/hello/milestones', (req) => {
				const body = req.body as { title: string; description?: string; due_on?: string; state?: 'open' | 'closed' };
				const milestone = milestoneView(milestones.length + 1, body.title, { description: body.description ?? null, due_on: body.due_on ?? null, state: body.state ?? 'open' });
				milestones.push(milestone);
				return { status: 201, body: milestone };
			})
			.on('GET', '/repos/octo/hello/milestones/{number}', (req) => (milestoneAt(req) < 0 ? notFound : { body: milestones[milestoneAt(req)] }))
			.on('PATCH', '/repos/octo/hello/milestones/{number}', (req) => {
				const at = milestoneAt(req);
				if (at < 0) return notFound;
				const body = req.body as Partial<Milestone>;
				const closing = body.state === 'closed' && milestones[at].state !== 'closed';
				milestones[at] = { ...milestones[at], ...body, updated_at: '2026-11-22T11:00:00Z', ...(closing ? { closed_at: '2026-11-22T11:00:00Z' } : {}) };
				return { body: milestones[at] };
			})
			.on('DELETE', '/repos/octo/hello/milestones/{number}', (req) => {
				const at = milestoneAt(req);
				if (at < 0) return notFound;
				milestones.splice(at, 1);
				return { status: 204 };
			});

		// Release assets: only the upload root takes them, and only with a body matching its length and a name.
		const assetPath = '/repos/octo/hello/releases/{id}/assets';
		ghe.on('POST', assetPath, () => ({ status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } }));
		ghe.onUploads('POST', assetPath, (req) => {
			if (req.params.id !== '1234567') return { status: 404, body: { message: 'Not Found' } };
			if (!req.query.name || !req.headers['content-type'] || req.headers['content-length'] !== String(req.bytes.length)) {
				return { status: 400, body: { message: 'Bad Content-Length or missing name' } };
			}
			return {
				status: 201,
				body: {
					id: 77,
					node_id: 'RA_77',
					name: req.query.name,
					label: req.query.label ?? null,
					content_type: req.headers['content-type'],
					state: 'uploaded',
					size: req.bytes.length,
					download_count: 0,
					browser_download_url: `https://ghe.example.com/octo/hello/releases/download/v1.2.0/${req.query.name}`,
				},
			};
		});
		ghe
			.on('GET', '/repos/octo/hello/issues/{number}', (req) => ({ body: { number: Number(req.params.number), title: 'Crash on start', state: 'open' } }))
			.on('POST', '/repos/octo/hello/issues/{number}/comments', (req) => ({ status: 201, body: { id: 501, body: (req.body as { body: string }).body } }));

		n8n = await RealN8n.create();
		await n8n.importCredentials([
			{ id: 'ghToken', name: 'GitHub token', type: 'githubAccessTokenApi', data: { server: fake.apiUrl, accessToken: TOKEN } },
			{ id: 'gheToken', name: 'GitHub Enterprise token', type: 'githubAccessTokenApi', data: { server: ghe.apiUrl, accessToken: ENTERPRISE_TOKEN } },
			{
				id: 'ghOAuth',
				name: 'GitHub OAuth2',
				type: 'githubServerOAuth2Api',
				data: {
					server: ghe.apiUrl,
					...OAUTH_APP,
					// As n8n stores it after the sign-in: a user-to-server token that has expired since.
					oauthTokenData: { access_token: EXPIRED_TOKEN, expires_in: 28800, refresh_token: REFRESH_TOKEN, refresh_token_expires_in: 15811200, scope: '', token_type: 'bearer' },
				},
			},
		]);
		// Runs and imports go through the REST API of this n8n (test/e2e/n8n.ts): each CLI run would start an n8n of its own.
		await n8n.start();
		await n8n.importWorkflows([graphqlWorkflow, labelsWorkflow, uploadWorkflow(UPLOAD), oauthWorkflow]);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await fake.stop();
		await ghe.stop();
	});

	/** What the fakes received during `run`, and the run's items by node. */
	async function execute(workflowId: string, server: FakeGitHub) {
		const from = server.received.length;
		const graphqlFrom = server.graphqlCalls.length;
		const result = await n8n.execute(workflowId);
		const json = (name: string) => {
			const run = result.runData[name]?.[0];
			if (!run?.data) throw new Error(`${name} did not run: ${JSON.stringify(run?.error ?? result.status)}`);
			return run.data.main[0].map((item) => item.json);
		};
		return { result, json, received: server.received.slice(from), graphql: server.graphqlCalls.slice(graphqlFrom) };
	}

	it('lists (two pages by cursor), gets, creates and comments on discussions, and lists projects, fields and items and adds an item, over GraphQL', async () => {
		const { result, json, received, graphql } = await execute('breadthGraphql', fake);

		const listed = (number: number) => ({
			id: `D_${number}`,
			number,
			title: `Topic ${number}`,
			url: `https://github.com/octo/hello/discussions/${number}`,
			closed: false,
			locked: false,
			createdAt: stamp(number),
			updatedAt: stamp(number),
			answerChosenAt: null,
			author: 'mona',
			category: 'General',
			commentCount: number === 9 ? 2 : 0,
		});
		expect(json('List Discussions')).toEqual(Array.from({ length: 105 }, (_, i) => listed(105 - i)));
		expect(json('Get Discussion')).toEqual([
			{
				...listed(9),
				body: 'Body of topic 9',
				answerId: null,
				comments: [{ id: 'DC_91', url: commentUrl(9, 'DC_91'), body: 'Use the Docker image', createdAt: '2026-11-21T09:00:00Z', author: 'hubot' }],
			},
		]);
		expect(json('Create Discussion')).toEqual([
			{
				...listed(106),
				title: 'Release checklist',
				author: 'octo-bot',
				category: 'Q&A',
			},
		]);
		expect(json('Reply')).toEqual([
			{ discussionNumber: 9, id: 'DC_93', url: commentUrl(9, 'DC_93'), body: 'Thanks, hubot', createdAt: '2026-11-22T12:00:00Z', author: 'octo-bot' },
		]);
		expect(discussions.find((d) => d.number === 9)!.comments.at(-1)).toEqual({ id: 'DC_93', body: 'Thanks, hubot', author: 'octo-bot', replyTo: 'DC_91' });

		expect(json('List Projects')).toEqual([
			{ id: 'PVT_1', number: 1, title: 'Roadmap', shortDescription: 'What comes next', url: 'https://github.com/users/octo/projects/1', closed: false, public: true, updatedAt: '2026-11-20T08:00:00Z' },
			{ id: 'PVT_2', number: 2, title: 'Archive', shortDescription: null, url: 'https://github.com/users/octo/projects/2', closed: true, public: false, updatedAt: '2025-01-10T08:00:00Z' },
		]);
		expect(json('List Fields')).toEqual([
			{ projectId: 'PVT_1', id: 'PVTF_title', name: 'Title', dataType: 'TITLE' },
			{ projectId: 'PVT_1', id: 'PVTSSF_status', name: 'Status', dataType: 'SINGLE_SELECT', options: STATUS_OPTIONS },
			{ projectId: 'PVT_1', id: 'PVTIF_sprint', name: 'Sprint', dataType: 'ITERATION', iterations: SPRINTS },
		]);
		// "Allowed Repositories" octo/hello: the pull request of octo/other is left out, the draft stays.
		expect(json('List Items')).toEqual([
			{
				itemId: 'PVTI_3', type: 'ISSUE', archived: false, number: 3, title: 'Crash on start', state: 'OPEN', url: 'https://github.com/octo/hello/issues/3',
				repository: 'octo/hello', fields: { Title: 'Crash on start', Status: 'Todo', Sprint: 'Sprint 1' },
			},
			{ itemId: 'PVTI_5', type: 'DRAFT_ISSUE', archived: false, number: null, title: 'Idea', state: null, url: null, repository: null, fields: { Due: '2026-12-01' } },
		]);
		expect(json('Add Item')).toEqual([{ projectId: 'PVT_1', projectTitle: 'Roadmap', itemId: 'PVTI_7', contentId: 'I_7', number: 7, repository: 'octo/hello' }]);

		// Every request went to /graphql with the token and the API's headers; the documents in order, with their exact variables.
		expect(received.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.headers['content-type'], r.headers.accept, r.headers['x-github-api-version']])).toEqual(
			Array.from({ length: 12 }, () => ['POST', '/graphql', {}, `Bearer ${TOKEN}`, 'application/json', 'application/vnd.github+json', '2022-11-28']),
		);
		expect(received.map((r) => (r.body as { query: string }).query)).toEqual(graphql.map((call) => GRAPHQL_DOCUMENTS[call.document]));
		expect(graphql).toEqual([
			{ document: 'LIST_DISCUSSIONS_QUERY', variables: { owner: 'octo', repo: 'hello', first: 100, after: null } },
			{ document: 'LIST_DISCUSSIONS_QUERY', variables: { owner: 'octo', repo: 'hello', first: 100, after: 'cursor:100' } },
			{ document: 'GET_DISCUSSION_QUERY', variables: { owner: 'octo', repo: 'hello', number: 9, comments: 1 } },
			{ document: 'DISCUSSION_CATEGORIES_QUERY', variables: { owner: 'octo', repo: 'hello' } },
			{ document: 'CREATE_DISCUSSION_MUTATION', variables: { repository: 'R_hello', category: 'DIC_qa', title: 'Release checklist', body: 'What do we check before a release?' } },
			{ document: 'DISCUSSION_ID_QUERY', variables: { owner: 'octo', repo: 'hello', number: 9 } },
			{ document: 'ADD_DISCUSSION_COMMENT_MUTATION', variables: { discussion: 'D_9', body: 'Thanks, hubot', replyTo: 'DC_91' } },
			{ document: 'LIST_PROJECTS_QUERY', variables: { owner: 'octo', first: 100, after: null } },
			{ document: 'PROJECT_FIELDS_QUERY', variables: { owner: 'octo', number: 1 } },
			{ document: 'PROJECT_ITEMS_QUERY', variables: { owner: 'octo', number: 1, first: 10, after: null } },
			{ document: 'PROJECT_AND_CONTENT_QUERY', variables: { projectOwner: 'octo', projectNumber: 1, owner: 'octo', repo: 'hello', number: 7 } },
			{ document: 'ADD_ITEM_MUTATION', variables: { project: 'PVT_1', content: 'I_7' } },
		]);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});

	it('creates, renames, lists and deletes labels, and creates, closes, gets, lists and deletes a milestone', async () => {
		const { result, json, received } = await execute('breadthLabels', fake);

		const created = labelView(101, 'needs triage', 'FBCA04', 'Not looked at yet');
		const renamed = labelView(101, 'triage', 'C5DEF5', 'Not looked at yet');
		expect(json('Create Label')).toEqual([created]);
		expect(json('Rename Label')).toEqual([renamed]);
		expect(json('List Labels')).toEqual([labelView(1, 'bug', 'd73a4a', "Something isn't working"), renamed]);
		expect(json('Delete Label')).toEqual([{ name: 'bug', deleted: true }]);
		expect(labels).toEqual([renamed]);

		const v12 = milestoneView(2, 'v1.2', { description: 'Login and settings', due_on: '2026-12-31T08:00:00Z' });
		const closed = { ...v12, state: 'closed', updated_at: '2026-11-22T11:00:00Z', closed_at: '2026-11-22T11:00:00Z' };
		expect(json('Create Milestone')).toEqual([v12]);
		expect(json('Close Milestone')).toEqual([closed]);
		expect(json('Get Milestone')).toEqual([closed]);
		// All states, by completeness, most complete first: v1.0 has all its issues closed, v1.2 none.
		expect(json('List Milestones')).toEqual([milestones[0], closed]);
		expect(milestones[0].title).toBe('v1.0');
		expect(json('Delete Milestone')).toEqual([{ milestoneNumber: 2, deleted: true }]);
		expect(milestones.map((m) => m.number)).toEqual([1]);

		expect(received.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['POST', '/repos/octo/hello/labels', {}, { name: 'needs triage', color: 'FBCA04', description: 'Not looked at yet' }],
			['PATCH', '/repos/octo/hello/labels/needs triage', {}, { new_name: 'triage', color: 'C5DEF5' }],
			['GET', '/repos/octo/hello/labels', { per_page: '100' }, ''],
			['DELETE', '/repos/octo/hello/labels/bug', {}, ''],
			['POST', '/repos/octo/hello/milestones', {}, { title: 'v1.2', description: 'Login and settings', due_on: '2026-12-31T08:00:00Z' }],
			['PATCH', '/repos/octo/hello/milestones/2', {}, { state: 'closed' }],
			['GET', '/repos/octo/hello/milestones/2', {}, ''],
			['GET', '/repos/octo/hello/milestones', { state: 'all', sort: 'completeness', direction: 'desc', per_page: '100' }, ''],
			['DELETE', '/repos/octo/hello/milestones/2', {}, ''],
		]);
		for (const request of received) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(JSON.stringify(result.raw)).not.toContain(TOKEN);
	});

	it('uploads an asset from binary data to the upload root with its exact bytes, type, length and name', async () => {
		const { result, json, received } = await execute('breadthUpload', ghe);

		expect(json('Upload Asset')).toEqual([
			{
				id: 77,
				node_id: 'RA_77',
				name: 'app-linux.tar.gz',
				label: 'Linux build',
				content_type: 'application/gzip',
				state: 'uploaded',
				size: UPLOAD.length,
				download_count: 0,
				browser_download_url: 'https://ghe.example.com/octo/hello/releases/download/v1.2.0/app-linux.tar.gz',
			},
		]);
		// One request, to Enterprise Server's upload root (/api/uploads), none to the API root (/api/v3).
		expect(received.map((r) => [r.method, r.path, r.query])).toEqual([
			['POST', '/api/uploads/repos/octo/hello/releases/1234567/assets', { name: 'app-linux.tar.gz', label: 'Linux build' }],
		]);
		const [upload] = received;
		expect(upload.bytes.equals(UPLOAD)).toBe(true);
		expect(upload.headers).toMatchObject({
			'content-type': 'application/gzip',
			'content-length': String(UPLOAD.length),
			authorization: `Bearer ${ENTERPRISE_TOKEN}`,
			accept: 'application/vnd.github+json',
			'x-github-api-version': '2022-11-28',
		});
		expect(JSON.stringify(result.raw)).not.toContain(ENTERPRISE_TOKEN);
	});

	it('refreshes an expired OAuth2 user token on 401 through n8n, resends the request with the new token and keeps it for the next node', async () => {
		const { result, json, received } = await execute('breadthOAuth', ghe);

		expect(json('Get Issue')).toEqual([{ number: 7, title: 'Crash on start', state: 'open' }]);
		expect(json('Comment')).toEqual([{ id: 501, body: 'Seen: Crash on start' }]);

		expect(ghe.issuedUserTokens).toHaveLength(1);
		const [{ accessToken, refreshToken }] = ghe.issuedUserTokens;
		// n8n 1.x reads ignoreHttpStatusErrors as a plain flag: the refused request comes back as an answer
		// and is sent once more with status errors on, which has n8n refresh (see sendAuthenticated).
		const refusedAgainOnN8n1 = process.env.N8N_HOST_VERSION === '1' ? 1 : 0;
		const afterRefusal = received.slice(refusedAgainOnN8n1);
		expect(received.slice(0, refusedAgainOnN8n1).map((r) => [r.method, r.path, r.headers.authorization])).toEqual(
			refusedAgainOnN8n1 ? [['GET', '/api/v3/repos/octo/hello/issues/7', `Bearer ${EXPIRED_TOKEN}`]] : [],
		);
		expect(afterRefusal.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
			['GET', '/api/v3/repos/octo/hello/issues/7', `Bearer ${EXPIRED_TOKEN}`],
			['POST', '/login/oauth/access_token', `Basic ${Buffer.from(`${OAUTH_APP.clientId}:${OAUTH_APP.clientSecret}`).toString('base64')}`],
			['GET', '/api/v3/repos/octo/hello/issues/7', `Bearer ${accessToken}`],
			['POST', '/api/v3/repos/octo/hello/issues/7/comments', `Bearer ${accessToken}`],
		]);
		const tokenRequest = afterRefusal[1];
		expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(tokenRequest.headers.accept).toContain('application/json');
		expect(Object.fromEntries(new URLSearchParams(tokenRequest.rawBody))).toEqual({ refresh_token: REFRESH_TOKEN, grant_type: 'refresh_token' });
		expect(afterRefusal[2].headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
		expect(afterRefusal[3].body).toEqual({ body: 'Seen: Crash on start' });

		// n8n stored the new token and the rotated refresh token in the credential.
		const exported = join(n8n.userFolder, 'oauth-credential.json');
		await n8n.cli(['export:credentials', '--id=ghOAuth', '--decrypted', `--output=${exported}`]);
		const [stored] = JSON.parse(readFileSync(exported, 'utf8')) as Array<{ data: { oauthTokenData: Record<string, unknown> } }>;
		expect(stored.data.oauthTokenData).toMatchObject({ access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer' });

		const everything = JSON.stringify(result.raw);
		for (const secret of [EXPIRED_TOKEN, accessToken, REFRESH_TOKEN, refreshToken, OAUTH_APP.clientSecret]) expect(everything).not.toContain(secret);
	});
});

const graphqlWorkflow = manualWorkflow('breadthGraphql', [
	github('List Discussions', { resource: 'discussion', operation: 'list', ...repo, returnAll: true }),
	github('Get Discussion', { resource: 'discussion', operation: 'get', ...repo, discussionNumber: '9', additionalFields: { comments: 1 } }),
	github('Create Discussion', { resource: 'discussion', operation: 'create', ...repo, category: 'q&a', title: 'Release checklist', body: 'What do we check before a release?' }),
	github('Reply', {
		resource: 'discussion',
		operation: 'addComment',
		...repo,
		discussionNumber: "={{ $('Get Discussion').first().json.number }}",
		body: "={{ 'Thanks, ' + $('Get Discussion').first().json.comments[0].author }}",
		additionalFields: { replyTo: "={{ $('Get Discussion').first().json.comments[0].id }}" },
	}),
	github('List Projects', { resource: 'project', operation: 'list', projectOwner: byName('octo'), returnAll: true }),
	// The project as the picker stores it (From List, By Number), and as a plain number (saved before the picker).
	github('List Fields', { resource: 'project', operation: 'listFields', projectOwner: byName('octo'), projectNumber: { __rl: true, mode: 'list', value: '1' } }),
	github('List Items', { resource: 'project', operation: 'listItems', projectOwner: byName('octo'), projectNumber: 1, limit: 10, options: { allowedRepositories: 'octo/hello' } }),
	github('Add Item', { resource: 'project', operation: 'addItem', projectOwner: byName('octo'), projectNumber: byId('1'), ...repo, issueNumber: byId('7') }),
]);

const labelsWorkflow = manualWorkflow('breadthLabels', [
	github('Create Label', { resource: 'label', operation: 'create', ...repo, name: 'needs triage', additionalFields: { color: '#FBCA04', description: 'Not looked at yet' } }),
	github('Rename Label', {
		resource: 'label',
		operation: 'update',
		...repo,
		labelName: byName("={{ $('Create Label').first().json.name }}"),
		additionalFields: { new_name: 'triage', color: '#C5DEF5' },
	}),
	github('List Labels', { resource: 'label', operation: 'list', ...repo, returnAll: true }),
	github('Delete Label', { resource: 'label', operation: 'delete', ...repo, labelName: { __rl: true, mode: 'list', value: 'bug' } }),
	github('Create Milestone', {
		resource: 'milestone',
		operation: 'create',
		...repo,
		title: 'v1.2',
		additionalFields: { description: 'Login and settings', due_on: '2026-12-31T08:00:00.000Z' },
	}),
	github('Close Milestone', { resource: 'milestone', operation: 'update', ...repo, milestoneNumber: byId("={{ $('Create Milestone').first().json.number }}"), additionalFields: { state: 'closed' } }),
	github('Get Milestone', { resource: 'milestone', operation: 'get', ...repo, milestoneNumber: byId("={{ $('Create Milestone').first().json.number }}") }),
	github('List Milestones', { resource: 'milestone', operation: 'list', ...repo, returnAll: true, additionalFields: { state: 'all', sort: 'completeness', direction: 'desc' } }),
	github('Delete Milestone', { resource: 'milestone', operation: 'delete', ...repo, milestoneNumber: byId("={{ $('Create Milestone').first().json.number }}") }),
]);

/** Set (the bytes as base64) → Convert to File → Upload Asset, on the Enterprise Server credential. */
const uploadWorkflow = (bytes: Buffer) =>
	manualWorkflow('breadthUpload', [
		{
			name: 'Content',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: { mode: 'manual', assignments: { assignments: [{ id: 'a1', name: 'content', value: bytes.toString('base64'), type: 'string' }] }, options: {} },
		},
		{
			name: 'To File',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			parameters: { operation: 'toBinary', sourceProperty: 'content', binaryPropertyName: 'build', options: { fileName: 'app-linux.tar.gz', mimeType: 'application/gzip' } },
		},
		github(
			'Upload Asset',
			{ resource: 'release', operation: 'uploadAsset', ...repo, releaseId: byId('1234567'), binaryPropertyName: 'build', additionalFields: { label: 'Linux build' } },
			enterprise,
		),
	]);

const oauthWorkflow = manualWorkflow('breadthOAuth', [
	github('Get Issue', { authentication: 'oAuth2', resource: 'issue', operation: 'get', ...repo, issueNumber: byId('7') }, signIn),
	github(
		'Comment',
		{ authentication: 'oAuth2', resource: 'issue', operation: 'createComment', ...repo, issueNumber: byId('7'), body: "={{ 'Seen: ' + $('Get Issue').first().json.title }}" },
		signIn,
	),
]);
