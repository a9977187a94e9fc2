import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join, resolve } from 'path';

/**
 * n8n loads an installed package through n8n-core's LazyPackageDirectoryLoader, which lists nodes and
 * credentials from dist/known and dist/types (written by `npm run build`) without requiring their files.
 * Each case runs in a plain node process on the built dist/, so require.cache is Node's own.
 */
const ROOT = resolve(__dirname, '../..');

const PROBE = `
const { LoggerProxy } = require('n8n-workflow');
LoggerProxy.init({ debug() {}, info() {}, warn() {}, error() {} });
const { LazyPackageDirectoryLoader } = require('n8n-core/dist/nodes-loader/lazy-package-directory-loader');
const { PackageDirectoryLoader } = require('n8n-core/dist/nodes-loader/package-directory-loader');
const root = process.cwd();
const dist = require('path').join(root, 'dist') + require('path').sep;
const ours = () => Object.keys(require.cache).filter((file) => file.startsWith(dist)).map((file) => file.slice(root.length + 1));
const plain = (value) => JSON.parse(JSON.stringify(value));
(async () => {
	const mode = process.argv[1];
	let result;
	if (mode === 'lazy') {
		const loader = new LazyPackageDirectoryLoader(root);
		await loader.loadAll();
		const atStart = ours();
		// Taken before getNode, which adds the node's descriptions to types once more.
		const served = { types: plain(loader.types), known: plain(loader.known) };
		loader.getNode('trello');
		result = { isLazyLoaded: loader.isLazyLoaded, atStart, afterTrello: ours(), ...served };
	} else if (mode === 'credentials') {
		// What n8n 2.41's postProcessLoaders does at every start: it asks the loader for each known credential class.
		const loader = new LazyPackageDirectoryLoader(root);
		await loader.loadAll();
		for (const name of Object.keys(loader.known.credentials)) loader.getCredential(name);
		const atStart = ours();
		const app = loader.getCredential('githubServerAppApi').type;
		// The App credential's signing code comes with its first use (a key that does not parse is refused there).
		const failure = await app.preAuthentication.call({ helpers: {} }, { server: 'https://api.github.com', appId: '1', privateKey: 'not a key', installationSelection: 'id', installationId: '2' }).then(() => 'no error', (error) => error.constructor.name);
		result = { atStart, afterUse: ours(), failure };
	} else if (mode === 'eager') {
		const loader = new PackageDirectoryLoader(root);
		await loader.loadAll();
		const nodes = loader.types.nodes.map(({ __loadOptionsMethods, ...rest }) => rest);
		result = { types: plain({ nodes, credentials: loader.types.credentials }), known: plain(loader.known) };
	} else {
		result = await require('./scripts/lazy-metadata.cjs').lazyMetadata(root);
	}
	process.stdout.write(JSON.stringify(result));
})();
`;

type Probe = Record<string, unknown> & { types: { nodes: Array<{ name: string; usableAsTool?: boolean }>; credentials: unknown[] }; known: { nodes: Record<string, { sourcePath: string }> } };

function probe(mode: 'lazy' | 'eager' | 'regenerate' | 'credentials'): Probe {
	const output = execFileSync(process.execPath, ['-e', PROBE, mode], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
	return JSON.parse(output) as Probe;
}

function built(file: string): unknown {
	return JSON.parse(readFileSync(join(ROOT, 'dist', file), 'utf8')) as unknown;
}

describe('lazy loading from the built package (run `npm run build` first)', () => {
	let lazy: Probe;
	let eager: Probe;
	beforeAll(() => {
		lazy = probe('lazy');
		eager = probe('eager');
	});

	it('lists every node and credential without requiring any file of ours', () => {
		expect(lazy.isLazyLoaded).toBe(true);
		expect(lazy.atStart).toEqual([]);
		const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
		expect(Object.values(lazy.known.nodes).map(({ sourcePath }) => sourcePath).sort()).toEqual([...packageJson.n8n.nodes].sort());
	});

	it('serves the same node and credential types as the eager loader, tool-capable nodes included', () => {
		expect(lazy.types).toEqual(eager.types);
		expect(lazy.known).toEqual(eager.known);
		// n8n derives the "…Tool" variants from usableAsTool in the types, lazy or not.
		expect(lazy.types.nodes.filter((node) => node.usableAsTool).map((node) => node.name).sort()).toEqual(
			eager.types.nodes.filter((node) => node.usableAsTool).map((node) => node.name).sort(),
		);
		expect(lazy.types.nodes.some((node) => node.usableAsTool)).toBe(true);
	});

	it('requires a node’s file only when n8n asks for that node', () => {
		const afterTrello = lazy.afterTrello as string[];
		expect(afterTrello).toContain('dist/nodes/Trello/Trello.node.js');
		expect(afterTrello.some((file) => file.startsWith('dist/nodes/GitHub/'))).toBe(false);
	});

	it('n8n 2.41 requires each credential class at start: that brings the credentials’ fields, not the App’s signing code', () => {
		const { atStart, afterUse, failure } = probe('credentials') as unknown as { atStart: string[]; afterUse: string[]; failure: string };
		expect([...atStart].sort()).toEqual([
			'dist/credentials/GitHubAccessTokenApi.credentials.js',
			'dist/credentials/GitHubServerAppApi.credentials.js',
			'dist/credentials/GitHubServerOAuth2Api.credentials.js',
			'dist/credentials/TrelloKeyTokenApi.credentials.js',
			'dist/credentials/TrelloOAuth10aApi.credentials.js',
			'dist/credentials/githubServer.js',
			'dist/credentials/limitProperties.js',
			'dist/credentials/trelloApiBase.js',
		]);
		expect(afterUse).toContain('dist/credentials/githubApp.js');
		expect(failure).not.toBe('no error');
	});

	it('dist metadata is what the built descriptions give today (fails when a description changed without it)', () => {
		const regenerated = probe('regenerate') as unknown as Record<string, unknown>;
		for (const file of ['known/nodes.json', 'known/credentials.json', 'types/nodes.json', 'types/credentials.json']) {
			expect({ file, content: built(file) }).toEqual({ file, content: regenerated[file] });
		}
	});
});
