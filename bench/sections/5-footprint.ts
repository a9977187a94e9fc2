import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';

import { BASE_NODE_FILES, N8N_BASE_DIST, N8N_HOST_DIR } from '../harness';
import { ratioSpread, ROUNDS, roundRatios, roundsStatus, table, valueSpread } from '../report';
import { ROOT } from '../common';
import { goals, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 5. Footprint
// ---------------------------------------------------------------------------------------------
/** Cold-require samples per side: at least 7, and at least the bench's rounds. */
const COLD_SAMPLES = Math.max(7, ROUNDS);


describe('5. Footprint', () => {
	const report = section('Footprint');
	const rows: Array<Array<string | number>> = [];
	/** Modules each side's whole cold require loads (besides n8n-workflow). */
	const modulesLoaded = { ours: 0, theirs: 0 };
	afterAll(() => report(table(['Measure', 'Ours', 'n8n’s four nodes'], rows) + '\n\nCold require: a fresh `node` process per sample (the machine’s Node, ' + process.version + '), n8n-workflow loaded first and untimed (n8n always has it loaded), then the node and credential files required and timed; ' + COLD_SAMPLES + ' samples each, alternating (ours, n8n’s, ours, …), median (min–max); ours ÷ n8n’s is the median (range) of the ratios of each turn’s two samples. The package has more nodes than n8n’s four, so the four nodes with a counterpart are also measured together and alone. Most of the time goes to finding, reading and compiling modules (the whole package loads ' + modulesLoaded.ours + ' modules, n8n’s four nodes with their credentials ' + modulesLoaded.theirs + '); in a CPU profile of the package’s require, running the modules’ bodies (operation and trigger tables included) is a few per cent of it.'));

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
			"const [workflow, ...files] = JSON.parse(process.argv[2]); require(workflow); const before = Object.keys(require.cache).length; const t0 = process.hrtime.bigint(); for (const f of files) require(f); const ms = Number(process.hrtime.bigint() - t0) / 1e6; process.stdout.write(JSON.stringify([ms, Object.keys(require.cache).length - before]));",
		);
		const ourFiles = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f) => join(ROOT, f));
		const theirFiles = N8N_BASE_DIST
			? [...Object.values(BASE_NODE_FILES), 'credentials/GithubApi.credentials.js', 'credentials/GithubOAuth2Api.credentials.js', 'credentials/TrelloApi.credentials.js', 'credentials/TrelloOAuth1Api.credentials.js'].map((f) => join(N8N_BASE_DIST, f))
			: [];
		let lastModules = 0;
		const sample = (args: string[]) => {
			const [ms, modules] = JSON.parse(execFileSync(process.execPath, ['--no-warnings', script, JSON.stringify(args)], { encoding: 'utf8' })) as [number, number];
			lastModules = modules;
			return ms;
		};
		const ourWorkflow = require.resolve('n8n-workflow', { paths: [ROOT] });
		const theirWorkflow = join(N8N_HOST_DIR, 'node_modules', 'n8n-workflow');
		/** Samples taken in turns (ours, n8n's, ours, …), so load on the machine falls on both alike. */
		const inTurns = (oursFiles: string[], theirsFiles: string[]) => {
			const taken = { ours: [] as number[], theirs: [] as number[], modules: { ours: 0, theirs: 0 } };
			for (let i = 0; i < COLD_SAMPLES; i++) {
				taken.ours.push(sample([ourWorkflow, ...oursFiles]));
				taken.modules.ours = lastModules;
				if (theirsFiles.length) taken.theirs.push(sample([theirWorkflow, ...theirsFiles]));
				taken.modules.theirs = lastModules;
			}
			return taken;
		};
		const whole = inTurns(ourFiles, theirFiles);
		Object.assign(modulesLoaded, whole.modules);
		rows.push([
			'Cold require',
			`${valueSpread(whole.ours, 0, ' ms')}: ${pkg.n8n.nodes.length} nodes + ${pkg.n8n.credentials.length} credentials`,
			whole.theirs.length ? `${valueSpread(whole.theirs, 0, ' ms')}: 4 nodes + their 4 credentials (GitHub App credential not counted)` : 'not available',
		]);
		if (!whole.theirs.length) return;
		const wholeRatios = roundRatios(whole.ours, whole.theirs);
		rows.push(['Cold require, ours ÷ n8n’s', ratioSpread(wholeRatios), '']);

		// Like for like: the four nodes that have a counterpart in n8n, then each of them alone.
		const ourCounterparts: Record<keyof typeof BASE_NODE_FILES, string> = {
			trello: 'dist/nodes/Trello/Trello.node.js',
			trelloTrigger: 'dist/nodes/Trello/TrelloTrigger.node.js',
			github: 'dist/nodes/GitHub/GitHub.node.js',
			githubTrigger: 'dist/nodes/GitHub/GitHubTrigger.node.js',
		};
		const ourCredentialFiles = pkg.n8n.credentials.map((f) => join(ROOT, f));
		const four = inTurns([...Object.values(ourCounterparts).map((f) => join(ROOT, f)), ...ourCredentialFiles], theirFiles);
		const fourRatios = roundRatios(four.ours, four.theirs);
		rows.push([
			'Cold require, the four nodes n8n also has (Trello, Trello Trigger, GitHub, GitHub Trigger) with the credentials',
			`${valueSpread(four.ours, 0, ' ms')}: 4 nodes + ${pkg.n8n.credentials.length} credentials; ${ratioSpread(fourRatios)} n8n’s`,
			`${valueSpread(four.theirs, 0, ' ms')}`,
		]);
		for (const [key, ourFile] of Object.entries(ourCounterparts) as Array<[keyof typeof BASE_NODE_FILES, string]>) {
			const alone = inTurns([join(ROOT, ourFile)], [join(N8N_BASE_DIST, BASE_NODE_FILES[key])]);
			rows.push([`Cold require, ${ourFile.split('/').pop()} alone`, `${valueSpread(alone.ours, 0, ' ms')}; ${ratioSpread(roundRatios(alone.ours, alone.theirs))} n8n’s`, `${valueSpread(alone.theirs, 0, ' ms')}: ${BASE_NODE_FILES[key].split('/').pop()}`]);
		}
		goals.push([
			'Cold require: ≤ n8n’s four nodes',
			`${ratioSpread(wholeRatios)} (all ${pkg.n8n.nodes.length} nodes); the four nodes n8n also has: ${ratioSpread(fourRatios)}`,
			roundsStatus(wholeRatios, (value) => value <= 1),
		]);
	});
});
