import type { IDataObject } from 'n8n-workflow';

import type { GraphqlDocument, GraphqlOperation, GraphqlSelection, GraphqlValue } from './graphqlDocument';
import { depthBoundError, GRAPHQL_DEPTH_BOUND, GraphqlBoundError, parseGraphqlDocument } from './graphqlDocument';
import type { RepositoryList } from './repositories';
import { allowedRepositoriesText, repositoryRefusal } from './repositories';
import { ListRefusal, UnreadableBody } from '../../shared/scope';

/**
 * Which GraphQL queries a repository scope lets through. GitHub's graph is connected - an issue's
 * author has repositories, a repository has forks and an owner, `node(id:)` reaches anything by
 * an opaque id - so what is checked is what a query may select, not what it may not: every field
 * must be in the part of GitHub's schema below, type by type, starting at `repository(owner:,
 * name:)` with an owner and name (literal, or a variable's value) that the scope allows. From
 * there, fields lead only to objects of that same repository (its issues, pull requests, labels,
 * releases, commits, discussions, …) and to the scalars of people (login, name, URL). Links that
 * can leave the repository (forks, parent, owner's repositories, a pull request's head
 * repository, cross references, sub-issues, projects, teams) are not in it. Mutations change
 * objects named by opaque ids, so none passes. Every operation of the document is checked,
 * whichever one `operationName` picks.
 */

interface SafeType {
	/** Fields answered with a scalar or an enum value: no selection. */
	leaves: string[];
	/** Fields answered with an object, and its type here. */
	objects?: Record<string, string>;
	/** For interfaces and unions: the types `... on T` may name. */
	possible?: string[];
}

const ACTOR_LEAVES = ['login', 'avatarUrl', 'url', 'resourcePath'];
const COMMENT_LEAVES = [
	'id', 'databaseId', 'body', 'bodyText', 'bodyHTML', 'createdAt', 'updatedAt', 'publishedAt', 'lastEditedAt',
	'authorAssociation', 'createdViaEmail', 'includesCreatedEdit', 'url', 'resourcePath', 'viewerDidAuthor', 'viewerCanUpdate',
];
const GIT_OBJECT_LEAVES = ['id', 'oid', 'abbreviatedOid', 'commitUrl', 'commitResourcePath'];
const GIT_OBJECTS = ['Commit', 'Tree', 'Blob', 'Tag'];
const ACTORS = ['User', 'Bot', 'Organization', 'Mannequin', 'EnterpriseUserAccount'];

/** Connections (nodes, edges, pageInfo, totalCount) and their node types; edges are named as GitHub names them. */
const CONNECTIONS: Array<[connection: string, node: string, edge?: string]> = [
	['IssueConnection', 'Issue'],
	['PullRequestConnection', 'PullRequest'],
	['LabelConnection', 'Label'],
	['MilestoneConnection', 'Milestone'],
	['ReleaseConnection', 'Release'],
	['ReleaseAssetConnection', 'ReleaseAsset'],
	['RefConnection', 'Ref'],
	['UserConnection', 'User'],
	['IssueCommentConnection', 'IssueComment'],
	['PullRequestReviewConnection', 'PullRequestReview'],
	['PullRequestReviewCommentConnection', 'PullRequestReviewComment'],
	['PullRequestCommitConnection', 'PullRequestCommit'],
	['PullRequestChangedFileConnection', 'PullRequestChangedFile'],
	['CommitHistoryConnection', 'Commit', 'CommitEdge'],
	['CommitConnection', 'Commit', 'CommitEdge'],
	['DiscussionConnection', 'Discussion'],
	['DiscussionCommentConnection', 'DiscussionComment'],
	['DiscussionCategoryConnection', 'DiscussionCategory'],
	['LanguageConnection', 'Language'],
	['RepositoryTopicConnection', 'RepositoryTopic'],
];

