/**
 * Converts workflows built with n8n's own GitHub and Trello nodes into ones built with this
 * package's nodes. Pure: no files, no network; the command line (bin/) does the reading and writing.
 */
import type { OutputChange } from './expressions';
import { rewriteReads } from './expressions';
import { DIFFERENCES } from './differences';
import { GITHUB_MAPPINGS } from './github';
import type { Destination, OperationMapping } from './mapping';
import { TRELLO_MAPPINGS } from './trello';
import { convertGitHubTrigger, convertTrelloTrigger, GITHUB_TRIGGER_LOST, GITHUB_TRIGGER_READS } from './triggers';
import type { JsonObject, MigrateOptions, MigrationReport, NodeReport, Workflow, WorkflowNode } from './types';
import { NotConvertible } from './types';
import { N8nParameters } from './values';

export type { MigrateOptions, MigrationReport, NodeReport, Workflow } from './types';
export { GITHUB_MAPPINGS } from './github';
export { TRELLO_MAPPINGS } from './trello';
export { DIFFERENCES } from './differences';

export const PACKAGE = 'n8n-nodes-github-trello';

/** This package's node versions a converted node gets (the newest of each). */
export const TARGET_VERSIONS = {
	gitHub: 1,
	githubApiCall: 1,
	gitHubTrigger: 1.1,
	trello: 1.1,
	trelloApiCall: 1,
	trelloTrigger: 1.1,
} as const;

type Service = 'github' | 'trello';
type Kind = 'action' | 'tool' | 'trigger';

const SOURCE_TYPES: Record<string, { service: Service; kind: Kind }> = {
	'n8n-nodes-base.github': { service: 'github', kind: 'action' },
	'n8n-nodes-base.githubTool': { service: 'github', kind: 'tool' },
	'n8n-nodes-base.githubTrigger': { service: 'github', kind: 'trigger' },
	'n8n-nodes-base.trello': { service: 'trello', kind: 'action' },
	'n8n-nodes-base.trelloTool': { service: 'trello', kind: 'tool' },
	'n8n-nodes-base.trelloTrigger': { service: 'trello', kind: 'trigger' },
};

/** n8n's credential types and authentication values, and this package's. */
const CREDENTIALS: Record<string, { credential: string; authentication: string; label: string }> = {
	githubApi: { credential: 'githubAccessTokenApi', authentication: 'accessToken', label: 'GitHub Access Token' },
	githubOAuth2Api: { credential: 'githubServerOAuth2Api', authentication: 'oAuth2', label: 'GitHub OAuth2' },
	githubAppApi: { credential: 'githubServerAppApi', authentication: 'githubApp', label: 'GitHub App' },
	trelloApi: { credential: 'trelloKeyTokenApi', authentication: 'keyToken', label: 'Trello API Key and Token' },
	trelloOAuth1Api: { credential: 'trelloOAuth10aApi', authentication: 'oAuth1', label: 'Trello OAuth 1.0a' },
};
const AUTHENTICATION_CREDENTIAL: Record<string, string> = {
	'github:accessToken': 'githubApi',
	'github:oAuth2': 'githubOAuth2Api',
	'github:githubApp': 'githubAppApi',
	'github:githubAppApi': 'githubAppApi',
	'trello:apiKey': 'trelloApi',
	'trello:oAuth1': 'trelloOAuth1Api',
};

const MAPPINGS: Record<Service, Map<string, OperationMapping>> = {
	github: new Map(GITHUB_MAPPINGS.map((m) => [m.from, m])),
	trello: new Map(TRELLO_MAPPINGS.map((m) => [m.from, m])),
};

/** Bounds for hostile input: a workflow n8n itself could not open is refused, not walked. */
export const LIMITS = { nodes: 5000, nameLength: 1000 };

const TOOL_KEYS = ['descriptionType', 'toolDescription'];

interface Converted {
	node: WorkflowNode;
	report: NodeReport;
	output?: OutputChange;
}

function credentialFor(service: Service, node: WorkflowNode, parameters: N8nParameters, notes: string[]) {
	const saved = Object.keys(node.credentials ?? {});
	const sourceType = saved.find((type) => CREDENTIALS[type]) ?? AUTHENTICATION_CREDENTIAL[`${service}:${String(parameters.get('authentication'))}`];
	const target = sourceType ? CREDENTIALS[sourceType] : undefined;
	if (!target) {
		notes.push(`credential type "${saved[0] ?? parameters.get('authentication')}" has no counterpart here; choose a ${service === 'github' ? 'GitHub' : 'Trello'} credential in the node`);
		return { authentication: service === 'github' ? 'accessToken' : 'keyToken' };
	}
	const was = sourceType ? node.credentials?.[sourceType]?.name : undefined;
	notes.push(`link a "${target.label}" credential (${target.credential})${was ? `; this node used "${was}"` : ''}: credentials are not carried over`);
	return { authentication: target.authentication };
}

