import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ScopeProof } from '../../scope';
import { projectItemAllowed, projectOwnerProof } from '../../scope';
import { proven, repositoryLists } from '../graphql';
import type { GitHubRowRun } from '../types';
import type { FieldNode } from './handlers';
import { itemsOf, projectOf, projectWithFields } from './handlers';
import { fieldValue, sameName, SETTABLE } from './items';

/**
 * Updates sent in one request. GitHub documents no cap on mutations per request, but a 10-second
 * timeout per request (a request cut off leaves unknown which of its updates were written) and
 * secondary limits counted per request (mutations 5 points of 2,000 a minute, 80 content-creating
 * requests a minute): 20 keeps each request short and a 100-item run at 5 mutation requests.
 */
export const UPDATE_BATCH_SIZE = 20;

/** The items named in a batch: their project and the repository of their issue or pull request. */
export const ITEMS_BY_ID_QUERY = `query($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on ProjectV2Item {
      id
      type
      project { id }
      content {
        ... on Issue { repository { nameWithOwner } }
        ... on PullRequest { repository { nameWithOwner } }
      }
    }
  }
}`;

/** One `updateProjectV2ItemFieldValue` per update, aliased u0, u1, … so each answers (or fails) on its own. */
export function updateItemsMutation(count: number): string {
	const indexes = Array.from({ length: count }, (_, index) => index);
	const variables = indexes.map((index) => `$item${index}: ID!, $field${index}: ID!, $value${index}: ProjectV2FieldValue!`).join(', ');
	const fields = indexes.map(
		(index) => `  u${index}: updateProjectV2ItemFieldValue(input: {projectId: $project, itemId: $item${index}, fieldId: $field${index}, value: $value${index}}) { projectV2Item { id } }`,
	);
	return `mutation($project: ID!, ${variables}) {\n${fields.join('\n')}\n}`;
}

interface Update {
	itemId: string;
	field: string;
	given: string;
}

interface Planned extends Update {
	fieldId: string;
	value: IDataObject;
	shown: string | number;
}

type Outcome = IDataObject & { itemId: string; field: string; status: 'updated' | 'error' };

function readUpdates(input: GitHubRowRun): Update[] {
	const listed = (input.values.updates ?? []) as IDataObject[];
	const bad = (index: number, problem: string) =>
		new NodeOperationError(input.ctx.getNode(), `Entry ${index + 1} of "Updates (JSON)" ${problem}`, {
			itemIndex: input.itemIndex,
			description: 'Give each entry as {"itemId": "PVTI_…", "field": "Status", "value": "Done"}: the item ID from List Items, the field\'s name and the value as shown in the project.',
		});
	if (listed.length === 0) throw bad(0, 'is missing: the list is empty');
	return listed.map((entry, index) => {
		const itemId = typeof entry.itemId === 'string' ? entry.itemId.trim() : '';
		const field = typeof entry.field === 'string' ? entry.field.trim() : '';
		const value = entry.value;
		if (!itemId) throw bad(index, 'has no "itemId"');
		if (!field) throw bad(index, 'has no "field"');
		if (typeof value !== 'string' && typeof value !== 'number') throw bad(index, 'has no "value" (text or a number)');
		if (String(value).trim() === '') throw bad(index, 'has an empty "value" (Update Item Field with "Clear Value" empties a field)');
		return { itemId, field, given: String(value) };
	});
}

const failed = (update: Update, message: string): Outcome => ({ itemId: update.itemId, field: update.field, status: 'error', error: message });

/** The update's field and value as the mutation takes them, or its outcome when it cannot be sent. */
function plan(input: GitHubRowRun, fields: FieldNode[], update: Update): Planned | Outcome {
	const field = fields.find((candidate) => sameName(String(candidate.name), update.field));
	if (!field?.id) {
		const settable = fields.filter((candidate) => SETTABLE.includes(String(candidate.dataType))).map((candidate) => candidate.name);
		return failed(update, `The project has no field named "${update.field}"; use one of: ${settable.join(', ')}`);
	}
	try {
		const { value, shown } = fieldValue(input, field, update.given);
		return { ...update, field: String(field.name), fieldId: field.id, value, shown };
	} catch (error) {
		const { message, description } = error as NodeOperationError;
		return failed(update, description ? `${message}; ${String(description).replace(/\.$/, '')}` : message);
	}
}