/** The part of GitHub's GraphQL schema a repository-scoped query may use (names as GitHub's schema has them). */
export const SCOPED_GRAPHQL_SCHEMA: Record<string, SafeType> = {
	Query: {
		leaves: [],
		objects: { repository: 'Repository', rateLimit: 'RateLimit', viewer: 'User' },
	},
	RateLimit: { leaves: ['cost', 'limit', 'nodeCount', 'remaining', 'resetAt', 'used'] },
	PageInfo: { leaves: ['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'] },
	Repository: {
		leaves: [
			'id', 'databaseId', 'name', 'nameWithOwner', 'description', 'descriptionHTML', 'shortDescriptionHTML', 'url', 'sshUrl',
			'homepageUrl', 'resourcePath', 'openGraphImageUrl', 'createdAt', 'updatedAt', 'pushedAt', 'archivedAt', 'visibility',
			'isPrivate', 'isArchived', 'isDisabled', 'isEmpty', 'isFork', 'isLocked', 'isMirror', 'isTemplate', 'isInOrganization',
			'lockReason', 'mirrorUrl', 'diskUsage', 'forkCount', 'stargazerCount', 'hasIssuesEnabled', 'hasWikiEnabled',
			'hasDiscussionsEnabled', 'hasProjectsEnabled', 'forkingAllowed', 'mergeCommitAllowed', 'squashMergeAllowed',
			'rebaseMergeAllowed', 'autoMergeAllowed', 'deleteBranchOnMerge', 'securityPolicyUrl', 'viewerPermission',
			'viewerHasStarred', 'viewerSubscription', 'viewerCanAdminister',
		],
		objects: {
			owner: 'RepositoryOwner',
			issue: 'Issue',
			issues: 'IssueConnection',
			pullRequest: 'PullRequest',
			pullRequests: 'PullRequestConnection',
			issueOrPullRequest: 'IssueOrPullRequest',
			label: 'Label',
			labels: 'LabelConnection',
			milestone: 'Milestone',
			milestones: 'MilestoneConnection',
			release: 'Release',
			releases: 'ReleaseConnection',
			latestRelease: 'Release',
			ref: 'Ref',
			refs: 'RefConnection',
			defaultBranchRef: 'Ref',
			object: 'GitObject',
			discussion: 'Discussion',
			discussions: 'DiscussionConnection',
			discussionCategories: 'DiscussionCategoryConnection',
			primaryLanguage: 'Language',
			languages: 'LanguageConnection',
			repositoryTopics: 'RepositoryTopicConnection',
			licenseInfo: 'License',
			assignableUsers: 'UserConnection',
			mentionableUsers: 'UserConnection',
		},
	},
	RepositoryOwner: { leaves: ['id', ...ACTOR_LEAVES], possible: ['User', 'Organization'] },
	Actor: { leaves: ACTOR_LEAVES, possible: ACTORS },
	User: { leaves: ['id', 'databaseId', ...ACTOR_LEAVES, 'name', 'email', 'company', 'location', 'bio', 'createdAt', 'twitterUsername', 'websiteUrl'] },
	Bot: { leaves: ['id', 'databaseId', ...ACTOR_LEAVES, 'createdAt'] },
	Organization: { leaves: ['id', 'databaseId', ...ACTOR_LEAVES, 'name', 'description', 'email', 'location', 'createdAt', 'websiteUrl'] },
	Mannequin: { leaves: ['id', 'databaseId', ...ACTOR_LEAVES, 'createdAt'] },
	EnterpriseUserAccount: { leaves: ['id', ...ACTOR_LEAVES, 'name', 'createdAt'] },
	IssueOrPullRequest: { leaves: [], possible: ['Issue', 'PullRequest'] },
	Issue: {
		leaves: [
			...COMMENT_LEAVES, 'number', 'title', 'titleHTML', 'state', 'stateReason', 'closed', 'closedAt', 'locked',
			'activeLockReason', 'isPinned',
		],
		objects: {
			author: 'Actor',
			editor: 'Actor',
			assignees: 'UserConnection',
			participants: 'UserConnection',
			labels: 'LabelConnection',
			milestone: 'Milestone',
			comments: 'IssueCommentConnection',
		},
	},
	PullRequest: {
		leaves: [
			...COMMENT_LEAVES, 'number', 'title', 'titleHTML', 'state', 'closed', 'closedAt', 'locked', 'activeLockReason', 'isDraft',
			'merged', 'mergedAt', 'mergeable', 'mergeStateStatus', 'reviewDecision', 'baseRefName', 'baseRefOid', 'headRefName',
			'headRefOid', 'isCrossRepository', 'additions', 'deletions', 'changedFiles', 'permalink', 'totalCommentsCount',
			'maintainerCanModify',
		],
		objects: {
			author: 'Actor',
			editor: 'Actor',
			mergedBy: 'Actor',
			assignees: 'UserConnection',
			participants: 'UserConnection',
			labels: 'LabelConnection',
			milestone: 'Milestone',
			comments: 'IssueCommentConnection',
			reviews: 'PullRequestReviewConnection',
			latestReviews: 'PullRequestReviewConnection',
			commits: 'PullRequestCommitConnection',
			files: 'PullRequestChangedFileConnection',
			baseRef: 'Ref',
			mergeCommit: 'Commit',
		},
	},
	IssueComment: { leaves: [...COMMENT_LEAVES, 'isMinimized', 'minimizedReason'], objects: { author: 'Actor', editor: 'Actor' } },
	PullRequestReview: {
		leaves: [...COMMENT_LEAVES, 'state', 'submittedAt', 'isMinimized'],
		objects: { author: 'Actor', editor: 'Actor', comments: 'PullRequestReviewCommentConnection' },
	},
	PullRequestReviewComment: {
		leaves: [...COMMENT_LEAVES, 'path', 'line', 'startLine', 'originalLine', 'position', 'originalPosition', 'diffHunk', 'outdated', 'state', 'isMinimized'],
		objects: { author: 'Actor', editor: 'Actor' },
	},
	PullRequestCommit: { leaves: ['id', 'url', 'resourcePath'], objects: { commit: 'Commit' } },
	PullRequestChangedFile: { leaves: ['path', 'additions', 'deletions', 'changeType'] },
	Label: {
		leaves: ['id', 'name', 'color', 'description', 'isDefault', 'createdAt', 'updatedAt', 'url', 'resourcePath'],
		objects: { issues: 'IssueConnection', pullRequests: 'PullRequestConnection' },
	},
	Milestone: {
		leaves: ['id', 'number', 'title', 'description', 'state', 'dueOn', 'closed', 'closedAt', 'createdAt', 'updatedAt', 'progressPercentage', 'url', 'resourcePath'],
		objects: { creator: 'Actor', issues: 'IssueConnection', pullRequests: 'PullRequestConnection' },
	},
	Release: {
		leaves: [
			'id', 'databaseId', 'name', 'tagName', 'description', 'descriptionHTML', 'shortDescriptionHTML', 'isDraft', 'isPrerelease',
			'isLatest', 'createdAt', 'publishedAt', 'updatedAt', 'url', 'resourcePath',
		],
		objects: { author: 'User', tagCommit: 'Commit', releaseAssets: 'ReleaseAssetConnection' },
	},
	ReleaseAsset: {
		leaves: ['id', 'name', 'contentType', 'size', 'downloadCount', 'downloadUrl', 'createdAt', 'updatedAt', 'url'],
		objects: { uploadedBy: 'User' },
	},
	Ref: { leaves: ['id', 'name', 'prefix'], objects: { target: 'GitObject' } },
	GitObject: { leaves: GIT_OBJECT_LEAVES, possible: GIT_OBJECTS },
	Commit: {
		leaves: [
			...GIT_OBJECT_LEAVES, 'message', 'messageHeadline', 'messageBody', 'messageHeadlineHTML', 'messageBodyHTML', 'committedDate',
			'authoredDate', 'authoredByCommitter', 'committedViaWeb', 'additions', 'deletions', 'changedFilesIfAvailable', 'url',
			'resourcePath', 'tarballUrl', 'zipballUrl', 'treeUrl',
		],
		objects: {
			author: 'GitActor',
			committer: 'GitActor',
			history: 'CommitHistoryConnection',
			parents: 'CommitConnection',
			tree: 'Tree',
			file: 'TreeEntry',
			status: 'Status',
			statusCheckRollup: 'StatusCheckRollup',
			blame: 'Blame',
		},
	},
	// A blame range names commits of the same repository only.
	Blame: { leaves: [], objects: { ranges: 'BlameRange' } },
	BlameRange: { leaves: ['startingLine', 'endingLine', 'age'], objects: { commit: 'Commit' } },
	GitActor: { leaves: ['name', 'email', 'date', 'avatarUrl'], objects: { user: 'User' } },
	Tree: { leaves: GIT_OBJECT_LEAVES, objects: { entries: 'TreeEntry' } },
	TreeEntry: {
		leaves: ['name', 'path', 'type', 'mode', 'oid', 'size', 'extension', 'isGenerated', 'lineCount'],
		objects: { object: 'GitObject', language: 'Language' },
	},
	Blob: { leaves: [...GIT_OBJECT_LEAVES, 'text', 'byteSize', 'isBinary', 'isTruncated'] },
	Tag: { leaves: [...GIT_OBJECT_LEAVES, 'name', 'message'], objects: { tagger: 'GitActor', target: 'GitObject' } },
	Status: { leaves: ['id', 'state'], objects: { contexts: 'StatusContext' } },
	StatusContext: { leaves: ['id', 'context', 'state', 'description', 'targetUrl', 'avatarUrl', 'createdAt', 'isRequired'] },
	StatusCheckRollup: { leaves: ['id', 'state'] },
	Discussion: {
		leaves: [
			...COMMENT_LEAVES, 'number', 'title', 'closed', 'closedAt', 'stateReason', 'isAnswered', 'answerChosenAt', 'upvoteCount',
			'locked', 'activeLockReason',
		],
		objects: {
			author: 'Actor',
			editor: 'Actor',
			answerChosenBy: 'Actor',
			category: 'DiscussionCategory',
			answer: 'DiscussionComment',
			comments: 'DiscussionCommentConnection',
			labels: 'LabelConnection',
		},
	},
	DiscussionComment: {
		leaves: [...COMMENT_LEAVES, 'isAnswer', 'upvoteCount', 'deletedAt', 'isMinimized', 'minimizedReason'],
		objects: { author: 'Actor', editor: 'Actor', replies: 'DiscussionCommentConnection', replyTo: 'DiscussionComment' },
	},
	DiscussionCategory: { leaves: ['id', 'name', 'slug', 'emoji', 'emojiHTML', 'description', 'isAnswerable', 'createdAt', 'updatedAt'] },
	Language: { leaves: ['id', 'name', 'color'] },
	LanguageEdge: { leaves: ['cursor', 'size'], objects: { node: 'Language' } },
	RepositoryTopic: { leaves: ['id', 'url', 'resourcePath'], objects: { topic: 'Topic' } },
	Topic: { leaves: ['id', 'name'] },
	License: { leaves: ['id', 'key', 'name', 'spdxId', 'nickname', 'url', 'description', 'body'] },
};

