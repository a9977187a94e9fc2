import { createHash } from 'crypto';
import { createServer } from 'http';
import type { Server } from 'http';
import type { AddressInfo } from 'net';
import nock from 'nock';

/**
 * One GitHub repository whose history a test writes (issues, pull requests, comments, releases,
 * forks, stars, tags, branches and commits, workflow runs) and whose list endpoints answer as
 * GitHub's do: `since`, sort and direction, Link paging, a Date header from the repository's own
 * clock, weak ETags with 304 answers to a matching If-None-Match, and the rate limit counted as
 * GitHub counts it (a 304 costs nothing).
 */
export interface SimulatedAnswer {
	status: number;
	body?: unknown;
	headers: Record<string, string>;
}

type Entry = Record<string, unknown>;

interface Commit {
	sha: string;
	parent?: string;
	message: string;
	date: string;
	/** The GitHub account of the commit's author; null when its email is linked to none. */
	author: string | null;
}

export class SimulatedRepository {
	/** GitHub's clock (ms); every change moves it on by whole seconds. */
	clock = Date.parse('2026-11-20T10:00:00Z');
	/** Rate-limit units used: every answer but a 304. */
	unitsUsed = 0;
	/** Requests answered, 304s included. */
	requestsAnswered = 0;
	/** Seconds GitHub asks clients to wait between polls (X-Poll-Interval); 0 = not sent. */
	pollIntervalSeconds = 0;

	readonly issues: Entry[] = [];
	/** Issue events as GET /issues/events lists them (their `issue` as it is now). */
	readonly issueEvents: Entry[] = [];
	readonly comments: Entry[] = [];
	readonly reviewComments: Entry[] = [];
	readonly reviews: Entry[] = [];
	/** Discussions as GitHub's GraphQL API gives them (camelCase), each with its comments. */
	readonly discussions: Entry[] = [];
	/** GraphQL queries answered (not conditional: each costs points). */
	graphqlQueries = 0;
	readonly releases: Entry[] = [];
	readonly forks: Entry[] = [];
	readonly stars: Entry[] = [];
	readonly runs: Entry[] = [];
	/** Labels as GET /labels lists them (by name, as GitHub does). */
	readonly labels: Entry[] = [];
	readonly milestones: Entry[] = [];
	readonly tags = new Map<string, string>();
	readonly heads = new Map<string, string>();
	private readonly commits = new Map<string, Commit>();
	private nextId = 1000;
	private nextNumber = 1;

	constructor(
		readonly owner = 'octo',
		readonly name = 'hello',
		readonly origin = 'https://api.github.com',
	) {
		this.heads.set('main', this.commit(undefined, 'initial commit'));
	}

	private get now(): string {
		return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
	}

	/** Moves GitHub's clock on (seconds). */
	tick(seconds = 1): this {
		this.clock += seconds * 1000;
		return this;
	}

	private id(): number {
		return this.nextId++;
	}

	private commit(parent: string | undefined, message: string, author: string | null = 'mona'): string {
		const sha = createHash('sha1').update(`${parent ?? ''}:${message}:${this.id()}`).digest('hex');
		this.commits.set(sha, { sha, parent, message, date: this.now, author });
		return sha;
	}

	/** A commit as the REST API lists it (compare, commits). */
	private listedCommit(sha: string): Entry {
		const commit = this.commits.get(sha)!;
		const account = commit.author === null ? null : { login: commit.author, id: 1, type: 'User' };
		return {
			sha,
			html_url: `https://github.com/${this.owner}/${this.name}/commit/${sha}`,
			commit: { message: commit.message, author: { name: 'Mona', email: 'mona@example.com', date: commit.date }, committer: { name: 'Mona', email: 'mona@example.com', date: commit.date } },
			author: account,
			committer: account,
		};
	}

	/** The default branch. */
	defaultBranch = 'main';

	/** Commits pushed to a pull request's head (its issue's update time moves, as GitHub's does); returns their shas. */
	pushToPullRequest(number: number, messages: string[], author: string | null = 'mona'): string[] {
		const own = this.pullIdentities.get(number)!;
		const head = own.head as Entry;
		const shas: string[] = [];
		let sha = String(head.sha);
		for (const message of messages) {
			sha = this.commit(sha, message, author);
			shas.push(sha);
		}
		own.head = { ...head, sha };
		this.touch(this.issue(number));
		return shas;
	}

