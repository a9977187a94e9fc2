import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { GitHubRecorder } from '../githubActions/recorder';
import { byId, repo, runGitHub } from '../githubActions/run';
import { rl, runTrello, trelloApi } from '../trelloActions/support';

/**
 * Trust labels: every simplified item with authored text says in `trust` who wrote it, by Trusted
 * Content Only's / Trusted Members' judgement. With the option off the label is read from the answer
 * alone (no request is added); what only a look-up would tell is 'unknown'.
 */

beforeEach(() => {
	resetGitHubRateLimitState();
	resetTrelloRateLimitState();
});
afterEach(() => nock.cleanAll());

const ON = { options: { trustedContentOnly: true } };
const sent = (recorder: GitHubRecorder) => recorder.requests.map(({ method, path }) => `${method} ${path}`);
const person = (login: string) => ({ login });
const pr = { ...repo(), pullNumber: byId('12') };
const issue = { ...repo(), issueNumber: byId('7') };

/** A surface whose answers carry author_association: a member, an outsider and an answer without one. */
interface Surface {
	parameters: IDataObject;
	path: string;
	raw: (login: string, association?: string) => IDataObject;
	simple: (login: string) => IDataObject;
	/** Search results come wrapped in { total_count, items }. */
	wrapped?: boolean;
}

const ISSUE_RAW = (login: string, association?: string) => ({ number: 1, title: `by ${login}`, user: person(login), author_association: association, body: 'b' });
const ISSUE_SIMPLE = (login: string) => ({ number: 1, title: `by ${login}`, author: login, isPullRequest: false, body: 'b' });
const TEXT_RAW = (login: string, association?: string) => ({ id: 1, user: person(login), author_association: association, body: `by ${login}` });
const TEXT_SIMPLE = (login: string) => ({ id: 1, author: login, body: `by ${login}` });

const ASSOCIATED: Record<string, Surface> = {
	issues: { parameters: { resource: 'issue', operation: 'list', ...repo() }, path: '/repos/octo/hello/issues', raw: ISSUE_RAW, simple: ISSUE_SIMPLE },
	'issue comments': { parameters: { resource: 'issue', operation: 'listComments', ...issue }, path: '/repos/octo/hello/issues/7/comments', raw: TEXT_RAW, simple: TEXT_SIMPLE },
	'pull requests': {
		parameters: { resource: 'pullRequest', operation: 'list', ...repo() },
		path: '/repos/octo/hello/pulls',
		raw: (login, association) => ({ number: 12, title: `by ${login}`, user: person(login), author_association: association, body: 'b' }),
		simple: (login) => ({ number: 12, title: `by ${login}`, author: login, body: 'b' }),
	},
	reviews: { parameters: { resource: 'pullRequest', operation: 'listReviews', ...pr }, path: '/repos/octo/hello/pulls/12/reviews', raw: TEXT_RAW, simple: TEXT_SIMPLE },
	'review comments': { parameters: { resource: 'pullRequest', operation: 'listReviewComments', ...pr }, path: '/repos/octo/hello/pulls/12/comments', raw: TEXT_RAW, simple: TEXT_SIMPLE },
	timeline: {
		parameters: { resource: 'issue', operation: 'listTimeline', ...issue },
		path: '/repos/octo/hello/issues/7/timeline',
		raw: (login, association) => ({ id: 1, event: 'commented', actor: person(login), author_association: association, body: `by ${login}` }),
		simple: (login) => ({ id: 1, event: 'commented', actor: login, body: `by ${login}` }),
	},
	'issue search results': { parameters: { resource: 'search', operation: 'issuesAndPullRequests', query: 'is:issue' }, path: '/search/issues', raw: ISSUE_RAW, simple: ISSUE_SIMPLE, wrapped: true },
};

