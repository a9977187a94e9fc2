#!/usr/bin/env node
// Build step: writes the metadata n8n's lazy package loader reads (dist/known/*.json, dist/types/*.json),
// so n8n lists our nodes and credentials without requiring any of their files until a workflow uses one.
// The descriptions come from loading the built package once, the way n8n's eager loader does; the
// output is what n8n-core's own `n8n-generate-metadata` writes for the four files n8n reads.
const { mkdirSync, writeFileSync } = require('fs');
const { join, resolve } = require('path');

/** The four files' contents for the built package in `packageDir`. */
async function lazyMetadata(packageDir) {
	const { LoggerProxy } = require('n8n-workflow');
	const { PackageDirectoryLoader } = require('n8n-core/dist/nodes-loader/package-directory-loader');
	if (!LoggerProxy.logger) LoggerProxy.init({ debug() {}, info() {}, warn() {}, error() {} });
	const loader = new PackageDirectoryLoader(packageDir);
	await loader.loadAll();
	const nodes = Object.values(loader.nodeTypes).flatMap(({ type }) =>
		loader.getVersionedNodeTypeAll(type).map(({ description }) => {
			// n8n's generator leaves out this internal list too; the loader rebuilds it when it loads the node.
			const { __loadOptionsMethods, ...rest } = description;
			return rest;
		}),
	);
	// JSON round trip: credentials carry a toJSON and descriptions may hold undefined fields.
	const plain = (value) => JSON.parse(JSON.stringify(value));
	return {
		'known/nodes.json': plain(loader.known.nodes),
		'known/credentials.json': plain(loader.known.credentials),
		'types/nodes.json': plain(nodes),
		'types/credentials.json': plain(Object.values(loader.credentialTypes).map(({ type }) => type)),
	};
}

async function main() {
	const packageDir = resolve(__dirname, '..');
	const files = await lazyMetadata(packageDir);
	for (const [file, content] of Object.entries(files)) {
		const target = join(packageDir, 'dist', file);
		mkdirSync(join(target, '..'), { recursive: true });
		writeFileSync(target, JSON.stringify(content));
	}
}

module.exports = { lazyMetadata };
if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
