import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { projectOwnerProof } from '../../scope';
import type { Connection } from '../graphql';
import { graphqlPages, proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import { itemsOf, projectNotFound, projectOf } from './handlers';

/**
 * A view's settings as GitHub exposes them. groupBy, sortBy and verticalGroupBy are read through
 * groupByFields, sortByFields and verticalGroupByFields: the older fields are deprecated and leave
 * out iteration and single-select fields.
 */
const VIEW_FRAGMENT = `fragment ProjectView on ProjectV2View {
  id
  number
  name
  layout
  filter
  createdAt
  updatedAt
  fields(first: 50) { nodes { ...FieldName } }
  groupByFields(first: 10) { nodes { ...FieldName } }
  verticalGroupByFields(first: 10) { nodes { ...FieldName } }
  sortByFields(first: 10) { nodes { direction field { ...FieldName } } }
}
fragment FieldName on ProjectV2FieldConfiguration {
  ... on ProjectV2FieldCommon { name }
}`;

export const LIST_VIEWS_QUERY = `query($owner: String!, $number: Int!, $first: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        id
        title
        views(first: $first, after: $after) {
          nodes { ...ProjectView }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}
${VIEW_FRAGMENT}`;

export const GET_VIEW_QUERY = `query($owner: String!, $number: Int!, $view: Int!) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        id
        title
        view(number: $view) { ...ProjectView }
      }
    }
  }
}
${VIEW_FRAGMENT}`;

type Named = { name?: string } | null;

interface ViewNode {
	id: string;
	number: number;
	name: string;
	layout: string;
	filter: string | null;
	createdAt: string;
	updatedAt: string;
	fields?: { nodes: Named[] } | null;
	groupByFields?: { nodes: Named[] } | null;
	verticalGroupByFields?: { nodes: Named[] } | null;
	sortByFields?: { nodes: Array<{ direction: string; field: Named } | null> } | null;
}

/** Field names of a connection; fields GitHub answers as null (no access) are left out. */
const namesIn = (connection: { nodes: Named[] } | null | undefined): string[] =>
	(connection?.nodes ?? []).map((node) => node?.name).filter((name): name is string => typeof name === 'string');

/** One view as an item: its layout as GitHub names it (TABLE_LAYOUT, BOARD_LAYOUT, ROADMAP_LAYOUT), its filter and fields by name. */
function viewItem(project: { id: string; title: string }, view: ViewNode): IDataObject {
	return {
		projectId: project.id,
		projectTitle: project.title,
		viewId: view.id,
		number: view.number,
		name: view.name,
		layout: view.layout,
		filter: view.filter ?? '',
		fields: namesIn(view.fields),
		groupBy: namesIn(view.groupByFields),
		verticalGroupBy: namesIn(view.verticalGroupByFields),
		sortBy: (view.sortByFields?.nodes ?? [])
			.filter((sort): sort is { direction: string; field: Named } => Boolean(sort?.field?.name))
			.map((sort) => ({ field: sort.field!.name as string, direction: sort.direction })),
		createdAt: view.createdAt,
		updatedAt: view.updatedAt,
	};
}

type ProjectAnswer<T> = { repositoryOwner: { projectV2?: ({ id: string; title: string } & T) | null } | null };

/** The views of a project (tables, boards, roadmaps) in the order the project shows them. */
export async function listViews(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	let found: { id: string; title: string } | undefined;
	const views = await graphqlPages<ViewNode>(input, async (first, after) => {
		const data = await input.client.graphql<ProjectAnswer<{ views: Connection<ViewNode> }>>(
			LIST_VIEWS_QUERY,
			{ owner: project.owner, number: project.number, first, after },
			proof,
		);
		const answer = data.repositoryOwner?.projectV2;
		if (!answer) throw projectNotFound(input, project);
		found = { id: answer.id, title: answer.title };
		return answer.views;
	});
	return itemsOf(input, found ? views.filter(Boolean).map((view) => viewItem(found!, view)) : []);
}

/** One view of a project by its number, as in …/projects/3/views/2. */
export async function getView(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const given = String(input.values.viewNumber ?? '').trim().replace(/^#/, '');
	if (!/^[0-9]+$/.test(given) || Number(given) < 1) {
		throw new NodeOperationError(input.ctx.getNode(), `"${given}" in "View Number" is not a view number`, {
			itemIndex: input.itemIndex,
			description: 'Give the number in the view\'s URL (…/projects/3/views/2 → 2), or run Project → List Views to see them.',
		});
	}
	const viewNumber = Number(given);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const data = await input.client.graphql<ProjectAnswer<{ view?: ViewNode | null }>>(
		GET_VIEW_QUERY,
		{ owner: project.owner, number: project.number, view: viewNumber },
		proof,
	);
	const found = data.repositoryOwner?.projectV2;
	if (!found) throw projectNotFound(input, project);
	if (!found.view) {
		throw new NodeOperationError(input.ctx.getNode(), `Project "${found.title}" has no view ${viewNumber}`, {
			itemIndex: input.itemIndex,
			description: 'Check "View Number" (the number in the view\'s URL, …/views/NUMBER), or run Project → List Views to see them.',
		});
	}
	return itemsOf(input, [viewItem(found, found.view)]);
}