describe('GitHub: told by the author association in the answer, option off, no extra request', () => {
	it.each(Object.entries(ASSOCIATED))('%s: a member is a writer, an outsider an outsider, no association unknown', async (_surface, { parameters, path, raw, simple, wrapped }) => {
		const list = [raw('mona', 'MEMBER'), raw('eve', 'NONE'), raw('lee')];
		const recorder = new GitHubRecorder([{ body: wrapped ? { total_count: 3, items: list } : list }]);
		const run = await runGitHub({ ...parameters, limit: 5, simplify: true });
		expect(run.json('GitHub')).toEqual([
			{ ...simple('mona'), trust: 'writer' },
			{ ...simple('eve'), trust: 'outsider' },
			{ ...simple('lee'), trust: 'unknown' },
		]);
		expect(sent(recorder)).toEqual([`GET ${path}`]);
	});

	it('the label is on simplified items only: raw output and Output Fields are the answer as it came', async () => {
		new GitHubRecorder([{ body: [TEXT_RAW('eve', 'NONE')] }, { body: [TEXT_RAW('eve', 'NONE')] }]);
		expect((await runGitHub({ ...ASSOCIATED['issue comments'].parameters, limit: 5, simplify: false })).json('GitHub')).toEqual([TEXT_RAW('eve', 'NONE')]);
		expect((await runGitHub({ ...ASSOCIATED['issue comments'].parameters, limit: 5, outputFields: 'id, body' })).json('GitHub')).toEqual([{ id: 1, body: 'by eve' }]);
	});

	it('text with no GitHub user behind it is an outsider’s, as Trusted Content Only withholds it, with no look-up', async () => {
		const recorder = new GitHubRecorder([{ body: [{ id: 3, user: null, body: 'by a deleted account' }] }]);
		const run = await runGitHub({ ...ASSOCIATED['issue comments'].parameters, limit: 5, simplify: true });
		expect(run.json('GitHub')).toEqual([{ id: 3, body: 'by a deleted account', trust: 'outsider' }]);
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/issues/7/comments']);
	});

	it('an object without authored text gets no label', async () => {
		new GitHubRecorder([{ body: [{ id: 2, event: 'labeled', actor: person('mona'), author_association: 'MEMBER' }] }]);
		const run = await runGitHub({ ...ASSOCIATED.timeline.parameters, limit: 5, simplify: true });
		expect(run.json('GitHub')).toEqual([{ id: 2, event: 'labeled', actor: 'mona' }]);
	});
});

