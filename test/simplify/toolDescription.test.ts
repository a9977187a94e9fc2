import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeTypeDescription } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GithubApiCall } from '../../nodes/GitHub/GithubApiCall.node';
import type { GitHubOperationKey } from '../../nodes/GitHub/actions/catalogue';
import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { Trello } from '../../nodes/Trello/Trello.node';
import { TrelloApiCall } from '../../nodes/Trello/TrelloApiCall.node';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { findRow } from '../../nodes/shared/operationKeys';
import { GITHUB_FIELD_SETS } from '../../nodes/GitHub/actions/fieldSets';
import { TRELLO_FIELD_SETS } from '../../nodes/Trello/actions/fieldSets';
import { GITHUB_TRUST_MEANING } from '../../nodes/GitHub/trustedContent';
import { TRELLO_TRUST_MEANING } from '../../nodes/Trello/trustedMembers';
import { authoredFields } from '../../nodes/shared/simplify';
import type { OperationRow } from '../../nodes/shared/rowEngine';
import { toolAction, toolArguments } from '../../nodes/shared/rowEngine';

const node = (parameters: INode['parameters']): INode => ({
	id: '1',
	name: 'Tool',
	type: 'x',
	typeVersion: 1,
	position: [0, 0],
	parameters,
});

/**
 * The editor's tool variant as n8n builds it (n8n/dist/tool-generation/ai-tools.js): the
 * replacements spread over a copy of the description, then made a tool (ai_tool output).
 */
function editorToolVariant(description: INodeTypeDescription): INodeTypeDescription {
	const usable = description.usableAsTool;
	const replacements = typeof usable === 'object' ? usable.replacements : {};
	return { ...structuredClone(description), ...replacements, outputs: ['ai_tool'], inputs: [] } as INodeTypeDescription;
}

