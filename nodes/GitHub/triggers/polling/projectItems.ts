import type { IDataObject } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { PageLimit } from '../../../shared/paging';
import type { Connection } from '../../actions/graphql';
import type { FieldValueNode } from '../../actions/project/handlers';
import { fieldValueSelections, fieldValuesByName } from '../../actions/project/handlers';
import { projectItemAllowed, projectOwnerProof } from '../../scope';
import type { GitHubClient } from '../../transport';

/**
 * Project Item Changed, polled: GitHub sends `projects_v2_item` webhooks for organization projects
 * only, and only to an organization hook. A poll reads the project's items with their field values
 * and compares them with the snapshot of the previous poll; the snapshot is replaced only once every
 * page was read, so a failed poll changes nothing and the next one reports what it missed.
 */

/** Items of one project a poll reads; items past it are not watched (docs/polling.md says so). */
export const MAX_PROJECT_ITEMS = 500;
const PAGE_SIZE = 100;

export const PROJECT_ITEMS_POLL_QUERY = `query($owner: String!, $number: Int!, $first: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        id
        title
        items(first: $first, after: $after) {
          nodes {
            id
            type
            isArchived
            updatedAt
            content {
              ... on Issue { id number title url state repository { nameWithOwner } }
              ... on PullRequest { id number title url state repository { nameWithOwner } }
              ... on DraftIssue { id title }
            }
            fieldValues(first: 30) {
              nodes {
                ${fieldValueSelections('                ')}
              }
            }
          }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}`;

interface ProjectItemNode {
	id: string;
	type: string;
	isArchived: boolean;
	updatedAt?: string;
	content?: { id?: string; number?: number; title?: string; url?: string; state?: string; repository?: { nameWithOwner: string } } | null;
	fieldValues: { nodes: FieldValueNode[] };
}

/** What the snapshot keeps of an item: enough to say what changed and to describe a removed one. */
interface RememberedItem extends IDataObject {
	archived: boolean;
	fields: IDataObject;
	content: IDataObject;
}

export interface ProjectPollPosition extends IDataObject {
	key: string;
	items: Record<string, RememberedItem>;
}

export interface ProjectPoll {
	owner: string;
	number: number;
	/** Field names whose changes are reported; empty = every field. */
	fields: readonly string[];
	manual: boolean;
}

/** One change, shaped like GitHub's `projects_v2_item` webhook (action, projects_v2_item, changes). */
export type ProjectItemChange = IDataObject;

export async function pollProjectItems(
	client: GitHubClient,
	previous: ProjectPollPosition | undefined,
	poll: ProjectPoll,
): Promise<{ changes: ProjectItemChange[]; position: ProjectPollPosition }> {
	const key = `projectItems:${poll.owner.toLowerCase()}/${poll.number}`;
	const { project, items } = await readProject(client, poll);
	const snapshot: Record<string, RememberedItem> = {};
	for (const item of items) snapshot[item.id] = remembered(item);
	const position = { key, items: snapshot };
	const describe = (id: string, item: RememberedItem, action: string, changes?: IDataObject): ProjectItemChange => ({
		action,
		projects_v2_item: { id, node_id: id, project_node_id: project.id, content_node_id: item.content.id ?? null, content_type: item.content.type, archived: item.archived },
		...(changes ? { changes } : {}),
		project: { owner: poll.owner, number: poll.number, title: project.title },
		content: item.content,
		fields: item.fields,
	});
	if (poll.manual) {
		const latest = [...items].sort((a, b) => Date.parse(b.updatedAt ?? '') - Date.parse(a.updatedAt ?? ''))[0];
		return { changes: latest ? [describe(latest.id, snapshot[latest.id], 'edited')] : [], position };
	}
	if (previous?.key !== key) return { changes: [], position };
	const changes: ProjectItemChange[] = [];
	const watched = (name: string) => poll.fields.length === 0 || poll.fields.some((field) => field.toLowerCase() === name.toLowerCase());
	for (const [id, now] of Object.entries(snapshot)) {
		const before = previous.items[id];
		if (!before) {
			changes.push(describe(id, now, 'created'));
			continue;
		}
		if (before.archived !== now.archived) changes.push(describe(id, now, now.archived ? 'archived' : 'restored'));
		const names = new Set([...Object.keys(before.fields), ...Object.keys(now.fields)]);
		for (const name of [...names].filter(watched).sort()) {
			const from = before.fields[name] ?? null;
			const to = now.fields[name] ?? null;
			if (from !== to) changes.push(describe(id, now, 'edited', { field_value: { field_name: name, from, to } }));
		}
	}
	for (const [id, before] of Object.entries(previous.items)) {
		if (!snapshot[id]) changes.push(describe(id, before, 'deleted'));
	}
	return { changes, position };
}

async function readProject(client: GitHubClient, poll: ProjectPoll): Promise<{ project: { id: string; title: string }; items: ProjectItemNode[] }> {
	const lists = [undefined, (await client.scope()).repositories];
	const proof = projectOwnerProof(lists, { owner: poll.owner, number: poll.number });
	const pageLimit = new PageLimit('GitHub');
	const items: ProjectItemNode[] = [];
	let project: { id: string; title: string } | undefined;
	let after: string | null = null;
	while (items.length < MAX_PROJECT_ITEMS) {
		pageLimit.admit(after ?? 'first page');
		const data: { repositoryOwner?: { projectV2?: ({ id: string; title: string; items: Connection<ProjectItemNode> }) | null } | null } =
			await client.graphql(PROJECT_ITEMS_POLL_QUERY, { owner: poll.owner, number: poll.number, first: Math.min(PAGE_SIZE, MAX_PROJECT_ITEMS - items.length), after }, proof);
		const found = data.repositoryOwner?.projectV2;
		if (!found) {
			throw new ServiceAnswerError(
				`GitHub has no project number ${poll.number} of "${poll.owner}" that the credential can read`,
				'Check "Project Owner" and "Project Number" (the number in the project\'s URL), and that the token may read projects (classic tokens: read:project).',
			);
		}
		project = { id: found.id, title: found.title };
		const page = found.items;
		if (!page || !Array.isArray(page.nodes)) {
			throw new ServiceAnswerError('GitHub answered the project items query without a list of items', 'Check the GitHub Server field of the credential.');
		}
		items.push(...page.nodes.filter((node) => node && typeof node === 'object' && typeof node.id === 'string'));
		if (!page.pageInfo?.hasNextPage || !page.pageInfo.endCursor || page.nodes.length === 0) break;
		after = page.pageInfo.endCursor;
	}
	// Under a credential limited to repositories, items of other repositories are not watched; draft issues are.
	const allowed = items.filter((item) => projectItemAllowed(lists, item.content?.repository?.nameWithOwner ?? (item.type === 'DRAFT_ISSUE' ? undefined : '')));
	return { project: project!, items: allowed.slice(0, MAX_PROJECT_ITEMS) };
}

function remembered(item: ProjectItemNode): RememberedItem {
	const content = item.content ?? {};
	return {
		archived: item.isArchived === true,
		fields: fieldValuesByName(Array.isArray(item.fieldValues?.nodes) ? item.fieldValues.nodes.filter(Boolean) : []),
		content: {
			id: content.id ?? null,
			type: item.type,
			number: content.number ?? null,
			title: content.title ?? null,
			url: content.url ?? null,
			state: content.state ?? null,
			repository: content.repository?.nameWithOwner ?? null,
		},
	};
}
