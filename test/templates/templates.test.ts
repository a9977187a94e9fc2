import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { PACKAGE_NAME, packageNodeTypes } from '../harness/nodeTypes';
import type { Template, TemplateNode } from './load';
import { isResourceLocator, loadTemplate, resourceLocators, TEMPLATES_DIR, templateFiles } from './load';

const ROOT = join(__dirname, '..', '..');
const AGENT = '@n8n/n8n-nodes-langchain.agent';
const OPENAI_CHAT_MODEL = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
const MCP_SERVER_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const STRUCTURED_OUTPUT_PARSER = '@n8n/n8n-nodes-langchain.outputParserStructured';
/** n8n's default model of the OpenAI Chat Model (1.3): a model name, not anything of an account. */
const DEFAULT_OPENAI_MODEL = 'gpt-5-mini';
const CORE_NODE_TYPES = new Set([
	AGENT,
	OPENAI_CHAT_MODEL,
	MCP_SERVER_TRIGGER,
	STRUCTURED_OUTPUT_PARSER,
	'n8n-nodes-base.aggregate',
	'n8n-nodes-base.filter',
	'n8n-nodes-base.set',
	'n8n-nodes-base.splitOut',
	'n8n-nodes-base.stickyNote',
]);
/** The templates the README promises; every one of them runs in templates.e2e.test.ts. */
const EXPECTED = [
	'ai-apply-reviewed-fix',
	'ai-explain-failed-ci-run',
	'ai-issue-triage',
	'ai-pull-request-reviewer',
	'failed-ci-run-trello-card',
	'github-issues-trello-cards',
	'github-trello-mcp-tools',
	'release-notes-trello',
	'trello-bug-card-github-issue',
];

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

/** Whether a property is shown for these parameters (only `show` conditions on sibling parameters). */
function shown(property: INodeProperties, parameters: Record<string, unknown>): boolean {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(([name, allowed]) => {
		if (name.startsWith('/') || name.startsWith('@')) return true;
		const value = name in parameters ? parameters[name] : undefined;
		return value === undefined || (allowed as unknown[]).includes(value);
	});
}

function optionValues(property: INodeProperties): unknown[] | undefined {
	if (!property.options || property.typeOptions?.loadOptionsMethod) return undefined;
	return (property.options as INodePropertyOptions[]).map((option) => option.value);
}

/** Problems with one parameter value against the property it sets. */
function checkValue(property: INodeProperties, value: unknown, path: string): string[] {
	if (isExpression(value)) return [];
	const allowed = optionValues(property);
	if (property.type === 'options' && allowed && !allowed.includes(value)) return [`${path}: "${String(value)}" is not an option`];
	if (property.type === 'multiOptions' && allowed) {
		return (value as unknown[]).filter((v) => !allowed.includes(v)).map((v) => `${path}: "${String(v)}" is not an option`);
	}
	if (property.type === 'collection' && value && typeof value === 'object') {
		const options = property.options as INodeProperties[];
		return Object.entries(value).flatMap(([name, inner]) => {
			const option = options.find((o) => o.name === name);
			return option ? checkValue(option, inner, `${path}.${name}`) : [`${path}.${name}: no such option`];
		});
	}
	if (property.type === 'fixedCollection' && value && typeof value === 'object') {
		const groups = property.options as INodePropertyCollection[];
		return Object.keys(value).filter((name) => !groups.some((g) => g.name === name)).map((name) => `${path}.${name}: no such group`);
	}
	return [];
}

/**
 * The two parameters n8n adds to a node's `…Tool` variant (n8n's convertNodeToAiTool): how the
 * tool's description is set and the description itself; `descriptionType` only on nodes with
 * resources and operations.
 */
function toolProperties(properties: INodeProperties[]): INodeProperties[] {
	const operated = properties.some((property) => property.name === 'resource' || property.name === 'operation');
	return [
		...(operated
			? [{ displayName: 'Tool Description', name: 'descriptionType', type: 'options', default: 'auto', options: [{ name: 'Set Automatically', value: 'auto' }, { name: 'Set Manually', value: 'manual' }] } as INodeProperties]
			: []),
		{ displayName: 'Description', name: 'toolDescription', type: 'string', default: '', ...(operated ? { displayOptions: { show: { descriptionType: ['manual'] } } } : {}) },
	];
}

/** Every parameter of a package node must be a property the node shows for these parameters, with a valid value. */
function parameterProblems(node: TemplateNode): string[] {
	const asTool = node.type.endsWith('Tool');
	const type = packageNodeTypes().get(asTool ? node.type.slice(0, -'Tool'.length) : node.type);
	if (!type) return [`no node type ${node.type} in this package`];
	const own = type.description.properties;
	if (asTool && !type.description.usableAsTool) return [`${node.type}: the node is not usable as a tool`];
	const properties = asTool ? [...toolProperties(own), ...own] : own;
	return Object.entries(node.parameters).flatMap(([name, value]) => {
		const property = properties.find((p) => p.name === name && shown(p, node.parameters));
		return property ? checkValue(property, value, name) : [`${name}: no such parameter for these settings`];
	});
}

