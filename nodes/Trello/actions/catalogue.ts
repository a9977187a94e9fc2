import type { OperationKeyOf, OperationKeyParts } from '../../shared/operationKeys';
import type { ResourceSpec } from '../../shared/rowEngine';
import { attachmentRows } from './attachment/rows';
import { boardRows } from './board/rows';
import { cardRows } from './card/rows';
import { checklistRows } from './checklist/rows';
import { commentRows } from './comment/rows';
import { customFieldRows } from './customField/rows';
import { labelRows } from './label/rows';
import { listRows } from './list/rows';
import { memberRows } from './member/rows';
import { notificationRows } from './notification/rows';
import { searchRows } from './search/rows';
import { webhookRows } from './webhook/rows';
import { workspaceRows } from './workspace/rows';
import type { TrelloRow } from './types';

export const TRELLO_RESOURCES: ResourceSpec[] = [
	{ name: 'Attachment', value: 'attachment', description: 'Files and links attached to cards' },
	{ name: 'Board', value: 'board', description: 'Boards of the account' },
	{ name: 'Card', value: 'card', description: 'Cards in lists' },
	{ name: 'Checklist', value: 'checklist', description: 'Checklists on cards and their items' },
	{ name: 'Comment', value: 'comment', description: 'Comments on cards' },
	{ name: 'Custom Field', value: 'customField', description: 'Custom fields of a board and their values on cards' },
	{ name: 'Label', value: 'label', description: 'Labels of a board and on cards' },
	{ name: 'List', value: 'list', description: 'Lists (columns) of a board' },
	{ name: 'Member', value: 'member', description: 'Trello members (people) and their boards and cards' },
	{ name: 'Notification', value: 'notification', description: 'Notifications of the connected account' },
	{ name: 'Search', value: 'search', description: 'Find cards, boards and members' },
	{ name: 'Webhook', value: 'webhook', description: 'Webhooks of the connected token (cleaning up stale ones)' },
	{ name: 'Workspace', value: 'workspace', description: 'Workspaces (organizations) and their boards and members' },
];

const ROWS = [
	...attachmentRows,
	...boardRows,
	...cardRows,
	...checklistRows,
	...commentRows,
	...customFieldRows,
	...labelRows,
	...listRows,
	...memberRows,
	...notificationRows,
	...searchRows,
	...webhookRows,
	...workspaceRows,
];

/** "resource.operation" of every Trello operation, computed from the rows: fixtures and docs are keyed by it. */
export type TrelloOperationKey = OperationKeyOf<(typeof ROWS)[number]>;

/** Every operation of the Trello node: one row each, its resource and operation typed as a TrelloOperationKey. */
export const TRELLO_ROWS: Array<TrelloRow & OperationKeyParts<TrelloOperationKey>> = ROWS;