function targetOf(service: Service, kind: Kind, to: Destination | 'trigger'): { type: string; typeVersion: number } {
	const name =
		to === 'trigger'
			? service === 'github'
				? 'gitHubTrigger'
				: 'trelloTrigger'
			: to === 'apiCall'
				? service === 'github'
					? 'githubApiCall'
					: 'trelloApiCall'
				: service === 'github'
					? 'gitHub'
					: 'trello';
	const typeVersion = TARGET_VERSIONS[name];
	const tool = kind === 'tool' && to !== 'trigger';
	return { type: `${PACKAGE}.${name}${tool ? 'Tool' : ''}`, typeVersion };
}

function convertNode(node: WorkflowNode, options: MigrateOptions): Converted | undefined {
	const source = SOURCE_TYPES[node.type];
	if (!source) return undefined;
	const typeVersion = typeof node.typeVersion === 'number' ? node.typeVersion : 1;
	const report: NodeReport = { name: node.name, from: { type: node.type, typeVersion }, to: null, status: 'not-converted', notes: [] };
	try {
		const raw = node.parameters && typeof node.parameters === 'object' && !Array.isArray(node.parameters) ? node.parameters : {};
		const baseName = node.type.replace(/^n8n-nodes-base\./, '').replace(/Tool$/, '');
		const parameters = new N8nParameters(baseName, typeVersion, raw);
		const notes: string[] = [];
		const auth = credentialFor(source.service, node, parameters, notes);
		let converted: JsonObject;
		let to: Destination | 'trigger';
		let output: OutputChange | undefined;
		if (source.kind === 'trigger') {
			to = 'trigger';
			converted = source.service === 'github' ? convertGitHubTrigger(parameters, notes) : convertTrelloTrigger(parameters, notes);
			if (source.service === 'github') output = { node: node.name, rewrites: GITHUB_TRIGGER_READS, lost: GITHUB_TRIGGER_LOST };
			else output = { node: node.name, rewrites: [{ from: /^\.webhook\.id\b/, to: '.webhookId', what: 'the webhook’s id' }], lost: /^\.(webhook|model\.(?!id\b|name\b))/ };
		} else {
			const key = `${parameters.resource}.${parameters.operation}`;
			const mapping = MAPPINGS[source.service].get(key);
			if (!mapping) throw new NotConvertible(`operation "${key}" is not known to the converter`);
			const result = mapping.convert(parameters, notes);
			to = mapping.to;
			if (result.apiCall === true) {
				to = 'apiCall';
				delete result.apiCall;
			}
			const operation = typeof result.operation === 'string' ? result.operation : undefined;
			delete result.operation;
			converted = to === 'apiCall' ? result : { resource: (to as { resource: string }).resource, operation: operation ?? (to as { operation: string }).operation, ...result };
			if (to === 'apiCall') notes.push(`no operation here sends this request; it runs as the ${source.service === 'github' ? 'GitHub' : 'Trello'} API Call node with the same method and path`);
			if (options.simplify && converted.simplify === false) converted.simplify = true;
			const difference = DIFFERENCES[`${source.service}:${key}`];
			if (key === 'file.get' && parameters.get('asBinaryProperty') === false) {
				output = { node: node.name, rewrites: [], note: 'this node now outputs the file as text, not GitHub’s base64 JSON; check what this reads' };
			} else if (difference?.output) {
				notes.push(`the output differs from n8n's: ${difference.what}`);
				output = { node: node.name, rewrites: [], note: `reads ${titleCaseKey(key)} output, which differs from n8n's (see the node's notes)` };
			}
		}
		if (options.simplify && source.kind !== 'trigger') notes.push('Simplify is on: items are the simplified objects, so expressions downstream may read fields that are no longer there');
		const tool = source.kind === 'tool' ? Object.fromEntries(TOOL_KEYS.filter((k) => k in raw).map((k) => [k, raw[k]])) : {};
		const target = targetOf(source.service, source.kind, to);
		const { credentials: _dropped, ...rest } = node;
		void _dropped;
		const out: WorkflowNode = { ...rest, type: target.type, typeVersion: target.typeVersion, parameters: { ...auth, ...converted, ...tool } };
		if (source.kind === 'trigger') out.webhookId = newWebhookId();
		report.to = target;
		report.notes = notes;
		report.status = notes.some((n) => !n.startsWith('link a ')) ? 'converted-with-notes' : 'converted';
		return { node: out, report, output };
	} catch (error) {
		if (!(error instanceof NotConvertible)) throw error;
		report.notes = [`${error.message}; the node was kept as it is`];
		return { node, report };
	}
}

const titleCaseKey = (key: string) => key.replace('.', ' → ');

