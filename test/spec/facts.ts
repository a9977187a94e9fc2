/**
 * What the two integration specs name, word for word: pre-built tool steps, generic API-call
 * endpoints (purpose, method, path) and triggers. Coverage tests check the nodes against these
 * lists; rows may implement more than the specs name.
 */

export interface SpecEndpoint {
	name: string;
	/** Undefined where the spec leaves the method open. */
	method?: string;
	path: string;
}

export interface ServiceSpec {
	toolSteps: string[];
	endpoints: SpecEndpoint[];
	triggers: string[];
}

export const CODE_HOST_SPEC: ServiceSpec = {
	toolSteps: [
		'Create Repository', 'Get Repository Info', 'Get Repository Content', 'Star Repo',
		'Create Branch', 'Get Commit', 'List Commits', 'Create or Update File Contents',
		'Create Issue', 'Create Issue Comment', 'Update Issue', 'Get Issue Assignees', 'Search Issues and Pull Requests',
		'Create Pull Request', 'Get Reviewers', 'Update Project (V2) Item Status',
		'Create Workflow Dispatch', 'Enable Workflow', 'Disable Workflow', 'Get Workflow Run', 'List Workflow Runs',
		'Create Gist', 'Update Gist', 'List Gists for a User',
		'List Releases',
	],
	endpoints: [
		{ name: 'Check collaborator permission', method: 'GET', path: '/repos/{owner}/{repo}/collaborators/{username}/permission' },
		{ name: 'Add collaborator', method: 'PUT', path: '/repos/{owner}/{repo}/collaborators/{username}' },
		{ name: 'Remove collaborator', method: 'DELETE', path: '/repos/{owner}/{repo}/collaborators/{username}' },
		{ name: 'Get contents', method: 'GET', path: '/repos/{owner}/{repo}/contents/{path}' },
		{ name: 'Create or update file', method: 'PUT', path: '/repos/{owner}/{repo}/contents/{path}' },
		{ name: 'Delete file', method: 'DELETE', path: '/repos/{owner}/{repo}/contents/{path}' },
		{ name: 'List issues', method: 'GET', path: '/repos/{owner}/{repo}/issues' },
		{ name: 'Get issue', method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}' },
		{ name: 'Create issue', method: 'POST', path: '/repos/{owner}/{repo}/issues' },
		{ name: 'Update issue', method: 'PATCH', path: '/repos/{owner}/{repo}/issues/{issue_number}' },
		{ name: 'List pull requests', method: 'GET', path: '/repos/{owner}/{repo}/pulls' },
		{ name: 'Get pull request', method: 'GET', path: '/repos/{owner}/{repo}/pulls/{pull_number}' },
		{ name: 'Create pull request', method: 'POST', path: '/repos/{owner}/{repo}/pulls' },
		{ name: 'Update pull request', method: 'PATCH', path: '/repos/{owner}/{repo}/pulls/{pull_number}' },
		{ name: 'Merge pull request', method: 'PUT', path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge' },
		{ name: 'List branches', method: 'GET', path: '/repos/{owner}/{repo}/branches' },
		{ name: 'Get branch', method: 'GET', path: '/repos/{owner}/{repo}/branches/{branch}' },
		{ name: 'Create branch', method: 'POST', path: '/repos/{owner}/{repo}/git/refs' },
		{ name: 'Rate limit status', path: '/rate_limit' },
	],
	triggers: [
		'New repository', 'New fork', 'New star', 'New watcher', 'New tag', 'New issue', 'Updated issue', 'New pull request',
		'Updated pull request', 'New comment', 'New label on issue', 'New review request', 'New pull request review',
		'New commit', 'New push', 'New branch', 'Workflow run completed', 'Workflow job completed', 'New collaborator',
		'New mention', 'Project item status changed', 'New card in column', 'New release', 'New gist', 'New discussion',
		'New discussion comment',
	],
};

export const BOARD_TOOL_SPEC: ServiceSpec = {
	// "API Call (any endpoint)" is the Trello API Call node, not a row.
	toolSteps: [
		'Create Card', 'Update Card', 'Get Card', 'Archive Card',
		'Get Boards', 'Get List Cards', 'Create List',
		'Add Comment to Card', 'Add Comment (legacy action)',
		'Add Checklist', 'Create a Checklist Item',
	],
	endpoints: [
		{ name: 'Get card', method: 'GET', path: '/1/cards/{id}' },
		{ name: 'Create card', method: 'POST', path: '/1/cards' },
		{ name: 'Update card', method: 'PUT', path: '/1/cards/{id}' },
		{ name: 'Delete card', method: 'DELETE', path: '/1/cards/{id}' },
		{ name: 'Add comment', method: 'POST', path: '/1/cards/{id}/actions/comments' },
		{ name: 'Get board', method: 'GET', path: '/1/boards/{id}' },
		{ name: 'Get board lists', method: 'GET', path: '/1/boards/{id}/lists' },
		{ name: 'Get board cards', method: 'GET', path: '/1/boards/{id}/cards' },
		{ name: 'Create board', method: 'POST', path: '/1/boards' },
		{ name: 'Get list', method: 'GET', path: '/1/lists/{id}' },
		{ name: 'Create list', method: 'POST', path: '/1/lists' },
		{ name: 'Update list', method: 'PUT', path: '/1/lists/{id}' },
		{ name: 'Get list cards', method: 'GET', path: '/1/lists/{id}/cards' },
		{ name: 'Get checklist', method: 'GET', path: '/1/checklists/{id}' },
		{ name: 'Create checklist', method: 'POST', path: '/1/checklists' },
		{ name: 'Add checklist item', method: 'POST', path: '/1/checklists/{id}/checkItems' },
		{ name: 'Update checklist item', method: 'PUT', path: '/1/cards/{id}/checkItem/{idCheckItem}' },
		{ name: 'Get label', method: 'GET', path: '/1/labels/{id}' },
		{ name: 'Create label', method: 'POST', path: '/1/labels' },
		{ name: 'Add label to card', method: 'POST', path: '/1/cards/{id}/idLabels' },
		{ name: 'Remove label from card', method: 'DELETE', path: '/1/cards/{id}/idLabels/{idLabel}' },
	],
	triggers: [
		'New Comment Added to Card', 'New Member on Card', 'New Label Created', 'New Label Added To Card',
		'New Checklist', 'New Board', 'New Board Activity', 'New Notification', 'New Attachment', 'Custom Webhook Events',
	],
};