for (const [name, node, edge] of CONNECTIONS) {
	const edgeName = edge ?? `${node}Edge`;
	SCOPED_GRAPHQL_SCHEMA[name] = {
		leaves: name === 'LanguageConnection' ? ['totalCount', 'totalSize'] : ['totalCount'],
		objects: { nodes: node, edges: edgeName, pageInfo: 'PageInfo' },
	};
	SCOPED_GRAPHQL_SCHEMA[edgeName] ??= { leaves: ['cursor'], objects: { node } };
}

/** Introspection is about the schema, not about data. */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/** The GraphQL request of an API call: query, variables and the operation to run. */
interface GraphqlRequestBody {
	query?: unknown;
	variables?: unknown;
	operationName?: unknown;
}

function refusal(problem: string, list: RepositoryList): ListRefusal {
	return new ListRefusal(
		`Refused: the GraphQL query ${problem}, so it could reach repositories outside ${list.source}. ${allowedRepositoriesText(list)}`,
		'Start the query at repository(owner: "OWNER", name: "NAME") for an allowed repository and select its issues, pull requests, labels, releases, commits, discussions and the like (not forks, parents, owners\' repositories, node(id:) or search), or use a credential without repository scope.',
	);
}

/** The longest query (in characters) the check reads. */
export const GRAPHQL_SIZE_BOUND = 100_000;

