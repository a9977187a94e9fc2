import type { RowField } from '../../../shared/rowEngine';
import { organizationField } from '../organization/rows';
import { gitHubRowTable } from '../types';

const teamSlug = (): RowField => ({
	displayName: 'Team Slug',
	name: 'teamSlug',
	apiName: 'team_slug',
	type: 'string',
	default: '',
	in: 'path',
	required: true,
	placeholder: 'e.g. justice-league',
	description: 'The team’s slug as in its URL (…/orgs/ORG/teams/SLUG), e.g. "justice-league"; List returns it as "slug"',
});

export const teamRows = gitHubRowTable([
	{
		resource: 'team',
		operation: 'list',
		objectType: 'team',
		name: 'List',
		action: 'List the teams of an organization',
		description: 'List the teams of an organization the connected account can see: name, slug, description, privacy and permission.',
		method: 'GET',
		path: '/orgs/{org}/teams',
		paging: {},
		fields: [organizationField],
	},
	{
		resource: 'team',
		operation: 'get',
		objectType: 'team',
		name: 'Get',
		action: 'Get a team',
		description: 'Get one team of an organization by its slug: name, description, privacy, parent team, member and repository counts.',
		method: 'GET',
		path: '/orgs/{org}/teams/{team_slug}',
		fields: [organizationField, teamSlug()],
	},
	{
		resource: 'team',
		operation: 'listMembers',
		objectType: 'user',
		name: 'List Members',
		action: 'List the members of a team',
		description: 'List the members of a team (and of its child teams), optionally only maintainers or only members.',
		method: 'GET',
		path: '/orgs/{org}/teams/{team_slug}/members',
		paging: {},
		fields: [
			organizationField,
			teamSlug(),
			{
				displayName: 'Role', name: 'role', type: 'options', in: 'query', optional: true, default: 'all', description: 'Only members with this role in the team',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Maintainer', value: 'maintainer' },
					{ name: 'Member', value: 'member' },
				],
			},
		],
	},
	{
		resource: 'team',
		operation: 'listRepositories',
		objectType: 'repository',
		name: 'List Repositories',
		action: 'List the repositories of a team',
		description: 'List the repositories a team has access to, with the team’s permissions on each.',
		method: 'GET',
		path: '/orgs/{org}/teams/{team_slug}/repos',
		paging: {},
		fields: [organizationField, teamSlug()],
	},
]);