	openIssue(title = 'An issue', pull = false): Entry {
		const number = this.nextNumber++;
		const id = this.id();
		const issue: Entry = {
			id,
			node_id: `I_kwDOsim${id}`,
			number,
			title,
			body: '',
			state: 'open',
			labels: [],
			assignees: [],
			user: { login: 'mona' },
			created_at: this.now,
			updated_at: this.now,
			closed_at: null,
			...(pull
				? { draft: false, pull_request: { url: `${this.origin}/repos/${this.owner}/${this.name}/pulls/${number}`, html_url: `https://github.com/${this.owner}/${this.name}/pull/${number}`, merged_at: null } }
				: {}),
		};
		this.issues.push(issue);
		if (pull) {
			// The pull request's own identity, apart from its issue's, as GitHub keeps them.
			const pullId = this.id();
			const head = this.heads.get('main')!;
			this.pullIdentities.set(number, { id: pullId, node_id: `PR_kwDOsim${pullId}`, head: { label: `${this.owner}:topic-${number}`, ref: `topic-${number}`, sha: head }, base: { label: `${this.owner}:main`, ref: 'main', sha: head } });
		}
		return issue;
	}

	private readonly pullIdentities = new Map<number, Entry>();

	/** A pull request as GET /repos/{o}/{r}/pulls lists it, from its issue and its own identity. */
	pullRequest(issue: Entry): Entry {
		const number = Number(issue.number);
		const own = this.pullIdentities.get(number)!;
		const links = issue.pull_request as Entry;
		const api = `${this.origin}/repos/${this.owner}/${this.name}`;
		return {
			url: links.url,
			id: own.id,
			node_id: own.node_id,
			html_url: links.html_url,
			diff_url: `${String(links.html_url)}.diff`,
			patch_url: `${String(links.html_url)}.patch`,
			issue_url: `${api}/issues/${number}`,
			number,
			state: issue.state,
			locked: false,
			title: issue.title,
			user: issue.user,
			body: issue.body,
			created_at: issue.created_at,
			updated_at: issue.updated_at,
			closed_at: issue.closed_at,
			merged_at: links.merged_at,
			merge_commit_sha: null,
			assignee: null,
			assignees: issue.assignees,
			requested_reviewers: [],
			requested_teams: [],
			labels: issue.labels,
			milestone: null,
			draft: issue.draft,
			head: own.head,
			base: own.base,
			author_association: 'OWNER',
			auto_merge: null,
			active_lock_reason: null,
		};
	}

	openPullRequest(title = 'A change'): Entry {
		return this.openIssue(title, true);
	}

	private issue(number: number): Entry {
		const found = this.issues.find((issue) => issue.number === number);
		if (!found) throw new Error(`no issue #${number}`);
		return found;
	}

	private touch(issue: Entry): void {
		issue.updated_at = this.now;
	}

	/** Records an issue event as GitHub does: id, event, actor, created_at, the issue, and the event's own fields. */
	private issueEvent(number: number, event: string, fields: Entry = {}, actor = 'mona'): Entry {
		const id = this.id();
		const entry: Entry = {
			id,
			node_id: `IE_kwDOsim${id}`,
			url: `${this.origin}/repos/${this.owner}/${this.name}/issues/events/${id}`,
			actor: { login: actor, id: 1, type: 'User' },
			event,
			commit_id: null,
			commit_url: null,
			created_at: this.now,
			issueNumber: number,
			...fields,
		};
		this.issueEvents.push(entry);
		return entry;
	}

	/** Body only: GitHub records no issue event for it. */
	editBody(number: number, body: string): void {
		const issue = this.issue(number);
		issue.body = body;
		this.touch(issue);
	}

	editIssue(number: number, title: string, actor = 'mona'): Entry {
		const issue = this.issue(number);
		const from = issue.title;
		issue.title = title;
		this.touch(issue);
		return this.issueEvent(number, 'renamed', { rename: { from, to: title } }, actor);
	}

	label(number: number, name: string, actor = 'mona'): Entry {
		const issue = this.issue(number);
		const label = { name, color: 'd73a4a' };
		issue.labels = [...(issue.labels as Entry[]), label];
		this.touch(issue);
		return this.issueEvent(number, 'labeled', { label }, actor);
	}

	unlabel(number: number, name: string, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.labels = (issue.labels as Entry[]).filter((label) => label.name !== name);
		this.touch(issue);
		return this.issueEvent(number, 'unlabeled', { label: { name, color: 'd73a4a' } }, actor);
	}

	assign(number: number, login: string, actor = 'mona'): Entry {
		const issue = this.issue(number);
		const assignee = { login, id: 7, type: 'User' };
		issue.assignees = [...(issue.assignees as Entry[]), assignee];
		this.touch(issue);
		return this.issueEvent(number, 'assigned', { assignee, assigner: { login: actor } }, actor);
	}

	milestone(number: number, title: string, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.milestone = { title, number: 1 };
		this.touch(issue);
		return this.issueEvent(number, 'milestoned', { milestone: { title } }, actor);
	}

	lock(number: number, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.locked = true;
		this.touch(issue);
		return this.issueEvent(number, 'locked', { lock_reason: null }, actor);
	}

	requestReview(number: number, reviewer: string, actor = 'mona'): Entry {
		this.touch(this.issue(number));
		return this.issueEvent(number, 'review_requested', { review_requester: { login: actor }, requested_reviewer: { login: reviewer, id: 9, type: 'User' } }, actor);
	}