/** Sends one batch: the items checked (this project, an allowed repository), then one request of aliased mutations. */
async function sendBatch(input: GitHubRowRun, project: { id: string }, lists: Awaited<ReturnType<typeof repositoryLists>>, proof: ScopeProof, batch: Planned[]): Promise<Outcome[]> {
	const found = await input.client.graphql<{ nodes: Array<{ id?: string; type?: string; project?: { id: string }; content?: { repository?: { nameWithOwner: string } } | null } | null> }>(
		ITEMS_BY_ID_QUERY,
		{ ids: batch.map((update) => update.itemId) },
		proof,
	);
	const outcomes = new Map<Planned, Outcome>();
	const sendable = batch.filter((update, index) => {
		const node = found.nodes?.[index];
		if (!node?.id || node.project?.id !== project.id) outcomes.set(update, failed(update, 'No item with this ID in the project; take the item ID from Project → List Items'));
		else if (!projectItemAllowed(lists, node.content?.repository?.nameWithOwner ?? (node.type === 'DRAFT_ISSUE' ? undefined : ''))) {
			outcomes.set(update, failed(update, `Refused: the item's issue or pull request (${node.content?.repository?.nameWithOwner ?? 'unknown repository'}) is outside the allowed repositories`));
		}
		return !outcomes.has(update);
	});
	if (sendable.length > 0) {
		const variables: IDataObject = { project: project.id };
		sendable.forEach((update, index) => Object.assign(variables, { [`item${index}`]: update.itemId, [`field${index}`]: update.fieldId, [`value${index}`]: update.value }));
		const answer = await input.client.graphqlPartial<IDataObject>(updateItemsMutation(sendable.length), variables, proof);
		sendable.forEach((update, index) => {
			const errors = answer.errors.filter((error) => error.path[0] === `u${index}`);
			const updated = (answer.data[`u${index}`] as { projectV2Item?: { id?: string } } | null | undefined)?.projectV2Item?.id;
			outcomes.set(
				update,
				updated && errors.length === 0
					? { itemId: update.itemId, field: update.field, fieldId: update.fieldId, value: update.shown, status: 'updated' }
					: failed(update, errors.map((error) => error.message).join('; ') || 'GitHub answered without the updated item'),
			);
		});
	}
	return batch.map((update) => outcomes.get(update)!);
}

/** Sets fields of several project items, UPDATE_BATCH_SIZE per request; one item per outcome, in the order given. */
export async function updateItems(input: GitHubRowRun) {
	const project = projectOf(input, true);
	const updates = readUpdates(input);
	const lists = await repositoryLists(input);
	const proof = proven(input, () => projectOwnerProof(lists, project));
	const found = await projectWithFields(input, project, proof);
	const fields = (found.fields?.nodes ?? []).filter((field) => field?.id && field.name);
	const planned = updates.map((update) => plan(input, fields, update));
	const outcomes: Outcome[] = planned.map((entry) => ('status' in entry ? entry : (undefined as unknown as Outcome)));
	const pending = planned.map((entry, index) => ({ entry, index })).filter((entry): entry is { entry: Planned; index: number } => !('status' in entry.entry));
	for (let start = 0; start < pending.length; start += UPDATE_BATCH_SIZE) {
		const batch = pending.slice(start, start + UPDATE_BATCH_SIZE);
		const results = await sendBatch(input, found, lists, proof, batch.map((entry) => entry.entry));
		batch.forEach((entry, at) => (outcomes[entry.index] = results[at]));
	}
	return itemsOf(input, outcomes.map((outcome) => ({ projectId: found.id, projectTitle: found.title, ...outcome })));
}
