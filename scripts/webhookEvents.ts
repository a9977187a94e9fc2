/**
 * Derives the webhook events a repository or organization hook can deliver, with their actions,
 * from GitHub's official webhook descriptions (@octokit/openapi-webhooks) and writes them to
 * nodes/GitHub/triggers/webhookEvents.ts. api.github.com's description is the base; events and
 * actions that only GitHub Enterprise Cloud's or an Enterprise Server version's description lists
 * are added and marked with where they exist. A unit test checks the committed file equals what
 * this derives from the installed package, so upgrading the package and re-running keeps it current:
 *   npm run facts:webhooks
 */
import { readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { WebhookEventFact } from '../nodes/GitHub/triggers/webhookEventFact';

export const WEBHOOK_FACTS_FILE = 'nodes/GitHub/triggers/webhookEvents.ts';
export const WEBHOOK_DESCRIPTIONS = '@octokit/openapi-webhooks/generated';


interface Operation {
	/** GitHub's words about the event (the description is about one action). */
	summary?: string;
	requestBody?: { content?: Record<string, { schema?: Schema }> };
	'x-github'?: { subcategory?: string; 'supported-webhook-types'?: string[] };
}

interface Schema {
	$ref?: string;
	properties?: Record<string, Schema>;
	enum?: unknown[];
	allOf?: Schema[];
	anyOf?: Schema[];
	oneOf?: Schema[];
}

interface WebhookDescription {
	webhooks: Record<string, { post: Operation }>;
	components: { schemas: Record<string, Schema> };
}

function resolve(schema: Schema | undefined, all: Record<string, Schema>): Schema | undefined {
	let current = schema;
	for (let depth = 0; current?.$ref && depth < 10; depth++) {
		current = all[current.$ref.replace('#/components/schemas/', '')];
	}
	return current;
}

/** The `action` values a payload schema allows. */
function actionsOf(schema: Schema | undefined, all: Record<string, Schema>): string[] {
	const resolved = resolve(schema, all);
	if (!resolved) return [];
	const found = new Set<string>();
	const action = resolve(resolved.properties?.action, all);
	for (const value of action?.enum ?? []) if (typeof value === 'string') found.add(value);
	for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
		for (const value of actionsOf(part, all)) found.add(value);
	}
	return [...found];
}

