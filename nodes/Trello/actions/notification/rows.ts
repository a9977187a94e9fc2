import { trelloRowTable } from '../types';
import { pickedField, typesFilter } from '../fields';
import { markNotificationRead } from './handlers';

export const notificationRows = trelloRowTable([
	{
		resource: 'notification',
		operation: 'getAll',
		objectType: 'notification',
		name: 'Get Many',
		action: 'Get the notifications of the connected account',
		description:
			'List the connected account’s notifications, newest first (mentions, comments, cards added to, due soon …), one item per notification; optionally only unread ones or only some types. With Allowed Boards: only notifications about those boards.',
		method: 'GET',
		path: '/1/members/me/notifications',
		// Pages of up to 1000, older pages with ?before=<oldest notification id>.
		paging: { kind: 'before', maxPageSize: 1000 },
		targets: [],
		keepAllowed: 'data.board.id',
		fields: [
			{
				displayName: 'Unread Only',
				name: 'unreadOnly',
				type: 'boolean',
				in: 'query',
				apiName: 'read_filter',
				optional: true,
				default: true,
				toApi: (value) => (value === true ? 'unread' : undefined),
				description: 'Whether to return only notifications not yet marked read',
			},
			typesFilter(
				'Notification Types',
				'mentionedOnCard,commentCard,addedToCard',
				'Comma-separated notification types to return (default: all), e.g. mentionedOnCard, commentCard, addedToCard, cardDueSoon, changeCard',
			),
		],
	},
	{
		resource: 'notification',
		operation: 'markRead',
		objectType: 'notification',
		name: 'Mark as Read',
		action: 'Mark a notification as read',
		description:
			'Mark one notification of the connected account as read (changes its read state; nothing on the board changes). Returns the notification.',
		method: 'PUT',
		path: '/1/notifications/{id}',
		fixedQuery: { unread: false },
		targets: [],
		fields: [
			pickedField(
				'notification',
				'Notification',
				'searchNotifications',
				'The notification: pick it from the unread notifications or give its 24-character ID',
				{ in: 'path', apiName: 'id' },
			),
		],
		handler: markNotificationRead,
	},
	{
		resource: 'notification',
		operation: 'markAllRead',
		name: 'Mark All as Read',
		action: 'Mark all notifications as read',
		description:
			'Mark every notification of the connected account as read (changes the read state of all of them at once; cannot be limited to boards, so refused while Allowed Boards is set)',
		method: 'POST',
		path: '/1/notifications/all/read',
		fixedQuery: { read: true },
		targets: [],
		refusedWithAllowlist: 'Mark All as Read changes notifications about every board of the account.',
		fields: [],
		shapeAnswer: () => ({ markedRead: 'all' }),
	},
]);