describe('tool descriptions a model sees (n8n: "<action> in <node name>")', () => {
	it('Create Issue takes the repository as owner/name (no owner argument), returns the issue and says it changes data', () => {
		const description = new GitHub().description;
		const text = NodeHelpers.getToolDescriptionForNode(node({ resource: 'issue', operation: 'create' }), { description } as never);
		expect(text).toBe('Create an issue (takes Repository (owner/name), Title; optionally Body, Labels, Assignees; returns the issue with trust: writer, outsider or unknown (can its author write to the repository?); changes data) in GitHub Toolkit');
	});

	it('reads, deletions and GraphQL reads say so; a list says it returns a list', () => {
		const trello = new Trello().description;
		expect(NodeHelpers.getToolDescriptionForNode(node({ resource: 'list', operation: 'getCards' }), { description: trello } as never)).toBe(
			'Get the cards of a list (takes List; returns a list of card objects, each with trust: writer, outsider or unknown (is its author a board admin or trusted member?); read-only) in Trello Toolkit',
		);
		const row = (key: GitHubOperationKey) => findRow(GITHUB_ROWS, key)!;
		expect(toolAction(row('label.delete'))).toMatch(/; deletes data\)$/);
		expect(toolAction(row('discussion.list'))).toMatch(/; read-only\)$/);
		expect(toolAction(row('repository.unstar'))).toMatch(/; changes data\)$/);
	});

	it.each([
		['GitHub', GITHUB_ROWS],
		['Trello', TRELLO_ROWS],
	] as const)('every %s tool action names the fields shown for its row, required ones first (a repository stands for its owner)', (_service, rows) => {
		for (const row of rows) {
			const shown = row.fields.filter((field) => !field.optional && !field.pickerOnly);
			const picksRepository = (field: (typeof shown)[number]) => field.identifies === 'repository' && field.type === 'resourceLocator';
			const repository = shown.some((field) => field.required && picksRepository(field));
			const kept = shown.filter((field) => !(repository && field.identifies === 'owner'));
			const name = (field: (typeof shown)[number]) => (picksRepository(field) ? `${field.displayName} (owner/name)` : field.displayName);
			const required = kept.filter((field) => field.required).map(name);
			const optional = kept.filter((field) => !field.required).map(name);
			expect(toolArguments(row)).toEqual({ required, optional });
			expect(toolAction(row)).toContain(
				`(takes ${required.length ? required.join(', ') : 'no arguments'}${optional.length ? `; optionally ${optional.join(', ')}` : ''}; returns `,
			);
			if (repository) expect(toolAction(row)).not.toContain('Repository Owner');
		}
	});

	it.each([
		['GitHub', new GitHub().description, GITHUB_ROWS, GITHUB_FIELD_SETS, GITHUB_TRUST_MEANING],
		['Trello', new Trello().description, TRELLO_ROWS, TRELLO_FIELD_SETS, TRELLO_TRUST_MEANING],
	] as const)('every %s tool action that returns authored text says what its trust label means, and no other does', (_service, description, rows, fieldSets, meaning) => {
		const actions = description.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => (property.options as Array<{ value: string; action: string }>).map((option) => ({ resource: property.displayOptions?.show?.resource?.[0], ...option })));
		const labelled = (row: OperationRow) => Boolean(row.objectType && fieldSets[row.objectType] && authoredFields(fieldSets[row.objectType]).length);
		let told = 0;
		for (const row of rows as readonly OperationRow[]) {
			const action = actions.find((option) => option.resource === row.resource && option.value === row.operation)?.action ?? '';
			expect([row.resource, row.operation, action.includes(`with ${meaning};`)]).toEqual([row.resource, row.operation, labelled(row)]);
			if (labelled(row)) told++;
		}
		// Both kinds exist: the check above can fail either way.
		expect(told).toBeGreaterThan(0);
		expect(told).toBeLessThan(rows.length);
	});

	it('a new tool node is named after its operation and stays distinct; the main node keeps its plain name', () => {
		const github = new GitHub().description;
		const tool = editorToolVariant(github);
		expect(NodeHelpers.makeNodeName({ resource: 'issue', operation: 'create' }, tool)).toBe('Create an issue in GitHub Toolkit');
		expect(NodeHelpers.makeNodeName({ resource: 'issue', operation: 'getAll' }, tool)).not.toBe('Create an issue in GitHub Toolkit');
		expect(NodeHelpers.makeNodeName({ resource: 'issue', operation: 'create' }, github)).toBe('GitHub Toolkit');
		const trello = editorToolVariant(new Trello().description);
		expect(NodeHelpers.makeNodeName({ resource: 'card', operation: 'create' }, trello)).toBe('Create a card in Trello Toolkit');
		// Every operation of a resource gives its own name.
		for (const [description, rows] of [
			[tool, GITHUB_ROWS],
			[trello, TRELLO_ROWS],
		] as const) {
			const current = rows.filter((row) => row.retiredInVersion === undefined);
			const names = current.map((row) => NodeHelpers.makeNodeName({ resource: row.resource, operation: row.operation }, description));
			expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
		}
	});

	it.each([
		['GitHub', new GithubApiCall().description, 'Call the GitHub REST API'],
		['Trello', new TrelloApiCall().description, 'Call the Trello REST API'],
	] as const)('the %s API Call tool runs with its agent text as description and is named by what it does', (service, description, name) => {
		// At run time n8n builds the tool from the node's own description (no replacements).
		const text = NodeHelpers.getToolDescriptionForNode(node({ method: 'GET', endpoint: '/x' }), { description } as never);
		expect(text).toBe(description.description);
		expect(text).toContain(`Sends one request to a ${service} REST path relative to the credential's API server`);
		expect(text).toContain('never a full URL');
		expect(text).toContain('with the HTTP method set on this node');
		expect(text).toContain('Refused before sending when the path is outside the credential\'s scope or the credential is read-only');
		expect(NodeHelpers.makeNodeName({ method: 'GET' }, editorToolVariant(description))).toBe(name);
		expect(NodeHelpers.makeNodeName({ method: 'GET' }, description)).toBe(`${service} Toolkit API Call`);
	});
});