	convertToDraft(number: number, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.draft = true;
		this.touch(issue);
		return this.issueEvent(number, 'convert_to_draft', {}, actor);
	}

	readyForReview(number: number, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.draft = false;
		this.touch(issue);
		return this.issueEvent(number, 'ready_for_review', {}, actor);
	}

	close(number: number, actor = 'mona'): Entry {
		const issue = this.issue(number);
		issue.state = 'closed';
		issue.closed_at = this.now;
		this.touch(issue);
		return this.issueEvent(number, 'closed', {}, actor);
	}

	reopen(number: number, actor = 'mona'): Entry | undefined {
		const issue = this.issue(number);
		if (issue.state !== 'closed') return undefined;
		issue.state = 'open';
		issue.closed_at = null;
		this.touch(issue);
		return this.issueEvent(number, 'reopened', {}, actor);
	}

	/** As GitHub lists a merge: a `merged` event with the commit, then a `closed` one. */
	merge(number: number, actor = 'mona'): Entry {
		const issue = this.issue(number);
		(issue.pull_request as Entry).merged_at = this.now;
		this.issueEvent(number, 'merged', { commit_id: this.heads.get('main') }, actor);
		return this.close(number, actor);
	}

	comment(number: number, body = 'A comment'): Entry {
		const comment: Entry = {
			id: this.id(),
			body,
			user: { login: 'mona' },
			issue_url: `${this.origin}/repos/${this.owner}/${this.name}/issues/${number}`,
			created_at: this.now,
			updated_at: this.now,
		};
		this.comments.push(comment);
		// A comment bumps its issue's update time without changing what an edit concerns.
		this.touch(this.issue(number));
		return comment;
	}

	editComment(comment: Entry, body: string): void {
		comment.body = body;
		comment.updated_at = this.now;
	}

	reviewComment(number: number, body = 'On this line'): Entry {
		const comment: Entry = {
			id: this.id(),
			body,
			path: 'README.md',
			pull_request_url: `${this.origin}/repos/${this.owner}/${this.name}/pulls/${number}`,
			created_at: this.now,
			updated_at: this.now,
		};
		this.reviewComments.push(comment);
		// As a comment does its issue's, a review comment moves its pull request's update time.
		this.touch(this.issue(number));
		return comment;
	}

	discussion(title: string): Entry {
		const databaseId = this.id();
		const discussion: Entry = {
			id: `D_kwDOsim${databaseId}`,
			databaseId,
			number: this.nextNumber++,
			title,
			body: '',
			url: `https://github.com/${this.owner}/${this.name}/discussions/${this.nextNumber - 1}`,
			createdAt: this.now,
			updatedAt: this.now,
			author: { login: 'mona' },
			authorAssociation: 'OWNER',
			closed: false,
			locked: false,
			activeLockReason: null,
			answerChosenAt: null,
			answerChosenBy: null,
			answer: null,
			category: { name: 'General' },
			comments: { nodes: [] as Entry[] },
		};
		this.discussions.push(discussion);
		return discussion;
	}

	discussionComment(discussion: Entry, body = 'A reply'): Entry {
		const databaseId = this.id();
		const comment: Entry = { id: `DC_kwDOsim${databaseId}`, databaseId, body, url: `${String(discussion.url)}#c`, createdAt: this.now, updatedAt: this.now, authorAssociation: 'OWNER', author: { login: 'mona' }, replyTo: null };
		((discussion.comments as { nodes: Entry[] }).nodes).push(comment);
		discussion.updatedAt = this.now;
		return comment;
	}

	/** The repository's part of a GraphQL answer: discussions by update time, newest first, with their last comments. */
	graphqlDiscussions(first: number, lastComments: number): Entry {
		this.graphqlQueries++;
		const nodes = [...this.discussions]
			.sort((a, b) => Date.parse(String(b.updatedAt)) - Date.parse(String(a.updatedAt)))
			.slice(0, first)
			.map((discussion) => {
				const all = (discussion.comments as { nodes: Entry[] }).nodes;
				return { ...discussion, comments: { totalCount: all.length, nodes: all.slice(-lastComments) } };
			});
		return { discussions: { nodes } };
	}

	/** A submitted review (state as the REST API writes it: APPROVED, CHANGES_REQUESTED, COMMENTED). */
	review(number: number, state: string): Entry {
		const review: Entry = {
			id: this.id(),
			user: { login: 'reviewer' },
			body: '',
			state,
			pull_request_url: `${this.origin}/repos/${this.owner}/${this.name}/pulls/${number}`,
			submitted_at: this.now,
		};
		this.reviews.push(review);
		// A review changes its pull request's update time.
		this.touch(this.issue(number));
		return review;
	}

	release(tag: string, draft = false): Entry {
		const release: Entry = { id: this.id(), tag_name: tag, name: tag, draft, created_at: this.now, published_at: draft ? null : this.now };
		this.releases.push(release);
		return release;
	}

	publish(release: Entry): void {
		release.draft = false;
		release.published_at = this.now;
	}