describe('GitHub: what only a permission look-up tells', () => {
	const commit = (sha: string, login: string, verified: boolean) => ({ sha, commit: { message: `by ${login}`, author: { name: login, date: 'd' }, verification: { verified } }, author: person(login), html_url: sha });
	const simpleCommit = (sha: string, login: string) => ({ sha, message: `by ${login}`, author: login, date: 'd', url: sha });

	it('commits, option off: an unverified one is an outsider (no look-up can change that), a verified one unknown; one request', async () => {
		const recorder = new GitHubRecorder([{ body: [commit('a1', 'mona', true), commit('b2', 'mona', false)] }]);
		const run = await runGitHub({ resource: 'commit', operation: 'list', ...repo(), limit: 5, simplify: true });
		expect(run.json('GitHub')).toEqual([
			{ ...simpleCommit('a1', 'mona'), trust: 'unknown' },
			{ ...simpleCommit('b2', 'mona'), trust: 'outsider' },
		]);
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/commits']);
	});

	it('commits, Trusted Content Only on: the verified one by a writer is a writer, by a reader an outsider, after the look-ups it sends anyway', async () => {
		const recorder = new GitHubRecorder([{ body: [commit('a1', 'mona', true), commit('c3', 'eve', true)] }, { body: { permission: 'write' } }, { body: { permission: 'read' } }]);
		const run = await runGitHub({ resource: 'commit', operation: 'list', ...repo(), limit: 5, simplify: true, ...ON });
		const withheld = '[withheld: written by eve (no write access), who cannot write to this repository (Trusted Content Only)]';
		expect(run.json('GitHub')).toEqual([
			{ ...simpleCommit('a1', 'mona'), trust: 'writer' },
			{ ...simpleCommit('c3', 'eve'), message: withheld, trust: 'outsider' },
		]);
		expect(sent(recorder)).toEqual(['GET /repos/octo/hello/commits', 'GET /repos/octo/hello/collaborators/mona/permission', 'GET /repos/octo/hello/collaborators/eve/permission']);
	});

	const release = (id: number, login: string) => ({ id, tag_name: `v${id}`, name: `by ${login}`, author: person(login), body: 'notes' });
	const simpleRelease = (id: number, login: string) => ({ id, tag: `v${id}`, name: `by ${login}`, author: login, body: 'notes' });

	it('releases: unknown with the option off (one request), writer / outsider with it on', async () => {
		const off = new GitHubRecorder([{ body: [release(1, 'mona')] }]);
		expect((await runGitHub({ resource: 'release', operation: 'list', ...repo(), limit: 5, simplify: true })).json('GitHub')).toEqual([{ ...simpleRelease(1, 'mona'), trust: 'unknown' }]);
		expect(sent(off)).toEqual(['GET /repos/octo/hello/releases']);

		nock.cleanAll();
		new GitHubRecorder([{ body: [release(1, 'mona'), release(2, 'eve')] }, { body: { permission: 'admin' } }, { status: 404, body: { message: 'Not Found' } }]);
		const on = await runGitHub({ resource: 'release', operation: 'list', ...repo(), limit: 5, simplify: true, ...ON });
		const withheld = '[withheld: written by eve (no write access), who cannot write to this repository (Trusted Content Only)]';
		expect(on.json('GitHub')).toEqual([
			{ ...simpleRelease(1, 'mona'), trust: 'writer' },
			{ ...simpleRelease(2, 'eve'), name: withheld, body: withheld, trust: 'outsider' },
		]);
	});

	const discussion = (comments: Array<{ id: string; login: string }>) => ({
		data: {
			repository: {
				discussion: {
					id: 'D_9', number: 9, title: 'Q', url: 'u', closed: false, locked: false, createdAt: 'd', updatedAt: 'd', answerChosenAt: null, author: person('mona'), category: { name: 'Q&A' }, body: 'b', answer: null,
					comments: { totalCount: comments.length, nodes: comments.map(({ id, login }) => ({ id, url: id, body: `by ${login}`, createdAt: 'd', author: person(login) })) },
				},
			},
		},
	});
	const simpleDiscussion = { id: 'D_9', number: 9, title: 'Q', url: 'u', category: 'Q&A', author: 'mona', closed: false, locked: false, answerId: null, answerChosenAt: null, createdAt: 'd', updatedAt: 'd', body: 'b' };
	const getDiscussion = { resource: 'discussion', operation: 'get', ...repo(), discussionNumber: '9', simplify: true };

	it('discussions: unknown with the option off, one request', async () => {
		const recorder = new GitHubRecorder([{ body: discussion([{ id: 'DC_1', login: 'mona' }]) }]);
		const run = await runGitHub(getDiscussion);
		expect(run.json('GitHub')).toEqual([{ ...simpleDiscussion, commentCount: 1, comments: [{ id: 'DC_1', url: 'DC_1', body: 'by mona', createdAt: 'd', author: 'mona' }], trust: 'unknown' }]);
		expect(sent(recorder)).toEqual(['POST /graphql']);
	});

	it("discussions, option on: the least trusted text decides — a writer's discussion with an outsider's comment is 'outsider'", async () => {
		const marker = '[withheld: written by eve (no write access), who cannot write to this repository (Trusted Content Only)]';
		const recorder = new GitHubRecorder([{ body: discussion([{ id: 'DC_1', login: 'eve' }]) }, { body: { permission: 'write' } }, { body: { permission: 'read' } }]);
		const mixed = await runGitHub({ ...getDiscussion, ...ON });
		expect(mixed.json('GitHub')).toEqual([{ ...simpleDiscussion, commentCount: 1, comments: [{ id: 'DC_1', url: 'DC_1', body: marker, createdAt: 'd', author: 'eve' }], trust: 'outsider' }]);
		expect(sent(recorder)).toEqual(['POST /graphql', 'GET /repos/octo/hello/collaborators/mona/permission', 'GET /repos/octo/hello/collaborators/eve/permission']);

		nock.cleanAll();
		new GitHubRecorder([{ body: discussion([{ id: 'DC_1', login: 'mona' }]) }, { body: { permission: 'write' } }]);
		const trusted = await runGitHub({ ...getDiscussion, ...ON });
		expect(trusted.json('GitHub')).toEqual([{ ...simpleDiscussion, commentCount: 1, comments: [{ id: 'DC_1', url: 'DC_1', body: 'by mona', createdAt: 'd', author: 'mona' }], trust: 'writer' }]);
	});
});

