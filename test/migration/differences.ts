/**
 * What the converted node sends or outputs on purpose differently from n8n's node, per operation:
 * each entry turns n8n's outcome into the one expected here. Every entry matches a `difference`
 * of the mapping row (shown in docs/migrating.md), and the suite checks the two lists agree.
 */
import type { IDataObject } from 'n8n-workflow';

export interface Outcome {
	requests: Array<{ method: string; path: string; query: Record<string, unknown>; body: unknown }>;
	items: IDataObject[];
	binary: Array<Record<string, { data: string; fileName?: string }>>;
	error?: string;
}

export interface Difference {
	/** Checks n8n's own outcome when it is not a success (n8n's bug). */
	theirs?: (outcome: Outcome) => void;
	/** The outcome expected from the converted node, from n8n's. */
	expect?: (theirs: Outcome) => Outcome;
	/** For operations not run here: checks the converted parameters instead; returns true when they hold. */
	notRun?: (parameters: IDataObject, theirs: Outcome) => boolean;
}

const SHA = '3d21ec53a331a6f037a91c368710b99387d012c1';
const CARD = '5f2b8c1e9d3a4b0012a1d100';

/** n8n's requests with one request changed. */
function changeRequest(theirs: Outcome, index: number, change: (request: Outcome['requests'][number]) => Outcome['requests'][number]): Outcome {
	return { ...theirs, requests: theirs.requests.map((request, i) => (i === index ? change({ ...request }) : request)) };
}
const withItems = (theirs: Outcome, items: IDataObject[]): Outcome => ({ ...theirs, items });
const firstQuery = (theirs: Outcome) => theirs.requests[0].query;

/** A Trello delete: n8n outputs Trello's `{_value: null}`, this node says what was deleted. */
const trelloDeleted = (item: IDataObject): Difference => ({ expect: (theirs) => withItems(theirs, [item]) });