	fork(login: string): Entry {
		const fork: Entry = { id: this.id(), full_name: `${login}/${this.name}`, owner: { login }, created_at: this.now };
		this.forks.push(fork);
		return fork;
	}

	star(login: string): Entry {
		const star: Entry = { starred_at: this.now, user: { login, id: this.id() } };
		this.stars.push(star);
		return star;
	}

	unstar(login: string): void {
		const index = this.stars.findIndex((star) => (star.user as Entry).login === login);
		if (index >= 0) this.stars.splice(index, 1);
	}

	tag(name: string): void {
		this.tags.set(name, this.heads.get('main')!);
	}

	branch(name: string, from = 'main'): void {
		this.heads.set(name, this.heads.get(from)!);
	}

	/** Commits pushed to a branch, oldest first; returns their shas. */
	push(branch: string, messages: string[]): string[] {
		const shas: string[] = [];
		let head = this.heads.get(branch)!;
		for (const message of messages) {
			head = this.commit(head, message, 'mona');
			shas.push(head);
		}
		this.heads.set(branch, head);
		return shas;
	}

	completeRun(conclusion: string, branch = 'main'): Entry {
		const run: Entry = {
			id: this.id(),
			name: 'CI',
			workflow_id: 7,
			path: '.github/workflows/ci.yml',
			head_branch: branch,
			status: 'completed',
			conclusion,
			run_attempt: 1,
			created_at: new Date(this.clock - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			updated_at: this.now,
		};
		this.runs.push(run);
		return run;
	}

	createLabel(name: string, color = 'ededed', description: string | null = null): Entry {
		const id = this.id();
		const label: Entry = { id, node_id: `LA_kwDOsim${id}`, url: `${this.origin}/repos/${this.owner}/${this.name}/labels/${encodeURIComponent(name)}`, name, color, default: false, description };
		this.labels.push(label);
		return label;
	}

	editLabel(label: Entry, change: { name?: string; color?: string; description?: string | null }): void {
		Object.assign(label, change);
	}

	deleteLabel(label: Entry): void {
		this.labels.splice(this.labels.indexOf(label), 1);
	}

	createMilestone(title: string, dueOn: string | null = null): Entry {
		const id = this.id();
		const number = this.milestones.length + 1;
		const url = `${this.origin}/repos/${this.owner}/${this.name}/milestones/${number}`;
		const milestone: Entry = {
			url,
			html_url: `https://github.com/${this.owner}/${this.name}/milestone/${number}`,
			labels_url: `${url}/labels`,
			id,
			node_id: `MI_kwDOsim${id}`,
			number,
			title,
			description: null,
			creator: { login: 'mona' },
			open_issues: 0,
			closed_issues: 0,
			state: 'open',
			created_at: this.now,
			updated_at: this.now,
			due_on: dueOn,
			closed_at: null,
		};
		this.milestones.push(milestone);
		return milestone;
	}

	closeMilestone(milestone: Entry): void {
		Object.assign(milestone, { state: 'closed', closed_at: this.now, updated_at: this.now });
	}

	reopenMilestone(milestone: Entry): void {
		Object.assign(milestone, { state: 'open', closed_at: null, updated_at: this.now });
	}

	/** PATCH /milestones/{n}: title, description or due date; GitHub moves `updated_at`. */
	editMilestone(milestone: Entry, change: { title?: string; description?: string | null; due_on?: string | null }): void {
		Object.assign(milestone, change, { updated_at: this.now });
	}

	/** GitHub's answer to a request for this repository; undefined when the path is not one of its lists. */
	answer(method: string, path: string, query: Record<string, string>, headers: Record<string, string>): SimulatedAnswer | undefined {
		const prefix = `/repos/${this.owner}/${this.name}`;
		if (method !== 'GET' || !path.startsWith(prefix)) return undefined;
		const rest = path.slice(prefix.length);
		const page = Number(query.page ?? 1);
		const perPage = Math.min(100, Number(query.per_page ?? 30));
		let list: Entry[] | undefined;
		let wrap: ((entries: Entry[]) => unknown) | undefined;
		let last = false;
		const byTime = (field: string, direction: string) => (a: Entry, b: Entry) =>
			(direction === 'asc' ? 1 : -1) * (Date.parse(String(a[field])) - Date.parse(String(b[field])) || Number(a.id) - Number(b.id));
		const sinceFilter = (entries: Entry[]) =>
			query.since ? entries.filter((entry) => Date.parse(String(entry.updated_at)) >= Date.parse(query.since)) : entries;
		switch (rest) {
			case '':
				return this.reply({ id: this.repositoryId, name: this.name, full_name: `${this.owner}/${this.name}`, owner: { login: this.owner }, default_branch: this.defaultBranch }, '', headers);
			case '/commits': {
				// Newest first from the named branch or commit.
				list = [];
				for (let sha: string | undefined = this.heads.get(query.sha ?? this.defaultBranch) ?? query.sha; sha && this.commits.has(sha); sha = this.commits.get(sha)?.parent) list.push(this.listedCommit(sha));
				break;
			}
			case '/issues':
				list = sinceFilter(this.issues.filter((issue) => query.state === 'all' || issue.state === (query.state ?? 'open'))).sort(byTime(query.sort === 'updated' ? 'updated_at' : 'created_at', query.direction ?? 'desc'));
				break;
			case '/issues/events':
				list = [...this.issueEvents]
					.sort(byTime('created_at', 'desc'))
					.map(({ issueNumber, ...event }) => ({ ...event, issue: { ...this.issue(Number(issueNumber)) } }));
				break;
			case '/issues/comments':
				list = sinceFilter(this.comments).sort(byTime(query.sort === 'updated' ? 'updated_at' : 'created_at', query.direction ?? 'asc'));
				break;
			case '/pulls':
				list = this.issues
					.filter((issue) => issue.pull_request && (query.state === 'all' || issue.state === (query.state ?? 'open')))
					.sort(byTime(query.sort === 'updated' ? 'updated_at' : 'created_at', query.direction ?? 'desc'))
					.map((issue) => this.pullRequest(issue));
				break;
			case '/pulls/comments':
				list = sinceFilter(this.reviewComments).sort(byTime(query.sort === 'updated' ? 'updated_at' : 'created_at', query.direction ?? 'asc'));
				break;
			case '/releases':
				list = [...this.releases].sort(byTime('created_at', 'desc'));
				break;
			case '/forks':
				list = [...this.forks].sort(byTime('created_at', query.sort === 'oldest' ? 'asc' : 'desc'));
				break;
			case '/stargazers':
				list = this.stars.map((star) => (headers.accept === 'application/vnd.github.star+json' ? star : star.user) as Entry);
				last = true;
				break;
			case '/labels':
				list = [...this.labels].sort((a, b) => String(a.name).localeCompare(String(b.name)));
				break;
			case '/milestones': {
				// By due date (none last), then number, as GitHub sorts them.
				const due = (milestone: Entry) => (milestone.due_on ? Date.parse(String(milestone.due_on)) : Infinity);
				list = this.milestones
					.filter((milestone) => query.state === 'all' || milestone.state === (query.state ?? 'open'))
					.sort((a, b) => (query.direction === 'desc' ? -1 : 1) * (due(a) - due(b) || Number(a.number) - Number(b.number)));
				break;
			}
			case '/actions/runs':
				list = this.runs.filter((run) => !query.status || run.status === query.status).sort(byTime('created_at', 'desc'));
				wrap = (entries) => ({ total_count: list!.length, workflow_runs: entries });
				break;
			case '/git/matching-refs/tags':
			case '/git/matching-refs/heads': {
				const namespace = rest.endsWith('tags') ? 'tags' : 'heads';
				const refs = [...(namespace === 'tags' ? this.tags : this.heads)]
					.sort(([a], [b]) => a.localeCompare(b))
					.map(([name, sha]) => ({ ref: `refs/${namespace}/${name}`, object: { sha, type: 'commit' } }));
				return this.reply(refs, '', headers);
			}
			default: {
				const single = /^\/pulls\/(\d+)$/.exec(rest);
				const pulled = single && this.issues.find((issue) => issue.pull_request && issue.number === Number(single[1]));
				if (pulled) return this.reply({ ...this.pullRequest(pulled), merged: Boolean((pulled.pull_request as Entry).merged_at), comments: 0, commits: 1 }, '', headers);
				const singleIssue = /^\/issues\/(\d+)$/.exec(rest);
				if (singleIssue) return this.reply(this.issue(Number(singleIssue[1])), '', headers);
				const reviewsOf = /^\/pulls\/(\d+)\/reviews$/.exec(rest);
				if (reviewsOf) {
					list = this.reviews.filter((review) => String(review.pull_request_url).endsWith(`/pulls/${reviewsOf[1]}`));
					break;
				}
				const commitOf = /^\/commits\/([0-9a-f]{40})$/.exec(rest);
				if (commitOf && this.commits.has(commitOf[1])) return this.reply(this.listedCommit(commitOf[1]), '', headers);
				if (commitOf) return { status: 422, body: { message: `No commit found for SHA: ${commitOf[1]}` }, headers: { date: new Date(this.clock).toUTCString() } };
				const compare = /^\/compare\/([^.]+)\.\.\.([^.]+)$/.exec(decodeURIComponent(rest));
				if (!compare) return undefined;
				// Branch names or shas; the commits of head not reachable from base, oldest first.
				const resolve = (name: string) => this.heads.get(name) ?? name;
				const reachable = new Set<string>();
				for (let sha: string | undefined = resolve(compare[1]); sha; sha = this.commits.get(sha)?.parent) reachable.add(sha);
				const all: Entry[] = [];
				for (let sha: string | undefined = resolve(compare[2]); sha && this.commits.has(sha) && !reachable.has(sha); sha = this.commits.get(sha)?.parent) all.unshift(this.listedCommit(sha));
				// Paged by per_page like GitHub's (Link to the next page).
				list = all;
				wrap = (commits) => ({ status: 'ahead', ahead_by: all.length, total_commits: all.length, commits });
				break;
			}
		}
		const slice = list.slice((page - 1) * perPage, page * perPage);
		const links: string[] = [];
		const pageUrl = (n: number) => {
			const params = new URLSearchParams({ ...query, page: String(n) });
			return `<${this.origin}${path}?${params.toString()}>`;
		};
		if (page * perPage < list.length) links.push(`${pageUrl(page + 1)}; rel="next"`);
		const lastPage = Math.max(1, Math.ceil(list.length / perPage));
		if (last && lastPage > 1) links.push(`${pageUrl(lastPage)}; rel="last"`);
		return this.reply(wrap ? wrap(slice) : slice, links.join(', '), headers);
	}

	private reply(body: unknown, link: string, headers: Record<string, string>): SimulatedAnswer {
		return conditionalAnswer(this, body, link, headers, this.pollIntervalSeconds);
	}

	/** The repository as the owner's repository list shows it (counts change with stars and issues, as GitHub's do). */
	listEntry(): Entry {
		return {
			id: this.repositoryId,
			name: this.name,
			full_name: `${this.owner}/${this.name}`,
			owner: { login: this.owner },
			private: false,
			created_at: new Date(this.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			stargazers_count: this.stars.length,
			open_issues_count: this.issues.filter((issue) => issue.state === 'open').length,
		};
	}

	private readonly repositoryId = this.id();
	private readonly createdAt = this.clock;
}

/** A 200 with a weak ETag over body and Link, or a 304 when If-None-Match names it (which costs no unit). */
function conditionalAnswer(
	counter: { clock: number; unitsUsed: number; requestsAnswered: number },
	body: unknown,
	link: string,
	headers: Record<string, string>,
	pollIntervalSeconds = 0,
): SimulatedAnswer {
	counter.requestsAnswered++;
	const etag = `W/"${createHash('sha1').update(JSON.stringify(body) + link).digest('hex')}"`;
	const common: Record<string, string> = {
		date: new Date(counter.clock).toUTCString(),
		etag,
		...(pollIntervalSeconds ? { 'x-poll-interval': String(pollIntervalSeconds) } : {}),
		...(link ? { link } : {}),
	};
	if (headers['if-none-match'] === etag) return { status: 304, headers: common };
	counter.unitsUsed++;
	return { status: 200, body, headers: { ...common, 'content-type': 'application/json; charset=utf-8' } };
}

/**
 * A user or organization whose repository list answers as GitHub's does: GET /orgs/{org}/repos
 * for an organization (404 for a user), GET /users/{user}/repos for a user, newest first by
 * default (sort=created), Link paging, ETags. `repositories` may grow or shrink between polls.
 */
export class SimulatedOwner {
	clock = Date.parse('2026-11-20T10:00:00Z');
	unitsUsed = 0;
	requestsAnswered = 0;
	/** The connected account: its repositories are listed at GET /user/repos too. */
	signedIn = false;

	constructor(
		readonly login: string,
		readonly kind: 'Organization' | 'User',
		readonly repositories: SimulatedRepository[],
		readonly origin = 'https://api.github.com',
	) {}

	answer(method: string, path: string, query: Record<string, string>, headers: Record<string, string>): SimulatedAnswer | undefined {
		const organizationPath = `/orgs/${this.login}/repos`;
		const userPath = `/users/${this.login}/repos`;
		const ownPath = this.signedIn && query.affiliation === 'owner' ? '/user/repos' : undefined;
		if (method !== 'GET' || (path !== organizationPath && path !== userPath && path !== ownPath)) return undefined;
		this.clock = Math.max(this.clock, ...this.repositories.map((repository) => repository.clock));
		if (path === organizationPath && this.kind === 'User') {
			this.requestsAnswered++;
			this.unitsUsed++;
			return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/repos/repos#list-organization-repositories' }, headers: { date: new Date(this.clock).toUTCString() } };
		}
		const page = Number(query.page ?? 1);
		const perPage = Math.min(100, Number(query.per_page ?? 30));
		const ascending = (query.direction ?? (query.sort === 'full_name' ? 'asc' : 'desc')) === 'asc';
		// Creation order is the order in the array (a repository added later is newer).
		const list = [...this.repositories].map((repository) => repository.listEntry());
		if (query.sort === 'full_name') list.sort((a, b) => String(a.full_name).localeCompare(String(b.full_name)));
		if (!ascending) list.reverse();
		const slice = list.slice((page - 1) * perPage, page * perPage);
		const next = page * perPage < list.length ? `<${this.origin}${path}?${new URLSearchParams({ ...query, page: String(page + 1) }).toString()}>; rel="next"` : '';
		return conditionalAnswer(this, slice, next, headers);
	}
}

export interface SimulatedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	status: number;
}

/**
 * The Poll Trigger's discussions query (one `repository(owner:, name:)` per variable pair) answered
 * from the repositories, with the points GitHub would charge for it.
 */
export function answerDiscussionsQuery(repositories: SimulatedRepository[], body: unknown): { cost: number; body: { data: Record<string, unknown> } } {
	const { query: document, variables } = body as { query: string; variables: Record<string, string> };
	const first = Number(/discussions\(first: (\d+)/.exec(document)?.[1] ?? 10);
	const last = Number(/comments\(last: (\d+)/.exec(document)?.[1] ?? 10);
	const asked = Object.keys(variables).filter((name) => name.startsWith('owner'));
	// GitHub's rule: one request per connection page the query may need (every repository's
	// discussions, every discussion's comments), divided by 100 and rounded, at least 1.
	const cost = Math.max(1, Math.round((asked.length + asked.length * first) / 100));
	const data: Record<string, unknown> = { rateLimit: { cost } };
	for (const key of asked) {
		const index = key.slice('owner'.length);
		const repository = repositories.find((candidate) => candidate.owner === variables[key] && candidate.name === variables[`name${index}`]);
		data[`r${index}`] = repository ? repository.graphqlDiscussions(first, last) : null;
	}
	return { cost, body: { data } };
}

type SimulatedReply = [status: number, body: unknown, headers?: Record<string, string>];

/**
 * What a test makes GitHub do instead of answering one request: another status, no answer (a
 * timeout), or the usual answer with some headers replaced (`answeredWith`).
 */
export type SimulatedFault = { status: number; body?: unknown; headers?: Record<string, string> } | { error: string } | { answeredWith: Record<string, string> };

export interface SimulatedService {
	/** Asked before each request is answered; a fault it returns replaces the answer. */
	intercept?: (request: Omit<SimulatedRequest, 'status'>) => SimulatedFault | undefined;
	/**
	 * GitHub's core rate limit as GitHub counts it: every REST answer but a 304 takes a unit, every
	 * answer carries the X-RateLimit headers, and with none left a request is refused (403) until the
	 * reset (ms, on the local clock the test mocks), when the budget is full again for an hour.
	 */
	rateLimit?: { limit: number; remaining: number; resetAt: number };
}

/** GitHub's refusal once the core rate limit is used up, as GitHub words it. */
export function rateLimitRefusal(resetAt: number): SimulatedFault {
	return {
		status: 403,
		body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting' },
		headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '5000', 'x-ratelimit-reset': String(Math.floor(resetAt / 1000)), 'x-ratelimit-resource': 'core' },
	};
}

function rateLimitHeaders(rateLimit: NonNullable<SimulatedService['rateLimit']>): Record<string, string> {
	return {
		'x-ratelimit-limit': String(rateLimit.limit),
		'x-ratelimit-remaining': String(rateLimit.remaining),
		'x-ratelimit-used': String(rateLimit.limit - rateLimit.remaining),
		'x-ratelimit-reset': String(Math.floor(rateLimit.resetAt / 1000)),
		'x-ratelimit-resource': 'core',
	};
}

/** The answer, or a fault: the service's intercept first, then its rate limit. */
function answerWithFaults(
	served: Parameters<typeof answerSimulated>[0],
	method: 'GET' | 'POST',
	url: URL,
	headers: Record<string, string>,
	body: unknown,
): SimulatedReply | { error: string } {
	const { intercept, rateLimit } = served.service;
	const query: Record<string, string> = {};
	url.searchParams.forEach((value, key) => (query[key] = value));
	const fault = intercept?.({ method, path: url.pathname, query, headers });
	if (rateLimit && Date.now() >= rateLimit.resetAt) {
		rateLimit.remaining = rateLimit.limit;
		rateLimit.resetAt = Date.now() + 3_600_000;
	}
	const rest = method === 'GET';
	if (fault && 'answeredWith' in fault) {
		const [status, answerBody, answerHeaders] = answerSimulated(served, method, url, headers, body);
		return [status, answerBody, { ...answerHeaders, ...fault.answeredWith }];
	}
	const refused = (!fault && rest && rateLimit && rateLimit.remaining <= 0 ? rateLimitRefusal(rateLimit.resetAt) : fault) as Exclude<SimulatedFault, { answeredWith: unknown }> | undefined;
	if (refused) {
		served.recorded.push({ method, path: url.pathname, query, headers, status: 'error' in refused ? 0 : refused.status });
		return 'error' in refused ? refused : [refused.status, refused.body ?? '', refused.headers];
	}
	const reply = answerSimulated(served, method, url, headers, body);
	if (!rest || !rateLimit) return reply;
	if (reply[0] !== 304) rateLimit.remaining = Math.max(0, rateLimit.remaining - 1);
	return [reply[0], reply[1], { ...reply[2], ...rateLimitHeaders(rateLimit) }];
}

/** One request to the simulated GitHub: the answer, with the request recorded and the status it got. */
function answerSimulated(
	served: { repositories: SimulatedRepository[]; owners: SimulatedOwner[]; accountLogin: string; recorded: SimulatedRequest[]; graphqlPoints: number; service: SimulatedService },
	method: 'GET' | 'POST',
	url: URL,
	headers: Record<string, string>,
	body: unknown,
): SimulatedReply {
	const { repositories, owners, recorded } = served;
	const query: Record<string, string> = {};
	url.searchParams.forEach((value, key) => (query[key] = value));
	const record = (status: number) => recorded.push({ method, path: url.pathname, query, headers, status });
	if (method === 'POST') {
		if (url.pathname !== '/graphql') {
			record(599);
			return [599, { message: `not simulated: POST ${url.pathname}` }];
		}
		record(200);
		const answered = answerDiscussionsQuery([...repositories, ...owners.flatMap((owner) => owner.repositories)], body);
		served.graphqlPoints += answered.cost;
		return [200, answered.body];
	}
	if (url.pathname === '/user') {
		record(200);
		return [200, { login: served.accountLogin, id: 1 }];
	}
	// Repositories added to an owner between polls are served too.
	for (const repository of [...owners, ...repositories, ...owners.flatMap((owner) => owner.repositories.filter((added) => !repositories.includes(added)))]) {
		const answer = repository.answer('GET', url.pathname, query, headers);
		if (!answer) continue;
		record(answer.status);
		return [answer.status, answer.body === undefined ? '' : JSON.stringify(answer.body), answer.headers];
	}
	record(599);
	return [599, { message: `not simulated: ${url.pathname}` }];
}

function lowerCased(headers: Record<string, string | string[] | undefined>): Record<string, string> {
	const lower: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = String(value);
	return lower;
}

/**
 * Serves the repositories on api.github.com (nock, no network) and records every request with the
 * status it was answered with (0: no answer); a path no repository serves is answered 599.
 */
export function serveSimulatedRepositories(
	repositories: SimulatedRepository[],
	origin = 'https://api.github.com',
	owners: SimulatedOwner[] = [],
	accountLogin = 'mona',
	service: SimulatedService = {},
): SimulatedRequest[] {
	const served = { repositories, owners, accountLogin, recorded: [] as SimulatedRequest[], graphqlPoints: 0, service };
	const reply = (result: SimulatedReply | { error: string }, callback: (error: NodeJS.ErrnoException | null, result: nock.ReplyFnResult) => void) => {
		if (!Array.isArray(result)) {
			callback(Object.assign(new Error(result.error), { code: result.error }), [0, '']);
			return;
		}
		const [status, body, headers] = result;
		callback(null, [status, typeof body === 'string' ? body : JSON.stringify(body), headers ?? {}]);
	};
	nock(origin)
		.persist()
		.get(() => true)
		.reply(function (uri, _body, callback) {
			reply(answerWithFaults(served, 'GET', new URL(uri, origin), lowerCased(this.req.headers), undefined), callback);
		})
		.post('/graphql')
		.reply(function (uri, body, callback) {
			reply(answerWithFaults(served, 'POST', new URL(uri, origin), lowerCased(this.req.headers), body), callback);
		});
	return served.recorded;
}

/**
 * The same simulated GitHub on a loopback HTTP server, for long runs: nock keeps every intercepted
 * request's parser alive (tens of KiB each), which a run of hundreds of thousands of requests cannot
 * afford. The repositories must be created with the server's origin (`origin` below) for their Link headers.
 */
export class LoopbackSimulatedGitHub {
	private server?: Server;
	origin = '';
	readonly recorded: SimulatedRequest[] = [];
	private served?: Parameters<typeof answerSimulated>[0];

	async start(): Promise<string> {
		this.server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				const method = request.method === 'POST' ? 'POST' : 'GET';
				const text = Buffer.concat(chunks).toString('utf8');
				const [status, body, headers] = this.served
					? answerSimulated(this.served, method, new URL(request.url ?? '/', this.origin), lowerCased(request.headers), text ? JSON.parse(text) : undefined)
					: [599, { message: 'nothing served yet' }];
				const payload = body === undefined || body === '' ? '' : typeof body === 'string' ? body : JSON.stringify(body);
				response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
				response.end(status === 304 ? undefined : payload);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this.origin;
	}

	/** What is served from now on (a new run starts with an empty record). */
	serve(repositories: SimulatedRepository[], owners: SimulatedOwner[] = [], accountLogin = 'mona'): SimulatedRequest[] {
		this.recorded.length = 0;
		this.served = { repositories, owners, accountLogin, recorded: this.recorded, graphqlPoints: 0, service: {} };
		return this.recorded;
	}

	/** GraphQL points charged since `serve`, by GitHub's rule for the queries received. */
	get graphqlPoints(): number {
		return this.served?.graphqlPoints ?? 0;
	}

	async stop(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
		this.server = undefined;
	}
}
