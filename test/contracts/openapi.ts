/**
 * A small, service-neutral OpenAPI 3.x request validator for tests. It answers one question:
 * would the service's own API description accept this request? Input is what was sent
 * (method, path without the server's base, query, body, headers); output is a list of
 * problems, empty when the request fits.
 *
 * Checked: method + path template, path parameter types/patterns/enums, unknown and missing
 * query parameters and their types/enums, required headers, request body presence, required
 * body properties, body property types/enums (recursively, with oneOf/anyOf/allOf), unknown
 * body properties where the schema sets additionalProperties: false (or everywhere, with
 * `strictBodies`). Handles both dereferenced descriptions and ones using local $refs.
 */
import { readFileSync } from 'fs';

export interface ContractRequest {
	method: string;
	/** Path after the server base, e.g. /repos/o/r/issues (percent-encoded segments allowed). */
	path: string;
	query?: Record<string, unknown>;
	body?: unknown;
	headers?: Record<string, unknown>;
}

export interface ContractOptions {
	/** Report body properties the schema does not list even when additionalProperties is not false. */
	strictBodies?: boolean;
	/** Query parameter names always accepted (e.g. auth parameters the description leaves out). */
	extraQueryParameters?: string[];
	/** Path parameters that may span several segments, such as file paths (default: path, ref). */
	multiSegmentParameters?: string[];
}

