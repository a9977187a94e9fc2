import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { projectCreationProof, projectOwnerProof } from '../../scope';
import type { Connection } from '../graphql';
import { graphqlPages, loginOf, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import { itemsOf, projectNotFound, projectOf, unexpectedAnswer } from './handlers';

export const OWNER_ID_QUERY = `query($owner: String!) {
  repositoryOwner(login: $owner) { id login }
}`;

const PROJECT_FIELDS = 'id number title shortDescription url closed public createdAt';

export const CREATE_PROJECT_MUTATION = `mutation($owner: ID!, $title: String!) {
  createProjectV2(input: {ownerId: $owner, title: $title}) { projectV2 { ${PROJECT_FIELDS} } }
}`;

const STATUS_UPDATE_FIELDS = 'id status body startDate targetDate createdAt updatedAt creator { login }';

export const LIST_STATUS_UPDATES_QUERY = `query($owner: String!, $number: Int!, $first: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        statusUpdates(first: $first, after: $after, orderBy: {field: CREATED_AT, direction: DESC}) {
          nodes { ${STATUS_UPDATE_FIELDS} }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}`;

export const PROJECT_ID_QUERY = `query($owner: String!, $number: Int!) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner { projectV2(number: $number) { id title } }
  }
}`;

export const CREATE_STATUS_UPDATE_MUTATION = `mutation($project: ID!, $status: ProjectV2StatusUpdateStatus, $body: String, $startDate: Date, $targetDate: Date) {
  createProjectV2StatusUpdate(input: {projectId: $project, status: $status, body: $body, startDate: $startDate, targetDate: $targetDate}) {
    statusUpdate { ${STATUS_UPDATE_FIELDS} }
  }
}`;

const fail = ({ ctx, itemIndex }: GitHubRowRun, message: string, description: string) =>
	new NodeOperationError(ctx.getNode(), message, { itemIndex, description });

/** A new, empty project of a user or organization (its owner's ID looked up by login first). */
export async function createProject(input: GitHubRowRun) {
	const { owner } = projectOf(input, false);
	const title = String(input.values.title ?? '').trim();
	if (!title) throw fail(input, 'The "Title" parameter is empty', 'Give the title of the new project.');
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectCreationProof(lists, owner));
	const found = await input.client.graphql<{ repositoryOwner: { id: string; login: string } | null }>(OWNER_ID_QUERY, { owner }, proof);
	if (!found.repositoryOwner) throw fail(input, `"${owner}" is not a GitHub user or organization`, 'Check "Project Owner".');
	// Without the owner's ID the mutation would go out with `ownerId: null`.
	if (typeof found.repositoryOwner.id !== 'string' || !found.repositoryOwner.id) throw unexpectedAnswer('the owner\'s ID (repositoryOwner.id)');
	const data = await input.client.graphql<{ createProjectV2?: { projectV2?: IDataObject | null } | null }>(CREATE_PROJECT_MUTATION, { owner: found.repositoryOwner.id, title }, proof);
	const created = data.createProjectV2?.projectV2;
	if (!created || typeof created !== 'object') throw unexpectedAnswer('the created project (createProjectV2.projectV2)');
	return itemsOf(input, [{ ...created, owner: found.repositoryOwner.login }]);
}

const statusUpdate = ({ creator, ...update }: IDataObject) => ({ ...update, creator: loginOf(creator) });

/** A project's status updates, newest first. */
export async function listStatusUpdates(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const updates = await graphqlPages<IDataObject>(input, async (first, after) => {
		const data = await input.client.graphql<{ repositoryOwner: { projectV2?: { statusUpdates: Connection<IDataObject> } | null } | null }>(
			LIST_STATUS_UPDATES_QUERY,
			{ owner: project.owner, number: project.number, first, after },
			proof,
		);
		const found = data.repositoryOwner?.projectV2;
		if (!found) throw projectNotFound(input, project);
		return found.statusUpdates;
	});
	return itemsOf(input, updates.map(statusUpdate));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Posts a status update (on track, at risk, …) to a project. */
export async function createStatusUpdate(input: GitHubRowRun) {
	const { values } = input;
	const project = projectOf(input, true);
	const variables: IDataObject = {};
	for (const [name, label] of [['startDate', 'Start Date'], ['targetDate', 'Target Date']] as const) {
		const given = String(values[name] ?? '').trim();
		if (!given) continue;
		const date = given.slice(0, 10);
		if (!DATE.test(date) || Number.isNaN(Date.parse(date))) throw fail(input, `"${given}" in "${label}" is not a date`, `Give "${label}" as YYYY-MM-DD, e.g. 2026-03-31.`);
		variables[name] = date;
	}
	const body = String(values.body ?? '');
	if (body.trim()) variables.body = body;
	if (values.statusUpdateStatus) variables.status = String(values.statusUpdateStatus);
	if (Object.keys(variables).length === 0) throw fail(input, 'The status update is empty', 'Give at least a "Status", a "Body" or a date.');
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const found = await input.client.graphql<{ repositoryOwner: { projectV2?: { id: string; title: string } | null } | null }>(
		PROJECT_ID_QUERY,
		{ owner: project.owner, number: project.number },
		proof,
	);
	const target = found.repositoryOwner?.projectV2;
	if (!target) throw projectNotFound(input, project);
	const data = await input.client.graphql<{ createProjectV2StatusUpdate?: { statusUpdate?: IDataObject | null } | null }>(
		CREATE_STATUS_UPDATE_MUTATION,
		{ project: target.id, ...variables },
		proof,
	);
	const created = data.createProjectV2StatusUpdate?.statusUpdate;
	if (!created || typeof created !== 'object') throw unexpectedAnswer('the created status update (createProjectV2StatusUpdate.statusUpdate)');
	return itemsOf(input, [{ projectId: target.id, projectTitle: target.title, ...statusUpdate(created) }]);
}