describe('GitHub: surfaces Trusted Content Only never judges (no author in the field set) are unknown, on or off, with no look-up', () => {
	it.each([
		['changed files', { resource: 'pullRequest', operation: 'listFiles', ...pr }, '/repos/octo/hello/pulls/12/files', [{ filename: 'a.ts', patch: '+x' }], { file: 'a.ts', patch: '+x' }],
		['repository search results', { resource: 'search', operation: 'repositories', query: 'x' }, '/search/repositories', { total_count: 1, items: [{ full_name: 'o/r', description: 'd' }] }, { fullName: 'o/r', description: 'd' }],
		['user search results', { resource: 'search', operation: 'users', query: 'x' }, '/search/users', { total_count: 1, items: [{ login: 'eve', name: 'Eve' }] }, { login: 'eve', name: 'Eve' }],
		['milestones', { resource: 'milestone', operation: 'list', ...repo() }, '/repos/octo/hello/milestones', [{ number: 1, title: 'v1', description: 'd' }], { number: 1, title: 'v1', description: 'd' }],
		['notifications', { resource: 'notification', operation: 'listRepository', ...repo() }, '/repos/octo/hello/notifications', [{ id: '1', subject: { title: 't', type: 'Issue' } }], { id: '1', title: 't', type: 'Issue' }],
	] as Array<[string, IDataObject, string, unknown, IDataObject]>)('%s', async (_surface, parameters, path, reply, simple) => {
		for (const options of [{}, ON]) {
			nock.cleanAll();
			const recorder = new GitHubRecorder([{ body: reply }]);
			const run = await runGitHub({ ...parameters, limit: 5, simplify: true, ...options });
			expect(run.json('GitHub')).toEqual([{ ...simple, trust: 'unknown' }]);
			expect(sent(recorder)).toEqual([`GET ${path}`]);
		}
	});
});

