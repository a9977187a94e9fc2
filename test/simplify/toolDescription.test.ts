import { NodeHelpers } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GithubApiCall } from '../../nodes/GitHub/GithubApiCall.node';
import { Trello } from '../../nodes/Trello/Trello.node';

const node = (parameters: INode['parameters']): INode => ({
	id: '1',
	name: 'Tool',
	type: 'x',
	typeVersion: 1,
	position: [0, 0],
	parameters,
});

describe('tool descriptions an AI Agent sees', () => {
	it('an operation says what it needs and what it returns (n8n: "<action> in <node name>")', () => {
		const description = new GitHub().description;
		const text = NodeHelpers.getToolDescriptionForNode(node({ resource: 'issue', operation: 'create' }), { description } as never);
		expect(text).toBe(`Create an issue (needs Repository Owner, Repository, Title; returns the issue) in ${description.defaults.name}`);
		const trello = new Trello().description;
		expect(NodeHelpers.getToolDescriptionForNode(node({ resource: 'list', operation: 'getCards' }), { description: trello } as never)).toMatch(
			/\(needs List; returns a list of card objects\) in /,
		);
	});

	it('the API Call tool says it sends the node’s method to a path relative to the credential’s server', () => {
		const usable = new GithubApiCall().description.usableAsTool as { replacements: { description: string } };
		expect(usable.replacements.description).toContain('HTTP method set on this node');
		expect(usable.replacements.description).toContain("relative to the credential's API server");
	});
});
