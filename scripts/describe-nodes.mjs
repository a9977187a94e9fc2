#!/usr/bin/env node
// Dumps the `description` of every node and credential the package registers, as JSON, to compare
// descriptions before and after a refactoring that must not change them.
//   npx tsc -p tsconfig.json --outDir /tmp/build --incremental false
//   NODE_PATH=$PWD/node_modules node scripts/describe-nodes.mjs /tmp/build > before.json
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const buildDir = resolve(process.argv[2] ?? 'dist');
const require = createRequire(import.meta.url);
const { n8n } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const described = {};
for (const entry of [...n8n.credentials, ...n8n.nodes]) {
	const file = join(buildDir, entry.replace(/^dist\//, ''));
	for (const [name, Exported] of Object.entries(require(file))) {
		if (typeof Exported !== 'function') continue;
		const instance = new Exported();
		// Credentials are their own description; nodes carry it in `description` (versioned nodes per version).
		const nodeVersions = instance.nodeVersions
			? Object.fromEntries(Object.entries(instance.nodeVersions).map(([version, node]) => [version, node.description]))
			: undefined;
		described[`${entry}#${name}`] = instance.description ?? nodeVersions ?? { ...instance };
		if (nodeVersions) described[`${entry}#${name}`] = { base: instance.description, nodeVersions };
	}
}
process.stdout.write(`${JSON.stringify(described, null, '\t')}\n`);