function firstSentence(markdown: string | undefined): string {
	const plain = (markdown ?? '')
		.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
		.replace(/[`*_]/g, '')
		.replace(/\s+/g, ' ')
		.trim();
	const end = plain.search(/\.(\s|$)/);
	return end === -1 ? plain : plain.slice(0, end + 1);
}

/** Events hooks created through the REST API can receive, sorted by name, actions sorted. */
export function deriveWebhookEvents(description: WebhookDescription): WebhookEventFact[] {
	const byEvent = new Map<string, WebhookEventFact>();
	for (const { post } of Object.values(description.webhooks)) {
		const meta = post['x-github'] ?? {};
		const types = meta['supported-webhook-types'] ?? [];
		const repositoryHook = types.includes('repository');
		if (!repositoryHook && !types.includes('organization')) continue;
		// Sub-categories name the event, a few of them with hyphens where the header has underscores.
		const event = String(meta.subcategory ?? '').replace(/-/g, '_');
		if (!event || event === 'ping') continue;
		const fact = byEvent.get(event) ?? { event, actions: [], repositoryHook, description: '' };
		fact.repositoryHook ||= repositoryHook;
		fact.description ||= firstSentence(post.summary);
		const schema = post.requestBody?.content?.['application/json']?.schema;
		for (const action of actionsOf(schema, description.components.schemas)) {
			if (!fact.actions.includes(action)) fact.actions.push(action);
		}
		byEvent.set(event, fact);
	}
	return [...byEvent.values()]
		.map((fact) => ({ ...fact, actions: [...fact.actions].sort() }))
		.sort((a, b) => a.event.localeCompare(b.event));
}

/** One product's description: github.com's has no label, the others say where their extra events exist. */
export interface ProductDescription {
	/** e.g. "Enterprise Cloud", "Enterprise Server 3.19"; undefined for api.github.com. */
	label?: string;
	/** Enterprise Server versions as [major, minor], to name ranges such as "Enterprise Server 3.14+". */
	serverVersion?: [number, number];
	description: WebhookDescription;
}

/** "Enterprise Server 3.14+" when every newer version has it too, else "Enterprise Server 3.14–3.16". */
function serverRange(versions: Array<[number, number]>, newest: [number, number]): string {
	const sorted = [...versions].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const first = sorted[0].join('.');
	const last = sorted[sorted.length - 1];
	return last[0] === newest[0] && last[1] === newest[1] ? `Enterprise Server ${first}+` : `Enterprise Server ${first}–${last.join('.')}`;
}

/**
 * api.github.com's events, plus the events and actions other products' descriptions add, each
 * marked with the products that have it (Enterprise Server versions as a range).
 */
export function mergeProductEvents(products: ProductDescription[]): WebhookEventFact[] {
	const [base, ...others] = products;
	const baseFacts = new Map(deriveWebhookEvents(base.description).map((fact) => [fact.event, fact]));
	const servers = others.flatMap((product) => (product.serverVersion ? [product.serverVersion] : []));
	const newest = [...servers].sort((a, b) => b[0] - a[0] || b[1] - a[1])[0];
	/** event → (action or '' for the event itself) → where: cloud labels and server versions. */
	const where = new Map<string, Map<string, { labels: Set<string>; versions: Array<[number, number]> }>>();
	const extraEvents = new Map<string, WebhookEventFact>();
	const note = (event: string, action: string, product: ProductDescription) => {
		const byAction = where.get(event) ?? new Map<string, { labels: Set<string>; versions: Array<[number, number]> }>();
		const entry = byAction.get(action) ?? { labels: new Set<string>(), versions: [] };
		if (product.serverVersion) entry.versions.push(product.serverVersion);
		else if (product.label) entry.labels.add(product.label);
		byAction.set(action, entry);
		where.set(event, byAction);
	};
	for (const product of others) {
		for (const fact of deriveWebhookEvents(product.description)) {
			const known = baseFacts.get(fact.event);
			if (known) {
				for (const action of fact.actions) if (!known.actions.includes(action)) note(fact.event, action, product);
				continue;
			}
			note(fact.event, '', product);
			const extra = extraEvents.get(fact.event) ?? { ...fact, actions: [] };
			extra.repositoryHook ||= fact.repositoryHook;
			for (const action of fact.actions) if (!extra.actions.includes(action)) extra.actions.push(action);
			extraEvents.set(fact.event, extra);
		}
	}
	const placesOf = (entry: { labels: Set<string>; versions: Array<[number, number]> }) => [
		...[...entry.labels].sort(),
		...(entry.versions.length && newest ? [serverRange(entry.versions, newest)] : []),
	];
	const facts: WebhookEventFact[] = [];
	for (const fact of [...baseFacts.values(), ...extraEvents.values()]) {
		const byAction = where.get(fact.event);
		const merged: WebhookEventFact = { ...fact, actions: [...fact.actions] };
		const eventOnly = byAction?.get('');
		if (eventOnly) merged.only = placesOf(eventOnly);
		const actionsOnly: Record<string, string[]> = {};
		for (const [action, entry] of [...(byAction ?? new Map()).entries()].sort(([a], [b]) => a.localeCompare(b))) {
			if (!action) continue;
			if (!merged.actions.includes(action)) merged.actions.push(action);
			actionsOnly[action] = placesOf(entry);
		}
		merged.actions.sort();
		if (Object.keys(actionsOnly).length) merged.actionsOnly = actionsOnly;
		facts.push(merged);
	}
	return facts.sort((a, b) => a.event.localeCompare(b.event));
}

export function renderWebhookEventsModule(facts: WebhookEventFact[], version: string, sources: string[]): string {
	const rows = facts.map((fact) => `\t${JSON.stringify(fact)},`).join('\n');
	return `// Generated by scripts/webhookEvents.ts from @octokit/openapi-webhooks ${version} (${sources.join(', ')}). Do not edit.
import type { WebhookEventFact } from './webhookEventFact';

export const WEBHOOK_EVENTS_SOURCE = '@octokit/openapi-webhooks ${version}';

export const WEBHOOK_EVENTS: WebhookEventFact[] = [
${rows}
];
`;
}

/** The installed package's descriptions: api.github.com first, then Enterprise Cloud, then every Enterprise Server version. */
export function installedDescriptions(): ProductDescription[] {
	const directory = require.resolve(`${WEBHOOK_DESCRIPTIONS}/api.github.com.json`).replace(/api\.github\.com\.json$/, '');
	const read = (file: string) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as WebhookDescription;
	const servers = readdirSync(directory)
		.map((file) => /^ghes-(\d+)\.(\d+)\.json$/.exec(file))
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match) => ({ file: match[0], version: [Number(match[1]), Number(match[2])] as [number, number] }))
		.sort((a, b) => a.version[0] - b.version[0] || a.version[1] - b.version[1]);
	return [
		{ description: read('api.github.com.json') },
		{ label: 'Enterprise Cloud', description: read('ghec.json') },
		...servers.map(({ file, version }) => ({ label: `Enterprise Server ${version.join('.')}`, serverVersion: version, description: read(file) })),
	];
}

export function derivedModuleFromInstalledPackage(): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { version } = require('@octokit/openapi-webhooks/package.json') as { version: string };
	const products = installedDescriptions();
	const servers = products.flatMap((product) => (product.serverVersion ? [product.serverVersion.join('.')] : []));
	const sources = ['api.github.com', 'Enterprise Cloud', `Enterprise Server ${servers[0]}–${servers[servers.length - 1]}`];
	return renderWebhookEventsModule(mergeProductEvents(products), version, sources);
}

if (require.main === module) {
	const root = process.argv[2] ?? process.cwd();
	const target = join(root, WEBHOOK_FACTS_FILE);
	const content = derivedModuleFromInstalledPackage();
	const before = (() => {
		try {
			return readFileSync(target, 'utf8');
		} catch {
			return '';
		}
	})();
	writeFileSync(target, content);
	console.log(`${WEBHOOK_FACTS_FILE}: ${before === content ? 'unchanged' : 'written'}`);
}
