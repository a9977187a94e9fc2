import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { GITHUB_ROWS } from '../../nodes/GitHub/actions/catalogue';
import { worksOnRepository } from '../githubActions/rowTargets';
import type { RowField } from '../../nodes/shared/rowEngine';
import { TRELLO_ROWS } from '../../nodes/Trello/actions/catalogue';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';
import { credentialsFor, loopbackServers } from './support';

/**
 * Every operation that can reach outside a scope, taken from the catalogue rows (a new row is
 * covered without touching this file), pointed at objects outside the credential's scope: each
 * must be refused, and nothing may be written.
 */
const [host] = loopbackServers(1);

const ALLOWED_BOARD = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER_BOARD = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const OBJECT_ID = 'cccccccccccccccccccccccc';

function benign(field: RowField, trello: boolean): unknown {
	switch (field.type) {
		case 'number':
			return 1;
		case 'boolean':
			return false;
		case 'options':
			// Options loaded from the service (members) take an id.
			return (field.options?.[0] as { value?: unknown } | undefined)?.value ?? (trello ? OBJECT_ID : '');
		case 'multiOptions':
			return [];
		case 'dateTime':
			return '2024-05-01T00:00:00Z';
		case 'json':
			return '{"a": 1}';
		case 'fixedCollection':
			// Gist files are named, Commit Files' files have a path.
			return field.name === 'files' ? { file: [{ name: 'a.txt', path: 'a.txt', content: 'x' }] } : {};
		case 'collection':
			return {};
		default:
			return trello ? OBJECT_ID : field.name === 'path' ? 'docs/a.md' : field.integer ? '1' : 'main';
	}
}

function asParameter(field: RowField, value: unknown): unknown {
	if (field.type !== 'resourceLocator') return value;
	const modes = ((field.ui as INodeProperties | undefined)?.modes ?? []).map((mode) => mode.name);
	// List mode: the editor checks the text of the other modes, which is not what is tested here.
	return { __rl: true, mode: modes.includes('list') || !modes.length ? 'list' : modes[0], value };
}

/** Every binary property an operation may name (the benign value of a field naming one: OBJECT_ID for Trello, 'main' for GitHub). */
const BINARY_INPUT = {
	$binary: Object.fromEntries(
		['data', 'main', OBJECT_ID].map((name) => [name, { data: Buffer.from('file').toString('base64'), mimeType: 'text/plain', fileName: 'a.txt' }]),
	),
};

async function run(type: string, parameters: IDataObject, credentials: ReturnType<typeof credentialsFor>) {
	const node = packageNode('Node', type, parameters, {
		githubAccessTokenApi: 'a',
		githubServerOAuth2Api: 'b',
		trelloKeyTokenApi: 'c',
		trelloOAuth10aApi: 'd',
	});
	return await runWorkflow(singleNodeWorkflow(node, [BINARY_INPUT]), { credentials });
}

const githubRows = GITHUB_ROWS.filter(worksOnRepository);

describe('GitHub: operations on a repository outside Allowed Repositories', () => {
	it('covers every repository-scoped row', () => {
		expect(githubRows.length).toBeGreaterThan(20);
	});

	it.each(githubRows.map((row) => [`${row.resource} → ${row.operation}`, row] as const))('%s is refused, nothing sent', async (_name, row) => {
		host.on('GET', '/user', () => ({ body: { login: 'me' } }));
		const parameters: IDataObject = { resource: row.resource, operation: row.operation, authentication: 'accessToken' };
		for (const field of row.fields.filter((f) => !f.optional)) {
			// Repository → Delete's confirmation repeats the repository, so the scope is what has to refuse it.
			const value =
				field.identifies === 'owner' ? 'evil' : field.identifies === 'repository' ? 'x' : field.name === 'confirmFullName' ? 'evil/x' : benign(field, false);
			parameters[field.name] = asParameter(field, value) as IDataObject[string];
		}
		const credentials = credentialsFor(host.baseUrl);
		credentials.githubAccessTokenApi = { ...credentials.githubAccessTokenApi, allowedRepositories: 'acme-org/api-server', accessLevel: 'readWrite' };

		const result = await run('gitHub', parameters, credentials);

		expect(result.error('Node')?.message).toMatch(/^Refused: /);
		expect(host.received.filter((request) => request.path !== '/user')).toEqual([]);
	});
});

describe('GitHub: gists while Allowed Repositories is set', () => {
	const gistWrites = GITHUB_ROWS.filter((row) => row.resource === 'gist' && row.method !== 'GET');

	it.each(gistWrites.map((row) => [row.operation, row] as const))('gist → %s is refused, nothing sent', async (_name, row) => {
		const parameters: IDataObject = { resource: row.resource, operation: row.operation, authentication: 'accessToken' };
		for (const field of row.fields.filter((f) => !f.optional)) parameters[field.name] = asParameter(field, benign(field, false)) as IDataObject[string];
		const credentials = credentialsFor(host.baseUrl);
		credentials.githubAccessTokenApi = { ...credentials.githubAccessTokenApi, allowedRepositories: 'acme-org/api-server', accessLevel: 'readWrite' };

		const result = await run('gitHub', parameters, credentials);

		expect(result.error('Node')?.message).toMatch(/^Refused: /);
		expect(host.received).toEqual([]);
	});
});

const trelloRows = TRELLO_ROWS.filter((row) => row.targets.length > 0 || row.refusedWithAllowlist);

describe('Trello: operations on objects of a board outside Allowed Boards', () => {
	it('covers every board-scoped row', () => {
		expect(trelloRows.length).toBeGreaterThan(20);
	});

	it.each(trelloRows.map((row) => [`${row.resource} → ${row.operation}`, row] as const))('%s is refused, nothing written', async (_name, row) => {
		// Every look-up says: this object sits on the other board.
		// (A webhook names the model it watches as idModel.)
		host.on('GET', '/1/{kind}/{id}', () => ({ body: { id: OBJECT_ID, idBoard: OTHER_BOARD, idModel: OTHER_BOARD } }));
		const parameters: IDataObject = { resource: row.resource, operation: row.operation, authentication: 'keyToken' };
		const scoped = new Set(row.targets.map((entry) => entry.field));
		for (const field of row.fields) {
			if (field.optional && !scoped.has(field.name)) continue;
			const value = scoped.has(field.name) && field.name === 'board' ? OTHER_BOARD : benign(field, true);
			if (field.optional) parameters.additionalFields = { ...(parameters.additionalFields as IDataObject), [field.name]: asParameter(field, value) };
			else parameters[field.name] = asParameter(field, value) as IDataObject[string];
		}
		const credentials = credentialsFor(host.baseUrl);
		credentials.trelloKeyTokenApi = { ...credentials.trelloKeyTokenApi, allowedBoards: ALLOWED_BOARD.toUpperCase(), accessLevel: 'readWrite' };

		const result = await run('trello', parameters, credentials);

		expect(result.error('Node')?.message).toMatch(/^Refused: /);
		expect(host.received.filter((request) => request.method !== 'GET')).toEqual([]);
	});
});
