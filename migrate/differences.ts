/**
 * What a converted node sends or outputs on purpose differently from n8n's node for the same
 * configuration, and why. docs/migrating.md shows this table; the request-for-request suite
 * asserts each row exactly (and that no other operation differs). `output` rows change the items,
 * so the converter names the expressions that read them.
 */
export interface Difference {
	what: string;
	output?: boolean;
}

const DELETED = 'n8n outputs Trello’s `{ "_value": null }`; this node outputs what it deleted (`{ deleted: true, id, … }`).';

export const DIFFERENCES: Record<string, Difference> = {
	'github:file.create': {
		what: 'Create or Update reads the file first (`GET …/contents/{path}?ref=`): an existing file is updated with its SHA where n8n’s Create fails with GitHub’s 422 “sha wasn’t supplied”; a new file gets the same `PUT` as n8n’s.',
	},
	'github:file.get': {
		what: 'With “As Binary Property” the item’s JSON is the file’s metadata (`name`, `path`, `sha`, `size`, `type`) instead of a copy of the input item’s JSON; the binary property is the same.',
		output: true,
	},
	'github:file.get#text': {
		what: 'With “As Binary Property” off, `content` is the file’s text (decoded, `encoding` left out) instead of GitHub’s base64.',
		output: true,
	},
	'github:issue.lock': {
		what: 'The lock reason goes in the body, where GitHub reads it; n8n sends it in the query string, where GitHub ignores it. The item says what was locked (`{ issueNumber, locked, lockReason }`) instead of repeating the input item.',
		output: true,
	},
	'github:pullRequest.getDiff': { what: 'The item adds `pullNumber`, `format` and `bytes` beside n8n’s `diff`.' },
	'github:pullRequest.getPatch': { what: 'The item adds `pullNumber`, `format` and `bytes` beside n8n’s `patch`.' },
	'github:release.delete': { what: 'n8n outputs `{ success: true }`; this node outputs `{ deleted: true, releaseId }`.', output: true },
	'github:repository.getProfile': {
		what: 'n8n sends `GET /` (the API root: its node sets no path for this operation); this sends `GET /repos/{owner}/{repo}/community/profile`, the community profile the operation is named for.',
		output: true,
	},
	'github:review.create': {
		what: 'The commit goes as `commit_id`, the name GitHub reads; n8n sends `commitId`, which GitHub ignores. Event “Pending” becomes Pull Request → Create Pending Review.',
	},
	'github:user.invite': { what: 'Sends `role: "direct_member"`, GitHub’s own default, which n8n leaves out.' },
	'github:workflow.disable': { what: 'n8n outputs an empty item; this node outputs `{ workflow, enabled: false }`.', output: true },
	'github:workflow.enable': { what: 'n8n outputs an empty item; this node outputs `{ workflow, enabled: true }`.', output: true },
	'github:workflow.dispatch': {
		what: 'Asks GitHub for the started run (`return_run_details: true`); the item is `{ dispatched, workflow, ref }` (with the run when GitHub gives it) instead of an empty item.',
		output: true,
	},
	'github:workflow.list': {
		what: 'Reads every page (`per_page=100`); n8n reads only GitHub’s first 30 workflows and outputs GitHub’s `{ total_count, workflows }` as one item, this node one item per workflow.',
		output: true,
	},
	'github:workflow.dispatchAndWait': {
		what: 'n8n waits for the run to call back an n8n webhook (the GitHub workflow must be changed to call it); this node follows the run through GitHub’s API until it ends, so the GitHub workflow needs no change. Not run side by side: n8n’s node waits for a callback.',
		output: true,
	},
	'trello:attachment.delete': { what: DELETED, output: true },
	'trello:board.delete': { what: DELETED, output: true },
	'trello:card.delete': { what: DELETED, output: true },
	'trello:cardComment.delete': { what: DELETED, output: true },
	'trello:label.delete': { what: DELETED, output: true },
	'trello:checklist.delete': { what: `Sends \`DELETE /1/checklists/{id}\` (Trello’s own path for it; n8n goes through the card). ${DELETED}`, output: true },
	'trello:boardMember.remove': { what: 'n8n outputs Trello’s answer; this node outputs `{ id, idMember, removed: true }`.', output: true },
	'trello:label.removeLabel': { what: 'n8n outputs Trello’s answer; this node outputs `{ id, idLabel, removed: true }`.', output: true },
	'trello:label.addLabel': { what: 'n8n outputs Trello’s answer (the card’s label ids) as items; this node outputs one item `{ id, idLabels }`.', output: true },
	'trello:boardMember.add': { what: 'Leaves out `allowBillableGuest=false` (Trello’s default) unless it was turned on.' },
	'trello:boardMember.getAll': { what: 'Does not send `limit` (Trello’s description of the request has none); the first Limit members are kept, as n8n keeps them.' },
	'trello:list.getCards': { what: 'Does not send `limit` (Trello’s description of the request has none); the first Limit cards are kept, as n8n keeps them.' },
	'trello:list.getAll': { what: 'Does not send `limit` (Trello’s description of the request has none); the first Limit lists are kept, as n8n keeps them.' },
	'trello:checklist.create': { what: 'Sends `POST /1/checklists` with `idCard` (Trello’s own path for it) instead of `POST /1/cards/{id}/checklists`.' },
	'trello:label.getAll': { what: 'Sends `GET /1/boards/{id}/labels?limit=1000` (Trello’s documented path and its largest page) instead of `/1/board/{id}/labels`, whose default page is 50 labels.' },
	'trello:list.archive': {
		what: 'Sends `PUT /1/lists/{id}?closed=true|false`; n8n sends `PUT /1/lists/{id}/closed?value=…`. Both are Trello’s. With “Archive” off n8n’s List → Archive unarchives: it becomes List → Unarchive.',
	},
	'trello:checklist.completedCheckItems': {
		what: 'n8n’s node always fails here (it reads a Card ID its form never shows for this operation). It becomes a Trello API Call `GET /1/cards/{card}/checkItemStates`: fill in the card. Not run side by side.',
	},
};
