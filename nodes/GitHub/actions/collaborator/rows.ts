import type { IDataObject } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';
import { listMyInvitations } from './handlers';

const username: RowField = {
	displayName: 'Username',
	name: 'username', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. octocat',
	description: 'GitHub login of the person',
};

const invitationId = (description: string): RowField => ({
	displayName: 'Invitation ID',
	name: 'invitationId', apiName: 'invitation_id', type: 'number', default: 0, in: 'path', required: true, integer: true,
	description,
});

const COLLABORATOR_PERMISSIONS = ['pull', 'triage', 'push', 'maintain', 'admin'];

export const collaboratorRows = gitHubRowTable([
	{
		resource: 'collaborator',
		operation: 'getPermission',
		name: 'Get Permission',
		action: 'Get a collaborator’s permission',
		description: 'Check what a user may do in a repository: permission admin, write, read or none, plus the role name (e.g. maintain, triage).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/collaborators/{username}/permission',
		spec: [{ kind: 'endpoint', name: 'Check collaborator permission' }],
		fields: [...repositoryFields(), username],
	},
	{
		resource: 'collaborator',
		operation: 'add',
		name: 'Add',
		action: 'Add a collaborator',
		description: 'Invite a user to a repository with a permission (pull, triage, push, maintain or admin), or change the permission of an existing collaborator.',
		method: 'PUT',
		path: '/repos/{owner}/{repo}/collaborators/{username}',
		spec: [{ kind: 'endpoint', name: 'Add collaborator' }],
		fields: [
			...repositoryFields(),
			username,
			{
				displayName: 'Permission',
				name: 'permission', type: 'options', in: 'body', default: 'push',
				description: 'What the collaborator may do: pull (read), triage, push (write), maintain or admin',
				options: COLLABORATOR_PERMISSIONS.map((value) => ({ name: value.replace(/^./, (c) => c.toUpperCase()), value })),
			},
		],
		shapeAnswer: (body, values: IDataObject) =>
			body && typeof body === 'object' && Object.keys(body).length
				? body
				: { username: values.username, permission: values.permission, invited: false },
	},
	{
		resource: 'collaborator',
		operation: 'remove',
		name: 'Remove',
		action: 'Remove a collaborator',
		description: 'Remove a user’s access to a repository (also cancels a pending invitation).',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/collaborators/{username}',
		spec: [{ kind: 'endpoint', name: 'Remove collaborator' }],
		fields: [...repositoryFields(), username],
		shapeAnswer: (_body, values: IDataObject) => ({ username: values.username, removed: true }),
	},
	{
		resource: 'collaborator',
		operation: 'list',
		objectType: 'user',
		name: 'List',
		action: 'List collaborators',
		description: 'List the people with access to a repository (direct, through an organization, or outside collaborators), with their permissions.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/collaborators',
		paging: {},
		fields: [
			...repositoryFields(),
			{
				displayName: 'Affiliation',
				name: 'affiliation', type: 'options', in: 'query', optional: true, default: 'all',
				description: 'Which collaborators: all, only direct ones, or only outside collaborators',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Direct', value: 'direct' },
					{ name: 'Outside', value: 'outside' },
				],
			},
			{
				displayName: 'Permission',
				name: 'permission', type: 'options', in: 'query', optional: true, default: 'push',
				description: 'Only collaborators with this permission',
				options: COLLABORATOR_PERMISSIONS.map((value) => ({ name: value.replace(/^./, (c) => c.toUpperCase()), value })),
			},
		],
	},
	{
		resource: 'collaborator',
		operation: 'listInvitations',
		objectType: 'invitation',
		name: 'List Invitations',
		action: 'List a repository’s pending invitations',
		description: 'List the invitations to a repository that are not accepted yet: invitee, inviter, permission and date.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/invitations',
		paging: {},
		fields: repositoryFields(),
	},
	{
		resource: 'collaborator',
		operation: 'deleteInvitation',
		name: 'Delete Invitation',
		action: 'Withdraw a repository invitation',
		description: 'Withdraw a pending invitation to a repository; the person can no longer accept it.',
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/invitations/{invitation_id}',
		fields: [...repositoryFields(), invitationId('ID of the invitation (from List Invitations)')],
		shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, invitationId: values.invitationId }),
	},
	{
		resource: 'collaborator',
		operation: 'listMyInvitations',
		objectType: 'invitation',
		name: 'List My Invitations',
		action: 'List the connected account’s repository invitations',
		description: 'List the invitations to collaborate on repositories that the connected account has not answered yet (only those to allowed repositories when "Allowed Repositories" is set).',
		method: 'GET',
		path: '/user/repository_invitations',
		handler: listMyInvitations,
		paging: {},
		fields: [],
	},
	{
		resource: 'collaborator',
		operation: 'acceptInvitation',
		name: 'Accept Invitation',
		action: 'Accept a repository invitation',
		description: 'Accept an invitation of the connected account to collaborate on a repository.',
		method: 'PATCH',
		path: '/user/repository_invitations/{invitation_id}',
		fields: [invitationId('ID of the invitation (from List My Invitations)')],
		shapeAnswer: (_body, values: IDataObject) => ({ accepted: true, invitationId: values.invitationId }),
	},
	{
		resource: 'collaborator',
		operation: 'declineInvitation',
		name: 'Decline Invitation',
		action: 'Decline a repository invitation',
		description: 'Decline an invitation of the connected account to collaborate on a repository.',
		method: 'DELETE',
		path: '/user/repository_invitations/{invitation_id}',
		fields: [invitationId('ID of the invitation (from List My Invitations)')],
		shapeAnswer: (_body, values: IDataObject) => ({ declined: true, invitationId: values.invitationId }),
	},
]);