describe('Trello', () => {
	const BOARD = '5f0000000000000000000b01';
	const CARD = '5f0000000000000000000c01';
	const LIST = '5f0000000000000000000f01';
	const CHECKLIST = '5f0000000000000000000d01';
	const ITEM = '5f0000000000000000000e21';
	const ALICE = '5f00000000000000000000a1';
	const EVE = '5f00000000000000000000e1';
	const MEMBERSHIPS = {
		method: 'GET' as const,
		path: `/1/boards/${BOARD}/memberships`,
		query: { filter: 'admins', member: 'true', member_fields: 'username' },
		reply: [{ id: 'm1', idMember: ALICE, memberType: 'admin', member: { id: ALICE, username: 'alice' } }],
	};
	const WRITERS = {
		method: 'GET' as const,
		path: `/1/cards/${CARD}/actions`,
		query: { filter: 'createCard,copyCard,convertToCardFromCheckItem,emailCard,updateCard:name,updateCard:desc,createCheckItem,updateCheckItem,addChecklistToCard,updateChecklist' },
	};
	const by = (member: string, username: string, type: string, data: IDataObject) => ({ id: `${type}-${username}-${JSON.stringify(data).length}`, idMemberCreator: member, type, date: 'd', data, memberCreator: { id: member, username } });
	const withheld = (who: string) => `[withheld: written by ${who}, who is not an admin of this board nor a trusted member (Trusted Members)]`;
	const TM = { options: { trustedMembersOnly: true } };
	const comment = (member: string, username: string) => by(member, username, 'commentCard', { text: `by ${username}`, card: { id: CARD, name: 'Ship' }, board: { id: BOARD } });
	const simpleComment = (username: string, text = `by ${username}`) => ({ id: comment('', username).id, type: 'commentCard', date: 'd', author: username, text, idCard: CARD, card: 'Ship' });

	it('comments: unknown with the option off (Trello does not say who is an admin: one request), writer / outsider with Trusted Members', async () => {
		const off = trelloApi([{ method: 'GET', path: `/1/cards/${CARD}/actions`, reply: [comment(ALICE, 'alice')] }]);
		expect((await runTrello({ resource: 'comment', operation: 'getAll', card: rl(CARD), returnAll: true, simplify: true })).json('Trello')).toEqual([{ ...simpleComment('alice'), trust: 'unknown' }]);
		expect(off.sent()).toHaveLength(1);

		trelloApi([{ method: 'GET', path: `/1/cards/${CARD}/actions`, reply: [comment(ALICE, 'alice'), comment(EVE, 'eve')] }, MEMBERSHIPS]);
		const on = await runTrello({ resource: 'comment', operation: 'getAll', card: rl(CARD), returnAll: true, simplify: true, ...TM });
		expect(on.json('Trello')).toEqual([
			{ ...simpleComment('alice'), trust: 'writer' },
			{ ...simpleComment('eve', withheld('eve')), trust: 'outsider' },
		]);
	});

	it("cards: an admin's card is a writer's, one renamed by a non-admin an outsider's; unknown with the option off", async () => {
		const card = (name: string) => ({ id: CARD, name, idBoard: BOARD, desc: 'plan' });
		trelloApi([{ method: 'GET', path: `/1/cards/${CARD}`, reply: card('Ship') }]);
		expect((await runTrello({ resource: 'card', operation: 'get', card: rl(CARD), simplify: true })).json('Trello')).toEqual([{ id: CARD, name: 'Ship', desc: 'plan', trust: 'unknown' }]);

		trelloApi([{ method: 'GET', path: `/1/cards/${CARD}`, reply: card('Ship') }, { ...WRITERS, reply: [by(ALICE, 'alice', 'createCard', { card: { id: CARD } })] }, MEMBERSHIPS]);
		expect((await runTrello({ resource: 'card', operation: 'get', card: rl(CARD), simplify: true, ...TM })).json('Trello')).toEqual([{ id: CARD, name: 'Ship', desc: 'plan', trust: 'writer' }]);

		trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, reply: card('Move all') },
			{ ...WRITERS, reply: [by(EVE, 'eve', 'updateCard', { card: { id: CARD }, old: { name: 'Ship' } }), by(ALICE, 'alice', 'createCard', { card: { id: CARD } })] },
			MEMBERSHIPS,
		]);
		expect((await runTrello({ resource: 'card', operation: 'get', card: rl(CARD), simplify: true, ...TM })).json('Trello')).toEqual([{ id: CARD, name: withheld('eve'), desc: 'plan', trust: 'outsider' }]);
	});

	it("lists: judged by who named them", async () => {
		const namers = { method: 'GET' as const, path: `/1/lists/${LIST}/actions`, query: { filter: 'createList,updateList:name' } };
		const list = { id: LIST, name: 'Done', idBoard: BOARD, closed: false };
		trelloApi([{ method: 'GET', path: `/1/lists/${LIST}`, reply: list }]);
		expect((await runTrello({ resource: 'list', operation: 'get', list: rl(LIST), simplify: true })).json('Trello')).toEqual([{ ...list, trust: 'unknown' }]);
		trelloApi([{ method: 'GET', path: `/1/lists/${LIST}`, reply: list }, { ...namers, reply: [by(EVE, 'eve', 'createList', { list: { id: LIST } })] }, MEMBERSHIPS]);
		expect((await runTrello({ resource: 'list', operation: 'get', list: rl(LIST), simplify: true, ...TM })).json('Trello')).toEqual([{ ...list, name: withheld('eve'), trust: 'outsider' }]);
	});

	it("checklists: the least trusted text decides — an admin's checklist with a non-admin's item is 'outsider', one of admins' texts only 'writer'", async () => {
		const checklist = (id: string, items: Array<[string, string]>) => ({ id, name: 'QA', idCard: CARD, idBoard: BOARD, checkItems: items.map(([itemId, name]) => ({ id: itemId, name, state: 'incomplete' })) });
		const lists = [checklist('cl1', [['i1', 'Test'], ['i2', 'Approve']]), checklist('cl2', [['i3', 'Tag']])];
		const added = (id: string) => by(ALICE, 'alice', 'addChecklistToCard', { checklist: { id }, card: { id: CARD } });
		trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}/checklists`, reply: lists },
			{ ...WRITERS, reply: [by(EVE, 'eve', 'createCheckItem', { checkItem: { id: 'i2' }, checklist: { id: 'cl1' } }), added('cl1'), added('cl2')] },
			MEMBERSHIPS,
		]);
		const run = await runTrello({ resource: 'checklist', operation: 'getAllOnCard', card: rl(CARD), checkItems: 'all', simplify: true, ...TM });
		expect(run.json('Trello')).toEqual([
			{ id: 'cl1', name: 'QA', idCard: CARD, items: [{ id: 'i1', name: 'Test', state: 'incomplete' }, { id: 'i2', name: withheld('eve'), state: 'incomplete' }], trust: 'outsider' },
			{ id: 'cl2', name: 'QA', idCard: CARD, items: [{ id: 'i3', name: 'Tag', state: 'incomplete' }], trust: 'writer' },
		]);
	});

	it('checklist items: judged through their checklist; unknown with the option off', async () => {
		const item = { id: ITEM, name: 'Deploy', state: 'complete', idChecklist: CHECKLIST };
		const get = { method: 'GET' as const, path: `/1/checklists/${CHECKLIST}/checkItems/${ITEM}`, reply: item };
		const parameters = { resource: 'checklist', operation: 'getItem', checklist: rl(CHECKLIST), checkItem: rl(ITEM), simplify: true };
		const off = trelloApi([get]);
		expect((await runTrello(parameters)).json('Trello')).toEqual([{ ...item, trust: 'unknown' }]);
		expect(off.sent()).toHaveLength(1);
		trelloApi([
			get,
			{ method: 'GET', path: `/1/checklists/${CHECKLIST}`, query: { fields: 'idCard,idBoard' }, reply: { id: CHECKLIST, idCard: CARD, idBoard: BOARD } },
			{ ...WRITERS, reply: [by(ALICE, 'alice', 'createCheckItem', { checkItem: { id: ITEM } })] },
			MEMBERSHIPS,
		]);
		expect((await runTrello({ ...parameters, ...TM })).json('Trello')).toEqual([{ ...item, trust: 'writer' }]);
	});

	it('notifications: judged by their creator', async () => {
		const notification = (member: string, username: string) => ({ id: `n-${username}`, type: 'commentCard', date: 'd', unread: true, idMemberCreator: member, memberCreator: { id: member, username }, data: { text: `by ${username}`, board: { id: BOARD, name: 'Team' } } });
		const simple = (username: string, text = `by ${username}`) => ({ id: `n-${username}`, type: 'commentCard', date: 'd', unread: true, author: username, board: 'Team', text });
		trelloApi([{ method: 'GET', path: '/1/members/me/notifications', reply: [notification(ALICE, 'alice')] }]);
		expect((await runTrello({ resource: 'notification', operation: 'getAll', returnAll: true, simplify: true })).json('Trello')).toEqual([{ ...simple('alice'), trust: 'unknown' }]);
		trelloApi([{ method: 'GET', path: '/1/members/me/notifications', reply: [notification(ALICE, 'alice'), notification(EVE, 'eve')] }, MEMBERSHIPS]);
		expect((await runTrello({ resource: 'notification', operation: 'getAll', returnAll: true, simplify: true, ...TM })).json('Trello')).toEqual([
			{ ...simple('alice'), trust: 'writer' },
			{ ...simple('eve', withheld('eve')), trust: 'outsider' },
		]);
	});

	it.each([
		['boards', { resource: 'board', operation: 'get', board: rl(BOARD) }, `/1/boards/${BOARD}`, { id: BOARD, name: 'Team', desc: 'd' }, { id: BOARD, name: 'Team', desc: 'd' }],
		['attachments', { resource: 'attachment', operation: 'getAll', card: rl(CARD) }, `/1/cards/${CARD}/attachments`, [{ id: 'at1', name: 'spec.pdf' }], { id: 'at1', name: 'spec.pdf' }],
		['members', { resource: 'member', operation: 'getMe' }, '/1/members/me', { id: ALICE, username: 'alice', fullName: 'Alice' }, { id: ALICE, username: 'alice', fullName: 'Alice' }],
		['workspaces', { resource: 'workspace', operation: 'getAll', returnAll: true }, '/1/members/me/organizations', [{ id: 'w1', displayName: 'Acme', name: 'acme' }], { id: 'w1', name: 'Acme', shortName: 'acme' }],
	] as Array<[string, IDataObject, string, unknown, IDataObject]>)('%s: never judged, so unknown on or off, with no look-up', async (_surface, parameters, path, reply, simple) => {
		for (const options of [{}, TM]) {
			const api = trelloApi([{ method: 'GET', path, reply }]);
			const run = await runTrello({ ...parameters, simplify: true, ...options });
			expect(run.json('Trello')).toEqual([{ ...simple, trust: 'unknown' }]);
			expect(api.sent().map((call) => call.path)).toEqual([path]);
		}
	});
});
