import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

export const TEMPLATES_DIR = join(__dirname, '..', '..', 'templates');

export interface TemplateNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
}

export interface Connection {
	node: string;
	type: string;
	index: number;
}

export interface Template {
	name: string;
	nodes: TemplateNode[];
	/** Per source node and connection type (`main`, or `ai_languageModel` / `ai_tool` into an AI Agent). */
	connections: Record<string, Record<string, Connection[][]>>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

/** File names (without .json) of every template in templates/. */
export function templateFiles(): string[] {
	return readdirSync(TEMPLATES_DIR)
		.filter((file) => file.endsWith('.json'))
		.map((file) => file.replace(/\.json$/, ''))
		.sort();
}

export function loadTemplate(file: string): Template {
	return JSON.parse(readFileSync(join(TEMPLATES_DIR, `${file}.json`), 'utf8')) as Template;
}

export interface ResourceLocatorValue {
	__rl: true;
	mode: string;
	value: unknown;
}

export function isResourceLocator(value: unknown): value is ResourceLocatorValue {
	return !!value && typeof value === 'object' && (value as { __rl?: unknown }).__rl === true;
}

/** Every resource locator of a node's parameters, with its dotted parameter path. */
export function resourceLocators(parameters: unknown, path = ''): Array<{ path: string; locator: ResourceLocatorValue }> {
	if (isResourceLocator(parameters)) return [{ path, locator: parameters }];
	if (!parameters || typeof parameters !== 'object') return [];
	return Object.entries(parameters as Record<string, unknown>).flatMap(([key, value]) =>
		resourceLocators(value, path ? `${path}.${key}` : key),
	);
}
