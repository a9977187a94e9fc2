import { existsSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join, sep } from 'path';

import { RealN8n } from '../../test/e2e/n8n';
import { N8N_HOST_DIR } from '../harness';
import { ratioSpread, ROUNDS, roundRatios, roundsStatus, table, valueSpread } from '../report';
import { goals, notes, section } from '../reportWriter';

// ---------------------------------------------------------------------------------------------
// 5b. n8n's start with the package installed
// ---------------------------------------------------------------------------------------------
/** How often readiness is asked while n8n starts: the figures' resolution. */
const POLL_MS = 25;
const PRELOAD = join(__dirname, '..', 'startModules.js');

describe('n8n start with the package installed', () => {
	const report = section('n8n start with the package installed');
	const rows: Array<Array<string | number>> = [];
	let withPackage: RealN8n | undefined;
	let withoutPackage: RealN8n | undefined;
	afterAll(async () => {
		await withPackage?.dispose();
		await withoutPackage?.dispose();
		report(
			table(['Measure', 'With the package', 'Without'], rows) +
				`\n\nA real n8n (SQLite, no editor) started ${ROUNDS} times with the package installed as users install it (the packed tarball under \`~/.n8n/nodes\`) and ${ROUNDS} times from a copy of the same user folder without it, alternating, each after one untimed start that migrates its database. A start is timed from spawning \`n8n start\` until it has printed the editor’s address and answers \`/healthz/readiness\` (asked every ${POLL_MS} ms); with ÷ without is the median (range) of each round’s two starts. Modules of ours: the package’s JavaScript files (nodes, and credentials with what they import) the n8n process compiled by then (a preload records them); n8n reads the nodes’ descriptions from the package’s \`dist/known\` and \`dist/types\` files and requires a node only when a workflow uses it.`,
		);
	});

	it('measures the start to readiness and the modules of ours loaded', async () => {
		if (!N8N_HOST_DIR || !process.env.PACKAGE_TARBALL) {
			rows.push(['Start to readiness', 'not measured (no n8n install)', '']);
			goals.push(['n8n start: ≤ 1.02× without the package', 'not measured', 'not measured']);
			return;
		}
		withPackage = await RealN8n.create();
		withoutPackage = await RealN8n.create();
		rmSync(join(withoutPackage.userFolder, '.n8n', 'nodes'), { recursive: true, force: true });
		const moduleLog = join(withPackage.userFolder, 'modules-at-start.txt');
		for (const instance of [withPackage, withoutPackage]) {
			instance.env.NODE_OPTIONS = `${instance.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(PRELOAD)}`.trim();
			instance.env.BENCH_MODULE_LOG = instance === withPackage ? moduleLog : join(instance.userFolder, 'modules-at-start.txt');
		}

		const timedStart = async (instance: RealN8n) => {
			const started = performance.now();
			await instance.start(120_000, 'start', `${instance.baseUrl}/healthz/readiness`, POLL_MS);
			const elapsed = performance.now() - started;
			await instance.stop();
			return elapsed;
		};
		// Untimed: the first start of a user folder migrates its database.
		await timedStart(withPackage);
		await timedStart(withoutPackage);

		const ours: number[] = [];
		const without: number[] = [];
		const modules: number[] = [];
		const credentialModules: number[] = [];
		let compiledAtStart: string[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			writeFileSync(moduleLog, '');
			// The order alternates, so a load change during the run does not favour one side.
			if (round % 2 === 0) {
				ours.push(await timedStart(withPackage));
				without.push(await timedStart(withoutPackage));
			} else {
				without.push(await timedStart(withoutPackage));
				ours.push(await timedStart(withPackage));
			}
			const compiled = existsSync(moduleLog) ? readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean) : [];
			modules.push(compiled.filter((file) => !file.includes(`${sep}dist${sep}credentials${sep}`)).length);
			credentialModules.push(compiled.length - modules[modules.length - 1]);
			compiledAtStart = [...new Set(compiled.map((file) => file.slice(file.lastIndexOf('n8n-nodes-github-trello') + 'n8n-nodes-github-trello'.length + 1)))].sort();
		}
		const ratios = roundRatios(ours, without);
		rows.push(['Start to readiness', valueSpread(ours, 0, ' ms'), valueSpread(without, 0, ' ms')]);
		rows.push(['With ÷ without', ratioSpread(ratios), '']);
		rows.push(['Node modules of ours compiled at start', valueSpread(modules), '—']);
		rows.push(['Credential modules of ours compiled at start', valueSpread(credentialModules), '—']);
		goals.push(['n8n start: ≤ 1.02× without the package', ratioSpread(ratios), roundsStatus(ratios, (value) => value <= 1.02)]);
		goals.push(['n8n start: 0 node modules of ours required', String(Math.max(...modules)), modules.every((count) => count === 0) ? 'met' : 'not met']);
		notes.push(
			'n8n start: n8n 2.41 requires every installed package’s credential classes at start, whatever its metadata says (load-nodes-and-credentials.js adds its domain-restriction fields to each credential type), so the five credential classes and the three files of their fields (githubServer, limitProperties, trelloApiBase) are compiled in every n8n process — the App credential requires its signing code (githubApp.ts and what it imports) on first use, and test/nodes/lazyLoading.test.ts keeps that list; node files only when a workflow uses them.',
		);
		notes.push(
			'n8n start: both user folders come from the same n8n install and differ only in `~/.n8n/nodes`; the with ÷ without ratio moves with the load on the machine by more than the package’s share, so read it with its range.',
		);
		if (compiledAtStart.length) notes.push(`n8n start: the package's files n8n compiled at start: ${compiledAtStart.map((file) => `\`${file}\``).join(', ')}.`);
		expect(ours).toHaveLength(ROUNDS);
	});
});
