import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ScopeProof } from '../../scope';
import { projectProof } from '../../scope';
import { proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import type { FieldNode, FieldValueNode, ProjectRef } from './handlers';
import { ADD_ITEM_MUTATION, fieldValueSelections, fieldValuesByName, itemsOf, PROJECT_FIELDS_QUERY, projectNotFound, projectOf } from './handlers';

export const CONTENT_PROJECT_ITEM_QUERY = `query($projectOwner: String!, $projectNumber: Int!, $owner: String!, $repo: String!, $number: Int!) {
  repositoryOwner(login: $projectOwner) {
    ... on ProjectV2Owner { projectV2(number: $projectNumber) { id title } }
  }
  repository(owner: $owner, name: $repo) {
    issueOrPullRequest(number: $number) {
      ... on Issue { id projectItems(first: 100) { nodes { ...ProjectItem } } }
      ... on PullRequest { id projectItems(first: 100) { nodes { ...ProjectItem } } }
    }
  }
}
fragment ProjectItem on ProjectV2Item {
  id
  type
  isArchived
  project { id }
  fieldValues(first: 50) {
    nodes {
      ${fieldValueSelections('      ')}
    }
  }
}`;

export const UPDATE_FIELD_MUTATION = `mutation($project: ID!, $item: ID!, $field: ID!, $value: ProjectV2FieldValue!) {
  updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field, value: $value}) { projectV2Item { id } }
}`;

export const CLEAR_FIELD_MUTATION = `mutation($project: ID!, $item: ID!, $field: ID!) {
  clearProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item, fieldId: $field}) { projectV2Item { id } }
}`;

export const DELETE_ITEM_MUTATION = `mutation($project: ID!, $item: ID!) {
  deleteProjectV2Item(input: {projectId: $project, itemId: $item}) { deletedItemId }
}`;

export const ARCHIVE_ITEM_MUTATION = `mutation($project: ID!, $item: ID!) {
  archiveProjectV2Item(input: {projectId: $project, itemId: $item}) { item { id isArchived } }
}`;

export const UNARCHIVE_ITEM_MUTATION = `mutation($project: ID!, $item: ID!) {
  unarchiveProjectV2Item(input: {projectId: $project, itemId: $item}) { item { id isArchived } }
}`;

interface ContentItem {
	id: string;
	type: string;
	isArchived: boolean;
	project: { id: string };
	fieldValues: { nodes: FieldValueNode[] };
}

interface Located {
	project: { id: string; title: string };
	proof: ScopeProof;
	contentId: string;
	number: number;
	repository: string;
	item?: ContentItem;
}

const fail = ({ ctx, itemIndex }: GitHubRowRun, message: string, description: string) =>
	new NodeOperationError(ctx.getNode(), message, { itemIndex, description });

/** The project, the issue or pull request, and its item in that project (undefined when it is not in it). */
async function locate(input: GitHubRowRun, project: ProjectRef): Promise<Located> {
	const owner = String(input.values.owner);
	const repo = String(input.values.repository);
	const number = Number(input.values.issueNumber);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectProof(lists, project, { owner, repo }));
	const data = await input.client.graphql<{
		repositoryOwner: { projectV2?: { id: string; title: string } | null } | null;
		repository: { issueOrPullRequest?: { id: string; projectItems: { nodes: ContentItem[] } } | null } | null;
	}>(CONTENT_PROJECT_ITEM_QUERY, { projectOwner: project.owner, projectNumber: project.number, owner, repo, number }, proof);
	const found = data.repositoryOwner?.projectV2;
	if (!found) throw projectNotFound(input, project);
	const content = data.repository?.issueOrPullRequest;
	if (!content) throw fail(input, `Issue or pull request #${number} was not found in ${owner}/${repo}`, 'Check the repository and the number.');
	const item = content.projectItems.nodes.find((node) => node.project.id === found.id);
	return { project: found, proof, contentId: content.id, number, repository: `${owner}/${repo}`, item };
}

