import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerLacking } from '../../../shared/errors';
import { projectItemAllowed, projectOwnerProof, projectProof } from '../../scope';
import type { Connection } from '../graphql';
import { graphqlPages, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';

export const PROJECT_ITEM_QUERY = `query($projectOwner: String!, $projectNumber: Int!, $field: String!, $owner: String!, $repo: String!, $number: Int!) {
  repositoryOwner(login: $projectOwner) {
    ... on ProjectV2Owner {
      projectV2(number: $projectNumber) {
        id
        title
        field(name: $field) {
          ... on ProjectV2SingleSelectField { id name options { id name } }
        }
      }
    }
  }
  repository(owner: $owner, name: $repo) {
    issueOrPullRequest(number: $number) {
      ... on Issue { id projectItems(first: 100) { nodes { id project { id } } } }
      ... on PullRequest { id projectItems(first: 100) { nodes { id project { id } } } }
    }
  }
}`;

export const ADD_ITEM_MUTATION = `mutation($project: ID!, $content: ID!) {
  addProjectV2ItemById(input: {projectId: $project, contentId: $content}) { item { id } }
}`;

export const SET_STATUS_MUTATION = `mutation($project: ID!, $item: ID!, $field: ID!, $option: String!) {
  updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field, value: {singleSelectOptionId: $option}}) {
    projectV2Item { id }
  }
}`;

interface Found {
	repositoryOwner: { projectV2?: { id: string; title: string; field?: { id?: string; name?: string; options?: Array<{ id: string; name: string }> } | null } | null } | null;
	repository: { issueOrPullRequest?: { id: string; projectItems: { nodes: Array<{ id: string; project: { id: string } }> } } | null } | null;
}

/** Project fields and their options are looked up by name, then the item's value is set. */
export async function updateItemStatus(input: GitHubRowRun) {
	const { ctx, client, values, itemIndex, allowlist } = input;
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
	const fieldName = String(values.statusField || 'Status').trim();
	const wanted = String(values.status ?? '').trim();
	const { owner: projectOwner, number: projectNumber } = projectOf(input, true);
	if (!wanted) throw fail('The "Status" parameter is empty', 'Give the name of the status option to set, e.g. "Done".');
	const number = Number(values.issueNumber);
	let proof;
	try {
		proof = projectProof(
			[allowlist, (await client.scope()).repositories],
			{ owner: projectOwner, number: projectNumber },
			{ owner: String(values.owner), repo: String(values.repository) },
		);
	} catch (error) {
		throw fail((error as Error).message, (error as { hint?: string }).hint ?? '');
	}
	const found = await client.graphql<Found>(PROJECT_ITEM_QUERY, {
		projectOwner,
		projectNumber,
		field: fieldName,
		owner: String(values.owner),
		repo: String(values.repository),
		number,
	}, proof);
	const project = found.repositoryOwner?.projectV2;
	if (!project) throw fail(`Project ${projectNumber} of "${projectOwner}" was not found`, 'Check "Project Owner" and "Project", and that the token has the "project" scope.');
	const field = project.field;
	if (!field?.id || !field.options) {
		throw fail(`The project has no single-select field named "${fieldName}"`, 'Check "Status Field Name" against the project’s fields.');
	}
	const option = field.options.find((o) => o.name.toLowerCase() === wanted.toLowerCase());
	if (!option) {
		throw fail(`"${wanted}" is not an option of the field "${field.name}"`, `Use one of: ${field.options.map((o) => o.name).join(', ')}.`);
	}
	const content = found.repository?.issueOrPullRequest;
	if (!content) throw fail(`Issue or pull request #${number} was not found in ${String(values.owner)}/${String(values.repository)}`, 'Check the repository and the number.');
	let itemId = content.projectItems.nodes.find((node) => node.project.id === project.id)?.id;
	if (!itemId) {
		if (!values.addToProject) {
			throw fail(`#${number} is not in the project "${project.title}"`, 'Add it to the project first, or turn on "Add to Project If Missing".');
		}
		const added = await client.graphql<{ addProjectV2ItemById: { item: { id: string } } }>(ADD_ITEM_MUTATION, {
			project: project.id,
			content: content.id,
		}, proof);
		itemId = added.addProjectV2ItemById.item.id;
	}
	await client.graphql<IDataObject>(SET_STATUS_MUTATION, { project: project.id, item: itemId, field: field.id, option: option.id }, proof);
	return [
		{
			json: {
				projectId: project.id,
				projectTitle: project.title,
				itemId,
				field: field.name ?? fieldName,
				fieldId: field.id,
				status: option.name,
				optionId: option.id,
			},
			pairedItem: { item: itemIndex },
		},
	];
}

export const LIST_PROJECTS_QUERY = `query($owner: String!, $first: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectsV2(first: $first, after: $after) {
        nodes { id number title shortDescription url closed public updatedAt }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;

export const PROJECT_FIELDS_QUERY = `query($owner: String!, $number: Int!) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        id
        title
        fields(first: 100) {
          nodes {
            ... on ProjectV2FieldCommon { id name dataType }
            ... on ProjectV2SingleSelectField { options { id name } }
            ... on ProjectV2IterationField { configuration { iterations { id title startDate duration } } }
          }
        }
      }
    }
  }
}`;

export const PROJECT_ITEMS_QUERY = `query($owner: String!, $number: Int!, $first: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        items(first: $first, after: $after) {
          nodes {
            id
            type
            isArchived
            content {
              ... on Issue { number title url state repository { nameWithOwner } }
              ... on PullRequest { number title url state repository { nameWithOwner } }
              ... on DraftIssue { title }
            }
            fieldValues(first: 30) {
              nodes {
                ... on ProjectV2ItemFieldSingleSelectValue { name field { ... on ProjectV2FieldCommon { name } } }
                ... on ProjectV2ItemFieldTextValue { text field { ... on ProjectV2FieldCommon { name } } }
                ... on ProjectV2ItemFieldNumberValue { number field { ... on ProjectV2FieldCommon { name } } }
                ... on ProjectV2ItemFieldDateValue { date field { ... on ProjectV2FieldCommon { name } } }
                ... on ProjectV2ItemFieldIterationValue { title field { ... on ProjectV2FieldCommon { name } } }
              }
            }
          }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}`;

export const PROJECT_AND_CONTENT_QUERY = `query($projectOwner: String!, $projectNumber: Int!, $owner: String!, $repo: String!, $number: Int!) {
  repositoryOwner(login: $projectOwner) {
    ... on ProjectV2Owner { projectV2(number: $projectNumber) { id title } }
  }
  repository(owner: $owner, name: $repo) {
    issueOrPullRequest(number: $number) {
      ... on Issue { id }
      ... on PullRequest { id }
    }
  }
}`;

export interface ProjectRef {
	owner: string;
	number: number;
}

export function projectOf({ ctx, values, itemIndex }: GitHubRowRun, withNumber: boolean): ProjectRef {
	const owner = String(values.projectOwner ?? '').trim();
	if (!owner) {
		throw new NodeOperationError(ctx.getNode(), 'The "Project Owner" parameter is empty', {
			itemIndex,
			description: 'Give the user or organization that owns the project.',
		});
	}
	if (!withNumber) return { owner, number: NaN };
	const number = String(values.projectNumber ?? '').trim();
	if (!number) {
		throw new NodeOperationError(ctx.getNode(), 'The "Project" parameter is empty', {
			itemIndex,
			description: 'Choose the project from the list, or give its number (as in …/projects/3).',
		});
	}
	return { owner, number: Number(number) };
}

/** An answer without what the operation reads: the service's answer, not the input, is at fault. */
export const unexpectedAnswer = (missing: string) =>
	answerLacking('GitHub', missing, 'Check the GitHub Server field of the credential; the API Call node\'s GraphQL mode shows the raw answer.');

export const projectNotFound = ({ ctx, itemIndex }: GitHubRowRun, project: ProjectRef) =>
	new NodeOperationError(ctx.getNode(), `Project ${project.number} of "${project.owner}" was not found`, {
		itemIndex,
		description: 'Check "Project Owner" and "Project", and that the token has the "project" (or "read:project") scope.',
	});

export const itemsOf = (input: GitHubRowRun, objects: IDataObject[]) => objects.map((json) => ({ json, pairedItem: { item: input.itemIndex } }));

/** The projects (V2) of a user or organization, open and closed. */
export async function listProjects(input: GitHubRowRun) {
	const project = projectOf(input, false);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, { owner: project.owner }));
	const projects = await graphqlPages<IDataObject>(input, async (first, after) => {
		const data = await input.client.graphql<{ repositoryOwner: { projectsV2?: Connection<IDataObject> } | null }>(
			LIST_PROJECTS_QUERY,
			{ owner: project.owner, first, after },
			proof,
		);
		if (!data.repositoryOwner) {
			throw new NodeOperationError(input.ctx.getNode(), `"${project.owner}" is not a GitHub user or organization`, {
				itemIndex: input.itemIndex,
				description: 'Check "Project Owner".',
			});
		}
		return data.repositoryOwner.projectsV2;
	});
	return itemsOf(input, projects);
}

export interface FieldNode {
	id?: string;
	name?: string;
	dataType?: string;
	options?: Array<{ id: string; name: string }>;
	configuration?: { iterations?: IDataObject[] };
}

/** A project with its fields (PROJECT_FIELDS_QUERY); a project GitHub does not show is an error in words. */
export async function projectWithFields(input: GitHubRowRun, project: ReturnType<typeof projectOf>, proof: Parameters<GitHubRowRun['client']['graphql']>[2]) {
	const data = await input.client.graphql<{ repositoryOwner: { projectV2?: { id: string; title: string; fields: { nodes: FieldNode[] } } | null } | null }>(
		PROJECT_FIELDS_QUERY,
		{ owner: project.owner, number: project.number },
		proof,
	);
	const found = data.repositoryOwner?.projectV2;
	if (!found) throw projectNotFound(input, project);
	return found;
}

/** One item per field of a project, with the options of single-select fields and the iterations of iteration fields. */
export async function listFields(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const found = await projectWithFields(input, project, proof);
	const fields: unknown = found.fields?.nodes;
	if (!Array.isArray(fields)) throw unexpectedAnswer('the project\'s fields (fields.nodes)');
	return itemsOf(
		input,
		(fields as Array<FieldNode | null>)
			.filter((field): field is FieldNode => Boolean(field?.id))
			.map(({ configuration, ...field }) => ({
				projectId: found.id,
				...field,
				...(configuration?.iterations ? { iterations: configuration.iterations } : {}),
			})),
	);
}

/** The selections that read an item's field values with their field's name, one per line after `indent`. */
export function fieldValueSelections(indent: string): string {
	const value = (type: string, field: string) => `... on ${type} { ${field} field { ... on ProjectV2FieldCommon { name } } }`;
	return [
		value('ProjectV2ItemFieldSingleSelectValue', 'name'),
		value('ProjectV2ItemFieldTextValue', 'text'),
		value('ProjectV2ItemFieldNumberValue', 'number'),
		value('ProjectV2ItemFieldDateValue', 'date'),
		value('ProjectV2ItemFieldIterationValue', 'title'),
	].join(`\n${indent}`);
}

export type FieldValueNode = { name?: string; text?: string; number?: number; date?: string; title?: string; field?: { name?: string } };

/** An item's field values keyed by field name: option name, text, number, date or iteration title. */
export function fieldValuesByName(values: FieldValueNode[]): IDataObject {
	const fields: IDataObject = {};
	for (const value of values) {
		const name = value.field?.name;
		if (!name) continue;
		fields[name] = value.name ?? value.text ?? value.number ?? value.date ?? value.title ?? null;
	}
	return fields;
}

interface ItemNode {
	id: string;
	type: string;
	isArchived: boolean;
	content?: { number?: number; title?: string; url?: string; state?: string; repository?: { nameWithOwner: string } } | null;
	fieldValues: { nodes: FieldValueNode[] };
}

/**
 * The items of a project with their field values by field name. With "Allowed Repositories"
 * (node or credential) set, items from other repositories are left out; draft issues stay.
 */
export async function listItems(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const items = await graphqlPages<ItemNode>(input, async (first, after) => {
		const data = await input.client.graphql<{ repositoryOwner: { projectV2?: { items: Connection<ItemNode> } | null } | null }>(
			PROJECT_ITEMS_QUERY,
			{ owner: project.owner, number: project.number, first, after },
			proof,
		);
		const found = data.repositoryOwner?.projectV2;
		if (!found) throw projectNotFound(input, project);
		return found.items;
	});
	return itemsOf(
		input,
		items
			.filter((item) => projectItemAllowed(lists, item.content?.repository?.nameWithOwner ?? (item.type === 'DRAFT_ISSUE' ? undefined : '')))
			.map((item) => {
				const fields = fieldValuesByName(item.fieldValues.nodes);
				return {
					itemId: item.id,
					type: item.type,
					archived: item.isArchived,
					number: item.content?.number ?? null,
					title: item.content?.title ?? null,
					state: item.content?.state ?? null,
					url: item.content?.url ?? null,
					repository: item.content?.repository?.nameWithOwner ?? null,
					fields,
				};
			}),
	);
}

/** Adds an issue or pull request to a project; one already in it keeps its item (GitHub returns the same ID). */
export async function addItem(input: GitHubRowRun) {
	const { ctx, client, values, itemIndex } = input;
	const project = projectOf(input, true);
	const owner = String(values.owner);
	const repo = String(values.repository);
	const number = Number(values.issueNumber);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectProof(lists, project, { owner, repo }));
	const data = await client.graphql<{
		repositoryOwner: { projectV2?: { id: string; title: string } | null } | null;
		repository: { issueOrPullRequest?: { id: string } | null } | null;
	}>(PROJECT_AND_CONTENT_QUERY, { projectOwner: project.owner, projectNumber: project.number, owner, repo, number }, proof);
	const found = data.repositoryOwner?.projectV2;
	if (!found) throw projectNotFound(input, project);
	const content = data.repository?.issueOrPullRequest;
	if (!content) {
		throw new NodeOperationError(ctx.getNode(), `Issue or pull request #${number} was not found in ${owner}/${repo}`, {
			itemIndex,
			description: 'Check the repository and the number.',
		});
	}
	const added = await client.graphql<{ addProjectV2ItemById?: { item?: { id?: unknown } | null } | null }>(ADD_ITEM_MUTATION, { project: found.id, content: content.id }, proof);
	const itemId = added.addProjectV2ItemById?.item?.id;
	if (typeof itemId !== 'string' || !itemId) throw unexpectedAnswer('the added item\'s ID (addProjectV2ItemById.item.id)');
	return itemsOf(input, [{ projectId: found.id, projectTitle: found.title, itemId, contentId: content.id, number, repository: `${owner}/${repo}` }]);
}
