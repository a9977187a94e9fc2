import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Trello } from '../../nodes/Trello/Trello.node';
import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { comment } from './fixtures/ids';
import { credentialsFor, expectAuthenticated, rl, trelloApi } from './support';

beforeEach(() => resetTrelloRateLimitState());

const description = new Trello().description;
const SHORT_LINK = 'AbCd1234';

function trelloNode(typeVersion: number, parameters: INodeParameters): INode {
	const node = packageNode('Trello', 'trello', { authentication: 'keyToken', simplify: false, ...parameters }, { trelloKeyTokenApi: 'key-token' });
	return { ...node, typeVersion };
}

/** The Comment operations n8n's editor offers a node of this version. */
function commentOperations(typeVersion: number): string[] {
	const node = trelloNode(typeVersion, { resource: 'comment' });
	return description.properties
		.filter((property) => property.name === 'operation' && NodeHelpers.displayParameter(node.parameters, property, node, description))
		.flatMap((property) => (property.options ?? []).map((option) => String((option as { value: string }).value)));
}

/** What n8n's node creator lists for the Comment resource: the operation selector of the default version. */
function creatorCommentActions(): string[] {
	const version = description.defaultVersion!;
	const selector = description.properties.find(
		(property) =>
			property.name === 'operation' &&
			property.displayOptions?.show?.resource?.includes('comment') &&
			NodeHelpers.checkConditions(property.displayOptions.show['@version'] ?? [version], [version]),
	);
	return (selector?.options ?? []).map((option) => String((option as { action?: string }).action));
}

async function run(node: INode) {
	return await runWorkflow(singleNodeWorkflow(node), { credentials: credentialsFor() });
}

describe('Trello Comment: Add to Card takes a short link; Add (Legacy) only in version 1 nodes', () => {
	it('new nodes are version 1.1 and do not offer Add (Legacy); version 1 nodes keep it', () => {
		expect(description.version).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(1.1);
		expect(commentOperations(1.1)).toEqual(['addReaction', 'addToCard', 'delete', 'deleteReaction', 'getAll', 'getReactions', 'update']);
		expect(commentOperations(1)).toEqual(['add', 'addReaction', 'addToCard', 'delete', 'deleteReaction', 'getAll', 'getReactions', 'update']);
		expect(creatorCommentActions()).toEqual([
			'React to a comment with an emoji (takes Comment, Emoji; returns the reaction; changes data)',
			'Add a comment to a card (takes Card, Text; returns the action with trust: writer, outsider or unknown (is its author a board admin or trusted member?); changes data)',
			'Delete a comment (takes Card, Comment; returns the result; deletes data)',
			'Remove a reaction from a comment (takes Comment, Reaction ID; returns the result; deletes data)',
			'Get the comments of a card (takes Card; returns a list of action objects, each with trust: writer, outsider or unknown (is its author a board admin or trusted member?); read-only)',
			'Get the reactions to a comment (takes Comment; returns a list of reaction objects; read-only)',
			'Update a comment (takes Card, Comment, Text; returns the action with trust: writer, outsider or unknown (is its author a board admin or trusted member?); changes data)',
		]);
	});

	it('a version 1 workflow with Add (Legacy) still runs: same request, the comment out', async () => {
		const api = trelloApi([{ method: 'POST', path: `/1/cards/${SHORT_LINK}/actions/comments`, reply: comment }]);
		const result = await run(trelloNode(1, { resource: 'comment', operation: 'add', cardId: SHORT_LINK, text: 'Shipped' }));
		expect(result.json('Trello')).toEqual([comment]);
		expect(api.sent()).toEqual([{ method: 'POST', path: `/1/cards/${SHORT_LINK}/actions/comments`, query: { text: 'Shipped' } }]);
		expectAuthenticated(api.recorded[0], 'keyToken');
	});

	it('Add to Card on a new node takes a short link by ID, as the legacy operation did: same request, same item', async () => {
		const parameters = { resource: 'comment', operation: 'addToCard', card: rl(SHORT_LINK), text: 'Shipped' };
		const node = trelloNode(1.1, parameters);
		expect(NodeHelpers.getNodeParametersIssues(description.properties, node, description)).toBeNull();
		const api = trelloApi([{ method: 'POST', path: `/1/cards/${SHORT_LINK}/actions/comments`, reply: comment }]);
		const result = await run(node);
		expect(result.json('Trello')).toEqual([comment]);
		expect(api.sent()).toEqual([{ method: 'POST', path: `/1/cards/${SHORT_LINK}/actions/comments`, query: { text: 'Shipped' } }]);
	});

	it.each([['5abbe4b7ddc1b351ef961414', null], ['Ab-Cd/12', 'invalid'], ['AbCd12345', 'invalid']])(
		'the card ID field checks "%s" in the editor: %s',
		(value, expected) => {
			const node = trelloNode(1.1, { resource: 'comment', operation: 'addToCard', card: rl(value), text: 'x' });
			const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
			expect(issues === null ? null : issues.parameters?.card).toEqual(
				expected === null ? null : ['Not a Trello card ID (24 hexadecimal characters) or short link (8 letters and digits)'],
			);
		},
	);
});