describe('workflow templates', () => {
	const templates: Array<[string, Template]> = templateFiles().map((file) => [file, loadTemplate(file)]);

	it('are the documented templates', () => {
		expect(templates.map(([file]) => file)).toEqual(EXPECTED);
	});

	it.each(EXPECTED)('%s uses only this package’s nodes and n8n core nodes, with parameters the nodes have', (file) => {
		const template = loadTemplate(file);
		for (const node of template.nodes) {
			if (node.type.startsWith(`${PACKAGE_NAME}.`)) expect({ node: node.name, problems: parameterProblems(node) }).toEqual({ node: node.name, problems: [] });
			else expect(CORE_NODE_TYPES).toContain(node.type);
		}
	});

	it.each(EXPECTED)('%s leaves credentials and ids to the user: no credentials, every id a picker to fill or an expression', (file) => {
		const template = loadTemplate(file);
		for (const node of template.nodes) {
			expect(node.credentials).toBeUndefined();
			for (const { path, locator } of resourceLocators(node.parameters)) {
				// The chat model keeps n8n's own default model; the user changes it with the credential.
				if (node.type === OPENAI_CHAT_MODEL && path === 'model' && locator.mode === 'list' && locator.value === DEFAULT_OPENAI_MODEL) continue;
				const pickedByUser = locator.mode === 'list' && locator.value === '';
				expect({ node: node.name, path, pickedByUser, expression: isExpression(locator.value) }).toEqual(
					expect.objectContaining(pickedByUser ? { pickedByUser: true } : { expression: true }),
				);
			}
			// Board pickers and repository names start empty; no Trello ids, numbers or names of a test account.
			const text = JSON.stringify(node.parameters);
			expect(text).not.toMatch(/(?<![\w$])[0-9a-f]{24}(?![\w])/);
			if (node.type === `${PACKAGE_NAME}.trelloTrigger`) expect(node.parameters.boards).toEqual([]);
			if (node.type === `${PACKAGE_NAME}.gitHubTrigger`) expect(node.parameters.repositories).toEqual([]);
		}
		expect(JSON.stringify(template)).not.toMatch(/octo|127\.0\.0\.1|localhost/);
	});

	it.each(EXPECTED)('%s is a connected workflow: every connection names existing nodes, every node is wired in', (file) => {
		const template = loadTemplate(file);
		const types = new Map(template.nodes.map((node) => [node.name, node.type]));
		const targets = new Set<string>();
		const feedsAgent = new Set<string>();
		for (const [source, byType] of Object.entries(template.connections)) {
			expect(types.has(source)).toBe(true);
			for (const [connectionType, outputs] of Object.entries(byType)) {
				for (const link of outputs.flat()) {
					expect({ source, target: link.node, exists: types.has(link.node), type: link.type }).toEqual({ source, target: link.node, exists: true, type: connectionType });
					if (connectionType === 'main') targets.add(link.node);
					else {
						// A model, tool or output parser plugs into an AI Agent (a tool also into an MCP Server Trigger), never into a main input.
						const sink = connectionType === 'ai_tool' && types.get(link.node) === MCP_SERVER_TRIGGER ? MCP_SERVER_TRIGGER : AGENT;
						expect({ source, target: types.get(link.node) }).toEqual({ source, target: sink });
						feedsAgent.add(source);
					}
				}
			}
		}
		for (const node of template.nodes) {
			const startsRuns = /Trigger$/.test(node.type) || node.type === 'n8n-nodes-base.stickyNote';
			const subNode = node.type === OPENAI_CHAT_MODEL || node.type === STRUCTURED_OUTPUT_PARSER || node.type.endsWith('Tool');
			const connected = startsRuns || (subNode ? feedsAgent.has(node.name) : targets.has(node.name));
			expect({ node: node.name, connected }).toEqual({ node: node.name, connected: true });
		}
	});

	it('each template has a section in templates/README.md and the main README, both with its canvas picture', () => {
		const templatesReadme = readFileSync(join(TEMPLATES_DIR, 'README.md'), 'utf8');
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		for (const [file, template] of templates) {
			expect(templatesReadme).toContain(`## ${template.name}`);
			expect(templatesReadme).toContain(`(${file}.json)`);
			expect(readme).toContain(`templates/${file}.json`);
			// Taken by test/editor/templates.e2e.test.ts (npm run screenshots).
			const picture = readFileSync(join(ROOT, 'docs', 'images', 'templates', `${file}.png`));
			expect(picture.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
			expect(templatesReadme).toContain(`](../docs/images/templates/${file}.png)`);
			expect(readme).toContain(`](docs/images/templates/${file}.png)`);
		}
	});
});

// A picker check that cannot pass vacuously: the helper finds locators nested in collections too.
describe('resourceLocators', () => {
	it('finds nested locators with their paths', () => {
		const found = resourceLocators({ a: { __rl: true, mode: 'list', value: '' }, b: { c: { __rl: true, mode: 'id', value: '=x' } }, d: 'e' });
		expect(found.map((f) => f.path)).toEqual(['a', 'b.c']);
		expect(isResourceLocator(found[1].locator)).toBe(true);
	});
});
