import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { isoDate, numericIdField, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { listNotifications } from './handlers';

const threadId = () => numericIdField('Thread ID', 'threadId', 'thread_id', 'Numeric ID of the notification thread (List returns it as "id")');

const filters = (): RowField[] => [
	{ displayName: 'Include Read', name: 'all', type: 'boolean', default: false, in: 'query', optional: true, description: 'Whether read notifications are included too (default: unread only)' },
	{ displayName: 'Participating Only', name: 'participating', type: 'boolean', default: false, in: 'query', optional: true, description: 'Whether only notifications where the account takes part (mentioned, assigned, commented) are listed' },
	isoDate('since', 'Updated Since', 'Only notifications updated at or after this time'),
	isoDate('before', 'Updated Before', 'Only notifications updated before this time'),
];

const lastReadAt = (): RowField => ({
	...isoDate('last_read_at', 'Read Up To', 'Notifications updated after this time stay unread (default: now)'),
	in: 'body',
});

export const notificationRows = gitHubRowTable([
	{
		resource: 'notification',
		operation: 'list',
		objectType: 'notification',
		name: 'List',
		action: 'List notifications of the connected account',
		description: 'List the connected account’s notifications, newest first (unread only unless told otherwise): reason, subject (issue, pull request, release…), repository and dates. With "Allowed Repositories" set, only those repositories’ notifications are returned.',
		method: 'GET',
		path: '/notifications',
		handler: listNotifications,
		paging: { maxPageSize: 50 },
		fields: filters(),
	},
	{
		resource: 'notification',
		operation: 'listRepository',
		objectType: 'notification',
		name: 'List for Repository',
		action: 'List the notifications of one repository',
		description: 'List the connected account’s notifications of one repository, newest first (unread only unless told otherwise).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/notifications',
		paging: { maxPageSize: 50 },
		fields: [...repositoryFields(), ...filters()],
	},
	{
		resource: 'notification',
		operation: 'markAllRead',
		name: 'Mark All as Read',
		action: 'Mark all notifications as read',
		description: 'Mark every notification of the connected account as read (up to a time, default now). Changes the account’s inbox; GitHub may finish large inboxes in the background.',
		method: 'PUT',
		path: '/notifications',
		fields: [lastReadAt()],
		shapeAnswer: () => ({ markedRead: true }),
	},
	{
		resource: 'notification',
		operation: 'markRepositoryRead',
		name: 'Mark Repository as Read',
		action: 'Mark a repository’s notifications as read',
		description: 'Mark the connected account’s notifications of one repository as read (up to a time, default now). Changes the account’s inbox.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/notifications',
		fields: [...repositoryFields(), lastReadAt()],
		shapeAnswer: () => ({ markedRead: true }),
	},
	{
		resource: 'notification',
		operation: 'getThread',
		objectType: 'notification',
		name: 'Get Thread',
		action: 'Get a notification thread',
		description: 'Get one notification thread: reason, unread flag, subject and repository.',
		method: 'GET',
		path: '/notifications/threads/{thread_id}',
		fields: [threadId()],
	},
	{
		resource: 'notification',
		operation: 'markThreadRead',
		name: 'Mark Thread as Read',
		action: 'Mark a notification thread as read',
		description: 'Mark one notification thread as read. Changes the account’s inbox.',
		method: 'PATCH',
		path: '/notifications/threads/{thread_id}',
		fields: [threadId()],
		shapeAnswer: (_body, values: IDataObject) => ({ markedRead: true, threadId: values.threadId }),
	},
	{
		resource: 'notification',
		operation: 'unsubscribe',
		name: 'Unsubscribe From Thread',
		action: 'Unsubscribe from a notification thread',
		description: 'Stop notifications of a thread until the account is mentioned or comments again. Changes the account’s subscriptions.',
		method: 'DELETE',
		path: '/notifications/threads/{thread_id}/subscription',
		fields: [threadId()],
		shapeAnswer: (_body, values: IDataObject) => ({ unsubscribed: true, threadId: values.threadId }),
	},
]);