type Schema = Record<string, unknown>;
interface Parameter {
	name: string;
	in: 'path' | 'query' | 'header' | 'cookie';
	required?: boolean;
	schema?: Schema;
}
interface Operation {
	parameters?: Array<Parameter | { $ref: string }>;
	requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } | { $ref: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Template {
	template: string;
	segments: string[];
	literalCount: number;
	item: Record<string, unknown>;
}

export class OpenApiContract {
	private readonly templates: Template[];
	private readonly queryAuthNames: string[];

	constructor(
		private readonly document: Record<string, unknown>,
		private readonly options: ContractOptions = {},
	) {
		const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
		this.templates = Object.entries(paths).map(([template, item]) => {
			const segments = template.split('/').slice(1);
			return {
				template,
				segments,
				literalCount: segments.filter((s) => !isParam(s)).length,
				item,
			};
		});
		const schemes = ((document.components as Schema | undefined)?.securitySchemes ?? {}) as Record<string, Schema>;
		this.queryAuthNames = Object.values(schemes)
			.map((scheme) => this.resolve(scheme))
			.filter((scheme) => scheme.type === 'apiKey' && scheme.in === 'query')
			.map((scheme) => String(scheme.name));
	}

	static fromFile(file: string, options?: ContractOptions): OpenApiContract {
		return new OpenApiContract(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, options);
	}

	/** The path template a request path matches, preferring the most literal one. */
	matchPath(path: string): { template: string; params: Record<string, string>; item: Record<string, unknown> } | undefined {
		const segments = path.split('?')[0].split('/').slice(1);
		const candidates: Array<{ t: Template; params: Record<string, string>; greedy: boolean }> = [];
		for (const t of this.templates) {
			const params = matchSegments(t.segments, segments, false);
			if (params) candidates.push({ t, params, greedy: false });
			else {
				const greedyParams = matchSegments(t.segments, segments, true);
				const tail = t.segments[t.segments.length - 1].slice(1, -1);
				const multi = this.options.multiSegmentParameters ?? ['path', 'ref'];
				if (greedyParams && multi.includes(tail)) candidates.push({ t, params: greedyParams, greedy: true });
			}
		}
		candidates.sort(
			(a, b) => Number(a.greedy) - Number(b.greedy) || b.t.literalCount - a.t.literalCount,
		);
		const best = candidates[0];
		return best ? { template: best.t.template, params: best.params, item: best.t.item } : undefined;
	}

	validate(request: ContractRequest): string[] {
		const problems: string[] = [];
		const method = request.method.toLowerCase();
		const where = `${request.method.toUpperCase()} ${request.path}`;
		const match = this.matchPath(request.path);
		if (!match) return [`${where}: no path template in the description matches this path`];
		const operation = match.item[method] as Operation | undefined;
		if (!operation || !METHODS.includes(method)) {
			const allowed = METHODS.filter((m) => match.item[m]).map((m) => m.toUpperCase());
			return [`${where}: ${match.template} has no ${request.method.toUpperCase()} operation (it has ${allowed.join(', ')})`];
		}
		const parameters = [
			...((match.item.parameters as Operation['parameters']) ?? []),
			...(operation.parameters ?? []),
		].map((p) => this.resolve(p) as unknown as Parameter);

		for (const parameter of parameters.filter((p) => p.in === 'path')) {
			const value = match.params[parameter.name];
			if (value === undefined) {
				problems.push(`${where}: path parameter "${parameter.name}" missing from ${match.template}`);
				continue;
			}
			this.checkValue(value, parameter.schema, `${where}: path parameter "${parameter.name}"`, problems, true);
		}

		const query = request.query ?? {};
		const queryParameters = parameters.filter((p) => p.in === 'query');
		const known = new Set([
			...queryParameters.map((p) => p.name),
			...this.queryAuthNames,
			...(this.options.extraQueryParameters ?? []),
		]);
		for (const name of Object.keys(query)) {
			if (!known.has(name)) problems.push(`${where}: unknown query parameter "${name}"`);
		}
		for (const parameter of queryParameters) {
			const value = query[parameter.name];
			if (value === undefined) {
				if (parameter.required) problems.push(`${where}: required query parameter "${parameter.name}" missing`);
				continue;
			}
			const values = Array.isArray(value) ? value : [value];
			const schema = this.resolve(parameter.schema ?? {});
			const itemSchema = schema.type === 'array' ? this.resolve((schema.items as Schema) ?? {}) : schema;
			for (const v of values) this.checkValue(v, itemSchema, `${where}: query parameter "${parameter.name}"`, problems, true);
		}

		const headers = lowerKeys(request.headers ?? {});
		for (const parameter of parameters.filter((p) => p.in === 'header' && p.required)) {
			if (headers[parameter.name.toLowerCase()] === undefined) {
				problems.push(`${where}: required header "${parameter.name}" missing`);
			}
		}

		const requestBody = operation.requestBody ? (this.resolve(operation.requestBody) as Operation['requestBody'] & Schema) : undefined;
		const hasBody = request.body !== undefined && request.body !== null && request.body !== '';
		if (!requestBody) {
			if (hasBody) problems.push(`${where}: the description defines no request body, but one was sent`);
			return problems;
		}
		if (!hasBody) {
			if (requestBody.required) problems.push(`${where}: required request body missing`);
			return problems;
		}
		const content = (requestBody.content ?? {}) as Record<string, { schema?: Schema }>;
		const mediaType = Object.keys(content).find((type) => /json/i.test(type)) ?? Object.keys(content)[0];
		const schema = mediaType ? content[mediaType].schema : undefined;
		if (schema) this.checkSchema(request.body, schema, 'body', problems, where);
		return problems;
	}

	/** A scalar from a path or query string, checked against its schema (strings are coerced). */
	private checkValue(raw: unknown, schemaOrRef: Schema | undefined, label: string, problems: string[], fromText: boolean) {
		if (!schemaOrRef) return;
		const schema = this.resolve(schemaOrRef);
		const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
		if (alternatives) {
			const fits = alternatives.some((alt) => {
				const sub: string[] = [];
				this.checkValue(raw, alt, label, sub, fromText);
				return sub.length === 0;
			});
			if (!fits) problems.push(`${label}: ${JSON.stringify(raw)} fits none of the allowed forms`);
			return;
		}
		const text = fromText && typeof raw === 'string' ? safeDecode(raw) : raw;
		const type = schema.type as string | string[] | undefined;
		const types = Array.isArray(type) ? type : type ? [type] : [];
		if (types.length) {
			const ok = types.some((t) => {
				if (t === 'integer') return /^-?\d+$/.test(String(text));
				if (t === 'number') return String(text).trim() !== '' && !Number.isNaN(Number(text));
				if (t === 'boolean') return ['true', 'false', true, false].includes(text as never);
				if (t === 'string') return typeof text === 'string' || typeof text === 'number';
				return true;
			});
			if (!ok) problems.push(`${label}: ${JSON.stringify(raw)} is not of type ${types.join('|')}`);
		}
		if (Array.isArray(schema.enum) && !schema.enum.map(String).includes(String(text))) {
			problems.push(`${label}: ${JSON.stringify(raw)} is not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
		}
		if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(String(text))) {
			problems.push(`${label}: ${JSON.stringify(raw)} does not match the pattern ${schema.pattern}`);
		}
	}

	/** A JSON value checked against a schema; problems name the property path. */
	private checkSchema(value: unknown, schemaOrRef: Schema, at: string, problems: string[], where: string): void {
		const schema = this.resolve(schemaOrRef);
		const report = (text: string) => problems.push(`${where}: ${at} ${text}`);
		if (value === null) {
			const type = schema.type;
			if (schema.nullable || type === 'null' || (Array.isArray(type) && type.includes('null'))) return;
			if (schema.oneOf || schema.anyOf) {
				// handled below
			} else if (type !== undefined) {
				report('is null, which is not allowed');
				return;
			}
		}
		if (Array.isArray(schema.allOf)) {
			for (const part of schema.allOf as Schema[]) this.checkSchema(value, part, at, problems, where);
		}
		for (const key of ['oneOf', 'anyOf'] as const) {
			const alternatives = schema[key] as Schema[] | undefined;
			if (!alternatives) continue;
			const fits = alternatives.some((alt) => {
				const sub: string[] = [];
				this.checkSchema(value, alt, at, sub, where);
				return sub.length === 0;
			});
			if (!fits) {
				const first: string[] = [];
				this.checkSchema(value, alternatives[0], at, first, where);
				report(`fits none of the ${alternatives.length} allowed forms (${first[0]?.replace(`${where}: `, '') ?? 'no detail'})`);
			}
		}
		const type = schema.type as string | string[] | undefined;
		const types = Array.isArray(type) ? type : type ? [type] : [];
		if (types.length && value !== null) {
			const actual = jsonType(value);
			const ok = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
			if (!ok) {
				report(`is ${actual} (${JSON.stringify(value)?.slice(0, 60)}), expected ${types.join('|')}`);
				return;
			}
		}
		if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) {
			report(`is ${JSON.stringify(value)}, not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
		}
		if (typeof value === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
			report(`${JSON.stringify(value)} does not match the pattern ${schema.pattern}`);
		}
		if (Array.isArray(value) && schema.items) {
			value.forEach((entry, index) => this.checkSchema(entry, schema.items as Schema, `${at}[${index}]`, problems, where));
		}
		if (value && typeof value === 'object' && !Array.isArray(value)) {
			const record = value as Record<string, unknown>;
			const properties = (schema.properties ?? {}) as Record<string, Schema>;
			for (const name of (schema.required as string[] | undefined) ?? []) {
				if (record[name] === undefined) report(`misses the required property "${name}"`);
			}
			for (const [name, entry] of Object.entries(record)) {
				if (properties[name]) {
					this.checkSchema(entry, properties[name], `${at}.${name}`, problems, where);
					continue;
				}
				const additional = schema.additionalProperties;
				if (additional === false || (this.options.strictBodies && schema.properties && additional === undefined)) {
					report(`has the unknown property "${name}"`);
				} else if (additional && typeof additional === 'object') {
					this.checkSchema(entry, additional as Schema, `${at}.${name}`, problems, where);
				}
			}
		}
	}

	/** Follows local $refs (#/components/...). */
	private resolve<T extends object>(value: T): Schema {
		let current = value as Schema;
		for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
			const pointer = (current.$ref as string).replace(/^#\//, '').split('/').map(unescapePointer);
			current = pointer.reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], this.document) as Schema;
		}
		return current ?? {};
	}
}

