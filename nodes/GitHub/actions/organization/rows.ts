import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { gitHubRowTable } from '../types';

const organization: RowField = {
	displayName: 'Organization',
	name: 'organization', apiName: 'org', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. n8n-io',
	description: 'Login of the organization',
	identifies: 'organization',
};

export { organization as organizationField };

export const organizationRows = gitHubRowTable([
	{
		resource: 'organization',
		operation: 'get',
		objectType: 'organization',
		name: 'Get',
		action: 'Get an organization',
		description: 'Get an organization’s profile: name, description, blog, location, public repository count and, for members, plan and settings.',
		method: 'GET',
		path: '/orgs/{org}',
		fields: [organization],
	},
	{
		resource: 'organization',
		operation: 'listMine',
		objectType: 'organization',
		name: 'List My Organizations',
		action: 'List organizations of the connected account',
		description: 'List the organizations the connected account is a member of (for OAuth apps: those that granted access).',
		method: 'GET',
		path: '/user/orgs',
		paging: {},
		fields: [],
	},
	{
		resource: 'organization',
		operation: 'listMembers',
		objectType: 'user',
		name: 'List Members',
		action: 'List members of an organization',
		description: 'List the members of an organization (public members only, unless the connected account is a member), optionally only admins or only members.',
		method: 'GET',
		path: '/orgs/{org}/members',
		paging: {},
		fields: [
			organization,
			{
				displayName: 'Role',
				name: 'role', type: 'options', in: 'query', optional: true, default: 'all',
				description: 'Only members with this role',
				options: [
					{ name: 'Admin', value: 'admin' },
					{ name: 'All', value: 'all' },
					{ name: 'Member', value: 'member' },
				],
			},
		],
	},
	{
		resource: 'organization',
		operation: 'invite',
		name: 'Invite Member',
		action: 'Invite someone to an organization',
		description:
			'Invite a GitHub user to an organization with a role, or change the role of a member. Changes the organization: a new person gets an invitation (state "pending") to accept. Needs organization owner rights. Returns the membership.',
		method: 'PUT',
		path: '/orgs/{org}/memberships/{username}',
		fields: [
			organization,
			{ displayName: 'Username', name: 'username', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. octocat', description: 'GitHub login of the person to invite' },
			{
				displayName: 'Role',
				name: 'role', type: 'options', in: 'body', default: 'member',
				description: 'Role in the organization: member, or admin (organization owner)',
				options: [
					{ name: 'Admin', value: 'admin' },
					{ name: 'Member', value: 'member' },
				],
			},
		],
	},
	{
		resource: 'organization',
		operation: 'inviteByEmail',
		name: 'Invite by Email',
		action: 'Invite someone to an organization by email',
		description:
			'Invite a person to an organization by email address (with or without a GitHub account), with a role and optionally teams. Changes the organization: GitHub emails an invitation to accept. Needs organization owner rights. github.com only: Enterprise Server has no email invitations (invite by username there). Returns the invitation.',
		method: 'POST',
		path: '/orgs/{org}/invitations',
		fields: [
			organization,
			{ displayName: 'Email', name: 'email', type: 'string', default: '', in: 'body', required: true, placeholder: 'e.g. name@email.com', description: 'Email address to send the invitation to; it may belong to an existing GitHub user' },
			{
				displayName: 'Role',
				name: 'role', type: 'options', in: 'body', default: 'direct_member',
				description: 'Role in the organization once the invitation is accepted',
				options: [
					{ name: 'Admin', value: 'admin', description: 'Organization owner' },
					{ name: 'Billing Manager', value: 'billing_manager', description: 'Manages billing settings only' },
					{ name: 'Member', value: 'direct_member', description: 'Member without owner rights' },
					{ name: 'Reinstate', value: 'reinstate', description: 'The role the person had before being removed from the organization' },
				],
			},
			{
				displayName: 'Team IDs',
				name: 'teamIds', apiName: 'team_ids', type: 'string', in: 'body', optional: true, default: '', placeholder: 'e.g. 12, 34',
				description: 'Numeric IDs of teams the person joins on accepting, separated by commas',
				integerList: true,
				toApi: (value) => listOf(value).map(Number),
			},
		],
	},
]);