/**
 * The most selections the check visits for one document. With fragments checked once, a
 * document visits as many as it holds (a selection takes at least 3 characters, so at most a
 * third of GRAPHQL_SIZE_BOUND); only operations spreading the same fragments with variables
 * visit those fragments again, each.
 */
export const GRAPHQL_WORK_BOUND = 100_000;

function boundRefusal(problem: string, list: RepositoryList): ListRefusal {
	return new ListRefusal(
		`Refused: the GraphQL query ${problem}, so it was not checked against ${list.source}. ${allowedRepositoriesText(list)}`,
		'Send a smaller query: fewer operations, fewer or shallower fragments, or split it into several requests.',
	);
}

/** Work done by one check, counted for tests (selections visited, fragments checked). */
export interface GraphqlCheckWork {
	selections: number;
	fragmentChecks: number;
}

/** Refuses a GraphQL request that could reach outside `list` (see the comment at the top). */
export function assertGraphqlConfined(body: unknown, list: RepositoryList, work: GraphqlCheckWork = { selections: 0, fragmentChecks: 0 }): void {
	if (body instanceof UnreadableBody) throw refusal(`is not in a JSON body (the body is ${body.what})`, list);
	const request = (body ?? {}) as GraphqlRequestBody;
	if (typeof request.query !== 'string') throw refusal('is missing ("query" must be text)', list);
	if (request.query.length > GRAPHQL_SIZE_BOUND) {
		throw boundRefusal(`is ${request.query.length} characters long, over the size bound of the check (${GRAPHQL_SIZE_BOUND} characters)`, list);
	}
	let document: GraphqlDocument;
	try {
		document = parseGraphqlDocument(request.query);
	} catch (error) {
		if (error instanceof GraphqlBoundError) throw boundRefusal(error.message, list);
		throw refusal(`cannot be read exactly (${(error as Error).message})`, list);
	}
	const variables = request.variables ?? {};
	if (typeof variables !== 'object' || Array.isArray(variables)) throw refusal('has variables that are not a JSON object', list);
	const check = new SelectionCheck(document, variables as IDataObject, list, work);
	for (const operation of document.operations) {
		if (operation.type !== 'query') {
			throw refusal(`holds a ${operation.type}, which names what it changes by opaque IDs`, list);
		}
		check.operation(operation);
	}
}