function isParam(segment: string): boolean {
	return /^\{[^}]+\}$/.test(segment);
}

/** Segment-wise match; `greedy` lets a trailing {param} take several segments (file paths, refs). */
function matchSegments(template: string[], actual: string[], greedy: boolean): Record<string, string> | undefined {
	if (!greedy && template.length !== actual.length) return undefined;
	if (greedy && (actual.length <= template.length || !isParam(template[template.length - 1]))) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < template.length; i++) {
		const t = template[i];
		const last = i === template.length - 1;
		const value = greedy && last ? actual.slice(i).join('/') : actual[i];
		if (isParam(t)) {
			if (value === '') return undefined;
			params[t.slice(1, -1)] = value;
		} else if (t !== value) return undefined;
	}
	return params;
}

function jsonType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

function lowerKeys(record: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(Object.entries(record).map(([k, v]) => [k.toLowerCase(), v]));
}

function unescapePointer(part: string): string {
	return part.replace(/~1/g, '/').replace(/~0/g, '~');
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

const GITHUB_DESCRIPTIONS = `${__dirname}/../../node_modules/@octokit/openapi/generated`;
// GitHub routes file paths, refs and branch names containing "/" as plain segments (also in
// compare's BASE...HEAD and a tree given by branch name).
const GITHUB_OPTIONS: ContractOptions = { strictBodies: true, multiSegmentParameters: ['path', 'ref', 'branch', 'basehead', 'tree_sha'] };
let github: OpenApiContract | undefined;
let githubEnterprise: OpenApiContract | undefined;

/** GitHub's official description of api.github.com (loaded once per test file). */
export function githubContract(): OpenApiContract {
	github ??= OpenApiContract.fromFile(`${GITHUB_DESCRIPTIONS}/api.github.com.deref.json`, GITHUB_OPTIONS);
	return github;
}

/** The newest GitHub Enterprise Server description in @octokit/openapi (base path /api/v3). */
export function githubEnterpriseContract(): OpenApiContract {
	githubEnterpriseContract.version ??= newestGhesVersion();
	githubEnterprise ??= OpenApiContract.fromFile(
		`${GITHUB_DESCRIPTIONS}/ghes-${githubEnterpriseContract.version}.deref.json`,
		GITHUB_OPTIONS,
	);
	return githubEnterprise;
}
githubEnterpriseContract.version = undefined as string | undefined;

function newestGhesVersion(): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { readdirSync } = require('fs') as typeof import('fs');
	const versions = readdirSync(GITHUB_DESCRIPTIONS)
		.map((file) => /^ghes-(\d+)\.(\d+)\.deref\.json$/.exec(file))
		.filter((m): m is RegExpExecArray => Boolean(m))
		.sort((a, b) => Number(b[1]) - Number(a[1]) || Number(b[2]) - Number(a[2]));
	return `${versions[0][1]}.${versions[0][2]}`;
}

/**
 * Trello's official description reduced to request facts (test/contracts/trello-contract.json, derived by
 * scripts/derive-trello-contract.mjs; OpenAPI 3, server https://api.trello.com/1):
 * validate paths after /1, e.g. { method: 'GET', path: '/boards/{id}' } for GET /1/boards/{id}.
 * key and token are accepted as query parameters (its apiKey security schemes).
 */
export function trelloContract(options: ContractOptions = {}): OpenApiContract {
	return OpenApiContract.fromFile(`${__dirname}/trello-contract.json`, options);
}
