import type { INodeProperties } from 'n8n-workflow';

/**
 * Scope settings on a credential: every node using the credential refuses, before sending,
 * anything outside them (see docs/security.md). Node settings can narrow them, never widen.
 */

export const ACCESS_LEVEL_PROPERTY: INodeProperties = {
	displayName: 'Access',
	name: 'accessLevel',
	type: 'options',
	options: [
		{ name: 'Read and Write', value: 'readWrite', description: 'Every request the token allows' },
		{
			name: 'Read Only',
			value: 'readOnly',
			description: 'Only reading requests; anything that would change data is refused before it is sent',
		},
	],
	default: 'readWrite',
	description: 'Whether nodes using this credential may change data, or only read',
};

export const ALLOWED_REPOSITORIES_PROPERTY: INodeProperties = {
	displayName: 'Allowed Repositories',
	name: 'allowedRepositories',
	type: 'string',
	default: '',
	placeholder: 'e.g. acme-org/api-server, acme-org/*',
	description:
		'Empty = every repository the token can reach. Otherwise only these repositories (owner/name, or owner/* for all of an owner’s), comma-separated: every node using this credential - actions, API calls, search, triggers - refuses anything else before sending.',
};

export const ALLOWED_BOARDS_PROPERTY: INodeProperties = {
	displayName: 'Allowed Boards',
	name: 'allowedBoards',
	type: 'string',
	default: '',
	placeholder: 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e, AbCd1234',
	description:
		'Empty = every board the account can open. Otherwise only these boards (IDs, short links or board addresses), comma-separated: every node using this credential refuses objects on other boards before changing anything.',
};

/** Off for credentials saved before it existed (a missing field reads as false). */
export const TRUSTED_CONTENT_ONLY_PROPERTY: INodeProperties = {
	displayName: 'Trusted Content Only',
	name: 'trustedContentOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether every GitHub Toolkit node using this credential withholds titles, bodies and messages written by people without write access to the repository (replaced by a note saying by whom), so an agent never reads instructions an outsider left',
};

/** Off for credentials saved before it existed (a missing field reads as false). */
export const TRUSTED_MEMBERS_ONLY_PROPERTY: INodeProperties = {
	displayName: 'Trusted Members Only',
	name: 'trustedMembersOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether every Trello Toolkit node using this credential withholds card names and descriptions, comments, list and checklist names and checklist items written by anyone but the board’s admins and the Trusted Members (replaced by a note saying by whom), so an agent never reads instructions another member or a commenter left',
};

export const TRUSTED_MEMBERS_PROPERTY: INodeProperties = {
	displayName: 'Trusted Members',
	name: 'trustedMembers',
	type: 'string',
	default: '',
	placeholder: 'e.g. mona, 5abbe4b7ddc1b351ef961414',
	description:
		'Members trusted besides each board’s admins (usernames or member IDs, comma-separated). Setting any turns Trusted Members Only on.',
};