/** Leaves of each type as a set (looked up for every selection). */
const LEAVES = new Map(Object.entries(SCOPED_GRAPHQL_SCHEMA).map(([name, type]) => [name, new Set(type.leaves)]));

/**
 * Checks every operation of a document. A fragment's verdict depends only on its selections and
 * type condition (the type it is checked as), and, through repository(owner:, name:), on the
 * variables of the operation: so each fragment is checked once per document, or once per
 * operation when its check read a variable. What is remembered is how many levels it nests,
 * which the depth bound adds where it is spread. Checking is thus linear in the document's size.
 */
class SelectionCheck {
	/** Levels below its spread of each fragment checked without reading a variable. */
	private readonly everywhere = new Map<string, number>();
	/** The same for fragments whose check read one of this operation's variables. */
	private inOperation = new Map<string, number>();
	/** Fragments being checked, so a cycle is refused rather than followed forever. */
	private readonly expanding = new Set<string>();
	/** Variable values read so far (a fragment whose check read none is the same for every operation). */
	private variableReads = 0;
	private current!: { operation: GraphqlOperation; declared: Map<string, GraphqlOperation['variables'][number]> };

	constructor(
		private readonly document: GraphqlDocument,
		private readonly variables: IDataObject,
		private readonly list: RepositoryList,
		private readonly work: GraphqlCheckWork,
	) {}

	operation(operation: GraphqlOperation): void {
		this.current = { operation, declared: new Map(operation.variables.map((variable) => [variable.name, variable])) };
		this.inOperation = new Map();
		this.check(operation.selections, 'Query', 'the query', 1);
	}

