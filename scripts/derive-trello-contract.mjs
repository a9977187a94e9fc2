#!/usr/bin/env node
// Derives test/contracts/trello-contract.json from Trello's official OpenAPI description, keeping
// only the facts the request validator checks: paths, methods, parameter names, locations,
// required flags and schemas (types, enums, patterns, formats), request-body schemas and the
// auth schemes. Descriptions, summaries, examples and responses are left out.
//
// Official description (refresh with):
//   curl -o trello-openapi.json https://developer.atlassian.com/cloud/trello/swagger.v3.json
//   node scripts/derive-trello-contract.mjs trello-openapi.json
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2];
if (!source) {
	console.error('usage: node scripts/derive-trello-contract.mjs <trello-openapi.json> [output]');
	process.exit(2);
}
const output = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'contracts', 'trello-contract.json');
const official = JSON.parse(readFileSync(source, 'utf8'));

const SCHEMA_FACTS = ['$ref', 'type', 'format', 'enum', 'pattern', 'nullable', 'required', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function schemaFacts(schema) {
	if (!schema || typeof schema !== 'object') return schema;
	const kept = {};
	for (const key of SCHEMA_FACTS) if (schema[key] !== undefined) kept[key] = schema[key];
	if (schema.items) kept.items = schemaFacts(schema.items);
	if (schema.properties) {
		kept.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, schemaFacts(s)]));
	}
	if (schema.additionalProperties !== undefined) {
		kept.additionalProperties = typeof schema.additionalProperties === 'object' ? schemaFacts(schema.additionalProperties) : schema.additionalProperties;
	}
	for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(schema[key])) kept[key] = schema[key].map(schemaFacts);
	return kept;
}

function parameterFacts(parameter) {
	if (parameter.$ref) return { $ref: parameter.$ref };
	const kept = { name: parameter.name, in: parameter.in };
	if (parameter.required !== undefined) kept.required = parameter.required;
	if (parameter.schema) kept.schema = schemaFacts(parameter.schema);
	return kept;
}

function requestBodyFacts(body) {
	if (body.$ref) return { $ref: body.$ref };
	const kept = {};
	if (body.required !== undefined) kept.required = body.required;
	kept.content = Object.fromEntries(
		Object.entries(body.content ?? {}).map(([type, media]) => [type, media.schema ? { schema: schemaFacts(media.schema) } : {}]),
	);
	return kept;
}

const paths = {};
for (const [template, item] of Object.entries(official.paths ?? {})) {
	const kept = {};
	if (item.parameters) kept.parameters = item.parameters.map(parameterFacts);
	for (const method of METHODS) {
		const operation = item[method];
		if (!operation) continue;
		const op = {};
		if (operation.parameters) op.parameters = operation.parameters.map(parameterFacts);
		if (operation.requestBody) op.requestBody = requestBodyFacts(operation.requestBody);
		kept[method] = op;
	}
	paths[template] = kept;
}

// Query parameters Trello's guides document and its description leaves out. The Custom Fields guide
// reads the cards of a board with their values (GET /1/boards/{id}/cards?customFieldItems=true); the
// cards of a list are the same card collection and take the same parameter.
const DOCUMENTED_QUERY_PARAMETERS = [
	{ path: '/boards/{id}/cards', method: 'get', name: 'customFieldItems', schema: { type: 'boolean' } },
	{ path: '/lists/{id}/cards', method: 'get', name: 'customFieldItems', schema: { type: 'boolean' } },
];
for (const { path, method, name, schema } of DOCUMENTED_QUERY_PARAMETERS) {
	const operation = paths[path]?.[method];
	if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the official description any more`);
	operation.parameters = [...(operation.parameters ?? []).filter((p) => p.name !== name), { name, in: 'query', required: false, schema }];
}

// Request bodies Trello's guides document and its description leaves out. The Custom Fields guide
// adds an option to a list (dropdown) field with its text, colour and position.
const DOCUMENTED_REQUEST_BODIES = [
	{
		path: '/customFields/{id}/options',
		method: 'post',
		schema: {
			type: 'object',
			required: ['value'],
			properties: {
				value: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
				color: { type: 'string' },
				pos: { $ref: '#/components/schemas/posStringOrNumber' },
			},
		},
	},
];
for (const { path, method, schema } of DOCUMENTED_REQUEST_BODIES) {
	const operation = paths[path]?.[method];
	if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the official description any more`);
	if (operation.requestBody) throw new Error(`${method.toUpperCase()} ${path} has a request body in the official description now: drop the documented one`);
	operation.requestBody = { content: { 'application/json': { schema } } };
}

// Member fields Trello answers with that the description's MemberFields enum leaves out (it names
// only "id", while the fields parameter it types is "all or a comma-separated list of member
// fields"). inbox: the account's Inbox, a board of its own, as {"idBoard", "idList",
// "idOrganization"}; neither the description nor the guides name it. It is read as
// GET /1/members/me?fields=inbox, as Trello client libraries read it (TrelloDotNet's
// GetTokenMemberInboxAsync). Atlassian's own MCP server README names Inbox and Planner as capabilities but no REST route.
const MEMBER_FIELDS_OUTSIDE_DESCRIPTION = ['inbox'];
const memberFields = official.components?.schemas?.MemberFields;
if (!Array.isArray(memberFields?.enum)) throw new Error('MemberFields is not an enum in the official description any more');
for (const name of MEMBER_FIELDS_OUTSIDE_DESCRIPTION) {
	if (memberFields.enum.includes(name)) throw new Error(`MemberFields lists "${name}" in the official description now: drop it here`);
	memberFields.enum.push(name);
}

const components = official.components ?? {};
const contract = {
	openapi: official.openapi,
	info: { title: `${official.info?.title ?? 'Trello REST API'} (request facts)`, version: official.info?.version ?? '' },
	servers: official.servers,
	security: official.security,
	components: {
		securitySchemes: Object.fromEntries(
			Object.entries(components.securitySchemes ?? {}).map(([name, s]) => [name, { type: s.type, in: s.in, name: s.name }]),
		),
		schemas: Object.fromEntries(Object.entries(components.schemas ?? {}).map(([name, s]) => [name, schemaFacts(s)])),
		parameters: Object.fromEntries(Object.entries(components.parameters ?? {}).map(([name, p]) => [name, parameterFacts(p)])),
		requestBodies: Object.fromEntries(Object.entries(components.requestBodies ?? {}).map(([name, b]) => [name, requestBodyFacts(b)])),
	},
	paths,
};
writeFileSync(output, `${JSON.stringify(contract, null, '\t')}\n`);
console.error(`wrote ${output}: ${Object.keys(paths).length} paths`);
