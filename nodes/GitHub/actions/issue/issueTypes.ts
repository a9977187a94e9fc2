import type { IDataObject } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { numberLocator, repositoryFields } from '../fields';
import { organizationField } from '../organization/rows';
import { gitHubRowTable } from '../types';
import type { GitHubRowRun } from '../types';

const DROPPED =
	'GitHub drops a type change of an account without push access to the repository, and types exist only where the owning organization has them (List Issue Types names them).';

/** Sets (or, with no name, removes) the issue's type; GitHub drops a change it does not allow silently, so the answer is checked. */
export async function setIssueType(input: GitHubRowRun) {
	const { client, values, request } = input;
	const wanted = String(values.type ?? '').trim();
	const response = await client.send<IDataObject>({ ...request, body: { type: wanted || null } });
	const issue = response.body;
	const now = String((issue?.type as IDataObject | null | undefined)?.name ?? '');
	if (now.toLowerCase() !== wanted.toLowerCase()) {
		const what = wanted ? `set to "${wanted}"` : 'removed';
		throw new ServiceAnswerError(`The type of #${String(values.issueNumber)} was not ${what}: GitHub answered with ${now ? `"${now}"` : 'no type'}`, DROPPED, response);
	}
	return await input.respond(issue);
}

export const issueTypeRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'listTypes',
		objectType: 'issueType',
		name: 'List Issue Types',
		action: 'List the issue types of a repository',
		description: 'List the issue types an issue of the repository can have (e.g. Bug, Feature, Task: its organization’s, with the repository’s changes): name, description, color and whether enabled. Names go into Set Issue Type. github.com only.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issue-types',
		fields: repositoryFields(),
	},
	{
		resource: 'issue',
		operation: 'setType',
		objectType: 'issue',
		name: 'Set Issue Type',
		action: 'Set the type of an issue',
		description: 'Give an issue a type by name (e.g. Bug, Feature, Task, as List Issue Types names them), or remove its type with an empty name. Changes the issue. Returns the issue; an error says so when GitHub did not apply the change (no push access, no such type).',
		method: 'PATCH',
		path: '/repos/{owner}/{repo}/issues/{issue_number}',
		handler: setIssueType,
		fields: [
			...repositoryFields(),
			numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number' }),
			{
				displayName: 'Issue Type', name: 'type', type: 'string', default: '', in: 'none', placeholder: 'e.g. Bug',
				description: 'Name of the issue type, case-insensitive; empty removes the issue’s type',
			},
		],
	},
	{
		resource: 'organization',
		operation: 'listIssueTypes',
		objectType: 'issueType',
		name: 'List Issue Types',
		action: 'List the issue types of an organization',
		description: 'List the issue types of an organization (e.g. Bug, Feature, Task) with description, color and whether enabled. Reaches every repository of it, so under a repository list it needs OWNER/*; Issue → List Issue Types reads one repository’s. github.com only.',
		method: 'GET',
		path: '/orgs/{org}/issue-types',
		fields: [organizationField],
	},
]);