	/** Checks a selection set at `depth` (1: the operation's own) and returns the deepest level reached. */
	private check(selections: GraphqlSelection[], typeName: string, where: string, depth: number): number {
		if (depth > GRAPHQL_DEPTH_BOUND) throw boundRefusal(depthBoundError().message, this.list);
		const type = SCOPED_GRAPHQL_SCHEMA[typeName];
		const leaves = LEAVES.get(typeName)!;
		let deepest = depth;
		for (const selection of selections) {
			if (++this.work.selections > GRAPHQL_WORK_BOUND) {
				throw boundRefusal(`takes more than ${GRAPHQL_WORK_BOUND} selection checks (the work bound of the check; many operations spread the same fragments)`, this.list);
			}
			if (selection.kind === 'spread') {
				deepest = Math.max(deepest, depth + this.fragmentLevels(selection.name, typeName, where, depth));
				continue;
			}
			if (selection.kind === 'inline') {
				const conditioned = selection.typeCondition ? this.conditionType(selection.typeCondition, typeName, where) : typeName;
				deepest = Math.max(deepest, this.check(selection.selections, conditioned, where, depth + 1));
				continue;
			}
			const { name } = selection;
			if (name === '__typename') {
				if (selection.selections) throw refusal('selects fields of __typename', this.list);
				continue;
			}
			if (typeName === 'Query' && INTROSPECTION_ROOTS.has(name)) continue;
			if (leaves.has(name)) {
				if (selection.selections) throw refusal(`selects fields of ${typeName}.${name}, which has none here`, this.list);
				continue;
			}
			const next = type.objects?.[name];
			if (!next) {
				throw refusal(
					typeName === 'Query'
						? `starts at "${name}" (only repository, viewer, rateLimit and introspection can be checked)`
						: `selects ${typeName}.${name} in ${where}, which is not among the fields that stay inside one repository`,
					this.list,
				);
			}
			if (typeName === 'Query' && name === 'repository') this.assertAllowedRepository(selection.arguments);
			if (selection.selections) deepest = Math.max(deepest, this.check(selection.selections, next, `${typeName}.${name}`, depth + 1));
		}
		return deepest;
	}

	/** Checks a fragment spread in `typeName` at `depth` (once, see the class) and returns the levels it adds. */
	private fragmentLevels(name: string, typeName: string, where: string, depth: number): number {
		const fragment = this.document.fragments.get(name);
		if (!fragment) throw refusal(`uses the fragment "${name}", which it does not define`, this.list);
		// Where it is spread is checked at every spread; its selections are checked as its type condition.
		const conditioned = this.conditionType(fragment.typeCondition, typeName, where);
		let levels = this.everywhere.get(name);
		if (levels === undefined) {
			levels = this.inOperation.get(name);
			// Reusing a check that read variables makes the enclosing fragment's check depend on them too.
			if (levels !== undefined) this.variableReads++;
		}
		if (levels === undefined) {
			if (this.expanding.has(name)) throw refusal(`spreads the fragment "${name}" inside itself`, this.list);
			this.expanding.add(name);
			this.work.fragmentChecks++;
			const readsBefore = this.variableReads;
			levels = this.check(fragment.selections, conditioned, `the fragment "${name}"`, depth + 1) - depth;
			this.expanding.delete(name);
			(this.variableReads === readsBefore ? this.everywhere : this.inOperation).set(name, levels);
		}
		if (depth + levels > GRAPHQL_DEPTH_BOUND) throw boundRefusal(depthBoundError().message, this.list);
		return levels;
	}

	/** The type a fragment's condition selects: the type itself, or one its interface or union may be. */
	private conditionType(condition: string, typeName: string, where: string): string {
		if (condition === typeName) return condition;
		if (SCOPED_GRAPHQL_SCHEMA[typeName].possible?.includes(condition) && SCOPED_GRAPHQL_SCHEMA[condition]) return condition;
		throw refusal(`narrows ${typeName} to "${condition}" in ${where}, which is not a type checked here`, this.list);
	}

	private assertAllowedRepository(args: Array<{ name: string; value: GraphqlValue }>): void {
		const named = (argument: 'owner' | 'name'): string => {
			const given = args.filter((entry) => entry.name === argument);
			if (given.length !== 1) throw refusal(`gives repository(…) ${given.length ? 'more than one' : 'no'} "${argument}"`, this.list);
			const value = this.resolved(given[0].value);
			if (typeof value !== 'string' || value === '') {
				throw refusal(`gives repository(…) an "${argument}" that is not one plain string (or a variable holding one)`, this.list);
			}
			return value;
		};
		const owner = named('owner');
		const repo = named('name');
		if (!this.list.allows(owner, repo)) throw repositoryRefusal(owner, repo, this.list);
	}

	/** A literal string, or the value a variable has in this operation: given in "Variables", else its default. */
	private resolved(value: GraphqlValue): unknown {
		if (value.kind === 'string') return value.value;
		if (value.kind !== 'variable') return undefined;
		this.variableReads++;
		const declared = this.current.declared.get(value.name);
		if (!declared) return undefined;
		if (Object.prototype.hasOwnProperty.call(this.variables, value.name)) return this.variables[value.name];
		return declared.defaultValue?.kind === 'string' ? declared.defaultValue.value : undefined;
	}
}