export const DIFFERENCES: Record<string, Difference> = {
	// ----- GitHub
	'github:file.create': {
		expect: (theirs) => {
			const put = theirs.requests[0];
			const branch = (put.body as IDataObject).branch as string;
			return {
				...theirs,
				requests: [
					{ method: 'GET', path: put.path, query: { ref: branch }, body: null },
					{ ...put, body: { ...(put.body as IDataObject), sha: SHA } },
				],
			};
		},
	},
	'github:file.get': {
		expect: (theirs) => withItems(theirs, [{ name: 'readme.md', path: 'docs/readme.md', sha: SHA, size: 13, type: 'file' }]),
	},
	'github:file.get#text': {
		expect: (theirs) => {
			const { encoding: _, ...item } = theirs.items[0];
			return withItems(theirs, [{ ...item, content: Buffer.from(String(item.content), 'base64').toString('utf8') }]);
		},
	},
	'github:issue.lock': {
		expect: (theirs) =>
			withItems(
				changeRequest(theirs, 0, (request) => ({ ...request, query: {}, body: { lock_reason: firstQuery(theirs).lock_reason } })),
				[{ issueNumber: 7, lockReason: 'too heated', locked: true }],
			),
	},
	'github:pullRequest.getDiff': { expect: (theirs) => withItems(theirs, [{ ...theirs.items[0], pullNumber: 7, format: 'diff', bytes: 36 }]) },
	'github:pullRequest.getPatch': { expect: (theirs) => withItems(theirs, [{ ...theirs.items[0], pullNumber: 7, format: 'patch', bytes: 36 }]) },
	'github:release.delete': { expect: (theirs) => withItems(theirs, [{ deleted: true, releaseId: '5' }]) },
	'github:repository.getProfile': {
		expect: (theirs) => changeRequest(theirs, 0, (request) => ({ ...request, path: '/repos/octo/hello/community/profile' })),
	},
	'github:review.create': {
		expect: (theirs) =>
			changeRequest(theirs, 0, (request) => {
				const { commitId, ...body } = request.body as IDataObject;
				return { ...request, body: { ...body, commit_id: commitId } };
			}),
	},
	'github:user.invite': {
		expect: (theirs) => changeRequest(theirs, 0, (request) => ({ ...request, body: { ...(request.body as IDataObject), role: 'direct_member' } })),
	},
	'github:workflow.disable': { expect: (theirs) => withItems(theirs, [{ enabled: false, workflow: 'ci.yml' }]) },
	'github:workflow.enable': { expect: (theirs) => withItems(theirs, [{ enabled: true, workflow: 'ci.yml' }]) },
	'github:workflow.dispatch': {
		expect: (theirs) =>
			withItems(
				changeRequest(theirs, 0, (request) => ({ ...request, body: { ...(request.body as IDataObject), return_run_details: true } })),
				[{ dispatched: true, ref: 'main', workflow: 'ci.yml' }],
			),
	},
	'github:workflow.list': {
		expect: (theirs) =>
			withItems(
				changeRequest(theirs, 0, (request) => ({ ...request, query: { per_page: '100' } })),
				(theirs.items[0].workflows as IDataObject[]),
			),
	},
	'github:workflow.dispatchAndWait': {
		// n8n's node puts the execution to wait for a callback, which an in-process run cannot give.
		theirs: () => undefined,
		notRun: (parameters) => parameters.operation === 'dispatchAndWait' && parameters.maxWaitMinutes === 60,
	},
	// ----- Trello
	'trello:attachment.delete': trelloDeleted({ deleted: true, id: '5f2b8c1e9d3a4b0012a1a600', idCard: CARD }),
	'trello:board.delete': trelloDeleted({ deleted: true, id: '5f2b8c1e9d3a4b0012a1b001' }),
	'trello:card.delete': trelloDeleted({ deleted: true, id: CARD }),
	'trello:cardComment.delete': trelloDeleted({ deleted: true, id: '5f2b8c1e9d3a4b0012a1a500', idCard: CARD }),
	'trello:label.delete': trelloDeleted({ deleted: true, id: '5f2b8c1e9d3a4b0012a1a400' }),
	'trello:boardMember.remove': trelloDeleted({ id: '5f2b8c1e9d3a4b0012a1b001', idMember: '5f2b8c1e9d3a4b0012a1a700', removed: true }),
	'trello:label.removeLabel': trelloDeleted({ id: CARD, idLabel: '5f2b8c1e9d3a4b0012a1a400', removed: true }),
	'trello:label.addLabel': { expect: (theirs) => withItems(theirs, [{ id: CARD, idLabels: ['5f2b8c1e9d3a4b0012a1a400'] }]) },
	'trello:boardMember.add': {
		expect: (theirs) =>
			changeRequest(theirs, 0, (request) => {
				const { allowBillableGuest: _, ...query } = request.query;
				return { ...request, query };
			}),
	},
	...Object.fromEntries(
		['boardMember.getAll', 'list.getCards', 'list.getAll'].map((operation) => [
			`trello:${operation}`,
			{
				expect: (theirs: Outcome) =>
					changeRequest(theirs, 0, (request) => {
						const { limit: _, ...query } = request.query;
						return { ...request, query };
					}),
			},
		]),
	),
	'trello:checklist.create': {
		expect: (theirs) => changeRequest(theirs, 0, (request) => ({ ...request, path: '/1/checklists', query: { idCard: CARD, ...request.query } })),
	},
	'trello:checklist.delete': {
		expect: (theirs) => withItems(changeRequest(theirs, 0, (request) => ({ ...request, path: '/1/checklists/5f2b8c1e9d3a4b0012a1e200' })), [{ deleted: true, id: '5f2b8c1e9d3a4b0012a1e200' }]),
	},
	'trello:label.getAll': {
		expect: (theirs) => changeRequest(theirs, 0, (request) => ({ ...request, path: request.path.replace('/1/board/', '/1/boards/'), query: { ...request.query, limit: '1000' } })),
	},
	'trello:list.archive': {
		expect: (theirs) =>
			changeRequest(theirs, 0, (request) => ({ ...request, path: request.path.replace(/\/closed$/, ''), query: { closed: request.query.value } })),
	},
	'trello:checklist.completedCheckItems': {
		// n8n's node reads a Card ID its own form never shows for this operation, so it always fails.
		theirs: (outcome) => {
			if (!outcome.error?.includes('Could not get parameter "cardId"')) throw new Error(`n8n's node did not fail as expected: ${outcome.error}`);
		},
		notRun: (parameters) => parameters.method === 'GET' && parameters.endpoint === '/1/cards//checkItemStates',
	},
};