async function locateItem(input: GitHubRowRun): Promise<Located & { item: ContentItem }> {
	const located = await locate(input, projectOf(input, true));
	if (!located.item) {
		throw fail(input, `#${located.number} is not in the project "${located.project.title}"`, 'Add it to the project first (Project → Add Item).');
	}
	return located as Located & { item: ContentItem };
}

/** An issue's or pull request's item in a project, with its field values by field name. */
export async function getItem(input: GitHubRowRun) {
	const { project, item, contentId, number, repository } = await locateItem(input);
	return itemsOf(input, [
		{ projectId: project.id, projectTitle: project.title, itemId: item.id, type: item.type, archived: item.isArchived, contentId, number, repository, fields: fieldValuesByName(item.fieldValues.nodes) },
	]);
}

export async function deleteItem(input: GitHubRowRun) {
	const { project, item, proof, number, repository } = await locateItem(input);
	const data = await input.client.graphql<{ deleteProjectV2Item: { deletedItemId: string } }>(DELETE_ITEM_MUTATION, { project: project.id, item: item.id }, proof);
	return itemsOf(input, [{ projectId: project.id, projectTitle: project.title, itemId: data.deleteProjectV2Item.deletedItemId, deleted: true, number, repository }]);
}

async function setArchived(input: GitHubRowRun, mutation: string, answer: 'archiveProjectV2Item' | 'unarchiveProjectV2Item') {
	const { project, item, proof, number, repository } = await locateItem(input);
	const data = await input.client.graphql<Record<string, { item: { id: string; isArchived: boolean } }>>(mutation, { project: project.id, item: item.id }, proof);
	return itemsOf(input, [{ projectId: project.id, projectTitle: project.title, itemId: data[answer].item.id, archived: data[answer].item.isArchived, number, repository }]);
}

export const archiveItem = async (input: GitHubRowRun) => await setArchived(input, ARCHIVE_ITEM_MUTATION, 'archiveProjectV2Item');
export const unarchiveItem = async (input: GitHubRowRun) => await setArchived(input, UNARCHIVE_ITEM_MUTATION, 'unarchiveProjectV2Item');

/** A project's fields, read once per node run and project (every item of the run uses them). */
const fieldsOfRun = new WeakMap<object, Map<string, FieldNode[]>>();

async function projectFields(input: GitHubRowRun, project: ProjectRef, proof: ScopeProof): Promise<FieldNode[]> {
	const key = `${project.owner.toLowerCase()}/${project.number}`;
	const known = fieldsOfRun.get(input.ctx) ?? new Map<string, FieldNode[]>();
	fieldsOfRun.set(input.ctx, known);
	const cached = known.get(key);
	if (cached) return cached;
	const data = await input.client.graphql<{ repositoryOwner: { projectV2?: { fields: { nodes: FieldNode[] } } | null } | null }>(
		PROJECT_FIELDS_QUERY,
		{ owner: project.owner, number: project.number },
		proof,
	);
	const found = data.repositoryOwner?.projectV2;
	if (!found) throw projectNotFound(input, project);
	const fields = found.fields.nodes.filter((field) => field.id && field.name);
	known.set(key, fields);
	return fields;
}

