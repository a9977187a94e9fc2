/**
 * The two things a new user runs besides `npm test`: `npm run dev` (the README's quick start) and the
 * manual install into an n8n user folder (`npm install n8n-nodes-github-trello` in ~/.n8n/nodes).
 */
import { execFile, spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { promisify } from 'util';

import { cleanNpmEnv, freePort, PACKAGE } from './n8n';

const run = promisify(execFile);
const repository = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };

function tarball(): string {
	const file = process.env.PACKAGE_TARBALL;
	if (!file) throw new Error('Run end-to-end tests through scripts/e2e.sh (npm run test:e2e).');
	return file;
}

/** npm's own CLI script, so the same npm can run under another Node binary. */
async function npmCli(): Promise<string> {
	const { stdout } = await run('npm', ['root', '-g'], { env: cleanNpmEnv() });
	return join(stdout.trim(), 'npm', 'bin', 'npm-cli.js');
}

describe('manual install into an n8n user folder (README: cd ~/.n8n/nodes && npm install …)', () => {
	const folders: string[] = [];
	afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

	// The machine's Node 20 (n8n 1.x allows 20.19+) and the Node of the host under test: 24 for n8n 2.x, 22 for 1.x.
	const runtimes: Array<[string, () => string]> = [
		['Node 20', () => process.execPath],
		["the n8n host's Node", () => process.env.N8N_NODE_BIN ?? ''],
	];

	it.each(runtimes)('works without flags on %s and installs nothing else', async (_label, nodeBinary) => {
		const node = nodeBinary();
		expect(existsSync(node)).toBe(true);
		const nodesDir = mkdtempSync(join(tmpdir(), 'n8n-manual-install-'));
		folders.push(nodesDir);
		const { stdout: version } = await run(node, ['--version']);
		// The exact command, with the packed tarball standing in for the registry's copy.
		await run(node, [await npmCli(), 'install', tarball()], {
			cwd: nodesDir,
			env: { ...cleanNpmEnv(), PATH: `${dirname(node)}:${process.env.PATH ?? ''}` },
		});
		const installed = join(nodesDir, 'node_modules');
		expect(existsSync(join(installed, PACKAGE, 'package.json'))).toBe(true);
		for (const file of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
			expect(existsSync(join(installed, PACKAGE, file))).toBe(true);
		}
		// n8n provides n8n-workflow to community nodes; installing it (2.x needs Node 24 to build) is what broke.
		expect(existsSync(join(installed, 'n8n-workflow'))).toBe(false);
		expect(version.trim()).toMatch(/^v(20|22|24)\./);
	});
});

describe('npm run dev (README quick start)', () => {
	let dev: ChildProcess | undefined;
	let output = '';
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-dev-'));

	afterAll(async () => {
		if (dev?.pid && dev.exitCode === null) {
			process.kill(-dev.pid, 'SIGTERM');
			const exited = new Promise((resolve) => dev!.once('exit', resolve));
			await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
			if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
		}
		rmSync(userFolder, { recursive: true, force: true });
	});

	it('serves the editor with the package’s nodes and prints the editor URL', async () => {
		const port = await freePort();
		mkdirSync(userFolder, { recursive: true });
		writeFileSync(join(userFolder, '.keep'), '');
		const { NODE_ENV: _test, JEST_WORKER_ID: _worker, ...inherited } = process.env;
		dev = spawn('npm', ['run', 'dev'], {
			cwd: repository,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: {
				...inherited,
				N8N_PORT: String(port),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_LISTEN_ADDRESS: '127.0.0.1',
				N8N_DEV_USER_FOLDER: userFolder,
			},
		});
		dev.stdout!.on('data', (d: Buffer) => (output += d.toString()));
		dev.stderr!.on('data', (d: Buffer) => (output += d.toString()));

		const url = `http://localhost:${port}`;
		const deadline = Date.now() + 180_000;
		while (!output.includes(`is ready: ${url}`)) {
			if (dev.exitCode !== null) throw new Error(`npm run dev exited (${dev.exitCode}):\n${output}`);
			if (Date.now() > deadline) throw new Error(`npm run dev printed no editor URL:\n${output}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		const health = await fetch(`http://127.0.0.1:${port}/healthz`);
		expect(health.status).toBe(200);

		// n8n 2.x serves node types to signed-in users only: set up the owner as the editor's first visit does.
		const setup = await fetch(`http://127.0.0.1:${port}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'quickstart' },
			body: JSON.stringify({ email: 'owner@example.test', firstName: 'Q', lastName: 'S', password: 'Quickstart-pw-123' }),
		});
		expect(setup.status).toBe(200);
		const cookie = (setup.headers.get('set-cookie') ?? '').split(';')[0];
		const served = await fetch(`http://127.0.0.1:${port}/types/nodes.json`, {
			// identity: nock's passthrough (network disabled) hands compressed bodies on undecoded.
			headers: { cookie, 'browser-id': 'quickstart', 'accept-encoding': 'identity' },
		});
		expect(served.status).toBe(200);
		const types = (await served.json()) as Array<{ name: string }>;
		const expected = packageJson.n8n.nodes.map((file) => `${PACKAGE}.${readNodeName(file)}`).sort();
		const ours = [...new Set(types.map((type) => type.name).filter((name) => name.startsWith(`${PACKAGE}.`)))];
		// Besides the 9 nodes, n8n serves a "<name>Tool" variant of each node that is usable as a tool.
		const nodes = ours.filter((name) => !(name.endsWith('Tool') && expected.includes(name.slice(0, -'Tool'.length)))).sort();
		expect(nodes).toEqual(expected);
		expect(ours.length).toBeGreaterThan(nodes.length);
		expect(nodes).toHaveLength(9);
	});
});

/** The `name` a built node file declares (what n8n prefixes with the package name). */
function readNodeName(distFile: string): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(join(repository, distFile)) as Record<string, new () => { description: { name: string } }>;
	const NodeClass = Object.values(exported)[0];
	return new NodeClass().description.name;
}
