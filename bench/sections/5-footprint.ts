import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';

import { BASE_NODE_FILES, N8N_BASE_DIST, N8N_HOST_DIR } from '../harness';
import { ratioSpread, ROUNDS, roundRatios, roundsStatus, table, valueSpread } from '../report';
import { ROOT } from '../common';
import { goals, report } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 5. Footprint
// ---------------------------------------------------------------------------------------------
/** Cold-require samples per side: at least 7, and at least the bench's rounds. */
const COLD_SAMPLES = Math.max(7, ROUNDS);

describe('5. Footprint', () => {
	const rows: Array<Array<string | number>> = [];
	afterAll(() => report('5. Footprint', table(['Measure', 'Ours', 'n8n’s four nodes'], rows) + '\n\nCold require: a fresh `node` process per sample (the machine’s Node, ' + process.version + '), n8n-workflow loaded first and untimed (n8n always has it loaded), then every node and credential file required and timed; ' + COLD_SAMPLES + ' samples each, alternating (ours, n8n’s, ours, …), median (min–max); ours ÷ n8n’s pairs the two samples of each turn.'));

	it('measures dependencies, packed size and cold require time', () => {
		const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; n8n: { nodes: string[]; credentials: string[] } };
		const dependencies = Object.keys(pkg.dependencies ?? {});
		goals.push(['Footprint: 0 runtime dependencies', String(dependencies.length), dependencies.length === 0 ? 'met' : 'not met']);
		rows.push(['Runtime dependencies', dependencies.length ? `${dependencies.length}: ${dependencies.join(', ')}` : '0 (n8n-workflow is a peer dependency)', 'n/a (part of n8n-nodes-base)']);

		const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{ size: number; unpackedSize: number; entryCount: number }>;
		let theirPackage = 'not available';
		if (N8N_HOST_DIR) {
			const du = execFileSync('du', ['-sb', join(N8N_HOST_DIR, 'node_modules', 'n8n-nodes-base')], { encoding: 'utf8' });
			theirPackage = `ships inside n8n-nodes-base (${(Number(du.split('\t')[0]) / 2 ** 20).toFixed(0)} MiB installed, all of n8n’s nodes)`;
		}
		rows.push(['Packed size (npm pack)', `${(packed[0].size / 1024).toFixed(0)} KiB packed, ${(packed[0].unpackedSize / 1024).toFixed(0)} KiB unpacked, ${packed[0].entryCount} files`, theirPackage]);

		const dir = mkdtempSync(join(tmpdir(), 'bench-require-'));
		const script = join(dir, 'cold-require.js');
		writeFileSync(
			script,
			"const [workflow, ...files] = JSON.parse(process.argv[2]); require(workflow); const t0 = process.hrtime.bigint(); for (const f of files) require(f); process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));",
		);
		const ourFiles = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f) => join(ROOT, f));
		const ourArgs = [require.resolve('n8n-workflow', { paths: [ROOT] }), ...ourFiles];
		const theirFiles = N8N_BASE_DIST
			? [...Object.values(BASE_NODE_FILES), 'credentials/GithubApi.credentials.js', 'credentials/GithubOAuth2Api.credentials.js', 'credentials/TrelloApi.credentials.js', 'credentials/TrelloOAuth1Api.credentials.js'].map((f) => join(N8N_BASE_DIST, f))
			: [];
		const sample = (args: string[]) => Number(execFileSync(process.execPath, ['--no-warnings', script, JSON.stringify(args)], { encoding: 'utf8' }));
		const ours: number[] = [];
		const theirs: number[] = [];
		for (let i = 0; i < COLD_SAMPLES; i++) {
			ours.push(sample(ourArgs));
			if (theirFiles.length) theirs.push(sample([join(N8N_HOST_DIR, 'node_modules', 'n8n-workflow'), ...theirFiles]));
		}
		rows.push([
			'Cold require',
			`${valueSpread(ours, 0, ' ms')}: ${pkg.n8n.nodes.length} nodes + ${pkg.n8n.credentials.length} credentials`,
			theirs.length ? `${valueSpread(theirs, 0, ' ms')}: 4 nodes + their 4 credentials (GitHub App credential not counted)` : 'not available',
		]);
		if (theirs.length) {
			const ratios = roundRatios(ours, theirs);
			rows.push(['Cold require, ours ÷ n8n’s', ratioSpread(ratios), '']);
			goals.push(['Cold require: ≤ n8n’s four nodes', ratioSpread(ratios), roundsStatus(ratios, (value) => value <= 1)]);
		}
	});
});