/** Field types whose values a project item holds itself; the others (assignees, labels, milestone, …) belong to the issue. */
export const SETTABLE = ['TEXT', 'NUMBER', 'DATE', 'SINGLE_SELECT', 'ITERATION'];

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The mutation's value for the field's type, and the value as shown in the project. */
export function fieldValue(input: GitHubRowRun, field: FieldNode, given: string): { value: IDataObject; shown: string | number } {
	const name = field.name as string;
	switch (field.dataType) {
		case 'TEXT':
			return { value: { text: given }, shown: given };
		case 'NUMBER': {
			const number = Number(given.trim());
			if (given.trim() === '' || !Number.isFinite(number)) throw fail(input, `"${given}" is not a number, which the field "${name}" holds`, 'Give a number in "Value", e.g. 3 or 2.5.');
			return { value: { number }, shown: number };
		}
		case 'DATE': {
			const date = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(given.trim())?.[1];
			if (!date || Number.isNaN(Date.parse(date))) throw fail(input, `"${given}" is not a date, which the field "${name}" holds`, 'Give the date in "Value" as YYYY-MM-DD, e.g. 2026-03-31.');
			return { value: { date }, shown: date };
		}
		case 'SINGLE_SELECT': {
			const option = (field.options ?? []).find((o) => sameName(o.name, given));
			if (!option) throw fail(input, `"${given}" is not an option of the field "${name}"`, `Use one of: ${(field.options ?? []).map((o) => o.name).join(', ')}.`);
			return { value: { singleSelectOptionId: option.id }, shown: option.name };
		}
		case 'ITERATION': {
			const iterations = (field.configuration?.iterations ?? []) as Array<{ id: string; title: string }>;
			const iteration = iterations.find((i) => sameName(i.title, given));
			if (!iteration) throw fail(input, `"${given}" is not a current or upcoming iteration of the field "${name}"`, `Use one of: ${iterations.map((i) => i.title).join(', ') || '(none: add iterations in the project)'}.`);
			return { value: { iterationId: iteration.id }, shown: iteration.title };
		}
		default:
			throw fail(input, `The field "${name}" (${String(field.dataType)}) cannot be set on a project item`, 'Text, number, date, single-select and iteration fields can be set here; assignees, labels, milestone and the like are set on the issue or pull request itself.');
	}
}

/** Sets (or clears) one field of an item, the field and its option or iteration chosen by name. */
export async function updateItemField(input: GitHubRowRun) {
	const { values, client } = input;
	const project = projectOf(input, true);
	const fieldName = String(values.fieldName ?? '').trim();
	if (!fieldName) throw fail(input, 'The "Field Name" parameter is empty', 'Give the name of the project field to set, e.g. "Priority".');
	const clear = values.clear === true;
	const given = String(values.value ?? '');
	if (!clear && given.trim() === '') throw fail(input, 'The "Value" parameter is empty', 'Give the value to set, or turn on "Clear Value" to empty the field.');
	const lists = await repositoryLists(input);
	const owner = String(values.owner);
	const repo = String(values.repository);
	const proof = proven(input, () => projectProof(lists, project, { owner, repo }));
	const fields = await projectFields(input, project, proof);
	const field = fields.find((f) => sameName(f.name as string, fieldName));
	if (!field) {
		const settable = fields.filter((f) => SETTABLE.includes(String(f.dataType))).map((f) => f.name);
		throw fail(input, `The project has no field named "${fieldName}"`, `Use one of: ${settable.join(', ')}.`);
	}
	const chosen = clear ? undefined : fieldValue(input, field, given);
	if (clear && !SETTABLE.includes(String(field.dataType))) fieldValue(input, field, given);
	const located = await locate(input, project);
	let itemId = located.item?.id;
	if (!itemId) {
		if (values.addToProject !== true) {
			throw fail(input, `#${located.number} is not in the project "${located.project.title}"`, 'Add it to the project first, or turn on "Add to Project If Missing".');
		}
		const added = await client.graphql<{ addProjectV2ItemById: { item: { id: string } } }>(ADD_ITEM_MUTATION, { project: located.project.id, content: located.contentId }, proof);
		itemId = added.addProjectV2ItemById.item.id;
	}
	const target = { project: located.project.id, item: itemId, field: field.id };
	if (chosen) await client.graphql<IDataObject>(UPDATE_FIELD_MUTATION, { ...target, value: chosen.value }, proof);
	else await client.graphql<IDataObject>(CLEAR_FIELD_MUTATION, target, proof);
	return itemsOf(input, [
		{
			projectId: located.project.id,
			projectTitle: located.project.title,
			itemId,
			field: field.name,
			fieldId: field.id,
			dataType: field.dataType,
			value: chosen ? chosen.shown : null,
			number: located.number,
			repository: located.repository,
		},
	]);
}
