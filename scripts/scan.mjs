// n8n's community package scanner (@n8n/scan-community-package) on this repository, offline.
// Its command line only scans a published version: it needs the registry's provenance attestation
// and downloads the attested GitHub source. Its two checks are run here directly, with its own
// ESLint configuration: the node and credential sources with package.json (SOURCE_FILE_PATTERNS),
// and the compiled files and package.json of the tarball `npm pack` makes from the current build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'package-scan-'));
let failed = false;

function report(leg, result) {
	if (result.passed) {
		console.log(`[scan] ${leg}: passed`);
		return;
	}
	failed = true;
	console.log(`[scan] ${leg}: ${result.message}`);
	if (result.details) console.log(result.details);
}

try {
	report('sources (nodes, credentials, package.json)', await analyzePackage(root, SOURCE_FILE_PATTERNS));

	const tarball = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' })
		.trim()
		.split('\n')
		.at(-1);
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	report(`packed ${tarball} (compiled files, package.json)`, await analyzePackage(unpacked, ['**/*.js', 'package.json']));
} finally {
	rmSync(work, { recursive: true, force: true });
	// The scanner makes an (unused) temporary folder of its own, named after this process, when loaded.
	for (const entry of readdirSync(tmpdir())) {
		if (entry.startsWith(`tmp-${process.pid}-`)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
	}
}
process.exit(failed ? 1 : 0);
