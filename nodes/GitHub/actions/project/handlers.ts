import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { projectProof } from '../../../shared/scope/github';
import type { HandlerInput } from '../types';

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
export async function updateItemStatus({ ctx, client, values, itemIndex, scope: allowlist }: HandlerInput) {
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
	const fieldName = String(values.statusField || 'Status').trim();
	const wanted = String(values.status ?? '').trim();
	const projectOwner = String(values.projectOwner ?? '').trim();
	if (!projectOwner) throw fail('The "Project Owner" parameter is empty', 'Give the user or organization that owns the project.');
	if (!wanted) throw fail('The "Status" parameter is empty', 'Give the name of the status option to set, e.g. "Done".');
	const projectNumber = Number(values.projectNumber);
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
	if (!project) throw fail(`Project ${projectNumber} of "${projectOwner}" was not found`, 'Check "Project Owner" and "Project Number", and that the token has the "project" scope.');
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