/** A fresh webhook id, so the copy never takes over the original's webhook path. */
function newWebhookId(): string {
	const hex = () => Math.floor(Math.random() * 16).toString(16);
	const part = (n: number) => Array.from({ length: n }, hex).join('');
	return `${part(8)}-${part(4)}-4${part(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${part(3)}-${part(12)}`;
}

function problemsOf(input: unknown): string[] {
	if (!input || typeof input !== 'object' || Array.isArray(input)) return ['not a workflow: expected an object with "nodes" and "connections"'];
	const workflow = input as Partial<Workflow>;
	if (!Array.isArray(workflow.nodes)) return ['not a workflow: it has no "nodes" list'];
	if (workflow.nodes.length > LIMITS.nodes) return [`the workflow has ${workflow.nodes.length} nodes, more than ${LIMITS.nodes}; n8n could not open it either`];
	const problems: string[] = [];
	const names = new Set<string>();
	workflow.nodes.forEach((node, i) => {
		if (!node || typeof node !== 'object' || typeof node.name !== 'string' || typeof node.type !== 'string') problems.push(`node ${i + 1} has no name or type`);
		else if (node.name.length > LIMITS.nameLength) problems.push(`node ${i + 1}'s name is longer than ${LIMITS.nameLength} characters`);
		else if (names.has(node.name)) problems.push(`two nodes are named "${node.name}"`);
		else names.add(node.name);
	});
	if (problems.length) return problems;
	for (const [from, outputs] of Object.entries(workflow.connections ?? {})) {
		if (!names.has(from)) problems.push(`connections start from "${from}", which is not a node of the workflow`);
		for (const branches of Object.values(outputs ?? {})) {
			for (const branch of Array.isArray(branches) ? branches : []) {
				for (const connection of Array.isArray(branch) ? branch : []) {
					if (connection && !names.has(connection.node)) problems.push(`"${from}" connects to "${connection.node}", which is not a node of the workflow`);
				}
			}
		}
	}
	return problems;
}

/**
 * The copy is a new workflow: imported with the original's id it would replace the original, and
 * the original triggers' saved state (n8n's hook ids and secrets) means nothing to this package's.
 */
const IDENTITY_FIELDS = ['id', 'versionId', 'activeVersionId', 'staticData', 'shared', 'triggerCount', 'isArchived'];

function forgetIdentity(workflow: Workflow): void {
	for (const field of IDENTITY_FIELDS) delete workflow[field];
	if ('active' in workflow) workflow.active = false;
}

/**
 * The workflow with every convertible GitHub and Trello node of n8n's replaced by this package's,
 * and a report of what was done. The input is not changed. A workflow that cannot be read gives
 * `workflow: null` and the reason in `report.problems`.
 */
export function migrateWorkflow(input: unknown, options: MigrateOptions = {}): { workflow: Workflow | null; report: MigrationReport } {
	const report: MigrationReport = { nodes: [], problems: [], expressions: [] };
	const problems = problemsOf(input);
	const fatal = problems.filter((p) => p.startsWith('not a workflow') || p.includes('more than') || p.includes('no name or type') || p.includes('two nodes') || p.includes('longer than'));
	report.problems = problems;
	if (fatal.length) return { workflow: null, report };
	let workflow: Workflow;
	try {
		workflow = JSON.parse(JSON.stringify(input)) as Workflow;
	} catch (error) {
		report.problems.push(`the workflow cannot be copied as JSON (${(error as Error).message})`);
		return { workflow: null, report };
	}
	forgetIdentity(workflow);
	const changes: OutputChange[] = [];
	workflow.nodes = workflow.nodes.map((node) => {
		const converted = convertNode(node, options);
		if (!converted) return node;
		report.nodes.push(converted.report);
		if (converted.output) changes.push(converted.output);
		return converted.node;
	});
	rewriteReads(workflow, changes, report);
	return { workflow, report };
}

/** The report as lines a person reads. */
export function formatReport(report: MigrationReport, title?: string): string {
	const lines: string[] = [];
	if (title) lines.push(title);
	for (const problem of report.problems) lines.push(`  ! ${problem}`);
	if (!report.nodes.length && !report.problems.length) lines.push('  (no GitHub or Trello node of n8n’s)');
	for (const node of report.nodes) {
		const mark = node.status === 'converted' ? '✓' : node.status === 'converted-with-notes' ? '~' : '✗';
		const to = node.to ? `${node.to.type} v${node.to.typeVersion}` : 'not converted';
		lines.push(`  ${mark} ${node.name}: ${node.from.type} v${node.from.typeVersion} → ${to}`);
		for (const note of node.notes) lines.push(`      - ${note}`);
	}
	for (const read of report.expressions) lines.push(`  » ${read.node} / ${read.parameter}: ${read.reads} — ${read.note}`);
	return lines.join('\n');
}
